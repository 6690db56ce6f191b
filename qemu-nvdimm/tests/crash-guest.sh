#!/bin/bash
# Guest half of the power-loss test. "write MODE" makes a namespace in MODE
# on the first region, writes a pattern with O_DIRECT, waits for it to
# complete and prints its checksum; the host then SIGKILLs QEMU. "verify
# MODE SUM", in the next boot on the same backing files, reads it back.
# MODE devdax-wt: a wt devdax namespace (memmap in RAM) filled by plain
# stores and one SFENCE (wt-store); the type is not kept in the labels, so
# the verify boot sets it to wt again before checking. MODE virtio-raw: the
# namespace a virtio-pmem device comes with (no labels, nothing to create).
action=$1 mode=$2
[ "$mode" != virtio-raw ] || PMEM_BUS=virtio-pmem
source "$(dirname "$0")/common.sh"
trap - EXIT

region=$(nfit_regions | head -n1)
mnt=/tmp/crash
mb=32

target() {
	local blk
	blk=/dev/$(ndctl list -r "$region" -N | jarray | jq -r 'select(.blockdev) | .blockdev' | head -n1)
	[ -b "$blk" ] || err "no block device on $region after boot"
	if [ "$mode" = fsdax ]; then
		mkdir -p "$mnt"
		mount -o dax "$blk" "$mnt" || err "mount -o dax $blk"
		echo "$mnt/pattern"
	else
		echo "$blk"
	fi
}

# The devdax namespace's chardev, after setting its type to wt: the
# attribute changes while the dax device is disabled.
devdax_wt() {
	local ns
	modprobe device_dax || err "modprobe device_dax"
	ns=$(ndctl list -r "$region" -N | jarray | jq -r 'select(.mode == "devdax") | .dev' | head -n1)
	[ -n "$ns" ] || err "no devdax namespace on $region"
	if [ "$(ns_mapping "$ns")" != wt ]; then
		ndctl disable-namespace "$ns" >/dev/null || err "disable $ns"
		ns_mapping "$ns" wt
		ndctl enable-namespace "$ns" >/dev/null || err "enable $ns wt"
	fi
	echo "/dev/$(ndctl list -X -n "$ns" | jarray | jq -r '.daxregion.devices[0].chardev')"
}

case $action in
write)
	if [ "$mode" = devdax-wt ]; then
		reset_regions
		idle_set_mapping "$region" wt
		modprobe device_dax || err "modprobe device_dax"
		create_ns "$region" -m devdax -M mem -a 2M -s 256M || err "create devdax-wt: $ns_err"
		wt_store write "$(devdax_wt)" $((mb << 20)) 21
		echo "sum=seed-21"
		exit 0
	fi
	[ "$mode" = virtio-raw ] || reset_regions
	case $mode in
	virtio-raw) ;;
	raw) create_ns "$region" -m raw -s 128M ;;
	sector) create_ns "$region" -m sector -s 128M ;;
	fsdax)
		create_ns "$region" -m fsdax -a 2M -s 256M
		mkfs.ext4 -q -F -b 4096 "$dev"
		;;
	*) err "unknown mode $mode" ;;
	esac || err "create $mode namespace: $ns_err"
	t=$(target)
	[ "$mode" != fsdax ] || fallocate -l $((mb << 20)) "$t"
	sum=$(write_pattern "$t" "crash-$mode" "$mb")
	# Only what the write itself made durable may count: no unmount, no
	# sync beyond the write's own fsync.
	echo "sum=$sum"
	;;
verify)
	want=$3
	if [ "$mode" = devdax-wt ]; then
		wt_store check "$(devdax_wt)" $((mb << 20)) "${want#seed-}"
		echo "verified $mb MiB of plain stores on devdax wt after SIGKILL"
		exit 0
	fi
	t=$(target)
	got=$(read_sum "$t" "$mb")
	[ "$got" = "$want" ] || err "$mode: read back $got, wrote $want"
	echo "verified $mb MiB on $mode after SIGKILL"
	;;
*) err "usage: crash-guest.sh write|verify MODE [SUM]" ;;
esac
