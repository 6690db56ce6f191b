#!/bin/bash
# Configure and build a guest kernel out of tree, with ccache, and install its
# modules into a module root in the cache. Keyed by a hash of its inputs:
# unchanged inputs cost nothing.
#
# Usage: kernel/build.sh [VARIANT]: a row of kernel/variants (default
# patched; debug: the patched kernel with the kernel's own checkers, for
# make check-debug).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../scripts/lib.sh"

variant=${1:-patched}
pmem_variant "$variant"
localversion=$variant_localversion
tree=$variant_tree
fragments=("${variant_fragments[@]}")

src=$(pmem_src_dir)
build=$(pmem_build_dir "$variant")
modroot=$(pmem_modroot "$variant")
logs=$(pmem_log_dir)
stamp=$build/.pmem-stack-stamp
bzimage=$build/arch/x86/boot/bzImage

need_cmd make gcc ccache flex bison bc depmod strings readelf xz

# The tree a variant builds, by name, so that its hash needs no checkout:
# stock is the baseline tag, patched and debug the series branch.
tree_ref=pmem-stack
[ "$tree" = patched ] || tree_ref=refs/tags/baseline
inputs_hash() {
	{
		echo "$variant"
		cat "$src/.git/pmem-stack-tarball"
		if [ "$tree" = patched ]; then cat "$src/.git/pmem-stack-series"; fi
		git -C "$src" rev-parse "$tree_ref^{tree}"
		pmem_config_lines "${fragments[@]}" | sha256sum
		cat "$PMEM_TOP/scripts/kernel-cc"
	} | sha256sum | cut -d' ' -f1
}
# Answer and stop when the stamps of the kernel and its modules are $hash.
done_if_up_to_date() {
	pmem_stamp_is "$stamp" "$hash" && [ -f "$bzimage" ] &&
		pmem_stamp_is "$modroot/.pmem-stack-stamp" "$hash" ||
		return 0
	msg "kernel ($variant): up to date"
	echo "$bzimage"
	exit 0
}

# An up-to-date kernel is answered without a checkout: kernel/tree.sh
# would rewrite the files the series touches under any other build, or
# series-check, using the shared tree.
if [ -f "$src/.git/pmem-stack-tarball" ] &&
	{ [ "$tree" = stock ] || "$PMEM_TOP/kernel/tree.sh" --is-current; } &&
	hash=$(inputs_hash 2>/dev/null); then
	done_if_up_to_date
fi
"$PMEM_TOP/kernel/tree.sh" "$tree"

hash=$(inputs_hash)
done_if_up_to_date

check_cache_writable 1500
# The stamp goes only after everything succeeded: a half-built tree is never
# taken as current.
rm -f "$stamp"
# The stock kernel starts from a copy of the patched build (pmem_seed_build);
# the debug one shares no object with it (KASAN instruments every file).
seed=$(pmem_build_dir patched)
if [ "$variant" = stock ] && [ ! -f "$build/.config" ] && [ -f "$seed/.pmem-stack-stamp" ]; then
	msg "kernel ($variant): starting from a copy of the patched build (a full compile unless series-check built the baseline before)"
	pmem_seed_build "$seed" "$build"
fi
mkdir -p "$build" "$logs"

kmake=(pmem_kmake "$build" "$localversion")
jobs=${JOBS:-$(nproc)}

msg "kernel ($variant): configuring (tinyconfig + kvm_guest.config + $(basename -a "${fragments[@]}" | paste -sd+ | sed 's/+/ + /g'))"
run_logged "$logs/config-$variant.log" "${kmake[@]}" tinyconfig
run_logged "$logs/config-$variant.log" "$src/scripts/kconfig/merge_config.sh" -m -O "$build" \
	"$build/.config" "$src/kernel/configs/kvm_guest.config" "${fragments[@]}"
run_logged "$logs/config-$variant.log" "${kmake[@]}" olddefconfig
for f in "${fragments[@]}"; do
	"$PMEM_TOP/kernel/config-check.sh" "$f" "$build/.config"
done

msg "kernel ($variant): building bzImage and modules with -j$jobs (cold on 2 cores: ${variant_cold/min/ min}; log: $logs/build-$variant.log)"
start=$SECONDS
run_logged "$logs/build-$variant.log" "${kmake[@]}" -j"$jobs" bzImage modules
msg "kernel ($variant): built in $((SECONDS - start)) s"
# The bzImage must boot this vmlinux, not an earlier build's (a stale
# piggy.o once made it: scripts/kernel-cc).
banner() { strings | grep '^Linux version ' | sort -u; }
inside=$("$src/scripts/extract-vmlinux" "$bzimage" | banner) ||
	die "kernel ($variant): cannot read the kernel inside $bzimage (scripts/extract-vmlinux)"
[ "$inside" = "$(banner <"$build/vmlinux")" ] ||
	die "kernel ($variant): $bzimage holds '$(tail -n1 <<<"$inside")', not the vmlinux just built ($(banner <"$build/vmlinux" | tail -n1))"

rm -rf "$modroot"
run_logged "$logs/modules-install-$variant.log" "${kmake[@]}" INSTALL_MOD_PATH="$modroot" \
	INSTALL_MOD_STRIP=1 DEPMOD=/sbin/depmod modules_install
echo "$hash" >"$modroot/.pmem-stack-stamp"
echo "$hash" >"$stamp"
echo "$bzimage"
