#!/bin/bash
# A BTT over a wt namespace keeps its data: written, then read back after
# the namespace is disabled and enabled again, still mapped wt.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
idle_set_mapping "$region" wt
create_ns "$region" -m sector -s 32M || err "create sector on wt: $ns_err"
sum=$(write_pattern "$dev" btt-wt 8)
ndctl disable-namespace "$ns" >/dev/null
ndctl enable-namespace "$ns" >/dev/null || err "re-enable sector on wt"
[ "$(map_flags "$ns")" = wt ] || err "re-enabled BTT mapped flags=$(map_flags "$ns")"
[ "$(read_sum "$dev" 8)" = "$sum" ] || err "BTT data on wt changed across disable/enable"
