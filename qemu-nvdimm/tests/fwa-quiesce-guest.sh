#!/bin/bash
# Guest half of boot-suite's quiesce case, on a `run --blk-root` image (no
# 9p, no jq: sysfs and ndctl only). nfit_test.0 asks for "quiesce": the
# bus-level activation runs inside hibernate_quiet_exec(), every device
# frozen and thawed around it (CONFIG_HIBERNATION; -ENOTSUPP without).
# nfit-test's 36-firmware-activate covers the same steps "live".
set -euo pipefail
err() {
	echo "FAIL: $*" >&2
	exit 1
}

modprobe nfit_test || err "modprobe nfit_test"
bus="" busdir=""
for d in /sys/bus/nd/devices/ndbus*; do
	[ "$(cat "$d/provider")" = nfit_test.0 ] && { bus=${d##*/} busdir=$d; }
done
[ -n "$bus" ] || err "no nfit_test.0 bus"
fw=$busdir/firmware
[ "$(cat "$fw/capability")" = quiesce ] || err "$bus capability '$(cat "$fw/capability")', want quiesce"

dimms=("$busdir"/nmem*)
[ -e "${dimms[0]}" ] || err "$bus has no DIMMs"
dimm=${dimms[0]##*/}
dfw=$busdir/$dimm/firmware
head -c 256K /dev/urandom >/tmp/fw.img
ndctl wait-scrub "$bus" >/dev/null 2>&1 || err "wait-scrub $bus"
out=$(ndctl update-firmware -f /tmp/fw.img "$dimm" 2>&1) || err "update-firmware $dimm: $out"
[ "$(cat "$fw/activate")" = armed ] || err "$bus is '$(cat "$fw/activate")' after update-firmware, want armed"

mapfile -t before < <(dmesg)
out=$(ndctl activate-firmware "$bus" 2>&1) || err "activate-firmware $bus (quiesce): $out"
echo "$out"
mapfile -t after < <(dmesg)
log=${after[*]:${#before[@]}}
# The freeze really happened (a "live" activation logs none of this).
for want in "Freezing user space processes" "Restarting tasks"; do
	[[ $log == *"$want"* ]] || err "no '$want' in dmesg: the activation did not quiesce"
done
for ((i = 0; i < 50; i++)); do
	[ "$(cat "$fw/activate")" = idle ] && break
	sleep 0.2
done
[ "$(cat "$fw/activate")" = idle ] || err "$bus still '$(cat "$fw/activate")' 10 s after activation"
[ "$(cat "$dfw/activate")" = idle ] || err "$dimm is '$(cat "$dfw/activate")' after activation, want idle"
[ "$(cat "$dfw/result")" = success ] || err "$dimm activation result '$(cat "$dfw/result")', want success"

# The devices came back: the root is written, and read from the disk,
# after the thaw (a dead virtqueue would hang here until the timeout).
echo "thawed $bus" >/after-thaw && sync
echo 3 >/proc/sys/vm/drop_caches
[ "$(cat /after-thaw)" = "thawed $bus" ] || err "the root did not come back from the thaw"
echo "$bus: $dimm activated under quiesce, bus idle, result success"
