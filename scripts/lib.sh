# shellcheck shell=bash
# Common shell library for pmem-stack: sourced, never executed.
# Holds the paths every script agrees on and the small helpers they share.

PMEM_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PMEM_CACHE=${PMEM_CACHE:-/var/tmp/pmem-stack}
PMEM_TARBALL=${PMEM_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
export PMEM_TOP PMEM_CACHE PMEM_TARBALL

# Per-kernel variant directories: "patched" carries the series, "stock" is the
# baseline the benchmark compares against.
pmem_src_dir() { echo "$PMEM_CACHE/src/linux-6.1"; }
pmem_build_dir() { echo "$PMEM_CACHE/build/${1:-patched}"; }
pmem_modroot() { echo "$PMEM_CACHE/modroot/${1:-patched}"; }
pmem_log_dir() { echo "$PMEM_CACHE/logs"; }
# pmem_variant NAME: NAME's row of kernel/variants, as variant_tree,
# variant_localversion, variant_nfit, variant_cold and the array
# variant_fragments (paths, guest.config first).
pmem_variant() {
	local row extra f
	row=$(awk -v n="$1" '!/^#/ && $1 == n' "$PMEM_TOP/kernel/variants")
	[ -n "$row" ] || die "unknown kernel variant '$1' ($(awk '!/^#/ && NF { print $1 }' "$PMEM_TOP/kernel/variants" | paste -sd, -))"
	# shellcheck disable=SC2034 # read by the scripts that ask for a row
	read -r _ variant_tree variant_localversion variant_nfit variant_cold extra <<<"$row"
	variant_fragments=("$PMEM_TOP/kernel/config/guest.config")
	for f in $extra; do variant_fragments+=("$PMEM_TOP/kernel/config/$f"); done
}
# The LOCALVERSION a kernel variant is built with.
pmem_localversion() {
	pmem_variant "$1"
	echo "$variant_localversion"
}

# The kernel make every build shares: out of tree in BUILD, ccache in the
# cache, a fixed build user and host so rebuilds hit ccache.
# ccache runs in depend mode: a miss costs one compile instead of a
# preprocessor run and then the compile, and Kbuild's -Wp,-MMD already
# names the headers an object read. What -MMD leaves out are the headers
# of -isystem folders (gcc's own), which change only with gcc, and ccache
# checks the compiler itself. The build folder does not need hashing: no
# absolute path of it reaches a command line (objtree is ".") and the
# guest configs build without -g.
# CC is scripts/kernel-cc, which keeps ccache away from sources that
# .incbin a file (it says why), run from a copy in the cache: Kbuild
# rebuilds every object whose command line changed, and a clone's own path
# would change CC in every fresh clone.
# Usage: pmem_kmake BUILD LOCALVERSION [MAKE ARGS...]
pmem_kmake() {
	local build=$1 localversion=$2 cc=$PMEM_CACHE/bin/kernel-cc
	shift 2
	if ! cmp -s "$PMEM_TOP/scripts/kernel-cc" "$cc"; then
		mkdir -p "$(dirname "$cc")"
		install -m 755 "$PMEM_TOP/scripts/kernel-cc" "$cc.tmp" && mv -f "$cc.tmp" "$cc"
	fi
	CCACHE_DIR=$PMEM_CACHE/ccache CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-1G} CCACHE_DEPEND=true \
		KBUILD_BUILD_USER=pmem-stack KBUILD_BUILD_HOST=qemu \
		make -C "$(pmem_src_dir)" O="$build" LOCALVERSION="$localversion" CC="$cc" "$@"
}

# pmem_series_patches: the patch files kernel/patches/series names, in
# order, one per line (comments and blank lines dropped).
pmem_series_patches() {
	local series=$PMEM_TOP/kernel/patches/series
	[ -f "$series" ] || return 0
	grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$series" || true
}

# pmem_stamp_is STAMP HASH: STAMP holds HASH, written when a build whose
# inputs hash to HASH completed (it is removed before a build starts).
pmem_stamp_is() {
	[ -f "$1" ] && [ "$(cat "$1")" = "$2" ]
}

# pmem_config_lines FRAGMENT...: what Kconfig reads of config fragments, for
# the kernels' input hash. A comment or a blank line changes no kernel, so
# editing one must not rebuild three; "# CONFIG_X is not set" is no comment
# to Kconfig.
pmem_config_lines() {
	sed -e '/^# CONFIG_[A-Za-z0-9_]* is not set$/b' -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' "$@"
}

# pmem_seed_build FROM TO: make build directory TO a copy of the complete
# build FROM, so Kbuild then recompiles only what differs (fixdep tracks
# each object's CONFIG_ symbols), where ccache would still preprocess every
# file whenever the configs' autoconf.h differ. objtool's own build records
# absolute paths: pointed at the copy, it stays up to date, and so does
# every object it checked.
pmem_seed_build() {
	local from=$1 to=$2
	rm -rf "$to" "$to.tmp"
	cp -a "$from" "$to.tmp"
	rm -f "$to.tmp/.pmem-stack-stamp"
	find "$to.tmp/tools" \( -name '*.cmd' -o -name '*.d' \) -exec grep -lZ -F "$from/" {} + |
		xargs -0 -r sed -i "s|$from/|$to/|g"
	mv "$to.tmp" "$to"
}

# pmem_kill_tree PID...: SIGTERM to each process and everything under it,
# all found before any is signalled (a worker must not start its next job
# as its current one dies). For Ctrl-C in a script whose background jobs,
# as bash starts them, ignore SIGINT.
pmem_kill_tree() {
	local p all=()
	descendants() {
		local c
		for c in $(ps -o pid= --ppid "$1"); do
			echo "$c"
			descendants "$c"
		done
	}
	for p in "$@"; do
		mapfile -t -O ${#all[@]} all < <(echo "$p"; descendants "$p")
	done
	[ ${#all[@]} -eq 0 ] || kill -TERM "${all[@]}" 2>/dev/null || true
}

msg() { printf '==> %s\n' "$*" >&2; }
die() {
	printf 'error: %s\n' "$*" >&2
	exit 1
}

# Run a long step with its output in a log; on failure show the tail and the path.
run_logged() {
	local log=$1
	shift
	mkdir -p "$(dirname "$log")"
	if ! "$@" >"$log" 2>&1; then
		tail -n 30 "$log" >&2
		die "'$*' failed; full log: $log"
	fi
}

need_cmd() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 || die "'$c' not found; run 'make deps'"
	done
}

# Fail early and clearly when the cache cannot be written or the disk is full.
check_cache_writable() {
	local need_mb=${1:-0} avail_mb
	mkdir -p "$PMEM_CACHE" 2>/dev/null || die "cannot create PMEM_CACHE=$PMEM_CACHE"
	[ -w "$PMEM_CACHE" ] || die "PMEM_CACHE=$PMEM_CACHE is not writable"
	avail_mb=$(df -Pm "$PMEM_CACHE" | awk 'NR==2 {print $4}')
	if [ "$avail_mb" -lt "$need_mb" ]; then
		die "only ${avail_mb} MiB free under $PMEM_CACHE, need ${need_mb} MiB"
	fi
}

# pmem_kmemleak_stack: from a kmemleak report on stdin, print the
# unreferenced objects the pmem stack allocated: a backtrace frame in one of
# its modules, or in a function of the stack built into the kernel (dax,
# memremap). The rest (9p, the boot) is the kernel's, not the series'.
pmem_kmemleak_stack() {
	awk -v RS='unreferenced object' 'NR > 1 &&
		(/\] (nd_|nvdimm|nfit|__?pmem|dax|devm_memremap|memremap|btt)[a-z0-9_]*\+/ ||
		 /\[(libnvdimm|nd_[a-z0-9_]+|nfit[a-z0-9_]*|[a-z_]*dax[a-z_]*|memremap_pmem_test|pmem_copy_probe)\]/) {
		printf "unreferenced object%s", $0 }'
}
