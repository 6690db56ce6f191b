#!/bin/bash
# A write over poison that blk-throttle delays reaches pmem from the
# throttle's kernel thread, not from the task that issued it, and io_uring
# does not reissue an -EAGAIN that completes in another task: the kernel
# thread must clear the poison itself (it may sleep), so the io_uring write
# lands with no io-wq worker. The shell's writes are throttled to 8 KiB/s:
# a 4k write waits about half a second, more than a throttle slice allows,
# and the throttle's work submits it. Had it been issued inline, pmem would
# have ended it with -EAGAIN and io_uring would have used a worker
# (case 38).
source "$(dirname "$0")/common.sh"

cg=/sys/fs/cgroup/pmem-stack-39
mountpoint -q /sys/fs/cgroup || mount -t cgroup2 none /sys/fs/cgroup ||
	skip "no cgroup2 (CONFIG_CGROUPS)"
grep -qw io /sys/fs/cgroup/cgroup.controllers || skip "no io controller (CONFIG_BLK_CGROUP)"
echo +io >/sys/fs/cgroup/cgroup.subtree_control || err "enable the io controller"
mkdir -p "$cg"
trap 'rmdir "$cg" 2>/dev/null; reset_regions >/dev/null 2>&1 || true' EXIT
[ -e "$cg/io.max" ] || skip "no io.max (CONFIG_BLK_DEV_THROTTLING)"

reset_regions
create_ns "$(big_region)" -m raw -s 16M || err "create raw: $ns_err"
bb=/sys/block/${dev#/dev/}/badblocks
echo "$(cat "/sys/block/${dev#/dev/}/dev") wbps=8192" >"$cg/io.max" || err "io.max"
poison 3
(
	echo "$BASHPID" >"$cg/cgroup.procs"
	expect_uring_workers 0 "$dev" 12288 1
)
cleared 3
