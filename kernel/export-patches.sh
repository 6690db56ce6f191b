#!/bin/bash
# Export the series from the cache's kernel tree (branch pmem-stack) into
# kernel/patches/ with git format-patch, cover letter from
# kernel/cover-letter.txt, and rewrite kernel/patches/series.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../scripts/lib.sh"

src=$(pmem_src_dir)
out=$PMEM_TOP/kernel/patches
[ -d "$src/.git" ] || die "no kernel tree at $src; run 'make kernel' first"
[ "$(git -C "$src" rev-parse --abbrev-ref HEAD)" = pmem-stack ] ||
	die "$src is not on branch pmem-stack"

git -C "$src" config branch.pmem-stack.description "$(cat "$PMEM_TOP/kernel/cover-letter.txt")"
rm -f "$out"/*.patch
# A fixed abbreviation keeps the index lines stable however many objects
# the tree's packs hold; the cover letter is signed by the series' author,
# not by whoever the cache tree's git config names.
git -C "$src" -c core.abbrev=12 \
	-c user.name="$(git -C "$src" log -1 --format=%an pmem-stack)" \
	-c user.email="$(git -C "$src" log -1 --format=%ae pmem-stack)" format-patch -q --cover-letter --cover-from-description=subject \
	--base=refs/tags/baseline -o "$out" refs/tags/baseline..pmem-stack
for p in "$out"/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-cover-letter.patch) ;; *) basename "$p" ;; esac
done >"$out/series"
# The tree now matches the series: record it so 'make kernel' does not re-apply.
"$PMEM_TOP/kernel/tree.sh" --stamp-only
msg "exported $(wc -l <"$out/series") patches to $out"
