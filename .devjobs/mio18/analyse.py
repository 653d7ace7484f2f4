#!/usr/bin/env python3
"""Summarise mio18's H200 runs (tests/calibration/device-2026-12-03-mio18.tar.xz) into
tests/calibration/meta-2026-12-03-mio18.txt: python3 .devjobs/mio18/analyse.py ARCHIVE."""
import collections, io, json, re, statistics, sys, tarfile

tar = tarfile.open(sys.argv[1])
def text(name):
    return tar.extractfile('mio18/' + name).read().decode()
def runs(name):
    return [json.loads(x)['buffers']['out'] for x in re.split(r'^== \d+\n', text(name), flags=re.M) if x.strip()]
print(text('meta.txt').split('\n')[0] + ' to ' + [l for l in text('meta.txt').split('\n') if re.match(r'\d\d:\d\d:\d\d$', l)][-1] + 'Z; '
      + text('meta.txt').split('\n')[1] + '; ' + text('meta.txt').split('\n')[2])
w8, keep = runs('w8.txt'), runs('keep.txt')
print(f'(1) bench_mio_w8 (hwrun, one launch a process), {len(w8)} processes: out[12] ' +
      ', '.join(f'{v} x{c}' for v, c in sorted(collections.Counter(o[12] for o in w8).items())))
print(f'    bench_mio_w8_keep (.devjobs/mio18/keep.py: every warp\'s t0/t1 kept to the end; 125 registers, the bench 94),'
      f' {len(keep)} processes: out[12] ' + ', '.join(f'{v} x{c}' for v, c in sorted(collections.Counter(o[12] for o in keep).items()))
      + f'; median {statistics.median(o[12] for o in keep)}')
first, last = collections.Counter(), [collections.Counter() for _ in range(4)]
arrive = [collections.Counter() for _ in range(4)]
for o in keep:
    T = lambda w, i: o[18 + w * 18 + i]
    for r in range(4):
        arrive[r][tuple(sorted(range(8), key=lambda w: (T(w, 2 * r), w)))] += 1
        last[r][frozenset(sorted(range(8), key=lambda w: (T(w, 2 * r + 1), w))[:4])] += 1
for r in range(4):
    a = arrive[r].most_common(1)[0]
    print(f'    region {r}: the order of t0 (each warp\'s arrival: the clock after bar.sync reads on it) commonest {list(a[0])} in {a[1]};'
          f' the first four to end: ' + ', '.join(f'{sorted(s)} in {c}' for s, c in last[r].most_common(3)))
o = keep[0]
base = min(o[18 + w * 18] for w in range(8))
print('    e.g. the first process, each warp\'s t0, t1 of regions 0-3 less the earliest t0:')
for w in range(8):
    print(f'      w{w}: ' + ' '.join(str(o[18 + w * 18 + i] - base) for i in range(8)))
def blocks(name):
    out = collections.defaultdict(dict)
    for l in text(name).split('\n'):
        if l[:1].isdigit():
            v = [None if x == '-' else int(x) for x in l.split()]
            out[(v[0], v[1])][v[2]] = v[3:]
    return out
def stall(iss):
    return next((k for k in range(1, len(iss)) if iss[k] - iss[k - 1] > 30), len(iss))
def done(c):
    j = max([k for k in range(1, len(c)) if c[k] - c[k - 1] > 30] or [0])
    return c[j]
print('(2) one sub-partition\'s queue (mio17\'s probe_queue_N, stride 32; launches 1-19 x 8 SMs, medians; "accepted":')
print('    loads issued before the first gap > 30 cycles; "done": the clock after the last value; from the first issue):')
for n, b, m, act in [(16, 512, '0x11', [0, 4]), (16, 384, '0x111', [0, 4, 8]), (32, 384, '0x111', [0, 4, 8]), (16, 512, '0x1111', [0, 4, 8, 12])]:
    B = blocks(f'q_n{n}_s32_b{b}_m{m}.txt')
    I0, A, D = (collections.defaultdict(list) for _ in range(3))
    tot = []
    for (l, _), ws in B.items():
        if l == 0:
            continue
        iss = {w: ws[w][3:3 + n] for w in act}
        c = {w: ws[w][3 + n:3 + 2 * n] for w in act}
        ref = min(iss[w][0] for w in act)
        for w in act:
            I0[w].append(iss[w][0] - ref); A[w].append(stall(iss[w])); D[w].append(done(c[w]) - ref)
        tot.append(sum(stall(iss[w]) for w in act))
    print(f'  {b // 32} warps, mask {m}, N={n}: accepted {int(statistics.median(tot))} in all;' +
          ''.join(f' w{w} first issue {int(statistics.median(I0[w]))} accepted {int(statistics.median(A[w]))} done {int(statistics.median(D[w]))};' for w in act))
print('  (N=32 at 16 warps did not launch: too many resources requested)')
