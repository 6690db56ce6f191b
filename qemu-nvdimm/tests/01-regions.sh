#!/bin/bash
# QEMU's NFIT shows one pmem region per emulated DIMM, each with its DIMM.
source "$(dirname "$0")/common.sh"

mapfile -t regions < <(nfit_regions)
want=$(ndctl list -D -b ACPI.NFIT | jq 'if type == "array" then length else 1 end')
[ "${#regions[@]}" -ge 1 ] || err "no ACPI.NFIT region"
[ "${#regions[@]}" -eq "$want" ] || err "${#regions[@]} regions for $want DIMMs"
for r in "${regions[@]}"; do
	ndctl list -r "$r" -R | jarray | jq -e '.type == "pmem"' >/dev/null || err "$r is not a pmem region"
done
