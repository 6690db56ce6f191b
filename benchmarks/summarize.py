#!/usr/bin/python3
"""Turn one `make bench` result directory into summary.json, report.md and
the gnuplot input for report.png. Standard library only.

Every point is a cost per I/O: guest instructions under QEMU's icount
(fixed work per run; exact), nanoseconds under the wall clock. Every
comparison is a ratio of mean costs with a 95% bootstrap interval; a ratio
whose interval holds 1 is "no measurable difference"."""
import json
import os
import random
import re
import statistics
import sys

SCHEMA = "pmem-stack-bench/2"
SPREAD_LIMIT = {"icount": 0.005, "wall": 0.10}
UNIT = {"icount": "insn/IO", "wall": "ns/IO"}
BOOTSTRAP_SAMPLES = 2000
# Plain stores over a small buffer: write-back keeps them in the cache,
# write-through sends each on to memory. Real WT costs several times WB;
# the same cost means the accelerator does not model the type.
HONOURED_RATIO = 1.5
JOB = re.compile(r"^(?P<workload>[^@]+)@(?P<arm>[^@]+)@(?P<rep>\d+)$")
KDIR = re.compile(r"^(?P<kernel>patched|stock)(\.r(?P<round>\d+))?$")
WORKLOADS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "workloads")


def fio_option(workload, key, default=None):
    """KEY= of the workload's job file (the sweep points share one)."""
    name = "seq-write-sweep" if workload.startswith("sweep-write-") else workload
    with open(os.path.join(WORKLOADS, name + ".fio")) as f:
        for line in f:
            if line.startswith(key + "="):
                return line.strip().split("=", 1)[1]
    return default


def engine(workload):
    return fio_option(workload, "ioengine", "psync")


def read_share(workload):
    """rwmixread of a mixed workload as a fraction, else None."""
    share = fio_option(workload, "rwmixread")
    return int(share) / 100 if share else None


def block_size(workload):
    """Bytes per I/O; a sweep point's size is in its name (its job file
    takes it from ${BS})."""
    if workload.startswith("sweep-write-"):
        return parse_size(workload[len("sweep-write-"):])
    return parse_size(fio_option(workload, "bs"))


def parse_size(text):
    """'4k', '1m' -> bytes."""
    mult = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}.get(text[-1].lower(), 1)
    return int(text.rstrip("kKmMgG")) * mult


def cost(job, workload, clock):
    """Cost per I/O of one run (one fio job group).

    icount, QD1 engines: fio's mean latency per I/O, in nanoseconds of guest
    time = guest instructions spent in the I/O call itself (the system call,
    or the mmap copy). icount, io_uring: the run's elapsed guest time over
    its I/Os (fio times a run only in whole milliseconds; the bench gives
    those runs enough I/O for 0.25%). wall: 1e9 / IOPS."""
    rd, wr = job["read"], job["write"]
    ios = rd["total_ios"] + wr["total_ios"]
    if not ios:
        raise ValueError(f"{job['jobname']}: no I/O completed")
    if clock == "wall":
        return 1e9 / (rd["iops"] + wr["iops"])
    if engine(workload) == "io_uring":
        return max(rd["runtime"], wr["runtime"]) * 1e6 / ios
    share = read_share(workload)
    if share is not None:
        # A mix is costed at its nominal share: fio draws each run's mix
        # from its own seed, and 70.4% reads cost less than 69.6% would.
        return share * rd["lat_ns"]["mean"] + (1 - share) * wr["lat_ns"]["mean"]
    return (rd["lat_ns"]["mean"] * rd["total_ios"] + wr["lat_ns"]["mean"] * wr["total_ios"]) / ios


def load(res):
    runs, kernels = {}, {}
    for d in sorted(os.listdir(res)):
        m = KDIR.match(d)
        if not m or not os.path.isdir(os.path.join(res, d)):
            continue
        kernel, rnd = m["kernel"], int(m["round"] or 1)
        kdir = os.path.join(res, d)
        with open(os.path.join(kdir, "meta.json")) as f:
            meta = json.load(f)
        if rnd == 1:
            kernels[kernel] = meta
            with open(os.path.join(kdir, "pat.json")) as f:
                kernels[kernel]["pat"] = json.load(f)
        kernels[kernel]["rounds"] = max(kernels.get(kernel, {}).get("rounds", 0), rnd)
        for name in sorted(os.listdir(os.path.join(kdir, "fio"))):
            target = name.split(".", 1)[0]
            with open(os.path.join(kdir, "fio", name)) as f:
                jobs = json.load(f)["jobs"]
            for job in jobs:
                j = JOB.match(job["jobname"])
                if j["rep"] == "0":
                    continue  # the warm-up run of an icount point
                key = (kernel, target, j["arm"], j["workload"])
                runs.setdefault(key, []).append(
                    (rnd, int(j["rep"]), cost(job, j["workload"], meta["clock"])))
    return runs, kernels


def read_pairs(path):
    """'name value' lines (copybw's output) as {name_MBps: value}."""
    if not os.path.exists(path):
        return None
    return {k + "_MBps": float(v) for k, v in
            (line.split() for line in open(path) if line.strip())}


def ratio_ci(num, den, paired, seed):
    """Ratio of mean costs num/den with a 95% percentile bootstrap interval;
    paired runs (same round and repeat, run back to back) are resampled
    together."""
    point = statistics.fmean(num) / statistics.fmean(den)
    rng = random.Random(seed)
    samples = []
    for _ in range(BOOTSTRAP_SAMPLES):
        if paired:
            pick = [rng.randrange(len(num)) for _ in num]
            a, b = [num[i] for i in pick], [den[i] for i in pick]
        else:
            a = [rng.choice(num) for _ in num]
            b = [rng.choice(den) for _ in den]
        samples.append(statistics.fmean(a) / statistics.fmean(b))
    samples.sort()
    lo = samples[int(0.025 * len(samples))]
    hi = samples[min(len(samples) - 1, int(0.975 * len(samples)))]
    if lo <= 1.0 <= hi:
        verdict = "no measurable difference"
    else:
        verdict = "costs more" if point > 1 else "costs less"
    return {"ratio": point, "ci95": [lo, hi], "n": [len(num), len(den)],
            "paired": paired, "verdict": verdict}


# Points that miss the icount limit for a reason measured and understood,
# not for want of a fix in the bench: named in the report, never hidden.
KNOWN_VARIANCE = [
    (lambda target, w: engine(w) == "io_uring",
     "io_uring: how requests are batched and completed (on pmem, which has "
     "no QUEUE_FLAG_NOWAIT in 6.1, every write goes to an io-wq worker: "
     "~0.7 context switches per I/O) depends on where timer interrupts fall "
     "in the run, which icount does not pin: the instruction count itself "
     "varies by 1-4%"),
    (lambda target, w: target == "fsdax",
     "fsdax: every run maps the file anew and takes its page faults inside "
     "the measured copies, fio seeds each run's offsets differently, and "
     "ext4's journal runs on its own timer"),
]


def known_variance(target, workload):
    return next((why for match, why in KNOWN_VARIANCE if match(target, workload)), None)


def copy_probe(res, clock):
    """The 2x2 experiment and the memory-type verdict from copy-probe.txt."""
    path = os.path.join(res, "patched", "copy-probe.txt")
    err = os.path.join(res, "patched", "copy-probe.err")
    if not os.path.exists(err):
        err = os.path.join(res, "copy-probe.err")
    if not os.path.exists(path):
        reason = open(err).read().strip() if os.path.exists(err) else "no copy-probe results"
        return None, {"verdict": "unavailable", "reason": reason}
    cells, stores, pte = {}, {"wb": [], "wt": []}, {}
    for line in open(path):
        f = line.split()
        if f[0] == "pte":
            pte[f[1]] = f[2]
        elif f[0] in ("copy", "read"):
            typ, routine, size, count, ns = f[1], f[2], int(f[3]), int(f[4]), int(f[5])
            key = f"{f[0]} {typ} {routine} {size}"
            cells.setdefault(key, []).append(ns * 1024 / (count * size))
        elif f[0] == "stores":
            stores[f[1]].append(int(f[4]))
    points = []
    for key, vals in sorted(cells.items()):
        op, typ, routine, size = key.split()
        med = statistics.median(vals)
        points.append({"op": op, "type": typ, "routine": routine, "size": int(size),
                       "per_kib": vals, "median_per_kib": med,
                       "spread": (max(vals) - min(vals)) / med if med else 0.0})
    # Noise only ever adds time: compare the best rounds, and call WT
    # honoured only if even its fastest round is slower than WB's slowest
    # by the threshold, so a noisy wall clock cannot fake it.
    wb, wt = min(stores["wb"]), min(stores["wt"])
    ratio = wt / wb if wb else 0.0
    worst_case = wt / max(stores["wb"]) if wb else 0.0
    pte_wt = pte.get("wt", "unknown")
    if pte_wt != "write-through":
        verdict = "not-honoured"
        reason = f"the page table maps the WT range {pte_wt}"
    elif worst_case >= HONOURED_RATIO:
        verdict = "honoured"
        reason = (f"plain stores cost {ratio:.2f}x as much on WT as on WB: "
                  "WB keeps them in the cache, WT sends them to memory")
    else:
        verdict = "not-honoured"
        reason = (f"the page table says write-through, but plain stores cost "
                  f"{ratio:.3f}x on WT what they cost on WB, best round against best "
                  f"(honoured needs every WT round >= {HONOURED_RATIO}x every WB round): "
                  "the accelerator does not model the type")
    probe = {"verdict": verdict, "wt_over_wb": ratio, "threshold": HONOURED_RATIO,
             "stores_cost": stores, "pte": pte, "reason": reason}
    return {"clock": clock, "unit": UNIT[clock].replace("/IO", "/KiB"),
            "points": points}, probe


def main(res):
    runs, kernels = load(res)
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
    for (kernel, target, typ, workload), r in sorted(runs.items()):
        vals = [v for _rnd, _rep, v in sorted(r)]
        med = statistics.median(vals)
        spread = (max(vals) - min(vals)) / med if med else 0.0
        results.append({
            "kernel": kernel, "target": target, "type": typ, "workload": workload,
            "unit": UNIT[clock], "block_size": block_size(workload),
            "runs": vals, "median": med, "min": min(vals), "max": max(vals),
            "spread": spread, "spread_flagged": spread > limit,
        })
    comparisons = compare(runs)
    over = [f"{r['kernel']} {r['target']} {r['type']} {r['workload']}"
            for r in results if r["spread_flagged"]]
    explained = {}
    for r in results:
        why = known_variance(r["target"], r["workload"]) if clock == "icount" else None
        if r["spread_flagged"] and why:
            r["spread_explained"] = why
            explained[f"{r['kernel']} {r['target']} {r['type']} {r['workload']}"] = why
    summary = {
        "schema": SCHEMA,
        "result_dir": os.path.basename(os.path.abspath(res)),
        "clock": clock,
        "unit": UNIT[clock],
        "spread_limit": limit,
        "determinism": {"limit": limit, "points": len(results),
                        "max_spread": max((r["spread"] for r in results), default=0.0),
                        "over_limit": over, "explained": explained},
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


def compare(runs):
    """WT/WB (paired), patched WB/stock and pmem/brd (unpaired)."""
    def by(kernel, target, typ, w):
        return {(rnd, rep): v for rnd, rep, v in runs.get((kernel, target, typ, w), [])}
    out = []
    workloads = sorted({k[3] for k in runs})
    for i, w in enumerate(workloads):
        for target in ("raw", "sector", "devdax", "fsdax"):
            wb, wt = by("patched", target, "wb", w), by("patched", target, "wt", w)
            stock = by("stock", target, "default", w)
            brd = by("patched", "brd", "ram", w)
            keys = sorted(set(wb) & set(wt))
            pairs = [("WT/WB", [wt[k] for k in keys], [wb[k] for k in keys], True)]
            # The dax peers have no stock twin and are no block device.
            if target in ("raw", "sector"):
                pairs += [("WB/stock", list(wb.values()), list(stock.values()), False),
                          ("WB/brd", list(wb.values()), list(brd.values()), False)]
            for j, (name, num, den, paired) in enumerate(pairs):
                if num and den:
                    c = ratio_ci(num, den, paired, seed=1000 * i + 10 * j + len(target))
                    out.append({"name": name, "target": target, "workload": w, **c})
    return out


def fmt_ci(c):
    return (f"{c['ratio']:.4f} [{c['ci95'][0]:.4f}, {c['ci95'][1]:.4f}]"
            if c else "-")


def write_report(res, s):
    clock, unit = s["clock"], s["unit"]
    med = {(r["kernel"], r["target"], r["type"], r["workload"]): r for r in s["results"]}
    cmp = {(c["name"], c["target"], c["workload"]): c for c in s["comparisons"]}
    workloads = sorted({r["workload"] for r in s["results"]
                        if not r["workload"].startswith("sweep-write-")})
    accel = "/".join(s["accelerators"]).upper()
    mt = s["memtype_probe"]
    det = s["determinism"]
    held = max((r["spread"] for r in s["results"] if not r.get("spread_explained")), default=0.0)
    noisy = {(r["kernel"], r["target"], r["type"], r["workload"])
             for r in s["results"] if r.get("spread_explained")}
    L = ["# pmem-stack benchmark: WB vs WT on the pmem copy path", ""]
    L.append("## What this run says")
    L.append("")
    if clock == "icount":
        L.append(f"**Clock: icount.** Under {accel} with QEMU's `-icount shift=0`, guest "
                 "time advances one nanosecond per guest instruction, and every run did "
                 "a fixed amount of I/O: each number below is **guest instructions per "
                 "I/O** — the CPU-side cost of the code path, exact and repeatable "
                 f"(largest spread of any point not excused below: {held * 100:.3f}%, "
                 f"limit {s['spread_limit'] * 100:.1f}%). It is **not** time and not "
                 "memory bandwidth: TCG counts every byte a `rep movsb` moves as one "
                 "instruction (a plain copy: 1024 per KiB) and models no caches.")
    else:
        L.append(f"**Clock: wall.** Timed runs under {accel}; each number is nanoseconds "
                 "per I/O. Runs of what is compared were interleaved; every ratio carries "
                 "a 95% bootstrap interval.")
    L.append("")
    reason = mt.get("reason", "")
    L.append(f"**Memory type: {mt['verdict']}.** {reason[:1].upper()}{reason[1:]}.".replace("..", "."))
    if s["speaks_for_hardware"]:
        L.append("This run measured real write-through behaviour on a wall clock: its "
                 "WT/WB ratios speak for this hardware.")
    else:
        L.append("**This run does not speak for hardware**: "
                 + ("it counts instructions, not time; " if clock == "icount" else "")
                 + ("the accelerator does not honour the memory type, and both types "
                    "copy with memcpy_flushcache(), so WT/WB can only read 1: a ratio "
                    "away from 1 would mean the two paths run different code." if mt["verdict"] != "honoured"
                    else "the memory type is honoured, but the clock is not wall time."))
    L.append("")
    # Ratios first: the decision a reader came for.
    L.append("Ratios of mean cost per I/O, 95% bootstrap interval in brackets "
             "(> 1: the first costs more; an interval holding 1: no measurable difference"
             + ("; the intervals come from one boot's runs, and medians move by up to "
                "~0.3% between boots: read ratios closer to 1 than that as equal"
                if clock == "icount" else "") + "):")
    L.append("")
    L.append("| workload | target | WB patched / stock | WT / WB | WB / brd |")
    L.append("|---|---|---|---|---|")
    for w in workloads:
        for t in ("raw", "sector", "devdax", "fsdax"):
            if ("WT/WB", t, w) not in cmp:
                continue
            cells = []
            for name in ("WB/stock", "WT/WB", "WB/brd"):
                c = cmp.get((name, t, w))
                cells.append(f"{fmt_ci(c)}{' (same)' if c and c['verdict'].startswith('no') else ''}")
            L.append(f"| {w} | {t} | " + " | ".join(cells) + " |")
    def excused(c):
        return (("patched", c["target"], "wb", c["workload"]) in noisy
                or ("stock", c["target"], "default", c["workload"]) in noisy)
    wbstock = [c for c in s["comparisons"] if c["name"] == "WB/stock"]
    L.append("")
    if clock == "wall":
        differ = [c for c in wbstock if not c["verdict"].startswith("no")]
        L.append(("Patched WB measurably differs from stock on: " + ", ".join(
            f"{c['workload']} {c['target']} ({fmt_ci(c)})" for c in differ) + ". On a wall "
            "clock the two kernels ran in different boots: BENCH_ROUNDS=N alternates them."
            if differ else "Patched WB and stock: no measurable difference on any workload."))
    regress = [c for c in wbstock if abs(c["ratio"] - 1) > 0.005 and not excused(c)]
    if clock == "wall":
        pass
    elif regress:
        L.append("**Patched WB differs from stock by more than 0.5%** on: " + ", ".join(
            f"{c['workload']} {c['target']} ({c['ratio']:.4f})" for c in regress) + ".")
    elif wbstock:
        exact = [c for c in wbstock if not excused(c)]
        L.append(f"Patched WB is within 0.5% of stock on every workload whose count "
                 f"repeats ({len(exact)} of {len(wbstock)}; largest "
                 f"{max((abs(c['ratio'] - 1) for c in exact), default=0) * 100:.2f}%)"
                 + ("; the others are points excused below, whose own runs vary by more."
                    if len(exact) < len(wbstock) else "."))
    if s.get("copy_probe"):
        L += ["", "## The copy path, 2 x 2", "",
              "The same NVDIMM range mapped write-back and write-through (the memremap() "
              "memremap_pmem() makes), each written with both routines, and read with "
              "copy_mc_to_kernel(); median " + s["copy_probe"]["unit"]
              + " (interrupts off, in the kernel; " + ", ".join(
                  f"{t} page table: {v}" for t, v in sorted(mt.get("pte", {}).items())) + "):",
              "", "| size | WB flushcache (series WB) | WB plain+wmb | WT flushcache (series WT) "
              "| WT plain+wmb | read WB | read WT |", "|---|---|---|---|---|---|---|"]
        pts = {(p["op"], p["type"], p["routine"], p["size"]): p["median_per_kib"]
               for p in s["copy_probe"]["points"]}
        for size in sorted({p["size"] for p in s["copy_probe"]["points"]}):
            row = [pts.get(("copy", "wb", "flushcache", size)), pts.get(("copy", "wb", "plain+wmb", size)),
                   pts.get(("copy", "wt", "flushcache", size)), pts.get(("copy", "wt", "plain+wmb", size)),
                   pts.get(("read", "wb", "mc", size)), pts.get(("read", "wt", "mc", size))]
            L.append(f"| {size // 1024}k | " + " | ".join(
                f"{v:.1f}" if v is not None else "-" for v in row) + " |")
        L += ["", "Read across a row: same routine, other type = the effect of the type; "
              "same type, other routine = the effect of the routine."]
    L += ["", "## Every point", "",
          f"Median {unit} (spread = (max-min)/median; over {s['spread_limit'] * 100:.1f}% flagged !).",
          "", "| workload | target | WB | WT | stock | brd | devdax WB | devdax WT | fsdax WB | fsdax WT |",
          "|---|---|---|---|---|---|---|---|---|---|"]

    def cell(r):
        if not r:
            return "-"
        flag = " !" if r["spread_flagged"] else ""
        return f"{r['median']:.0f} ({r['spread'] * 100:.2f}%{flag})"
    for w in workloads:
        for t in ("raw", "sector"):
            L.append(f"| {w} | {t} | {cell(med.get(('patched', t, 'wb', w)))} | "
                     f"{cell(med.get(('patched', t, 'wt', w)))} | "
                     f"{cell(med.get(('stock', t, 'default', w)))} | "
                     f"{cell(med.get(('patched', 'brd', 'ram', w)))} | "
                     f"{cell(med.get(('patched', 'devdax', 'wb', w)))} | "
                     f"{cell(med.get(('patched', 'devdax', 'wt', w)))} | "
                     f"{cell(med.get(('patched', 'fsdax', 'wb', w)))} | "
                     f"{cell(med.get(('patched', 'fsdax', 'wt', w)))} |")
    sweep = sorted({r["workload"] for r in s["results"] if r["workload"].startswith("sweep-write-")},
                   key=block_size)
    if sweep:
        L += ["", f"Block-size sweep, sequential writes on raw (psync QD1, median {unit}; "
              "MiB per 10^9 of the unit in brackets):", "",
              "| block size | WB | WT | WT/WB |", "|---|---|---|---|"]
        for w in sweep:
            wb, wt = med.get(("patched", "raw", "wb", w)), med.get(("patched", "raw", "wt", w))

            def per(r):
                return f"{cell(r)} [{r['block_size'] / r['median'] * 1e9 / 2**20:.0f}]" if r else "-"
            L.append(f"| {w[len('sweep-write-'):]} | {per(wb)} | {per(wt)} | "
                     f"{fmt_ci(cmp.get(('WT/WB', 'raw', w)))} |")
    L.append("")
    if s.get("host"):
        L.append(f"Host single-core limits (outside the guest, wall clock): memcpy "
                 f"{s['host']['memcpy_MBps']:.0f} MB/s, non-temporal stores "
                 f"{s['host']['ntstore_MBps']:.0f} MB/s.")
    if s.get("copy_floor"):
        f = s["copy_floor"]
        L.append("The bare copy into the devdax mapping inside the guest (copybw; "
                 + ("bytes per microsecond of guest time, i.e. per 1000 instructions"
                    if clock == "icount" else "MB/s") + f"): memcpy {f['memcpy_MBps']:.0f}, "
                 f"non-temporal stores {f['ntstore_MBps']:.0f}.")
    unexplained = [p for p in det["over_limit"] if p not in det["explained"]]
    if unexplained:
        L += ["", "**Points over the spread limit, not explained:** " + ", ".join(unexplained) + "."]
    whys = {}
    for p, why in det["explained"].items():
        whys.setdefault(why, []).append(p)
    for why, pts in whys.items():
        kind, reason = why.split(": ", 1)
        L += ["", f"**Excused from the spread limit ({kind})**: {', '.join(pts)}. Why: {reason}."]
    L += ["", f"report.png: the ratios above with their intervals. Runs per point and "
          "every run: summary.json."]
    with open(os.path.join(res, "report.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    write_plot(res, s, workloads, cmp)


def write_plot(res, s, workloads, cmp):
    cols = [("WB/stock", "raw"), ("WB/stock", "sector"), ("WT/WB", "raw"), ("WT/WB", "sector")]
    with open(os.path.join(res, "report.dat"), "w") as f:
        for w in workloads:
            row = [w]
            for name, t in cols:
                c = cmp.get((name, t, w))
                row += [c["ratio"], c["ci95"][0], c["ci95"][1]] if c else [0, 0, 0]
            f.write(" ".join([row[0]] + [f"{v:.5f}" for v in row[1:]]) + "\n")
    plots = []
    for i, (name, t) in enumerate(cols):
        c = 2 + 3 * i
        src = "'report.dat'" if i == 0 else "''"
        xt = ":xtic(1)" if i == 0 else ""
        plots.append(f"{src} using {c}:{c + 1}:{c + 2}{xt} title '{name} {t}'")
    unit = s["unit"]
    with open(os.path.join(res, "report.gp"), "w") as f:
        f.write("set terminal pngcairo size 1200,600\nset output 'report.png'\n"
                "set style data histogram\nset style histogram errorbars gap 2 lw 1\n"
                "set style fill solid 0.8 border -1\nset xtics rotate by -20\n"
                f"set ylabel 'cost ratio ({unit}), 95% interval'\n"
                "set key outside right\nset yrange [0:*]\nset grid ytics\n"
                "set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2\n"
                f"set title 'pmem-stack: cost ratios, clock {s['clock']}, "
                f"memory type {s['memtype_probe']['verdict']} ({'/'.join(s['accelerators'])})'\n"
                "plot " + ", \\\n     ".join(plots) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
