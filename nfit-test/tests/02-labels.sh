#!/bin/bash
# init-labels writes a valid index on every nfit_test.0 DIMM; zero-labels
# on a disabled DIMM clears it; read-labels sees both.
source "$(dirname "$0")/common.sh"

reset_regions
dimm=$(ndctl list -D -b nfit_test.0 | jarray | jq -r .dev | head -n1)
has_index() { ndctl read-labels -j "$1" 2>/dev/null | jarray | jq -e '[.index[]?.signature] | any(. == "NAMESPACE_INDEX")' >/dev/null; }
has_index "$dimm" || err "$dimm has no label index after init-labels"
ndctl disable-region -b nfit_test.0 all >/dev/null
ndctl disable-dimm "$dimm" >/dev/null
ndctl zero-labels "$dimm" >/dev/null || err "zero-labels $dimm"
has_index "$dimm" && err "$dimm still has a label index after zero-labels"
ndctl init-labels "$dimm" >/dev/null || err "init-labels $dimm"
ndctl enable-dimm "$dimm" >/dev/null
has_index "$dimm" || err "$dimm has no label index after init-labels again"
