#!/usr/bin/env python3
"""util40.py STAMPS BLOCKS (fwin40): a sub-partition's issue over time from probe_fwin37's stamps (fwin37's raw
probe/n4096-sS.txt): each warp's FFMAs spread evenly over its segments, summed in windows of 500 cycles; medians over
launches 1-9 and the 4 sub-partitions of the share issued (1.00: every cycle) and of each warp's share by end rank in
its sub-partition (docs/calibration.md "(fwin40)", section 3)."""
import collections, sys, statistics
path, blocks = sys.argv[1], [int(b) for b in sys.argv[2].split(',')]
rows = collections.defaultdict(list)
for line in open(path):
    f = line.split()
    if len(f) >= 9 and f[0].isdigit():
        n, ns, b, la, w, wid, sm = map(int, f[:7]); st = list(map(int, f[7:]))
        if len(st) == ns + 1: rows[(b, la)].append((wid, st, n, ns))
W = 500
for b in blocks:
    util = collections.defaultdict(list); share = collections.defaultdict(lambda: collections.defaultdict(list))
    for la in range(1, 10):
        ws = rows[(b, la)]
        for spi in range(4):
            sw = [(wid // 4, st, n, ns) for wid, st, n, ns in ws if wid % 4 == spi]
            # end rank
            sw.sort(key=lambda x: x[1][-1])
            T = max(x[1][-1] for x in sw)
            for k in range(0, T // W):
                lo, hi = k * W, (k + 1) * W
                tot = 0; per = []
                for rank, (slot, st, n, ns) in enumerate(sw):
                    g = n // ns  # FFMAs a segment
                    c = 0.0
                    for s in range(1, ns + 1):
                        a, e = st[s - 1], st[s]
                        ov = max(0, min(e, hi) - max(a, lo))
                        if e > a: c += g * ov / (e - a)
                    per.append(c / W); tot += c
                util[k].append(tot / W)
                for r, p in enumerate(per): share[k][r].append(p)
    print('block', b, 'window', W, ': util (median) | share by end rank')
    for k in sorted(util):
        if len(util[k]) < 18: break
        print(f'  {k*W:6d} {statistics.median(util[k]):.2f} | ' + ' '.join(f'{statistics.median(share[k][r]):.2f}' for r in sorted(share[k])))
