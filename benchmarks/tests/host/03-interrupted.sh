#!/bin/bash
# bench --host stopped by Ctrl-C (SIGINT to its process group) once it has
# made its first namespace, and again while it cleans up: it destroys what
# it made, and only that, and puts the machine back as it found it.
# case-timeout: 600
source "$(dirname "$0")/common.sh"

[ -e /sys/module/libnvdimm/parameters/default_mapping ] || skip "stock kernel: bench --host refuses it (01)"
reset_regions
mapfile -t regions < <(nfit_regions)
users_data "${regions[1]}"
before=$(state)
res=$(mktemp -d)
# A shell's background job ignores SIGINT: start the bench as a terminal
# would, SIGINT at its default, in a process group of its own.
BENCH=quick BENCH_WORKLOADS=rand-write-4k BENCH_SWEEP="" BENCH_RUNTIME=5 BENCH_RAMP=0 \
	BENCH_RESULTS=$res python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.setsid()
os.execv(sys.argv[1], sys.argv[1:])' "$bench" --host --region "${regions[0]}" --destroy-data >"$res/log" 2>&1 &
pid=$!
for _ in $(seq 600); do
	[ -z "$(ndctl list -N -r "${regions[0]}" 2>/dev/null | jarray | jq -r 'select(.name == "pmem-stack-bench") | .dev')" ] || break
	kill -0 "$pid" 2>/dev/null || err "bench --host ended before it made a namespace: $(tail -n 5 "$res/log")"
	sleep 0.2
done
sleep 2
kill -INT -- "-$pid"
sleep 0.5
kill -INT -- "-$pid" 2>/dev/null || true
for _ in $(seq 300); do
	kill -0 "$pid" 2>/dev/null || break
	sleep 1
done
if kill -0 "$pid" 2>/dev/null; then
	kill -KILL -- "-$pid"
	err "bench --host still ran 300 s after Ctrl-C: $(tail -n 5 "$res/log")"
fi
wait "$pid" && err "bench --host exited 0 after Ctrl-C"
after=$(state)
[ "$before" = "$after" ] || err "interrupted bench --host left the machine changed: $(diff <(echo "$before") <(echo "$after")); log: $(tail -n 5 "$res/log")"
users_data_intact
find "$res" -name INCOMPLETE | grep -q . || err "no INCOMPLETE mark in the results: $(find "$res" | head)"
rm -rf "$res"
echo "two Ctrl-C: its namespaces gone, the machine as found, $users_ns's data intact, results marked INCOMPLETE"
