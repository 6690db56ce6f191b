#!/bin/bash
# A patch that does not apply: named with its hunk, the tree left mid-'git am'
# for inspection, nothing recorded as applied, nothing built; once the
# series is fixed, the next run starts over cleanly.
source "$(dirname "$0")/common.sh"

export PMEM_TARBALL
PMEM_TARBALL=$(fake_tarball)
top=$(fake_top)
make_patch "$top" 0001-good 's/return 0;/return 1;/'
# Made against the baseline, it cannot apply after 0001.
make_patch "$top" 0002-stale 's/return 0;/return 2;/'
src=$PMEM_CACHE/src/linux-6.1

expect_fail 'patch 0002-stale.patch does not apply' "$top/kernel/build.sh" patched
grep -q 'patch failed: drivers/nvdimm/pmem.c:[0-9]' "$SCRATCH/err" || err "the failing hunk is not named"
[ -d "$src/.git/rebase-apply" ] || err "tree not left mid-'git am'"
[ ! -e "$src/.git/pmem-stack-series" ] || err "a failed series is recorded as applied"
[ ! -e "$PMEM_CACHE/build/patched" ] || err "a build started after the failed patch"

sed -i '/0002-stale/d' "$top/kernel/patches/series"
"$top/kernel/tree.sh" patched 2>"$SCRATCH/err" || err "fixed series failed: $(cat "$SCRATCH/err")"
[ ! -d "$src/.git/rebase-apply" ] || err "the aborted 'git am' was not cleaned up"
[ "$(git -C "$src" rev-list --count baseline..pmem-stack)" -eq 1 ] || err "fixed series not applied once"

echo 0003-absent.patch >>"$top/kernel/patches/series"
expect_fail 'series names 0003-absent.patch, which is not in kernel/patches/' "$top/kernel/tree.sh" patched
