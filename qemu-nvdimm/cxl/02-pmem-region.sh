#!/bin/bash
# A CXL pmem region as libnvdimm sees it: mem0's cxl_nvdimm (pmem0) must
# bind and put an nvdimm on the CXL bus before cxl create-region can give
# libnvdimm a region to make namespaces on. On Linux 6.1 with QEMU 7.2 it
# does not, on the stock kernel as on the patched one: cxl_nvdimm_probe()
# returns without a word (-ENXIO or -ENODEV, which the driver core does not
# log), no nvdimm appears, and a region made anyway oopses in cxl_pmem's
# release_mappings() on the probe's error path (it deletes mappings never
# added: "BUG: kernel NULL pointer dereference ...
# release_mappings+0x47/0x65 [cxl_pmem]"). The case skips with that reason
# while pmem0 has no driver, and fails if it binds, so that the region,
# namespace and wt cases get written then. Until then the kernel's own
# mock, cxl_test, brings CXL pmem regions up: nfit-test/cxl/.
source "$(dirname "$0")/common.sh"

drv=$(cxl_dev_driver pmem0)
nmems=$(find /sys/bus/cxl/devices/nvdimm-bridge0/ndbus0/ -maxdepth 1 -name 'nmem*' | wc -l)
if [ -z "$drv" ] && [ "$nmems" -eq 0 ]; then
	skip "CXL pmem: on 6.1 + QEMU 7.2 mem0's cxl_nvdimm pmem0 does not bind (no nvdimm on the CXL bus), and cxl create-region then oopses in cxl_pmem release_mappings(); CXL pmem regions are tested on cxl_test (nfit-test/cxl/)"
fi
err "pmem0 is bound to '$drv' with $nmems nvdimm(s) on the CXL bus: CXL regions may work now; write the region, namespace and wt cases"
