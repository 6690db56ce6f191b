#!/bin/bash
# The series' attribute on a namespace of a CXL region: -EBUSY while
# enabled and -EINVAL on a bogus value, nothing changed; wt, then wb
# again, each proved in pat_memtype_list and the page-table entries (no
# alias of the other type left). (No data check: see common.sh.)
source "$(dirname "$0")/common.sh"

pmem_region 1
create_ns "$region" -m raw || err "create a raw namespace on $region: $ns_err"
read -r start nsize < <(ns_range "$ns")
f=/sys/bus/nd/devices/$ns/mapping
out=$( (echo wt >"$f") 2>&1) && err "writing mapping of enabled $ns succeeded"
grep -q busy <<<"$out" || err "enabled write: '$out', want EBUSY"
[ "$(cat "$f")" = wb ] || err "EBUSY write changed the type"
ndctl disable-namespace "$ns" >/dev/null
for bad in WT wc "" "wb wt"; do
	out=$( (echo "$bad" >"$f") 2>&1) && err "writing '$bad' succeeded"
	grep -q "Invalid argument" <<<"$out" || err "writing '$bad': '$out', want EINVAL"
	[ "$(cat "$f")" = wb ] || err "writing '$bad' changed the type"
done
ndctl enable-namespace "$ns" >/dev/null

set_type "$ns" wt
expect_pat_type "$start" "$nsize" write-through
expect_pt_types "$start" "$nsize" "direct none" "vmalloc WT"
set_type "$ns" wb
expect_pat_type "$start" "$nsize" write-back
expect_pt_types "$start" "$nsize" "direct none" "vmalloc WB"
