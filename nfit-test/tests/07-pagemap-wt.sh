#!/bin/bash
# fsdax on a wt namespace: with its memmap in RAM (-M mem) the pagemap asks
# for write-through (the memremap log's map-pages line) and I/O verifies;
# with the memmap on the namespace (-M dev) it is refused with EOPNOTSUPP
# and a dev_err, and left unclaimed.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
idle_set_mapping "$region" wt
create_ns "$region" -m fsdax -M mem -s 32M || err "fsdax -M mem on wt: $ns_err"
[ "$(ns_mapping "$ns")" = wt ] || err "$ns reads $(ns_mapping "$ns")"
pfn=$(jq -r .map <<<"$json")
[ "$pfn" = mem ] || err "created with map '$pfn'"
line=$(grep -E "^map-pages pfn[0-9.]+ .*flags=" "$memremap_log" | tail -n1)
echo "$line"
[ "${line##*flags=}" = wt ] || err "fsdax pagemap asked for '${line##*flags=}', want wt"
verify_blockdev "$dev" 8M

reset_regions
idle_set_mapping "$region" wt
dmesg_mark
create_ns "$region" -m fsdax -M dev -s 32M && err "fsdax -M dev on wt was created"
line=$(dmesg_since | grep -E "(namespace[0-9.]+): fsdax on a write-through namespace needs its memmap in RAM") ||
	err "no dev_err for fsdax -M dev on wt: $(dmesg_since | tail -n 3)"
ns=$(grep -oE 'namespace[0-9]+\.[0-9]+' <<<"$line" | head -n1)
[ -z "$(cat "/sys/bus/nd/devices/$ns/holder")" ] || err "$ns left claimed after the refusal"
