#!/bin/bash
# The CXL provider's topology as Linux 6.1 enumerates it from QEMU 7.2: the
# CXL root (ACPI0017) with a host bridge port, a memory device whose
# capacity is all persistent, a root decoder over the fixed memory window
# that may hold pmem, and the nvdimm bridge with the nvdimm bus libnvdimm
# gives it (provider "CXL"): everything up to where a pmem region would
# hand its capacity to libnvdimm.
source "$(dirname "$0")/common.sh"
# need_json FILTER JSON WHAT: the first object of JSON passes jq's FILTER.
need_json() { jarray <<<"$2" | head -n1 | jq -e "$1" >/dev/null || err "$3: $(jq -c . <<<"$2")"; }

mem=$(cxl list -M -u)
need_json '.memdev == "mem0" and (.pmem_size | test("256.00 MiB"))' "$mem" "mem0 with 256 MiB of pmem"
[ "$(cxl_dev_driver mem0)" = cxl_mem ] || err "mem0 is bound to '$(cxl_dev_driver mem0)', not cxl_mem"
dec=$(cxl list -D -d root -u)
need_json '.pmem_capable == true' "$dec" "a root decoder that may hold pmem"
[ "$(cxl_dev_driver port1)" = cxl_port ] || err "port1 (the host bridge) is bound to '$(cxl_dev_driver port1)'"
[ "$(cxl_dev_driver nvdimm-bridge0)" = cxl_nvdimm_bridge ] || err "no nvdimm bridge driver"
[ "$(cat /sys/bus/cxl/devices/nvdimm-bridge0/ndbus0/provider)" = CXL ] || err "no CXL nvdimm bus"
echo "mem0: 256 MiB pmem; decoder0.0 pmem-capable; nvdimm-bridge0 with bus $(basename "$(readlink -f /sys/bus/cxl/devices/nvdimm-bridge0/ndbus0)")"
