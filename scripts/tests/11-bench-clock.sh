#!/bin/bash
# BENCH_CLOCK: an unknown value names the valid ones; icount under KVM is
# refused (icount is TCG-only); both before any guest boots or result
# directory appears.
source "$(dirname "$0")/common.sh"

export BENCH_RESULTS=$SCRATCH/results
BENCH_CLOCK=sundial expect_fail 'BENCH_CLOCK=sundial unknown: icount or wall' "$TOP/benchmarks/bench"
ACCEL=kvm BENCH_CLOCK=icount expect_fail 'BENCH_CLOCK=icount needs TCG' "$TOP/benchmarks/bench"
[ ! -e "$BENCH_RESULTS" ] || err "a refused bench left $BENCH_RESULTS behind"
