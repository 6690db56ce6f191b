#!/bin/bash
# Switching a namespace from wb to wt writes back what its write-back
# mappings may have left dirty in the caches: the driver maps the whole
# range once more with the type it still has (wb) and unmaps it before the
# type changes. A switch that stays wt, or goes to wb, maps nothing. This
# checks what the driver asked for, through nfit_test's memremap() shim;
# no case here can see a cache line (TCG models no caches).
source "$(dirname "$0")/common.sh"

# The map and unmap lines of the log, without the live count after them.
log_lines() { grep -v '^live ' "$memremap_log"; }

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
f=/sys/bus/nd/devices/$ns/mapping
start=$(printf '0x%016x' "$(cat "/sys/bus/nd/devices/$ns/resource")")
size=$(printf '%#x' "$(cat "/sys/bus/nd/devices/$ns/size")")
ndctl disable-namespace "$ns" >/dev/null || err "disable $ns"

echo wt >"$f" || err "switch $ns to wt"
last=$(log_lines | tail -n2)
echo "after wb -> wt:"
echo "$last"
want="map - res=.* offset=$start size=$size flags=wb
unmap - res=.* offset=$start size=$size flags=wb"
[ "$(grep -cxE "$want" <<<"$last")" = 2 ] ||
	err "switch to wt: last log lines are not a write-back map and unmap of $start+$size"
[ "$(head -n1 <<<"$last" | cut -d' ' -f1)" = map ] || err "unmap logged before map"

for type in wt wb; do
	before=$(log_lines | tail -n1)
	echo "$type" >"$f" || err "switch $ns to $type"
	[ "$(log_lines | tail -n1)" = "$before" ] || err "switch to $type mapped: $(log_lines | tail -n1)"
done

echo wt >"$f" || err "switch $ns back to wt"
ndctl enable-namespace "$ns" >/dev/null || err "enable $ns"
[ "$(map_flags "$ns")" = wt ] || err "$ns enabled '$(map_flags "$ns")' after the switch, want wt"
echo "$ns: wb -> wt wrote back through one write-back map of $start+$size; wt -> wt and wt -> wb mapped nothing"
