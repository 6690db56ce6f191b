# shellcheck shell=bash
# Sourced by every guest case of qemu-nvdimm/tests: helpers for the emulated
# NVDIMMs QEMU exposes over ACPI NFIT. A case exits 0 (pass), 77 (skip, with
# the reason as its last line) or anything else (fail).
set -euo pipefail

err() {
	echo "FAIL: $*" >&2
	exit 1
}
skip() {
	echo "$*"
	exit 77
}
need_cmd() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null || skip "$c not installed in the guest's root"
	done
}

need_cmd ndctl jq
[ -d /sys/bus/nd ] || skip "libnvdimm not loaded"

# Regions of the ACPI NFIT bus (QEMU: one per DIMM), in a stable order.
nfit_regions() {
	ndctl list -R -b ACPI.NFIT | jarray | jq -r .dev | sort -V
}

# Every case starts from empty, labelled regions and leaves them so:
# no case depends on the state another left.
reset_regions() {
	ndctl destroy-namespace -f -b ACPI.NFIT all >/dev/null 2>&1 || true
	ndctl disable-region -b ACPI.NFIT all >/dev/null
	ndctl init-labels -f -b ACPI.NFIT all >/dev/null 2>&1 || err "init-labels failed"
	ndctl enable-region -b ACPI.NFIT all >/dev/null
}
trap 'reset_regions >/dev/null 2>&1 || true' EXIT

# create_ns REGION ARGS... -> prints the namespace's JSON
create_ns() {
	local region=$1
	shift
	ndctl create-namespace -r "$region" "$@"
}

# The namespace's physical range as "start end" in hex (resource file + size).
ns_range() {
	local ns=$1 start size
	start=$(cat "/sys/bus/nd/devices/$ns/resource")
	size=$(cat "/sys/bus/nd/devices/$ns/size")
	printf '0x%x 0x%x\n' "$start" $((start + size))
}

# Write a pseudo-random pattern over a block device with O_DIRECT and verify
# it with fio's crc32c: end-to-end data check, never timed.
verify_blockdev() {
	local dev=$1 size=${2:-64M}
	fio --name=verify --filename="$dev" --rw=randwrite --bs=4k --size="$size" \
		--direct=1 --ioengine=psync --verify=crc32c --verify_fatal=1 \
		--do_verify=1 --randrepeat=0 --output-format=terse >/dev/null ||
		err "fio verify failed on $dev"
}

# ndctl prints one object bare and several as an array: always an array.
jarray() { jq -c 'if type == "array" then .[] else . end'; }
