#!/bin/bash
# A locked DIMM (nfit_test's lock_dimm, as after a power cycle) is unlocked
# by the kernel from the key in the keyring when it is enabled, and its
# labels are readable again.
source "$(dirname "$0")/common.sh"

reset_regions
secure_dimm
ndctl disable-dimm "$sec_dimm" >/dev/null
echo 1 >"$(test_dimm_dir "$sec_dimm")/lock_dimm"
[ "$(dimm_security "$sec_dimm")" = locked ] || err "security after lock_dimm: $(dimm_security "$sec_dimm")"
ndctl enable-dimm "$sec_dimm" >/dev/null || err "enable-dimm did not unlock $sec_dimm"
[ "$(dimm_security "$sec_dimm")" = unlocked ] || err "security after enable: $(dimm_security "$sec_dimm")"
ndctl read-labels -j "$sec_dimm" >/dev/null 2>&1 || err "labels unreadable after unlock"
