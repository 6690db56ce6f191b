#!/bin/bash
# Every replaced module is the nfit_test build: under extra/, taint O set,
# none built into the kernel.
source "$(dirname "$0")/common.sh"

[ $(($(cat /proc/sys/kernel/tainted) & 4096)) -ne 0 ] || err "out-of-tree taint (O) not set"
for m in $mock_modules nfit_test; do
	! grep -q "/$m.ko$" "/lib/modules/$(uname -r)/modules.builtin" || err "$m is built in"
	case $m in
	device_dax | dax_pmem | nd_e820) ;; # no device of theirs on the nfit_test buses
	cxl_*) ;;                           # cxl_test's, loaded by nfit-test/cxl/
	*) [ -d "/sys/module/$m" ] || err "$m not loaded" ;;
	esac
done
[ -r "$memremap_log" ] || err "$memremap_log missing: iomap.c without the recording patch"
