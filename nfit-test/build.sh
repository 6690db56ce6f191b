#!/bin/bash
# `make nfit-test`: build the kernel's two pmem mocks against the patched
# build: tools/testing/nvdimm (nfit_test and the libnvdimm, nfit, pmem, btt,
# dax modules linked with its --wrap= shims) and tools/testing/cxl (cxl_test
# and the CXL core and drivers linked with its own), and install them in
# one module root, where depmod makes them override the in-tree modules.
#
# Usage: nfit-test/build.sh [VARIANT]: against which kernel of
# kernel/variants (default patched); the module root is the row's nfit.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../scripts/lib.sh"

kernel=${1:-patched}
pmem_variant "$kernel"
name=$variant_nfit
[ "$name" != - ] || die "kernel variant '$kernel' has no nfit_test build (kernel/variants)"
src=$(pmem_src_dir)
build=$(pmem_build_dir "$kernel")
base=$(pmem_modroot "$kernel")
modroot=$(pmem_modroot "$name")
logs=$(pmem_log_dir)
work=$PMEM_CACHE/build/$name
stamp=$modroot/.pmem-stack-stamp

"$PMEM_TOP/kernel/build.sh" "$kernel" >/dev/null
# The mocks compile against the sources and headers checked out in the
# shared tree: the series', whatever a stock build or series-check left
# checked out there last (an up-to-date kernel is answered without one).
"$PMEM_TOP/kernel/tree.sh" "$variant_tree" >/dev/null
release=$(cat "$build/include/config/kernel.release")
hash=$({
	cat "$base/.pmem-stack-stamp"
	git -C "$src" rev-parse 'HEAD^{tree}'
	cat "$0" "$PMEM_TOP/nfit-test/replaced-modules" | sha256sum
} | sha256sum | cut -d' ' -f1)
if pmem_stamp_is "$stamp" "$hash"; then
	msg "$name: up to date ($modroot)"
	exit 0
fi
rm -f "$stamp"

# The Kbuild reaches the drivers as ../../../drivers/...: give it a tree of
# symlinks to the sources, so its objects land here and never in the
# source tree the O= kernel build reads.
rm -rf "$work"
for d in drivers/nvdimm drivers/acpi/nfit drivers/dax drivers/cxl tools/testing/nvdimm tools/testing/cxl; do
	mkdir -p "$work/$(dirname "$d")"
	cp -rs "$src/$d" "$work/$d"
done
kmake=(pmem_kmake "$build" "$variant_localversion")
msg "$name: building tools/testing/nvdimm (log: $logs/$name-build.log)"
run_logged "$logs/$name-build.log" "${kmake[@]}" M="$work/tools/testing/nvdimm" -j"${JOBS:-$(nproc)}" modules
msg "$name: building tools/testing/cxl (log: $logs/$name-cxl-build.log)"
run_logged "$logs/$name-cxl-build.log" "${kmake[@]}" M="$work/tools/testing/cxl" -j"${JOBS:-$(nproc)}" modules

# Own module root: the patched one (hard links) plus extra/, and a depmod
# configuration that prefers extra/ for every module the mocks replace.
rm -rf "$modroot"
mkdir -p "$(dirname "$modroot")"
cp -al "$base" "$modroot"
rm -f "$modroot/.pmem-stack-stamp"
run_logged "$logs/$name-install.log" "${kmake[@]}" M="$work/tools/testing/nvdimm" INSTALL_MOD_PATH="$modroot" \
	INSTALL_MOD_DIR=extra INSTALL_MOD_STRIP=1 DEPMOD=true modules_install
run_logged "$logs/$name-cxl-install.log" "${kmake[@]}" M="$work/tools/testing/cxl" INSTALL_MOD_PATH="$modroot" \
	INSTALL_MOD_DIR=extra INSTALL_MOD_STRIP=1 DEPMOD=true modules_install
mkdir -p "$modroot/etc/depmod.d"
grep -v '^#' "$PMEM_TOP/nfit-test/replaced-modules" | sed 's/.*/override & * extra/' \
	>"$modroot/etc/depmod.d/nfit-test.conf"
depmod -b "$modroot" -C "$modroot/etc/depmod.d" "$release"
echo "$hash" >"$stamp"
msg "$name: installed $(find "$modroot/lib/modules/$release/extra" -name '*.ko' | wc -l) modules in $modroot"
