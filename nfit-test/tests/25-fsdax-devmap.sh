#!/bin/bash
# fsdax with its page map in the namespace itself (-M dev): the info block
# reserves room for the struct pages, the block device is that much
# smaller, and verified I/O passes.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m fsdax -M dev -s 48M || err "create fsdax -M dev: $ns_err"
[ "$(jq -r .map <<<"$json")" = dev ] || err "map is $(jq -r .map <<<"$json"), want dev"
bytes=$(($(cat "/sys/block/$blockdev/size") * 512))
[ "$bytes" -lt $((48 << 20)) ] || err "-M dev reserved nothing: $blockdev is $bytes bytes"
verify_blockdev "$dev" 8M
