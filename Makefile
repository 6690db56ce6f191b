# pmem-stack front door. `make help` lists what is here.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PMEM_CACHE ?= /var/tmp/pmem-stack
export PMEM_CACHE

.PHONY: help deps kernel kernel-stock nfit-test check check-debug bench series-check lint clean FORCE

help:
	@echo "pmem-stack: memremap_pmem() for Linux 6.1, tested in QEMU on emulated NVDIMMs"
	@echo
	@echo "Targets:"
	@echo "  make help          this list (also plain 'make')"
	@echo "  make bench         the main job: WB vs WT benchmark -> results/latest/"
	@echo "                     (on a machine running the series, with pmem of its own:"
	@echo "                     benchmarks/bench --host --region R --destroy-data)"
	@echo "  make check         the tests: patch checks, lint, guest suites (TAP)"
	@echo "  make check-debug   the guest suites on a KASAN+lockdep+kmemleak+UBSAN"
	@echo "                     build of the patched kernel (not in CI: slow)"
	@echo "  make deps          install the Debian packages the project needs (apt-get)"
	@echo "  make kernel        build the patched guest kernel and its modules"
	@echo "  make kernel-stock  build the same config without the series (baseline)"
	@echo "  make nfit-test     build tools/testing/nvdimm and tools/testing/cxl (the"
	@echo "                     kernel's pmem mocks) into their own module root"
	@echo "  make series-check  checkpatch --strict + build after every patch"
	@echo "  make lint          shellcheck every script"
	@echo "  make clean         remove \$$PMEM_CACHE ($(PMEM_CACHE))"
	@echo
	@echo "Variables:"
	@echo "  PMEM_CACHE=$(PMEM_CACHE)   kernel tree, builds, ccache, logs"
	@echo "  JOBS=N        parallel build jobs (default: nproc)"
	@echo "  ACCEL=auto|kvm|tcg   guest accelerator (default: auto, probed)"
	@echo "  BENCH=quick|full      benchmark size (default: full, 15-25 min under TCG)"
	@echo "  BENCH_CLOCK=icount|wall  instructions per I/O under QEMU -icount (default"
	@echo "                        under TCG: exact) or timed runs (default under KVM)"
	@echo "  BENCH_ROUNDS=N        boots per kernel, patched and stock alternated"
	@echo "  BENCH_WORKLOADS=\"a b\" workloads/*.fio names to run"
	@echo "  BENCH_SWEEP=\"4k 1m\"   block sizes of the write sweep (empty: none)"
	@echo "  BENCH_RUNTIME, BENCH_RAMP, BENCH_REPEATS   per-run fio time, ramp, repeats"
	@echo "  BENCH_IOS             I/Os per run under icount (QD1 workloads)"
	@echo "  BENCH_URING_RUNTIME   guest time per io_uring run under icount (300ms; quick 150ms)"
	@echo "  BENCH_JOBS=N          guests at a time under icount (default: nproc)"
	@echo "  CHECK_JOBS=N          make check's suites at a time (default: 2)"
	@echo "  CI=true       set by .ci/run"

deps:
	@scripts/deps.sh

kernel: deps
	@kernel/build.sh patched

kernel-stock: deps
	@kernel/build.sh stock

series-check: deps
	@kernel/series-check.sh

lint: deps
	@scripts/lint.sh

nfit-test: deps
	@nfit-test/build.sh

bench: deps
	@kernel/build.sh patched >/dev/null
	@kernel/build.sh stock >/dev/null
	@benchmarks/bench

check: deps
	@scripts/check.sh

check-debug: deps
	@scripts/check.sh debug

clean:
	rm -rf "$(PMEM_CACHE)"

# Anything else: say so and show the targets.
%:
	@echo "unknown target '$@'" >&2; $(MAKE) --no-print-directory help >&2; exit 2
