#!/bin/bash
# No tarball: the error names the Debian package, and no cache appears.
source "$(dirname "$0")/common.sh"

PMEM_TARBALL=$SCRATCH/absent.tar.xz expect_fail 'install the Debian package linux-source-6.1' \
	"$TOP/kernel/build.sh" patched
[ ! -e "$PMEM_CACHE" ] || err "a failed run created $PMEM_CACHE"
