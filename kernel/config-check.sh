#!/bin/bash
# Check that every option a config fragment asks for landed in .config:
# olddefconfig silently drops options whose dependencies are missing.
#
# Usage: kernel/config-check.sh FRAGMENT DOTCONFIG
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../scripts/lib.sh"

[ $# -eq 2 ] || die "usage: kernel/config-check.sh FRAGMENT DOTCONFIG"
fragment=$1 dotconfig=$2
name=$(basename "$fragment")
bad=0
while IFS= read -r line; do
	case $line in
	CONFIG_*=*)
		opt=${line%%=*}
		want=${line#*=}
		;;
	"# CONFIG_"*" is not set")
		opt=${line#\# }
		opt=${opt%% *}
		want=n
		;;
	*) continue ;;
	esac
	got=$(grep -E "^$opt=" "$dotconfig" | cut -d= -f2- || true)
	[ -n "$got" ] || got=n
	if [ "$got" != "$want" ]; then
		printf 'error: %s: %s=%s requested, .config has %s (missing dependency?)\n' \
			"$name" "$opt" "$want" "$got" >&2
		bad=1
	fi
done <"$fragment"
[ $bad -eq 0 ] || die "config fragment $fragment did not land in $dotconfig"
