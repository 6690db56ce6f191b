#!/bin/bash
# `make` alone is `make help`, and help names every target the Makefile has.
source "$(dirname "$0")/common.sh"

make -C "$TOP" --no-print-directory >"$SCRATCH/help"
cmp -s "$SCRATCH/help" <(make -C "$TOP" --no-print-directory help) || err "'make' and 'make help' differ"
read -ra targets < <(sed -n 's/^\.PHONY: //p' "$TOP/Makefile")
[ ${#targets[@]} -ge 7 ] || err "could not read .PHONY from the Makefile"
for t in "${targets[@]}"; do
	[ "$t" = FORCE ] && continue
	grep -qE "^  make $t( |$)" "$SCRATCH/help" || err "help does not list 'make $t'"
done
grep -q 'PMEM_CACHE=' "$SCRATCH/help" || err "help does not name PMEM_CACHE"
