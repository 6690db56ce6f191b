#!/bin/bash
# One namespace reconfigured in place through every block mode (raw ->
# sector -> fsdax -> raw, create-namespace -e -f): each step reports its
# mode, keeps the namespace's type, and the live-map count ends where the
# first raw namespace left it.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
idle_set_mapping "$region" wb
create_ns "$region" -m raw -s 32M || err "create raw: $ns_err"
base=$(live_maps)
for mode in sector fsdax raw; do
	json=$(ndctl create-namespace -f -e "$ns" -m "$mode") || err "reconfigure $ns to $mode"
	[ "$(jq -r .mode <<<"$json")" = "$mode" ] || err "$ns reports mode $(jq -r .mode <<<"$json"), want $mode"
	ns=$(jq -r .dev <<<"$json")
	[ "$(ns_mapping "$ns")" = wb ] || err "$ns lost its type: $(ns_mapping "$ns")"
	verify_blockdev "/dev/$(jq -r .blockdev <<<"$json")" 4M
done
[ "$(live_maps)" -eq "$base" ] || err "$(live_maps) maps live after the round trip, $base before"
