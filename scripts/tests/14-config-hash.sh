#!/bin/bash
# The kernels are keyed (kernel/build.sh's inputs_hash) by what Kconfig
# reads of the config fragments, pmem_config_lines: a
# reflowed comment or a blank line keeps the key (no rebuild of three
# kernels), while any option, "# CONFIG_X is not set" included, changes it.
source "$(dirname "$0")/common.sh"
# shellcheck source=scripts/lib.sh
source "$TOP/scripts/lib.sh"

key() { pmem_config_lines "$1" | sha256sum; }
printf '# Why: a case needs it.\nCONFIG_A=y\n\n# CONFIG_B is not set\n' >"$SCRATCH/base"
printf '# Why: a case needs it,\n#   said another way.\n\nCONFIG_A=y\n  # indented\n# CONFIG_B is not set\n\n' >"$SCRATCH/comments"
printf '# Why: a case needs it.\nCONFIG_A=y\n\nCONFIG_B=y\n' >"$SCRATCH/set-b"
printf '# Why: a case needs it.\nCONFIG_A=y\n\n' >"$SCRATCH/drop-b"
[ "$(key "$SCRATCH/base")" = "$(key "$SCRATCH/comments")" ] || err "a comment-only edit changed the key"
[ "$(key "$SCRATCH/base")" != "$(key "$SCRATCH/set-b")" ] || err "CONFIG_B=y kept the key"
[ "$(key "$SCRATCH/base")" != "$(key "$SCRATCH/drop-b")" ] || err "dropping '# CONFIG_B is not set' kept the key"
