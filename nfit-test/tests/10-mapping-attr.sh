#!/bin/bash
# The mapping attribute on the nfit_test bus: EBUSY while enabled or while
# the btt claiming it is, EINVAL on bogus values, nothing changed either
# way; with its btt disabled the type changes and the btt comes back
# mapping the new one.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
f=/sys/bus/nd/devices/$ns/mapping
out=$( (echo wt >"$f") 2>&1) && err "write on an enabled namespace succeeded"
grep -q busy <<<"$out" || err "enabled: '$out', want EBUSY"
ndctl disable-namespace "$ns" >/dev/null
for bad in WB w wtt "wb " 0; do
	out=$( (echo "$bad" >"$f") 2>&1) && err "'$bad' accepted"
	grep -q "Invalid argument" <<<"$out" || err "'$bad': '$out', want EINVAL"
done
[ "$(cat "$f")" = wb ] || err "rejected writes changed the type to $(cat "$f")"
create_ns "$region" -m sector -s 32M || err "create sector: $ns_err"
f=/sys/bus/nd/devices/$ns/mapping
out=$( (echo wt >"$f") 2>&1) && err "write under an enabled btt succeeded"
grep -q busy <<<"$out" || err "claimed: '$out', want EBUSY"
ndctl disable-namespace "$ns" >/dev/null
echo wt >"$f" || err "write under a disabled btt failed"
ndctl enable-namespace "$ns" >/dev/null || err "enable $ns after the switch"
[ "$(map_flags "$ns")" = wt ] || err "the btt mapped $ns '$(map_flags "$ns")' after the switch, want wt"
