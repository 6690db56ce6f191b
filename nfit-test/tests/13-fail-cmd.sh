#!/bin/bash
# fail_cmd on one DIMM makes its label commands fail: labelling it fails
# cleanly, and the other DIMMs of the bus keep working.
source "$(dirname "$0")/common.sh"

knob=/sys/devices/platform/nfit_test.0/nfit_test_dimm/test_dimm0/fail_cmd
[ -w "$knob" ] || skip "$knob missing"
trap 'echo 0 >"$knob"; ndctl enable-dimm all >/dev/null 2>&1; reset_regions >/dev/null 2>&1 || true' EXIT
reset_regions
mapfile -t dimms < <(bus0_dimms)
ndctl disable-region -b nfit_test.0 all >/dev/null
# ND_CMD_GET_CONFIG_DATA (5) and ND_CMD_SET_CONFIG_DATA (6)
echo $(((1 << 5) | (1 << 6))) >"$knob"
ndctl init-labels -f "${dimms[0]}" >/dev/null 2>&1 && err "init-labels on a failing DIMM succeeded"
ndctl init-labels -f "${dimms[1]}" >/dev/null || err "init-labels on a healthy DIMM failed"
echo 0 >"$knob"
ndctl init-labels -f "${dimms[0]}" >/dev/null || err "init-labels after clearing fail_cmd"
ndctl enable-region -b nfit_test.0 all >/dev/null
