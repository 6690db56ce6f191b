# shellcheck shell=bash
# Sourced by every nfit_test case: load nfit_test from the test build,
# refuse to run on anything else, then the shared pmem helpers on bus
# nfit_test.0 (4 DIMMs, labels; nfit_test.1: 2 DIMMs with failure flags).
set -euo pipefail
memremap_log=/sys/kernel/debug/nfit_test/memremap

modprobe nfit_test || { echo "FAIL: modprobe nfit_test" >&2; exit 1; }
# A wrong module is a false green: every case fails unless libnvdimm and
# friends come from the nfit_test build (extra/).
for m in nfit libnvdimm nd_pmem nd_btt dax_pmem device_dax; do
	path=$(modinfo -n "$m" 2>/dev/null) || path=""
	case $path in
	*/extra/*) ;;
	*) echo "FAIL: provenance: $m resolves to '${path:-built-in or missing}', not the nfit_test build" >&2; exit 1 ;;
	esac
done

PMEM_BUS=nfit_test.0
# shellcheck source=qemu-nvdimm/tests/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../qemu-nvdimm/tests/common.sh"

# Mappings of test memory still live, as the wrapped memunmap() saw them.
live_maps() { sed -n 's/^live //p' "$memremap_log"; }
# The flags of the last map of NS's whole range, whoever asked (the
# namespace itself when raw, its btt device when sector).
map_flags() {
	local ns=$1 start size
	start=$(printf '0x%016x' "$(cat "/sys/bus/nd/devices/$ns/resource")")
	size=$(printf '%#x' "$(cat "/sys/bus/nd/devices/$ns/size")")
	grep -E "^map .* offset=$start size=$size " "$memremap_log" | tail -n1 | sed -n 's/.*flags=//p'
}

# The largest pmem region of nfit_test.0: BTT needs at least 16 MiB of arena.
big_region() {
	ndctl list -R -b nfit_test.0 | jarray | jq -rs 'max_by(.size) | .dev'
}
