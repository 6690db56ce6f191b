#!/bin/bash
# bench --host refuses, exit 2 and nothing touched (namespaces, idle
# mappings, hugetlb pool, modules, results folder): on a kernel without the
# series' mapping attribute; and on a patched kernel without a region
# named, with a region that does not exist, that holds a namespace it did
# not create (whose data is then checked intact), or without
# --destroy-data. check.sh runs this case on both kernels.
source "$(dirname "$0")/common.sh"

reset_regions
mapfile -t regions < <(nfit_regions)
if [ ! -e /sys/module/libnvdimm/parameters/default_mapping ]; then
	refused "no pmem-stack 'mapping' attribute" --region "${regions[0]}" --destroy-data
	exit 0
fi
refused "name the region" --destroy-data
refused "no region region99" --region region99 --destroy-data
refused "at most two regions" --region "${regions[0]}" --region "${regions[1]}" --region "${regions[0]}" --destroy-data
refused "say --destroy-data" --region "${regions[0]}"
refused "unknown option" --region "${regions[0]}" --destroy --data
BENCH_CLOCK=icount refused "wall clock" --region "${regions[0]}" --destroy-data

# Someone's namespace, with data on it.
create_ns "${regions[1]}" -m raw -s 128M -n users-data || err "create namespace: $ns_err"
sum=$(write_pattern "$dev" 7 4)
refused "${regions[1]} holds $ns \(\"users-data\"" --region "${regions[0]}" --region "${regions[1]}" --destroy-data
[ "$(read_sum "$dev" 4)" = "$sum" ] || err "the data on $ns changed"
echo "every refusal exit 2, nothing touched; $ns's data intact"
