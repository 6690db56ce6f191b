"""Reading one `make bench` result directory: each run's cost per I/O from
fio's JSON, which records every run's engine, block size and mix beside
its numbers (nothing here reads workloads/), the kernels' meta,
the host and guest copy limits, and the copy probe's 2x2 and memory-type
verdict. Standard library only."""
import json
import os
import re
import statistics

UNIT = {"icount": "insn/IO", "wall": "ns/IO"}
# Plain stores over a small buffer: write-back keeps them in the cache,
# write-through sends each on to memory. Real WT costs several times WB;
# the same cost means the accelerator does not model the type.
HONOURED_RATIO = 1.5
JOB = re.compile(r"^(?P<workload>[^@]+)@(?P<arm>[^@]+)@(?P<rep>\d+)$")
KDIR = re.compile(r"^(?P<kernel>patched|stock)(\.(?P<provider>e820|virtio))?(\.r(?P<round>\d+))?$")
def parse_size(text):
    """'4k', '1m' -> bytes."""
    mult = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}.get(text[-1].lower(), 1)
    return int(text.rstrip("kKmMgG")) * mult


def options(fio, job):
    """The options a run ran with: the job file's [global] and its job."""
    return {**fio.get("global options", {}), **job.get("job options", {})}


def describe(opts):
    """A point as its runs describe themselves: engine, bytes per I/O and,
    for a mix, the share of reads."""
    share = opts.get("rwmixread")
    timed = opts.get("time_based") == "1"
    return {"engine": opts.get("ioengine", "psync"), "block_size": parse_size(opts["bs"]),
            "read_share": int(share) / 100 if share else None,
            "runtime_ms": parse_ms(opts.get("runtime", "")) if timed else None}


def parse_ms(text):
    """fio's runtime in milliseconds ('300ms' -> 300), or None for any
    other form ('2', seconds, as a quick wall-clock run gives it)."""
    m = re.fullmatch(r"(\d+)ms", text)
    return int(m[1]) if m else None


def cost(job, point, clock):
    """Cost per I/O of one run (one fio job group) of POINT (describe()).

    icount, QD1 engines: fio's mean latency per I/O, in nanoseconds of guest
    time = guest instructions spent in the I/O call itself (the system call,
    or the mmap copy). icount, io_uring: the run's fixed guest time over
    the I/Os it completed (guest-bench.sh, is_uring: fio reports a run's
    length only in whole milliseconds, but stops it within one batch of
    the runtime it was given). wall: 1e9 / IOPS."""
    rd, wr = job["read"], job["write"]
    ios = rd["total_ios"] + wr["total_ios"]
    if not ios:
        raise ValueError(f"{job['jobname']}: no I/O completed")
    if clock == "wall":
        return 1e9 / (rd["iops"] + wr["iops"])
    if point["engine"] == "io_uring":
        want, ran = point["runtime_ms"], max(rd["runtime"], wr["runtime"])
        if want is None:
            raise ValueError(f"{job['jobname']}: an icount io_uring run without a runtime "
                             "in milliseconds (results of a bench before BENCH_URING_RUNTIME?)")
        # The precision comes from fio stopping at the deadline: after it
        # only the I/Os in flight complete (iodepth per job, 0.1-0.2% of a
        # run at QD32). This guard only catches a run that ended early or
        # did not stop: fio rounds the time up to a whole millisecond and
        # counts a job's teardown (QD32's two jobs, sharing the vCPU,
        # report 302 ms for 300).
        if not want <= ran <= want + 5:
            raise ValueError(f"{job['jobname']}: ran {ran} ms for a runtime of {want} ms")
        return want * 1e6 / ios
    share = point["read_share"]
    if share is not None:
        # A mix is costed at its nominal share: fio draws each run's mix
        # from its own seed, and 70.4% reads cost less than 69.6% would.
        return share * rd["lat_ns"]["mean"] + (1 - share) * wr["lat_ns"]["mean"]
    return (rd["lat_ns"]["mean"] * rd["total_ios"] + wr["lat_ns"]["mean"] * wr["total_ios"]) / ios


def ctx_per_io(job):
    """Context switches of fio's job thread per I/O (fio's `ctx`, from
    getrusage): a request io_uring hands to an io-wq worker costs the
    submitter a sleep and a wake-up; one it issues inline, none."""
    return job["ctx"] / (job["read"]["total_ios"] + job["write"]["total_ios"])


def load(res):
    """runs: (kernel, target, type, workload) -> [(round, repeat, cost)];
    ctx: the same keys -> [(round, repeat, ctx_per_io())]; points: the same
    keys -> describe() of their runs; kernels: meta."""
    runs, ctx, points, kernels = {}, {}, {}, {}
    for d in sorted(os.listdir(res)):
        m = KDIR.match(d)
        if not m or not os.path.isdir(os.path.join(res, d)):
            continue
        kernel, rnd = m["kernel"], int(m["round"] or 1)
        kdir = os.path.join(res, d)
        with open(os.path.join(kdir, "meta.json")) as f:
            meta = json.load(f)
        if m["provider"]:
            # Another provider's boot of the same kernel: its points carry
            # the provider in their target (e820-raw), its PAT joins the
            # kernel's.
            with open(os.path.join(kdir, "pat.json")) as f:
                kernels[kernel]["pat"] += json.load(f)
            kernels[kernel].setdefault("providers", []).append(m["provider"])
        elif rnd == 1:
            kernels[kernel] = meta
            with open(os.path.join(kdir, "pat.json")) as f:
                kernels[kernel]["pat"] = json.load(f)
        kernels[kernel]["rounds"] = max(kernels.get(kernel, {}).get("rounds", 0), rnd)
        for name in sorted(os.listdir(os.path.join(kdir, "fio"))):
            target = name.split(".", 1)[0]
            with open(os.path.join(kdir, "fio", name)) as f:
                fio = json.load(f)
            for job in fio["jobs"]:
                j = JOB.match(job["jobname"])
                if j["rep"] == "0":
                    continue  # a warm-up or tail run of an icount point
                key = (kernel, target, j["arm"], j["workload"])
                point = points.setdefault(key, describe(options(fio, job)))
                runs.setdefault(key, []).append(
                    (rnd, int(j["rep"]), cost(job, point, meta["clock"])))
                ctx.setdefault(key, []).append((rnd, int(j["rep"]), ctx_per_io(job)))
    return runs, ctx, points, kernels


def read_pairs(path):
    """'name value' lines (copybw's output) as {name_MBps: value}."""
    if not os.path.exists(path):
        return None
    return {k + "_MBps": float(v) for k, v in
            (line.split() for line in open(path) if line.strip())}


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
                  "the platform does not honour the type (TCG, or a hypervisor that ignores the guest's PAT)")
    probe = {"verdict": verdict, "wt_over_wb": ratio, "threshold": HONOURED_RATIO,
             "stores_cost": stores, "pte": pte, "reason": reason}
    return {"clock": clock, "unit": UNIT[clock].replace("/IO", "/KiB"),
            "points": points}, probe
