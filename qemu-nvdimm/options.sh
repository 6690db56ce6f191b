# shellcheck shell=bash
# shellcheck disable=SC2034 # the settings are read by qemu-nvdimm/run
# Sourced by qemu-nvdimm/run: a run's settings. The usage text, the
# defaults (one block), the parser and the checks; what the other stages
# read is set here and nowhere else.

usage() {
	cat <<USAGE
usage: qemu-nvdimm/run [options] -- CMD [ARGS...]

Boots the cached guest kernel with emulated NVDIMMs, runs CMD inside the
guest (in the current directory, as root) and exits with CMD's status.

  --kernel patched|stock|debug
                          which cached kernel to boot (default: \$PMEM_KERNEL,
                          else patched; debug: patched with KASAN, lockdep,
                          kmemleak, UBSAN, given 4 times the --timeout)
  --modules NAME          module root to use (default: the kernel's own;
                          nfit-test, nfit-test-debug: the tools/testing/nvdimm
                          build for the patched or the debug kernel)
  --pmem nfit|virtio|e820|cxl
                          what provides the persistent memory (default: nfit):
                            nfit    NVDIMMs in an ACPI NFIT, with labels
                            virtio  virtio-pmem devices (-device
                                    virtio-pmem-pci over a host file; an
                                    asynchronous flush, no MAP_SYNC)
                            e820    legacy pmem: guest RAM given to the
                                    kernel as memmap=SIZE!START ranges (what
                                    a developer's laptop uses); it does not
                                    persist across boots
                            cxl     CXL type-3 persistent memory devices
                                    (QEMU's cxl-type3 behind a pxb-cxl host
                                    bridge, over host files, q35 machine);
                                    Linux 6.1 enumerates them but brings
                                    up no pmem region (qemu-nvdimm/cxl/)
  --nvdimms N             number of NVDIMMs, virtio-pmem devices or e820
                          ranges (default: 2)
  --size SIZE             size of each one's region, with unit K/M/G
                          (default: 1G)
  --label-size SIZE       label area per NVDIMM, on top of --size (default: 2M;
                          nfit only)
  --persistence cpu|mem-ctrl
                          the NFIT's persistence domain (QEMU's
                          nvdimm-persistence), which regionN/persistence_domain
                          reports (default: QEMU's, none announced; nfit only)
  --mem SIZE              guest RAM (default: 2G)
  --cpus N                vCPUs (default: 2)
  --numa N                split guest RAM over N NUMA nodes, the vCPUs on
                          node 0 (default: 1; cxl_test puts its memory
                          devices on nodes 0 and 1 and needs 2)
  --cpu MODEL             QEMU's -cpu (default: max under TCG, host under
                          KVM), e.g. max,vendor=GenuineIntel,family=15,model=6
                          for a CPU with PAT errata (PAT on, no WT entry)
  --dir DIR               keep the NVDIMM backing files in DIR: reused by
                          later runs (default: a temporary directory)
  --accel auto|kvm|tcg    accelerator; auto probes KVM once and caches the
                          verdict (default: \$ACCEL, else auto)
  --which-accel           print the accelerator a run would use and exit
  --icount                count instructions: guest time advances 1 ns per
                          guest instruction (-icount shift=0,sleep=off), so
                          a fixed amount of work takes a fixed guest time;
                          TCG only, single-threaded
  --timeout SECONDS       kill the guest after this long (default: 600)
  --out DIR               the guest's writable /pmem-out (CMD's results,
                          with its dmesg and status); default: in the log dir
  --crash                 after CMD, SIGKILL QEMU instead of shutting down
                          (power-loss test; combine with --dir)
  --no-coldplug           do not load drivers for the platform's devices
                          (suites that load their own, e.g. nfit_test)
  --no-dmesg-check        do not fail on Call Trace/WARNING/BUG/UBSAN in dmesg,
                          nor on a kmemleak report that touches the pmem stack
  --append ARGS           extra kernel command line
  --blk-root PROGS        the guest's root is an ext4 image on virtio-blk
                          instead of this machine's root over 9p: CMD (a
                          script), the programs PROGS names (with their
                          libraries) and the module tree; for cases that
                          freeze every device, which 9p does not survive
  --cmdline               print the QEMU command line instead of running it
  -h, --help              this text

The console log of every run is kept under \$PMEM_CACHE/logs/qemu/.
USAGE
}

# Defaults: every setting of a run, in one place.
kernel=${PMEM_KERNEL:-patched} modules="" provider=nfit machine="" nvdimms=2 size=1G label_size=2M mem=2G cpus=2 numa=1 dir=""
cpu_model=""
persistence=""
accel=${ACCEL:-auto} timeout_s=600 out_dir="" crash=0 coldplug=1 dmesg_check=1 append=""
print_only=0 icount=0 blk_progs=""
guest_cmd=()

parse_args() {
	while [ $# -gt 0 ]; do
		case $1 in
		--kernel) kernel=$2; shift 2 ;;
		--modules) modules=$2; shift 2 ;;
		--pmem) provider=$2; shift 2 ;;
		--persistence) persistence=$2; shift 2 ;;
		--nvdimms) nvdimms=$2; shift 2 ;;
		--size) size=$2; shift 2 ;;
		--label-size) label_size=$2; shift 2 ;;
		--mem) mem=$2; shift 2 ;;
		--cpus) cpus=$2; shift 2 ;;
		--numa) numa=$2; shift 2 ;;
		--cpu) cpu_model=$2; shift 2 ;;
		--dir) dir=$2; shift 2 ;;
		--accel) accel=$2; shift 2 ;;
		--icount) icount=1; shift ;;
		--which-accel) print_only=2; shift ;;
		--timeout) timeout_s=$2; shift 2 ;;
		--out) out_dir=$2; shift 2 ;;
		--crash) crash=1; shift ;;
		--no-dmesg-check) dmesg_check=0; shift ;;
		--no-coldplug) coldplug=0; shift ;;
		--append) append=$2; shift 2 ;;
		--blk-root) blk_progs=$2; shift 2 ;;
		--cmdline) print_only=1; shift ;;
		-h | --help) usage; exit 0 ;;
		--) shift; break ;;
		*) usage >&2; die "unknown option '$1'" ;;
		esac
	done
	guest_cmd=("$@")
}

# SIZE with a K/M/G unit -> MiB, so QEMU's arithmetic is ours to check.
to_mib() {
	case $1 in
	*[0-9]G) echo $((${1%G} * 1024)) ;;
	*[0-9]M) echo $((${1%M})) ;;
	*[0-9]K) echo $((${1%K} / 1024)) ;;
	*) die "bad size '$1' (want a number with unit K, M or G)" ;;
	esac
}

check_args() {
	[ ${#guest_cmd[@]} -gt 0 ] || [ "$print_only" -eq 2 ] || { usage >&2; die "no command given (put it after --)"; }
	if [ -n "$blk_progs" ]; then
		[ "$crash" -eq 0 ] || die "--blk-root and --crash do not go together"
		[ "$coldplug" -eq 0 ] || die "--blk-root loads no drivers on its own: pass --no-coldplug"
		[ -f "${guest_cmd[0]:-}" ] || die "--blk-root runs a script: '${guest_cmd[0]:-}' is not a file"
	fi
	# An accelerator named outright needs no kernel to be told.
	case $print_only-$accel in 2-kvm | 2-tcg) echo "$accel"; exit 0 ;; esac
	size_mib=$(to_mib "$size")
	label_mib=$(to_mib "$label_size")
	mem_mib=$(to_mib "$mem")
	if ! [[ $nvdimms =~ ^[0-9]+$ ]] || [ "$nvdimms" -gt 16 ]; then
		die "--nvdimms wants 0..16, got '$nvdimms'"
	fi
	[[ $cpus =~ ^[1-9][0-9]*$ ]] || die "--cpus wants a positive number, got '$cpus'"
	[[ $numa =~ ^[1-8]$ ]] || die "--numa wants 1..8 nodes, got '$numa'"
	[ "$numa" -eq 1 ] || [ $((mem_mib % (numa * 128))) -eq 0 ] || die "--numa $numa: --mem ($mem) must split into whole 128M sections per node"
	[ -z "$cpu_model" ] || [[ $cpu_model =~ ^[A-Za-z0-9][A-Za-z0-9_.,=+-]*$ ]] ||
		die "--cpu wants a QEMU CPU model (name[,prop=value...]), got '$cpu_model'"
	[[ $timeout_s =~ ^[1-9][0-9]*$ ]] || die "--timeout wants seconds, got '$timeout_s'"
	[ "$size_mib" -gt 0 ] || die "--size ($size) must be at least 1M"
	# Under TCG a KASAN + lockdep kernel runs several times slower: the
	# suites' timeouts are written for the production-style kernels.
	# Same for RCU's stall detector: a KASAN kernel evaluating ACPI at boot
	# holds one emulated CPU past the default 60 s, which is TCG's slowness,
	# not a stall of the kernel's making.
	timeout_scale=1
	if [ "$kernel" = debug ]; then
		timeout_scale=4
		timeout_s=$((timeout_s * timeout_scale))
		append="rcupdate.rcu_cpu_stall_timeout=300${append:+ $append}"
	fi
	# QEMU carves the label area out of the backend and packs the DIMMs by
	# what is left: a backend of region + label keeps every region as
	# aligned as the first (fsdax and devdax want 16M).
	backend_mib=$((size_mib + label_mib))
	check_provider
}

# The provider's own constraints; e820 ranges become part of the guest's
# RAM, so they are added to it and named on the command line.
check_provider() {
	local i
	case $persistence in "" | cpu | mem-ctrl) ;; *) die "--persistence wants cpu or mem-ctrl, got '$persistence'" ;; esac
	case $provider in
	nfit) return ;;
	virtio) backend_mib=$size_mib ;;
	cxl)
		backend_mib=$size_mib
		[ $((size_mib % 256)) -eq 0 ] || die "--pmem cxl: --size must be a multiple of 256M (QEMU's CXL memory granule)"
		# pxb-cxl and the CXL root ports are PCIe: the q35 machine.
		machine=q35,cxl=on
		;;
	e820)
		[ "$numa" -eq 1 ] || die "--numa with --pmem e820: the memmap= ranges are guest RAM, which --numa would split"
		[ "$crash" -eq 0 ] || die "--crash with --pmem e820: its pmem is guest RAM, nothing outlives QEMU"
		[ -z "$dir" ] || die "--dir with --pmem e820: its pmem is guest RAM, there is no backing file to keep"
		# From 3.5G on the pc machine puts RAM above 3G at 4G, around the
		# PCI hole, and a range would no longer be where memmap= says.
		# The ranges sit on top of --mem, under one more 128M section of
		# RAM: QEMU reserves the last 128K below the top of low RAM, and a
		# range reaching it would be split.
		[ $((mem_mib + nvdimms * size_mib + 128)) -lt 3584 ] ||
			die "--pmem e820: guest RAM plus the ranges ($((mem_mib + nvdimms * size_mib + 128))M with 128M above them) must stay under 3584M (try --mem 1G)"
		[ $(((mem_mib | size_mib) % 128)) -eq 0 ] ||
			die "--pmem e820: --mem and --size must be multiples of 128M (a memory section)"
		for ((i = 0; i < nvdimms; i++)); do
			append+="${append:+ }memmap=${size_mib}M!$((mem_mib + i * size_mib))M"
		done
		mem_mib=$((mem_mib + nvdimms * size_mib + 128))
		;;
	*) die "--pmem wants nfit, virtio, e820 or cxl, got '$provider'" ;;
	esac
	[ -z "$persistence" ] || die "--persistence is the NFIT's: not for --pmem $provider"
}
