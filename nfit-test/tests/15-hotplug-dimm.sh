#!/bin/bash
# After probe nfit_test.0 hot-adds a fifth DIMM (handle 0x1000) through a
# _FIT notification: it shows on the bus next to the four it booted with,
# and the notification leaves no "failed to evaluate _FIT" behind.
source "$(dirname "$0")/common.sh"
trap - EXIT

reload_nfit_test
handles=$(ndctl list -Di -b nfit_test.0 | jarray | jq -r .handle | sort -n | xargs)
[ "$handles" = "0 1 256 257 4096" ] || err "nfit_test.0 DIMM handles: $handles, want 0 1 256 257 4096"
why=$(dmesg_since | grep -oE 'failed to evaluate _FIT|new nfit deletes entries.*|failed to merge updated NFIT|Invalid _FIT' | head -n1 || true)
[ -z "$why" ] || err "the _FIT notification complained: '$why'"
