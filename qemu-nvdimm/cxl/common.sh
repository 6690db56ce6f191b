# shellcheck shell=bash
# Sourced by every CXL case: a boot of qemu-nvdimm/run --pmem cxl (QEMU's
# cxl-type3 persistent memory behind a pxb-cxl host bridge), with the CXL
# drivers loaded by hand (the guest has no udev). Any other boot skips.
set -euo pipefail
# shellcheck source=testlib/case.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../testlib/case.sh"
[ "${PMEM_PROVIDER:-nfit}" = cxl ] || skip "CXL case: boot with qemu-nvdimm/run --pmem cxl (this boot: ${PMEM_PROVIDER:-nfit})"
command -v cxl >/dev/null || skip "cxl (ndctl's CXL tool) not installed in the guest's root"
for m in cxl_acpi cxl_pci cxl_port cxl_mem cxl_pmem; do
	modprobe "$m" || err "modprobe $m"
done
# The nvdimm bridge registers its bus from a work item: wait for it.
for _ in $(seq 50); do
	[ -e /sys/bus/cxl/devices/nvdimm-bridge0/ndbus0 ] && break
	sleep 0.1
done

# cxl_dev_driver DEV: the driver bound to /sys/bus/cxl/devices/DEV, or "".
cxl_dev_driver() {
	local d=/sys/bus/cxl/devices/$1/driver
	if [ -e "$d" ]; then
		basename "$(readlink "$d")"
	fi
}
