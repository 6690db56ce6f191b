# shellcheck shell=bash
# Sourced by qemu-nvdimm/run: what a finished run says. The guest's exit
# status, unless the kernel warned or the pmem stack leaked.

# fail MESSAGE [STATUS], inside judge_run (its console).
fail() {
	printf 'error: %s\n       console log: %s\n' "$1" "$console" >&2
	exit "${2:-1}"
}

# judge_run RUN_DIR SHARE QEMU_STATUS TIMEOUT DMESG_CHECK: exits with the
# guest's status, or fails the run on a kernel warning or a leak of the
# pmem stack.
judge_run() {
	local run_dir=$1 share=$2 qrc=$3 timeout_s=$4 dmesg_check=$5 rc total
	local console=$run_dir/console.log
	if [ ! -f "$share/status" ]; then
		[ "$qrc" -eq 137 ] && fail "guest timed out after ${timeout_s}s" 124
		fail "guest ended without running the command (qemu exit $qrc)"
	fi
	rc=$(cat "$share/status")
	# The guest renames a complete status into place; anything else is not
	# an exit status, whatever QEMU was doing when it stopped.
	[[ $rc =~ ^[0-9]+$ ]] || fail "guest status file holds '$rc', not an exit status (qemu exit $qrc)"
	# The console saw every message; the final dmesg may have lost the
	# oldest to a full ring buffer (or to a case's dmesg -C): scan both.
	if [ "$dmesg_check" -eq 1 ] && [ -f "$share/dmesg" ] &&
		grep -hE 'Call Trace|WARNING:|BUG:|KASAN|UBSAN:' "$share/dmesg" "$console" 2>/dev/null |
		sort -u >"$run_dir/dmesg-bad" && [ -s "$run_dir/dmesg-bad" ]; then
		sed 's/^/dmesg: /' "$run_dir/dmesg-bad" | head -n 20 >&2
		[ "$rc" -ne 0 ] || rc=1
		fail "guest dmesg shows a kernel warning (full dmesg: $share/dmesg)" "$rc"
	fi
	# A debug kernel's kmemleak scan (init-lib.sh): an unreferenced object
	# the pmem stack allocated is a leak of the code under test; the rest
	# of the kernel's (9p, the boot) is reported, not judged.
	if [ "$dmesg_check" -eq 1 ] && [ -f "$share/kmemleak" ]; then
		pmem_kmemleak_stack <"$share/kmemleak" >"$run_dir/kmemleak-pmem"
		total=$(grep -c '^unreferenced object' "$share/kmemleak" || true)
		if [ -s "$run_dir/kmemleak-pmem" ]; then
			head -n 40 "$run_dir/kmemleak-pmem" >&2
			[ "$rc" -ne 0 ] || rc=1
			fail "kmemleak: $(grep -c '^unreferenced object' "$run_dir/kmemleak-pmem") of $total unreferenced objects come from the pmem stack (report: $share/kmemleak)" "$rc"
		fi
		printf 'note: kmemleak: %s unreferenced objects, none from the pmem stack (%s)\n' "$total" "$share/kmemleak" >&2
	fi
	[ "$rc" -eq 0 ] || printf 'note: guest command exited %s; console log: %s\n' "$rc" "$console" >&2
	exit "$rc"
}
