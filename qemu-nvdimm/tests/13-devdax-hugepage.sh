#!/bin/bash
# devdax faults in the page size its align asks for: with -a 2M every
# entry of a user mapping is a 2M pmd, with -a 4k a pte, read from the
# page tables; both write-back. (smaps' KernelPageSize would say 4 kB for
# both here: vma_kernel_pagesize() asks the dax device only on kernels
# with HUGETLB_PAGE, which no pmem path needs. The entries are the proof.)
source "$(dirname "$0")/common.sh"

modprobe device_dax || err "modprobe device_dax"
region=$(nfit_regions | head -n1)
for align in 2M 4K; do
	reset_regions
	create_ns "$region" -m devdax -a "$align" -s 256M || err "create devdax -a $align: $ns_err"
	level=pmd
	[ "$align" = 2M ] || level=pte
	expect_user_types "$chardev" $((64 << 20)) WB "$level"
done
