#!/bin/bash
# An fsdax namespace carries an ext4 mounted with dax=always: files are
# DAX (statx attribute) and a file's content survives a remount.
source "$(dirname "$0")/common.sh"
need mkfs.ext4 xfs_io

mnt=/tmp/nfit-dax
trap 'umount "$mnt" 2>/dev/null || true; reset_regions >/dev/null 2>&1 || true' EXIT
reset_regions
region=$(big_region)
create_ns "$region" -m fsdax -M mem -s 48M || err "create fsdax: $ns_err"
mkfs.ext4 -q -F -b 4096 "$dev" || err "mkfs.ext4"
mkdir -p "$mnt"
mount -o dax=always "$dev" "$mnt" || err "mount -o dax=always"
grep -E "^$dev $mnt ext4 .*dax=always" /proc/mounts >/dev/null || err "mount options: $(grep "$dev" /proc/mounts)"
head -c 8M /dev/urandom >"$mnt/file"
sum=$(sha256sum <"$mnt/file")
# STATX_ATTR_DAX (0x200000): the file is accessed through DAX
attr=$(xfs_io -c 'statx -r' "$mnt/file" | sed -n 's/^stat.attributes = //p')
[ -n "$attr" ] || err "xfs_io statx printed no attributes"
[ $((attr & 0x200000)) -ne 0 ] || err "file is not DAX: statx attributes $attr"
umount "$mnt"
mount -o dax=always "$dev" "$mnt" || err "remount"
[ "$(sha256sum <"$mnt/file")" = "$sum" ] || err "file content changed across a remount"
