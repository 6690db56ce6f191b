#!/bin/bash
# An unknown make target is refused with exit 2 and the help on stderr.
source "$(dirname "$0")/common.sh"

rc=0
make -C "$TOP" --no-print-directory no-such-target >"$SCRATCH/out" 2>"$SCRATCH/err" || rc=$?
[ "$rc" -eq 2 ] || err "exit $rc, expected 2"
grep -q "unknown target 'no-such-target'" "$SCRATCH/err" || err "no 'unknown target' line: $(cat "$SCRATCH/err")"
grep -q '^Targets:' "$SCRATCH/err" || err "help not printed on stderr"
[ ! -e "$PMEM_CACHE" ] || err "an unknown target created $PMEM_CACHE"
