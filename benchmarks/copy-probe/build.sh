#!/bin/bash
# Build benchmarks/copy-probe (the 2x2 copy-path experiment of `make bench`)
# out of tree against the patched build. The module is loaded only inside
# the guest. Prints the path of the .ko.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../../scripts/lib.sh"

build=$(pmem_build_dir patched)
srcdir=$PMEM_TOP/benchmarks/copy-probe
work=$PMEM_CACHE/build/copy-probe
ko=$work/pmem_copy_probe.ko
stamp=$work/.pmem-stack-stamp

"$PMEM_TOP/kernel/build.sh" patched >/dev/null
hash=$({
	cat "$build/.pmem-stack-stamp"
	cat "$srcdir"/Kbuild "$srcdir"/*.c
} | sha256sum | cut -d' ' -f1)
if pmem_stamp_is "$stamp" "$hash" && [ -f "$ko" ]; then
	echo "$ko"
	exit 0
fi

# M= builds write their objects next to the sources: build a copy.
rm -rf "$work"
mkdir -p "$work"
cp "$srcdir"/Kbuild "$srcdir"/*.c "$work/"
msg "copy-probe: building $(basename "$ko") against $build"
run_logged "$(pmem_log_dir)/copy-probe-build.log" pmem_kmake "$build" "$(pmem_localversion patched)" M="$work" modules
echo "$hash" >"$stamp"
echo "$ko"
