#!/bin/bash
# io_uring issues pmem writes inline, without an io-wq worker (the queue
# takes REQ_NOWAIT bios), plain, O_DSYNC (FUA: the NFIT flush writes flush
# hints and does not sleep) and on a polled ring. A write over poison,
# whose clearing sleeps in the firmware call, ends with BLK_STS_AGAIN and
# io_uring reissues it from a worker, which clears the poison and writes
# the data; on a polled ring too, whose worker retries an -EAGAIN until it
# gets something else (with a REQ_NOWAIT retry, which 6.1's blkdev gave
# every polled bio, it retries forever: the case's timeout). Stock 6.1
# needs a worker for every write, and fails polled writes with EOPNOTSUPP.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
bb=/sys/block/${dev#/dev/}/badblocks
expect_uring_workers 0 "$dev" 0 64
expect_uring_workers 0 "$dev" 0 16 dsync
expect_uring_workers 0 "$dev" 0 16 iopoll

poison 1
expect_uring_workers some "$dev" 4096 1
cleared 1
poison 2
expect_uring_workers some "$dev" 8192 1 iopoll
cleared 2
