#!/usr/bin/env python3
"""fmi38: per sub-partition of one launch and block of fmi37's stamps, in windows of W cycles from the block's first t0:
the sub-partition's cycles a segment (W / segments ended in the window) / its warps in the region.
usage: bins.py RAW/fmi37/probe/KIND.txt LAUNCH BLOCK [W]"""
import sys, collections
path, launch, block = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
W = int(sys.argv[4]) if len(sys.argv) > 4 else 100
rows = [l.split() for l in open(path) if l.split() and l.split()[0].isdigit()]
rows = [r for r in rows if int(r[0]) == block and int(r[1]) == launch]
base = min(int(r[5]) for r in rows)
for sp in range(4):
    ws = [[int(x) - base for x in r[5:]] for r in rows if int(r[3]) % 4 == sp]
    end = max(s[-1] for s in ws)
    out = []
    for b0 in range(0, end + W, W):
        done = sum(1 for s in ws for t in s[1:] if b0 < t <= b0 + W)
        act = sum(1 for s in ws if s[0] < b0 + W and s[-1] > b0)
        out.append("%d:%.1f/%d" % (b0, W / done if done else 0, act))
    print("sp%d end %d: " % (sp, end) + " ".join(out))
