#!/bin/bash
# io_uring issues O_DIRECT writes to a file on pmem inline, with
# IOCB_NOWAIT, since pmem's queue takes REQ_NOWAIT (io_uring asks the
# filesystem's block device). On an ext4 DAX file an overwrite of written
# blocks completes inline, with no io-wq worker; a write that would extend
# the file, allocate blocks in a hole or convert unwritten (fallocated)
# ones must not wait for the journal or the allocator in the submitting
# task: ext4 returns -EAGAIN and io_uring retries it from a worker.
# Inline, those writes would have blocked in the submitter (stock ext4
# does them there: no worker). The data of every write reads back.
source "$(dirname "$0")/common.sh"
need mkfs.ext4

region=$(nfit_regions | head -n1)
mnt=/tmp/uring-dax
mkdir -p "$mnt"
reset_regions
create_ns "$region" -m fsdax -s 256M || err "fsdax: $ns_err"
out=$(mkfs.ext4 -q -F -b 4096 "$dev" 2>&1) || err "mkfs.ext4: $out"
mount -o dax=always "$dev" "$mnt" || err "mount -o dax=always"
trap 'umount "$mnt" 2>/dev/null; reset_regions >/dev/null 2>&1 || true' EXIT
f=$mnt/file
dd if=/dev/zero of="$f" bs=1M count=1 oflag=direct conv=fsync status=none || err "dd $f"
expect_uring_workers 0 "$f" 0 16
expect_uring_workers some "$f" $((1 << 20)) 4
truncate -s 4M "$f" || err "truncate"
expect_uring_workers some "$f" $((2 << 20)) 1
# fallocate() leaves unwritten extents: the first write converts them (a
# journal handle), the second overwrites written blocks inline.
fallocate -o $((3 << 20)) -l $((64 << 10)) "$f" || err "fallocate"
expect_uring_workers some "$f" $((3 << 20)) 4
expect_uring_workers 0 "$f" $((3 << 20)) 4
[ "$(stat -c %s "$f")" = $((4 << 20)) ] || err "$f is $(stat -c %s "$f") bytes, want 4M"
