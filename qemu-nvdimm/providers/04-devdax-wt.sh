#!/bin/bash
# devdax on the provider's namespace under wt: reconfigured in place with
# its memmap in RAM (a memmap on the namespace would alias it write-back),
# the reservation write-through, a user mapping write-through in every 2M
# entry, and data filled by plain stores and one SFENCE intact after the
# namespace is disabled and enabled again. Back to raw afterwards.
source "$(dirname "$0")/common.sh"

modprobe device_dax || err "modprobe device_dax"
reset_regions
first_ns
set_type "$ns" wt
trap 'reset_regions >/dev/null 2>&1 || true' EXIT
out=$(ndctl create-namespace -f -e "$ns" -m devdax -M mem -a 2M 2>&1) ||
	err "devdax on wt $ns: $out; $(dmesg | tail -n 2)"
chardev=/dev/$(jq -r '.daxregion.devices[0].chardev' <<<"$out")
[ "$(ns_mapping "$ns")" = wt ] || err "$ns reads $(ns_mapping "$ns") as devdax"
read -r start nsize < <(ns_range "$ns")
expect_pat_type "$start" "$nsize" write-through
size=$((64 << 20))
expect_user_types "$chardev" "$size" WT pmd
wt_store write "$chardev" "$size" 9
set_type "$ns" wt
wt_store check "$chardev" "$size" 9
echo "devdax $chardev on wt $ns ($PMEM_PROVIDER): write-through in PAT and user 2M entries; data intact"
