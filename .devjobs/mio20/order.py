#!/usr/bin/env python3
"""order.py ARCHIVE: the warps' order in mio18's 60 processes of bench_mio_w8's keep variant
(tests/calibration/device-2026-12-03-mio18.tar.xz; docs/calibration.md "(mio20)"): per region, how often the end order
(t1) is the order bar.stagger releases the warps in from their arrivals (t0: the clock after bar.sync reads on
arrival), which sub-partition's warp arrives first and which warp ends last; then medians of each warp's gaps."""
import collections, json, re, sys, tarfile
tar = tarfile.open(sys.argv[1])
text = lambda n: tar.extractfile('mio18/' + n).read().decode()
keep = [json.loads(x)['buffers']['out'] for x in re.split(r'^== \d+\n', text('keep.txt'), flags=re.M) if x.strip()]
def release(arr):
    """bar.stagger: the sub-partitions in turn from the first arrival's, each its earlier arrival first"""
    first = arr[0] % 4
    out = []
    for rnd in range(2):
        for k in range(4):
            sp = (first + k) % 4
            ws = [w for w in arr if w % 4 == sp]
            out.append(ws[rnd])
    return out
stats = collections.Counter(); lastw = collections.Counter(); firstsp = [collections.Counter() for _ in range(4)]
for o in keep:
    T = lambda w, i: o[18 + w * 18 + i]
    for r in range(4):
        arr = sorted(range(8), key=lambda w: (T(w, 2 * r), w))
        end = sorted(range(8), key=lambda w: (T(w, 2 * r + 1), w))
        rel = release(arr)
        stats[(r, 'end==release')] += end == rel
        stats[(r, 'group2 end==release')] += end[4:] == rel[4:]
        stats[(r, 'last end==last release')] += end[-1] == rel[-1]
        firstsp[r][arr[0] % 4] += 1
        lastw[(r, end[-1])] += 1
n = len(keep)
for r in range(4):
    print(f'region {r}: of {n}: end order = release order {stats[(r,"end==release")]}, its last four {stats[(r,"group2 end==release")]}, last warp {stats[(r,"last end==last release")]}; first arrival sub-partition {dict(firstsp[r])}; last to end ' + str({w: c for (rr, w), c in lastw.items() if rr == r}))
import statistics
print('per warp, medians over the processes: t0 of region r+1 less t1 of region r (the stores and the barrier between)')
for r in range(3):
    print(f'  {r}->{r+1}:', ' '.join(f'w{w} {statistics.median(o[18+w*18+2*r+2]-o[18+w*18+2*r+1] for o in keep)}' for w in range(8)))
print('region 2 end (t1) less the earliest t1 of region 2, medians:', ' '.join(f'w{w} {statistics.median(o[18+w*18+5]-min(o[18+v*18+5] for v in range(8)) for o in keep)}' for w in range(8)))
print('region 1 end (t1) less the earliest, medians:', ' '.join(f'w{w} {statistics.median(o[18+w*18+3]-min(o[18+v*18+3] for v in range(8)) for o in keep)}' for w in range(8)))
print('out[12] of the variant (w7 region 3: t1 - t0):', statistics.median(o[18+7*18+7]-o[18+7*18+6] for o in keep), ' last arrival at barrier 3 less w7 t0_3:', statistics.median(max(o[18+v*18+6] for v in range(8))-o[18+7*18+6] for o in keep), ' w7 t1_3 - last arrival:', statistics.median(o[18+7*18+7]-max(o[18+v*18+6] for v in range(8)) for o in keep))
