#!/bin/bash
# A region fills up: namespaces are carved until none fits, the next create
# fails cleanly, and destroying them all gives the whole capacity back.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
avail() { ndctl list -R -r "$region" | jarray | jq -r .available_size; }
total=$(avail)
[ "$total" -gt 0 ] || err "$region has no capacity after reset"
n=0
while [ "$(avail)" -ge $((16 << 20)) ]; do
	create_ns "$region" -m raw -s 16M || err "create #$((n + 1)) with $(avail) bytes free: $ns_err"
	n=$((n + 1))
	[ "$n" -le 64 ] || err "created more namespaces than the region can hold"
done
[ "$n" -ge 2 ] || err "only $n namespace fit in $total bytes"
create_ns "$region" -m raw -s 16M && err "a create succeeded in a full region"
[ "$(ndctl list -r "$region" -N | jarray | wc -l)" -eq "$n" ] || err "the failed create left a namespace"
ndctl destroy-namespace -f -r "$region" all >/dev/null
[ "$(avail)" -eq "$total" ] || err "available $(avail) after destroying all, was $total"
echo "$n namespaces of 16 MiB in $region ($total bytes)"
