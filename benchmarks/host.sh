# shellcheck shell=bash
# `benchmarks/bench --host`: the benchmark on the machine it runs on, a
# machine already running a pmem-stack kernel, over regions its user names
# and gives up. Sourced by benchmarks/bench. host_preflight refuses, and
# touches nothing, unless every check passes: the running kernel has the
# series' mapping attribute, regions are named, each is a labelled pmem
# region with room for two namespaces side by side and holds no namespace,
# and --destroy-data confirms its data may go.

# Every namespace the bench creates carries this name: a region holding a
# namespace without it holds someone's data.
HOST_NS_NAME=pmem-stack-bench

# host_region_problem REGION BYTES: why REGION cannot hold two namespaces
# of BYTES side by side, or nothing.
host_region_problem() {
	local r=$1 bytes=$2 d=/sys/bus/nd/devices/$1 ns avail=0 held=()
	if [[ ! $r =~ ^region[0-9]+$ ]] || [ ! -d "$d" ]; then
		echo "no region $r in /sys/bus/nd/devices"
		return
	fi
	[ -e "$d/driver" ] || {
		echo "$r is disabled (ndctl enable-region $r)"
		return
	}
	# A label-less region (e820, or NVDIMMs without a label area) has one
	# namespace, the whole region: no wb and wt namespace side by side.
	# nstype: ND_DEVICE_NAMESPACE_PMEM (5) labelled, _IO (4) label-less.
	case $(cat "$d/nstype" 2>/dev/null) in
	5) ;;
	4)
		echo "$r has no namespace labels (e820, NVDIMMs without a label area, or labels never initialised: ndctl init-labels): the bench needs a wb and a wt namespace side by side in it"
		return
		;;
	*)
		echo "$r is not a persistent-memory region"
		return
		;;
	esac
	for ns in "$d"/namespace*.*; do
		[ "$(cat "$ns/size")" != 0 ] || continue
		# What a bench that was killed left behind is its own to destroy.
		if [ "$(cat "$ns/alt_name")" = "$HOST_NS_NAME" ]; then
			avail=$((avail + $(cat "$ns/size")))
			continue
		fi
		held+=("$(basename "$ns") (\"$(cat "$ns/alt_name")\", $(($(cat "$ns/size") >> 20)) MiB)")
	done
	if [ ${#held[@]} -gt 0 ]; then
		echo "$r holds ${held[*]}: the bench uses only an empty region, and destroys nothing it did not create (if that data may go: ndctl destroy-namespace -f <namespace>)"
		return
	fi
	avail=$((avail + $(cat "$d/available_size")))
	[ "$avail" -ge $((2 * bytes)) ] ||
		echo "$r has $((avail >> 20)) MiB free: the bench needs two namespaces of $((bytes >> 20)) MiB (BENCH_SIZE + metadata, in 128 MiB sections)"
}

# host_preflight: refuse (exit 2, nothing touched) unless the machine and
# the named regions can run the bench. Reads bench's options host_regions
# (array) and host_destroy (1: --destroy-data).
# shellcheck disable=SC2154 # set by benchmarks/bench, which sources this
host_preflight() {
	local r why bytes
	[ "${BENCH_CLOCK:-wall}" = wall ] ||
		die2 "--host runs on the wall clock: icount exists only under QEMU's TCG"
	[ "$(id -u)" = 0 ] || die2 "run as root: the bench creates namespaces and writes sysfs"
	[ -d /sys/bus/nd ] || die2 "no libnvdimm on this machine ($(uname -r)): nothing to measure"
	[ -e /sys/module/libnvdimm/parameters/default_mapping ] ||
		die2 "the running kernel ($(uname -r)) has no pmem-stack 'mapping' attribute (/sys/module/libnvdimm/parameters/default_mapping): boot a kernel with the series (kernel/patches) to measure WB against WT"
	if [ ${#host_regions[@]} -eq 0 ]; then
		die2 "name the region(s) to measure, --region regionN (up to two: raw on the first, sector on the last); the bench destroys their data, so it never picks one. Persistent-memory regions here: $(
			ndctl list -R 2>/dev/null | jq -r 'if type == "array" then .[] else . end | "\(.dev) (\(.size / 1048576 | floor) MiB, \(.available_size / 1048576 | floor) MiB free)"' 2>/dev/null | paste -sd, - || echo none)"
	fi
	[ ${#host_regions[@]} -le 2 ] || die2 "at most two regions (raw on the first, sector on the last): ${host_regions[*]}"
	[[ ${BENCH_SIZE:-256M} =~ ^[1-9][0-9]*M$ ]] || die2 "BENCH_SIZE=$BENCH_SIZE: want a size in MiB, such as 256M"
	[ -r /sys/kernel/debug/x86/pat_memtype_list ] ||
		die2 "no /sys/kernel/debug/x86/pat_memtype_list (debugfs not mounted, or a kernel without X86_PAT or DEBUG_FS): the bench records what PAT made of each namespace"
	bytes=$((($(numfmt --from=iec "${BENCH_SIZE:-256M}") >> 20) + 64))
	bytes=$(((bytes + 127) / 128 * 128 << 20))
	for r in "${host_regions[@]}"; do
		why=$(host_region_problem "$r" "$bytes")
		[ -z "$why" ] || die2 "$why"
	done
	[ "$host_destroy" = 1 ] ||
		die2 "every byte of ${host_regions[*]} is overwritten: say --destroy-data to confirm"
	# One bench at a time: the regions, the hugetlb pool and brd it puts
	# back are the machine's. The lock lives as long as bench.
	exec 9>/run/pmem-stack-bench.lock
	flock -n 9 || die2 "another bench --host is running (/run/pmem-stack-bench.lock)"
}

die2() {
	echo "bench --host: $*; nothing was touched" >&2
	exit 2
}

# host_copy_probe RES: the copy probe for the running kernel: the module
# --copy-probe names, or one built against /lib/modules/$(uname -r)/build;
# otherwise none, and RES/copy-probe.err says why.
host_copy_probe() {
	local res=$1 build work
	build=/lib/modules/$(uname -r)/build
	if [ -n "$host_probe" ]; then
		echo "$host_probe"
	elif [ -d "$build" ]; then
		work=$res/copy-probe-build
		mkdir -p "$work"
		cp "$PMEM_TOP"/benchmarks/copy-probe/{Kbuild,*.c} "$work/"
		if make -C "$build" M="$work" modules >"$work/build.log" 2>&1; then
			echo "$work/pmem_copy_probe.ko"
		else
			echo "the copy probe did not build against $build (log: $work/build.log)" >"$res/copy-probe.err"
		fi
	else
		echo "no build tree for the running kernel at $build, and no --copy-probe FILE.ko: no 2x2 table, no memory-type verdict" >"$res/copy-probe.err"
	fi
}
