#!/bin/bash
# A CXL pmem region interleaved over two memory devices below two host
# bridges: libnvdimm gets one region with a mapping on each device's
# nvdimm, and a namespace on it is mapped write-through over the whole
# interleaved range once set to wt (pat_memtype_list, page-table entries).
source "$(dirname "$0")/common.sh"

pmem_region 2
r=/sys/bus/nd/devices/$region
[ "$(cat "$r/mappings")" = 2 ] || err "$region has $(cat "$r/mappings") mappings, want 2"
[ "$(cut -d, -f1 "$r/mapping0")" != "$(cut -d, -f1 "$r/mapping1")" ] ||
	err "$region maps one nvdimm twice: $(cat "$r/mapping0") / $(cat "$r/mapping1")"
[ "$(cat "$r/size")" -eq "$region_size" ] ||
	err "$region is $(cat "$r/size") bytes, the CXL region $region_size"
create_ns "$region" -m raw || err "create a raw namespace on $region: $ns_err"
expect_raw_type "$ns" wt
