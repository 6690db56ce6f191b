"""Statistics over a bench's runs: ratios of mean cost with a 95% bootstrap
interval (WT/WB paired, WB/stock and WB/brd unpaired). Standard library
only."""
import random
import statistics

BOOTSTRAP_SAMPLES = 2000


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


def compare(runs, ctx, points):
    """WT/WB (paired), patched WB/stock and pmem/brd (unpaired) of the cost
    per I/O; for the io_uring workloads also patched WB/stock of the
    context switches per I/O ("ctx WB/stock"); for another provider's
    points (PROVIDER-raw, PROVIDER-fsdax) WT/WB and "WB/nfit", its WB
    over the NFIT namespace's."""
    def by(kernel, target, typ, w, source=runs):
        return {(rnd, rep): v for rnd, rep, v in source.get((kernel, target, typ, w), [])}
    out = []
    workloads = sorted({k[3] for k in runs})
    providers = sorted({k[1] for k in runs if "-" in k[1]})
    for i, w in enumerate(workloads):
        for target in ("raw", "sector", "devdax", "fsdax", *providers):
            wb, wt = by("patched", target, "wb", w), by("patched", target, "wt", w)
            stock = by("stock", target, "default", w)
            brd = by("patched", "brd", "ram", w)
            keys = sorted(set(wb) & set(wt))
            pairs = [("WT/WB", [wt[k] for k in keys], [wb[k] for k in keys], True)]
            # The dax peers have no stock twin and are no block device.
            if target in ("raw", "sector"):
                pairs += [("WB/stock", list(wb.values()), list(stock.values()), False),
                          ("WB/brd", list(wb.values()), list(brd.values()), False)]
            if "-" in target:
                nfit = by("patched", target.split("-")[-1], "wb", w)
                pairs.append(("WB/nfit", list(wb.values()), list(nfit.values()), False))
            for j, (name, num, den, paired) in enumerate(pairs):
                if num and den:
                    c = ratio_ci(num, den, paired, seed=1000 * i + 10 * j + len(target))
                    out.append({"name": name, "target": target, "workload": w, **c})
            uring = points.get(("patched", target, "wb", w), {}).get("engine") == "io_uring"
            num = list(by("patched", target, "wb", w, ctx).values())
            den = list(by("stock", target, "default", w, ctx).values())
            if uring and num and den and statistics.fmean(den) > 0:
                c = ratio_ci(num, den, False, seed=1000 * i + 90 + len(target))
                out.append({"name": "ctx WB/stock", "target": target, "workload": w, **c})
    return out
