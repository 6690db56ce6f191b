#!/usr/bin/python3
"""Validate a bench result directory (TAP): summary.json against the schema
benchmarks/README.md documents, report.md and report.png present, and what
the tool itself promises: under icount every point repeats within 0.5%
(instruction counts, not timings), and under TCG the memory-type probe says
"not-honoured". Never the numbers of a wall-clock run.

Usage: check-summary.py RESULT_DIR"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testlib"))
from tap import Tap  # noqa: E402

res = sys.argv[1]


def fmt(c):
    return f"{c['ratio']:.4f} [{c['ci95'][0]:.4f}, {c['ci95'][1]:.4f}]"


tap = Tap()
check = tap.check


try:
    s = json.load(open(os.path.join(res, "summary.json")))
except (OSError, ValueError) as e:
    s = {}
    print(f"# {e}")
check(s.get("schema") == "pmem-stack-bench/3", "summary.json has schema pmem-stack-bench/3")
clock = s.get("clock")
check(clock in ("icount", "wall"), "clock is icount or wall", clock)
check(s.get("unit") == {"icount": "insn/IO", "wall": "ns/IO"}.get(clock), "unit matches the clock")
check(isinstance(s.get("speaks_for_hardware"), bool), "speaks_for_hardware is a boolean")
check(all(k in (s.get("host") or {}) for k in ("memcpy_MBps", "ntstore_MBps")), "host limits recorded")
mode = s.get("mode")
check(mode in ("guest", "host"), "mode is guest or host (bench --host)", mode)
host = mode == "host"
ks = s.get("kernels", {})
want_k = {"patched"} if host else {"patched", "stock"}
check(set(ks) == want_k and all(
    {"kernel", "accel", "cpus", "clock", "pat"} <= set(v) for v in ks.values()),
    "the running kernel described (host mode: no stock)" if host else "both kernels described",
    sorted(ks))
pat = ks.get("patched", {}).get("pat", [])
want = {"wb": "write-back", "wt": "write-through"}
check(bool(pat) and all(p["pat"] == want.get(p["type"]) for p in pat),
      "PAT showed the requested type for every patched namespace",
      [p for p in pat if p["pat"] != want.get(p["type"])])
rs = s.get("results", [])
fields = {"kernel", "target", "type", "workload", "unit", "block_size", "runs", "median",
          "min", "max", "spread", "spread_flagged"}
check(bool(rs) and all(fields <= set(r) and len(r["runs"]) >= 1 and r["min"] <= r["median"] <= r["max"]
                       for r in rs), "every result has runs, median within min..max")
types = {(r["target"], r["type"]) for r in rs if r["kernel"] == "patched"}
# bench --host measures brd only where it can load and unload it itself.
brd = {("brd", "ram")} if not host or ("brd", "ram") in types else set()
check({("raw", "wb"), ("raw", "wt"), ("sector", "wb"), ("sector", "wt")} | brd <= types,
      "patched results cover raw/sector x wb/wt" + (" and brd" if brd else " (no brd peer on this host)"),
      sorted(types))
check({("devdax", "wb"), ("devdax", "wt")} <= types, "the devdax (mmap) peer was measured wb and wt")
check({("fsdax", "wb"), ("fsdax", "wt")} <= types, "the fsdax file (libpmem) peer was measured wb and wt")
check({("WT/WB", t) for t in ("devdax", "fsdax")} <= {(c["name"], c["target"]) for c in s.get("comparisons", [])},
      "WT/WB compared on the dax peers")
check(any(r["workload"].startswith("sweep-write-") for r in rs), "block-size sweep points present")
# Other providers (BENCH_PROVIDERS): each booted gives raw and fsdax, wb and wt.
provs = ks.get("patched", {}).get("providers", [])
if provs:
    # virtio-pmem has no MAP_SYNC, which fio's libpmem engine needs: raw only.
    want_p = {(f"{p}-{t}", a) for p in provs for t in ("raw", "fsdax") for a in ("wb", "wt")
              if not (p == "virtio" and t == "fsdax")}
    check(want_p <= types, f"providers {', '.join(provs)}: raw (and fsdax but on virtio) measured wb and wt",
          sorted(want_p - types))
    check({("WB/nfit", f"{p}-raw") for p in provs} <= {(c["name"], c["target"]) for c in s.get("comparisons", [])},
          "each provider's raw WB compared with NFIT's")
else:
    tap.skip("provider points", "no other provider in this run (BENCH_PROVIDERS empty, or bench --host)")
    tap.skip("provider comparisons", "no other provider in this run")
floor = s.get("copy_floor") or {}
check(all(isinstance(floor.get(k), float) for k in ("memcpy_MBps", "ntstore_MBps")),
      "the in-guest copy floor is recorded")

cs = s.get("comparisons", [])
check(bool(cs) and all({"name", "target", "workload", "ratio", "ci95", "n", "verdict"} <= set(c)
                       and c["ci95"][0] <= c["ratio"] <= c["ci95"][1] for c in cs),
      "every comparison is a ratio inside its 95% interval")
names = {"WT/WB"} | (set() if host else {"WB/stock"}) | ({"WB/brd"} if brd else set())
check(names <= {c["name"] for c in cs}, ", ".join(sorted(names)) + " compared")
check(all((c["verdict"] == "no measurable difference") == (c["ci95"][0] <= 1 <= c["ci95"][1])
          for c in cs), "an interval holding 1 reads 'no measurable difference', and only then")

mt = s.get("memtype_probe") or {}
check(mt.get("verdict") in ("honoured", "not-honoured", "unavailable"), "memory-type verdict given", mt)
check(s.get("speaks_for_hardware") == (mt.get("verdict") == "honoured" and clock == "wall"),
      "speaks_for_hardware only for an honoured type on a wall clock")
probe = s.get("copy_probe") or {}
if host and mt.get("verdict") == "unavailable":
    for what in ("the copy probe's 2x2", "the probe's page-table entries"):
        tap.skip(what, f"bench --host without the probe: {mt.get('reason')}")
else:
    cells = {(p["op"], p["type"], p["routine"]) for p in probe.get("points", [])}
    check({("copy", t, r) for t in ("wb", "wt") for r in ("flushcache", "plain+wmb")} |
          {("read", "wb", "mc"), ("read", "wt", "mc")} <= cells,
          "the copy probe measured both routines on both types, and reads", mt.get("reason"))
    check(mt.get("pte") == {"wb": "write-back", "wt": "write-through"},
          "the probe's page-table entries decode to write-back and write-through", mt.get("pte"))
if set(s.get("accelerators", [])) == {"tcg"}:
    check(mt.get("verdict") == "not-honoured", "TCG models no memory types: verdict not-honoured",
          mt.get("reason"))
else:
    tap.skip("TCG verdict", f"accelerators {s.get('accelerators')}, not TCG alone")
if clock == "icount":
    det = s.get("determinism", {})
    over = [f"{r['kernel']} {r['target']} {r['type']} {r['workload']}: {r['spread'] * 100:.3f}% {r['runs']}"
            for r in rs if r["spread"] > 0.005]
    check(not over and det.get("limit") == 0.005,
          "icount: every point repeats within 0.5% (instruction counts)",
          "\n".join(over))
    check(all(len(r["runs"]) >= 3 for r in rs), "icount: every point ran at least 3 times")
else:
    for what in ("icount: every point repeats within 0.5%", "icount: >= 3 runs per point"):
        tap.skip(what, "wall-clock run: spreads are timings, never asserted")
# The series lets io_uring issue pmem I/O inline (REQ_NOWAIT), where stock
# 6.1 hands each request to an io-wq worker: what it changes on purpose.
# BTT (sector) goes through a worker on both.
uring = sorted({r["workload"] for r in rs if r.get("engine") == "io_uring"})
if uring:
    byname = {(c["name"], c["target"], c["workload"]): c for c in cs}
    want = [(w, "raw") for w in uring]
    ctx = [byname.get(("ctx WB/stock", t, w)) for w, t in want]
    check(all(c and c["ci95"][1] < 0.1 for c in ctx),
          "io_uring on raw: patched WB switches context under a tenth as often as stock",
          [(w, t, c and fmt(c)) for (w, t), c in zip(want, ctx)])
    if clock == "icount":
        cost = [byname.get(("WB/stock", t, w)) for w, t in want]
        check(all(c and c["verdict"] == "costs less" for c in cost),
              "icount: io_uring on raw costs patched WB fewer instructions than stock",
              [(w, t, c and fmt(c)) for (w, t), c in zip(want, cost)])
    else:
        tap.skip("io_uring costs less than stock", "wall-clock run: never a timed assertion")
else:
    for what in ("io_uring context switches", "io_uring costs less than stock"):
        tap.skip(what, "no io_uring workload in this run")
report = os.path.join(res, "report.md")
text = open(report).read() if os.path.exists(report) else ""
check("## What this run says" in text and f"Memory type: {mt.get('verdict')}" in text,
      "report.md leads with the verdict")
png = os.path.join(res, "report.png")
check(os.path.exists(png) and open(png, "rb").read(8) == b"\x89PNG\r\n\x1a\n", "report.png is a PNG")
tap.done()
