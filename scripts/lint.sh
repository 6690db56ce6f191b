#!/bin/bash
# Run shellcheck on every shell script of the project (TAP).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
# shellcheck source=testlib/tap.sh
source "$PMEM_TOP/testlib/tap.sh"

cd "$PMEM_TOP"
mapfile -t scripts < <(git ls-files | while read -r f; do
	if [ -f "$f" ] && head -n1 "$f" | grep -qE '^#!.*bash|shell=bash'; then echo "$f"; fi
done; find scripts testlib kernel qemu-nvdimm nfit-test benchmarks -type f \( -name '*.sh' -o -name run -o -name guest-init -o -name run-suite \) 2>/dev/null)
mapfile -t scripts < <(printf '%s\n' "${scripts[@]}" | sort -u)
for f in "${scripts[@]}"; do
	if out=$(shellcheck -x -P SCRIPTDIR -P "$PMEM_TOP" "$f" 2>&1); then
		tap_ok "shellcheck $f"
	else
		tap_not_ok "shellcheck $f"
		tap_diag "$out"
	fi
done
tap_done
