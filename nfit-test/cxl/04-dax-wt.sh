#!/bin/bash
# fsdax and devdax on a wt namespace of a CXL region: with the memmap on
# the device (map=dev) they are refused, EOPNOTSUPP and the reason logged
# (the pages' struct pages would be written through a write-through
# mapping); with it in RAM (map=mem) the namespace stays wt through the
# reconfiguration, the range is reserved write-through, its direct map is
# write-through, a devdax user mapping is write-through in every 2M
# entry, and the type cannot change while fsdax or devdax holds it.
# (No file system: see common.sh.)
source "$(dirname "$0")/common.sh"

pmem_region 1
create_ns "$region" -m raw || err "create a raw namespace on $region: $ns_err"
set_type "$ns" wt
read -r start nsize < <(ns_range "$ns")

for mode in fsdax devdax; do
	dmesg_mark
	out=$(ndctl create-namespace -f -e "$ns" -m "$mode" -M dev 2>&1) &&
		err "$mode map=dev on wt $ns succeeded: $out"
	grep -q "Operation not supported" <<<"$out" || err "$mode map=dev on wt $ns: '$out', want EOPNOTSUPP"
	dmesg_since | grep -q "$ns: $mode on a write-through namespace needs its memmap in RAM" ||
		err "$mode map=dev refusal logged no reason: $(dmesg_since | tail -n 3)"
	echo "$mode map=dev on wt $ns: refused, with the reason logged"
done

# held_type: the claimed namespace is still wt, and a write of the
# attribute is refused (busy) without changing it.
held_type() {
	local out
	[ "$(ns_mapping "$ns")" = wt ] || err "$ns reads $(ns_mapping "$ns") under $1, want wt"
	out=$( (echo wb >"/sys/bus/nd/devices/$ns/mapping") 2>&1) && err "writing wb to $ns under $1 succeeded"
	grep -q busy <<<"$out" || err "writing wb to $ns under $1: '$out', want EBUSY"
	[ "$(ns_mapping "$ns")" = wt ] || err "the refused write changed $ns's type under $1"
}

create_ns "$region" -m fsdax -M mem -e "$ns" -f || err "fsdax map=mem on wt $ns: $ns_err"
held_type fsdax
expect_pat_type "$start" "$nsize" write-through
expect_pt_types "$start" "$nsize" "direct WT"

create_ns "$region" -m devdax -M mem -e "$ns" -f || err "devdax map=mem on wt $ns: $ns_err"
[ -c "$chardev" ] || err "devdax: $chardev is not a character device (device_dax not bound?)"
held_type devdax
expect_pat_type "$start" "$nsize" write-through
expect_pt_types "$start" "$nsize" "direct WT"
expect_user_types "$chardev" $((64 << 20)) WT pmd
