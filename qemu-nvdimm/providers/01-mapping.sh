#!/bin/bash
# The series' attribute on the provider's namespace: write-back by default,
# write-through when set, each proved in pat_memtype_list and in the
# page-table entries (the pages' direct map, and no other mapping type);
# -EBUSY while enabled and -EINVAL on a bogus value, nothing changed; data
# written under one type reads back under the other.
source "$(dirname "$0")/common.sh"

reset_regions
first_ns
read -r start nsize < <(ns_range "$ns")
[ "$(ns_mapping "$ns")" = wb ] || err "$ns reads $(ns_mapping "$ns") at boot"
expect_pat_type "$start" "$nsize" write-back
other=$(kernel_pt_types "$start" "$nsize" | awk '$2 != "WB" && $2 != "none"')
[ -z "$other" ] || err "wb $ns has kernel mappings of another type: $other"

expect_mapping_refusals "$ns"

sum=$(write_pattern "$dev" "$PMEM_PROVIDER-wb")
set_type "$ns" wt
expect_pat_type "$start" "$nsize" write-through
got=$(kernel_pt_types "$start" "$nsize")
echo "$ns wt: kernel mappings $(paste -sd, <<<"$got")"
other=$(awk '$2 != "WT" && $2 != "none"' <<<"$got")
[ -z "$other" ] || err "wt $ns has kernel mappings of another type: $other"
grep -q "WT" <<<"$got" || err "wt $ns has no write-through kernel mapping at all"
[ "$(read_sum "$dev")" = "$sum" ] || err "data written under wb differs under wt"
sum=$(write_pattern "$dev" "$PMEM_PROVIDER-wt")
set_type "$ns" wb
expect_pat_type "$start" "$nsize" write-back
[ "$(read_sum "$dev")" = "$sum" ] || err "data written under wt differs under wb"
