#!/bin/bash
# fsdax and devdax map pages write-back only: on a wt namespace enabling is
# refused (EOPNOTSUPP, a dev_err naming the namespace), never mapped wb.
source "$(dirname "$0")/common.sh"

modprobe device_dax || err "modprobe device_dax"
region=$(nfit_regions | head -n1)
for mode in fsdax devdax; do
	reset_regions
	idle_set_mapping "$region" wt
	dmesg_mark
	if out=$(create_ns "$region" -m "$mode" -a 2M -s 256M 2>&1); then
		err "$mode on a wt namespace was created: $out"
	fi
	line=$(dmesg_since | grep -E "(namespace[0-9.]+): $mode maps pages write-back only, namespace is mapping=wt") ||
		err "no dev_err for $mode on a wt namespace: $(dmesg_since | tail -n 5)"
	echo "$line"
	dmesg_since | grep -q "probe of .* failed with error -95" || err "probe did not fail with EOPNOTSUPP"
	ns=$(grep -oE 'namespace[0-9]+\.[0-9]+' <<<"$line" | head -n1)
	[ "$(ns_mapping "$ns")" = wt ] || err "refusal changed $ns's type"
	# Refused before any info block was written: not left claimed.
	holder=$(cat "/sys/bus/nd/devices/$ns/holder")
	[ -z "$holder" ] || err "$ns is left claimed by $holder after refusing $mode"
	# Nothing in the region may be left mapped write-back behind its back.
	rstart=$(cat "/sys/bus/nd/devices/$region/resource")
	rsize=$(cat "/sys/bus/nd/devices/$region/size")
	if pat_types_in "$rstart" $((rstart + rsize)) | grep -q write-back; then
		err "a write-back mapping remains in $region after refusing $mode"
	fi
done
