#!/usr/bin/env python3
"""read_fwin40.py RAW [RUN [LAUNCH]] (fwin40): probe_fwin40's stamps (RAW: the job's tarball unpacked, fwin40/).
Without RUN: each run's median span over launches 1-9 (the staying warps), then per slot (%warpid / 4) of the
staying warps: role, the median (over the sub-partition-launches) cycle at the end of segments 1, 4, 8, 12, 16 (32
lines a segment), cycles a line over segments 2-8 and its share of the sub-partition's issue there (8 FFMAs a line
over the sub-partition's cycles), and the end order by slot. With RUN: that run's stamps in LAUNCH (3), a
sub-partition a table, a slot a column."""
import collections, glob, os, re, statistics, sys

SEGS = 16
LINES = 512 // SEGS


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def load(path):
    per = collections.defaultdict(list)  # (block, launch) -> [(warp, warpid, role, [t0 .. s16])]
    spans = {}
    for line in open(path):
        f = line.split()
        m = re.match(r"block (\d+) roles (\w+) spmask (\d+) delay (\d+)(?: pre \d+)?:(.*)", line)
        if m:
            spans[int(m.group(1))] = [int(x) for x in m.group(5).split()]
            continue
        if len(f) == 6 + SEGS + 1 and f[0].isdigit():
            block, la, w, wid, sm, role = map(int, f[:6])
            per[(block, la)].append((w, wid, role, [int(x) for x in f[6:]]))
    return per, spans


def summary(name, path):
    per, spans = load(path)
    for block in sorted(spans):
        sp = med(spans[block][1:10])
        print(f"{name} block {block}: span {sp:.0f}")
        slots = collections.defaultdict(lambda: collections.defaultdict(list))
        roles = {}
        orders = collections.Counter()
        for la in range(1, 10):
            ws = per.get((block, la), [])
            bysp = collections.defaultdict(list)
            for w, wid, role, st in ws:
                bysp[wid % 4].append((st[-1], wid // 4))
                roles[wid // 4] = role
                for k in (1, 4, 8, 12, 16):
                    slots[wid // 4][k].append(st[k])
                slots[wid // 4]["rate"].append((st[8] - st[1]) / (7 * LINES))
            for e in bysp.values():
                orders["".join(str(s) for _, s in sorted(e))] += 1
        for slot in sorted(slots):
            d = slots[slot]
            rate = med(d["rate"])
            print(f"  slot {slot} role {roles[slot]}: ends of segments 1/4/8/12/16 "
                  + " / ".join(f"{med(d[k]):.0f}" for k in (1, 4, 8, 12, 16))
                  + f"; segments 2-8 {rate:.1f} cycles a line ({800 / rate:.0f}% of the issue)")
        print("  end order by slot (first to last): "
              + ", ".join(f"{o} x{c}" for o, c in orders.most_common(4)))


def one(path, block_launch):
    per, _ = load(path)
    for block, la in sorted(per):
        if la != block_launch:
            continue
        ws = per[(block, la)]
        for spi in range(4):
            cols = sorted((wid // 4, role, st) for w, wid, role, st in ws if wid % 4 == spi)
            print(f"block {block} launch {la} sub-partition {spi}: slots " + " ".join(f"{s}(r{r})" for s, r, _ in cols))
            for k in range(SEGS + 1):
                print(f"  {k:2d} " + " ".join(f"{st[k]:7d}" for _, _, st in cols))


if __name__ == "__main__":
    raw = sys.argv[1]
    if len(sys.argv) > 2:
        one(os.path.join(raw, "probe", sys.argv[2] + ".txt"), int(sys.argv[3]) if len(sys.argv) > 3 else 3)
    else:
        for p in sorted(glob.glob(os.path.join(raw, "probe", "*.txt"))):
            name = os.path.basename(p)[:-4]
            if not name.startswith("f37"):
                summary(name, p)
