#!/bin/bash
# devdax: /dev/daxX.Y takes mmap writes (fio's dev-dax engine) that verify.
source "$(dirname "$0")/common.sh"

# No udev: bind the device-dax driver the way coldplug would.
modprobe device_dax || err "modprobe device_dax"
reset_regions
region=$(nfit_regions | head -n1)
create_ns "$region" -m devdax -a 2M -s 256M || err "create devdax: $ns_err"
[ -c "$chardev" ] || err "$chardev is not a character device"
fio --name=devdax --filename="$chardev" --ioengine=dev-dax --size=64M --bs=2M --rw=write \
	--verify=crc32c --verify_fatal=1 --output-format=terse >/tmp/devdax.fio 2>&1 ||
	err "dev-dax verify on $chardev: $(tail -n 5 /tmp/devdax.fio)"
ndctl destroy-namespace -f "$ns" >/dev/null || err "destroy devdax"
