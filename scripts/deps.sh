#!/bin/bash
# Install every Debian package pmem-stack needs. Touches the network only when
# something is missing, so a warm machine pays nothing.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

packages=(
	linux-source-6.1 qemu-system-x86 ndctl daxctl fio
	gcc make bc flex bison libelf-dev libssl-dev dwarves ccache cpio kmod
	git xz-utils patch rsync python3 python3-ply python3-git
	e2fsprogs xfsprogs util-linux procps psmisc
	jq keyutils gnuplot-nox sparse shellcheck dmsetup
)

missing=()
for p in "${packages[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -eq 0 ]; then
	msg "deps: all ${#packages[@]} packages present"
	exit 0
fi

[ "$(id -u)" -eq 0 ] || die "need root to install: ${missing[*]} (run 'sudo make deps')"
msg "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
