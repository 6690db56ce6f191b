#!/bin/bash
# The driver asks memremap() for exactly the namespace's type: a wb raw
# namespace maps MEMREMAP_WB, a wt one MEMREMAP_WT, the default follows
# ARCH_MEMREMAP_PMEM (wb on x86) and libnvdimm.default_mapping.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
[ "$(cat /sys/module/libnvdimm/parameters/default_mapping)" = wb ] || err "default_mapping is not wb on x86"
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
[ "$(ns_mapping "$ns")" = wb ] || err "new namespace is not wb"
[ "$(map_flags "$ns")" = wb ] || err "default namespace mapped flags=$(map_flags "$ns"), want wb"
for t in wt wb; do
	ndctl disable-namespace "$ns" >/dev/null
	ns_mapping "$ns" "$t"
	ndctl enable-namespace "$ns" >/dev/null
	[ "$(map_flags "$ns")" = "$t" ] || err "$t namespace mapped flags=$(map_flags "$ns")"
done
