#!/bin/bash
# What lockdep needs to see: the series' locks taken in every order it
# allows. For 20 s, at once: the mapping attribute of every namespace
# written (wt, wb, a bogus value), namespaces created, enabled, disabled
# and destroyed on one region, the other region disabled and enabled,
# and libnvdimm.default_mapping flipped. Afterwards every namespace reads
# wb or wt, the parameter took its last write, and a namespace still
# comes up with verified I/O. The run's dmesg check fails the case on any
# warning (under the debug kernel: lockdep, KASAN, UBSAN).
source "$(dirname "$0")/common.sh"

param=/sys/module/libnvdimm/parameters/default_mapping
[ -w "$param" ] || skip "kernel has no libnvdimm.default_mapping (stock kernel?)"
trap 'echo wb >"$param"; reset_regions >/dev/null 2>&1 || true' EXIT
reset_regions
mapfile -t regions < <(nfit_regions)
[ "${#regions[@]}" -ge 2 ] || skip "needs two NVDIMMs"
end=$((SECONDS + 20))

attr_writer() {
	local f v
	while [ $SECONDS -lt $end ]; do
		for f in /sys/bus/nd/devices/namespace*/mapping; do
			for v in wt wb bogus; do
				{ echo "$v" >"$f"; } 2>/dev/null || true
			done
		done
	done
}
param_writer() {
	while [ $SECONDS -lt $end ]; do
		echo wt >"$param"
		echo wb >"$param"
	done
}
ns_churn() {
	while [ $SECONDS -lt $end ]; do
		create_ns "${regions[0]}" -m raw -s 32M || continue
		ndctl disable-namespace "$ns" >/dev/null 2>&1 || true
		ndctl enable-namespace "$ns" >/dev/null 2>&1 || true
		ndctl destroy-namespace -f "$ns" >/dev/null 2>&1 || true
	done
}
region_churn() {
	while [ $SECONDS -lt $end ]; do
		ndctl disable-region "${regions[1]}" >/dev/null 2>&1 || true
		ndctl enable-region "${regions[1]}" >/dev/null 2>&1 || true
	done
}

attr_writer & pids=($!)
param_writer & pids+=($!)
ns_churn & pids+=($!)
region_churn & pids+=($!)
for p in "${pids[@]}"; do wait "$p" || err "a racing writer failed"; done

[ "$(cat "$param")" = wb ] || err "default_mapping reads $(cat "$param") after its last write of wb"
for f in /sys/bus/nd/devices/namespace*/mapping; do
	v=$(cat "$f")
	case $v in wb | wt) ;; *) err "$f reads '$v'" ;; esac
done
reset_regions
create_ns "${regions[1]}" -m raw -s 64M || err "no namespace after the races: $ns_err"
verify_blockdev "$dev" 16M
echo "20 s of racing writers: every namespace wb or wt, I/O verified after"
