#!/bin/bash
# ndctl inject-smart reaches nfit_test's SMART emulation: an injected media
# temperature and fatal health read back, and --uninject-all restores them.
source "$(dirname "$0")/common.sh"

dimm=$(bus0_dimms | head -n1)
trap 'ndctl inject-smart -N "$dimm" >/dev/null 2>&1 || true' EXIT
health() { ndctl list -DH -d "$dimm" | jarray | jq -r ".health.$1"; }
before=$(health temperature_celsius)
ndctl inject-smart -m 52 "$dimm" >/dev/null || err "inject-smart -m 52"
[ "$(health 'temperature_celsius == 52')" = true ] || err "temperature reads $(health temperature_celsius) after injecting 52"
ndctl inject-smart -f "$dimm" >/dev/null || err "inject-smart --fatal"
[ "$(health health_state)" = fatal ] || err "health_state reads $(health health_state) after --fatal"
ndctl inject-smart -N "$dimm" >/dev/null || err "inject-smart --uninject-all"
[ "$(health health_state)" != fatal ] || err "still fatal after --uninject-all"
echo "temperature before $before, injected 52, health restored to $(health health_state)"
