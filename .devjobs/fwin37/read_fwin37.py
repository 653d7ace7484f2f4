#!/usr/bin/env python3
"""read_fwin37.py RAW [N S BLOCK [LAUNCH]] (fwin37): probe_fwin37's stamps (RAW: the job's tarball unpacked, fwin37/;
or warpsim_fwin37.py's OUTDIR). Without N: the unstamped spans (probe_fwin K 0, probe_fsw; the job's first and last
runs), then per size, stamps and block the median span of launches 1-9 against the unstamped probe_fsw's of the same
size and block, cycles an FFMA a sub-partition, and the end order by slot (%warpid / 4) with its count over the
sub-partition-launches; for each size and stamping at 512 threads each slot's median stamp (cycles from the launch's
first t0) at every segment: which slots lead, which wait, and each one's cycles a line in each segment (N/8/S lines a
segment); each delay run's paths by slot. With N S BLOCK (LAUNCH 3): that launch's stamps, a sub-partition a table, a
slot a column."""
import collections, glob, os, re, statistics, sys


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def stamped(path):
    per = collections.defaultdict(list)  # (block, launch) -> [(warp, warpid, [t0 s1 .. sS])]
    for line in open(path):
        f = line.split()
        if len(f) >= 9 and f[0].isdigit():
            n, ns, block, la, w, wid, sm = map(int, f[:7])
            if len(f) == 8 + ns:
                per[(block, la)].append((w, wid, [int(x) for x in f[7:]]))
    return per


def fsw_rows(path):  # probe_fsw: "block launch warp t0 t1 warpid smid"
    per = collections.defaultdict(list)
    for line in open(path):
        f = line.split()
        if len(f) == 7 and f[0].isdigit():
            block, la, w, t0, t1, wid, sm = map(int, f)
            per[(block, la)].append((w, wid, [t0, t1]))
    return per


def fwin_spans(path):  # probe_fwin: "K 0 block B: span (x) ..."
    out = {}
    for line in open(path):
        m = re.match(r"K 0 block (\d+):(.*)", line)
        if m:
            out[int(m.group(1))] = [int(x) for x in re.findall(r"(\d+) \(", m.group(2))]
    return out


def spans(per):
    out = collections.defaultdict(dict)
    for (block, la), ws in per.items():
        out[block][la] = max(x[2][-1] for x in ws) - min(x[2][0] for x in ws)
    return out


def warm(d):
    return med([d[la] for la in range(1, 10) if la in d])


def end_orders(per, block):
    c = collections.Counter()
    for la in range(1, 10):
        ws = per.get((block, la), [])
        for sp in range(4):
            mine = sorted((x for x in ws if x[1] % 4 == sp), key=lambda x: x[2][-1])
            if len(mine) > 1:
                c["".join(str(x[1] // 4) for x in mine)] += 1
    return c


def paths(per, n, ns, block):
    """each slot's median stamp at each segment over launches 1-9 and the 4 sub-partitions"""
    at = collections.defaultdict(lambda: collections.defaultdict(list))
    for la in range(1, 10):
        for w, wid, st in per.get((block, la), []):
            for i, v in enumerate(st):
                at[wid // 4][i].append(v)
    slots = sorted(at)
    lines = n / 8 / ns
    print("  %s at %d threads, each slot's median stamp (cycles a line in the segment)" % ("N %d S %d" % (n, ns), block))
    print("  | segment | " + " | ".join("slot %d" % s for s in slots) + " |")
    print("  | ---: |" + " ---: |" * len(slots))
    for i in range(ns + 1):
        cells = []
        for s in slots:
            v = med(at[s][i])
            rate = (v - med(at[s][i - 1])) / lines if i else None
            cells.append("%.0f" % v + (" (%.1f)" % rate if rate is not None else ""))
        print("  | %d | %s |" % (i, " | ".join(cells)))


def ranks(per, n, ns, block):
    """the same by end rank in its sub-partition (0: the first to end), the slots aside: who leads, who trails"""
    at = collections.defaultdict(lambda: collections.defaultdict(list))
    for la in range(1, 10):
        ws = per.get((block, la), [])
        for sp in range(4):
            mine = sorted((x for x in ws if x[1] % 4 == sp), key=lambda x: x[2][-1])
            for r, (w, wid, st) in enumerate(mine):
                for i, v in enumerate(st):
                    at[r][i].append(v)
    lines = n / 8 / ns
    print("  %s at %d threads, by end rank in the sub-partition: median stamp (cycles a line in the segment)" % (
        "N %d S %d" % (n, ns), block))
    print("  | segment | " + " | ".join("rank %d" % r for r in sorted(at)) + " |")
    print("  | ---: |" + " ---: |" * len(at))
    for i in range(ns + 1):
        cells = []
        for r in sorted(at):
            v = med(at[r][i])
            rate = (v - med(at[r][i - 1])) / lines if i else None
            cells.append("%.0f" % v + (" (%.1f)" % rate if rate is not None else ""))
        print("  | %d | %s |" % (i, " | ".join(cells)))


def summary(raw):
    pr = os.path.join(raw, "probe")
    base = {}
    for which in ("first", "last"):
        p = os.path.join(pr, "fwin-k0-%s.txt" % which)
        if os.path.exists(p):
            s = fwin_spans(p)
            print("probe_fwin K 0 (%s): %s" % (which, ", ".join("%d: %.0f" % (b, med(v[1:10])) for b, v in sorted(s.items()))))
        for n in (4096, 6144):
            p = os.path.join(pr, "fsw-n%d-%s.txt" % (n, which))
            if os.path.exists(p):
                per = fsw_rows(p)
                sp = spans(per)
                if which == "first":
                    base[n] = {b: warm(sp[b]) for b in sp}
                print("probe_fsw N %d (%s): %s; end order by slot at 512: %s" % (
                    n, which, ", ".join("%d: %.0f" % (b, warm(sp[b])) for b in sorted(sp)),
                    ", ".join("%s x%d" % kv for kv in end_orders(per, 512).most_common(3))))
    print("\n| N | S | block | span (launches 1-9) | against probe_fsw | an FFMA a SP | end order by slot (count of 36) |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    files = sorted(glob.glob(os.path.join(pr, "n*-s*.txt")), key=lambda p: tuple(map(int, re.findall(r"\d+", os.path.basename(p)))))
    for p in files:
        n, ns = map(int, re.findall(r"n(\d+)-s(\d+)", p)[0])
        per = stamped(p)
        sp = spans(per)
        for block in sorted(sp):
            w = warm(sp[block])
            b = base.get(n, {}).get(block)
            rel = "%+.1f%%" % (100 * (w - b) / b) if b else "-"
            wsp = max(1, block // 128)
            print("| %d | %d | %d | %.0f | %s | %.2f | %s |" % (n, ns, block, w, rel, w / (wsp * n), ", ".join(
                "%s x%d" % kv for kv in end_orders(per, block).most_common(3))))
    for p in sorted(glob.glob(os.path.join(pr, "delay-*.txt")), key=lambda p: tuple(map(int, re.findall(r"\d+", os.path.basename(p))))):
        block, m, d = map(int, re.findall(r"delay-b(\d+)-m(\d+)-d(\d+)", p)[0])
        per = stamped(p)
        print("\ndelay %d cycles, slots mask %d, %d threads: span %.0f" % (d, m, block, warm(spans(per)[block])))
        paths(per, 4096, 16, block)
    for p in files:
        n, ns = map(int, re.findall(r"n(\d+)-s(\d+)", p)[0])
        if ns >= 8:
            per = stamped(p)
            for block in (512, 1024) if n in (4096, 6144) else (512,):
                if any(k[0] == block for k in per):
                    print()
                    paths(per, n, ns, block)
                    print()
                    ranks(per, n, ns, block)


def launch(raw, n, ns, block, la):
    per = stamped(os.path.join(raw, "probe", "n%d-s%d.txt" % (n, ns)))
    ws = per[(block, la)]
    for sp in range(4):
        mine = sorted((x for x in ws if x[1] % 4 == sp), key=lambda x: x[1])
        if not mine:
            continue
        print("sub-partition %d: %s" % (sp, " | ".join("slot %d (warp %d)" % (x[1] // 4, x[0]) for x in mine)))
        for i in range(ns + 1):
            print("  %2d %s" % (i, " ".join("%7d" % x[2][i] for x in mine)))


if __name__ == "__main__":
    a = sys.argv
    if len(a) >= 5:
        launch(a[1], int(a[2]), int(a[3]), int(a[4]), int(a[5]) if len(a) > 5 else 3)
    else:
        summary(a[1])
