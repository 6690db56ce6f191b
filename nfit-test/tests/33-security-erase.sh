#!/bin/bash
# sanitize-dimm --crypto-erase with the DIMM's passphrase: security ends
# disabled and the old passphrase is gone, so a new one can be set up.
# (nfit_test emulates the security state machine, not the media erase.)
source "$(dirname "$0")/common.sh"

reset_regions
secure_dimm
ndctl disable-dimm "$sec_dimm" >/dev/null
ndctl sanitize-dimm --crypto-erase "$sec_dimm" >/dev/null 2>&1 || err "sanitize-dimm --crypto-erase $sec_dimm"
[ "$(dimm_security "$sec_dimm")" = disabled ] || err "security after erase: $(dimm_security "$sec_dimm")"
ndctl setup-passphrase "$sec_dimm" -k user:nvdimm-master >/dev/null 2>&1 || err "setup-passphrase after the erase"
[ "$(dimm_security "$sec_dimm")" = unlocked ] || err "security after a new setup: $(dimm_security "$sec_dimm")"
