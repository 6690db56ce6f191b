#!/bin/bash
# A disabled labelled namespace grows through its size attribute: the
# labels take the new size and the block device shows it when enabled; an
# enabled one refuses (EBUSY).
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
d=/sys/bus/nd/devices/$ns
( echo $((32 << 20)) >"$d/size" ) 2>/dev/null && err "size changed on an enabled namespace"
ndctl disable-namespace "$ns" >/dev/null
echo $((32 << 20)) >"$d/size" || err "size write on a disabled namespace"
ndctl enable-namespace "$ns" >/dev/null || err "enable after resize"
[ "$(cat "$d/size")" -eq $((32 << 20)) ] || err "size reads $(cat "$d/size")"
bdev=$(ndctl list -n "$ns" | jarray | jq -r .blockdev)
[ $(($(cat "/sys/block/$bdev/size") * 512)) -eq $((32 << 20)) ] || err "$bdev is $(($(cat "/sys/block/$bdev/size") * 512)) bytes"
verify_blockdev "/dev/$bdev" 32M
