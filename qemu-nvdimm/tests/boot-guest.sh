#!/bin/bash
# Guest half of the boot suite: cases that need a kernel command line of
# their own, or what an earlier boot left on the NVDIMMs.
#   nopat-wt           (booted with nopat) a wt raw namespace enables
#   make-dax           an fsdax namespace with a file on it, and a devdax
#                      one, both with the memmap on the namespace (ndctl's
#                      default); prints the file's checksum
#   dax-under-wt SUM   (booted with libnvdimm.default_mapping=wt over
#                      make-dax's NVDIMMs) both are refused (a memmap on
#                      the namespace would alias wt), left unclaimed, and
#                      come back under wb with the file
source "$(dirname "$0")/common.sh"
trap - EXIT

mnt=/tmp/boot-dax
mb=16

# The namespace of REGION that has capacity, enabled or not.
sized_ns() {
	ndctl list -r "$1" -N -i | jarray | jq -r 'select(.size > 0) | .dev' | head -n1
}

case ${1:-} in
nopat-wt)
	grep -q "x86/PAT: PAT support disabled via boot option" <(dmesg) ||
		err "booted without nopat taking effect: $(dmesg | grep -i pat | head -n 3)"
	reset_regions
	region=$(nfit_regions | head -n1)
	idle_set_mapping "$region" wt
	dmesg_mark
	json=$(create_ns "$region" -m raw -s 64M 2>&1) ||
		err "wt raw namespace without PAT: $json; $(dmesg_since | tail -n 3)"
	ns=$(jq -r .dev <<<"$json")
	[ "$(ns_mapping "$ns")" = wt ] || err "$ns reads $(ns_mapping "$ns")"
	# Enabling passed memremap_pmem()'s page-table check: the entries
	# carry PWT, the write-through the CPU's power-on PAT has in slot 1.
	dev=/dev/$(jq -r .blockdev <<<"$json")
	sum=$(write_pattern "$dev" nopat-wt)
	ndctl disable-namespace "$ns" >/dev/null
	ndctl enable-namespace "$ns" >/dev/null
	[ "$(read_sum "$dev")" = "$sum" ] || err "data on $ns changed across disable/enable"
	echo "$ns enabled write-through with PAT disabled; data intact"
	reset_regions
	;;
make-dax)
	modprobe device_dax || err "modprobe device_dax"
	reset_regions
	mapfile -t regions < <(nfit_regions)
	[ "${#regions[@]}" -ge 2 ] || skip "needs two NVDIMMs"
	json=$(create_ns "${regions[0]}" -m fsdax -a 2M -s 256M) || err "create fsdax"
	mkfs.ext4 -q -F -b 4096 "/dev/$(jq -r .blockdev <<<"$json")" || err "mkfs.ext4"
	mkdir -p "$mnt"
	mount -o dax "/dev/$(jq -r .blockdev <<<"$json")" "$mnt" || err "mount -o dax"
	sum=$(write_pattern "$mnt/pattern" boot-dax "$mb")
	umount "$mnt"
	create_ns "${regions[1]}" -m devdax -a 2M -s 256M >/dev/null || err "create devdax"
	echo "sum=$sum"
	;;
dax-under-wt)
	want=${2:?}
	modprobe device_dax || err "modprobe device_dax"
	[ "$(cat /sys/module/libnvdimm/parameters/default_mapping)" = wt ] ||
		err "booted without libnvdimm.default_mapping=wt"
	mapfile -t regions < <(nfit_regions)
	i=0
	for mode in fsdax devdax; do
		ns=$(sized_ns "${regions[$i]}")
		[ -n "$ns" ] || err "no $mode namespace on ${regions[$i]} after reboot"
		i=$((i + 1))
		dmesg | grep -q "$ns: $mode on a write-through namespace needs its memmap in RAM" ||
			err "no refusal of $mode $ns under wt: $(dmesg | grep -E 'memmap in RAM|nd_pmem' | tail -n 3)"
		[ ! -e "/sys/bus/nd/devices/$ns/driver" ] || err "$ns is enabled under wt"
		holder=$(cat "/sys/bus/nd/devices/$ns/holder")
		[ -z "$holder" ] || err "$ns is left claimed by $holder after its refusal"
		# Unclaimed: the type can be set back and the namespace enabled.
		out=$( (echo wb >"/sys/bus/nd/devices/$ns/mapping") 2>&1) ||
			err "setting $ns back to wb: $out"
		ndctl enable-namespace "$ns" >/dev/null || err "enable $ns under wb"
		got=$(ndctl list -n "$ns" | jarray | jq -r .mode)
		[ "$got" = "$mode" ] || err "$ns came back as '$got', was $mode"
		echo "$mode $ns: refused under wt, unclaimed, back as $mode under wb"
	done
	blk=/dev/$(ndctl list -n "$(sized_ns "${regions[0]}")" | jarray | jq -r .blockdev)
	mkdir -p "$mnt"
	mount -o dax "$blk" "$mnt" || err "mount -o dax $blk"
	got=$(read_sum "$mnt/pattern" "$mb")
	umount "$mnt"
	[ "$got" = "$want" ] || err "file on fsdax reads $got, wrote $want"
	chardev=$(ndctl list -X -n "$(sized_ns "${regions[1]}")" | jarray | jq -r '.daxregion.devices[0].chardev // empty')
	[ -c "/dev/$chardev" ] || err "devdax has no character device after re-enable"
	echo "fsdax file intact; /dev/$chardev back"
	;;
*) err "usage: boot-guest.sh nopat-wt | make-dax | dax-under-wt SUM" ;;
esac
