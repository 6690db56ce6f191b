#!/bin/bash
# A CXL pmem region reaches libnvdimm: cxl create-region makes an nvdimm
# region on bus cxl_test over the same range, on one of the bus's
# nvdimms, in the platform's persistence domain, and a raw namespace on
# it is mapped write-back by default (pat_memtype_list and the page-table
# entries). Destroying the CXL region takes the nvdimm region away, and
# its memtype with it.
source "$(dirname "$0")/common.sh"

pmem_region 1
r=/sys/bus/nd/devices/$region
[ $(($(cat "$r/resource"))) -eq "$region_start" ] ||
	err "$region starts at $(cat "$r/resource"), the CXL region at $region_start"
[ "$(cat "$r/size")" -eq "$region_size" ] ||
	err "$region is $(cat "$r/size") bytes, the CXL region $region_size"
[ "$(cat "$r/mappings")" = 1 ] || err "$region has $(cat "$r/mappings") mappings, want 1"
nmem=$(cut -d, -f1 "$r/mapping0")
ndctl list -D -b cxl_test -d "$nmem" | grep -q '"dev"' ||
	err "$region maps $nmem, not an nvdimm of bus cxl_test"
[ "$(cat "$r/persistence_domain")" = memory_controller ] ||
	err "$region persistence_domain '$(cat "$r/persistence_domain")', want memory_controller"

create_ns "$region" -m raw || err "create a raw namespace on $region: $ns_err"
[ "$(ns_mapping "$ns")" = wb ] || err "$ns reads $(ns_mapping "$ns"), want wb"
read -r start nsize < <(ns_range "$ns")
expect_pat_type "$start" "$nsize" write-back
expect_pt_types "$start" "$nsize" "direct none" "vmalloc WB"

reset_regions
[ -z "$(ndctl list -R -b cxl_test)" ] ||
	err "an nvdimm region outlived its CXL region: $(ndctl list -R -b cxl_test)"
[ -z "$(pat_types_in "$start" $((start + nsize)))" ] || err "a memtype outlived the region over $ns's range"
