#!/bin/bash
# Sector namespaces in both BTT sector sizes: the block device reports the
# size asked for, and verified I/O passes on each.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
for ss in 512 4096; do
	json=$(create_ns "$region" -m sector -l "$ss" -s 32M) || err "create sector -l $ss"
	bdev=$(jq -r .blockdev <<<"$json")
	got=$(cat "/sys/block/$bdev/queue/logical_block_size")
	[ "$got" = "$ss" ] || err "sector $ss namespace has logical_block_size $got"
	verify_blockdev "/dev/$bdev" 4M
	ndctl destroy-namespace -f "$(jq -r .dev <<<"$json")" >/dev/null
done
