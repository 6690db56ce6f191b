#!/bin/bash
# A DAX file system on device-mapper, over namespaces of both types: a
# dm-linear table joins a wt fsdax namespace and a wb one, and ext4 with
# dax=always lays a file across both. dm hands each fault the pages of the
# namespace below it, so every user page-table entry of the file must have
# the type of the namespace that holds that part of the file (found with
# FIEMAP), and both types must be seen. A second file system sits on
# dm-log-writes over a wt namespace: its MAP_SYNC mapping is write-through
# too, and a write fault on it commits the file system's metadata (a
# flush reaches the log) before the store returns, where a plain shared
# mapping leaves it to the journal's timer.
source "$(dirname "$0")/common.sh"
need dmsetup mkfs.ext4 filefrag blockdev python3

modprobe dm-mod 2>/dev/null || true
[ -e /dev/mapper/control ] || skip "no device-mapper (CONFIG_BLK_DEV_DM)"
mapfile -t regions < <(nfit_regions)
[ "${#regions[@]}" -ge 2 ] || skip "needs two NVDIMMs"
mnt=/tmp/dm-dax
mkdir -p "$mnt"
dm=pmem-stack-dm
here=$(dirname "$0")

cleanup() {
	umount "$mnt" 2>/dev/null || true
	dmsetup remove --noudevsync "$dm" 2>/dev/null || true
	rmmod brd 2>/dev/null || true
	reset_regions >/dev/null 2>&1 || true
}
trap cleanup EXIT

dm_create() {
	dmsetup create --noudevsync "$dm" --table "$1" || err "dmsetup create $dm: $1"
	dmsetup mknodes "$dm" >/dev/null 2>&1 || true
	[ -b "/dev/mapper/$dm" ] || err "no /dev/mapper/$dm"
	local node
	node=$(dmsetup info -c --noheadings -o blkdevname "$dm") || err "dmsetup info $dm"
	[ "$(cat "/sys/block/$node/queue/dax")" = 1 ] || err "$dm ($1) does not support DAX"
}

# 1. dm-linear over a wt and a wb namespace
reset_regions
idle_set_mapping "${regions[0]}" wt
create_ns "${regions[0]}" -m fsdax -M mem -a 2M -s 256M || err "fsdax wt: $ns_err"
wt_dev=$dev wt_ns=$ns
create_ns "${regions[1]}" -m fsdax -M mem -a 2M -s 256M || err "fsdax wb: $ns_err"
wb_dev=$dev
if [ "$(ns_mapping "$wt_ns")" != wt ] || [ "$(ns_mapping "$ns")" != wb ]; then
	err "namespaces read $(ns_mapping "$wt_ns") and $(ns_mapping "$ns"), want wt and wb"
fi
wt_sectors=$(blockdev --getsz "$wt_dev")
wb_sectors=$(blockdev --getsz "$wb_dev")
# 2M-aligned join: no huge page can straddle the two namespaces.
[ $((wt_sectors % 4096)) -eq 0 ] || err "$wt_dev has $wt_sectors sectors, not a 2M multiple"
dm_create "0 $wt_sectors linear $wt_dev 0
$wt_sectors $wb_sectors linear $wb_dev 0"
out=$(mkfs.ext4 -q -F -b 4096 -E stride=512,stripe_width=512 "/dev/mapper/$dm" 2>&1) || err "mkfs.ext4: $out"
mount -o dax=always "/dev/mapper/$dm" "$mnt" || err "mount -o dax=always on $dm: $(dmesg | tail -n 2)"
size=$((400 << 20))
fallocate -l "$size" "$mnt/file" || err "fallocate"
out=$(pagetable user "$mnt/file" "$size")
extents=$(filefrag -e -b4096 "$mnt/file") || err "filefrag $mnt/file"
got=$("$here/dm-file-types.py" $((wt_sectors * 512)) WT WB <<<"$extents"$'\n'"$out") ||
	err "dm-linear file: $got"
echo "dm-linear over wt $wt_dev + wb $wb_dev: $got"
wt_store write "$mnt/file" "$size" 31
umount "$mnt"
mount -o dax=always "/dev/mapper/$dm" "$mnt" || err "remount $dm"
wt_store check "$mnt/file" "$size" 31
umount "$mnt"
dmsetup remove --noudevsync "$dm" || err "dmsetup remove $dm"

# 2. dm-log-writes over a wt namespace, the log on a ramdisk
modprobe brd rd_nr=1 rd_size=$((128 << 10)) || err "modprobe brd"
modprobe dm-log-writes 2>/dev/null || true
dm_create "0 $wt_sectors log-writes $wt_dev /dev/ram0"
out=$(mkfs.ext4 -q -F -b 4096 -E stride=512,stripe_width=512 "/dev/mapper/$dm" 2>&1) || err "mkfs.ext4: $out"
# A long commit interval, and no background inode-table zeroing: only
# MAP_SYNC may make a flush reach the log while the stores run.
mount -o dax=always,commit=600,noinit_itable "/dev/mapper/$dm" "$mnt" || err "mount -o dax=always on log-writes: $(dmesg | tail -n 2)"
size=$((16 << 20))
for kind in shared sync; do
	fallocate -l "$size" "$mnt/$kind" || err "fallocate $kind"
	sync -f "$mnt"
	dmsetup message "$dm" 0 mark "before-$kind" || err "mark before-$kind"
	if [ "$kind" = sync ]; then wt_store write "$mnt/$kind" "$size" 32 sync; else wt_store write "$mnt/$kind" "$size" 32; fi
	dmsetup message "$dm" 0 mark "after-$kind" || err "mark after-$kind"
done
expect_user_types "$mnt/sync" "$size" WT pmd
umount "$mnt"
dmsetup remove --noudevsync "$dm" || err "dmsetup remove $dm"
got=$("$here/log-writes.py" /dev/ram0 before-shared after-shared before-sync after-sync) ||
	err "reading the log: $got"
read -r shared_flushes sync_flushes <<<"$got"
echo "flushes logged during the stores: shared $shared_flushes, MAP_SYNC $sync_flushes"
[ "$sync_flushes" -gt 0 ] || err "a MAP_SYNC write fault logged no flush: its metadata was not committed"
[ "$shared_flushes" -eq 0 ] ||
	err "a plain shared mapping's stores logged $shared_flushes flushes: the control cannot tell MAP_SYNC apart"
