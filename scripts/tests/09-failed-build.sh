#!/bin/bash
# A build that fails leaves no stamp: a bzImage from an earlier, different
# build is not taken as up to date, and the error points at the log.
source "$(dirname "$0")/common.sh"

export PMEM_TARBALL
PMEM_TARBALL=$(fake_tarball)
top=$(fake_top)
build=$PMEM_CACHE/build/patched
mkdir -p "$build/arch/x86/boot"
echo old >"$build/arch/x86/boot/bzImage"
echo stale-inputs >"$build/.pmem-stack-stamp"

# The stand-in tree has no kernel Makefile, so configuring fails.
expect_fail "failed; full log: $PMEM_CACHE/logs/config-patched.log" "$top/kernel/build.sh" patched
grep -q 'up to date' "$SCRATCH/err" && err "stale build reported up to date"
[ ! -e "$build/.pmem-stack-stamp" ] || err "the stamp survived a failed build"
exit 0
