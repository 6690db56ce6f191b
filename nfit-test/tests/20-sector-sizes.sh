#!/bin/bash
# Sector namespaces in both BTT sector sizes: the block device reports the
# size asked for, and verified I/O passes on each.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
for ss in 512 4096; do
	create_ns "$region" -m sector -l "$ss" -s 32M || err "create sector -l $ss: $ns_err"
	got=$(cat "/sys/block/$blockdev/queue/logical_block_size")
	[ "$got" = "$ss" ] || err "sector $ss namespace has logical_block_size $got"
	verify_blockdev "$dev" 4M
	ndctl destroy-namespace -f "$ns" >/dev/null
done
