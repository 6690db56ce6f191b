#!/bin/bash
# Guest half of `make bench`: one boot, every target and memory type,
# every workload BENCH_REPEATS times; fio's JSON (one file per point, a
# job group per run) goes to $PMEM_GUEST_OUT.
# Targets: raw and sector namespaces on the emulated NVDIMMs (wb and wt
# where the kernel has the series' attribute, else the kernel's default).
# With BENCH_PEERS=1 also the peers: brd (/dev/ram0, the RAM disk a user
# would compare with), devdax (fio's dev-dax engine on the mmap of the
# NVDIMM range: the block path's ceiling), fsdax (a file on ext4 mounted
# dax=always, through fio's libpmem engine) and the bare copy into the
# devdax mapping (benchmarks/copybw.c, $COPYBW). BENCH_SWEEP="4k ... 1m" adds the
# block-size sweep of sequential writes on the raw namespace.
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=qemu-nvdimm/tests/common.sh
source "$here/../qemu-nvdimm/tests/common.sh"
need_cmd fio

out=${PMEM_GUEST_OUT:?}/fio
mkdir -p "$out"
read -r -a workloads <<<"${BENCH_WORKLOADS:?}"
read -r -a sweep <<<"${BENCH_SWEEP:-}"
repeats=${BENCH_REPEATS:?} sweep_repeats=${BENCH_SWEEP_REPEATS:-3}
peer_repeats=${BENCH_PEER_REPEATS:-$repeats}
size=${BENCH_SIZE:-256M}
export SIZE=$size RUNTIME=${BENCH_RUNTIME:?} RAMP=${BENCH_RAMP:?}
peers=${BENCH_PEERS:-0}

mapfile -t regions < <(nfit_regions)
[ "${#regions[@]}" -ge 2 ] || err "the benchmark needs two NVDIMMs"
if [ -e /sys/module/libnvdimm/parameters/default_mapping ]; then types=(wb wt); else types=(default); fi
reset_regions

# The QD1 workloads take their engine from ENGINE: those are the ones the
# mmap engines can run too.
engine_workloads=()
for w in "${workloads[@]}"; do
	# shellcheck disable=SC2016 # the literal fio variable, not bash's
	grep -qx 'ioengine=${ENGINE}' "$PMEM_TOP/workloads/$w.fio" && engine_workloads+=("$w")
done

# The plan, one line per point: target type workload repeats [bs]
plan=()
for t in raw sector; do
	for ty in "${types[@]}"; do
		for w in "${workloads[@]}"; do plan+=("$t $ty $w $repeats"); done
		[ "$t" = raw ] || continue
		for bs in "${sweep[@]}"; do plan+=("raw $ty sweep-write-$bs $sweep_repeats $bs"); done
	done
done
if [ "$peers" = 1 ]; then
	modprobe brd rd_nr=1 rd_size=$(((${size%M} + 64) * 1024)) || err "modprobe brd"
	for w in "${workloads[@]}"; do plan+=("brd ram $w $peer_repeats"); done
	if fio --enghelp 2>/dev/null | grep -qw dev-dax && modprobe device_dax; then
		for w in "${engine_workloads[@]}"; do plan+=("devdax wb $w $peer_repeats"); done
	else
		echo "note: no devdax peer (fio without dev-dax engine or no device_dax)" >&2
	fi
	if fio --enghelp 2>/dev/null | grep -qw libpmem && command -v mkfs.ext4 >/dev/null; then
		for w in "${engine_workloads[@]}"; do plan+=("fsdax wb $w $peer_repeats"); done
	else
		echo "note: no fsdax peer (fio without libpmem engine or no mkfs.ext4)" >&2
	fi
fi
total=0
for p in "${plan[@]}"; do
	read -r _ _ _ reps _ <<<"$p"
	total=$((total + reps))
done

dax_mnt=/tmp/bench-dax
trap 'umount "$dax_mnt" 2>/dev/null || true; reset_regions >/dev/null 2>&1 || true' EXIT

# prepare TARGET TYPE -> prints the device (fsdax: a file), mapped TYPE
prepare() {
	local target=$1 type=$2 region json
	case $target in
	brd) echo /dev/ram0; return ;;
	# fsdax and devdax want a 16M-aligned start: QEMU's first NVDIMM has it.
	raw | devdax | fsdax) region=${regions[0]} ;;
	sector) region=${regions[1]} ;;
	esac
	umount "$dax_mnt" 2>/dev/null || true
	ndctl destroy-namespace -f -r "$region" all >/dev/null 2>&1 || true
	[ "$type" = default ] || [ "$type" = ram ] || idle_set_mapping "$region" "$type"
	if [ "$target" = fsdax ]; then
		json=$(create_ns "$region" -m fsdax -M mem -a 2M -s "$((${size%M} + 64))M") || err "create fsdax namespace"
		# DAX wants the page size as block size; mke2fs picks 1k for a small fs.
		mkfs.ext4 -q -F -b 4096 "/dev/$(jq -r .blockdev <<<"$json")" >&2 || err "mkfs.ext4 on the fsdax namespace"
		mkdir -p "$dax_mnt"
		mount -o dax=always "/dev/$(jq -r .blockdev <<<"$json")" "$dax_mnt" || err "mount -o dax=always"
		echo "$dax_mnt/fio.dat"
		return
	fi
	if [ "$target" = devdax ]; then
		json=$(create_ns "$region" -m devdax -a 2M -s "$((${size%M} + 64))M") || err "create devdax namespace"
		echo "/dev/$(jq -r '.daxregion.devices[0].chardev' <<<"$json")"
		return
	fi
	json=$(create_ns "$region" -m "$target" -s "$((${size%M} + 64))M") || err "create $target namespace"
	echo "/dev/$(jq -r .blockdev <<<"$json")"
}

# record_pat TARGET TYPE DEV: what PAT says of the namespace behind DEV
sep=""
record_pat() {
	local ns pat key=.blockdev name=${3#/dev/}
	[ "$1" = devdax ] && key='.daxregion.devices[0].chardev'
	[ "$1" = fsdax ] && name=$(findmnt -no SOURCE "$dax_mnt") name=${name#/dev/}
	ns=$(ndctl list -N -X | jarray | jq -r --arg b "$name" "select($key == \$b) | .dev")
	pat=$(pat_type_at "$(cat "/sys/bus/nd/devices/$ns/resource")")
	printf '%s{"target":"%s","type":"%s","namespace":"%s","pat":"%s"}\n' \
		"$sep" "$1" "$2" "$ns" "${pat:-none}" >>"$PMEM_GUEST_OUT/pat.json"
	sep=","
}

n=0 start=$SECONDS current=""
echo '[' >"$PMEM_GUEST_OUT/pat.json"
for p in "${plan[@]}"; do
	read -r t ty w reps bs <<<"$p"
	if [ "$current" != "$t $ty" ]; then
		dev=$(prepare "$t" "$ty")
		[ "$t" = brd ] || record_pat "$t" "$ty" "$dev"
		current="$t $ty"
	fi
	job=$PMEM_TOP/workloads/$w.fio engine=psync direct=1
	case $w in sweep-write-*) job=$PMEM_TOP/workloads/seq-write-sweep.fio ;; esac
	[ "$t" = devdax ] && engine="dev-dax" direct=0
	# libpmem: direct=1 makes its copies non-temporal, as the WB block path's
	[ "$t" = fsdax ] && engine=libpmem
	# One fio for all the repeats: job files given several times run one
	# after another, each its own group in the JSON, and fio's start-up
	# (0.8 s under TCG) is paid once per point.
	el=$((SECONDS - start))
	eta=$((n > 0 ? el * (total - n) / n : 0))
	printf '[%d-%d/%d] %s %s %s x%d (elapsed %ds, eta %ds)\n' \
		"$((n + 1))" "$((n + reps))" "$total" "$t" "$ty" "$w" "$reps" "$el" "$eta" >&2
	jobs=()
	for ((r = 1; r <= reps; r++)); do jobs+=("$job"); done
	DEV=$dev ENGINE=$engine DIRECT=$direct BS=${bs:-4k} fio --output-format=json \
		--output="$out/$t.$ty.$w.json" "${jobs[@]}" >/dev/null || err "fio $w on $dev failed"
	n=$((n + reps))
	# The bare copy into the same mapping, once the devdax runs are done.
	if [ "$t" = devdax ] && [ "$w" = "${engine_workloads[-1]}" ] && [ -x "${COPYBW:-}" ]; then
		echo "copy floor: $COPYBW $dev" >&2
		"$COPYBW" "$dev" 128 >"$PMEM_GUEST_OUT/copy-floor.txt" || err "copybw on $dev failed"
	fi
done
echo ']' >>"$PMEM_GUEST_OUT/pat.json"
jq -n --arg k "$(uname -r)" --arg a "${PMEM_ACCEL:-unknown}" --arg c "$(nproc)" \
	'{kernel: $k, accel: $a, cpus: ($c | tonumber)}' >"$PMEM_GUEST_OUT/meta.json"
