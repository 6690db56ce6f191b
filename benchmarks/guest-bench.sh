#!/bin/bash
# Guest half of `make bench`: one boot, every target and memory type,
# every workload BENCH_REPEATS times; fio's JSON goes to $PMEM_GUEST_OUT.
# Targets: raw and sector namespaces on the emulated NVDIMMs (wb and wt
# where the kernel has the series' attribute, else the kernel's default),
# and brd (/dev/ram0), the RAM disk a user would compare with.
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=qemu-nvdimm/tests/common.sh
source "$here/../qemu-nvdimm/tests/common.sh"
need_cmd fio

out=${PMEM_GUEST_OUT:?}/fio
mkdir -p "$out"
read -r -a workloads <<<"${BENCH_WORKLOADS:?}"
repeats=${BENCH_REPEATS:?} runtime=${BENCH_RUNTIME:?} ramp=${BENCH_RAMP:?}
size=${BENCH_SIZE:-256M}
export SIZE=$size RUNTIME=$runtime RAMP=$ramp

mapfile -t regions < <(nfit_regions)
[ "${#regions[@]}" -ge 2 ] || err "the benchmark needs two NVDIMMs"
if [ -e /sys/module/libnvdimm/parameters/default_mapping ]; then types=(wb wt); else types=(default); fi
reset_regions

# prepare TARGET TYPE -> prints the block device, mapped TYPE
prepare() {
	local target=$1 type=$2 region json
	case $target in
	brd) echo /dev/ram0; return ;;
	raw) region=${regions[0]} ;;
	sector) region=${regions[1]} ;;
	esac
	ndctl destroy-namespace -f -r "$region" all >/dev/null 2>&1 || true
	[ "$type" = default ] || idle_set_mapping "$region" "$type"
	json=$(create_ns "$region" -m "$target" -s "$((${size%M} + 64))M") || err "create $target namespace"
	echo "/dev/$(jq -r .blockdev <<<"$json")"
}

modprobe brd rd_nr=1 rd_size=$(((${size%M} + 64) * 1024)) || err "modprobe brd"
targets=(raw sector brd)
total=0
for t in "${targets[@]}"; do
	for ty in "${types[@]}"; do
		[ "$t" = brd ] && [ "$ty" != "${types[0]}" ] && continue
		total=$((total + ${#workloads[@]} * repeats))
	done
done

n=0 start=$SECONDS
echo '[' >"$PMEM_GUEST_OUT/pat.json"
sep=""
for t in "${targets[@]}"; do
	for ty in "${types[@]}"; do
		[ "$t" = brd ] && [ "$ty" != "${types[0]}" ] && continue
		[ "$t" = brd ] && ty=ram
		dev=$(prepare "$t" "$ty")
		if [ "$t" != brd ]; then
			ns=$(ndctl list -N | jarray | jq -r --arg b "${dev#/dev/}" 'select(.blockdev == $b) | .dev')
			pat=$(pat_type_at "$(cat "/sys/bus/nd/devices/$ns/resource")")
			printf '%s{"target":"%s","type":"%s","namespace":"%s","pat":"%s"}\n' \
				"$sep" "$t" "$ty" "$ns" "${pat:-none}" >>"$PMEM_GUEST_OUT/pat.json"
			sep=","
		fi
		for w in "${workloads[@]}"; do
			for ((r = 1; r <= repeats; r++)); do
				n=$((n + 1))
				el=$((SECONDS - start))
				eta=$((n > 1 ? el * (total - n + 1) / (n - 1) : 0))
				printf '[%d/%d] %s %s %s run %d/%d (elapsed %ds, eta %ds)\n' \
					"$n" "$total" "$t" "$ty" "$w" "$r" "$repeats" "$el" "$eta" >&2
				DEV=$dev fio --output-format=json --output="$out/$t.$ty.$w.$r.json" \
					"$PMEM_TOP/workloads/$w.fio" >/dev/null || err "fio $w on $dev failed"
			done
		done
	done
done
echo ']' >>"$PMEM_GUEST_OUT/pat.json"
jq -n --arg k "$(uname -r)" --arg a "${PMEM_ACCEL:-unknown}" --arg c "$(nproc)" \
	'{kernel: $k, accel: $a, cpus: ($c | tonumber)}' >"$PMEM_GUEST_OUT/meta.json"
