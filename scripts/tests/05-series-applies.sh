#!/bin/bash
# The tree is made once: baseline commit and tag, sparse checkout without the
# other architectures, the series on branch pmem-stack; a rerun reapplies nothing.
source "$(dirname "$0")/common.sh"

export PMEM_TARBALL
PMEM_TARBALL=$(fake_tarball)
top=$(fake_top)
make_patch "$top" 0001-good 's/return 0;/return 1;/'
src=$PMEM_CACHE/src/linux-6.1

"$top/kernel/tree.sh" patched 2>"$SCRATCH/err" || err "kernel-tree failed: $(cat "$SCRATCH/err")"
[ "$(git -C "$src" rev-list --count baseline..pmem-stack)" -eq 1 ] || err "series not on pmem-stack"
[ "$(git -C "$src" branch --show-current)" = pmem-stack ] || err "pmem-stack not checked out"
grep -q 'return 1;' "$src/drivers/nvdimm/pmem.c" || err "patch content missing from the checkout"
for f in arch/x86/Kconfig arch/arm64/crypto/Kconfig; do
	[ -f "$src/$f" ] || err "sparse checkout left out $f, which the build reads"
done
[ ! -e "$src/arch/arm64/mm" ] || err "arch/arm64 checked out despite the sparse checkout"
git -C "$src" cat-file -e baseline:arch/arm64/mm/Makefile || err "baseline commit lacks arch/arm64"
[ ! -e "$src.tmp" ] || err "extraction left $src.tmp behind"

"$top/kernel/tree.sh" patched 2>"$SCRATCH/err" || err "rerun failed: $(cat "$SCRATCH/err")"
grep -q 'series already applied (1 patches)' "$SCRATCH/err" || err "rerun did work again: $(cat "$SCRATCH/err")"
grep -q 'extracting' "$SCRATCH/err" && err "rerun extracted again"

"$top/kernel/tree.sh" stock 2>/dev/null
grep -q 'return 0;' "$src/drivers/nvdimm/pmem.c" || err "stock does not check out the baseline"
