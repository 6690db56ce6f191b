#!/bin/bash
# Unloading cxl_test with a region in use, a wt devdax namespace on it
# (the teardown QEMU's CXL devices oops in on 6.1: cxl_pmem's
# release_mappings()): the stack goes away cleanly, and no memtype and no
# kernel mapping of the range is left behind. The next case's common.sh
# loads it again.
source "$(dirname "$0")/common.sh"

pmem_region 1
create_ns "$region" -m raw || err "create a raw namespace on $region: $ns_err"
set_type "$ns" wt
create_ns "$region" -m devdax -M mem -e "$ns" -f || err "devdax map=mem on wt $ns: $ns_err"
read -r start nsize < <(ns_range "$ns")
expect_pat_type "$start" "$nsize" write-through

# Nothing of ours holds the stack: the EXIT trap's reset must not run on
# a bus that is gone.
trap - EXIT
dmesg_mark
modprobe -r cxl_test || err "modprobe -r cxl_test with $cxl_region and $ns in place: $(dmesg_since | tail -n 5)"
[ ! -d /sys/module/cxl_test ] || err "cxl_test still loaded after modprobe -r cxl_test"
[ -z "$(ndctl list -R -b cxl_test 2>/dev/null)" ] || err "cxl_test's nvdimm region outlived the module"
[ -z "$(pat_types_in "$start" $((start + nsize)))" ] ||
	err "memtype left over $(printf '%#x' "$start")+$(printf '%#x' "$nsize"): $(pat_types_in "$start" $((start + nsize)))"
expect_pt_types "$start" "$nsize" "direct none"
! dmesg_since | grep -E "BUG|WARNING|Oops" || err "the unload logged a kernel error"
