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

refused "no region region0x" --region region0x --destroy-data
BENCH_SIZE=1G refused "want a size in MiB" --region "${regions[0]}" --destroy-data

# Someone's namespace, with data on it.
users_data "${regions[1]}"
refused "${regions[1]} holds $users_ns \(\"users-data\"" --region "${regions[0]}" --region "${regions[1]}" --destroy-data
users_data_intact
# A disabled one holds capacity too.
ndctl disable-namespace "$users_ns" >/dev/null || err "disable $users_ns"
refused "${regions[1]} holds $users_ns" --region "${regions[1]}" --destroy-data
ndctl enable-namespace "$users_ns" >/dev/null || err "enable $users_ns"
users_data_intact
echo "every refusal exit 2, nothing touched; $users_ns's data intact"
