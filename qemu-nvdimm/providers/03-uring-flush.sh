#!/bin/bash
# io_uring on the provider's namespace: plain writes are issued inline (no
# io-wq worker); O_DSYNC makes each a FUA write, whose flush virtio-pmem
# sends to the host and waits for: pmem ends such a REQ_NOWAIT bio with
# BLK_STS_AGAIN and io_uring reissues it from a worker. e820's flush is a
# barrier, done inline. The data lands either way.
source "$(dirname "$0")/common.sh"

reset_regions
first_ns
# check_writes WANT [dsync]: 16 writes needed WANT workers (0 or "some").
check_writes() {
	local got
	got=$(uring_workers "$dev" 0 16 0x5a ${2:+"$2"})
	echo "$dev ${2:-plain}: 16 io_uring writes, $got io-wq workers"
	case $1 in
	0) [ "$got" -eq 0 ] || err "${2:-plain} writes went through $got workers, not inline" ;;
	some) [ "$got" -gt 0 ] || err "${2:-plain} writes were all inline: the flush would have slept" ;;
	esac
	cmp -s <(dd if="$dev" bs=4096 count=16 iflag=direct status=none) \
		<(head -c $((16 * 4096)) /dev/zero | tr '\0' 'Z') || err "the written data does not read back"
}
check_writes 0
case $PMEM_PROVIDER in
virtio) check_writes some dsync ;;
*) check_writes 0 dsync ;;
esac
