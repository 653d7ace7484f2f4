#!/usr/bin/env python3
"""pipe24: summaries of probe_pipe's output files (lines: launch block warp s a t0 t1 warpid smid).
Usage: probe_pipe.py FILE... (probe_pipe.cu's output, from device-2026-12-04-pipe24.tar.xz); a file name KIND_N_GRID_BLOCK_MASK.txt. Per file: the blocks' medians of the span (the
last loading warp's t1 less the first loading warp's t0), of warp 0's t1 - t0, the span a load (span / loads), the
spread of the loading warps' t0, and per warp (index): median s, t0, t1 and t1 - t0."""
import statistics as st
import sys, os
def med(x): return st.median(x) if x else float('nan')
for fn in sys.argv[1:]:
    name = os.path.basename(fn)[:-4]
    kind, n, grid, block, mask = name.split('_')
    n, mask = int(n), int(mask, 0)
    blocks = {}
    for line in open(fn):
        f = line.split()
        if len(f) != 9 or not f[0].isdigit(): continue
        l, b, w, s, a, t0, t1, wid, sm = map(int, f)
        blocks.setdefault((l, b), []).append((w, s, a, t0, t1, wid, sm))
    if not blocks: print(name, 'no data'); continue
    nw = max(len(v) for v in blocks.values())
    spans, w0, spread, per = [], [], [], {}
    for k, ws in blocks.items():
        act = [r for r in ws if mask >> r[0] & 1]
        if not act: continue
        spans.append(max(r[4] for r in act) - min(r[3] for r in act))
        spread.append(max(r[3] for r in act) - min(r[3] for r in act))
        w0.extend(r[4] - r[3] for r in ws if r[0] == 0)
        for r in ws: per.setdefault(r[0], []).append(r)
    nact = bin(mask & ((1 << nw) - 1)).count('1')
    sp = med(spans)
    print(f"{name}: blocks {len(spans)} warps {nw} loading {nact} x {n}: span med {sp:.0f} (min {min(spans)}, max {max(spans)}) "
          f"= {sp / (nact * n):.3f} a load; w0 {med(w0):.0f}; t0 spread {med(spread):.0f}")
    print("  warp: s t0 t1 t1-t0 (medians)  " + "  ".join(
        f"{w}:{med([r[1] for r in per[w]]):.0f}/{med([r[3] for r in per[w]]):.0f}/{med([r[4] for r in per[w]]):.0f}/{med([r[4]-r[3] for r in per[w]]):.0f}"
        for w in sorted(per)))
