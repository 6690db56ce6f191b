#!/bin/bash
# A BTT whose primary info block is destroyed: check-namespace finds it
# damaged, --repair restores it from the backup, and the data written
# before the damage reads back.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m sector -s 32M || err "create sector: $ns_err"
sum=$(write_pattern "$dev" btt 4)
d=/sys/bus/nd/devices/$ns
ndctl disable-namespace "$ns" >/dev/null
echo 1 >"$d/force_raw"
ndctl enable-namespace "$ns" >/dev/null || err "enable $ns raw"
raw=$(ndctl list -n "$ns" | jarray | jq -r .blockdev)
# The first arena's info block starts 4 KiB into the namespace.
grep -q BTT_ARENA_INFO < <(dd if="/dev/$raw" bs=4096 skip=1 count=1 status=none) ||
	err "no BTT info block at 4 KiB of $raw"
dd if=/dev/zero of="/dev/$raw" bs=4096 seek=1 count=1 oflag=direct status=none || err "damage the info block"
ndctl disable-namespace "$ns" >/dev/null
echo 0 >"$d/force_raw"
ndctl check-namespace "$ns" >/dev/null 2>&1 && err "check-namespace passed a damaged BTT"
ndctl check-namespace --repair "$ns" >/dev/null 2>&1 || err "check-namespace --repair failed"
ndctl check-namespace "$ns" >/dev/null 2>&1 || err "check-namespace fails after --repair"
ndctl enable-namespace "$ns" >/dev/null || err "enable after repair"
bdev=$(ndctl list -n "$ns" | jarray | jq -r .blockdev)
[ "$(read_sum "/dev/$bdev" 4)" = "$sum" ] || err "data differs after the repair"
