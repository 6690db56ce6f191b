#!/bin/bash
# modprobe -r nfit_test with a namespace of every mode enabled: the unload
# undoes every mapping, and a reload starts clean.
source "$(dirname "$0")/common.sh"
trap 'modprobe nfit_test; reset_regions >/dev/null 2>&1 || true' EXIT

modprobe device_dax || err "modprobe device_dax"
reset_regions
mapfile -t regions < <(ndctl list -R -b nfit_test.0 | jarray |
	jq -rs '[.[] | select(.size >= 33554432)] | sort_by(-.size) | .[].dev')
[ ${#regions[@]} -ge 2 ] || err "want two regions of at least 32 MiB, have: ${regions[*]}"
create_ns "${regions[0]}" -m raw -s 16M || err "create raw: $ns_err"
create_ns "${regions[0]}" -m sector -s 32M || err "create sector: $ns_err"
create_ns "${regions[1]}" -m fsdax -M mem -s 16M || err "create fsdax: $ns_err"
create_ns "${regions[1]}" -m devdax -a 4K -s 16M || err "create devdax: $ns_err"
[ "$(live_maps)" -gt 0 ] || err "no live mapping with four namespaces enabled"
ndctl disable-region all >/dev/null
modprobe -r nfit_test || err "modprobe -r nfit_test"
[ "$(live_maps)" -eq 0 ] || err "$(live_maps) maps live after unload: $(grep -v '^live' "$memremap_log" | tail -n 4)"
modprobe nfit_test || err "reload"
