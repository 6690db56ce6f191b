#!/bin/bash
# fsdax and devdax keep their memmap on the namespace with -M dev, where
# the vmemmap maps it write-back: on a wt namespace that would alias the
# write-through direct map, so the pfn or dax device refuses the namespace
# when ndctl sets it up, before any enable: ndctl itself says "Operation
# not supported", a dev_err names the namespace and the reason, the
# namespace is left unclaimed and its type, and nothing of the region stays
# mapped.
source "$(dirname "$0")/common.sh"

modprobe device_dax || err "modprobe device_dax"
region=$(nfit_regions | head -n1)
for mode in fsdax devdax; do
	reset_regions
	idle_set_mapping "$region" wt
	dmesg_mark
	if create_ns "$region" -m "$mode" -M dev -a 2M -s 256M; then
		err "$mode -M dev on a wt namespace was created: $json"
	fi
	line=$(dmesg_since | grep -E "(namespace[0-9.]+): $mode on a write-through namespace needs its memmap in RAM") ||
		err "no dev_err for $mode on a wt namespace: $(dmesg_since | tail -n 5)"
	echo "$line"
	echo "ndctl: $(tail -n1 <<<"$ns_err")"
	grep -q "Operation not supported" <<<"$ns_err" || err "ndctl does not give the reason (EOPNOTSUPP): $ns_err"
	if dmesg_since | grep -q "probe of .* failed"; then
		err "refused by a failed probe, not where the device was set up: $(dmesg_since | grep 'probe of')"
	fi
	ns=$(grep -oE 'namespace[0-9]+\.[0-9]+' <<<"$line" | head -n1)
	[ "$(ns_mapping "$ns")" = wt ] || err "refusal changed $ns's type"
	# Refused before any info block was written: not left claimed.
	holder=$(cat "/sys/bus/nd/devices/$ns/holder")
	[ -z "$holder" ] || err "$ns is left claimed by $holder after refusing $mode"
	# Nothing in the region may be left reserved or mapped behind its back.
	rstart=$(cat "/sys/bus/nd/devices/$region/resource")
	rsize=$(cat "/sys/bus/nd/devices/$region/size")
	left=$(pat_types_in "$rstart" $((rstart + rsize)))
	[ -z "$left" ] || err "$region still has PAT entries after refusing $mode: $left"
	expect_pt_types "$rstart" "$rsize" "direct none"
done
