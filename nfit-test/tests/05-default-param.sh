#!/bin/bash
# libnvdimm.default_mapping takes wb or wt (EINVAL otherwise, unchanged) and
# new namespace devices start with it.
source "$(dirname "$0")/common.sh"

p=/sys/module/libnvdimm/parameters/default_mapping
trap 'echo wb >$p; reset_regions >/dev/null 2>&1 || true' EXIT
( echo bogus >"$p" ) 2>/dev/null && err "default_mapping took 'bogus'"
[ "$(cat "$p")" = wb ] || err "a rejected write changed default_mapping"
echo wt >"$p"
[ "$(cat "$p")" = wt ] || err "default_mapping does not read back wt"
# Re-enabling the regions allocates new namespace devices.
ndctl destroy-namespace -f -b nfit_test.0 all >/dev/null 2>&1 || true
ndctl disable-region -b nfit_test.0 all >/dev/null
ndctl enable-region -b nfit_test.0 all >/dev/null
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
[ "$(ns_mapping "$ns")" = wt ] || err "$ns started $(ns_mapping "$ns") with default_mapping=wt"
[ "$(map_flags "$ns")" = wt ] || err "$ns mapped flags=$(map_flags "$ns")"
