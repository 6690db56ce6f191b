#!/bin/bash
# `make check`: every suite, each printing TAP with its own totals line,
# then the grand total. Exits non-zero if any suite failed or did not report.
# `make check-debug` (check.sh debug): the guest suites on the debug kernel
# (KASAN, lockdep, kmemleak, UBSAN), where any report fails the run.
#
# After the host suites and the kernels, the rest runs CHECK_JOBS
# suites at a time (default: 2, one per core of the 2-core CI machine).
# A TCG guest keeps about one core busy and a compile two, so a cold run
# has the series' builds beside the guests, and a warm one two guests at
# once; each suite's TAP is printed whole when it ends. No suite asserts a
# time, and a count under icount does not depend on the load.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

logs=$(pmem_log_dir)/check
[ "${1:-}" != debug ] || logs=$(pmem_log_dir)/check-debug
mkdir -p "$logs"
jobs=${CHECK_JOBS:-2}
[[ $jobs =~ ^[1-9]$ ]] || die "CHECK_JOBS=$jobs: want 1..9 suites at a time"

# suite NAME CMD... : run a suite, its TAP in NAME.tap, its exit status in
# NAME.rc; print the TAP whole when it ends, under a lock so two suites'
# TAP do not interleave.
suite() {
	local name=$1 rc=0 start=$SECONDS
	shift
	rm -f "$logs/$name.rc"
	msg "check: $name started"
	"$@" >"$logs/$name.tap" 2>&1 || rc=$?
	echo "$rc" >"$logs/$name.rc"
	{
		flock 9
		msg "check: $name ($((SECONDS - start)) s)"
		cat "$logs/$name.tap"
	} 9>"$logs/.print.lock"
}

# The jobs: each one suite. The kernels they boot are built before they
# start: series-check walks the cache's one kernel tree through every
# patch, and no build may check out another tree beside it.
job_series() { suite series kernel/series-check.sh; }
job_qemu-nvdimm() { suite qemu-nvdimm qemu-nvdimm/run --timeout 1800 -- testlib/run-suite qemu-nvdimm/tests; }
# The label-less providers, one boot each for their cases.
job_providers-virtio() { suite providers-virtio qemu-nvdimm/run --pmem virtio -- testlib/run-suite qemu-nvdimm/providers; }
job_providers-e820() { suite providers-e820 qemu-nvdimm/run --pmem e820 --mem 1G -- testlib/run-suite qemu-nvdimm/providers; }
# CXL type-3 pmem: its topology; regions do not come up on 6.1 (02 says
# why; cxl-test below brings them up on cxl_test).
job_providers-cxl() {
	suite providers-cxl qemu-nvdimm/run --pmem cxl --nvdimms 1 --size 256M -- testlib/run-suite qemu-nvdimm/cxl
}
job_crash() { suite crash qemu-nvdimm/tests/crash-suite; }
job_boot() { suite boot qemu-nvdimm/tests/boot-suite; }
# nfit_test's made-up ranges sit at [4G, 8G): with 6G of RAM, System RAM
# lies under them, as on any large guest. Its cases share one boot, each
# under the runner's timeout; the boot's own catches the rest, with room
# for a busy host.
job_nfit-test() {
	suite nfit-test qemu-nvdimm/run --modules "$nfit_modules" --no-coldplug --nvdimms 0 \
		--mem 6G --timeout 2400 -- testlib/run-suite nfit-test/tests
}
# cxl_test's CXL pmem regions, from the same module root: its mock memory
# devices sit on NUMA nodes 0 and 1.
job_cxl-test() {
	suite cxl-test qemu-nvdimm/run --modules "$nfit_modules" --no-coldplug --nvdimms 0 \
		--numa 2 -- testlib/run-suite nfit-test/cxl
}
# The quick benchmark, for its shape and its counts' repeatability (never
# their values), kept apart from the user's results/.
quick_bench() {
	rm -rf "$PMEM_CACHE/check-bench"
	BENCH=quick BENCH_RESULTS=$PMEM_CACHE/check-bench benchmarks/bench >"$logs/bench-quick.log" 2>&1 ||
		{ tail -n 20 "$logs/bench-quick.log"; echo "not ok 1 - quick bench ran"; return 1; }
	benchmarks/check-summary.py "$PMEM_CACHE/check-bench/latest"
}
job_bench-shape() { suite bench-shape quick_bench; }
# bench --host in a guest playing the user's machine: its refusals and a
# small wall-clock run (2 min on the earlier machine, 6.5 on the slower
# one of 2026-12-07, and over the launcher's default 600 s there beside a
# benchmark); and the refusal of a kernel without the series (a stock
# boot, 15 s).
job_bench-host() { suite bench-host qemu-nvdimm/run --timeout 1800 -- testlib/run-suite benchmarks/tests/host; }
job_bench-host-stock() {
	suite bench-host-stock qemu-nvdimm/run --kernel stock -- testlib/run-suite benchmarks/tests/host 01-refusals
}
# check-debug's own: kmemleak finds what the kernel's test module leaks.
job_kmemleak-control() { suite kmemleak-control qemu-nvdimm/tests/kmemleak-control; }

# run_jobs JOB... : the jobs, CHECK_JOBS at a time, each worker taking the
# next job in the list. The list starts with the longest (a cold series
# check, nfit-test) so that the short ones fill in at the end. A job that
# does not end its suite's log with an exit status is broken in the
# tally: the logs of an earlier run are removed first. Background jobs
# ignore Ctrl-C, so the trap stops the workers and what they run.
run_jobs() {
	local list=("$@") next=$logs/.next w name pids=()
	for name in "${list[@]}"; do rm -f "$logs/$name.tap" "$logs/$name.rc"; done
	echo 0 >"$next"
	worker() {
		local i
		while :; do
			{
				flock 7
				i=$(<"$next")
				echo $((i + 1)) >"$next"
			} 7<"$next"
			[ "$i" -lt ${#list[@]} ] || return 0
			"job_${list[$i]}" || msg "check: job ${list[$i]} failed (exit $?)"
		done
	}
	for ((w = 0; w < jobs; w++)); do
		worker &
		pids+=($!)
	done
	trap 'trap - INT TERM; pmem_kill_tree "${pids[@]}"; exit 130' INT TERM
	for w in "${pids[@]}"; do wait "$w" || msg "check: a worker ended with exit $?"; done
	trap - INT TERM
}

pass=0 fail=0 skipped=0 broken=()
# tally NAME... : add the suites' totals, in the order given.
tally() {
	local name rc totals p f s
	for name in "$@"; do
		rc=$(cat "$logs/$name.rc" 2>/dev/null || echo "none")
		totals=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$logs/$name.tap" 2>/dev/null | tail -n1 || true)
		if [ -z "$totals" ]; then
			broken+=("$name (no totals line, exit $rc; log: $logs/$name.tap)")
			fail=$((fail + 1))
			continue
		fi
		read -r p _ f _ s _ <<<"$totals"
		pass=$((pass + p)) fail=$((fail + f)) skipped=$((skipped + s))
		[ "$rc" = 0 ] || [ "$f" -gt 0 ] || broken+=("$name (exit $rc with no failed case)")
	done
}

# The grand total; the exit status says whether everything passed.
totals() {
	echo
	for b in "${broken[@]}"; do echo "suite broken: $b"; done
	echo "total: $pass passed, $fail failed, $skipped skipped$*"
	[ "$fail" -eq 0 ] && [ ${#broken[@]} -eq 0 ]
}

guest_jobs=(nfit-test qemu-nvdimm boot crash cxl-test providers-virtio providers-e820 providers-cxl)
cd "$PMEM_TOP"
start=$SECONDS
if [ "${1:-}" = debug ]; then
	msg "check-debug: kernel (cold on 2 cores: 20-30 min, then cached)"
	kernel/build.sh debug >/dev/null
	nfit-test/build.sh debug >/dev/null
	export PMEM_KERNEL=debug
	pmem_variant debug
	nfit_modules=$variant_nfit
	run_jobs "${guest_jobs[@]}" kmemleak-control
	tally "${guest_jobs[@]}" kmemleak-control
	totals " (debug kernel, $((SECONDS - start)) s)"
	exit
fi
suite lint scripts/lint.sh
suite front-door testlib/run-suite scripts/tests
suite bench-logic benchmarks/tests/verdict.py
# The stock kernel first (the baseline's headers): series-check's build
# after patch 1, which has them too, then finds its objects in ccache.
msg "check: the patched and stock kernels (cold on 2 cores: 12 min each; then cached)"
kernel/build.sh patched >/dev/null
kernel/build.sh stock >/dev/null
nfit-test/build.sh >/dev/null
benchmarks/copy-probe/build.sh >/dev/null
# The guests boot PMEM_KERNEL (patched unless set): nfit_test's modules
# must be the ones built for it.
pmem_variant "${PMEM_KERNEL:-patched}"
nfit_modules=$variant_nfit
msg "check: the suites, $jobs at a time (a cold series-check compiles again after patches 2, 13 and 15)"
# The longest first, so that the short ones fill in at the end.
all=(series nfit-test bench-shape qemu-nvdimm bench-host boot crash cxl-test
	providers-virtio providers-e820 providers-cxl bench-host-stock)
run_jobs "${all[@]}"
tally lint front-door bench-logic "${all[@]}"
totals " ($((SECONDS - start)) s)"
