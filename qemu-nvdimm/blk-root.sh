# shellcheck shell=bash
# Sourced by qemu-nvdimm/run: the --blk-root image. It holds each program
# and every library ldd names for it, at the paths they have here (Debian's
# merged /usr), the module tree, blk-init as /init over init-lib.sh, CMD
# (a script) as /case and its call as /cmd.

# blk_root_make IMAGE MODULES_DIR PROGS SCRIPT [ARGS...]
blk_root_make() {
	local img=$1 modules=$2 progs=$3 stage p f mib
	shift 3
	stage=$(dirname "$img")/root
	need_cmd ldd mke2fs debugfs
	mkdir -p "$stage"/usr/{bin,sbin,lib,lib64} "$stage"/{proc,sys,dev,tmp,root,lib/modules}
	for p in bin sbin lib64; do ln -s "usr/$p" "$stage/$p"; done
	ln -s usr/lib "$stage/lib"
	# shellcheck disable=SC2086 # PROGS is a list of program names
	for p in bash mount ln stty dmesg sync mv sleep cat mkfifo modprobe $progs; do
		f=$(PATH=$PATH:/usr/sbin:/sbin command -v "$p") || die "--blk-root: no program '$p' here"
		echo "$f"
		ldd "$f" 2>/dev/null | grep -oE '/[^ ]+' || true
	done | sort -u | while read -r f; do
		mkdir -p "$stage$(dirname "$f")"
		cp -L "$f" "$stage$f"
	done
	cp -a "$modules" "$stage/lib/modules/"
	cp "$PMEM_TOP/qemu-nvdimm/blk-init" "$stage/init"
	cp "$PMEM_TOP/qemu-nvdimm/init-lib.sh" "$stage/init-lib.sh"
	cp "$1" "$stage/case"
	shift
	{
		printf '%q ' bash /case "$@"
		echo
	} >"$stage/cmd"
	mib=$(($(du -sm "$stage" | cut -f1) * 2 + 32))
	run_logged "$(dirname "$img")/mke2fs.log" mke2fs -q -t ext4 -L pmem-root -d "$stage" "$img" "${mib}M"
	rm -rf "$stage"
}

# blk_root_collect IMAGE DIR: the report blk-init left in the image, into
# DIR as guest-init would have written it; then the image goes.
blk_root_collect() {
	local img=$1 dir=$2 f
	for f in status dmesg kmemleak; do
		debugfs -R "cat /$f" "$img" >"$dir/$f" 2>/dev/null || true
		[ -s "$dir/$f" ] || rm -f "$dir/$f"
	done
	rm -f "$img"
}
