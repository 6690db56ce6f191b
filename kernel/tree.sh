#!/bin/bash
# Prepare the kernel git tree in the cache: extract Debian's linux-source-6.1
# once, commit it as "baseline", then (re)apply kernel/patches/ on the
# "pmem-stack" branch whenever the series changes.
#
# Usage: kernel/tree.sh [patched|stock|--stamp-only|--is-current]
#   patched (default) leaves the series branch checked out, stock the baseline;
#   --stamp-only records that the checked-out branch already is the series
#   (after kernel/export-patches.sh wrote it from this very tree).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../scripts/lib.sh"

variant=${1:-patched}
src=$(pmem_src_dir)
log_dir=$(pmem_log_dir)

[ -f "$PMEM_TARBALL" ] || die "$PMEM_TARBALL missing: install the Debian package linux-source-6.1 (make deps)"
need_cmd git xz tar

tarball_id() { stat -c '%s-%Y' "$PMEM_TARBALL"; }

# An x86 guest build reads neither the other architectures (but for the
# crypto Kconfig files crypto/Kconfig sources) nor amdgpu's register
# headers: 500 MiB of checkout that stay in the pack only.
slim_patterns='/*
!/arch/*/
/arch/x86/
/arch/*/crypto/Kconfig
!/drivers/gpu/drm/amd/include/'
slim_checkout() {
	[ "$(cat "$1/.git/info/sparse-checkout" 2>/dev/null)" = "$slim_patterns" ] && return 0
	msg "kernel-tree: leaving other architectures out of the checkout (sparse-checkout)"
	git -C "$1" sparse-checkout set --no-cone --stdin <<<"$slim_patterns"
}

# A tree counts as extracted only once its stamp is written, after the
# baseline commit: an interrupted extraction is thrown away, never reused.
extract() {
	local tmp=$src.tmp
	check_cache_writable 3000
	msg "kernel-tree: extracting $PMEM_TARBALL (about 1.3 GiB, ~1 min)"
	rm -rf "$src" "$tmp"
	mkdir -p "$tmp"
	tar -C "$tmp" --strip-components=1 -xJf "$PMEM_TARBALL"
	msg "kernel-tree: committing the baseline (~1 min)"
	git -C "$tmp" init -q -b pmem-stack
	git -C "$tmp" config user.name "pmem-stack"
	git -C "$tmp" config user.email "pmem-stack@localhost"
	git -C "$tmp" config gc.auto 0
	# Debian's top-level .gitignore ignores everything ("/*"): force-add.
	git -C "$tmp" add -A -f .
	# Same tarball, same baseline commit id on every machine: --base= in
	# the exported series then names a commit anyone can recreate.
	GIT_AUTHOR_DATE="@$(stat -c %Y "$PMEM_TARBALL") +0000" \
		GIT_COMMITTER_DATE="@$(stat -c %Y "$PMEM_TARBALL") +0000" \
		git -C "$tmp" commit -q -m "Debian linux-source-6.1 $(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || echo unknown)"
	git -C "$tmp" tag baseline
	# Loose objects of 75k files take 525 MiB; packed, 245 MiB.
	msg "kernel-tree: packing the baseline (~1 min)"
	git -C "$tmp" repack -adq
	slim_checkout "$tmp"
	tarball_id >"$tmp/.git/pmem-stack-tarball"
	mv "$tmp" "$src"
}

tree_is_tarball() {
	[ -f "$src/.git/pmem-stack-tarball" ] && [ "$(cat "$src/.git/pmem-stack-tarball")" = "$(tarball_id)" ]
}
if [ "$variant" != --is-current ]; then
	tree_is_tarball || extract
	slim_checkout "$src"
fi


# Every patch the series names must exist before anything is compared or
# applied: a missing one would otherwise drop out of the hash unnoticed.
check_series() {
	local p
	while read -r p; do
		[ -f "$PMEM_TOP/kernel/patches/$p" ] || die "series names $p, which is not in kernel/patches/"
	done < <(pmem_series_patches)
}

series_hash() {
	local p
	{
		tarball_id
		while read -r p; do
			sha256sum <"$PMEM_TOP/kernel/patches/$p"
		done < <(pmem_series_patches)
	} | sha256sum | cut -d' ' -f1
}

apply_series() {
	local p n=0 total
	total=$(pmem_series_patches | wc -l)
	git -C "$src" am --abort >/dev/null 2>&1 || true
	git -C "$src" checkout -q -B pmem-stack refs/tags/baseline
	rm -f "$src/.git/pmem-stack-series"
	while read -r p; do
		n=$((n + 1))
		msg "kernel-tree: applying [$n/$total] $p"
		if ! git -C "$src" am -q --whitespace=error-all "$PMEM_TOP/kernel/patches/$p" >"$log_dir/git-am.log" 2>&1; then
			cat "$log_dir/git-am.log" >&2
			die "patch $p does not apply; the tree is left mid-'git am' in $src for inspection (git -C $src am --show-current-patch=diff)"
		fi
	done < <(pmem_series_patches)
	series_hash >"$src/.git/pmem-stack-series"
}

mkdir -p "$log_dir"
case $variant in
patched)
	check_series
	if [ "$(cat "$src/.git/pmem-stack-series" 2>/dev/null)" = "$(series_hash)" ] &&
		git -C "$src" checkout -q pmem-stack 2>/dev/null &&
		[ -z "$(git -C "$src" status --porcelain --untracked-files=no)" ]; then
		msg "kernel-tree: series already applied ($(pmem_series_patches | wc -l) patches)"
	else
		apply_series
	fi
	;;
--stamp-only)
	check_series
	series_hash >"$src/.git/pmem-stack-series"
	;;
--is-current)
	# Whether the tree holds this tarball with this series applied, asked
	# without a checkout (a build or series-check may be using the tree).
	tree_is_tarball && [ "$(cat "$src/.git/pmem-stack-series" 2>/dev/null)" = "$(series_hash)" ]
	;;
stock)
	# Checking out only rewrites the files the series touches, so switching
	# back and forth costs a rebuild of those files alone.
	git -C "$src" checkout -q --detach refs/tags/baseline
	;;
*) die "unknown variant '$variant' (patched or stock)" ;;
esac
