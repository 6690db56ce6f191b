#!/bin/bash
# io_uring issues pmem and BTT I/O inline, without an io-wq worker (both
# queues take REQ_NOWAIT bios). A write that would sleep is ended with
# BLK_STS_AGAIN and io_uring reissues it from a worker, which does the
# sleeping part and the write: on pmem a write over poison (clearing it
# calls the firmware), on BTT a write whose lane's free block has a media
# error (clearing it takes a mutex). Stock 6.1 needs a worker for every
# write: the inline checks fail there.
source "$(dirname "$0")/common.sh"

# expect_workers WANT DEV OFFSET COUNT: COUNT io_uring writes of 0x5a from
# OFFSET needed WANT workers (0, or "some"), and the data landed.
expect_workers() {
	local want=$1 dev=$2 off=$3 count=$4 got
	got=$(uring_workers "$dev" "$off" "$count" 0x5a)
	echo "$dev: $count io_uring writes from $off: $got io-wq workers"
	case $want in
	0) [ "$got" -eq 0 ] || err "$dev: the writes went through $got io-wq workers, not inline" ;;
	some) [ "$got" -gt 0 ] || err "$dev: no io-wq worker: the write over poison was not reissued" ;;
	esac
	cmp -s <(dd if="$dev" bs=4096 skip=$((off / 4096)) count="$count" iflag=direct status=none) \
		<(head -c $((count * 4096)) /dev/zero | tr '\0' 'Z') || err "$dev: the written data does not read back"
}

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
expect_workers 0 "$dev" 0 64

# Poison page 1 (sectors 8-15): a write over it must sleep to clear it.
ndctl inject-error --block=8 --count=8 "$ns" >/dev/null || err "inject-error"
ndctl start-scrub nfit_test.0 >/dev/null 2>&1 || true
ndctl wait-scrub nfit_test.0 >/dev/null || err "wait-scrub"
bb=/sys/block/${dev#/dev/}/badblocks
grep -q '^8 8$' "$bb" || err "badblocks after the scrub: $(paste -sd, "$bb")"
expect_workers some "$dev" 4096 1
! grep -q '[0-9]' "$bb" || err "poison not cleared by the reissued write: $(paste -sd, "$bb")"
ndctl inject-error --uninject --block=8 --count=8 "$ns" >/dev/null || err "uninject"
ndctl destroy-namespace -f "$ns" >/dev/null || err "destroy $ns"

create_ns "$region" -m sector -s 32M || err "create sector: $ns_err"
expect_workers 0 "$dev" 0 64

# Poison BTT's free blocks: a write first checks its lane's free block,
# and clearing that block's error takes a mutex and calls the firmware.
# The free blocks are the data blocks after the external ones (their count
# from the BTT's size; data starts a page into the arena, which starts at 0
# or 4K): three pages from there hold the first free blocks of lanes 0 and
# 1 (a lane is a CPU here) either way. ndctl injects only into a raw (or
# pfn) namespace: inject with the namespace raw, then make it sector again,
# which lays out the same BTT and reads the bad blocks.
reconfigure() {
	local j
	j=$(ndctl create-namespace -f -e "$ns" "$@") || err "reconfigure $ns $*"
	dev=/dev/$(jq -r .blockdev <<<"$j")
}
ext=$(($(cat "/sys/bus/nd/devices/$(cat "/sys/bus/nd/devices/$ns/holder")/size") / 4096))
first=$(((4096 + ext * 4096) / 512))
reconfigure -m raw
ndctl inject-error --block="$first" --count=24 "$ns" >/dev/null || err "inject-error"
ndctl start-scrub nfit_test.0 >/dev/null 2>&1 || true
ndctl wait-scrub nfit_test.0 >/dev/null || err "wait-scrub"
reconfigure -m sector
[ "$(($(cat "/sys/bus/nd/devices/$(cat "/sys/bus/nd/devices/$ns/holder")/size") / 4096))" -eq "$ext" ] ||
	err "the new BTT has another geometry"
bad_sectors() { awk '{ n += $2 } END { print n + 0 }' "/sys/bus/nd/devices/$region/badblocks"; }
before=$(bad_sectors)
[ "$before" -gt 0 ] || err "no bad blocks in $region after injecting into $ns"
dmesg_mark
expect_workers some "$dev" 0 1
! dmesg_since | grep -i "io error" || err "the would-block write was logged as an I/O error"
after=$(bad_sectors)
echo "$ns: bad sectors $before before the write, $after after"
[ "$after" -lt "$before" ] || err "the reissued write cleared no free block's error"
ndctl inject-error --uninject --block="$first" --count=24 "$ns" >/dev/null 2>&1 || true
