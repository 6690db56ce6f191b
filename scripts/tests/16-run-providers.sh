#!/bin/bash
# qemu-nvdimm/run --pmem, --persistence, --cpu and --numa: what a provider
# cannot honour, a CPU model that is not one, and RAM that does not split
# over the nodes, are refused by name before any kernel is looked for.
source "$(dirname "$0")/common.sh"

run=$TOP/qemu-nvdimm/run
expect_fail "--pmem wants nfit, virtio, e820 or cxl, got 'dram'" "$run" --pmem dram -- true
expect_fail "--size must be a multiple of 256M" "$run" --pmem cxl --size 200M -- true
expect_fail "--persistence is the NFIT's: not for --pmem cxl" "$run" --pmem cxl --persistence cpu -- true
expect_fail "--persistence wants cpu or mem-ctrl, got 'disk'" "$run" --persistence disk -- true
expect_fail "--persistence is the NFIT's: not for --pmem virtio" "$run" --pmem virtio --persistence cpu -- true
expect_fail "--crash with --pmem e820" "$run" --pmem e820 --mem 1G --crash -- true
expect_fail "must stay under 3584M" "$run" --pmem e820 -- true
expect_fail "multiples of 128M" "$run" --pmem e820 --mem 1000M -- true
expect_fail "--cpu wants a QEMU CPU model" "$run" --cpu 'max;reboot' -- true
expect_fail "--numa wants 1..8 nodes, got '0'" "$run" --numa 0 -- true
expect_fail "--numa wants 1..8 nodes, got 'two'" "$run" --numa two -- true
expect_fail "--numa 3: --mem .2G. must split into whole 128M sections per node" "$run" --numa 3 -- true
expect_fail "--numa with --pmem e820" "$run" --pmem e820 --mem 1G --numa 2 -- true
[ ! -e "$PMEM_CACHE/logs/qemu" ] || err "a refused run left $PMEM_CACHE/logs/qemu behind"
