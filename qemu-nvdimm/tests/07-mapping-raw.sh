#!/bin/bash
# The series' attribute on raw namespaces: a wb and a wt namespace side by
# side, each proved in pat_memtype_list and in the page-table entries; -EBUSY while enabled, -EINVAL on
# a bogus value with nothing changed; data written under one type reads
# back identical under the other.
source "$(dirname "$0")/common.sh"

reset_regions
mapfile -t regions < <(nfit_regions)
[ "${#regions[@]}" -ge 2 ] || skip "needs two NVDIMMs"
declare -A nss # not ns: create_ns sets that
for i in 0 1; do
	create_ns "${regions[$i]}" -m raw -s 128M || err "create raw on ${regions[$i]}: $ns_err"
	nss[$i]=$ns
done
want=(wb wt)
for i in 0 1; do
	ndctl disable-namespace "${nss[$i]}" >/dev/null
	ns_mapping "${nss[$i]}" "${want[$i]}"
	ndctl enable-namespace "${nss[$i]}" >/dev/null
done
names=([0]=write-back [1]=write-through)
pt=([0]=WB [1]=WT)
for i in 0 1; do
	[ "$(ns_mapping "${nss[$i]}")" = "${want[$i]}" ] || err "${nss[$i]} reads $(ns_mapping "${nss[$i]}")"
	start=$(cat "/sys/bus/nd/devices/${nss[$i]}/resource")
	got=$(pat_type_at "$start")
	echo "${nss[$i]} mapping=${want[$i]}: pat $(printf '%#x' "$start") $got"
	[ "$got" = "${names[$i]}" ] || err "${nss[$i]} is ${want[$i]} but PAT shows '${got:-nothing}'"
	# What the entries carry: one ioremap alias of that type, no direct map.
	expect_pt_types "$start" "$(cat "/sys/bus/nd/devices/${nss[$i]}/size")" \
		"direct none" "vmalloc ${pt[$i]}"
done

# Enabled: the type of a live mapping cannot change.
f=/sys/bus/nd/devices/${nss[1]}/mapping
out=$( (echo wb >"$f") 2>&1) && err "writing mapping of enabled ${nss[1]} succeeded"
grep -q "busy" <<<"$out" || err "enabled write: '$out', want EBUSY"
[ "$(cat "$f")" = wt ] || err "EBUSY write changed the type"

# Bogus values: EINVAL, nothing changed, also while disabled.
ndctl disable-namespace "${nss[1]}" >/dev/null
for bad in WT wc "" "wb wt" wtx; do
	out=$( (echo "$bad" >"$f") 2>&1) && err "writing '$bad' succeeded"
	grep -q "Invalid argument" <<<"$out" || err "writing '$bad': '$out', want EINVAL"
	[ "$(cat "$f")" = wt ] || err "writing '$bad' changed the type"
done
ndctl enable-namespace "${nss[1]}" >/dev/null

# Same bytes whichever way the namespace is mapped.
dev=/dev/$(ndctl list -n "${nss[1]}" | jarray | jq -r .blockdev)
sum=$(write_pattern "$dev" raw-wt)
ndctl disable-namespace "${nss[1]}" >/dev/null
ns_mapping "${nss[1]}" wb
ndctl enable-namespace "${nss[1]}" >/dev/null
[ "$(pat_type_at "$(cat "/sys/bus/nd/devices/${nss[1]}/resource")")" = write-back ] || err "switch to wb not in PAT"
[ "$(read_sum "$dev")" = "$sum" ] || err "data written under wt differs under wb"
sum=$(write_pattern "$dev" raw-wb)
ndctl disable-namespace "${nss[1]}" >/dev/null
ns_mapping "${nss[1]}" wt
ndctl enable-namespace "${nss[1]}" >/dev/null
[ "$(read_sum "$dev")" = "$sum" ] || err "data written under wb differs under wt"
# The probe says what it mapped only at debug level: physical addresses
# have no place in every boot's log.
if line=$(dmesg | grep -E "${nss[1]}: mapped (wb|wt): 0x"); then
	err "probe logs physical addresses at default level: $line"
fi
