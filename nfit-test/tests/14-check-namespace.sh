#!/bin/bash
# ndctl check-namespace finds a freshly written BTT clean.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m sector -s 32M || err "create sector: $ns_err"
verify_blockdev "$dev" 8M
ndctl disable-namespace "$ns" >/dev/null
ndctl check-namespace "$ns" >/dev/null 2>&1 || err "check-namespace on a clean BTT failed"
ndctl enable-namespace "$ns" >/dev/null
