#!/bin/bash
# Data written to a raw namespace survives disabling it and its region:
# what the labels describe maps back onto the same media.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
sum=$(write_pattern "$dev" persist 8)
ndctl disable-region "$region" >/dev/null
ndctl enable-region "$region" >/dev/null
bdev=$(ndctl list -r "$region" -N | jarray | jq -r --arg u "$uuid" 'select(.uuid == $u) | .blockdev')
[ -n "$bdev" ] || err "namespace $uuid did not come back"
[ "$(read_sum "/dev/$bdev" 8)" = "$sum" ] || err "data changed across a region disable/enable"
