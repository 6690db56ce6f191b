#!/bin/bash
# bench --host, as a user runs it on the machine with the pmem, here a
# guest playing that machine: a small wall-clock run over one region
# (raw, sector, devdax and fsdax in turn), while the other holds
# someone's namespace. The results folder passes check-summary.py (host
# mode: this kernel alone), the report's first lines give the
# memory-type verdict (under TCG: not honoured, so no ratio speaks for
# hardware), and the machine is left as found: the other namespace and
# its data, the seeds' mappings, hugetlb pool, flusher, modules.
# case-timeout: 900
source "$(dirname "$0")/common.sh"

[ -e /sys/module/libnvdimm/parameters/default_mapping ] || skip "stock kernel: bench --host refuses it (01)"
reset_regions
mapfile -t regions < <(nfit_regions)
res=$PMEM_GUEST_OUT/bench-host
rm -rf "$res"
probe=()
[ ! -f "$probe_ko" ] || probe=(--copy-probe "$probe_ko")
users_data "${regions[1]}"
before=$(state)
BENCH=quick BENCH_WORKLOADS=rand-write-4k BENCH_SWEEP=4k BENCH_RUNTIME=1 BENCH_RAMP=0 \
	BENCH_RESULTS=$res "$bench" --host --region "${regions[0]}" \
	--destroy-data "${probe[@]}" >"$res.log" 2>&1 || err "bench --host failed: $(tail -n 20 "$res.log")"
after=$(state)
[ "$before" = "$after" ] || err "bench --host left the machine changed: $(diff <(echo "$before") <(echo "$after"))"
users_data_intact

out=$("$PMEM_TOP/benchmarks/check-summary.py" "$res/latest") ||
	err "check-summary.py on the host run: $(grep -E '^not ok|^#' <<<"$out")"
s=$res/latest/summary.json
[ "$(jq -r .mode "$s")" = host ] || err "summary.json mode is $(jq -r .mode "$s"), not host"
[ "$(jq -r '.kernels | keys | join(",")' "$s")" = patched ] || err "kernels: $(jq -c '.kernels | keys' "$s")"
[ "$(jq -r .kernels.patched.kernel "$s")" = "$(uname -r)" ] || err "the run does not name this kernel"
[ "$(jq -r .clock "$s")" = wall ] || err "clock $(jq -r .clock "$s"), not wall"
head=$(sed -n 3,6p "$res/latest/report.md")
if [ "${PMEM_ACCEL:-}" = tcg ]; then
	[ "$(jq -r .memtype_probe.verdict "$s")" = not-honoured ] ||
		err "under TCG the verdict is $(jq -r .memtype_probe.verdict "$s")"
	grep -q "No WT/WB ratio of this run speaks for hardware" <<<"$head" ||
		err "the report's first lines do not say the ratios do not speak for hardware: $head"
fi
echo "bench --host over ${regions[0]}: $(jq '.results | length' "$s") points, verdict $(jq -r .memtype_probe.verdict "$s"); machine left as found, $users_ns's data intact"
