#!/bin/bash
# A raw namespace carries block I/O that verifies end to end.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(nfit_regions | head -n1)
create_ns "$region" -m raw -s 256M || err "create raw namespace: $ns_err"
[ -b "$dev" ] || err "$dev is not a block device"
verify_blockdev "$dev"
ndctl destroy-namespace -f "$ns" >/dev/null || err "destroy $ns"
[ ! -e "$dev" ] || err "$dev still present after destroy"
