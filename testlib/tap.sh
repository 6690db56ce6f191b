# shellcheck shell=bash
# TAP output shared by every bash suite: the plan, ok / not ok / # SKIP,
# diagnostics, and the totals line every suite of make check ends with
# (testlib/tap.py prints the same for the Python ones).
TAP_N=0 TAP_PASS=0 TAP_FAIL=0 TAP_SKIP=0 TAP_PLANNED=0

# tap_plan N: the plan, first, where the number of cases is known.
tap_plan() {
	TAP_PLANNED=1
	echo "1..$1"
}

tap_ok() {
	TAP_N=$((TAP_N + 1)) TAP_PASS=$((TAP_PASS + 1))
	echo "ok $TAP_N - $*"
}
tap_not_ok() {
	TAP_N=$((TAP_N + 1)) TAP_FAIL=$((TAP_FAIL + 1))
	echo "not ok $TAP_N - $*"
}
tap_skip() {
	local name=$1
	shift
	TAP_N=$((TAP_N + 1)) TAP_SKIP=$((TAP_SKIP + 1))
	echo "ok $TAP_N - $name # SKIP $*"
}
tap_diag() {
	local line
	[ -n "$*" ] || return 0
	while IFS= read -r line; do echo "# $line"; done <<<"$*"
}

# tap_result NAME RC OUT: the TAP line for a case that exited RC (0 pass,
# 77 skip with OUT's last line as the reason, else fail with OUT as
# diagnostics; TAP_VERBOSE shows OUT always).
tap_result() {
	local name=$1 rc=$2 out=$3
	case $rc in
	0) tap_ok "$name" ;;
	77) tap_skip "$name" "$(tail -n1 <<<"$out")" ;;
	*) tap_not_ok "$name (exit $rc)" ;;
	esac
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ] || [ -n "${TAP_VERBOSE:-}" ]; then
		tap_diag "$out"
	fi
}

# Totals line (after the plan, if none came first); the exit status says
# whether anything failed.
tap_done() {
	[ "$TAP_PLANNED" -eq 1 ] || echo "1..$TAP_N"
	echo "$TAP_PASS passed, $TAP_FAIL failed, $TAP_SKIP skipped"
	[ "$TAP_FAIL" -eq 0 ]
}
