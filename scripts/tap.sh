# shellcheck shell=bash
# TAP output shared by every suite: ok / not ok / # SKIP, and the totals line.
TAP_N=0 TAP_PASS=0 TAP_FAIL=0 TAP_SKIP=0

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
	while IFS= read -r line; do echo "# $line"; done <<<"$*"
}

# Totals line; the exit status says whether anything failed.
tap_done() {
	echo "1..$TAP_N"
	echo "$TAP_PASS passed, $TAP_FAIL failed, $TAP_SKIP skipped"
	[ "$TAP_FAIL" -eq 0 ]
}
