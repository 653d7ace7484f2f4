#!/usr/bin/env python3
"""read_fwin43.py RAW (fwin43): each run's median span over launches 1-9 and, per slot (%warpid / 4), its role, the
median cycle its first segment ends (N / 16 FFMAs) and it ends, and its share of the sub-partition's issue over
cycles 500-2500 (FFMAs issued there / 2000, linear within a segment; medians over the sub-partition-launches).
Kept code issued one warp at a time: slot 3's share ~1, the others' 0; all four together: ~0.25 each. RAW: the
tarball unpacked (fwin43/), or warpsim's outputs of the same runs in the same layout."""
import collections, os, re, statistics, sys

SEGS = 16


def load(path):
    per, spans, n = collections.defaultdict(list), {}, None
    for line in open(path):
        f = line.split()
        m = re.match(r"block (\d+) roles \w+ spmask \d+ delay \d+(?: pre \d+)?:(.*)", line)
        if m:
            spans[int(m.group(1))] = [int(x) for x in m.group(2).split()]
        elif len(f) == 6 + SEGS + 1 and f[0].isdigit():
            block, la, w, wid, sm, role = map(int, f[:6])
            per[(block, la)].append((wid, role, [int(x) for x in f[6:]]))
    return per, spans


def issued(st, t, n):
    seg = n / SEGS
    if t <= st[0]:
        return 0.0
    for i in range(1, len(st)):
        if t <= st[i]:
            return seg * (i - 1) + seg * (t - st[i - 1]) / max(1, st[i] - st[i - 1])
    return float(n)


def main(raw):
    d = os.path.join(raw, "probe")
    for name in sorted(os.listdir(d)):
        n = {"kept": 1024, "mid": 2304, "far": 4096}[name.split("-")[0]]
        per, spans = load(os.path.join(d, name))
        for block in sorted(spans):
            print(f"{name[:-4]} N {n} block {block}: span {statistics.median(spans[block][1:10]):.0f}")
            rows = collections.defaultdict(lambda: collections.defaultdict(list))
            for (b, la), ws in per.items():
                if b != block or la == 0:
                    continue
                for sp in range(4):
                    mine = [(wid // 4, role, st) for wid, role, st in ws if wid % 4 == sp]
                    if not mine:
                        continue
                    t0 = min(st[0] for _, _, st in mine)
                    for slot, role, st in mine:
                        st = [x - t0 for x in st]
                        r = rows[(slot, role)]
                        r["seg1"].append(st[1])
                        r["end"].append(st[-1])
                        r["share"].append((issued(st, 2500, n) - issued(st, 500, n)) / 2000)
            for (slot, role), r in sorted(rows.items()):
                print(f"  slot {slot} role {role}: segment 1 at {statistics.median(r['seg1']):.0f}, end "
                      f"{statistics.median(r['end']):.0f}, share 500-2500 {statistics.median(r['share']):.2f}")


if __name__ == "__main__":
    main(sys.argv[1])
