#!/bin/bash
# io_uring issues pmem writes inline, without an io-wq worker (the queue
# takes REQ_NOWAIT bios), plain, O_DSYNC (FUA: the NFIT flush writes flush
# hints and does not sleep) and on a polled ring. A write over poison,
# whose clearing sleeps in the firmware call, ends with BLK_STS_AGAIN and
# io_uring reissues it from a worker, which clears the poison and writes
# the data; on a polled ring too, whose worker retries an -EAGAIN until it
# gets something else (with a REQ_NOWAIT retry, which 6.1's blkdev gave
# every polled bio, it retries forever: the case's timeout). A write over
# poison that blk-throttle delays reaches pmem from the throttle's kernel
# thread, whose -EAGAIN io_uring would not reissue: that thread clears the
# poison, so the write lands with no io-wq worker. Stock 6.1 needs a worker
# for every write, and fails polled writes with EOPNOTSUPP.
source "$(dirname "$0")/common.sh"

# poison PAGE: inject an error over 4k page PAGE and scrub it into badblocks.
bb=""
poison() {
	ndctl inject-error --block=$(($1 * 8)) --count=8 "$ns" >/dev/null || err "inject-error"
	ndctl start-scrub nfit_test.0 >/dev/null 2>&1 || true
	ndctl wait-scrub nfit_test.0 >/dev/null || err "wait-scrub"
	grep -q "^$(($1 * 8)) 8$" "$bb" || err "badblocks after the scrub: $(paste -sd, "$bb")"
}
cleared() {
	! grep -q '[0-9]' "$bb" || err "poison not cleared by the reissued write: $(paste -sd, "$bb")"
	ndctl inject-error --uninject --block=$(($1 * 8)) --count=8 "$ns" >/dev/null || err "uninject"
}

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
bb=/sys/block/${dev#/dev/}/badblocks
expect_uring_workers 0 "$dev" 0 64
expect_uring_workers 0 "$dev" 0 16 dsync
expect_uring_workers 0 "$dev" 0 16 iopoll

poison 1
expect_uring_workers some "$dev" 4096 1
cleared 1
poison 2
expect_uring_workers some "$dev" 8192 1 iopoll
cleared 2

# Throttle this shell's writes to 8 KiB/s: the 4k write waits about half a
# second (more than one throttle slice's allowance) and blk-throttle's work
# submits it. Inline it would have gone to an io-wq worker (above).
cg=/sys/fs/cgroup/pmem-stack-38
mountpoint -q /sys/fs/cgroup || mount -t cgroup2 none /sys/fs/cgroup || err "mount cgroup2"
echo +io >/sys/fs/cgroup/cgroup.subtree_control || err "enable the io controller"
mkdir -p "$cg"
echo "$(cat "/sys/block/${dev#/dev/}/dev") wbps=8192" >"$cg/io.max" || err "io.max"
poison 3
(
	echo "$BASHPID" >"$cg/cgroup.procs"
	expect_uring_workers 0 "$dev" 12288 1
)
cleared 3
rmdir "$cg"
