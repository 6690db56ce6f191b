# shellcheck shell=bash
# Sourced by every nfit_test case: load nfit_test from the test build,
# refuse to run on anything else, then the shared pmem helpers on bus
# nfit_test.0 (4 DIMMs, labels, and a fifth it hot-adds when loaded with
# hotplug_dimm=1; nfit_test.1: 2 DIMMs with failure flags).
set -euo pipefail
memremap_log=/sys/kernel/debug/nfit_test/memremap

modprobe nfit_test || { echo "FAIL: modprobe nfit_test" >&2; exit 1; }
# shellcheck source=nfit-test/mock-modules.sh
source "$(dirname "${BASH_SOURCE[0]}")/../mock-modules.sh"
expect_mock_modules

PMEM_BUS=nfit_test.0
# shellcheck source=qemu-nvdimm/tests/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../qemu-nvdimm/tests/common.sh"

# Mappings of test memory still live, as the wrapped memunmap() saw them.
live_maps() { sed -n 's/^live //p' "$memremap_log"; }
# The flags of the last map of NS's whole range, whoever asked (the
# namespace itself when raw, its btt device when sector).
map_flags() {
	local ns=$1 start size
	start=$(printf '0x%016x' "$(cat "/sys/bus/nd/devices/$ns/resource")")
	size=$(printf '%#x' "$(cat "/sys/bus/nd/devices/$ns/size")")
	grep -E "^map .* offset=$start size=$size " "$memremap_log" | tail -n1 | sed -n 's/.*flags=//p'
}

# The largest pmem region of nfit_test.0: BTT needs at least 16 MiB of arena.
big_region() {
	ndctl list -R -b nfit_test.0 | jarray | jq -rs 'max_by(.size) | .dev'
}

# The nfit_test knob directory (fail_cmd, lock_dimm, ...) of DIMM nmemN,
# matched by its NFIT handle.
test_dimm_dir() {
	local handle d
	handle=$(cat "/sys/bus/nd/devices/$1/nfit/handle")
	for d in /sys/devices/platform/nfit_test.*/nfit_test_dimm/test_dimm*; do
		[ "$(cat "$d/handle")" = "$handle" ] && { echo "$d"; return 0; }
	done
	err "no nfit_test knobs for $1 (handle $handle)"
}

# The DIMMs (nmemN) a region interleaves, from its mappingN attributes.
region_dimms() {
	local m
	for m in /sys/bus/nd/devices/"$1"/mapping[0-9]*; do
		cut -d, -f1 "$m"
	done | sort -uV
}

# The DIMMs of nfit_test.0, in a stable order.
bus0_dimms() {
	ndctl list -D -b nfit_test.0 | jarray | jq -r .dev | sort -V
}

# dimm_security NMEM: its security state as ndctl reports it.
dimm_security() {
	ndctl list -i -D -d "$1" | jarray | jq -r .security
}

# A master key in the user keyring and its blob where ndctl looks for it,
# as ndctl's setup-passphrase and load-keys expect.
master_key() {
	need keyctl
	local keys=/etc/ndctl/keys id
	mkdir -p "$keys"
	id=$(keyctl search @u user nvdimm-master 2>/dev/null) ||
		id=$(keyctl add user nvdimm-master "$(head -c 32 /dev/urandom | base64)" @u) ||
		err "keyctl add the master key"
	keyctl pipe "$id" >"$keys/nvdimm-master.blob"
}

# A DIMM with a passphrase set by the case, removed again on exit.
secure_dimm() {
	sec_dimm=$(bus0_dimms | head -n1)
	[ "$(dimm_security "$sec_dimm")" = disabled ] || skip "$sec_dimm security is $(dimm_security "$sec_dimm"), not disabled"
	master_key
	ndctl disable-region -b nfit_test.0 all >/dev/null
	trap 'ndctl remove-passphrase "$sec_dimm" >/dev/null 2>&1 || true; reset_regions >/dev/null 2>&1 || true' EXIT
	ndctl setup-passphrase "$sec_dimm" -k user:nvdimm-master >/dev/null 2>&1 || err "setup-passphrase $sec_dimm"
	[ "$(dimm_security "$sec_dimm")" = unlocked ] || err "security after setup-passphrase: $(dimm_security "$sec_dimm")"
}

# reload_nfit_test [PARAM=VALUE...]: unload and load nfit_test with a dmesg
# mark before: what the probe logs is then in dmesg_since.
# shellcheck disable=SC2120 # the module parameters are optional
reload_nfit_test() {
	ndctl disable-region all >/dev/null
	dmesg_mark
	modprobe -r nfit_test || err "modprobe -r nfit_test"
	modprobe nfit_test "$@" || err "modprobe nfit_test $*"
}

# poison PAGE: inject an error over 4k page PAGE of namespace $ns and scrub
# it into its block device's badblocks, the file $bb.
bb=""
poison() {
	ndctl inject-error --block=$(($1 * 8)) --count=8 "$ns" >/dev/null || err "inject-error"
	ndctl start-scrub nfit_test.0 >/dev/null 2>&1 || true
	ndctl wait-scrub nfit_test.0 >/dev/null || err "wait-scrub"
	grep -q "^$(($1 * 8)) 8$" "$bb" || err "badblocks after the scrub: $(paste -sd, "$bb")"
}
# cleared PAGE: a write cleared PAGE's poison; uninject it.
cleared() {
	! grep -q '[0-9]' "$bb" || err "poison not cleared by the write: $(paste -sd, "$bb")"
	ndctl inject-error --uninject --block=$(($1 * 8)) --count=8 "$ns" >/dev/null || err "uninject"
}
