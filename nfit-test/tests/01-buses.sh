#!/bin/bash
# nfit_test defines two buses: nfit_test.0 with 4 DIMMs + labels and pmem
# regions, nfit_test.1 with 2 DIMMs.
source "$(dirname "$0")/common.sh"

for b in nfit_test.0 nfit_test.1; do
	ndctl list -B | jarray | jq -r .provider | grep -qx "$b" || err "bus $b missing"
done
d0=$(ndctl list -D -b nfit_test.0 | jarray | wc -l)
d1=$(ndctl list -D -b nfit_test.1 | jarray | wc -l)
[ "$d0" -ge 4 ] || err "nfit_test.0 has $d0 DIMMs, want at least 4"
[ "$d1" -eq 2 ] || err "nfit_test.1 has $d1 DIMMs, want 2"
r0=$(ndctl list -R -b nfit_test.0 | jarray | jq -r 'select(.type == "pmem") | .dev' | wc -l)
[ "$r0" -ge 1 ] || err "no pmem region on nfit_test.0"
echo "nfit_test.0: $d0 DIMMs, $r0 pmem regions; nfit_test.1: $d1 DIMMs"
