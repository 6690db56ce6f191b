#!/bin/bash
# Bad requests get ndctl's error and disturb nothing: too large a size, an
# unknown mode, a create on a full region; the existing namespace's data
# still verifies afterwards.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(nfit_regions | head -n1)
json=$(create_ns "$region" -m raw -s 128M) || err "create raw"
dev=/dev/$(jq -r .blockdev <<<"$json")
sum=$(write_pattern "$dev" bad-input)
size=$(ndctl list -r "$region" -R | jarray | jq .size)

create_ns "$region" -m raw -s $((size * 2)) >/dev/null 2>&1 && err "size twice the region succeeded"
create_ns "$region" -m bogus -s 64M >/dev/null 2>&1 && err "unknown mode succeeded"
avail=$(ndctl list -r "$region" -R | jarray | jq .available_size)
create_ns "$region" -m raw -s "$avail" >/dev/null || err "filling the region"
create_ns "$region" -m raw -s 64M >/dev/null 2>&1 && err "create on a full region succeeded"
[ "$(read_sum "$dev")" = "$sum" ] || err "$dev data changed after bad requests"
