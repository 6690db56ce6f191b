#!/bin/bash
# fsdax (ext4 and xfs, dax=always) and devdax on a wt namespace with the
# memmap in RAM: the reservation, the direct map and a user mapping are all
# write-through, the entries read from the page tables (devdax -a 2M and
# both file systems laid out on 2M boundaries fault in 2M entries); data
# filled by plain stores and one SFENCE (no flush) reads back after the
# namespace is disabled and enabled again, and after switching to wb and
# back. Under TCG every store reaches the backing file
# anyway: this proves the write-through path loses nothing, not that a
# CPU cache would have written it through.
source "$(dirname "$0")/common.sh"
need mkfs.ext4 mkfs.xfs xfs_io

modprobe device_dax || err "modprobe device_dax"
region=$(nfit_regions | head -n1)
mnt=/tmp/dax-wt
mkdir -p "$mnt"
size=$((64 << 20))

# The kernel side of namespace NS mapped with TYPE (WB or WT): PAT and the
# direct map, which has 2M entries where the range allows them.
expect_kernel_type() {
	local ns=$1 type=$2 start nsize name
	read -r start nsize < <(ns_range "$ns")
	[ "$type" = WT ] && name=write-through || name=write-back
	expect_pat_type "$start" "$nsize" "$name"
	expect_pt_types "$start" "$nsize" "direct $type"
	pagetable phys "$start" "$nsize" | grep -q "^direct .* pmd $type$" ||
		err "no 2M direct-map entry for $ns"
}

# devdax
reset_regions
idle_set_mapping "$region" wt
create_ns "$region" -m devdax -M mem -a 2M -s 256M || err "devdax -M mem on wt: $ns_err"
expect_kernel_type "$ns" WT
expect_user_types "$chardev" "$size" WT pmd
wt_store write "$chardev" "$size" 11
set_type "$ns" wt
wt_store check "$chardev" "$size" 11
set_type "$ns" wb
expect_kernel_type "$ns" WB
expect_user_types "$chardev" "$size" WB pmd
wt_store check "$chardev" "$size" 11
set_type "$ns" wt
expect_user_types "$chardev" "$size" WT pmd
wt_store check "$chardev" "$size" 11
echo "devdax $ns: wt and wb in PAT, direct map and user 2M entries; data intact"

# fsdax
for fs in ext4 xfs; do
	reset_regions
	idle_set_mapping "$region" wt
	create_ns "$region" -m fsdax -M mem -a 2M -s 512M || err "fsdax -M mem on wt ($fs): $ns_err"
	expect_kernel_type "$ns" WT
	# Files on 2M boundaries, so that faults can map 2M: ext4's allocator
	# aligns to a 2M stripe; xfs aligns to a 2M stripe unit with a 2M
	# extent size hint, and that stripe unit wants a 64M log, which fits
	# an allocation group only with 2 of them on this 512M namespace.
	if [ "$fs" = ext4 ]; then
		out=$(mkfs.ext4 -q -F -b 4096 -E stride=512,stripe_width=512 "$dev" 2>&1) || err "mkfs.ext4: $out"
	else
		out=$(mkfs.xfs -q -f -d su=2m,sw=1,agcount=2 -l size=64m "$dev" 2>&1) || err "mkfs.xfs: $out"
	fi
	mount -o dax=always "$dev" "$mnt" || err "mount -o dax=always $fs"
	[ "$fs" = ext4 ] || xfs_io -c "extsize 2m" "$mnt" || err "xfs_io extsize 2m"
	fallocate -l "$size" "$mnt/file" || err "fallocate on $fs"
	expect_user_types "$mnt/file" "$size" WT pmd
	wt_store write "$mnt/file" "$size" 12
	umount "$mnt"
	set_type "$ns" wb
	expect_kernel_type "$ns" WB
	mount -o dax=always "$dev" "$mnt" || err "remount $fs under wb"
	wt_store check "$mnt/file" "$size" 12
	expect_user_types "$mnt/file" "$size" WB pmd
	umount "$mnt"
	set_type "$ns" wt
	mount -o dax=always "$dev" "$mnt" || err "remount $fs under wt"
	wt_store check "$mnt/file" "$size" 12
	umount "$mnt"
	echo "fsdax $ns ($fs): wt and wb in PAT, direct map and file mapping in 2M entries; data intact"
done
