#!/bin/bash
# QEMU's NFIT shows one pmem region per emulated DIMM, each with its DIMM,
# and every region starts 16M-aligned: fsdax and devdax namespaces need it
# on every DIMM, not only the first (run sizes the backends for it).
source "$(dirname "$0")/common.sh"

mapfile -t regions < <(nfit_regions)
want=$(ndctl list -D -b ACPI.NFIT | jq 'if type == "array" then length else 1 end')
[ "${#regions[@]}" -ge 1 ] || err "no ACPI.NFIT region"
[ "${#regions[@]}" -eq "$want" ] || err "${#regions[@]} regions for $want DIMMs"
for r in "${regions[@]}"; do
	ndctl list -r "$r" -R | jarray | jq -e '.type == "pmem"' >/dev/null || err "$r is not a pmem region"
	start=$(cat "/sys/bus/nd/devices/$r/resource")
	[ $((start % (16 << 20))) -eq 0 ] || err "$r starts at $start, not 16M-aligned"
done
# The last DIMM's region takes an fsdax namespace (it did not when QEMU
# packed the DIMMs by their size less the label area).
reset_regions
create_ns "${regions[-1]}" -m fsdax -s 64M || err "fsdax namespace on ${regions[-1]}: $ns_err"
