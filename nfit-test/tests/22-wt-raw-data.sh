#!/bin/bash
# The copy routines of both types store the same bytes: data written
# through a wt mapping reads back through a wb one, and the other way.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
retype() {
	ndctl disable-namespace "$ns" >/dev/null
	ns_mapping "$ns" "$1"
	ndctl enable-namespace "$ns" >/dev/null
	[ "$(map_flags "$ns")" = "$1" ] || err "$ns mapped flags=$(map_flags "$ns"), want $1"
}
for from in wt wb; do
	to=wb
	[ "$from" = wb ] && to=wt
	retype "$from"
	sum=$(write_pattern "$dev" "$from" 8)
	retype "$to"
	[ "$(read_sum "$dev" 8)" = "$sum" ] || err "written via $from, read via $to: data differs"
done
