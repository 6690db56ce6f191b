#!/bin/bash
# Every mode undoes its mappings: creating and destroying a raw, sector,
# fsdax and devdax namespace leaves the live-map count where it was. (The
# log records memremap(); fsdax and devdax map through memremap_pages().)
source "$(dirname "$0")/common.sh"

modprobe device_dax || err "modprobe device_dax"
reset_regions
region=$(big_region)
base=$(live_maps)
for args in "-m raw -s 16M" "-m sector -s 32M" "-m fsdax -M mem -s 32M" "-m devdax -a 4K -s 32M"; do
	# shellcheck disable=SC2086 # the mode's options, word-split on purpose
	create_ns "$region" $args || err "create $args: $ns_err"
	case $args in
	*raw* | *sector*) [ "$(live_maps)" -gt "$base" ] || err "$args: nothing mapped while enabled" ;;
	esac
	ndctl destroy-namespace -f "$ns" >/dev/null || err "destroy $args"
	[ "$(live_maps)" -eq "$base" ] || err "$args: $(live_maps) maps live after destroy, $base before"
done
