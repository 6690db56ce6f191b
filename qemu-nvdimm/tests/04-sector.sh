#!/bin/bash
# Sector (BTT) namespaces with 512- and 4096-byte sectors carry verified
# block I/O; reconfiguring between the two works.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(nfit_regions | head -n1)
for ss in 512 4096; do
	create_ns "$region" -m sector -l "$ss" -s 128M || err "create sector $ss: $ns_err"
	[ "$(cat "/sys/block/${dev#/dev/}/queue/logical_block_size")" = "$ss" ] ||
		err "$dev logical block size is not $ss"
	verify_blockdev "$dev" 32M
	ndctl destroy-namespace -f "$ns" >/dev/null || err "destroy sector $ss"
done
