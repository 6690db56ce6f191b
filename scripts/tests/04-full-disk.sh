#!/bin/bash
# Too little space for the tree: refused before extracting anything.
source "$(dirname "$0")/common.sh"

[ "$(id -u)" -eq 0 ] || skip "needs root to mount a 16 MiB tmpfs as a full disk"
tarball=$(fake_tarball)
mkdir -p "$SCRATCH/small"
mount -t tmpfs -o size=16m pmem-front-door "$SCRATCH/small" || skip "cannot mount tmpfs here"
PMEM_CACHE=$SCRATCH/small/cache PMEM_TARBALL=$tarball \
	expect_fail 'only [0-9]+ MiB free under .*, need [0-9]+ MiB' "$TOP/kernel/build.sh" patched
[ ! -e "$SCRATCH/small/cache/src" ] || err "extraction started on a full disk"
