#!/bin/bash
# /dev/mem is one more mapping of a namespace's range, one no pmem driver
# makes, and without PAT nothing would make it write-through. With
# STRICT_DEVMEM and IO_STRICT_DEVMEM its mmap refuses every page a driver
# has claimed busy in iomem, and each wt mode claims its whole range: raw
# and fsdax through the pmem driver, devdax through device_dax (its data)
# and dax_pmem (its info block). The BIOS area at 0xf0000 maps, and so
# does the range once no namespace claims it: a refusal is the claim's.
source "$(dirname "$0")/common.sh"
[ -c /dev/mem ] || skip "no /dev/mem (CONFIG_DEVMEM)"

expect_devmem ok 0xf0000 "the BIOS area"
modprobe device_dax || err "modprobe device_dax"
region=$(nfit_regions | head -n1)

for mode in raw fsdax devdax; do
	reset_regions
	idle_set_mapping "$region" wt
	args=(-m "$mode" -s 64M)
	[ "$mode" = raw ] || args+=(-M mem) # wt DAX keeps its memmap in RAM
	create_ns "$region" "${args[@]}" || err "$mode on wt: $ns_err"
	read -r start nsize < <(ns_range "$ns")
	expect_pat_type "$start" "$nsize" write-through
	for off in 0 $((2 << 20)) $((nsize - 4096)); do
		expect_devmem EPERM $((start + off)) "wt $mode $ns +$(printf '%#x' "$off")"
	done
done
reset_regions
expect_devmem ok "$start" "the same range, no namespace claiming it"
