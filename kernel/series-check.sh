#!/bin/bash
# Checks on the kernel series (TAP): each patch passes checkpatch --strict,
# the kernel (vmlinux and modules) builds after every patch (bisectable),
# and sparse on drivers/nvdimm, drivers/dax and the x86 code the series
# touches (arch/x86/mm/ioremap.c) finds nothing the baseline does not have.
# Builds go to their own directory, reusing ccache; a commit that built
# once is not built again.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../scripts/lib.sh"
# shellcheck source=testlib/tap.sh
source "$PMEM_TOP/testlib/tap.sh"

src=$(pmem_src_dir)
bisect=$(pmem_build_dir bisect)
patched=$(pmem_build_dir patched)
logs=$(pmem_log_dir)/series
mapfile -t patches < <(pmem_series_patches)
if [ ${#patches[@]} -eq 0 ]; then
	tap_skip "series" "kernel/patches/series lists no patches yet"
	tap_done
	exit
fi

"$PMEM_TOP/kernel/tree.sh" patched >&2
[ -f "$patched/.config" ] || die "no patched .config; run 'make kernel' first"
mkdir -p "$bisect" "$logs"
kmake=(pmem_kmake "$bisect" -bisect -j"${JOBS:-$(nproc)}")
# checkpatch's SPDX check needs Debian's python3 with ply, not another one
# earlier on PATH.
checkpatch() { PATH=/usr/bin:$PATH "$src/scripts/checkpatch.pl" "$@"; }

# 1. checkpatch --strict on every patch as exported. A message passes only
# when kernel/checkpatch-accepted names its patch and type, and the case
# says so by name.
accepted=$PMEM_TOP/kernel/checkpatch-accepted
for p in "${patches[@]}"; do
	out=$(cd "$src" && checkpatch --strict --quiet --show-types "$PMEM_TOP/kernel/patches/$p" 2>&1) || true
	mapfile -t types < <(sed -nE 's/^(ERROR|WARNING|CHECK):([A-Z0-9_]+):.*/\2/p' <<<"$out" | sort -u)
	ok=() bad=()
	for t in "${types[@]}"; do
		why=$(awk -v p="${p#[0-9][0-9][0-9][0-9]-}" -v t="$t" '$1 == p && $2 == t { $1 = $2 = ""; sub(/^ +/, ""); print; exit }' \
			"$accepted" 2>/dev/null)
		if [ -n "$why" ]; then ok+=("$t: $why"); else bad+=("$t"); fi
	done
	if [ ${#bad[@]} -gt 0 ] || { [ ${#types[@]} -eq 0 ] && grep -qE '^(ERROR|WARNING|CHECK)' <<<"$out"; }; then
		tap_not_ok "checkpatch --strict $p (${bad[*]:-unparsed message})"
		tap_diag "$out"
	elif [ ${#ok[@]} -gt 0 ]; then
		tap_ok "checkpatch --strict $p (accepted ${ok[*]})"
	else
		tap_ok "checkpatch --strict $p"
	fi
done

# sparse warnings of the code the series touches, without line numbers so
# moved code does not count as new.
sparse_scope="drivers/nvdimm, drivers/dax and arch/x86/mm/ioremap.c"
sparse_warnings() {
	"${kmake[@]}" C=2 drivers/nvdimm/ drivers/dax/ arch/x86/mm/ioremap.o 2>&1 >/dev/null |
		grep -E ': (warning|error):' | sed -E 's/:[0-9]+:[0-9]+:/:/; s|^.*/linux-6\.1/||' | sort -u
}

checkout() { git -C "$src" checkout -q --detach "$1"; }
trap 'git -C "$src" checkout -q pmem-stack' EXIT
# Every tree starts from the patched kernel's .config, not from the last
# tree's: olddefconfig at the baseline drops the options the series adds,
# and they would stay dropped. From the patch that adds an option on, its
# code is built; after the last header change the configuration is the
# patched kernel's own, so ccache finds its objects without preprocessing.
configure() {
	cp "$patched/.config" "$bisect/.config"
	"${kmake[@]}" olddefconfig
}

# 2. sparse at the baseline, then a build after every patch.
checkout refs/tags/baseline
run_logged "$logs/olddefconfig.log" configure
sparse_warnings >"$logs/sparse-baseline.txt"

# The key names how each tree is configured, too: builds made the old way
# (the last tree's .config) did not build every option the series adds.
cfg=$({
	cat "$patched/.config"
	echo "each tree configured from the patched .config"
} | sha256sum | cut -c1-12)
mapfile -t commits < <(git -C "$src" rev-list --reverse refs/tags/baseline..pmem-stack)
[ ${#commits[@]} -eq ${#patches[@]} ] ||
	die "branch pmem-stack has ${#commits[@]} commits, series ${#patches[@]} patches"
prev_ok=0
for i in "${!commits[@]}"; do
	c=${commits[$i]} p=${patches[$i]}
	# A build counts for this tree with this configuration only.
	tree=$(git -C "$src" rev-parse "$c^{tree}")-$cfg
	if [ -f "$bisect/.built-$tree" ]; then
		tap_ok "builds after $p (built before)"
		prev_ok=1
		continue
	fi
	# A patch of Documentation/ or tools/testing/ only changes nothing the
	# kernel build reads (objtool's tools/ it does): its kernel is the one
	# of the patch before. Its nfit_test and cxl_test modules build at the
	# tip, in nfit-test/build.sh.
	if [ "$i" -gt 0 ] &&
		[ -z "$(git -C "$src" diff --name-only "$c^" "$c" -- . ':!Documentation' ':!tools/testing')" ]; then
		if [ "$prev_ok" = 1 ]; then
			tap_ok "builds after $p (Documentation/ and tools/testing/ only: the kernel of the patch before)"
		else
			tap_not_ok "builds after $p (Documentation/ and tools/testing/ only, over a tree that did not build)"
		fi
		continue
	fi
	prev_ok=0
	# Objects deleted by an earlier run: start from a copy of the patched
	# build instead of from nothing, keeping the stamps.
	if [ ! -f "$bisect/vmlinux" ] && [ -f "$patched/.pmem-stack-stamp" ]; then
		msg "series-check: starting the bisect builds from a copy of the patched build"
		keep=$(mktemp -d "$PMEM_CACHE/build/stamps.XXXXXX")
		find "$bisect" -maxdepth 1 -name '.built-*' -exec mv -t "$keep" {} +
		pmem_seed_build "$patched" "$bisect"
		find "$keep" -maxdepth 1 -name '.built-*' -exec mv -t "$bisect" {} +
		rmdir "$keep"
	fi
	checkout "$c"
	msg "series-check: building after [$((i + 1))/${#commits[@]}] $p"
	# vmlinux, not bzImage: the compression and the boot stub are the
	# same for every tree (xz alone costs 6 s a build).
	if configure >"$logs/build-$((i + 1)).log" 2>&1 &&
		"${kmake[@]}" vmlinux modules >>"$logs/build-$((i + 1)).log" 2>&1; then
		touch "$bisect/.built-$tree"
		prev_ok=1
		tap_ok "builds after $p"
	else
		tap_not_ok "builds after $p"
		tap_diag "$(grep -E 'error|Error' "$logs/build-$((i + 1)).log" | head -n 20)"
	fi
done

# 3. sparse at the tip (checked out here: a warm run skips every build
# above and would otherwise still be at the baseline): nothing new.
checkout pmem-stack
run_logged "$logs/olddefconfig-tip.log" configure
sparse_warnings >"$logs/sparse-series.txt"
new=$(comm -13 "$logs/sparse-baseline.txt" "$logs/sparse-series.txt")
if [ -z "$new" ]; then
	tap_ok "sparse (C=2) on $sparse_scope: no new warning ($(wc -l <"$logs/sparse-baseline.txt") in the baseline)"
else
	tap_not_ok "sparse (C=2) on $sparse_scope: new warnings"
	tap_diag "$new"
fi
# Each build is stamped; its objects are 200 MiB of cache nobody reads
# again. Delete them, keeping the configured tree and host tools the sparse
# runs need (not `make clean`: it walks Makefiles, such as fs/hostfs's,
# that include files the sparse checkout leaves out).
find "$bisect" -type f ! -path "$bisect/scripts/*" ! -path "$bisect/tools/*" \
	\( -name '*.o' -o -name '*.ko' -o -name '*.a' -o -name 'vmlinux*' -o -name '.tmp_vmlinux*' \) \
	-delete
tap_done
