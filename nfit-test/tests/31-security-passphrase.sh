#!/bin/bash
# Security on an nfit_test DIMM: setup-passphrase turns it on (unlocked),
# update-passphrase changes it, remove-passphrase turns it off.
source "$(dirname "$0")/common.sh"

reset_regions
secure_dimm
ndctl update-passphrase "$sec_dimm" >/dev/null 2>&1 || err "update-passphrase $sec_dimm"
[ "$(dimm_security "$sec_dimm")" = unlocked ] || err "security after update: $(dimm_security "$sec_dimm")"
ndctl remove-passphrase "$sec_dimm" >/dev/null 2>&1 || err "remove-passphrase $sec_dimm"
[ "$(dimm_security "$sec_dimm")" = disabled ] || err "security after remove: $(dimm_security "$sec_dimm")"
