#!/bin/bash
# A write-through DAX range mapped by 4k entries, the other encoding of the
# type: a 4k entry carries PAT in bit 7 and a 2M one in bit 12, so the
# 2M cases (14-dax-wt) do not prove it. devdax with -a 4k faults in ptes;
# a DAX file on 2M boundaries faults in 2M entries unless its mapping is
# madvised MADV_NOHUGEPAGE, and then in ptes. Each mapping must read WT in
# every entry, and data filled by plain stores must read back after the
# namespace is disabled and enabled again.
source "$(dirname "$0")/common.sh"
need mkfs.ext4

modprobe device_dax || err "modprobe device_dax"
region=$(nfit_regions | head -n1)
mnt=/tmp/dax-wt-4k
mkdir -p "$mnt"
size=$((16 << 20))

reset_regions
idle_set_mapping "$region" wt
create_ns "$region" -m devdax -M mem -a 4K -s 256M || err "devdax -a 4K on wt: $ns_err"
read -r start nsize < <(ns_range "$ns")
expect_pat_type "$start" "$nsize" write-through
expect_user_types "$chardev" "$size" WT pte
wt_store write "$chardev" "$size" 31
set_type "$ns" wt
wt_store check "$chardev" "$size" 31
echo "devdax -a 4K $ns: user ptes write-through; data intact"

reset_regions
idle_set_mapping "$region" wt
create_ns "$region" -m fsdax -M mem -a 2M -s 256M || err "fsdax on wt: $ns_err"
out=$(mkfs.ext4 -q -F -b 4096 -E stride=512,stripe_width=512 "$dev" 2>&1) || err "mkfs.ext4: $out"
mount -o dax=always "$dev" "$mnt" || err "mount -o dax=always"
fallocate -l "$size" "$mnt/file" || err "fallocate"
# 2M first: a 4k fault leaves a 4k entry in the file's DAX index, and a
# later 2M fault over it falls back to 4k; a 4k fault under a 2M entry
# maps 4k as asked.
expect_user_types "$mnt/file" "$size" WT pmd
expect_user_types "$mnt/file" "$size" WT pte nohuge
wt_store write "$mnt/file" "$size" 32
umount "$mnt"
mount -o dax=always "$dev" "$mnt" || err "remount"
wt_store check "$mnt/file" "$size" 32
umount "$mnt"
echo "fsdax file on wt $ns: ptes after MADV_NOHUGEPAGE and 2M entries without, write-through; data intact"
