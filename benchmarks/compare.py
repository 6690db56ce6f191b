#!/usr/bin/python3
"""Compare the medians of two bench runs point by point (TAP): each point
both runs have, B's median over A's, "not ok" where it moved by more than
the limit (default 0.3 %, the between-boot floor of icount points).

Usage: compare.py A/summary.json B/summary.json [LIMIT]"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testlib"))
from tap import Tap  # noqa: E402


def points(path):
    with open(path) as f:
        s = json.load(f)
    return s.get("schema"), {(r["kernel"], r["target"], r["type"], r["workload"]): r
                             for r in s["results"]}


(sa, a), (sb, b) = points(sys.argv[1]), points(sys.argv[2])
limit = float(sys.argv[3]) if len(sys.argv) > 3 else 0.003
tap = Tap()
for key in sorted(set(a) & set(b)):
    ra, rb = a[key], b[key]
    ratio = rb["median"] / ra["median"]
    name = f"{' '.join(key)}: {ra['median']:.0f} -> {rb['median']:.0f} ({ratio:.4f})"
    # Schema /3 costs io_uring runs from a fixed guest time, /2 from
    # fio's whole milliseconds: the two differ by up to a step.
    if sa != sb and ra.get("engine") == "io_uring":
        tap.skip(name, f"io_uring runs costed differently by {sa} and {sb}")
    else:
        tap.check(abs(ratio - 1) <= limit, name)
for key in sorted(set(a) ^ set(b)):
    tap.skip(" ".join(key), "in one run only")
tap.done()
