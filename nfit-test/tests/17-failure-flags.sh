#!/bin/bash
# nfit_test.1's DIMMs carry NFIT failure flags: the kernel reports them at
# probe, exposes them in nfit/flags, and ndctl lists them. nfit_test.0's
# DIMMs show the flags of all their memdev tables.
source "$(dirname "$0")/common.sh"
trap - EXIT

# Reload, so the probe's report is in this case's part of the log.
reload_nfit_test

json=$(ndctl list -Di -b nfit_test.1 | jarray)
[ "$(wc -l <<<"$json")" -eq 2 ] || err "nfit_test.1 lists $(wc -l <<<"$json") DIMMs, want 2"
flags=""
for d in $(jq -r .dev <<<"$json"); do
	flags+="$d: $(cat "/sys/bus/nd/devices/$d/nfit/flags")"$'\n'
done
for f in save_fail restore_fail flush_fail not_armed map_fail; do
	grep -qw "$f" <<<"$flags" || err "no DIMM of nfit_test.1 has $f: $flags"
done
# Slurp: jq 1.6's -e follows only the last input, i.e. the last DIMM.
for k in flag_failed_save flag_failed_restore flag_failed_flush flag_failed_arm flag_failed_map; do
	jq -s -e --arg k "$k" 'any(.[]; .[$k] == true)' <<<"$json" >/dev/null || err "ndctl list shows no $k"
done
dmesg_since | grep -q "Error found in NVDIMM nmem[0-9]* flags: save_fail" || err "probe did not report the failed DIMM"

# Each of nfit_test.0's DIMMs has one memdev table with HEALTH_ENABLED
# among others without: nfit/flags shows them collated, without the
# driver changing the tables (patch 18; case 15 merges them again).
for d in $(bus0_dimms); do
	grep -qw smart_notify "/sys/bus/nd/devices/$d/nfit/flags" ||
		err "$d: nfit/flags '$(cat "/sys/bus/nd/devices/$d/nfit/flags")' lacks smart_notify"
done
