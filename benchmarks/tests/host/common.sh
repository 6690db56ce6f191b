# shellcheck shell=bash
# Sourced by the cases of `benchmarks/bench --host`, which run inside a
# guest of qemu-nvdimm/run playing the user's machine (its QEMU NVDIMMs the
# regions a user would name). Never on this machine's own kernel.
# shellcheck source=qemu-nvdimm/tests/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../../qemu-nvdimm/tests/common.sh"

bench=$PMEM_TOP/benchmarks/bench
# The copy probe built for the patched kernel (check.sh builds it first).
# shellcheck disable=SC2034 # the cases read it
probe_ko=$PMEM_CACHE/build/copy-probe/pmem_copy_probe.ko

# state: what a refused bench must leave as it found it: every namespace
# (name, size, mode, uuid), the type each region's next namespace gets
# (its seed's mapping), the hugetlb pool and the modules the bench may
# load. Idle namespaces are not state: destroying one leaves a new seed.
state() {
	local r
	ndctl list -N -i 2>/dev/null | jarray | jq -c 'select(.size > 0) | {dev, name, size, mode, uuid, state}' | sort
	for r in $(nfit_regions); do
		echo "$r seed mapping $(cat "/sys/bus/nd/devices/$r/$(cat "/sys/bus/nd/devices/$r/namespace_seed")/mapping")"
	done
	echo "hugepages $(cat /proc/sys/vm/nr_hugepages)"
	echo "dirty_writeback_centisecs $(cat /proc/sys/vm/dirty_writeback_centisecs)"
	findmnt -rn -o TARGET | grep bench-dax || true
	lsmod | awk '$1 == "brd" || $1 == "pmem_copy_probe" { print $1 }'
}

# refused WHY ARGS...: `bench --host ARGS` exits 2 saying WHY (a regex)
# and leaves state() and the results folder as they were.
refused() {
	local why=$1 before after rc=0 out res
	shift
	res=$(mktemp -d)
	before=$(state)
	out=$(BENCH_RESULTS=$res/results "$bench" --host "$@" 2>&1) || rc=$?
	after=$(state)
	[ "$rc" = 2 ] || err "bench --host $* exited $rc, not 2 (refused): $out"
	grep -Eq -- "$why" <<<"$out" || err "bench --host $*: no /$why/ in: $out"
	grep -q 'nothing was touched' <<<"$out" || err "bench --host $*: refusal does not say nothing was touched: $out"
	[ "$before" = "$after" ] || err "bench --host $* changed the machine: $(diff <(echo "$before") <(echo "$after"))"
	[ ! -e "$res/results" ] || err "bench --host $* wrote $res/results"
	rm -rf "$res"
	echo "refused: bench --host $*: $(tail -n 1 <<<"$out")"
}

# users_data REGION: someone's namespace in REGION, 4 MiB of a pattern on
# it; users_data_intact checks both are as they were.
users_data() {
	create_ns "$1" -m raw -s 128M -n users-data || err "create namespace: $ns_err"
	users_ns=$ns users_dev=$dev users_sum=$(write_pattern "$dev" 7 4)
}
users_data_intact() {
	[ "$(ndctl list -n "$users_ns" | jarray | jq -r .name)" = users-data ] || err "$users_ns is gone"
	[ "$(read_sum "$users_dev" 4)" = "$users_sum" ] || err "the data on $users_ns changed"
}
