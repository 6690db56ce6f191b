#!/bin/bash
# Guest half of the boot suite: cases that need a kernel command line of
# their own, or what an earlier boot left on the NVDIMMs.
#   nopat-wt           (booted with nopat) a wt raw namespace enables,
#                      and /dev/mem refuses its range
#   nopat-dax-wt       (booted with nopat) devdax and fsdax on a wt
#                      namespace are refused with the reason (their user
#                      mappings would be write-back over a write-through
#                      direct map), left unclaimed; wb devdax is one type
#   legacy-wt          (booted with memmap=256M!1536M and
#                      libnvdimm.default_mapping=wt) the e820 namespace is
#                      wt in every kernel mapping; with PAT, DAX on it maps
#                      a file write-through; without, it warns and has no DAX
#   make-dax           an fsdax namespace with a file on it, and a devdax
#                      one, both with the memmap on the namespace (ndctl's
#                      default); prints the file's checksum
#   dax-under-wt SUM   (booted with libnvdimm.default_mapping=wt over
#                      make-dax's NVDIMMs) both are refused (a memmap on
#                      the namespace would alias wt), left unclaimed, and
#                      come back under wb with the file
#   persistence WANT   (booted with --persistence) every NFIT region
#                      reports WANT as its persistence_domain, which
#                      PMDK-style libraries read to decide whether to flush
source "$(dirname "$0")/common.sh"
trap - EXIT

mnt=/tmp/boot-dax
mb=16

# The namespace of REGION that has capacity, enabled or not.
sized_ns() {
	ndctl list -r "$1" -N -i | jarray | jq -r 'select(.size > 0) | .dev' | head -n1
}

# Booted with nopat, and PAT off: it keeps no memtype list then. (The boot
# message may have left a small log buffer by the time a case asks.)
pat_disabled() {
	grep -qw nopat /proc/cmdline && [ ! -e /sys/kernel/debug/x86/pat_memtype_list ]
}
need_nopat() {
	pat_disabled || err "booted without nopat taking effect: $(dmesg | grep -i pat | head -n 3)"
}

case ${1:-} in
nopat-wt)
	need_nopat
	reset_regions
	region=$(nfit_regions | head -n1)
	idle_set_mapping "$region" wt
	dmesg_mark
	create_ns "$region" -m raw -s 64M ||
		err "wt raw namespace without PAT: $ns_err; $(dmesg_since | tail -n 3)"
	[ "$(ns_mapping "$ns")" = wt ] || err "$ns reads $(ns_mapping "$ns")"
	# Enabling passed memremap_pmem()'s page-table check: the entries
	# carry PWT, the write-through the CPU's power-on PAT has in slot 1.
	sum=$(write_pattern "$dev" nopat-wt)
	ndctl disable-namespace "$ns" >/dev/null
	ndctl enable-namespace "$ns" >/dev/null
	[ "$(read_sum "$dev")" = "$sum" ] || err "data on $ns changed across disable/enable"
	# Without PAT nothing would make a /dev/mem mapping of the range
	# write-through: IO_STRICT_DEVMEM must refuse it, as the claim is busy.
	read -r start nsize < <(ns_range "$ns")
	expect_devmem EPERM "$start" "wt raw $ns without PAT"
	echo "$ns enabled write-through with PAT disabled; data intact"
	reset_regions
	;;
nopat-dax-wt)
	need_nopat
	modprobe device_dax || err "modprobe device_dax"
	reset_regions
	region=$(nfit_regions | head -n1)
	for mode in devdax fsdax; do
		idle_set_mapping "$region" wt
		dmesg_mark
		if create_ns "$region" -m "$mode" -M mem -a 2M -s 256M; then
			err "$mode on a wt namespace enabled without PAT, where its user mappings are write-back: $json"
		fi
		dmesg_since | grep -q "$mode on a write-through namespace needs user mappings to be write-through" ||
			err "$mode refused without its reason: $(dmesg_since | tail -n 3)"
		grep -q "Operation not supported" <<<"$ns_err" || err "ndctl does not give the reason (EOPNOTSUPP): $ns_err"
		ns=$(sized_ns "$region")
		if [ -n "$ns" ]; then
			holder=$(cat "/sys/bus/nd/devices/$ns/holder")
			[ -z "$holder" ] || err "$ns is left claimed by $holder after its refusal"
		fi
		echo "$mode on wt refused without PAT: $(dmesg_since | grep -o 'needs user mappings.*' | head -n1)"
		reset_regions
	done
	# write-back DAX still works, and its user mapping has the direct map's type.
	create_ns "$region" -m devdax -M mem -a 2M -s 256M || err "wb devdax without PAT: $ns_err"
	read -r start nsize < <(ns_range "$ns")
	expect_pt_types "$start" "$nsize" "direct WB"
	expect_user_types "$chardev" $((64 << 20)) WB pmd
	reset_regions
	;;
legacy-wt)
	ns=$(ndctl list -N -b e820 | jarray | jq -r .dev | head -n1)
	[ -n "$ns" ] || err "no e820 namespace (memmap= not on the command line, or nd_e820 not loaded)"
	[ "$(ns_mapping "$ns")" = wt ] || err "$ns reads $(ns_mapping "$ns"), booted with default_mapping=wt"
	read -r start nsize < <(ns_range "$ns")
	blk=/dev/$(ndctl list -n "$ns" | jarray | jq -r .blockdev)
	# Every kernel mapping of the range: write-through, or none.
	got=$(kernel_pt_types "$start" "$nsize" | awk '$2 != "WT" && $2 != "none"')
	[ -z "$got" ] || err "kernel mappings of $ns with another type: $got"
	echo "$ns kernel mappings: $(kernel_pt_types "$start" "$nsize" | paste -sd,)"
	mkfs.ext4 -q -F -b 4096 "$blk" || err "mkfs.ext4 $blk"
	mkdir -p "$mnt"
	if pat_disabled; then
		dmesg | grep -q "$ns: write-through without DAX" ||
			err "no warning that wt $ns has no DAX without PAT: $(dmesg | grep -E 'pmem|e820' | tail -n 3)"
		if mount -o dax=always "$blk" "$mnt" 2>/dev/null; then
			umount "$mnt"
			err "mount -o dax=always on wt $ns worked without PAT"
		fi
		echo "$ns: wt without DAX, as the kernel warned"
	else
		expect_pat_type "$start" "$nsize" write-through
		mount -o dax=always "$blk" "$mnt" || err "mount -o dax=always on wt $ns: $(dmesg | tail -n 2)"
		fallocate -l $((64 << 20)) "$mnt/file" || err "fallocate"
		expect_user_types "$mnt/file" $((64 << 20)) WT
		wt_store write "$mnt/file" $((64 << 20)) 21
		umount "$mnt"
		mount -o dax=always "$blk" "$mnt" || err "remount"
		wt_store check "$mnt/file" $((64 << 20)) 21
		umount "$mnt"
		echo "$ns: fsdax file on a wt e820 namespace mapped write-through; data intact"
	fi
	;;
make-dax)
	modprobe device_dax || err "modprobe device_dax"
	reset_regions
	mapfile -t regions < <(nfit_regions)
	[ "${#regions[@]}" -ge 2 ] || skip "needs two NVDIMMs"
	create_ns "${regions[0]}" -m fsdax -a 2M -s 256M || err "create fsdax: $ns_err"
	mkfs.ext4 -q -F -b 4096 "$dev" || err "mkfs.ext4"
	mkdir -p "$mnt"
	mount -o dax "$dev" "$mnt" || err "mount -o dax"
	sum=$(write_pattern "$mnt/pattern" boot-dax "$mb")
	umount "$mnt"
	create_ns "${regions[1]}" -m devdax -a 2M -s 256M || err "create devdax: $ns_err"
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
persistence)
	mapfile -t regions < <(nfit_regions)
	[ "${#regions[@]}" -gt 0 ] || err "no NFIT region"
	for r in "${regions[@]}"; do
		got=$(cat "/sys/bus/nd/devices/$r/persistence_domain")
		echo "$r: persistence_domain $got"
		[ "$got" = "${2:?}" ] || err "$r reports '$got', want '$2'"
	done
	;;
*) err "usage: boot-guest.sh nopat-wt | nopat-dax-wt | legacy-wt | make-dax | dax-under-wt SUM | persistence WANT" ;;
esac
