#!/bin/bash
# Runtime firmware activation on nfit_test.0, with sysfs and ndctl alone
# (it also runs on a `run --blk-root` image: no 9p, no jq).
# Usage: fwa-activate.sh live|quiesce
#   update-firmware stages an image on a DIMM and arms it; a bus-level
#   activate-firmware activates it; the bus goes idle, the DIMM reports
#   success, and a second activation with nothing armed is refused.
#   quiesce: the way nfit_test.0 asks for it, inside hibernate_quiet_exec()
#   with every device frozen and thawed (CONFIG_HIBERNATION; -ENOTSUPP
#   without); the freeze must show in dmesg and the root disk must work
#   after the thaw. live: ndctl --force, no freeze (the 9p root has no
#   thaw).
set -euo pipefail
err() {
	echo "FAIL: $*" >&2
	exit 1
}
mode=${1:-}
case $mode in
live) force=(--force) ;;
quiesce) force=() ;;
*) err "usage: $0 live|quiesce" ;;
esac

modprobe nfit_test || err "modprobe nfit_test"
bus="" busdir=""
for d in /sys/bus/nd/devices/ndbus*; do
	[ "$(cat "$d/provider")" = nfit_test.0 ] && { bus=${d##*/} busdir=$d; }
done
[ -n "$bus" ] || err "no nfit_test.0 bus"
fw=$busdir/firmware
[ -r "$fw/capability" ] || err "$bus has no firmware activation attributes"
[ "$(cat "$fw/capability")" = quiesce ] || err "$bus capability '$(cat "$fw/capability")', want quiesce"
[ "$(cat "$fw/activate")" = idle ] || err "$bus activate state '$(cat "$fw/activate")' before the update"

dimms=("$busdir"/nmem*)
[ -e "${dimms[0]}" ] || err "$bus has no DIMMs"
dimm=${dimms[0]##*/}
dfw=$busdir/$dimm/firmware
image=$(mktemp)
trap 'rm -f "$image"' EXIT
head -c 256K /dev/urandom >"$image"
# ndctl refuses an update while the bus's address-range scrub runs.
ndctl wait-scrub "$bus" >/dev/null 2>&1 || err "wait-scrub $bus"
out=$(ndctl update-firmware -f "$image" "$dimm" 2>&1) || err "update-firmware $dimm: $out"
[ "$(cat "$dfw/activate")" = armed ] || err "$dimm is '$(cat "$dfw/activate")' after update-firmware, want armed"
[ "$(cat "$fw/activate")" = armed ] || err "$bus is '$(cat "$fw/activate")' after update-firmware, want armed"

mapfile -t before < <(dmesg)
out=$(ndctl activate-firmware "${force[@]}" "$bus" 2>&1) || err "activate-firmware ${force[*]} $bus ($mode): $out"
echo "$out"
mapfile -t after < <(dmesg)
log=${after[*]:${#before[@]}}
if [ "$mode" = quiesce ]; then
	for want in "Freezing user space processes" "Restarting tasks"; do
		[[ $log == *"$want"* ]] || err "no '$want' in dmesg: the activation did not quiesce"
	done
else
	[[ $log != *"Freezing user space processes"* ]] || err "a live activation froze the system"
fi
# nfit_test emulates a 3 s activation: busy, then idle.
for ((i = 0; i < 50; i++)); do
	[ "$(cat "$fw/activate")" = idle ] && break
	sleep 0.2
done
[ "$(cat "$fw/activate")" = idle ] || err "$bus still '$(cat "$fw/activate")' 10 s after activation"
# The DIMM's state first: the nfit driver keeps the result it read while
# the bus was busy ("none") until a state read finds the DIMM idle.
[ "$(cat "$dfw/activate")" = idle ] || err "$dimm is '$(cat "$dfw/activate")' after activation, want idle"
[ "$(cat "$dfw/result")" = success ] || err "$dimm activation result '$(cat "$dfw/result")', want success"
# A second activation with nothing armed is refused, changing nothing.
out=$( (echo live >"$fw/activate") 2>&1) && err "activating an idle bus succeeded"
[[ $out == *"No such device or address"* ]] || err "idle activate: '$out', want ENXIO"
[ "$(cat "$dfw/result")" = success ] || err "the refused activation changed $dimm's result"

if [ "$mode" = quiesce ]; then
	# The devices came back: the root is written, and read from the disk,
	# after the thaw (a dead virtqueue would hang here until the timeout).
	echo "thawed $bus" >/after-thaw && sync
	echo 3 >/proc/sys/vm/drop_caches
	[ "$(cat /after-thaw)" = "thawed $bus" ] || err "the root did not come back from the thaw"
fi
echo "$bus: $dimm activated ($mode), bus idle, result success"
