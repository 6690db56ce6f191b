#!/bin/bash
# An option of a fragment that did not land in .config is named, whether it
# asked for y, m or "is not set"; a fragment that landed passes.
source "$(dirname "$0")/common.sh"

check=$TOP/kernel/config-check.sh
printf '%s\n' 'CONFIG_LIBNVDIMM=m' 'CONFIG_BTT=y' '# CONFIG_MODULE_SIG is not set' \
	'CONFIG_LOCALVERSION="-pmem"' >"$SCRATCH/frag.config"
printf '%s\n' 'CONFIG_LIBNVDIMM=m' 'CONFIG_BTT=y' 'CONFIG_LOCALVERSION="-pmem"' >"$SCRATCH/good"
"$check" "$SCRATCH/frag.config" "$SCRATCH/good" || err "a fragment that landed was refused"

sed 's/LIBNVDIMM=m/LIBNVDIMM=y/' "$SCRATCH/good" >"$SCRATCH/dot"
expect_fail 'frag.config: CONFIG_LIBNVDIMM=m requested, .config has y' "$check" "$SCRATCH/frag.config" "$SCRATCH/dot"
grep -v BTT "$SCRATCH/good" >"$SCRATCH/dot"
expect_fail 'CONFIG_BTT=y requested, .config has n' "$check" "$SCRATCH/frag.config" "$SCRATCH/dot"
{ cat "$SCRATCH/good"; echo CONFIG_MODULE_SIG=y; } >"$SCRATCH/dot"
expect_fail 'CONFIG_MODULE_SIG=n requested, .config has y' "$check" "$SCRATCH/frag.config" "$SCRATCH/dot"

# The real fragments must be well-formed for the check to mean anything.
for f in "$TOP"/kernel/config/*.config; do
	grep -vE '^(CONFIG_[A-Z0-9_]+=.+|# CONFIG_[A-Z0-9_]+ is not set|#.*|)$' "$f" &&
		err "$f has lines the check would ignore"
done
exit 0
