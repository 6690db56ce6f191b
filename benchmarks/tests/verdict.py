#!/usr/bin/python3
"""summarize.py's memory-type verdict and speaks_for_hardware, on synthetic
result directories (TAP): the KVM paths this machine cannot run, and the
probe that did not load; and results.py's cost of an icount io_uring run.
Run on the host in a second; no guest.

Usage: verdict.py"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testlib"))
from tap import Tap  # noqa: E402

SUMMARIZE = os.path.join(HERE, "..", "summarize.py")
tap = Tap()
check = tap.check


def fio_job(name, lat_ns):
    side = {"total_ios": 1000, "iops": 1e9 / lat_ns, "runtime": 10,
            "lat_ns": {"mean": lat_ns}}
    idle = {"total_ios": 0, "iops": 0.0, "runtime": 0, "lat_ns": {"mean": 0.0}}
    return {"jobname": name, "write": side, "read": idle, "ctx": 0,
            "job options": {"ioengine": "psync", "rw": "randwrite", "bs": "4k"}}


def result_dir(root, clock, accel, probe, host=False):
    """Two kernels, one workload, three runs per arm; probe: the module's
    lines, or None for a probe that failed to load. host: bench --host's
    folder, the running kernel alone."""
    kernels = (("patched", ("wb", "wt")),) if host else (("patched", ("wb", "wt")), ("stock", ("default",)))
    for kernel, arms in kernels:
        d = os.path.join(root, kernel)
        os.makedirs(os.path.join(d, "fio"))
        jobs = [fio_job(f"rand-write-4k@{arm}@{r}", 5000.0 + r + (2000 if arm == "wt" else 0))
                for r in (1, 2, 3) for arm in arms]
        json.dump({"jobs": jobs}, open(os.path.join(d, "fio", "raw.rand-write-4k.json"), "w"))
        meta = {"kernel": kernel, "accel": accel, "cpus": 1, "clock": clock}
        if host:
            meta.update(mode="host", regions=["region0", "region1"])
        json.dump(meta, open(os.path.join(d, "meta.json"), "w"))
        json.dump([{"target": "raw", "type": a, "namespace": "namespace0.0",
                    "pat": "write-back"} for a in arms], open(os.path.join(d, "pat.json"), "w"))
    if probe is None:
        open(os.path.join(root, "patched", "copy-probe.err"), "w").write(
            "insmod pmem_copy_probe.ko failed: Invalid module format\n")
    else:
        open(os.path.join(root, "patched", "copy-probe.txt"), "w").write(probe)
    subprocess.run([sys.executable, SUMMARIZE, root], check=True)
    return json.load(open(os.path.join(root, "summary.json")))


def probe_lines(wb_stores, wt_stores, wt_pte="write-through"):
    lines = [f"pte wb write-back", f"pte wt {wt_pte}"]
    for t in ("wb", "wt"):
        for routine in ("flushcache", "plain+wmb"):
            lines.append(f"copy {t} {routine} 4096 1024 2000000")
        lines.append(f"read {t} mc 4096 1024 4000000")
        cost = wb_stores if t == "wb" else wt_stores
        lines += [f"stores {t} 4096 256 {c}" for c in (cost if isinstance(cost, list) else [cost] * 3)]
    return "\n".join(lines) + "\n"


with tempfile.TemporaryDirectory() as tmp:
    s = result_dir(os.path.join(tmp, "a"), "icount", "tcg", probe_lines(525364, 525364))
    check(s["memtype_probe"]["verdict"] == "not-honoured" and not s["speaks_for_hardware"],
          "TCG-like probe (same store cost): not-honoured, does not speak for hardware")
    s = result_dir(os.path.join(tmp, "b"), "wall", "kvm", probe_lines(30000, 240000))
    check(s["memtype_probe"]["verdict"] == "honoured" and s["speaks_for_hardware"],
          "AMD-like KVM (WT stores 8x WB) on a wall clock: honoured, speaks for hardware",
          s["memtype_probe"])
    s = result_dir(os.path.join(tmp, "c"), "wall", "kvm", probe_lines(30000, 30500))
    check(s["memtype_probe"]["verdict"] == "not-honoured" and not s["speaks_for_hardware"],
          "Intel-EPT-like KVM (guest PAT ignored, stores cost the same): not-honoured")
    s = result_dir(os.path.join(tmp, "g"), "wall", "tcg", probe_lines([100000, 100000, 300000],
                                                                       [200000, 210000, 220000]))
    check(s["memtype_probe"]["verdict"] == "not-honoured" and not s["speaks_for_hardware"],
          "a noisy wall clock (one slow WB round) cannot fake honoured", s["memtype_probe"])
    s = result_dir(os.path.join(tmp, "d"), "wall", "kvm", probe_lines(30000, 240000, "uncached-minus"))
    check(s["memtype_probe"]["verdict"] == "not-honoured" and "uncached-minus" in s["memtype_probe"]["reason"],
          "WT range mapped as something else: not-honoured, the mode named")
    s = result_dir(os.path.join(tmp, "e"), "wall", "kvm", None)
    check(s["memtype_probe"]["verdict"] == "unavailable" and not s["speaks_for_hardware"]
          and "Invalid module format" in s["memtype_probe"]["reason"],
          "probe failed to load: unavailable, the reason kept, does not speak for hardware")
    report = open(os.path.join(tmp, "e", "report.md")).read()
    check("Memory type: unavailable" in report and "Invalid module format" in report,
          "the report says the probe did not run, and why")
    s = result_dir(os.path.join(tmp, "f"), "icount", "tcg", probe_lines(525364, 525364))
    wtwb = [c for c in s["comparisons"] if c["name"] == "WT/WB"][0]
    check(wtwb["verdict"] == "costs more" and wtwb["ci95"][0] > 1 and wtwb["paired"],
          "WT/WB from paired runs, interval above 1: costs more", wtwb)
    same = [c for c in s["comparisons"] if c["name"] == "WB/stock"][0]
    check(same["verdict"] == "no measurable difference" and same["ci95"][0] <= 1 <= same["ci95"][1],
          "identical WB and stock runs: no measurable difference", same)
    # bench --host: what a performance engineer reads first.
    s = result_dir(os.path.join(tmp, "h"), "wall", "host", probe_lines(30000, 240000), host=True)
    head = open(os.path.join(tmp, "h", "report.md")).read().split("## What this run says")[0]
    check(s["mode"] == "host" and set(s["kernels"]) == {"patched"}
          and not any(c["name"] == "WB/stock" for c in s["comparisons"]),
          "bench --host: mode host, the running kernel alone, no WB/stock", sorted(s["kernels"]))
    check(s["speaks_for_hardware"] and "On this hardware, write-through against write-back" in head
          and "rand-write-4k on raw: 1.3" in head and "costs more" in head,
          "honoured on a wall clock: the report opens with WT/WB per workload, its interval", head)
    s = result_dir(os.path.join(tmp, "i"), "wall", "host", probe_lines(30000, 30500), host=True)
    head = open(os.path.join(tmp, "i", "report.md")).read().split("## What this run says")[0]
    check("No WT/WB ratio of this run speaks for hardware" in head and "not-honoured" in head
          and "On this hardware" not in head,
          "not honoured: the report opens by saying no ratio speaks for hardware, and why", head)

# An icount io_uring run is costed from the runtime it was given over the
# I/Os it completed; one that fio says ended early, or went on, is refused.
sys.path.insert(0, os.path.join(HERE, ".."))
from results import cost, describe  # noqa: E402


def uring_cost(runtime, ran_ms, ios=32000):
    job = {"jobname": "rand-write-4k-uring-qd8@wb@1", "read": {"total_ios": 0, "runtime": 0},
           "write": {"total_ios": ios, "runtime": ran_ms}}
    point = describe({"ioengine": "io_uring", "bs": "4k", "time_based": "1", "runtime": runtime})
    try:
        return cost(job, point, "icount")
    except ValueError as e:
        return str(e)


check(uring_cost("300ms", 301) == 300e6 / 32000, "icount io_uring: the given runtime over the I/Os",
      uring_cost("300ms", 301))
check("ran 299 ms" in str(uring_cost("300ms", 299)) and "ran 306 ms" in str(uring_cost("300ms", 306)),
      "icount io_uring: a run fio says ended early or went on is refused",
      [uring_cost("300ms", 299), uring_cost("300ms", 306)])
check("without a runtime" in str(uring_cost("2", 2000)),
      "icount io_uring: a run without a runtime in milliseconds is refused", uring_cost("2", 2000))
tap.done()
