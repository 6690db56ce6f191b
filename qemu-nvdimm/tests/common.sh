# shellcheck shell=bash
# Sourced by every guest case of qemu-nvdimm/tests: helpers for the emulated
# NVDIMMs QEMU exposes over ACPI NFIT. A case exits 0 (pass), 77 (skip, with
# the reason as its last line) or anything else (fail).
set -euo pipefail

# shellcheck source=testlib/case.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../testlib/case.sh"
# need CMD...: skip the case unless the guest's root has every CMD (the
# host's need_cmd, scripts/lib.sh, stops a run instead).
need() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null || skip "$c not installed in the guest's root"
	done
}

# The bus the cases work on: QEMU's ACPI NFIT unless a suite says otherwise.
PMEM_BUS=${PMEM_BUS:-ACPI.NFIT}
need ndctl jq
[ -d /sys/bus/nd ] || skip "libnvdimm not loaded"

# Regions of the bus (QEMU: one per DIMM), in a stable order.
nfit_regions() {
	ndctl list -R -b "$PMEM_BUS" | jarray | jq -r .dev | sort -V
}

# Every case starts from empty, labelled regions and leaves them so:
# no case depends on the state another left.
reset_regions() {
	ndctl destroy-namespace -f -b "$PMEM_BUS" all >/dev/null 2>&1 || true
	ndctl enable-dimm -b "$PMEM_BUS" all >/dev/null 2>&1 || true
	ndctl disable-region -b "$PMEM_BUS" all >/dev/null
	ndctl init-labels -f -b "$PMEM_BUS" all >/dev/null 2>&1 || err "init-labels failed"
	ndctl enable-region -b "$PMEM_BUS" all >/dev/null
}
# Never on the user's machine: `bench --host` (benchmarks/guest-bench.sh)
# sources this library, and its regions are the user's.
[ "${BENCH_HOST:-0}" = 1 ] || trap 'reset_regions >/dev/null 2>&1 || true' EXIT

# create_ns REGION ARGS...: ndctl create-namespace -r REGION ARGS...,
# printing nothing; returns ndctl's status. Like ndctl's own test library
# it turns the JSON into variables, each empty when ndctl failed or the
# namespace has no such field:
#   json      ndctl's JSON output
#   ns        the namespace (.dev), e.g. namespace0.0
#   blockdev  its block device's name (.blockdev), e.g. pmem0, pmem0s
#   dev       /dev/$blockdev
#   chardev   /dev/ + its device-dax chardev (.daxregion.devices[0].chardev)
#   uuid      its uuid (.uuid)
#   ns_err    ndctl's stderr (also on success), for the caller's err
# shellcheck disable=SC2034 # the cases read them
create_ns() {
	local region=$1 errf fields rc=0
	shift
	json="" ns="" blockdev="" dev="" chardev="" uuid="" ns_err=""
	errf=$(mktemp) || return
	json=$(ndctl create-namespace -r "$region" "$@" 2>"$errf") || rc=$?
	ns_err=$(<"$errf")
	rm -f "$errf"
	[ "$rc" -eq 0 ] || return "$rc"
	# One field per unit separator: a tab would collapse empty fields.
	fields=$(jq -r '[.dev // "", .blockdev // "", .daxregion.devices[0].chardev // "",
		.uuid // ""] | join("\u001f")' <<<"$json") || return
	IFS=$'\x1f' read -r ns blockdev chardev uuid <<<"$fields"
	dev=${blockdev:+/dev/$blockdev}
	chardev=${chardev:+/dev/$chardev}
}

# Write random 4k blocks over a block device with O_DIRECT and read each
# back against its crc32c (workloads/verify-crc32c.fio): never timed.
verify_blockdev() {
	DEV=$1 SIZE=${2:-64M} fio --output-format=terse \
		"$(dirname "${BASH_SOURCE[0]}")/../../workloads/verify-crc32c.fio" >/dev/null ||
		err "fio verify failed on $1"
}

# `dmesg -C` would hide a warning from the run's final dmesg scan: a case
# marks the log instead and reads only what follows its mark.
dmesg_mark() {
	dmesg_mark_id="pmem-stack: mark $$.$RANDOM"
	echo "$dmesg_mark_id" >/dev/kmsg
}
dmesg_since() {
	dmesg | awk -v m="$dmesg_mark_id" 'seen; index($0, m) { seen = 1 }'
}

# The memory type PAT recorded for the mapping that starts at START (hex),
# as pat_memtype_list spells it ("write-back", "write-through", ...).
pat_type_at() {
	local start=$1 list=/sys/kernel/debug/x86/pat_memtype_list
	[ -r "$list" ] || err "$list missing (X86_PAT or DEBUG_FS off?)"
	awk -v s="$(printf '0x%016x' "$start")" \
		'$1 == "PAT:" && index($3, s "-") == 1 { print $4; exit }' "$list"
}

# Types of every PAT entry overlapping [START, END) (decimal or hex).
pat_types_in() {
	local list=/sys/kernel/debug/x86/pat_memtype_list
	[ -r "$list" ] || err "$list missing (X86_PAT or DEBUG_FS off?)"
	local lo=$(($1)) hi=$(($2)) tag mem range type s e
	while read -r tag mem range type; do
		if [ "$tag" != PAT: ] || [ "$mem" != "[mem" ]; then continue; fi
		range=${range%]}
		s=$((${range%-*})) e=$((${range#*-}))
		if [ "$s" -lt "$hi" ] && [ "$e" -gt "$lo" ]; then echo "$type"; fi
	done <"$list"
}

# ns_mapping NS [wb|wt]: read, or set while disabled, the series' attribute.
ns_mapping() {
	local f=/sys/bus/nd/devices/$1/mapping
	[ -e "$f" ] || skip "kernel has no namespace 'mapping' attribute (stock kernel?)"
	if [ $# -eq 1 ]; then cat "$f"; else echo "$2" >"$f"; fi
}

# expect_mapping_refusals NS: enabled, NS refuses a write of the other
# type (EBUSY); disabled, every bogus value (EINVAL); its type unchanged
# each time. NS is enabled again after.
expect_mapping_refusals() {
	local ns=$1 f=/sys/bus/nd/devices/$1/mapping was other out bad
	was=$(cat "$f")
	other=wt
	[ "$was" != wt ] || other=wb
	out=$( (echo "$other" >"$f") 2>&1) && err "writing mapping of enabled $ns succeeded"
	grep -q busy <<<"$out" || err "enabled write: '$out', want EBUSY"
	[ "$(cat "$f")" = "$was" ] || err "EBUSY write changed the type"
	ndctl disable-namespace "$ns" >/dev/null
	for bad in WT wc "" "wb wt"; do
		out=$( (echo "$bad" >"$f") 2>&1) && err "writing '$bad' succeeded"
		grep -q "Invalid argument" <<<"$out" || err "writing '$bad': '$out', want EINVAL"
		[ "$(cat "$f")" = "$was" ] || err "writing '$bad' changed the type"
	done
	ndctl enable-namespace "$ns" >/dev/null || err "enable $ns after the refused writes"
}

# idle_set_mapping REGION TYPE: give every unconfigured (size 0) namespace
# of REGION the type, so whichever create-namespace picks is mapped TYPE.
idle_set_mapping() {
	local d
	for d in /sys/bus/nd/devices/"$1"/namespace*.*; do
		[ "$(cat "$d/size")" = 0 ] || continue
		ns_mapping "$(basename "$d")" "$2"
	done
}

# set_type NS TYPE: disable namespace NS, set its type (wb, wt), enable it;
# whatever claims it (pfn, dax) stays.
set_type() {
	ndctl disable-namespace "$1" >/dev/null || err "disable $1"
	ns_mapping "$1" "$2"
	ndctl enable-namespace "$1" >/dev/null || err "enable $1 as $2: $(dmesg | tail -n 2)"
	[ "$(ns_mapping "$1")" = "$2" ] || err "$1 reads $(ns_mapping "$1") after setting $2"
}

# Write PATTERN_SIZE bytes of a seeded pattern at OFFSET with O_DIRECT and
# print its checksum; read_sum reads it back.
write_pattern() {
	local dev=$1 seed=$2 mb=${3:-16}
	head -c $((mb << 20)) < <(openssl enc -aes-128-ctr -nosalt -pass "pass:$seed" </dev/zero 2>/dev/null) |
		tee >(sha256sum | cut -d' ' -f1 >"/tmp/pattern.$seed") |
		dd of="$dev" bs=1M oflag=direct conv=fsync status=none
	cat "/tmp/pattern.$seed"
}
read_sum() {
	local dev=$1 mb=${2:-16}
	dd if="$dev" bs=1M count="$mb" iflag=direct status=none | sha256sum | cut -d' ' -f1
}

# pagetable phys START SIZE | user FILE SIZE: what the page-table entries
# give a range, decoded through the PAT MSR (pagetable.py has the format).
pagetable() {
	"$(dirname "${BASH_SOURCE[0]}")/pagetable.py" "$@" || err "pagetable.py $*"
}

# kernel_pt_types START SIZE: each distinct "AREA TYPE" the kernel's page
# tables give physical [START, START+SIZE), e.g. "direct none" (no direct
# map) and "vmalloc WT" (an ioremap alias, write-through).
kernel_pt_types() {
	local out
	out=$(pagetable phys "$1" "$2")
	awk '!/^#/ { print $1, $5 }' <<<"$out" | sort -u
}

# expect_pt_types START SIZE WANT...: the kernel's entries for the range
# are exactly WANT ("AREA TYPE" each), or the case fails showing them.
expect_pt_types() {
	local start=$1 size=$2 got want
	shift 2
	got=$(kernel_pt_types "$start" "$size")
	want=$(printf '%s\n' "$@" | sort -u)
	echo "page tables $(printf '%#x' "$start")+$(printf '%#x' "$size"): $(paste -sd, <<<"$got")"
	[ "$got" = "$want" ] || err "page tables give $(paste -sd, <<<"$got"), want $(paste -sd, <<<"$want")"
}

# guest_tool NAME: the path of the helper built from NAME.c beside this
# file, compiled in the guest on first use, in a folder of this boot's own
# (the guest's /tmp lies over the host's, which may hold a stale build).
guest_tool() {
	local dir bin
	dir=/tmp/pmem-tools.$(cat /proc/sys/kernel/random/boot_id)
	bin=$dir/$1
	if [ ! -x "$bin" ]; then
		need gcc
		mkdir -p "$dir"
		gcc -O2 -o "$bin" "$(dirname "${BASH_SOURCE[0]}")/$1.c" || err "building $1"
	fi
	echo "$bin"
}

# wt_store write|check FILE SIZE SEED: fill a shared mapping with plain
# stores and one SFENCE, no flush, or check the fill (wt-store.c).
wt_store() {
	local bin
	bin=$(guest_tool wt-store)
	"$bin" "$@" || err "wt-store $*"
}

# uring_workers DEV OFFSET COUNT BYTE [dsync] [iopoll]: COUNT 4 KiB io_uring
# writes of BYTE from OFFSET on, one at a time (dsync: O_DSYNC, so FUA;
# iopoll: a polled ring); prints how many io-wq workers they needed
# (uring-write.c). A failed write fails the case.
uring_workers() {
	local bin out
	bin=$(guest_tool uring-write)
	out=$("$bin" "$@") || err "uring-write $*"
	sed -n 's/^iou-wrk //p' <<<"$out"
}

# expect_uring_workers WANT DEV OFFSET COUNT [dsync] [iopoll]: COUNT
# io_uring writes of 0x5a to DEV from OFFSET needed WANT io-wq workers (0:
# all issued inline; "some": handed to a worker), and the data landed.
expect_uring_workers() {
	local want=$1 dev=$2 off=$3 count=$4 got how
	shift 4
	how=${*:-plain}
	got=$(uring_workers "$dev" "$off" "$count" 0x5a "$@")
	echo "$dev: $count io_uring writes from $off ($how): $got io-wq workers"
	case $want in
	0) [ "$got" -eq 0 ] || err "$dev: the $how writes went through $got io-wq workers, not inline" ;;
	some) [ "$got" -gt 0 ] || err "$dev: the $how writes were all issued inline, none by a worker" ;;
	esac
	cmp -s <(dd if="$dev" bs=4096 skip=$((off / 4096)) count="$count" iflag=direct status=none) \
		<(head -c $((count * 4096)) /dev/zero | tr '\0' 'Z') || err "$dev: the written data does not read back"
}

# expect_devmem WANT PHYS WHAT: an mmap of PHYS's page through /dev/mem
# gives WANT (ok, EPERM, ...). (read() of /dev/mem stops at the end of
# RAM, valid_phys_addr_range(), so it never reaches pmem above it.)
expect_devmem() {
	local got
	got=$("$(dirname "${BASH_SOURCE[0]}")/devmem.py" "$2") || err "devmem.py $2"
	[ "$got" = "$1" ] || err "/dev/mem mmap of $3 at $(printf '%#x' "$2"): $got, want $1"
	echo "/dev/mem mmap over $3: $1"
}

# ns_range NS: "START SIZE" of a namespace's physical range.
ns_range() {
	echo "$(cat "/sys/bus/nd/devices/$1/resource") $(cat "/sys/bus/nd/devices/$1/size")"
}

# expect_pat_type START SIZE NAME: every PAT reservation over the range is
# NAME ("write-through", ...) and there is at least one.
expect_pat_type() {
	local got
	got=$(pat_types_in "$1" $(($1 + $2)) | sort -u)
	[ "$got" = "$3" ] || err "PAT over $(printf '%#x' "$1")+$(printf '%#x' "$2"): '$(paste -sd, <<<"$got")', want $3"
}

# expect_user_types FILE SIZE TYPE [LEVEL [nohuge]]: a shared mapping of
# FILE, every page written, is mapped TYPE in every entry, and LEVEL (pmd,
# pte) if given; nohuge: the mapping is madvised MADV_NOHUGEPAGE first.
expect_user_types() {
	local out got
	out=$(pagetable user "$1" "$2" ${5:+"$5"})
	got=$(grep -v '^#' <<<"$out")
	echo "user mapping of $1: $(awk '{ print $4, $5 }' <<<"$got" | sort | uniq -c | paste -sd, | tr -s ' ')"
	[ "$(awk '{ print $5 }' <<<"$got" | sort -u)" = "$3" ] ||
		err "user mapping of $1: $(awk '{ print $5 }' <<<"$got" | sort -u | paste -sd,), want $3"
	[ "$(awk '{ s += $3 } END { print s }' <<<"$got")" = "$(($2))" ] || err "user mapping of $1 not fully present"
	if [ $# -ge 4 ] && [ "$(awk '{ print $4 }' <<<"$got" | sort -u)" != "$4" ]; then
		err "user mapping of $1 has $(awk '{ print $4 }' <<<"$got" | sort -u | paste -sd,) entries, want $4"
	fi
}
