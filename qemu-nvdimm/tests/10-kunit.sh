#!/bin/bash
# The series' KUnit suite (memremap_pmem strictness, attribute parsing,
# write-through pagemaps and huge-leaf protections), run by loading its
# module; the KTAP it prints is the verdict.
source "$(dirname "$0")/common.sh"

modinfo memremap_pmem_test >/dev/null 2>&1 || skip "memremap_pmem_test module not built (stock kernel?)"
# The page-table cases map the first pmem page, and the pagemap cases the
# first memory section of pmem, themselves: no namespace may have them.
reset_regions
dmesg_mark
modprobe memremap_pmem_test || err "modprobe memremap_pmem_test"
ktap=$(dmesg_since | sed -n 's/^\[[ 0-9.]*\] //p')
modprobe -r memremap_pmem_test
grep -E '^ +(not )?ok [0-9]+ ' <<<"$ktap" | sed 's/^ */kunit: /'
summary=$(grep -E '^# memremap_pmem: pass:' <<<"$ktap") || err "no KTAP summary: $ktap"
echo "$summary"
grep -qE '^ok [0-9]+ memremap_pmem$' <<<"$ktap" || err "suite failed: $summary"
grep -q ' fail:0 ' <<<"$summary" || err "$summary"
# A skip here would hide the page-table proof: each case must have run.
if skipped=$(grep -E '^ +ok [0-9]+ .* # SKIP' <<<"$ktap"); then
	err "KUnit cases skipped: $skipped"
fi
