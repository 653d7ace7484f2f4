#!/usr/bin/env python3
"""read_far35.py RAW [N [BLOCK [SPMASK [LAUNCH]]]] (far35): probe_far35's stamps (RAW: the job's tarball unpacked,
far35/). Without N: per size, spmask and block the median span of launches 1-9, cycles an FFMA a sub-partition and
each warp's end order per sub-partition (%warpid mod 4). With N, BLOCK (SPMASK 15, LAUNCH 3): that launch's stamps,
a sub-partition a table: each warp's segment (of 32) reached by each 1000 cycles, and its cycles a segment there
(N/32 FFMAs a segment: 2 lines at 2304, 16 at 4096), to read who leads, who trails and at what rate. With `lag` as
N (read_far35.py RAW lag [SPMASK]): for the far sizes at 512 and 1024 threads, launches 1-9, each warp-segment's
cycles against how far (in segments) the block's furthest warp was ahead of it when it began: the median cycles a
segment by lag, which shows the distance at which a trailing warp's lines are gone (its segments at the far rate,
N/256 lines x ~17.8 cycles) where nearer ones find them (issue-bound: N/32 cycles, or fewer than the warps share)."""
import collections, glob, os, re, statistics, sys


def load(path):
    per = collections.defaultdict(list)
    for line in open(path):
        f = line.split()
        if len(f) == 7 + 33 and f[0].isdigit():
            n, block, m, la, w, wid, sm = map(int, f[:7])
            per[(block, la)].append((w, wid, [int(x) for x in f[7:]]))
    return per


def summary(raw):
    for path in sorted(glob.glob(os.path.join(raw, "probe", "n*-m*.txt"))):
        n, m = map(int, re.findall(r"n(\d+)-m(\d+)", path)[0])
        per = load(path)
        for block in sorted({k[0] for k in per}):
            spans, orders = [], collections.Counter()
            for la in range(1, 10):
                ws = [x for x in per.get((block, la), []) if x[2][0] >= 0]
                if not ws:
                    continue
                spans.append(max(x[2][-1] for x in ws) - min(x[2][0] for x in ws))
                for sp in range(4):
                    mine = sorted((x for x in ws if x[1] % 4 == sp), key=lambda x: x[2][-1])
                    if len(mine) > 1:
                        starts = sorted(mine, key=lambda x: x[2][0])
                        orders[tuple(starts.index(x) for x in mine)] += 1
            if not spans:
                continue
            nsp = len({x[1] % 4 for x in per[(block, 1)] if x[2][0] >= 0})
            wsp = max(1, len([x for x in per[(block, 1)] if x[2][0] >= 0]) // max(1, nsp))
            sp = statistics.median(spans)
            top = ", ".join("%s x%d" % ("".join(map(str, o)), c) for o, c in orders.most_common(3))
            print("N %5d (%2d KiB) spmask %2d block %4d: span %6.0f, %.2f an FFMA a SP (%d warps a SP); end order by "
                  "start rank: %s" % (n, n * 16 // 1024, m, block, sp, sp / (wsp * n), wsp, top))


def launch(raw, n, block, m, la):
    per = load(os.path.join(raw, "probe", "n%d-m%d.txt" % (n, m)))
    ws = [x for x in per[(block, la)] if x[2][0] >= 0]
    for sp in sorted({x[1] % 4 for x in ws}):
        mine = sorted((x for x in ws if x[1] % 4 == sp), key=lambda x: x[2][0])
        end = max(x[2][-1] for x in mine)
        print("sub-partition %d (warp/warpid by start): %s" % (sp, " ".join("w%d/%d" % (x[0], x[1]) for x in mine)))
        for t in range(0, end + 1000, 1000):
            cells = []
            for x in mine:
                s = sum(1 for v in x[2][1:] if v <= t)
                prev = [v for v in x[2] if v <= t]
                rate = (x[2][s] - x[2][s - 1]) if 0 < s <= 32 else 0
                cells.append("%2d (%4d)" % (s, rate))
            print("  %6d: %s" % (t, "  ".join(cells)))


def lag(raw, m):
    for path in sorted(glob.glob(os.path.join(raw, "probe", "n*-m%d.txt" % m))):
        n = int(re.findall(r"n(\d+)-m", path)[0])
        if n < 2816:
            continue
        per = load(path)
        for block in (512, 1024):
            bins = collections.defaultdict(list)
            for la in range(1, 10):
                ws = [x[2] for x in per.get((block, la), []) if x[2][0] >= 0]
                for st in ws:
                    for k in range(1, 33):
                        t = st[k - 1]
                        head = max(sum(1 for v in o[1:] if v <= t) for o in ws)
                        bins[min(head - (k - 1), 32)].append(st[k] - st[k - 1])
            if bins:
                print("N %d block %d spmask %d: lag (segments of %d lines): median cycles a segment (count)" %
                      (n, block, m, n // 256))
                print("  " + "  ".join("%d: %d (%d)" % (g, statistics.median(v), len(v)) for g, v in sorted(bins.items())))


if __name__ == "__main__":
    a = sys.argv
    if len(a) >= 3 and a[2] == "lag":
        lag(a[1], int(a[3]) if len(a) > 3 else 15)
    elif len(a) == 2:
        summary(a[1])
    else:
        launch(a[1], int(a[2]), int(a[3]), int(a[4]) if len(a) > 4 else 15, int(a[5]) if len(a) > 5 else 3)
