#!/usr/bin/env python3
"""slot.py ARCHIVE [FILE ...]: mio17's probe_region0 runs (tests/calibration/device-2026-12-03-mio17.tar.xz, default
files r0_f3.txt r0_f0.txt): per launch kind (cold: launch 0, warm: 1-24) and rotation of %warpid (warp 0's %warpid mod
4, the physical sub-partition of warp 0; warps w and w + 4 share it), the commonest order in which the 8 warps end
region 0, and that order as physical sub-partitions (docs/calibration.md "(mio20)")."""
import collections, sys, tarfile

tar = tarfile.open(sys.argv[1])
for f in sys.argv[2:] or ['r0_f3.txt', 'r0_f0.txt']:
    blocks = collections.defaultdict(dict)
    for line in tar.extractfile('mio17/' + f).read().decode().splitlines():
        x = line.split()
        if line.startswith('#') or len(x) < 9 or '-' in x:
            continue
        l, b, w, s, ar, t0, t1, wid, sm = map(int, x[:9])  # launch block warp s arrival t0 t1 %warpid %smid
        blocks[(l, b)][w] = (s, ar, t0, t1, wid)
    by = collections.defaultdict(collections.Counter)
    for (l, b), ws in blocks.items():
        if len(ws) == 8:
            by[(l == 0, ws[0][4] % 4)][tuple(sorted(range(8), key=lambda w: (ws[w][3], w)))] += 1
    print(f)
    for (cold, rot), c in sorted(by.items()):
        e, n = c.most_common(1)[0]
        print(f'  {"cold" if cold else "warm"} warpid(w0)%4={rot}: {sum(c.values())} blocks, commonest end order {e} '
              f'in {n}; as physical sub-partitions {tuple((w + rot) % 4 for w in e)}')
