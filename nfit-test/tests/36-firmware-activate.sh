#!/bin/bash
# Runtime firmware activation on nfit_test.0: update-firmware stages an
# image on a DIMM and arms it; a bus-level activate-firmware activates it;
# the bus goes idle again and the DIMM reports success.
#
# nfit_test's bus asks for "quiesce", which runs the activation inside
# hibernate_quiet_exec() (-ENOTSUPP, "Unknown error 524", without
# CONFIG_HIBERNATION). That freezes every device, and this guest's root is
# virtio-9p, whose driver has no freeze/restore: the thaw resets its PCI
# device without virtqueues and the root hangs for good (seen: the kernel
# logs the freeze, "system sleep state S4" and "Restarting tasks ... done",
# then nothing). So this case activates "live" (--force), the same
# nfit_test emulation without the system-wide freeze; boot-suite runs the
# quiesce activation on a root that survives it (run --blk-root).
source "$(dirname "$0")/common.sh"

reset_regions
bus=$(ndctl list -B -b nfit_test.0 | jarray | jq -r .dev)
fw=/sys/bus/nd/devices/$bus/firmware
[ -r "$fw/capability" ] || err "$bus has no firmware activation attributes"
[ "$(cat "$fw/capability")" = quiesce ] || err "$bus capability '$(cat "$fw/capability")', want quiesce"
[ "$(cat "$fw/activate")" = idle ] || err "$bus activate state '$(cat "$fw/activate")' before the update"

dimm=$(bus0_dimms | head -n1)
dfw=/sys/bus/nd/devices/$dimm/firmware
image=$(mktemp)
trap 'rm -f "$image"; reset_regions >/dev/null 2>&1 || true' EXIT
head -c 256K /dev/urandom >"$image"
# ndctl refuses an update while the bus's address-range scrub runs.
ndctl wait-scrub "$bus" >/dev/null 2>&1 || err "wait-scrub $bus"
out=$(ndctl update-firmware -f "$image" "$dimm" 2>&1) || err "update-firmware $dimm: $out"
[ "$(cat "$dfw/activate")" = armed ] || err "$dimm is '$(cat "$dfw/activate")' after update-firmware, want armed"
[ "$(cat "$fw/activate")" = armed ] || err "$bus is '$(cat "$fw/activate")' after update-firmware, want armed"

out=$(ndctl activate-firmware --force "$bus" 2>&1) || err "activate-firmware --force $bus: $out"
echo "$out"
# nfit_test emulates a 3 s activation: busy, then idle.
for _ in $(seq 50); do
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
grep -q "No such device or address" <<<"$out" || err "idle activate: '$out', want ENXIO"
[ "$(cat "$dfw/result")" = success ] || err "the refused activation changed $dimm's result"
