#!/bin/bash
# qemu-nvdimm/run --blk-root: the combinations it cannot honour are refused
# by name before any kernel is looked for or any image built.
source "$(dirname "$0")/common.sh"

run=$TOP/qemu-nvdimm/run
script=$TOP/nfit-test/tests/fwa-activate.sh
expect_fail '--blk-root and --crash do not go together' "$run" --blk-root ndctl --no-coldplug --crash -- "$script"
expect_fail 'pass --no-coldplug' "$run" --blk-root ndctl -- "$script"
expect_fail "runs a script: '/nonexistent' is not a file" "$run" --blk-root ndctl --no-coldplug -- /nonexistent
[ ! -e "$PMEM_CACHE/logs/qemu" ] || err "a refused run left $PMEM_CACHE/logs/qemu behind"
