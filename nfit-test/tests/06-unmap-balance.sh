#!/bin/bash
# Every map has its unmap: after destroying the namespaces and disabling
# every region of both buses, no mapping of test memory is live.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
create_ns "$region" -m sector -s 32M || err "create sector: $ns_err"
[ "$(live_maps)" -gt 0 ] || err "no live mapping while namespaces are enabled"
ndctl destroy-namespace -f -b nfit_test.0 all >/dev/null
ndctl disable-region all >/dev/null
[ "$(live_maps)" -eq 0 ] || err "$(live_maps) mappings still live after disable: $(tail -n 5 "$memremap_log")"
ndctl enable-region all >/dev/null
