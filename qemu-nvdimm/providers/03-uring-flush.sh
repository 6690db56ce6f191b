#!/bin/bash
# io_uring on the provider's namespace. e820's pmem takes REQ_NOWAIT bios:
# its writes are issued inline (no io-wq worker), O_DSYNC ones (FUA) too,
# since its flush is a barrier. virtio-pmem's flush waits for the host, on
# every FUA bio, so its queue does not take REQ_NOWAIT and io_uring hands
# each write to a worker, as on stock 6.1. The data lands either way.
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
	some) [ "$got" -gt 0 ] || err "${2:-plain} writes were all inline, on a queue whose flush sleeps" ;;
	esac
	cmp -s <(dd if="$dev" bs=4096 count=16 iflag=direct status=none) \
		<(head -c $((16 * 4096)) /dev/zero | tr '\0' 'Z') || err "the written data does not read back"
}
case $PMEM_PROVIDER in
virtio) want=some ;;
*) want=0 ;;
esac
check_writes "$want"
check_writes "$want" dsync
