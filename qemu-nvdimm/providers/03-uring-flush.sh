#!/bin/bash
# io_uring on the provider's namespace. e820's pmem takes REQ_NOWAIT bios:
# its writes are issued inline (no io-wq worker), O_DSYNC ones (FUA) too,
# since its flush is a barrier. virtio-pmem's flush waits for the host, on
# every FUA bio, so its queue does not take REQ_NOWAIT and io_uring hands
# each write to a worker, as on stock 6.1. The data lands either way.
source "$(dirname "$0")/common.sh"

reset_regions
first_ns
case $PMEM_PROVIDER in
virtio) want=some ;;
*) want=0 ;;
esac
expect_uring_workers "$want" "$dev" 0 16
expect_uring_workers "$want" "$dev" 0 16 dsync
