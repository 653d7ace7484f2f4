#!/usr/bin/env python3
"""check_sweep_half.py WARPSIM SRCDIR

Runs programs/sweep_half on warpsim and recomputes every word with exact rational arithmetic
(fractions.Fraction) and a rounding written here from the IEEE definition, independent of
warpsim's C (sim/exec_half.c). Where the hardware's convention is not IEEE's to decide (the NaN
written, .sat/.relu of -0), this follows what warpsim documents; the H200 golden
(tests/golden/sweep_half.json.gz, when present) is the judge of those. Exit 0 when every word
agrees, 1 otherwise (the first differences are printed), 2 when warpsim fails.
"""
import json
import math
import os
import struct
import subprocess
import sys
from fractions import Fraction as Q

NA, NB = 65536, 4096
QNAN16 = 0x7fff
F16 = (10, 15)   # fraction bits, bias
BF16 = (7, 127)
F32 = (23, 127)
INF = 'inf'
NAN = 'nan'


def decode(h, fmt):
    """bits of a half/float -> Fraction, INF/-INF as ('inf', sign), NaN as NAN."""
    fb, bias = fmt
    eb = 15 - fb if fmt != F32 else 8
    width = 1 + eb + fb
    sign = h >> (width - 1) & 1
    e = h >> fb & ((1 << eb) - 1)
    m = h & ((1 << fb) - 1)
    if e == (1 << eb) - 1:
        return NAN if m else (INF, sign)
    v = Q(m, 1 << fb) * Q(2) ** (1 - bias) if e == 0 else Q((1 << fb) + m, 1 << fb) * Q(2) ** (e - bias)
    return (-v if v else ('zero', 1)) if sign else (v if v else ('zero', 0))


def is_special(v):
    return isinstance(v, tuple) or v == NAN


def value(v):
    """a finite decoded value as a Fraction (zeros as 0)."""
    return Q(0) if isinstance(v, tuple) else v


def encode(v, fmt, rnd='rn', neg_zero=False):
    """exact Fraction -> bits of fmt rounded by rnd (rn rz rm rp); neg_zero: sign of a zero."""
    fb, bias = fmt
    eb = 15 - fb
    sign = 1 if v < 0 or (v == 0 and neg_zero) else 0
    a = abs(v)
    inf = ((1 << eb) - 1) << fb
    if a == 0:
        return sign << 15
    e = math.floor(math.log2(a))
    while Q(2) ** e > a:
        e -= 1
    while Q(2) ** (e + 1) <= a:
        e += 1
    e = max(e, 1 - bias)
    step = Q(2) ** (e - fb)
    n = a / step
    fl = math.floor(n)
    rem = n - fl
    up = {'rz': False, 'rm': sign == 1 and rem > 0, 'rp': sign == 0 and rem > 0,
          'rn': rem > Q(1, 2) or (rem == Q(1, 2) and fl % 2 == 1)}[rnd]
    n = fl + (1 if up else 0)
    bits = 0 if n == 0 else ((e + bias - 1) << fb) + n
    if bits >= inf:
        to_inf = {'rn': True, 'rz': False, 'rm': sign == 1, 'rp': sign == 0}[rnd]
        bits = inf if to_inf else inf - 1
    return sign << 15 | bits


def special_result(v, fmt):
    if v == NAN:
        return QNAN16
    fb, bias = fmt
    eb = 15 - fb
    return (v[1] << 15) | (((1 << eb) - 1) << fb if v[0] == INF else 0)


def arith(op, fmt, a, b=0, c=0, sat=False, relu=False, ftz=False):
    """one half of add/sub/mul/fma with the PTX modifiers; inputs are bits."""
    def flush(h):
        fbits, _ = fmt
        return h & 0x8000 if ftz and (h & 0x7fff) < (1 << fbits) and (h & 0x7fff) else h
    a, b, c = flush(a), flush(b), flush(c)
    x, y, z = decode(a, fmt), decode(b, fmt), decode(c, fmt)
    fx, fy, fz = (float('nan') if v == NAN else (math.inf if v[1] == 0 else -math.inf) if isinstance(v, tuple) and v[0] == INF
                  else (-0.0 if v[1] else 0.0) if isinstance(v, tuple) else float(v) for v in (x, y, z))
    # special cases through IEEE floats (infinities, NaN, signed zeros), finite values exactly
    if op == 'add':
        fr = fx + fy
    elif op == 'sub':
        fr = fx - fy
    elif op == 'mul':
        fr = fx * fy
    else:
        fr = math.fma(fx, fy, fz) if hasattr(math, 'fma') else fx * fy + fz
    if math.isnan(fr) or any(isinstance(v, tuple) and v[0] == INF for v in (x, y, z) if v != NAN) or NAN in (x, y, z):
        if math.isnan(fr) or NAN in (x, y, z):
            r = QNAN16
        else:
            r = (0x8000 if fr < 0 else 0) | (0x7c00 if fmt == F16 else 0x7f80)
    else:
        if op == 'add':
            e = value(x) + value(y)
        elif op == 'sub':
            e = value(x) - value(y)
        elif op == 'mul':
            e = value(x) * value(y)
        else:
            e = value(x) * value(y) + value(z)
        r = encode(e, fmt, 'rn', neg_zero=(e == 0 and math.copysign(1, fr) < 0))
    return finish(r, fmt, sat, relu, ftz)


def finish(r, fmt, sat=False, relu=False, ftz=False):
    fb, _ = fmt
    one = 0x3c00 if fmt == F16 else 0x3f80
    expmask = 0x7c00 if fmt == F16 else 0x7f80
    if (r & 0x7fff) > expmask:
        return 0 if sat else QNAN16
    if (sat or relu) and r & 0x8000:
        return 0
    if sat and r > one:
        return one
    if ftz and (r & 0x7fff) < (1 << fb):
        return r & 0x8000
    return r


def minmax(fmt, a, b, want_max, nan=False, ftz=False):
    if ftz:
        a, b = (h & 0x8000 if (h & 0x7fff) < (1 << fmt[0]) else h for h in (a, b))
    x, y = decode(a, fmt), decode(b, fmt)
    if (x == NAN and y == NAN) or (nan and NAN in (x, y)):
        return QNAN16
    if x == NAN:
        return b
    if y == NAN:
        return a

    def key(h, v):
        if isinstance(v, tuple) and v[0] == INF:
            return (math.inf if v[1] == 0 else -math.inf, 0)
        return (value(v), 0 if h & 0x8000 else 1)  # -0 below +0
    ka, kb = key(a, x), key(b, y)
    return (a if ka >= kb else b) if want_max else (a if ka <= kb else b)


def pair(fn, *words):
    lo = fn(*(w & 0xffff for w in words))
    hi = fn(*(w >> 16 & 0xffff for w in words))
    return lo | hi << 16


def to_half_from_exact(v, fmt, rnd, neg_zero=False):
    return encode(v, fmt, rnd, neg_zero)


def cvt_to_half(src_bits, src_fmt, fmt, rnd, sat=False, relu=False):
    v = decode(src_bits, src_fmt)
    if v == NAN:
        r = QNAN16
    elif isinstance(v, tuple):
        r = special_result(v, fmt)
    else:
        r = encode(v, fmt, rnd)
    return finish(r, fmt, sat, relu)


def f64_decode(hi, lo):
    d = struct.unpack('<d', struct.pack('<II', lo, hi))[0]
    if math.isnan(d):
        return NAN
    if math.isinf(d):
        return (INF, 1 if d < 0 else 0)
    if d == 0:
        return ('zero', 1 if math.copysign(1, d) < 0 else 0)
    return Q(d)


def f64_nan_to_half(dhi, fmt):
    """f64 NaN to a half on the H200: its sign and the top of its payload, quiet (sweep_half forms
    39 and 40, tests/corpus fp16_cvt_f64; only the high word holds those bits)."""
    fbits = fmt[0]
    frac = (dhi >> (20 - fbits)) & ((1 << fbits) - 1) | 1 << (fbits - 1)
    return (dhi >> 16 & 0x8000) | (0x7c00 if fbits == 10 else 0x7f80) | frac


def cvt_exact_to_half(v, fmt, rnd, dhi=None):
    if v == NAN and dhi is not None:
        return f64_nan_to_half(dhi, fmt)
    if v == NAN:
        return QNAN16
    if isinstance(v, tuple):
        return special_result(v, fmt)
    return encode(v, fmt, rnd)


def cmp(k, x, y):
    un = x == NAN or y == NAN
    if un:
        return k in ('ltu', 'leu', 'gtu', 'geu', 'equ', 'neu', 'nan')
    fx, fy = (value(v) if not (isinstance(v, tuple) and v[0] == INF) else (math.inf if v[1] == 0 else -math.inf) for v in (x, y))
    base = {'lt': fx < fy, 'le': fx <= fy, 'gt': fx > fy, 'ge': fx >= fy, 'eq': fx == fy, 'ne': fx != fy}
    if k in base:
        return base[k]
    if k in ('ltu', 'leu', 'gtu', 'geu', 'equ', 'neu'):
        return base[k[:-1]]
    return k == 'num'


CMPS = ['lt', 'le', 'gt', 'ge', 'eq', 'ne', 'ltu', 'leu', 'gtu', 'geu', 'equ', 'neu', 'num', 'nan']


def f2i(v, rnd, bits, signed):
    if v == NAN:
        return 0
    if isinstance(v, tuple) and v[0] == INF:
        x = math.inf if v[1] == 0 else -math.inf
    else:
        x = value(v)
    if x in (math.inf, -math.inf):
        n = x
    else:
        n = {'rni': round(x), 'rzi': math.trunc(x), 'rmi': math.floor(x), 'rpi': math.ceil(x)}[rnd]
        if rnd == 'rni' and abs(x - math.floor(x)) == Q(1, 2):  # ties to even
            n = math.floor(x) if math.floor(x) % 2 == 0 else math.ceil(x)
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    n = lo if n < lo else hi if n > hi else int(n)
    return n & ((1 << bits) - 1)


def integral_half(h, fmt, rnd):
    v = decode(h, fmt)
    if v == NAN:
        return QNAN16
    if isinstance(v, tuple):
        return h
    n = {'rni': None, 'rzi': math.trunc(v), 'rmi': math.floor(v), 'rpi': math.ceil(v)}[rnd]
    if rnd == 'rni':
        fl = math.floor(v)
        d = v - fl
        n = fl + 1 if d > Q(1, 2) or (d == Q(1, 2) and fl % 2 == 1) else fl
    return encode(Q(n), fmt, 'rn', neg_zero=(h & 0x8000) != 0)


def f32_of_half(h, fmt, sat=False):
    v = decode(h, fmt)
    if v == NAN:
        return 0 if sat else h << 16 if fmt == BF16 else 0x7fffffff
    if isinstance(v, tuple):
        r = h << 16 if fmt == BF16 else (v[1] << 31 | (0x7f800000 if v[0] == INF else 0))
    else:
        r = struct.unpack('<I', struct.pack('<f', float(v)))[0]
    if sat:
        f = struct.unpack('<f', struct.pack('<I', r))[0]
        r = 0 if f < 0 else 0x3f800000 if f >= 1 else r  # -0 stays, as f32 .sat does in warpsim
    return r


def f64_of_half(h, fmt):
    v = decode(h, fmt)
    if v == NAN:  # widening keeps sign and payload, quiet (sweep_half forms 54-57 on the H200)
        fbits = fmt[0]
        return (h >> 15) << 63 | 0x7ff8000000000000 | (h & ((1 << fbits) - 1)) << (52 - fbits)
    if isinstance(v, tuple):
        return (v[1] << 63) | (0x7ff0000000000000 if v[0] == INF else 0)
    return struct.unpack('<Q', struct.pack('<d', float(v)))[0]


def expected_rb(bits):
    def narrow_f16(v): return (v & 0x87ff87ff) | 0x38003800
    def narrow_bf16(v): return (v & 0x80ff80ff) | 0x3f003f00
    def narrow_f32(v): return (v & 0x807fffff) | ((96 + (v >> 23 & 0xff) % 48) << 23)
    out = [None] * (58 * NB)
    for t in range(NB):
        x, y = bits[2 * t], bits[2 * t + 1]
        z = (x * 2654435761 + ((y >> 7 | y << 25) & 0xffffffff)) & 0xffffffff
        nar = t >= NB // 2
        a, b, c = (narrow_f16(v) if nar else v for v in (x, y, z))
        p, q, r = (narrow_bf16(v) if nar else v for v in (x, y, z))
        fb_, gb_ = (narrow_f32(v) if nar else v for v in (x, y))
        dhi = ((x & 0x800fffff) | ((1023 - 31 + (x >> 20 & 0x7ff) % 48) << 20)) if nar else x
        d = f64_decode(dhi, y)
        s = (x if x < 1 << 31 else x - (1 << 32)) >> (y & 31)
        u = ((x << 32 | y) >> (x & 63))
        f, g = decode(fb_, F32), decode(gb_, F32)
        lo = lambda w: w & 0xffff
        hi = lambda w: w >> 16

        def put(k, v):
            out[k * NB + t] = v & 0xffffffff

        def pk(k, l, h):
            put(k, l | h << 16)
        put(0, pair(lambda i, j: arith('add', F16, i, j), a, b))
        put(1, pair(lambda i, j: arith('sub', F16, i, j), a, b))
        put(2, pair(lambda i, j: arith('mul', F16, i, j), a, b))
        put(3, pair(lambda i, j, k: arith('fma', F16, i, j, k), a, b, c))
        put(4, pair(lambda i, j: arith('add', F16, i, j, sat=True), a, b))
        put(5, pair(lambda i, j: arith('mul', F16, i, j, sat=True), a, b))
        put(6, pair(lambda i, j, k: arith('fma', F16, i, j, k, sat=True), a, b, c))
        put(7, pair(lambda i, j, k: arith('fma', F16, i, j, k, relu=True), a, b, c))
        put(8, pair(lambda i, j: arith('add', F16, i, j, ftz=True), a, b))
        put(9, pair(lambda i, j: arith('mul', F16, i, j, ftz=True), a, b))
        put(10, pair(lambda i, j, k: arith('fma', F16, i, j, k, ftz=True), a, b, c))
        put(11, pair(lambda i, j: minmax(F16, i, j, False), a, b))
        put(12, pair(lambda i, j: minmax(F16, i, j, True), a, b))
        put(13, pair(lambda i, j: minmax(F16, i, j, False, nan=True), a, b))
        put(14, pair(lambda i, j: minmax(F16, i, j, True, nan=True), a, b))
        put(15, pair(lambda i: QNAN16 if (i & 0x7fff) > 0x7c00 else i ^ 0x8000, a))
        put(16, pair(lambda i: QNAN16 if (i & 0x7fff) > 0x7c00 else i & 0x7fff, a))
        put(17, pair(lambda i, j: 0x3c00 if cmp('ltu', decode(i, F16), decode(j, F16)) else 0, a, b))
        for k, (fmt, m, n) in ((18, (F16, a, b)), (19, (BF16, p, q))):
            v = 0
            for ci, cname in enumerate(CMPS):
                v |= cmp(cname, decode(lo(m), fmt), decode(lo(n), fmt)) << (2 * ci)
                v |= cmp(cname, decode(hi(m), fmt), decode(hi(n), fmt)) << (2 * ci + 1)
            put(k, v)
        put(20, pair(lambda i, j: arith('add', BF16, i, j), p, q))
        put(21, pair(lambda i, j: arith('sub', BF16, i, j), p, q))
        put(22, pair(lambda i, j: arith('mul', BF16, i, j), p, q))
        put(23, pair(lambda i, j, k: arith('fma', BF16, i, j, k), p, q, r))
        put(24, pair(lambda i, j, k: arith('fma', BF16, i, j, k, relu=True), p, q, r))
        put(25, pair(lambda i, j: minmax(BF16, i, j, False), p, q))
        put(26, pair(lambda i, j: minmax(BF16, i, j, True), p, q))
        put(27, pair(lambda i, j: minmax(BF16, i, j, False, nan=True), p, q))
        put(28, pair(lambda i, j: minmax(BF16, i, j, True, nan=True), p, q))
        pk(29, QNAN16 if (lo(p) & 0x7fff) > 0x7f80 else lo(p) ^ 0x8000, QNAN16 if (hi(p) & 0x7fff) > 0x7f80 else hi(p) & 0x7fff)
        pk(30, finish(lo(a) ^ 0x8000, F16, ftz=True), finish(hi(a) & 0x7fff, F16, ftz=True))
        pk(31, arith('add', F16, lo(a), lo(b)), arith('fma', F16, hi(a), hi(b), hi(c)))
        pk(32, arith('add', BF16, lo(p), lo(q)), arith('fma', BF16, hi(p), hi(q), hi(r)))
        pk(33, cvt_exact_to_half(g, F16, 'rn'), cvt_exact_to_half(f, F16, 'rn'))
        pk(34, cvt_exact_to_half(f, F16, 'rz'), cvt_exact_to_half(f, F16, 'rm'))
        pk(35, cvt_exact_to_half(f, F16, 'rp'), finish(cvt_exact_to_half(g, F16, 'rn'), F16, relu=True))
        pk(36, cvt_exact_to_half(g, BF16, 'rn'), cvt_exact_to_half(f, BF16, 'rn'))
        pk(37, cvt_exact_to_half(f, BF16, 'rz'), cvt_exact_to_half(f, BF16, 'rm'))
        pk(38, cvt_exact_to_half(f, BF16, 'rp'), finish(cvt_exact_to_half(g, BF16, 'rn'), BF16, relu=True))
        pk(39, finish(cvt_exact_to_half(g, F16, 'rn'), F16, sat=True), cvt_exact_to_half(d, F16, 'rn', dhi))
        pk(40, cvt_exact_to_half(d, BF16, 'rn', dhi), cvt_exact_to_half(d, F16, 'rz', dhi))
        pk(41, encode(Q(s), F16, 'rn'), encode(Q(s), BF16, 'rn'))
        pk(42, encode(Q(s & 0xffffffff), F16, 'rz'), encode(Q(u), BF16, 'rn'))
        us = u - (1 << 64) if u >= 1 << 63 else u
        pk(43, encode(Q(us), F16, 'rm'), encode(Q(s), BF16, 'rp'))
        put(44, f2i(decode(lo(a), F16), 'rni', 32, True))
        pk(45, f2i(decode(hi(a), F16), 'rzi', 16, True), f2i(decode(lo(p), BF16), 'rmi', 16, False))
        put(46, f2i(decode(hi(p), BF16), 'rpi', 32, True))
        pk(47, cvt_to_half(lo(a), F16, BF16, 'rn'), cvt_to_half(hi(p), BF16, F16, 'rn'))
        pk(48, integral_half(lo(a), F16, 'rmi'), integral_half(hi(p), BF16, 'rpi'))
        pk(49, integral_half(hi(a), F16, 'rzi'), integral_half(lo(p), BF16, 'rni'))
        put(50, f32_of_half(lo(a), F16, sat=True))
        pk(51, cvt_exact_to_half(g, F16, 'rz'), cvt_exact_to_half(f, F16, 'rz'))
        pk(52, finish(cvt_exact_to_half(g, BF16, 'rz'), BF16, relu=True), finish(cvt_exact_to_half(f, BF16, 'rz'), BF16, relu=True))
        pk(53, finish(cvt_exact_to_half(g, F16, 'rz'), F16, relu=True), finish(integral_half(lo(a), F16, 'rni'), F16, sat=True))
        for k, (h, fmt) in ((54, (hi(p), BF16)), (56, (lo(a), F16))):
            w = f64_of_half(h, fmt)
            put(k, w & 0xffffffff)
            put(k + 1, w >> 32)
    return out


def main():
    warpsim, src = sys.argv[1], sys.argv[2]
    os.chdir(src)
    run = subprocess.run([warpsim, 'run', 'programs/sweep_half.ptx', '@programs/sweep_half.args', '--json',
                          '--mode', 'functional'], capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stdout[-2000:], run.stderr[-2000:])
        return 2
    bufs = json.loads(run.stdout)['buffers']
    bits, ra, rb = bufs['bits'], bufs['ra'], bufs['rb']
    want_ra = [f32_of_half(h, F16) for h in range(NA)] + [f32_of_half(h, BF16) for h in range(NA)]
    want_rb = expected_rb(bits)
    bad = 0
    for name, got, want, n in (('ra', ra, want_ra, NA), ('rb', rb, want_rb, NB)):
        for i, (g, w) in enumerate(zip(got, want)):
            if g != w:
                bad += 1
                if bad <= 20:
                    print(f'{name}[{i}] (form {i // n}, thread {i % n}): warpsim 0x{g:08x}, reference 0x{w:08x}')
    if bad:
        print(f'{bad} of {len(ra) + len(rb)} words differ from the exact reference')
        return 1
    print(f'all {len(ra) + len(rb)} words agree with the exact reference')
    return 0


if __name__ == '__main__':
    sys.exit(main())
