#!/bin/bash
# Loaded with hotplug_dimm=1, nfit_test.0 hot-adds a fifth DIMM (handle
# 0x1000) after probe through a _FIT notification: it must show on the bus
# next to the four it booted with. Loaded without, the bus is the four
# DIMMs the suites written for nfit_test expect, and the case
# leaves it so. The series' patch that frees the hotplug _FIT makes the
# notification reach the driver; the NFIT patch after it lets the driver
# merge the re-read table. Unloading it then must not touch what devres
# freed (on the debug kernel, KASAN reports it; see the NFIT patch that
# stops DIMM notifications first), twice over.
source "$(dirname "$0")/common.sh"
trap 'reload_nfit_test >/dev/null 2>&1 || true' EXIT

reload_nfit_test
handles=$(ndctl list -Di -b nfit_test.0 | jarray | jq -r .handle | sort -n | xargs)
[ "$handles" = "0 1 256 257" ] || err "nfit_test.0 without hotplug_dimm: DIMM handles $handles, want 0 1 256 257"

reload_nfit_test hotplug_dimm=1
json=$(ndctl list -Di -b nfit_test.0 | jarray)
handles=$(jq -r .handle <<<"$json" | sort -n | xargs)
why=$(dmesg_since | grep -oE 'failed to evaluate _FIT|new nfit deletes entries.*|failed to merge updated NFIT|Invalid _FIT' | head -n1 || true)
# Without the _FIT patch the shim cannot resolve the handle; without the
# NFIT patch the merge is refused ("new nfit deletes entries").
[ -z "$why" ] || err "the hotplug _FIT was not merged: '$why' (nfit_test.0 DIMM handles: $handles)"
[ "$handles" = "0 1 256 257 4096" ] || err "nfit_test.0 DIMM handles: $handles, want 0 1 256 257 4096"
dimm=$(jq -r 'select(.handle == 4096) | .dev' <<<"$json")
[ -e "/sys/bus/nd/devices/$dimm/driver" ] || err "hotplug DIMM $dimm is not bound to a driver"
for d in $(bus0_dimms); do
	knobs=$(test_dimm_dir "$d")
	[ -w "$knobs/fail_cmd" ] || err "$d: no fail_cmd knob in $knobs"
done
[ "$(jq -r .id <<<"$json" | sort -u | wc -l)" -eq 5 ] || err "DIMM ids are not unique: $(jq -r .id <<<"$json" | xargs)"
for cycle in 1 2; do
	reload_nfit_test hotplug_dimm=1
	bad=$(dmesg_since | grep -E 'BUG:|WARNING:|Call Trace' | head -n 3 || true)
	[ -z "$bad" ] || err "unloading nfit_test after a hot-add (cycle $cycle): $bad"
done
echo "hotplug DIMM $dimm (handle 0x1000) is on nfit_test.0 with hotplug_dimm=1; four DIMMs without"
