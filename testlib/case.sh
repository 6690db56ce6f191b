# shellcheck shell=bash
# Sourced by every test case of every suite (host and guest): how a case
# ends. A case exits 0 (pass), 77 (skip, the reason as its last line) or
# anything else (fail); testlib/run-suite turns that into TAP.

err() {
	echo "FAIL: $*" >&2
	exit 1
}
skip() {
	echo "$*"
	exit 77
}
