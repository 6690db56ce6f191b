#!/bin/bash
# devdax on nfit_test: on a wb namespace its chardev appears and its
# pagemap asks for wb; on a wt one with its memmap in RAM the pagemap asks
# for wt; with the memmap on the namespace wt is refused with a dev_err.
source "$(dirname "$0")/common.sh"

modprobe device_dax || err "modprobe device_dax"
reset_regions
region=$(big_region)
for want in wb wt; do
	idle_set_mapping "$region" "$want"
	create_ns "$region" -m devdax -M mem -a 4K -s 16M || err "devdax -M mem on $want: $ns_err"
	[ -c "$chardev" ] || err "no devdax chardev ($want)"
	line=$(grep -E "^map-pages dax[0-9.]+ " "$memremap_log" | tail -n1)
	echo "$line"
	[ "${line##*flags=}" = "$want" ] || err "devdax pagemap asked for '${line##*flags=}', want $want"
	ndctl destroy-namespace -f "$ns" >/dev/null
done
idle_set_mapping "$region" wt
dmesg_mark
create_ns "$region" -m devdax -M dev -a 4K -s 16M && err "devdax -M dev on wt was created"
dmesg_since | grep -q "devdax on a write-through namespace needs its memmap in RAM" ||
	err "no dev_err for devdax -M dev on wt: $(dmesg_since | tail -n 3)"
