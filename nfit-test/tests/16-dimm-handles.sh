#!/bin/bash
# nfit_test.0's DIMMs carry the NFIT handles nfit_test defines (the four
# of its boot NFIT; case 15 checks the one its hotplug _FIT adds), each
# with its knob directory, a unique id, and SMART health with a clean
# shutdown.
source "$(dirname "$0")/common.sh"
trap - EXIT

json=$(ndctl list -DH -b nfit_test.0 | jarray)
[ "$(jq -r .handle <<<"$json" | sort -n | xargs)" = "0 1 256 257" ] ||
	err "handles: $(jq -r .handle <<<"$json" | xargs)"
[ "$(jq -r .id <<<"$json" | sort -u | wc -l)" -eq 4 ] || err "DIMM ids are not unique: $(jq -r .id <<<"$json" | xargs)"
for d in $(bus0_dimms); do
	knobs=$(test_dimm_dir "$d")
	[ -w "$knobs/fail_cmd" ] || err "$d: no fail_cmd knob in $knobs"
	state=$(jq -r --arg d "$d" 'select(.dev == $d) | .health.shutdown_state' <<<"$json")
	[ "$state" = clean ] || err "$d: shutdown_state '$state', want clean"
done
