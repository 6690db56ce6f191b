#!/bin/bash
# DAX on the provider's namespace under wt: ext4 mounted dax=always on its
# block device (the pages are the namespace's own, map=mem), a file's user
# mapping write-through in every entry, and data filled by plain stores
# and one SFENCE intact after a remount.
source "$(dirname "$0")/common.sh"
need mkfs.ext4

reset_regions
first_ns
set_type "$ns" wt
mnt=/tmp/provider-dax
mkdir -p "$mnt"
mkfs.ext4 -q -F -b 4096 "$dev" || err "mkfs.ext4 $dev"
trap 'umount "$mnt" 2>/dev/null || true; reset_regions >/dev/null 2>&1 || true' EXIT
mount -o dax=always "$dev" "$mnt" || err "mount -o dax=always on wt $ns: $(dmesg | tail -n 2)"
size=$((64 << 20))
fallocate -l "$size" "$mnt/file" || err "fallocate"
expect_user_types "$mnt/file" "$size" WT
wt_store write "$mnt/file" "$size" 7
umount "$mnt"
mount -o dax=always "$dev" "$mnt" || err "remount"
wt_store check "$mnt/file" "$size" 7
umount "$mnt"
