#!/bin/bash
# A fresh DIMM (zeroed label area, as QEMU creates it) is label-less: its
# region cannot be subdivided. After init-labels the whole capacity is
# available. Needs DIMMs no case has labelled yet, so it runs first.
source "$(dirname "$0")/common.sh"
trap - EXIT

region=$(nfit_regions | tail -n1)
dimm=$(ndctl list -r "$region" -D | jarray | jq -r .dev | head -n1)
if ndctl read-labels -j "$dimm" 2>/dev/null | jarray | jq -e '[.index[]?.signature] | any(. == "NAMESPACE_INDEX")' >/dev/null; then
	skip "$dimm already carries a label index (not a fresh boot)"
fi
json=$(ndctl list -r "$region" -R | jarray)
[ "$(jq .available_size <<<"$json")" -eq 0 ] || err "label-less $region shows available capacity"
create_ns "$region" -s 64M && err "sub-dividing a label-less region succeeded: $json"
grep -q "do not support sub-dividing" <<<"$ns_err" || err "unexpected error: $ns_err"

ndctl disable-region "$region" >/dev/null
ndctl init-labels "$dimm" >/dev/null || err "init-labels $dimm failed"
ndctl enable-region "$region" >/dev/null
json=$(ndctl list -r "$region" -R | jarray)
size=$(jq .size <<<"$json")
avail=$(jq .available_size <<<"$json")
# A labelled region loses its label-aligned tail only.
if [ "$avail" -le 0 ] || [ $((size - avail)) -ge $((32 << 20)) ]; then
	err "available $avail of $size after init-labels"
fi
create_ns "$region" -s 64M -m raw || err "create 64M after init-labels: $ns_err"
ndctl destroy-namespace -f "$ns" >/dev/null
