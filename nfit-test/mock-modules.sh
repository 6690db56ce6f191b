# shellcheck shell=bash
# Sourced by the nfit_test and cxl_test suites' common files: a wrong
# module is a false green, so every case fails unless each module the
# mocks replace (replaced-modules) resolves to their build (extra/).
mock_modules=$(grep -v '^#' "$(dirname "${BASH_SOURCE[0]}")/replaced-modules")
expect_mock_modules() {
	local m path
	for m in $mock_modules; do
		path=$(modinfo -n "$m" 2>/dev/null) || path=""
		case $path in
		*/extra/*) ;;
		*) echo "FAIL: provenance: $m resolves to '${path:-built-in or missing}', not the mocks' build" >&2; exit 1 ;;
		esac
	done
}
