#!/bin/bash
# A sector (BTT) namespace's I/O mapping follows the type too.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
for t in wt wb; do
	idle_set_mapping "$region" "$t"
	create_ns "$region" -m sector -s 32M || err "create sector ($t): $ns_err"
	[ "$(map_flags "$ns")" = "$t" ] || err "sector $t mapped flags=$(map_flags "$ns")"
	verify_blockdev "$dev" 8M
	ndctl destroy-namespace -f "$ns" >/dev/null
done
