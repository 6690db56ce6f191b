#!/usr/bin/python3
"""Validate a bench result directory's shape (TAP): summary.json against the
schema benchmarks/README.md documents, report.md and report.png present.
Never its numbers."""
import json
import os
import sys

res = sys.argv[1]
n = fails = 0


def check(ok, name):
    global n, fails
    n += 1
    fails += not ok
    print(f"{'ok' if ok else 'not ok'} {n} - {name}")


try:
    s = json.load(open(os.path.join(res, "summary.json")))
except (OSError, ValueError) as e:
    s = {}
    print(f"# {e}")
check(s.get("schema") == "pmem-stack-bench/1", "summary.json has schema pmem-stack-bench/1")
check(isinstance(s.get("speaks_for_hardware"), bool), "speaks_for_hardware is a boolean")
check(all(k in s.get("host", {}) for k in ("memcpy_MBps", "ntstore_MBps")), "host limits recorded")
ks = s.get("kernels", {})
check(set(ks) == {"patched", "stock"} and all(
    {"kernel", "accel", "cpus", "pat"} <= set(v) for v in ks.values()), "both kernels described")
pat = ks.get("patched", {}).get("pat", [])
want = {"wb": "write-back", "wt": "write-through"}
check(bool(pat) and all(p["pat"] == want.get(p["type"]) for p in pat),
      "PAT showed the requested type for every patched namespace")
rs = s.get("results", [])
fields = {"kernel", "target", "type", "workload", "unit", "runs", "median", "min", "max",
          "spread", "spread_flagged"}
check(bool(rs) and all(fields <= set(r) and r["runs"] and r["min"] <= r["median"] <= r["max"]
                       for r in rs), "every result has runs, median within min..max")
types = {(r["target"], r["type"]) for r in rs if r["kernel"] == "patched"}
check({("raw", "wb"), ("raw", "wt"), ("sector", "wb"), ("sector", "wt"), ("brd", "ram")} <= types,
      "patched results cover raw/sector x wb/wt and brd")
check(("devdax", "wb") in types, "the devdax (mmap) peer was measured")
check(("fsdax", "wb") in types, "the fsdax file (libpmem) peer was measured")
floor = s.get("copy_floor") or {}
check(all(isinstance(floor.get(k), float) for k in ("memcpy_MBps", "ntstore_MBps")),
      "the in-guest copy floor is recorded")
check(any(r["workload"].startswith("sweep-write-") for r in rs), "block-size sweep points present")
check(os.path.getsize(os.path.join(res, "report.md")) > 0 if os.path.exists(
    os.path.join(res, "report.md")) else False, "report.md written")
png = os.path.join(res, "report.png")
check(os.path.exists(png) and open(png, "rb").read(8) == b"\x89PNG\r\n\x1a\n", "report.png is a PNG")
print(f"1..{n}")
print(f"{n - fails} passed, {fails} failed, 0 skipped")
sys.exit(1 if fails else 0)
