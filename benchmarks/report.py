"""report.md and report.dat (the data benchmarks/report.gp plots) from
summary.json's contents. Standard library only."""
import os


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
    held = max((r["spread"] for r in s["results"]), default=0.0)
    L = ["# pmem-stack benchmark: WB vs WT on the pmem copy path", ""]
    L += headline(s, cmp, workloads)
    L.append("## What this run says")
    L.append("")
    if clock == "icount":
        L.append(f"**Clock: icount.** Under {accel} with QEMU's `-icount shift=0`, guest "
                 "time advances one nanosecond per guest instruction, and every run did "
                 "a fixed amount of I/O (an io_uring run: a fixed guest time, its I/Os "
                 "counted; an fsdax run: its mean latency after a ramp): each number below is **guest instructions per I/O** — the CPU-side cost of the code path, exact and repeatable "
                 f"(largest spread of any point: {held * 100:.3f}%, "
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
    # io_uring is where the series changes the cost on purpose (pmem takes
    # REQ_NOWAIT bios inline): reported on its own below.
    uring = {r["workload"] for r in s["results"] if r["engine"] == "io_uring"}
    wbstock = [c for c in s["comparisons"] if c["name"] == "WB/stock" and c["workload"] not in uring]
    L.append("")
    if clock == "wall":
        differ = [c for c in wbstock if not c["verdict"].startswith("no")]
        L.append(("Patched WB measurably differs from stock on: " + ", ".join(
            f"{c['workload']} {c['target']} ({fmt_ci(c)})" for c in differ) + ". On a wall "
            "clock the two kernels ran in different boots: BENCH_ROUNDS=N alternates them."
            if differ else "Patched WB and stock: no measurable difference on any workload."))
    regress = [c for c in wbstock if abs(c["ratio"] - 1) > 0.005]
    if clock == "wall":
        pass
    elif regress:
        L.append("**Patched WB differs from stock by more than 0.5%** on: " + ", ".join(
            f"{c['workload']} {c['target']} ({c['ratio']:.4f})" for c in regress) + ".")
    elif wbstock:
        L.append(f"Patched WB is within 0.5% of stock on every workload ({len(wbstock)}; "
                 f"largest {max(abs(c['ratio'] - 1) for c in wbstock) * 100:.2f}%).")
    L += uring_section(s, med, cmp, sorted(uring))
    L += providers_section(s, med, cmp)
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
    sizes = {r["workload"]: r["block_size"] for r in s["results"]}
    sweep = sorted((w for w in sizes if w.startswith("sweep-write-")), key=sizes.get)
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
    if det["over_limit"]:
        L += ["", "**Points over the spread limit:** " + ", ".join(det["over_limit"]) + "."]
    L += ["", f"report.png: the ratios above with their intervals. Runs per point and "
          "every run: summary.json."]
    with open(os.path.join(res, "report.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    write_plot_data(res, workloads, cmp)


def headline(s, cmp, workloads):
    """The first lines: what a performance engineer came for. On hardware
    that honours the type, WT against WB per workload; otherwise why no
    ratio here can say that."""
    mt = s["memtype_probe"]
    where = ""
    if s.get("mode") == "host":
        k = s["kernels"]["patched"]
        where = (f"Measured on this machine (`bench --host`, {k['kernel']}, "
                 f"{', '.join(k.get('regions', []))}, {k['accel']}). ")
    if not s["speaks_for_hardware"]:
        why = ("it counts instructions, not time" if s["clock"] == "icount" else
               f"the memory type is {mt['verdict']} here ({mt.get('reason', '')})")
        return [f"{where}**No WT/WB ratio of this run speaks for hardware**: {why}.", ""]
    L = [f"{where}**On this hardware, write-through against write-back** (WT/WB of the "
         "cost per I/O, 95% interval; > 1: WT costs more):", ""]
    for w in workloads:
        for t in ("raw", "sector", "devdax", "fsdax"):
            c = cmp.get(("WT/WB", t, w))
            if c:
                L.append(f"- {w} on {t}: {fmt_ci(c)}, {c['verdict']}")
    return L + [""]


def providers_section(s, med, cmp):
    """Raw and fsdax on the other providers the run booted, beside NFIT's."""
    targets = sorted({r["target"] for r in s["results"] if "-" in r["target"]})
    if not targets:
        return []
    L = ["", "## Other pmem providers: legacy e820 (memmap=) and virtio-pmem", "",
         "The patched kernel booted on each provider's two label-less namespaces, the "
         "first mapped wb and the second wt, the same workloads and clock (virtio-pmem: raw "
         "only, as it gives no MAP_SYNC, which fio's libpmem engine needs). WB/nfit: "
         f"the provider's WB over the NFIT namespace's (raw, or the fsdax file). Median {s['unit']}:",
         "", "| workload | target | WB | WT | WT/WB | WB/nfit |", "|---|---|---|---|---|---|"]
    for w in sorted({r["workload"] for r in s["results"] if r["target"] in targets}):
        for t in targets:
            wb, wt = med.get(("patched", t, "wb", w)), med.get(("patched", t, "wt", w))
            if not wb and not wt:
                continue

            def cell(r):
                return f"{r['median']:.0f} ({r['spread'] * 100:.2f}%)" if r else "-"
            L.append(f"| {w} | {t} | {cell(wb)} | {cell(wt)} | "
                     f"{fmt_ci(cmp.get(('WT/WB', t, w)))} | {fmt_ci(cmp.get(('WB/nfit', t, w)))} |")
    return L


def uring_section(s, med, cmp, workloads):
    """io_uring on raw and sector, patched WB against stock: cost and
    context switches per I/O (the series issues raw's I/O inline)."""
    rows = [(w, t) for w in workloads for t in ("raw", "sector") if ("WB/stock", t, w) in cmp]
    if not rows:
        return []
    L = ["", "## io_uring: issued inline (REQ_NOWAIT) against an io-wq worker per I/O", "",
         "Stock 6.1's pmem queue lacks QUEUE_FLAG_NOWAIT, so io_uring hands every request "
         "to a worker thread; the series lets pmem take REQ_NOWAIT bios inline (raw). BTT "
         "(sector) has no NOWAIT on either kernel: its lanes are mutexes. Median "
         f"{s['unit']} and context switches of fio's thread per I/O; ratios with their 95% interval.",
         "", f"| workload | target | WB patched | stock | WB/stock | ctx/IO patched | ctx/IO stock "
         "| ctx WB/stock |", "|---|---|---|---|---|---|---|---|"]
    for w, t in rows:
        p, k = med.get(("patched", t, "wb", w)), med.get(("stock", t, "default", w))
        L.append(f"| {w} | {t} | {p['median']:.0f} | {k['median']:.0f} | "
                 f"{fmt_ci(cmp.get(('WB/stock', t, w)))} | {p['ctx_per_io']:.4f} | "
                 f"{k['ctx_per_io']:.4f} | {fmt_ci(cmp.get(('ctx WB/stock', t, w)))} |")
    return L


def write_plot_data(res, workloads, cmp):
    """report.dat: per workload, ratio and interval of the four columns
    report.gp plots."""
    cols = [("WB/stock", "raw"), ("WB/stock", "sector"), ("WT/WB", "raw"), ("WT/WB", "sector")]
    with open(os.path.join(res, "report.dat"), "w") as f:
        for w in workloads:
            row = [w]
            for name, t in cols:
                c = cmp.get((name, t, w))
                row += [c["ratio"], c["ci95"][0], c["ci95"][1]] if c else [0, 0, 0]
            f.write(" ".join([row[0]] + [f"{v:.5f}" for v in row[1:]]) + "\n")
