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
	json=$(create_ns "$region" -m devdax -a "$align" -s 256M) || err "create devdax -a $align"
	chardev=/dev/$(jq -r '.daxregion.devices[0].chardev' <<<"$json")
	want=pmd
	[ "$align" = 2M ] || want=pte
	out=$(pagetable user "$chardev" $((64 << 20)))
	echo "devdax -a $align:"
	echo "$out"
	got=$(grep -v '^#' <<<"$out")
	levels=$(awk '{ print $4 }' <<<"$got" | sort -u)
	[ "$levels" = "$want" ] || err "devdax -a $align faulted as '$(paste -sd, <<<"$levels")', want $want"
	types=$(awk '{ print $5 }' <<<"$got" | sort -u)
	[ "$types" = WB ] || err "devdax -a $align mapped '$(paste -sd, <<<"$types")', want WB"
	# The mapping covers all 64M: lines add up to the whole range.
	total=$(awk '{ s += $3 } END { print s }' <<<"$got")
	[ "$total" = $((64 << 20)) ] || err "entries cover $total bytes of $((64 << 20))"
done
