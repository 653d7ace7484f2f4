#!/usr/bin/env python3
"""fit.py RAWDIR OUT.h -- derive the special-function unit's interpolation tables from the H200's
outputs (tools/mufu/README.md) and write them as C (sim/mufu_tables.h).

Each function evaluates, for an input fraction whose top bits pick segment i and whose low n bits
are xh, the fixed-point sum

    W = C0[i] / 4 + (C1[i] * xh * 2^n / h1 + C2[i] * SQ(xh) / h2 + D) / 2^(2n)      (units: 2^-unit)

where SQ(xh) is xh^2 computed by a truncated squarer: only the partial products x_k x_l of weight
2^(k+l) (2^(k+l+1) for k != l) at least 2^thr are added. The unit then truncates W (toward zero)
to its output grid or to the float's precision, whichever is coarser. For every segment the
script finds the one pair (C1, C2) of integers for which some C0 reproduces every measured output
of the segment, then the offset D common to all segments and C0 in quarter units. It fails unless
the result reproduces every measurement it was fitted on. Needs numpy; RAWDIR holds the decoded
measurement sets (codec unpack).
"""
import sys

import numpy as np

# name: measurement sets, output unit (value * 2^unit is the fixed-point number), xh bits n,
# squarer threshold thr, units of C1 and C2 (1/h1, 1/h2), output grid (2^-grid), inputs to leave
# out (exact special cases the unit handles apart: x = 1)
FUNCS = {
    'rcp': dict(sets=['rcp_1'], unit=24, n=16, thr=17, h1=1, h2=1, grid=24, skip=[]),
    'rsq': dict(sets=['rsq_1', 'rsq_2'], unit=24, n=17, thr=19, h1=1, h2=1, grid=24, skip=[0]),
    'sqrt': dict(sets=['sqrt_1', 'sqrt_2'], unit=23, n=17, thr=19, h1=1, h2=2, grid=23, skip=[]),
    'ex2': dict(sets=['ex2_p1'], unit=22, n=17, thr=19, h1=1, h2=1, grid=22, skip=[]),
    'lg2': dict(sets=['lg2_1'], unit=24, n=17, thr=19, h1=1, h2=1, grid=36, skip=[0]),
    'sin': dict(sets=None, unit=24, n=17, thr=19, h1=1, h2=1, grid=37, skip=[]),
}

TURN_SCALE = np.float32(0.15915493667125701904)  # ptxas's 1 / (2 pi) before MUFU.SIN/COS


def raw(d, name):
    return np.fromfile('%s/%s.raw' % (d, name), dtype=np.uint32).astype(np.int64)


def turns(xbits):
    """x * (1 / 2 pi) rounded toward zero in single precision (FMUL.RZ)"""
    x = xbits.astype(np.uint32).view(np.float32).astype(np.float64)
    p = x * np.float64(TURN_SCALE)
    f = p.astype(np.float32)
    f = np.where(np.abs(f.astype(np.float64)) > np.abs(p), np.nextafter(f, np.float32(0)), f)
    return f.astype(np.float64)


def sine_quadrant(d):
    """MUFU.SIN of the first quadrant, T[q] for q = 0 .. 2^23-1 (turn = q / 2^25), gathered from
    the sin and cos sets: sin and cos of every turn fold onto it (sin(q + 2^24) = -sin q,
    sin(q) = sin(2^24 - 1 - q), cos q = sin(q + 2^23); checked: no two inputs disagree)."""
    N = 1 << 23
    T = np.full(N, -1, dtype=np.int64)
    for fn, shift in (('sin', 0), ('cos', 1 << 23)):
        for k, base in ((1, 0x3f800000), (2, 0x40000000), (4, 0x40800000)):
            y = raw(d, '%s_%d' % (fn, k))
            q = (np.floor(turns(base + np.arange(1 << 23)) * 2.0 ** 25).astype(np.int64) + shift) & ((1 << 25) - 1)
            v = np.where((q >> 24) & 1, y ^ 0x80000000, y)
            q23 = q & (N - 1)
            q23 = np.where((q >> 23) & 1, N - 1 - q23, q23)
            if np.any((T[q23] >= 0) & (T[q23] != v)):
                sys.exit('fit.py: the sine and cosine sets disagree under the quadrant symmetries')
            T[q23] = v
    if np.any(T < 0):
        sys.exit('fit.py: the sets do not cover the first quadrant')
    return T


_sq = {}


def squarer(n, thr):
    if (n, thr) not in _sq:
        xh = np.arange(1 << n, dtype=np.int64)
        bit = [(xh >> k) & 1 for k in range(n)]
        s = np.zeros(1 << n, dtype=np.int64)
        for k in range(n):
            for l in range(k, n):
                w = k + l + (1 if l > k else 0)
                if w >= thr:
                    s += (bit[k] * bit[l]) << w
        _sq[(n, thr)] = s
    return _sq[(n, thr)]


def bounds(y, unit, grid, scb):
    """[L, U): where the fixed-point W (units 2^-(unit+scb)) lies for output bits y, when the
    unit truncates W toward zero to the coarser of 2^-grid and the float's ulp"""
    mant = (y & 0x7fffff) | 0x800000
    e = (y >> 23) & 0xff
    zero = (y & 0x7fffffff) == 0
    sh = np.where(zero, 0, e - 150 + unit + scb)
    assert sh.min() >= 0
    v = np.where(zero, 0, mant << sh)
    g = 1 << (unit + scb - grid)
    ulp = np.maximum(np.where(zero, g, 1 << sh), g)
    neg = (y >> 31) == 1
    return np.where(neg, -v - ulp + 1, v), np.where(neg, -v + 1, v + ulp)


def fit(f, y):
    n, thr, h1, h2 = f['n'], f['thr'], f['h1'], f['h2']
    H = max(h1, h2)
    scb = 2 * n
    L, U = bounds(y, f['unit'], f['grid'], scb)
    L, U = L * H, U * H
    SQ = squarer(n, thr)
    rows = []
    for i in range(len(y) >> n):
        keep = np.ones(1 << n, bool)
        if i == 0:
            keep[f['skip']] = False
        xh = np.arange(1 << n, dtype=np.int64)[keep]
        lo_i, hi_i = L[i << n:(i + 1) << n][keep], U[i << n:(i + 1) << n][keep]
        t = xh / 2.0 ** n
        mid = (lo_i + hi_i) / 2.0 / 2.0 ** scb / H
        c = np.linalg.lstsq(np.vstack([np.ones_like(t), t, t * t]).T, mid, rcond=None)[0]
        found = []
        sub = slice(None, None, 61)  # a sample first: most pairs fail on it already
        for C1 in range(int(round(c[1] * h1)) - 6 * h1, int(round(c[1] * h1)) + 6 * h1 + 1):
            for C2 in range(int(round(c[2] * h2)) - 4 * h2, int(round(c[2] * h2)) + 4 * h2 + 1):
                for part in (sub, slice(None)):
                    S = C1 * xh[part] * (1 << n) * (H // h1) + C2 * SQ[xh[part]] * (H // h2)
                    lo, hi = (lo_i[part] - S).max(), (hi_i[part] - S).min()
                    if hi <= lo:
                        break
                else:
                    found.append((C1, C2, int(lo), int(hi)))
        if len(found) != 1:
            sys.exit('fit.py: segment %d: %d coefficient pairs fit' % (i, len(found)))
        rows.append(found[0])
    q = (1 << scb) * H // 4  # a quarter unit
    # D: the largest offset left by the narrowest window (windows that cross a quarter constrain
    # less); then each segment's C0 in quarters must place C0 + D inside its window
    D = min((r[3] - 1) % q for r in rows if (r[3] - 1) // q == r[2] // q)
    table = []
    for r in rows:
        c0q = -((D - r[2]) // q)  # ceil((lo - D) / q)
        if not r[2] <= c0q * q + D < r[3]:
            sys.exit('fit.py: no offset common to all segments')
        table.append((c0q, r[0], r[1]))
    return table, D


def emit(out, results):
    w = out.write
    w('/* Generated by tools/mufu/fit.py from the H200 measurements in tools/mufu/data (NVIDIA H200,\n'
      ' * driver 580.159.04, 2026-12-01); do not edit. The interpolation tables of the special-function\n'
      ' * unit: per segment C0 (quarter units), C1, C2, and per function the constants of\n'
      ' * W = C0 / 4 + (C1 * xh * 2^n / h1 + C2 * SQ(xh) / h2 + D) / 2^(2n) (sim/mufu.c). */\n')
    w('#ifndef WS_MUFU_TABLES_H\n#define WS_MUFU_TABLES_H\n\n#include "mufu.h"\n\n')
    for name, (f, table, D) in results.items():
        w('/* clang-format off */\n')
        w('WS_MUFU_DATA static const ws_mufu_coef mufu_%s_coef[%d] = {\n' % (name, len(table)))
        for k in range(0, len(table), 3):
            w('   ' + ''.join(' {%d, %d, %d},' % t for t in table[k:k + 3]) + '\n')
        w('};\n/* clang-format on */\n')
        w('WS_MUFU_DATA static const ws_mufu_table mufu_%s = {mufu_%s_coef, %d, %d, %d, %d, %d, %dll};\n\n'
          % (name, name, f['n'], f['thr'], f['h1'], f['h2'], len(table), D))
    w('#endif\n')


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    d = sys.argv[1]
    results = {}
    for name, f in FUNCS.items():
        y = sine_quadrant(d) if f['sets'] is None else np.concatenate([raw(d, s) for s in f['sets']])
        table, D = fit(f, y)
        results[name] = (f, table, D)
        print('%s: %d segments, n = %d, squarer from 2^%d, D = %d' % (name, len(table), f['n'], f['thr'], D))
    with open(sys.argv[2], 'w') as out:
        emit(out, results)


if __name__ == '__main__':
    main()
