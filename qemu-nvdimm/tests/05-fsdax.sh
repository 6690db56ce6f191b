#!/bin/bash
# fsdax with its memmap in RAM (ext4) and on the device (xfs), 2M aligned:
# mount -o dax, then file writes and mmap writes verified after remount.
source "$(dirname "$0")/common.sh"
need mkfs.ext4 mkfs.xfs

reset_regions
region=$(nfit_regions | head -n1)
mnt=/tmp/fsdax
mkdir -p "$mnt"
for cfg in "mem ext4" "dev xfs"; do
	read -r map fs <<<"$cfg"
	create_ns "$region" -m fsdax -M "$map" -a 2M -s 512M || err "create fsdax map=$map: $ns_err"
	if [ "$fs" = ext4 ]; then mkfs.ext4 -q -F -b 4096 "$dev"; else mkfs.xfs -q -f "$dev"; fi
	mount -o dax "$dev" "$mnt" || err "mount -o dax $fs on $dev"
	grep -q "$mnt .*dax" /proc/mounts || err "$mnt not mounted with dax"
	fio --name=file --directory="$mnt" --filename=file --size=32M --bs=64k --rw=write \
		--ioengine=psync --verify=crc32c --verify_fatal=1 --output-format=terse >/dev/null ||
		err "file write verify on $fs (map=$map)"
	fio --name=mmap --directory="$mnt" --filename=mmap --size=32M --bs=4k --rw=randwrite \
		--ioengine=mmap --verify=crc32c --verify_fatal=1 --output-format=terse >/dev/null ||
		err "mmap write verify on $fs (map=$map)"
	sum=$(sha256sum "$mnt/mmap" | cut -d' ' -f1)
	umount "$mnt"
	mount -o dax "$dev" "$mnt" || err "remount $fs"
	[ "$(sha256sum "$mnt/mmap" | cut -d' ' -f1)" = "$sum" ] || err "mmap data changed across remount ($fs)"
	umount "$mnt"
	ndctl destroy-namespace -f "$ns" >/dev/null || err "destroy fsdax map=$map"
done
