#!/bin/bash
# A tree without its stamp (an extraction cut short) is thrown away and
# extracted again, never built from.
source "$(dirname "$0")/common.sh"

export PMEM_TARBALL
PMEM_TARBALL=$(fake_tarball)
top=$(fake_top)
src=$PMEM_CACHE/src/linux-6.1
mkdir -p "$src/.git" "$src.tmp"
echo half >"$src/half-extracted"
echo half >"$src.tmp/half-extracted"

"$top/kernel/tree.sh" patched 2>"$SCRATCH/err" || err "kernel-tree failed: $(cat "$SCRATCH/err")"
grep -q 'extracting' "$SCRATCH/err" || err "the unstamped tree was reused"
[ ! -e "$src/half-extracted" ] || err "the cut-short tree's files remain"
[ ! -e "$src.tmp" ] || err "the cut-short $src.tmp remains"
[ -s "$src/.git/pmem-stack-tarball" ] || err "no extraction stamp"
git -C "$src" rev-parse -q --verify baseline >/dev/null || err "no baseline tag"
