#!/bin/bash
# A disabled labelled namespace takes a new alt-name and uuid (kept in its
# labels: they survive a disable/enable); an enabled one refuses them.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M -n before || err "create raw: $ns_err"
d=/sys/bus/nd/devices/$ns
( echo renamed >"$d/alt_name" ) 2>/dev/null && err "alt_name changed on an enabled namespace"
ndctl disable-namespace "$ns" >/dev/null
echo renamed >"$d/alt_name" || err "alt_name write on a disabled namespace"
uuid=$(cat /proc/sys/kernel/random/uuid)
echo "$uuid" >"$d/uuid" || err "uuid write on a disabled namespace"
ndctl enable-namespace "$ns" >/dev/null || err "enable after attribute changes"
[ "$(cat "$d/alt_name")" = renamed ] || err "alt_name reads $(cat "$d/alt_name")"
[ "$(cat "$d/uuid")" = "$uuid" ] || err "uuid reads $(cat "$d/uuid")"
ndctl disable-region "$region" >/dev/null
ndctl enable-region "$region" >/dev/null
got=$(ndctl list -r "$region" -N | jarray | jq -r --arg u "$uuid" 'select(.uuid == $u) | .name')
[ "$got" = renamed ] || err "labels did not keep the new uuid/name (got '$got')"
