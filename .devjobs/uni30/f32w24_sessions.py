#!/usr/bin/env python3
"""uni30 (b): f32w24 on two cards. Usage: f32w24_sessions.py TAR_A TAR_B (device-2026-12-06-h200f-f32w24.tar.xz,
device-2026-12-05-h100c-f32w24.tar.xz). Per kind: the median warm span (launches 1-9, probe_alu3.spans) at 512 and
1024 threads as built and with the bar.sync after t1, each card; then at 1024 when warps 0-15 and 16-31 end (median
over launches 1-9 of each warp's t1 less the block's least t0) for fadd, fadd_l, fadd_m, lop3_f."""
import os
import statistics
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../tests/calibration/probes'))
from probe_alu3 import spans  # noqa: E402

KINDS = 'fadd fmul fma fadd_f fma_f fadd_l fma_l dadd mad fadd_m lop3_f ex2'.split()
tmp = tempfile.mkdtemp()
dirs = []
for i, tb in enumerate(sys.argv[1:3]):
    d = os.path.join(tmp, str(i))
    tarfile.open(tb).extractall(d)
    dirs.append((os.path.basename(tb).split('-')[4], os.path.join(d, 'f32w24', 'probe')))
(na, a), (nb, b) = dirs
print(f'| kind | 512 {na} (built / bar) | 512 {nb} | 1024 {na} | 1024 {nb} | the bar at 1024, {na} / {nb} |')
print('| --- | --- | --- | --- | --- | --- |')
for k in KINDS:
    r = []
    for d in (a, b):
        s, t = spans(os.path.join(d, k + '.txt')), spans(os.path.join(d, k + '-bar.txt'))
        r.append((s[512][1], t[512][1], s[1024][1], t[1024][1]))
    (p, q) = r
    print(f'| {k} | {p[0]:g} / {p[1]:g} | {q[0]:g} / {q[1]:g} | {p[2]:g} / {p[3]:g} | {q[2]:g} / {q[3]:g} | '
          f'{p[3] - p[2]:+g} ({(p[3] - p[2]) / p[2] * 100:+.1f}%) / {q[3] - q[2]:+g} ({(q[3] - q[2]) / q[2] * 100:+.1f}%) |')
for name, d in dirs:
    for k in ('fadd', 'fadd_l', 'fadd_m', 'lop3_f'):
        rel = {}
        runs = {}
        for line in open(os.path.join(d, k + '.txt')):
            f = line.split()
            if len(f) == 8 and f[0].isdigit() and int(f[0]) == 1024 and int(f[1]) > 0:
                runs.setdefault(int(f[1]), {})[int(f[3])] = (int(f[4]), int(f[5]))
        for w in runs.values():
            base = min(v[0] for v in w.values())
            for warp, (t0, t1) in w.items():
                rel.setdefault(warp, []).append(t1 - base)
        med = {w: statistics.median(v) for w, v in rel.items()}
        lo, hi = [med[w] for w in range(16)], [med[w] for w in range(16, 32)]
        print(f'{name} {k} at 1024: warps 0-15 end {min(lo):g}-{max(lo):g}, 16-31 end {min(hi):g}-{max(hi):g}')
