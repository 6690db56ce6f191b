# shellcheck shell=bash
# Sourced by every provider case: the label-less pmem that virtio-pmem and
# legacy e820 (memmap=) give, one namespace per region, which the platform
# creates and nothing destroys. Run by qemu-nvdimm/run --pmem virtio|e820,
# which tells the guest in PMEM_PROVIDER; any other boot skips.
case ${PMEM_PROVIDER:-nfit} in
virtio) PMEM_BUS=virtio-pmem ;;
e820) PMEM_BUS=e820 ;;
*)
	echo "provider case: boot with qemu-nvdimm/run --pmem virtio or e820 (this boot: ${PMEM_PROVIDER:-nfit})"
	exit 77
	;;
esac
# shellcheck source=qemu-nvdimm/tests/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../tests/common.sh"

# The provider's namespaces, in a stable order.
provider_namespaces() {
	ndctl list -N -i -b "$PMEM_BUS" | jarray | jq -r .dev | sort -V
}

# Every case starts from, and leaves, what a boot gives: each namespace
# unclaimed (raw), write-back, enabled. The labels' reset does not apply.
reset_regions() {
	local n
	for n in $(provider_namespaces); do
		if [ -n "$(cat "/sys/bus/nd/devices/$n/holder")" ]; then
			ndctl create-namespace -f -e "$n" -m raw >/dev/null || err "reconfigure $n raw"
		fi
		ndctl disable-namespace "$n" >/dev/null
		ns_mapping "$n" wb
		ndctl enable-namespace "$n" >/dev/null || err "enable $n"
	done
}

# first_ns: the first namespace and its block device ($ns, $dev).
first_ns() {
	ns=$(provider_namespaces | head -n1)
	[ -n "$ns" ] || err "no namespace on bus $PMEM_BUS"
	dev=/dev/$(ndctl list -n "$ns" | jarray | jq -r .blockdev)
}
