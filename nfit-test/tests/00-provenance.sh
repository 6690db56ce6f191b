#!/bin/bash
# Every replaced module is the nfit_test build: under extra/, taint O set,
# none built into the kernel.
source "$(dirname "$0")/common.sh"

[ $(($(cat /proc/sys/kernel/tainted) & 4096)) -ne 0 ] || err "out-of-tree taint (O) not set"
for m in nfit libnvdimm nd_pmem nd_btt dax_pmem device_dax nfit_test; do
	! grep -q "/$m.ko$" "/lib/modules/$(uname -r)/modules.builtin" || err "$m is built in"
	[ -d "/sys/module/$m" ] || [ "$m" = device_dax ] || [ "$m" = dax_pmem ] || err "$m not loaded"
done
[ -r "$memremap_log" ] || err "$memremap_log missing: iomap.c without the recording patch"
