#!/bin/bash
# make check-debug fails a guest run on a leak of the pmem stack only: the
# filter keeps an object whose backtrace has a frame in a pmem-stack module
# or function, and drops the kernel's own (9p, the boot), including frames
# that merely contain the letters (find_vma, kmalloc_node).
source "$(dirname "$0")/common.sh"
# shellcheck source=scripts/lib.sh
source "$TOP/scripts/lib.sh"

report() {
	local comm=$1
	shift
	printf 'unreferenced object 0xffff888003a1%04x (size 64):\n' "$RANDOM"
	printf '  comm "%s", pid 1, jiffies 4294892298 (age 12.300s)\n' "$comm"
	printf '  hex dump (first 32 bytes):\n    00 00 00 00 00 00 00 00  ........\n  backtrace:\n'
	printf '    [<ffffffff81234567>] %s\n' "$@"
}
{
	report swapper/0 'kmalloc_trace+0x26/0x60' 'p9_fid_create+0x2a/0x100' 'find_vma+0x1/0x2'
	report modprobe 'kmalloc_trace+0x26/0x60' 'nd_region_probe+0x2a/0x100 [libnvdimm]'
	report bash '__kmalloc_node_track_caller+0x1/0x2' 'kernfs_fop_write_iter+0x1/0x2'
	report ndctl 'kmalloc_trace+0x26/0x60' 'devm_memremap_pages+0x10/0x300'
	report modprobe 'kmalloc_trace+0x26/0x60' 'nfit_test_probe+0x10/0x300 [nfit_test]'
} >"$SCRATCH/kmemleak"
got=$(pmem_kmemleak_stack <"$SCRATCH/kmemleak")
[ "$(grep -c '^unreferenced object' <<<"$got")" = 3 ] ||
	err "filter kept $(grep -c '^unreferenced object' <<<"$got") objects, want 3: $got"
for want in nd_region_probe devm_memremap_pages nfit_test_probe; do
	grep -q "$want" <<<"$got" || err "filter dropped the leak through $want"
done
for unwanted in p9_fid_create kernfs_fop_write_iter; do
	if grep -q "$unwanted" <<<"$got"; then err "filter kept the kernel's own leak through $unwanted"; fi
done
[ -z "$(pmem_kmemleak_stack </dev/null)" ] || err "an empty report gave output"
