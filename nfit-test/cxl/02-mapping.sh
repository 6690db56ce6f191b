#!/bin/bash
# The series' attribute on a namespace of a CXL region: -EBUSY while
# enabled and -EINVAL on a bogus value, nothing changed; wt, then wb
# again, each proved in pat_memtype_list and the page-table entries (no
# alias of the other type left). (No data check: see common.sh.)
source "$(dirname "$0")/common.sh"

pmem_region 1
create_ns "$region" -m raw || err "create a raw namespace on $region: $ns_err"
expect_mapping_refusals "$ns"
expect_raw_type "$ns" wt
expect_raw_type "$ns" wb
