#!/bin/bash
# Runtime firmware activation on nfit_test.0, the way a platform with
# activate_method "suspend" does it: update-firmware stages an image on a
# DIMM and arms it; a bus-level activate-firmware quiesces the system
# (hibernate_quiet_exec(): -ENOTSUPP, "Unknown error 524", without
# CONFIG_HIBERNATION), the bus goes idle again and the DIMM reports success.
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
ndctl update-firmware -f "$image" "$dimm" >/dev/null 2>&1 || err "update-firmware $dimm"
[ "$(cat "$dfw/activate")" = armed ] || err "$dimm is '$(cat "$dfw/activate")' after update-firmware, want armed"
[ "$(cat "$fw/activate")" = armed ] || err "$bus is '$(cat "$fw/activate")' after update-firmware, want armed"

dmesg_mark
out=$(ndctl activate-firmware "$bus" 2>&1) || err "activate-firmware $bus: $out"
echo "$out"
# nfit_test emulates a 3 s activation: busy, then idle.
for _ in $(seq 50); do
	[ "$(cat "$fw/activate")" = idle ] && break
	sleep 0.2
done
[ "$(cat "$fw/activate")" = idle ] || err "$bus still '$(cat "$fw/activate")' 10 s after activation"
[ "$(cat "$dfw/result")" = success ] || err "$dimm activation result '$(cat "$dfw/result")', want success"
# The quiesce really ran: the PM core logs its freeze and thaw.
dmesg_since | grep -q "Freezing user space processes" ||
	err "no freeze in dmesg: activation did not quiesce ($(dmesg_since | tail -n 3))"
