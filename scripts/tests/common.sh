# shellcheck shell=bash
# Sourced by every case of scripts/tests: the front door's bad-input paths,
# run on the host against a throwaway cache and a tiny stand-in for Debian's
# tarball, so no case touches $PMEM_CACHE or builds a kernel. A case exits
# 0 (pass), 77 (skip, the reason as its last line) or anything else (fail).
set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# shellcheck source=testlib/case.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../testlib/case.sh"

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/pmem-front-door.XXXXXX")
cleanup() {
	local m
	for m in "$SCRATCH/small" "$SCRATCH/ro"; do
		if mountpoint -q "$m" 2>/dev/null; then umount "$m"; fi
	done
	rm -rf "$SCRATCH"
}
trap cleanup EXIT
# The scripts under test must never see the user's cache.
export PMEM_CACHE=$SCRATCH/cache

# expect_fail REGEX CMD...: CMD must fail and say REGEX on stderr.
expect_fail() {
	local want=$1 rc=0
	shift
	"$@" >"$SCRATCH/out" 2>"$SCRATCH/err" || rc=$?
	[ "$rc" -ne 0 ] || err "'$*' succeeded; expected it to fail with /$want/"
	grep -qE -- "$want" "$SCRATCH/err" ||
		err "'$*' failed (exit $rc) without saying /$want/; stderr: $(cat "$SCRATCH/err")"
	echo "as expected: $(grep -E -m1 -- "$want" "$SCRATCH/err")"
}

# A copy of the project's scripts and config with an empty series, so a case
# can write its own kernel/patches/ without touching the checkout.
fake_top() {
	local top=$SCRATCH/top
	mkdir -p "$top/kernel/patches"
	cp -r "$TOP/scripts" "$TOP/testlib" "$top/"
	cp -r "$TOP/kernel/config" "$TOP/kernel/variants" "$TOP"/kernel/*.sh "$top/kernel/"
	: >"$top/kernel/patches/series"
	echo "$top"
}

# A few files laid out like linux-source-6.1.tar.xz, non-x86 arch included
# so the sparse checkout has something to leave out.
fake_tarball() {
	local root=$SCRATCH/tarball/linux-source-6.1
	mkdir -p "$root/drivers/nvdimm" "$root/arch/x86" "$root/arch/arm64/crypto" "$root/arch/arm64/mm"
	printf '/*\n' >"$root/.gitignore"
	printf 'obj-m += nd_pmem.o\n' >"$root/drivers/nvdimm/Makefile"
	printf '%s\n' '// SPDX-License-Identifier: GPL-2.0' '#include <linux/memremap.h>' \
		'' 'static int pmem_attach(void)' '{' '	return 0;' '}' >"$root/drivers/nvdimm/pmem.c"
	echo 'config X86' >"$root/arch/x86/Kconfig"
	echo 'config ARM64' >"$root/arch/arm64/Kconfig"
	echo 'config CRYPTO_ARM64' >"$root/arch/arm64/crypto/Kconfig"
	echo 'obj-y += init.o' >"$root/arch/arm64/mm/Makefile"
	tar -C "$SCRATCH/tarball" -cJf "$SCRATCH/linux-source-6.1.tar.xz" linux-source-6.1
	echo "$SCRATCH/linux-source-6.1.tar.xz"
}

# make_patch TOP NAME SED-EXPR: a real git format-patch of pmem.c changed by
# SED-EXPR against the fake tarball, added to TOP's series.
make_patch() {
	local top=$1 name=$2 expr=$3 repo=$SCRATCH/patch-repo
	rm -rf "$repo"
	cp -r "$SCRATCH/tarball/linux-source-6.1" "$repo"
	git -C "$repo" init -q
	git -C "$repo" add -A -f .
	git -C "$repo" -c user.name=t -c user.email=t@localhost commit -q -m base
	sed -i "$expr" "$repo/drivers/nvdimm/pmem.c"
	git -C "$repo" -c user.name=t -c user.email=t@localhost commit -q -a \
		-m "libnvdimm/pmem: $name" -m "Test fixture." -m "Signed-off-by: t <t@localhost>"
	git -C "$repo" format-patch -q -1 --stdout >"$top/kernel/patches/$name.patch"
	echo "$name.patch" >>"$top/kernel/patches/series"
}
