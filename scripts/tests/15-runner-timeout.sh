#!/bin/bash
# testlib/run-suite: the plan comes first; a case that hangs past its
# "# case-timeout:" is "not ok ... # TIMEOUT" and the cases after it still
# run; a skip keeps its reason; the totals add up; the exit status fails.
source "$(dirname "$0")/common.sh"

suite=$SCRATCH/suite
mkdir -p "$suite"
printf '# case-timeout: 1\nsleep 60 &\nsleep 60\n' >"$suite/00-hangs.sh"
printf 'exit 0\n' >"$suite/01-passes.sh"
printf 'echo no such device\nexit 77\n' >"$suite/02-skips.sh"
rc=0
start=$SECONDS
out=$(env -u TAP_VERBOSE "$TOP/testlib/run-suite" "$suite") || rc=$?
[ $((SECONDS - start)) -lt 30 ] || err "the hung case was not cut off at its timeout: $out"
[ "$rc" -ne 0 ] || err "the runner exited 0 with a timed-out case"
want="1..3
not ok 1 - 00-hangs # TIMEOUT after 1 s
ok 2 - 01-passes
ok 3 - 02-skips # SKIP no such device
1 passed, 1 failed, 1 skipped"
# Each case's time is a diagnostic line of its own.
[ "$(grep -cE '^# 0[0-2]-[a-z]+: [0-9]+ s$' <<<"$out")" -eq 3 ] ||
	err "not one time line per case; got:
$out"
[ "$(grep -v '^# ' <<<"$out")" = "$want" ] || err "runner output differs; got:
$out"
