#!/bin/bash
# A PMEM_CACHE that cannot be created, or is not writable, is refused up front.
source "$(dirname "$0")/common.sh"

tarball=$(fake_tarball)
# /proc takes no new directories, whoever asks.
PMEM_CACHE=/proc/pmem-stack-test PMEM_TARBALL=$tarball \
	expect_fail 'cannot create PMEM_CACHE=/proc/pmem-stack-test' "$TOP/kernel/tree.sh" patched

mkdir -p "$SCRATCH/ro"
if [ "$(id -u)" -eq 0 ]; then
	# root writes through mode bits: only a read-only mount stops it.
	mount --bind "$SCRATCH/ro" "$SCRATCH/ro" || skip "cannot bind-mount here"
	mount -o remount,bind,ro "$SCRATCH/ro" || skip "cannot make a read-only bind mount here"
else
	chmod 555 "$SCRATCH/ro"
fi
PMEM_CACHE=$SCRATCH/ro PMEM_TARBALL=$tarball \
	expect_fail "PMEM_CACHE=$SCRATCH/ro is not writable|cannot create" "$TOP/kernel/tree.sh" patched
[ -z "$(ls -A "$SCRATCH/ro")" ] || err "something was written under the read-only cache"
