# shellcheck shell=bash
# What the guests' PID 1s share (guest-init over 9p, blk-init over
# virtio-blk): the kernel's file systems, the serial ports CMD writes to,
# the report the host reads, and the power-off.
#
# Settings arrive in the environment: the kernel hands init every
# name=value word of its command line that has no dot, and qemu-nvdimm/run
# puts them there (pmem_modroot, pmem_release, pmem_crash, pmem_coldplug,
# PMEM_ACCEL, PMEM_ICOUNT, PMEM_TIMEOUT_SCALE). init passes them on to CMD.
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH HOME=/root TERM=dumb LANG=C.UTF-8
pmem_modroot=${pmem_modroot:-} pmem_release=${pmem_release:-}
pmem_crash=${pmem_crash:-0} pmem_coldplug=${pmem_coldplug:-1}
export PMEM_ACCEL PMEM_ICOUNT PMEM_TIMEOUT_SCALE

# init_mount_kernel_fs [ROOT]: proc, sysfs and devtmpfs under ROOT, with
# the /dev/fd link bash's <(...) needs (no udev makes it).
init_mount_kernel_fs() {
	local root=${1:-}
	mount -t proc proc "$root/proc"
	mount -t sysfs sysfs "$root/sys"
	mount -t devtmpfs devtmpfs "$root/dev"
	ln -sfn /proc/self/fd "$root/dev/fd"
}

# ttyS1 carries CMD's stdout, ttyS2 its stderr, byte for byte.
init_raw_serial() {
	stty -F /dev/ttyS1 raw -echo
	stty -F /dev/ttyS2 raw -echo
}

# init_report DIR RC ROOT: into DIR, a debug kernel's kmemleak report
# (from ROOT's debugfs; scanned twice, as kmemleak's documentation advises:
# an object seen once may be in flight), the dmesg, and last the status,
# whole or not at all (written aside, then renamed: the host may SIGKILL
# QEMU the moment it sees it).
init_report() {
	local dir=$1 rc=$2 leaks=$3/sys/kernel/debug/kmemleak
	if [ -w "$leaks" ]; then
		echo scan >"$leaks" && sleep 5 && echo scan >"$leaks" && cat "$leaks" >"$dir/kmemleak"
	fi
	dmesg >"$dir/dmesg"
	echo "$rc" >"$dir/status.tmp" && mv "$dir/status.tmp" "$dir/status"
}

# Made while the root still answers: the waits below use bash builtins
# only, because once the devices go down an exec from 9p fails, PID 1
# dies, and its panic lands in a console the host is about to judge.
init_make_wait_fifo() {
	mkfifo /tmp/.init-wait
	exec 9<>/tmp/.init-wait
}
init_wait_forever() {
	while :; do read -r -t 3600 -u 9 _ || :; done
}
init_poweroff() {
	echo o >/proc/sysrq-trigger
	init_wait_forever
}
