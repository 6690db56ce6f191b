# shellcheck shell=bash
# Sourced by every cxl_test case: load cxl_test (tools/testing/cxl, built
# into the nfit-test module root) and the CXL drivers by hand (the guest
# has no udev), refuse to run on anything else, then the shared pmem
# helpers on the nvdimm bus cxl_pmem registers for it (provider cxl_test).
#
# cxl_test mocks a CXL topology: host bridges, switches, memory devices
# with a pmem partition and a label area, and fixed memory windows at
# made-up physical addresses at the top of the address space. Its pmem
# regions are CXL regions as cxl create-region makes them, and libnvdimm
# gets them as nvdimm regions, so the pmem driver and the series map them
# as any other. Nothing backs those addresses: in the TCG guests here a
# store there is dropped and a load does not return it, so no cxl_test
# case checks data (nor a file system on it), and there is no crash case
# (nothing persists).
set -euo pipefail
# shellcheck source=testlib/case.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../testlib/case.sh"
# cxl_test gives its mock memory devices NUMA nodes 0 and 1 (a node with
# no memory oopses the allocation of the device's state).
[ -d /sys/devices/system/node/node1 ] ||
	skip "cxl_test puts its memory devices on NUMA nodes 0 and 1: boot with qemu-nvdimm/run --numa 2"
modinfo cxl_test >/dev/null 2>&1 || skip "no cxl_test module: boot with --modules nfit-test (make nfit-test)"
# shellcheck source=nfit-test/mock-modules.sh
source "$(dirname "${BASH_SOURCE[0]}")/../mock-modules.sh"
expect_mock_modules
for m in cxl_test cxl_mock_mem cxl_acpi cxl_port cxl_mem cxl_pmem dax_pmem device_dax; do
	modprobe "$m" || err "modprobe $m"
done
# The nvdimm bridge registers its bus from a work item, and binds the
# memory devices' nvdimms after it: a region made before they are all
# there finds none. Wait for one nvdimm on the bus per cxl_nvdimm.
nvdimms_bound() {
	local want
	want=$(find /sys/bus/cxl/devices/ -maxdepth 1 -name 'pmem*' | wc -l)
	[ "$want" -gt 0 ] && [ "$(ndctl list -D -b cxl_test 2>/dev/null | jarray | wc -l)" -eq "$want" ]
}
for _ in $(seq 100); do
	nvdimms_bound && break
	sleep 0.1
done
nvdimms_bound || err "cxl_test: $(ndctl list -D -b cxl_test 2>/dev/null | jarray | wc -l) nvdimms on bus cxl_test" \
	"for $(find /sys/bus/cxl/devices/ -maxdepth 1 -name 'pmem*' | wc -l) cxl_nvdimm devices after 10 s"
grep -q O /sys/module/cxl_core/taint || err "cxl_core is not the out-of-tree (O) build"

PMEM_BUS=cxl_test
# shellcheck source=qemu-nvdimm/tests/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../qemu-nvdimm/tests/common.sh"

# Every case starts from no CXL region and leaves none: destroying the CXL
# region takes its nvdimm region away.
reset_regions() {
	ndctl destroy-namespace -f -b cxl_test all >/dev/null 2>&1 || true
	cxl disable-region -b cxl_test all >/dev/null 2>&1 || true
	cxl destroy-region -f -b cxl_test all >/dev/null 2>&1 || err "cxl destroy-region all"
}

# pmem_region WAYS: a CXL pmem region of WAYS memory devices on the first
# root decoder of a pmem window with WAYS targets (host bridges), one
# device below each (region_memdevs). Sets cxl_region (regionN on the CXL
# bus), region (its nvdimm region, which has the same name), region_start
# and region_size.
pmem_region() {
	local ways=$1 decoder mems json="" out
	reset_regions
	decoder=$(cxl list -b cxl_test -D -d root | jarray |
		jq -r --argjson w "$ways" 'select(.pmem_capable == true and .nr_targets == $w) | .decoder' | head -n1)
	[ -n "$decoder" ] || err "cxl_test has no pmem root decoder with $ways targets"
	mems=$(region_memdevs "$decoder" "$ways")
	# shellcheck disable=SC2086 # one word per memory device
	out=$(cxl create-region -t pmem -d "$decoder" -w "$ways" -m $mems 2>&1) ||
		err "cxl create-region -t pmem -d $decoder -w $ways -m $mems: $out"
	json=$(sed -n '/^{/,/^}/p' <<<"$out")
	cxl_region=$(jq -r .region <<<"$json")
	region_start=$(jq -r .resource <<<"$json")
	region_size=$(jq -r .size <<<"$json")
	echo "$cxl_region: pmem x$ways, $decoder, ${mems//$'\n'/ }," \
		"$(printf '%#x' "$region_start")+$(printf '%#x' "$region_size")"
	region=$(ndctl list -R -b cxl_test | jarray | jq -r .dev | head -n1)
	[ "$region" = "$cxl_region" ] || err "nvdimm regions on cxl_test: '$region', want $cxl_region"
}

# region_memdevs DECODER WAYS: WAYS memory devices under DECODER's window,
# one below each of its host bridges, in the order of the window's
# targets (6.1 checks each position against the host bridge's).
region_memdevs() {
	local decoder=$1 ways=$2 hb port
	for hb in $(cxl list -b cxl_test -D -d "$decoder" -T | jarray |
		jq -r '.targets | sort_by(.position) | .[].target' | head -n "$ways"); do
		port=$(cxl list -b cxl_test -P | jarray | jq -r --arg h "$hb" 'select(.host == $h) | .port')
		[ -n "$port" ] || err "no port for host bridge $hb of $decoder"
		cxl list -b cxl_test -M -p "$port" | jarray | jq -r .memdev | sort -V | head -n1
	done
}

# expect_raw_type NS TYPE: set NS (raw or sector) to TYPE (wb, wt) while
# disabled; PAT reserves its range so, and the page tables hold one alias
# of that type and no direct map.
expect_raw_type() {
	local start nsize pt=WB name=write-back
	[ "$2" = wb ] || pt=WT name=write-through
	set_type "$1" "$2"
	read -r start nsize < <(ns_range "$1")
	expect_pat_type "$start" "$nsize" "$name"
	expect_pt_types "$start" "$nsize" "direct none" "vmalloc $pt"
}
