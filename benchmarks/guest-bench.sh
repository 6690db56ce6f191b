#!/bin/bash
# Guest half of `make bench`: one boot, every target, every workload
# BENCH_REPEATS times; fio's JSON (one file per point, a job group per run,
# named WORKLOAD@ARM@REPEAT) goes to $PMEM_GUEST_OUT/fio.
#
# What is compared runs interleaved: a raw (and a sector) namespace mapped
# wb and another mapped wt exist side by side (patched kernel; the stock
# kernel has only its default), and every repeat runs wb, then wt, so a
# drift of the host's speed hits both alike.
#
# Clock (PMEM_ICOUNT, set by qemu-nvdimm/run --icount):
#   icount  fixed work per run (BENCH_IOS I/Os, at most BENCH_SIZE bytes),
#           or, for the io_uring workloads, a fixed BENCH_URING_RUNTIME of
#           guest time whose I/Os are counted: guest time is the
#           instruction count, exact and repeatable. Each point starts
#           with one warm-up run per arm and ends with one tail run
#           (repeat 0, not counted): the first writes to brd or to a new
#           fsdax file allocate what later runs reuse, and fio's last job
#           group costs more than the others;
#   wall    BENCH_RUNTIME + BENCH_RAMP per run, as on real hardware.
# With BENCH_PEERS=1 also the peers: brd (/dev/ram0), devdax (fio's dev-dax
# engine on the mmap of the NVDIMM range), fsdax (a file on ext4 mounted
# dax=always, fio's libpmem engine), each dax peer in wb and wt, the bare copy into the devdax mapping
# ($COPYBW) and the 2x2 copy-path probe ($COPY_PROBE, a module built by
# benchmarks/copy-probe/build.sh). BENCH_SWEEP="4k ... 1m" adds the block-size
# sweep of sequential writes on the raw namespace.
# The settings come in $PMEM_GUEST_OUT/bench.env, written by benchmarks/bench.
# BENCH_HOST=1 (bench --host): no guest but the user's machine, so only
# the regions BENCH_REGIONS names are touched, every namespace made is
# named HOST_NS_NAME and only those are destroyed, and what the run
# changes (hugetlb pool, the seeds' mapping, the flusher's interval, brd)
# is put back at exit.
here=$(cd "$(dirname "$0")" && pwd)
# A boot of another provider (qemu-nvdimm/run --pmem e820|virtio) measures
# raw and fsdax on its label-less namespaces, the first mapped wb and the
# second wt, into files named PROVIDER-TARGET.WORKLOAD.json.
provider=${PMEM_PROVIDER:-nfit}
if [ "$provider" = nfit ]; then
	# shellcheck source=qemu-nvdimm/tests/common.sh
	source "$here/../qemu-nvdimm/tests/common.sh"
elif [ "${BENCH_HOST:-0}" = 1 ]; then
	echo "bench --host measures the regions named, not a provider's ($provider)" >&2
	exit 2
else
	# shellcheck source=qemu-nvdimm/providers/common.sh
	source "$here/../qemu-nvdimm/providers/common.sh"
fi
# On the user's machine (bench --host) only the regions named are the
# bench's: the case library's whole-bus helpers must never run there.
if [ "${BENCH_HOST:-0}" = 1 ]; then
	reset_regions() { err "reset_regions on the user's machine"; }
	nfit_regions() { err "nfit_regions on the user's machine"; }
fi
need fio
# shellcheck disable=SC1091 # written per boot by benchmarks/bench
source "${PMEM_GUEST_OUT:?}/bench.env"

out=${PMEM_GUEST_OUT:?}/fio
jobs_dir=$(mktemp -d /tmp/bench-jobs.XXXXXX)
mkdir -p "$out"
read -r -a workloads <<<"${BENCH_WORKLOADS:?}"
read -r -a sweep <<<"${BENCH_SWEEP:-}"
repeats=${BENCH_REPEATS:?} sweep_repeats=${BENCH_SWEEP_REPEATS:-3}
peer_repeats=${BENCH_PEER_REPEATS:-$repeats}
size=${BENCH_SIZE:-256M}
peers=${BENCH_PEERS:-0}
clock=wall
[ "${PMEM_ICOUNT:-0}" = 1 ] && clock=icount
export SIZE=$size
if [ "$clock" = icount ]; then
	export TIME_BASED=0 RUNTIME=0 RAMP=0
else
	export TIME_BASED=1 RUNTIME=${BENCH_RUNTIME:?} RAMP=${BENCH_RAMP:?} IO_SIZE=$size
fi

host=${BENCH_HOST:-0}
if [ "$host" = 1 ]; then
	read -r -a regions <<<"${BENCH_REGIONS:?}"
	# One region: sector shares it, after the raw points.
	[ "${#regions[@]}" -ge 2 ] || regions+=("${regions[0]}")
else
	mapfile -t regions < <(nfit_regions)
	[ "${#regions[@]}" -ge 2 ] || err "the benchmark needs two NVDIMMs"
fi
prefix=""
if [ "$provider" != nfit ]; then
	prefix=$provider-
	mapfile -t provider_ns < <(provider_namespaces)
	[ "${#provider_ns[@]}" -ge 2 ] || err "the $provider boot needs two namespaces (--nvdimms 2)"
fi
ns_name=${HOST_NS_NAME:-pmem-stack-bench}
if [ -e /sys/module/libnvdimm/parameters/default_mapping ]; then types=(wb wt); else types=(default); fi
# seed_mapping REGION: the type the region's next namespace gets.
seed_mapping() {
	cat "/sys/bus/nd/devices/$1/$(cat "/sys/bus/nd/devices/$1/namespace_seed")/mapping" 2>/dev/null || true
}
declare -A idle_was
# own_namespaces REGION: the namespaces of REGION the bench made (named
# ns_name); foreign_namespaces REGION: every other one that holds capacity.
own_namespaces() {
	ndctl list -N -i -r "$1" | jarray | jq -r --arg n "$ns_name" 'select(.name == $n) | .dev'
}
foreign_namespaces() {
	ndctl list -N -i -r "$1" | jarray | jq -r --arg n "$ns_name" 'select(.name != $n and .size > 0) | .dev'
}
# clear_region REGION: a guest's region is the bench's; on the user's
# machine only what the bench made goes.
clear_region() {
	local n
	if [ "$host" = 0 ]; then
		ndctl destroy-namespace -f -r "$1" all >/dev/null 2>&1 || true
		return
	fi
	for n in $(own_namespaces "$1"); do ndctl destroy-namespace -f "$n" >/dev/null 2>&1 || true; done
}
clear_regions() {
	local r
	if [ "$host" = 0 ]; then
		reset_regions
		return
	fi
	for r in "${regions[@]}"; do clear_region "$r"; done
}
# restore_host: bench --host leaves the machine as it found it.
restore_host() {
	local r
	[ "$host" = 1 ] || return 0
	for r in "${!idle_was[@]}"; do
		[ -z "${idle_was[$r]}" ] || idle_set_mapping "$r" "${idle_was[$r]}" || true
	done
	[ "$brd_loaded" = 0 ] || rmmod brd || true
	echo "$hugepages" >/proc/sys/vm/nr_hugepages || true
}
# cleanup: the EXIT trap. Nothing in it may stop the rest (set +e), and a
# second Ctrl-C must not cut it short.
cleanup() {
	trap '' INT TERM HUP
	set +e
	umount_dax
	clear_regions >/dev/null 2>&1
	restore_host
	rm -rf "$jobs_dir" "$dax_top"
}
brd_loaded=0
hugepages=$(cat /proc/sys/vm/nr_hugepages 2>/dev/null || echo 0)
# One fsdax mount per arm, side by side.
dax_top=$(mktemp -d /tmp/bench-dax.XXXXXX)
dax_mnt=$dax_top/mnt
writeback_centisecs=$(cat /proc/sys/vm/dirty_writeback_centisecs)
umount_dax() {
	local m
	for m in "$dax_mnt"-*; do umount "$m" 2>/dev/null || true; done
	echo "$writeback_centisecs" >/proc/sys/vm/dirty_writeback_centisecs 2>/dev/null || true
}
trap cleanup EXIT
# fio ends its runs on Ctrl-C and exits as if it had finished them; the
# script must stop there too, not go on to the next point.
trap 'exit 130' INT TERM HUP
if [ "$host" = 1 ]; then
	for r in "${regions[@]}"; do
		idle_was[$r]=$(seed_mapping "$r")
		# bench --host checked before it began; a namespace made since is
		# someone's too.
		[ -z "$(foreign_namespaces "$r")" ] ||
			err "$r now holds $(foreign_namespaces "$r" | paste -sd' '), made after bench --host began: stopping, nothing of it touched"
	done
fi
# fio's I/O buffers (workloads/common.fio: mem=mmaphuge): one 2M page per
# job, and one job runs at a time; a few spare.
free_huge=$(awk '$1 == "HugePages_Free:" { print $2 }' /proc/meminfo)
[ "${free_huge:-0}" -ge 4 ] || echo $((hugepages + 4 - ${free_huge:-0})) >/proc/sys/vm/nr_hugepages 2>/dev/null ||
	err "no hugetlb pages (kernel without CONFIG_HUGETLBFS?)"
[ "$(awk '$1 == "HugePages_Free:" { print $2 }' /proc/meminfo)" -ge 4 ] ||
	err "could not reserve 4 hugetlb pages for fio's buffers: $(grep HugePages_ /proc/meminfo | paste -sd' ')"

clear_regions

# The 2x2 copy-path probe maps the start of the first region itself, so it
# runs while no namespace holds that range.
if [ "$peers" = 1 ] && [ -n "${COPY_PROBE:-}" ]; then
	probe_out=$PMEM_GUEST_OUT/copy-probe.txt
	start=$(cat "/sys/bus/nd/devices/${regions[0]}/resource")
	echo "copy probe: insmod $COPY_PROBE phys=$start" >&2
	if ! msg=$(insmod "$COPY_PROBE" "phys=$start" 2>&1); then
		printf 'insmod %s failed: %s; dmesg: %s\n' "$COPY_PROBE" "$msg" \
			"$(dmesg | grep pmem_copy_probe | tail -n 3 | tr '\n' ' ')" >"$PMEM_GUEST_OUT/copy-probe.err"
		cat "$PMEM_GUEST_OUT/copy-probe.err" >&2
	else
		cat /sys/kernel/debug/pmem_copy_probe/results >"$probe_out" ||
			echo "the copy probe loaded but its results could not be read" >"$PMEM_GUEST_OUT/copy-probe.err"
		rmmod pmem_copy_probe || true
	fi
fi

# The QD1 workloads take their engine from ENGINE: those are the ones the
# mmap engines can run too.
engine_workloads=()
for w in "${workloads[@]}"; do
	# shellcheck disable=SC2016 # the literal fio variable, not bash's
	grep -qx 'ioengine=${ENGINE}' "$PMEM_TOP/workloads/$w.fio" && engine_workloads+=("$w")
done

# The plan, one line per point: target workload repeats [bs]
plan=()
targets=(raw sector)
[ "$provider" = nfit ] || targets=(raw)
for t in "${targets[@]}"; do
	for w in "${workloads[@]}"; do plan+=("$t $w $repeats"); done
	[ "$t" = raw ] || continue
	for bs in "${sweep[@]}"; do plan+=("raw sweep-write-$bs $sweep_repeats $bs"); done
done
# virtio-pmem gives no MAP_SYNC (its flush goes to the host), and fio's
# libpmem engine refuses a DAX file without it (EOPNOTSUPP).
if [ "$provider" = virtio ]; then
	echo "note: no fsdax points on virtio-pmem (no MAP_SYNC: fio's libpmem engine refuses the file)" >&2
elif [ "$provider" != nfit ] && fio --enghelp 2>/dev/null | grep -qw libpmem && command -v mkfs.ext4 >/dev/null; then
	for w in "${engine_workloads[@]}"; do plan+=("fsdax $w $peer_repeats"); done
fi
if [ "$peers" = 1 ]; then
	if [ "$host" = 1 ] && [ -e /sys/module/brd ]; then
		# Its /dev/ram* may hold someone's data: brd is measured only when
		# the bench can load it with its own size, and unload it.
		echo "note: no brd peer (brd is loaded already on this machine)" >&2
	else
		if modprobe brd rd_nr=1 rd_size=$(((${size%M} + 64) * 1024)); then
			brd_loaded=$host
			for w in "${workloads[@]}"; do plan+=("brd $w $peer_repeats"); done
		elif [ "$host" = 1 ]; then
			echo "note: no brd peer (modprobe brd failed)" >&2
		else
			err "modprobe brd"
		fi
	fi
	if fio --enghelp 2>/dev/null | grep -qw dev-dax && modprobe device_dax; then
		for w in "${engine_workloads[@]}"; do plan+=("devdax $w $peer_repeats"); done
	else
		echo "note: no devdax peer (fio without dev-dax engine or no device_dax)" >&2
	fi
	if fio --enghelp 2>/dev/null | grep -qw libpmem && command -v mkfs.ext4 >/dev/null; then
		for w in "${engine_workloads[@]}"; do plan+=("fsdax $w $peer_repeats"); done
	else
		echo "note: no fsdax peer (fio without libpmem engine or no mkfs.ext4)" >&2
	fi
fi

# arms TARGET: the memory types a target is measured in, interleaved. The
# dax peers run wb and wt on the patched kernel (a store to a wt DAX
# mapping goes on to memory), wb alone where the attribute is missing.
arms() {
	case $1 in
	raw | sector) echo "${types[@]}" ;;
	brd) echo ram ;;
	*) if [ "${types[0]}" = default ]; then echo wb; else echo "${types[@]}"; fi ;;
	esac
}
total=0
for p in "${plan[@]}"; do
	read -r t _ reps _ <<<"$p"
	read -r -a a <<<"$(arms "$t")"
	total=$((total + reps * ${#a[@]}))
done


ns_size=$((${size%M} + 64))M
# The dax peers' two namespaces each fill whole 128M memory sections: two
# devdax pagemaps (-M mem, 2M align) sharing a section crash 6.1 at their
# first fault (GPF in dax_set_mapping(), stock kernel too).
dax_size=$(((${size%M} + 64 + 127) / 128 * 128))M
declare -A fio_dev
# prepare TARGET: make its namespaces, one per arm; fio_dev[ARM] = what fio opens
prepare() {
	local target=$1 region arm
	fio_dev=()
	if [ "$provider" != nfit ]; then
		prepare_provider "$target"
		return
	fi
	case $target in
	brd)
		# brd allocates a page on its first write: fill it once, so every
		# run measures the steady state, as on pmem.
		dd if=/dev/zero of=/dev/ram0 bs=1M oflag=direct status=none \
			count=$(($(blockdev --getsize64 /dev/ram0) >> 20)) || err "fill /dev/ram0"
		fio_dev[ram]=/dev/ram0
		return
		;;
	# The dax peers use the raw target's region, so the copy paths they
	# are compared with run over the same range.
	raw | devdax | fsdax) region=${regions[0]} ;;
	sector) region=${regions[1]} ;;
	esac
	umount_dax
	clear_region "$region"
	for arm in $(arms "$target"); do
		[ "$arm" = default ] || idle_set_mapping "$region" "$arm"
		case $target in
		fsdax)
			create_ns "$region" -n "$ns_name" -m fsdax -M mem -a 2M -s "$dax_size" || err "create fsdax namespace: $ns_err"
			dax_file "$dev" "$arm"
			;;
		devdax)
			# -M mem: a wt pagemap needs its memmap in RAM; wb gets the same.
			create_ns "$region" -n "$ns_name" -m devdax -M mem -a 2M -s "$dax_size" || err "create devdax namespace: $ns_err"
			fio_dev[$arm]=$chardev
			;;
		*)
			create_ns "$region" -n "$ns_name" -m "$target" -s "$ns_size" || err "create $target namespace: $ns_err"
			fio_dev[$arm]=$dev
			;;
		esac
		record_pat "$target" "$arm" "$ns"
	done
}

# dax_file DEV ARM: ext4 on DEV mounted dax=always, a file of BENCH_SIZE
# in it as fio_dev[ARM].
dax_file() {
	local dev=$1 arm=$2
	# DAX wants the page size as block size; mke2fs picks 1k for a small
	# fs. The file maps in 2M entries only where its extents are 2M-aligned
	# (otherwise every 4k page faults on its own, and the faults a run
	# takes depend on the offsets its seed draws): a 2M stride for the
	# allocator, and no backup superblock or reserved GDT blocks at the
	# start of a block group, where they would shift what follows.
	mkfs.ext4 -q -F -b 4096 -E stride=512,stripe_width=512,num_backup_sb=0 \
		-O sparse_super2,^resize_inode "$dev" >&2 || err "mkfs.ext4 on $dev"
	mkdir -p "$dax_mnt-$arm"
	# lazytime: the mtime a write fault sets stays in memory, so no
	# journal commit lands in a later run: the peer measures the copy
	# into the mapping, not ext4's journal.
	mount -o dax=always,lazytime "$dev" "$dax_mnt-$arm" || err "mount -o dax=always $dev: $(dmesg | tail -n 2)"
	# Allocate the file's blocks before any run, in one request (aligned
	# extents), and write them: a run that allocates or converts as it
	# writes costs more than the ones after it.
	fallocate -l "$size" "$dax_mnt-$arm/fio.dat" || err "fallocate the file on $dev"
	dd if=/dev/zero of="$dax_mnt-$arm/fio.dat" bs=1M count="${size%M}" conv=fsync,notrunc status=none ||
		err "fill the file on $dev"
	fio_dev[$arm]=$dax_mnt-$arm/fio.dat
	# The flusher thread would write the file's dirty DAX entries back (a
	# cache-line flush per 64 bytes of every entry a run dirtied) at its
	# own times, inside whichever run is measured then: under icount it
	# waits until the fsdax points are done.
	[ "$clock" = wall ] || echo 0 >/proc/sys/vm/dirty_writeback_centisecs
}

# prepare_provider TARGET: raw or fsdax on the provider's namespaces, the
# first for wb and the second for wt, as a boot gives them (label-less:
# the namespace is the region, and only its type changes).
prepare_provider() {
	local target=$1 arm i=0 n dev
	umount_dax
	reset_regions
	for arm in $(arms "$target"); do
		n=${provider_ns[$i]}
		i=$((i + 1))
		[ "$arm" = default ] || set_type "$n" "$arm"
		dev=/dev/$(ndctl list -n "$n" | jarray | jq -r .blockdev)
		case $target in
		fsdax) dax_file "$dev" "$arm" ;;
		*) fio_dev[$arm]=$dev ;;
		esac
		record_pat "$prefix$target" "$arm" "$n"
	done
}

# record_pat TARGET TYPE NAMESPACE: what PAT says of the namespace's range
sep=""
record_pat() {
	local pat
	pat=$(pat_type_at "$(cat "/sys/bus/nd/devices/$3/resource")")
	printf '%s{"target":"%s","type":"%s","namespace":"%s","pat":"%s"}\n' \
		"$sep" "$1" "$2" "$3" "${pat:-none}" >>"$PMEM_GUEST_OUT/pat.json"
	sep=","
}

# jobfile WORKLOAD ARM REPEAT DEV FILE: one job group of the point, on DEV,
# named WORKLOAD@ARM@REPEAT (summarize.py reads the arm and repeat back;
# fio would take a '#' for a comment).
jobfile() {
	local src=$PMEM_TOP/workloads/$1.fio
	case $1 in sweep-write-*) src=$PMEM_TOP/workloads/seq-write-sweep.fio ;; esac
	awk -v common="$PMEM_TOP/workloads/common.fio" -v name="$1@$2@$3" -v dev="$4" '
		$0 == "include common.fio" {
			while ((getline l < common) > 0) { gsub(/\$\{DEV\}/, dev, l); print l }
			next
		}
		/^\[/ && $0 != "[global]" { print "[" name "]"; next }
		{ gsub(/\$\{DEV\}/, dev); print }' "$src" >"$5"
}

# block_size WORKLOAD [BS]: bytes per I/O, for the fixed-work size.
block_size() {
	local bs=${2:-$(sed -n 's/^bs=//p' "$PMEM_TOP/workloads/$1.fio")}
	case $bs in
	*k) echo $((${bs%k} << 10)) ;;
	*m) echo $((${bs%m} << 20)) ;;
	*) echo "$bs" ;;
	esac
}

# io_size WORKLOAD [BS]: fixed-work mode's I/O per run.
io_size() {
	local bytes
	bytes=$((${BENCH_IOS:-16384} * $(block_size "$1" "${2:-}")))
	[ "$bytes" -le $((${size%M} << 20)) ] || bytes=$((${size%M} << 20))
	echo "$bytes"
}

# is_uring WORKLOAD: an io_uring workload, which fio can time only in whole
# milliseconds (0.25-0.33% of a run of 32768 4k writes, and points that
# went through an io-wq worker differed by two such steps). Under icount
# those run for a fixed guest time instead and their I/Os are counted:
# fio checks the clock before every submission, so a run stops within one
# batch of its runtime, and its cost is that runtime over its I/Os.
is_uring() {
	grep -q '^ioengine=io_uring' "$PMEM_TOP/workloads/$1.fio"
}

n=0 start=$SECONDS current=""
echo '[' >"$PMEM_GUEST_OUT/pat.json"
for p in "${plan[@]}"; do
	read -r t w reps bs <<<"$p"
	if [ "$current" != "$t" ]; then
		prepare "$t"
		current=$t
	fi
	read -r -a a <<<"$(arms "$t")"
	engine=psync direct=1
	[ "$t" = devdax ] && engine="dev-dax" direct=0
	# libpmem: direct=1 makes its copies non-temporal, as the WB block path's
	[ "$t" = fsdax ] && engine=libpmem
	el=$((SECONDS - start))
	eta=$((n > 0 ? el * (total - n) / n : 0))
	printf '[%d-%d/%d] %s %s %s x%d (elapsed %ds, eta %ds)\n' \
		"$((n + 1))" "$((n + reps * ${#a[@]}))" "$total" "$t" "${a[*]}" "$w" "$reps" "$el" "$eta" >&2
	# One fio for all the runs of a point: its start-up (0.8 s under TCG)
	# is paid once, and each run is its own job group, arms interleaved.
	files=()
	rm -f "$jobs_dir"/*.fio
	first=1
	[ "$clock" = wall ] || first=0
	for ((r = first; r <= reps; r++)); do
		for arm in "${a[@]}"; do
			files+=("$jobs_dir/$r-$arm.fio")
			jobfile "$w" "$arm" "$r" "${fio_dev[$arm]}" "${files[-1]}"
		done
	done
	if [ "$clock" = icount ]; then
		# And a tail run after them, not counted either (repeat 0, the
		# warm-up's name): fio's last job group of an invocation switched
		# context 4 times as often as the others (about 30 times in a
		# 300 ms io_uring run, against 7) and cost 0.05-0.07% more,
		# always in the same arm.
		files+=("$jobs_dir/tail.fio")
		jobfile "$w" "${a[0]}" 0 "${fio_dev[${a[0]}]}" "${files[-1]}"
		# A devdax I/O is a bare copy, a quarter of a block I/O's
		# instructions or less: four times the I/Os of a block run.
		ios=${BENCH_IOS:-16384}
		[ "$t" != devdax ] || ios=$((ios * 4))
		IO_SIZE=$(BENCH_IOS=$ios io_size "${w/sweep-write-*/seq-write-sweep}" "$bs")
		export IO_SIZE
	fi
	# fsdax: each run maps the file anew, and its first touch of each 2M
	# page faults. Under icount its runs ramp for BENCH_FSDAX_RAMP of guest
	# time (a pass over the whole file at 128k, many at 4k) and then run
	# for BENCH_FSDAX_RUNTIME: the faults land in the ramp, and every run
	# measures copies into a mapped file whichever offsets its seed draws.
	# Timed, not fixed work: fio 3.33 records no latency after a ramp in a
	# run of fixed size, and the cost is the mean latency, not a count.
	timing=()
	if [ "$clock" = icount ] && [ "$t" = fsdax ]; then
		timing=(TIME_BASED=1 RAMP="${BENCH_FSDAX_RAMP:-400ms}"
			RUNTIME="${BENCH_FSDAX_RUNTIME:-250ms}" IO_SIZE="$size")
	elif [ "$clock" = icount ] && is_uring "${w/sweep-write-*/seq-write-sweep}"; then
		timing=(TIME_BASED=1 RAMP=0 RUNTIME="${BENCH_URING_RUNTIME:?}" IO_SIZE="$size")
	fi
	env "${timing[@]}" ENGINE=$engine DIRECT=$direct BS="${bs:-4k}" fio --output-format=json \
		--output="$out/$prefix$t.$w.json" "${files[@]}" >/dev/null || err "fio $w on $prefix$t failed"
	n=$((n + reps * ${#a[@]}))
	# The bare copy into the same mapping, once the devdax runs are done.
	if [ "$t" = devdax ] && [ "$w" = "${engine_workloads[-1]}" ] && [ -x "${COPYBW:-}" ]; then
		echo "copy floor: $COPYBW ${fio_dev[wb]}" >&2
		"$COPYBW" "${fio_dev[wb]}" 128 >"$PMEM_GUEST_OUT/copy-floor.txt" || err "copybw on ${fio_dev[wb]} failed"
	fi
done
echo ']' >>"$PMEM_GUEST_OUT/pat.json"
mode=guest
[ "$host" = 0 ] || mode=host
jq -n --arg k "$(uname -r)" --arg a "${PMEM_ACCEL:-unknown}" --arg c "$(nproc)" --arg clk "$clock" \
	--arg m "$mode" --arg r "${regions[*]}" --arg p "$provider" \
	'{kernel: $k, accel: $a, cpus: ($c | tonumber), clock: $clk, mode: $m, provider: $p,
	  regions: ($r | split(" ") | unique)}' \
	>"$PMEM_GUEST_OUT/meta.json"
