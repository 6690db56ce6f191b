#!/bin/bash
# Runtime firmware activation on nfit_test.0, activated "live"
# (fwa-activate.sh has the steps and checks).
#
# nfit_test's bus asks for "quiesce", which runs the activation inside
# hibernate_quiet_exec(). That freezes every device, and this guest's root
# is virtio-9p, whose driver has no freeze/restore: the thaw resets its PCI
# device without virtqueues and the root hangs for good (seen: the kernel
# logs the freeze, "system sleep state S4" and "Restarting tasks ... done",
# then nothing). So this case activates live (ndctl --force), the same
# nfit_test emulation without the system-wide freeze; boot-suite runs the
# quiesce activation on a root that survives it (run --blk-root).
source "$(dirname "$0")/common.sh"

reset_regions
bash "$(dirname "$0")/fwa-activate.sh" live
