#!/bin/bash
# Run the cases (NN-*.sh) of a suite directory and report TAP; each case
# exits 0 (pass), 77 (skip: its last line is the reason) or else (fail).
# Usage: tap-suite.sh DIR [CASE...]   (the suites' own `suite` calls this)
set -euo pipefail
# shellcheck source=scripts/tap.sh
source "$(dirname "$0")/tap.sh"
here=$(cd "$1" && pwd)
shift

cases=()
for c in "$@"; do
	[ -f "$c" ] || c=$here/${c%.sh}.sh
	[ -f "$c" ] || { echo "no such case: $c" >&2; exit 2; }
	cases+=("$c")
done
[ ${#cases[@]} -gt 0 ] || cases=("$here"/[0-9][0-9]-*.sh)
for c in "${cases[@]}"; do
	name=$(basename "$c" .sh)
	rc=0
	out=$(bash "$c" 2>&1) || rc=$?
	tap_result "$name" "$rc" "$out"
done
tap_done
