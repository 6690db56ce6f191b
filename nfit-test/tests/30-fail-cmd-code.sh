#!/bin/bash
# fail_cmd + fail_cmd_code: a DIMM whose label reads fail with the code set
# does not enable, the region over it does not either, a region over other
# DIMMs does; clearing the knob brings it all back.
source "$(dirname "$0")/common.sh"

reset_regions
# A DIMM some region spans and another does not.
bad="" good_region="" bad_region=""
for d in $(bus0_dimms); do
	good_region="" bad_region=""
	for r in $(nfit_regions); do
		if region_dimms "$r" | grep -qx "$d"; then bad_region=$r; else good_region=$r; fi
	done
	if [ -n "$good_region" ] && [ -n "$bad_region" ]; then
		bad=$d
		break
	fi
done
[ -n "$bad" ] || err "no DIMM of nfit_test.0 is outside some region"
knobs=$(test_dimm_dir "$bad")
trap 'echo 0 >"$knobs/fail_cmd"; echo 0 >"$knobs/fail_cmd_code"; reset_regions >/dev/null 2>&1 || true' EXIT
ndctl disable-region -b nfit_test.0 all >/dev/null
ndctl disable-dimm "$bad" >/dev/null
echo -6 >"$knobs/fail_cmd_code"   # -ENXIO
echo $((1 << 5)) >"$knobs/fail_cmd" # ND_CMD_GET_CONFIG_DATA
[ "$(cat "$knobs/fail_cmd_code")" = -6 ] || err "fail_cmd_code reads $(cat "$knobs/fail_cmd_code")"
ndctl enable-dimm "$bad" >/dev/null 2>&1 && err "$bad enabled with failing label reads"
# ndctl enable-region exits 0 having enabled none: read the state back.
enabled() { [ "$(ndctl list -Ri -r "$1" | jarray | jq -r .state)" != disabled ]; }
dmesg_mark
ndctl enable-region "$bad_region" >/dev/null 2>&1 || true
! enabled "$bad_region" || err "$bad_region enabled over a failed DIMM"
dmesg_since | grep -q "$bad_region: $bad: is disabled, failing probe" || err "no reason logged for $bad_region"
ndctl enable-region "$good_region" >/dev/null || true
enabled "$good_region" || err "$good_region (not on $bad) failed to enable"
echo 0 >"$knobs/fail_cmd"
ndctl enable-dimm "$bad" >/dev/null || err "$bad does not enable after clearing fail_cmd"
ndctl enable-region "$bad_region" >/dev/null || true
enabled "$bad_region" || err "$bad_region does not enable after clearing fail_cmd"
