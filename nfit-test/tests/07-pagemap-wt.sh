#!/bin/bash
# fsdax on a wt namespace is refused with EOPNOTSUPP and a dev_err; with
# wb it works and I/O verifies.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
idle_set_mapping "$region" wt
dmesg_mark
create_ns "$region" -m fsdax -M mem -s 32M >/dev/null 2>&1 && err "fsdax on wt was created"
dmesg_since | grep -q "fsdax maps pages write-back only, namespace is mapping=wt" || err "no dev_err for fsdax on wt"
reset_regions
json=$(create_ns "$region" -m fsdax -M mem -s 32M) || err "fsdax on wb"
verify_blockdev "/dev/$(jq -r .blockdev <<<"$json")" 8M
