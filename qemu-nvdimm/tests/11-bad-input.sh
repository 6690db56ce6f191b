#!/bin/bash
# Bad requests get ndctl's error and disturb nothing: too large a size, an
# unknown mode, a create on a full region; the existing namespace's data
# still verifies afterwards.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(nfit_regions | head -n1)
create_ns "$region" -m raw -s 128M || err "create raw: $ns_err"
blk=$dev # the creates below set dev again
sum=$(write_pattern "$blk" bad-input)
size=$(ndctl list -r "$region" -R | jarray | jq .size)

create_ns "$region" -m raw -s $((size * 2)) && err "size twice the region succeeded"
create_ns "$region" -m bogus -s 64M && err "unknown mode succeeded"
avail=$(ndctl list -r "$region" -R | jarray | jq .available_size)
create_ns "$region" -m raw -s "$avail" || err "filling the region: $ns_err"
create_ns "$region" -m raw -s 64M && err "create on a full region succeeded"
[ "$(read_sum "$blk")" = "$sum" ] || err "$blk data changed after bad requests"
