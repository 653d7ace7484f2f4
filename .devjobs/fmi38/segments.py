#!/usr/bin/env python3
"""fmi38: fmi37's stamps (RAW/fmi37/probe/KIND.txt) per kind and block: the span of launch 0 and of launches 1-9, the
cycles a warp-segment (span / (warps a sub-partition x 16)), the spread of the warps' ends, and each segment's mean
cycles over all warps of launches 1-9 (docs/calibration.md "(fmi38)").  usage: segments.py RAW/fmi37/probe"""
import sys, collections, statistics as st
for k in ("fmi", "mfi", "mix"):
    rows = [l.split() for l in open("%s/%s.txt" % (sys.argv[1], k)) if l.split() and l.split()[0].isdigit()]
    for b in (128, 256, 512, 1024):
        spans, spreads, segc = [], [], collections.defaultdict(list)
        for L in range(10):
            rr = [r for r in rows if int(r[0]) == b and int(r[1]) == L]
            if not rr: continue
            base = min(int(r[5]) for r in rr)
            spans.append(max(int(r[21]) for r in rr) - base)
            ends = [int(r[21]) - base for r in rr]
            spreads.append(max(ends) - min(ends))
            if L >= 1:
                for r in rr:
                    s = [int(x) for x in r[5:22]]
                    for i in range(1, 17): segc[i].append(s[i] - s[i-1])
        nw = b // 32 // 4
        print("%s %4d: span L0 %d, L1-9 min/med/max %d/%d/%d; per warp-segment (med) %.1f; end spread med %d" % (
            k, b, spans[0], min(spans[1:]), st.median(spans[1:]), max(spans[1:]), st.median(spans[1:]) / (nw * 16), st.median(spreads[1:])))
        if b in (256, 512, 1024) and k != "mix":
            print("    mean cycles of segment 1..16 (L1-9, all warps):", " ".join("%d" % st.mean(segc[i]) for i in range(1, 17)))
