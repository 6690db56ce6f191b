#!/bin/bash
# A sector (btt) namespace of a CXL region set to wt: the btt device maps
# the range write-through (pat_memtype_list, page-table entries), and a
# switch back maps it write-back, with no write-through alias left.
source "$(dirname "$0")/common.sh"

pmem_region 1
create_ns "$region" -m sector || err "create a sector namespace on $region: $ns_err"
read -r start nsize < <(ns_range "$ns")
expect_pat_type "$start" "$nsize" write-back
expect_raw_type "$ns" wt
expect_raw_type "$ns" wb
