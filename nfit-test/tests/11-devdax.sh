#!/bin/bash
# devdax on nfit_test: created on a wb namespace (its chardev appears),
# refused on a wt one with the series' dev_err.
source "$(dirname "$0")/common.sh"

modprobe device_dax || err "modprobe device_dax"
reset_regions
region=$(big_region)
json=$(create_ns "$region" -m devdax -a 4K -s 16M) || err "devdax on wb"
[ -c "/dev/$(jq -r '.daxregion.devices[0].chardev' <<<"$json")" ] || err "no devdax chardev"
ndctl destroy-namespace -f "$(jq -r .dev <<<"$json")" >/dev/null
idle_set_mapping "$region" wt
dmesg_mark
create_ns "$region" -m devdax -a 4K -s 16M >/dev/null 2>&1 && err "devdax on wt was created"
dmesg_since | grep -q "devdax maps pages write-back only, namespace is mapping=wt" || err "no dev_err for devdax on wt"
