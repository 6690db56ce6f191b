#!/bin/bash
# Guest half of the power-loss test. "write MODE" makes a namespace in MODE
# on the first region, writes a pattern with O_DIRECT, waits for it to
# complete and prints its checksum; the host then SIGKILLs QEMU. "verify
# MODE SUM", in the next boot on the same backing files, reads it back.
source "$(dirname "$0")/common.sh"
trap - EXIT

action=$1 mode=$2
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

case $action in
write)
	reset_regions
	case $mode in
	raw) create_ns "$region" -m raw -s 128M >/dev/null ;;
	sector) create_ns "$region" -m sector -s 128M >/dev/null ;;
	fsdax)
		create_ns "$region" -m fsdax -a 2M -s 256M >/dev/null
		mkfs.ext4 -q -F -b 4096 "/dev/$(ndctl list -r "$region" -N | jarray | jq -r .blockdev | head -n1)"
		;;
	*) err "unknown mode $mode" ;;
	esac || err "create $mode namespace"
	t=$(target)
	[ "$mode" != fsdax ] || fallocate -l $((mb << 20)) "$t"
	sum=$(write_pattern "$t" "crash-$mode" "$mb")
	# Only what the write itself made durable may count: no unmount, no
	# sync beyond the write's own fsync.
	echo "sum=$sum"
	;;
verify)
	want=$3
	t=$(target)
	got=$(read_sum "$t" "$mb")
	[ "$got" = "$want" ] || err "$mode: read back $got, wrote $want"
	echo "verified $mb MiB on $mode after SIGKILL"
	;;
*) err "usage: crash-guest.sh write|verify MODE [SUM]" ;;
esac
