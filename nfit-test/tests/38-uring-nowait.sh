#!/bin/bash
# io_uring issues pmem writes inline, without an io-wq worker (the queue
# takes REQ_NOWAIT bios), plain, O_DSYNC (FUA: the NFIT flush writes flush
# hints and does not sleep) and on a polled ring. A write over poison,
# whose clearing sleeps in the firmware call, ends with BLK_STS_AGAIN and
# io_uring reissues it from a worker, which clears the poison and writes
# the data; on a polled ring too, whose retry still carries REQ_NOWAIT
# (a pmem that ended it again would have the worker retry forever: the
# case's timeout). Stock 6.1 needs a worker for every write, and fails
# polled writes with EOPNOTSUPP.
source "$(dirname "$0")/common.sh"

# expect_workers WANT OFFSET COUNT [dsync] [iopoll]: COUNT io_uring writes
# of 0x5a to $dev from OFFSET needed WANT workers (0, or "some"), and the
# data landed.
expect_workers() {
	local want=$1 off=$2 count=$3 got
	shift 3
	got=$(uring_workers "$dev" "$off" "$count" 0x5a "$@")
	echo "$dev: $count io_uring writes from $off${*:+ ($*)}: $got io-wq workers"
	case $want in
	0) [ "$got" -eq 0 ] || err "$dev: the writes${*:+ ($*)} went through $got io-wq workers, not inline" ;;
	some) [ "$got" -gt 0 ] || err "$dev: no io-wq worker: the write over poison${*:+ ($*)} was not reissued" ;;
	esac
	cmp -s <(dd if="$dev" bs=4096 skip=$((off / 4096)) count="$count" iflag=direct status=none) \
		<(head -c $((count * 4096)) /dev/zero | tr '\0' 'Z') || err "$dev: the written data does not read back"
}

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
expect_workers 0 0 64
expect_workers 0 0 16 dsync
expect_workers 0 0 16 iopoll

poison 1
expect_workers some 4096 1
cleared 1
poison 2
expect_workers some 8192 1 iopoll
cleared 2
