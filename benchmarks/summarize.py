#!/usr/bin/python3
"""Turn one `make bench` result directory into summary.json, report.md and
report.dat (benchmarks/report.gp draws report.png from it): results.py
reads the runs, stats.py compares them, report.py writes the report.
Standard library only.

Every point is a cost per I/O: guest instructions under QEMU's icount
(fixed work per run, or a fixed guest time whose I/Os are counted; exact), nanoseconds under the wall clock. Every
comparison is a ratio of mean costs with a 95% bootstrap interval; a ratio
whose interval holds 1 is "no measurable difference"."""
import json
import os
import statistics
import sys

from report import write_report
from results import UNIT, copy_probe, load, read_pairs
from stats import compare

SCHEMA = "pmem-stack-bench/3"
SPREAD_LIMIT = {"icount": 0.005, "wall": 0.10}


def main(res):
    runs, ctx, points, kernels = load(res)
    clocks = {k["clock"] for k in kernels.values()}
    if len(clocks) != 1:
        sys.exit(f"{res}: kernels ran with different clocks {sorted(clocks)}")
    clock = clocks.pop()
    host = read_pairs(os.path.join(res, "host.txt"))
    floor = read_pairs(os.path.join(res, "patched", "copy-floor.txt"))
    accel = {k["accel"] for k in kernels.values()}
    probe2x2, memtype = copy_probe(res, clock)
    limit = SPREAD_LIMIT[clock]
    results = []
    for key, r in sorted(runs.items()):
        kernel, target, typ, workload = key
        vals = [v for _rnd, _rep, v in sorted(r)]
        med = statistics.median(vals)
        spread = (max(vals) - min(vals)) / med if med else 0.0
        results.append({
            "kernel": kernel, "target": target, "type": typ, "workload": workload,
            "unit": UNIT[clock], "block_size": points[key]["block_size"],
            "engine": points[key]["engine"],
            "runs": vals, "median": med, "min": min(vals), "max": max(vals),
            "spread": spread, "spread_flagged": spread > limit,
            "ctx_per_io": statistics.median(v for _rnd, _rep, v in ctx[key]),
        })
    comparisons = compare(runs, ctx, points)
    over = [f"{r['kernel']} {r['target']} {r['type']} {r['workload']}"
            for r in results if r["spread_flagged"]]
    # bench --host: the kernel the user's machine runs, no guest, no stock.
    mode = "host" if any(k.get("mode") == "host" for k in kernels.values()) else "guest"
    summary = {
        "schema": SCHEMA,
        "result_dir": os.path.basename(os.path.abspath(res)),
        "mode": mode,
        "clock": clock,
        "unit": UNIT[clock],
        "spread_limit": limit,
        "determinism": {"limit": limit, "points": len(results),
                        "max_spread": max((r["spread"] for r in results), default=0.0),
                        "over_limit": over},
        "host": host,
        "copy_floor": floor,
        "kernels": kernels,
        "accelerators": sorted(accel),
        "memtype_probe": memtype,
        "copy_probe": probe2x2,
        "speaks_for_hardware": memtype["verdict"] == "honoured" and clock == "wall",
        "results": results,
        "comparisons": comparisons,
    }
    with open(os.path.join(res, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    write_report(res, summary)


if __name__ == "__main__":
    main(sys.argv[1])
