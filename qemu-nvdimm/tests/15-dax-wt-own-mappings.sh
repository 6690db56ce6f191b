#!/bin/bash
# Users of devdax pages that would map them themselves, write-back: an
# AF_XDP umem (a long-term pin that the kernel vmap()s) and dax_kmem
# (System RAM). On a wb namespace both work and the case reads the
# write-back mapping each makes, so that it exercises the paths it then
# expects refused; on a wt namespace both fail with EOPNOTSUPP, the kernel
# says why, no mapping of another type appears, and the device comes back
# with its data.
source "$(dirname "$0")/common.sh"
need daxctl python3

modprobe device_dax || err "modprobe device_dax"
modprobe kmem || err "modprobe kmem"
here=$(dirname "$0")
region=$(nfit_regions | head -n1)
size=$((4 << 20))

# new_devdax TYPE: a devdax namespace of TYPE; sets ns, chardev, daxdev.
new_devdax() {
	reset_regions
	idle_set_mapping "$region" "$1"
	create_ns "$region" -m devdax -M mem -a 2M -s 512M || err "devdax on $1: $ns_err"
	daxdev=${chardev#/dev/}
}

# System RAM that dax_kmem added, "START SIZE" per range (/proc/iomem).
kmem_ranges() {
	local range
	sed -n 's/^ *\([0-9a-f]*-[0-9a-f]*\) : System RAM (kmem)$/\1/p' /proc/iomem |
		while read -r range; do
			echo "0x${range%-*} $((0x${range#*-} - 0x${range%-*} + 1))"
		done
}
memtotal() { awk '/^MemTotal:/ { print $2 }' /proc/meminfo; }

# --- AF_XDP umem: a long-term pin, then vmap(PAGE_KERNEL)
new_devdax wb
out=$("$here/xdp-umem.py" "$chardev" "$size") || err "AF_XDP umem on wb devdax: $out"
echo "wb: the umem's vmap: $(grep -v '^#' <<<"$out" | awk '{ print $4, $5 }' | sort | uniq -c | paste -sd, | tr -s ' ')"
[ "$(grep -v '^#' <<<"$out" | awk '{ print $5 }' | sort -u)" = WB ] ||
	err "wb devdax umem: vmap entries are not all WB: $out"

new_devdax wt
read -r start nsize < <(ns_range "$ns")
wt_store write "$chardev" "$size" 21
dmesg_mark
rc=0
out=$("$here/xdp-umem.py" "$chardev" "$size") || rc=$?
[ "$rc" = 2 ] || err "AF_XDP umem on wt devdax: exit $rc, want a refusal (2): $out"
dmesg_since | grep -q "long-term pin of write-through device memory refused" ||
	err "no kernel message for the refused pin"
expect_pt_types "$start" "$nsize" "direct WT"
wt_store check "$chardev" "$size" 21
expect_user_types "$chardev" "$size" WT pmd
echo "wt: umem refused ($out), no vmap alias, data intact"

# --- dax_kmem: the range as System RAM
new_devdax wb
before=$(memtotal)
out=$(daxctl reconfigure-device -m system-ram "$daxdev" 2>&1) || err "kmem on wb devdax: $out"
ranges=$(kmem_ranges)
[ -n "$ranges" ] || err "kmem on wb devdax: no System RAM (kmem) in /proc/iomem"
[ "$(memtotal)" -gt "$before" ] || err "kmem on wb devdax: MemTotal $(memtotal) kB, was $before kB"
while read -r s n; do
	expect_pt_types "$s" "$n" "direct WB"
done <<<"$ranges"
echo "wb: onlined $(($(memtotal) - before)) kB as System RAM, direct map WB"
out=$(daxctl reconfigure-device -f -m devdax "$daxdev" 2>&1) || err "kmem back to devdax: $out"
[ -z "$(kmem_ranges)" ] || err "System RAM (kmem) left after going back to devdax"

new_devdax wt
read -r start nsize < <(ns_range "$ns")
wt_store write "$chardev" "$size" 22
before=$(memtotal)
dmesg_mark
out=$(daxctl reconfigure-device -m system-ram "$daxdev" 2>&1) && err "kmem on wt devdax succeeded: $out"
echo "wt: daxctl says: $(tail -n1 <<<"$out")"
dmesg_since | grep -q "write-through device memory cannot become System RAM" ||
	err "no kernel message for the refused kmem"
[ -z "$(kmem_ranges)" ] || err "kmem on wt devdax added System RAM"
[ "$(memtotal)" = "$before" ] || err "kmem on wt devdax: MemTotal $(memtotal) kB, was $before kB"
[ "$(ns_mapping "$ns")" = wt ] || err "$ns reads $(ns_mapping "$ns") after the refusal"
out=$(daxctl reconfigure-device -m devdax "$daxdev" 2>&1) || err "wt devdax back after the refusal: $out"
expect_pt_types "$start" "$nsize" "direct WT"
wt_store check "$chardev" "$size" 22
expect_user_types "$chardev" "$size" WT pmd
echo "wt: kmem refused, no System RAM, devdax back with its data"
