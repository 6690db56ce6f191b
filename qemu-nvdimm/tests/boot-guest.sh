#!/bin/bash
# Guest half of the boot suite: cases that need a kernel command line of
# their own, or what an earlier boot left on the NVDIMMs.
#   no-wt              (a platform without write-through: booted with
#                      nopat, or a CPU whose PAT errata leave no WT entry)
#                      writing wt to a namespace's mapping fails
#                      (EOPNOTSUPP), changing nothing; raw and sector
#                      namespaces that start wt refuse to enable with the
#                      reason and map nothing; wb enables with the data
#   no-wt-dax          (the same platforms) devdax and fsdax on a wt
#                      namespace are refused with the reason, left
#                      unclaimed; wb devdax is one type
#   legacy-wt          (booted with memmap=256M!1536M and
#                      libnvdimm.default_mapping=wt) with PAT, the e820
#                      namespace is wt in every kernel mapping and DAX on
#                      it maps a file write-through; without, it is
#                      refused with the reason and enables under wb
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
# need_no_wt: the platform has no write-through: PAT off (nopat), or on
# with no WT entry in the PAT MSR (errata), keeping its memtype list.
need_no_wt() {
	local msr
	pat_disabled && return
	msr=$(pagetable phys 0x1000 4096 | sed -n 's/^# PAT MSR [^:]*: //p')
	if [ ! -e /sys/kernel/debug/x86/pat_memtype_list ] || grep -qw WT <<<"$msr"; then
		err "booted on a platform with write-through (PAT MSR: $msr; $(dmesg | grep -m1 'x86/PAT'))"
	fi
}
# default_mapping TYPE: the type namespaces created from now on start with
# (seeds included once their region is enabled again).
default_mapping() {
	echo "$1" >/sys/module/libnvdimm/parameters/default_mapping || err "default_mapping $1"
}

case ${1:-} in
no-wt)
	need_no_wt
	reset_regions
	region=$(nfit_regions | head -n1)
	# Without PAT no memtype would keep another mapping of a range
	# write-through. Writing wt is refused where the writer sees it,
	# changing nothing.
	create_ns "$region" -m raw -s 64M || err "wb raw namespace without write-through: $ns_err"
	sum=$(write_pattern "$dev" nopat-wt)
	ndctl disable-namespace "$ns" >/dev/null || err "disable $ns"
	dmesg_mark
	if out=$( (echo wt >"/sys/bus/nd/devices/$ns/mapping") 2>&1); then
		err "writing wt to $ns's mapping worked without write-through"
	fi
	grep -q "Operation not supported" <<<"$out" || err "writing wt to $ns without write-through: '$out', want EOPNOTSUPP"
	dmesg_since | grep -q "$ns: mapping wt: write-through unavailable" ||
		err "no reason logged for the refused wt on $ns: $(dmesg_since | tail -n 3)"
	[ "$(ns_mapping "$ns")" = wb ] || err "$ns reads $(ns_mapping "$ns") after the refused write"
	ndctl enable-namespace "$ns" >/dev/null || err "enable $ns under wb: $(dmesg | tail -n 2)"
	[ "$(read_sum "$dev")" = "$sum" ] || err "data on $ns changed across the refused write"
	echo "writing wt to $ns without write-through: $out; still wb, data intact"
	reset_regions
	# Namespaces that come up wt (libnvdimm.default_mapping, here as
	# their region is enabled again) refuse to enable, raw and sector
	# alike, map nothing, and enable with their data once set to wb.
	for mode in raw sector; do
		reset_regions
		create_ns "$region" -m "$mode" -s 64M || err "wb $mode namespace without write-through: $ns_err"
		sum=$(write_pattern "$dev" "nopat-$mode")
		blk=$dev
		dmesg_mark
		default_mapping wt
		dmesg_since | grep -q "libnvdimm: default_mapping=wt: write-through unavailable on this platform" ||
			err "default_mapping=wt taken without its warning"
		ndctl disable-region "$region" >/dev/null || err "disable $region"
		ndctl enable-region "$region" >/dev/null 2>&1 || true
		default_mapping wb
		ns=$(sized_ns "$region")
		[ -n "$ns" ] || err "no $mode namespace after re-enabling $region"
		[ "$(ns_mapping "$ns")" = wt ] || err "$ns came back $(ns_mapping "$ns"), want wt"
		[ ! -b "$blk" ] || err "wt $mode $ns enabled without write-through ($blk exists)"
		dmesg_since | grep -q "write-through unavailable: the platform cannot keep the range write-through in every mapping" ||
			err "wt $mode $ns refused without its reason: $(dmesg_since | tail -n 3)"
		read -r start nsize < <(ns_range "$ns")
		expect_pt_types "$start" "$nsize" "direct none"
		echo "wt $mode $ns refused without write-through: $(dmesg_since | grep -o '[^ ]*: [^ ]*: write-through unavailable.*' | head -n1)"
		ns_mapping "$ns" wb
		ndctl enable-namespace "$ns" >/dev/null || err "enable $ns under wb: $(dmesg | tail -n 2)"
		[ "$(read_sum "$blk")" = "$sum" ] || err "data on $mode $ns changed across the refused enable"
		echo "$mode $ns enabled once set to wb, data intact"
	done
	reset_regions
	;;
no-wt-dax)
	need_no_wt
	modprobe device_dax || err "modprobe device_dax"
	region=$(nfit_regions | head -n1)
	default_mapping wt
	for mode in devdax fsdax; do
		reset_regions
		dmesg_mark
		if create_ns "$region" -m "$mode" -M mem -a 2M -s 256M; then
			err "$mode on a wt namespace enabled without write-through, where its user mappings are write-back: $json"
		fi
		# ndctl sets the pfn or dax device up first, where the refusal
		# comes with its reason and EOPNOTSUPP.
		dmesg_since | grep -q "$mode on a write-through namespace needs user mappings to be write-through" ||
			err "$mode refused without its reason: $(dmesg_since | tail -n 3)"
		grep -q "Operation not supported" <<<"$ns_err" || err "ndctl does not give the reason (EOPNOTSUPP): $ns_err"
		ns=$(sized_ns "$region")
		if [ -n "$ns" ]; then
			holder=$(cat "/sys/bus/nd/devices/$ns/holder")
			[ -z "$holder" ] || err "$ns is left claimed by $holder after its refusal"
		fi
		echo "$mode on wt refused without write-through: $(dmesg_since | grep -o 'needs user mappings.*' | head -n1)"
	done
	default_mapping wb
	reset_regions
	# write-back DAX still works, and its user mapping has the direct map's type.
	create_ns "$region" -m devdax -M mem -a 2M -s 256M || err "wb devdax without write-through: $ns_err"
	read -r start nsize < <(ns_range "$ns")
	expect_pt_types "$start" "$nsize" "direct WB"
	expect_user_types "$chardev" $((64 << 20)) WB pmd
	reset_regions
	;;
legacy-wt)
	ns=$(ndctl list -N -i -b e820 | jarray | jq -r .dev | head -n1)
	[ -n "$ns" ] || err "no e820 namespace (memmap= not on the command line, or nd_e820 not loaded)"
	[ "$(ns_mapping "$ns")" = wt ] || err "$ns reads $(ns_mapping "$ns"), booted with default_mapping=wt"
	read -r start nsize < <(ns_range "$ns")
	if pat_disabled; then
		# Refused at boot, with the reason; nothing maps the range.
		[ ! -e "/sys/bus/nd/devices/$ns/driver" ] || err "wt $ns enabled without PAT"
		dmesg | grep -q "libnvdimm: default_mapping=wt: write-through unavailable on this platform" ||
			err "libnvdimm took default_mapping=wt without PAT silently"
		dmesg | grep -q "$ns: .*write-through unavailable: the platform cannot keep the range write-through in every mapping" ||
			err "wt $ns refused without its reason: $(dmesg | grep -E 'pmem|e820|namespace' | tail -n 3)"
		expect_pt_types "$start" "$nsize" "direct none"
		ns_mapping "$ns" wb
		ndctl enable-namespace "$ns" >/dev/null || err "enable $ns under wb: $(dmesg | tail -n 2)"
		blk=/dev/$(ndctl list -n "$ns" | jarray | jq -r .blockdev)
		[ -b "$blk" ] || err "$ns has no block device under wb"
		echo "$ns: wt refused without PAT, with the reason; enabled under wb"
		exit 0
	fi
	blk=/dev/$(ndctl list -n "$ns" | jarray | jq -r .blockdev)
	# Every kernel mapping of the range: write-through, or none.
	got=$(kernel_pt_types "$start" "$nsize" | awk '$2 != "WT" && $2 != "none"')
	[ -z "$got" ] || err "kernel mappings of $ns with another type: $got"
	echo "$ns kernel mappings: $(kernel_pt_types "$start" "$nsize" | paste -sd,)"
	mkfs.ext4 -q -F -b 4096 "$blk" || err "mkfs.ext4 $blk"
	mkdir -p "$mnt"
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
*) err "usage: boot-guest.sh no-wt | no-wt-dax | legacy-wt | make-dax | dax-under-wt SUM | persistence WANT" ;;
esac
