# shellcheck shell=bash
# Sourced by every test case of every suite (host and guest): how a case
# ends, and how it reads the JSON ndctl and cxl print. A case exits 0
# (pass), 77 (skip, the reason as its last line) or anything else (fail);
# testlib/run-suite turns that into TAP.

err() {
	echo "FAIL: $*" >&2
	exit 1
}
skip() {
	echo "$*"
	exit 77
}

# ndctl and cxl print one object bare and several as an array: one compact
# object per line either way.
jarray() { jq -c 'if type == "array" then .[] else . end'; }
