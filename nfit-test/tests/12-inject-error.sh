#!/bin/bash
# ARS error injection: an injected error on a raw namespace shows after a
# scrub in badblocks and `ndctl list --media-errors`, a read of it fails
# with EIO, a write clears it; --uninject removes the injection.
source "$(dirname "$0")/common.sh"

reset_regions
region=$(big_region)
create_ns "$region" -m raw -s 16M || err "create raw: $ns_err"
ndctl inject-error --block=8 --count=1 "$ns" >/dev/null || err "inject-error"
ndctl start-scrub nfit_test.0 >/dev/null 2>&1 || true
ndctl wait-scrub nfit_test.0 >/dev/null || err "wait-scrub"
grep -q '^8 1$' "/sys/block/${dev#/dev/}/badblocks" || err "badblocks: $(cat "/sys/block/${dev#/dev/}/badblocks")"
ndctl list -n "$ns" --media-errors | jarray | jq -e '.badblocks[]? | select(.offset == 8)' >/dev/null ||
	err "--media-errors does not list sector 8"
dd if="$dev" of=/dev/null bs=512 skip=8 count=1 iflag=direct status=none 2>/dev/null &&
	err "reading the poisoned sector succeeded"
# a page-sized, aligned write over it clears the poison (sector 8 = page 1)
dd if=/dev/zero of="$dev" bs=4096 seek=1 count=1 oflag=direct status=none || err "write over the error"
! grep -q "[0-9]" "/sys/block/${dev#/dev/}/badblocks" ||
	err "badblocks not cleared by the write: $(cat "/sys/block/${dev#/dev/}/badblocks")"
dd if="$dev" of=/dev/null bs=512 skip=8 count=1 iflag=direct status=none || err "read after clearing"
ndctl inject-error --uninject --block=8 --count=1 "$ns" >/dev/null || err "uninject"
ndctl inject-error --status "$ns" | grep -q '"block":8' && err "injection still listed after --uninject"
true
