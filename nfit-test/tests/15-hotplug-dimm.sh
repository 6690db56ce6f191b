#!/bin/bash
# After probe nfit_test.0 hot-adds a fifth DIMM (handle 0x1000) through a
# _FIT notification: it must show on the bus next to the four it booted
# with. Patch 17 makes the notification reach the driver (and frees its
# _FIT); patch 18 lets the driver merge the re-read table.
source "$(dirname "$0")/common.sh"
trap - EXIT

reload_nfit_test
json=$(ndctl list -Di -b nfit_test.0 | jarray)
handles=$(jq -r .handle <<<"$json" | sort -n | xargs)
why=$(dmesg_since | grep -oE 'failed to evaluate _FIT|new nfit deletes entries.*|failed to merge updated NFIT|Invalid _FIT' | head -n1 || true)
# Without patch 17 the shim cannot resolve the handle; without patch 18
# the merge is refused ("new nfit deletes entries").
[ -z "$why" ] || err "the hotplug _FIT was not merged: '$why' (nfit_test.0 DIMM handles: $handles)"
[ "$handles" = "0 1 256 257 4096" ] || err "nfit_test.0 DIMM handles: $handles, want 0 1 256 257 4096"
# Its knob directory and id are checked with the others' in case 16.
dimm=$(jq -r 'select(.handle == 4096) | .dev' <<<"$json")
[ -e "/sys/bus/nd/devices/$dimm/driver" ] || err "hotplug DIMM $dimm is not bound to a driver"
echo "hotplug DIMM $dimm (handle 0x1000) is on nfit_test.0"
