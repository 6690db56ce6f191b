#!/bin/bash
# A sector (BTT) namespace made from a wt idle namespace is mapped
# write-through (PAT and the page-table entries) and carries verified I/O;
# a wb one is write-back. While its btt is enabled the namespace refuses a
# type change with EBUSY.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(nfit_regions | head -n1)
for want in wt wb; do
	idle_set_mapping "$region" "$want"
	create_ns "$region" -m sector -s 128M || err "create sector ($want): $ns_err"
	[ "$(ns_mapping "$ns")" = "$want" ] || err "$ns lost its type"
	start=$(cat "/sys/bus/nd/devices/$ns/resource")
	got=$(pat_type_at "$start")
	echo "$ns (sector) mapping=$want: pat $(printf '%#x' "$start") $got"
	case $want in wt) name=write-through ;; wb) name=write-back ;; esac
	[ "$got" = "$name" ] || err "$ns is $want but PAT shows '${got:-nothing}'"
	expect_pt_types "$start" "$(cat "/sys/bus/nd/devices/$ns/size")" \
		"direct none" "vmalloc ${want^^}"
	out=$( (echo wb >"/sys/bus/nd/devices/$ns/mapping") 2>&1) && err "type change on claimed $ns succeeded"
	grep -q busy <<<"$out" || err "claimed write: '$out', want EBUSY"
	verify_blockdev "$dev" 32M
done
