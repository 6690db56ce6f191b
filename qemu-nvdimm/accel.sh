# shellcheck shell=bash
# Sourced by qemu-nvdimm/run: whether KVM can run the kernel here, found by
# a probe boot (never assumed), with qemu_machine (run).

# Does KVM really run our kernel here? /dev/kvm existing is not enough: under
# a PVM host a 6.1 guest hangs after "early console in setup code".
# The verdict is cached per host kernel and QEMU version.
# probe_kvm BZIMAGE: prints "kvm", or "tcg: WHY".
probe_kvm() {
	# One NUMA node whatever the run asks for: the verdict is the
	# accelerator's, and is cached for every later run.
	# shellcheck disable=SC2034 # read by qemu_machine
	local bzimage=$1 key verdict_file log qrc qemu numa=1
	if [ ! -c /dev/kvm ] || [ ! -w /dev/kvm ]; then
		echo "tcg: /dev/kvm missing or not writable"
		return
	fi
	key=$(printf '%s %s' "$(uname -r)" "$(qemu-system-x86_64 --version | head -n1)" | sha256sum | cut -c1-16)
	verdict_file=$PMEM_CACHE/accel/$key
	if [ ! -f "$verdict_file" ]; then
		mkdir -p "$PMEM_CACHE/accel"
		log=$PMEM_CACHE/accel/$key.console
		# The run's machine, without NVDIMMs or root: a kernel that
		# really runs ends in "Kernel panic" (no root) within seconds.
		qemu_machine kvm host 1 256M "$bzimage" "$log" "console=ttyS0 earlyprintk=serial,ttyS0 panic=-1"
		qrc=0
		timeout -s KILL 20 "${qemu[@]}" </dev/null >/dev/null 2>&1 || qrc=$?
		if grep -q 'Kernel panic' "$log"; then
			echo kvm
		elif [ "$qrc" -eq 137 ]; then
			echo "tcg: KVM guest made no progress in 20 s (last console line: $(tail -n1 "$log" | tr -cd '[:print:]'))"
		else
			echo "tcg: qemu -accel kvm exited with $qrc ($(tail -n1 "$log" | tr -cd '[:print:]'))"
		fi >"$verdict_file.$$"
		# Whole or not at all, for a run starting beside this one.
		mv -f "$verdict_file.$$" "$verdict_file"
	fi
	cat "$verdict_file"
}
