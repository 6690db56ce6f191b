#!/bin/bash
# read-labels -o / write-labels -i round-trip a DIMM's label area: after
# zeroing every label and writing the saved ones back, the namespace they
# describe comes back with its uuid.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M -n saved || err "create raw: $ns_err"
mapfile -t dimms < <(region_dimms "$region")
ndctl disable-region -b nfit_test.0 all >/dev/null
for d in "${dimms[@]}"; do
	ndctl read-labels -o "/tmp/labels.$d" "$d" >/dev/null 2>&1 || err "read-labels $d"
	ndctl disable-dimm "$d" >/dev/null
	ndctl zero-labels "$d" >/dev/null 2>&1 || err "zero-labels $d"
	ndctl write-labels -i "/tmp/labels.$d" "$d" >/dev/null 2>&1 || err "write-labels $d"
	ndctl enable-dimm "$d" >/dev/null || err "enable-dimm $d"
	cmp -s "/tmp/labels.$d" <(ndctl read-labels -o /dev/stdout "$d" 2>/dev/null) || err "$d: label area differs after the round trip"
done
ndctl enable-region -b nfit_test.0 all >/dev/null
got=$(ndctl list -r "$region" -N | jarray | jq -r --arg u "$uuid" 'select(.uuid == $u) | .name')
[ "$got" = saved ] || err "namespace $uuid not restored from the saved labels (got '$got')"
