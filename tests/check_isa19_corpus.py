#!/usr/bin/env python3
"""check_isa19_corpus.py WARPSIM SRCDIR

Beside the H200 goldens of tests/corpus/isa_* (corpus_isa_*), their buffers are checked here against an
independent reading of the PTX ISA's pseudo-code (written in Python from the ISA text, sharing
nothing with warpsim's executors), in both modes and with --slow-path all: dp4a/dp2a
(isa_dp4a), mad24/slct/cvt.pack (isa_int_misc), brx.idx (isa_brx_idx: the jump table's six
targets, converged, divergent and in a loop, and the warp reconverged after it) and vector
mov (isa_vreg_mov). Prints each kernel's verdict; exits 1 on any difference.
"""
import json
import struct
import subprocess
import sys

M = 0xffffffff


def ext(v, bits, signed):
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def s32(v):
    return ext(v, 32, True)


def f32(u):
    return struct.unpack('<f', struct.pack('<I', u & M))[0]


# ---- dp4a / dp2a: d = c + sum of the byte (half-word) products, extended by each type ----
def dp4a(a, b, c, sa, sb):
    return (c + sum(ext(a >> (8 * i), 8, sa) * ext(b >> (8 * i), 8, sb) for i in range(4))) & M


def dp2a(a, b, c, sa, sb, hi):
    k = 2 if hi else 0
    return (c + sum(ext(a >> (16 * i), 16, sa) * ext(b >> (8 * (k + i)), 8, sb) for i in range(2))) & M


def want_dp4a(B):
    out = []
    for i in range(64):
        a, b, c = B['a'][i], B['b'][i], B['c'][i]
        out += [dp4a(a, b, c, 1, 1), dp4a(a, b, c, 0, 0), dp4a(a, b, c, 0, 1), dp4a(a, b, c, 1, 0),
                dp2a(a, b, c, 1, 1, 0), dp2a(a, b, c, 1, 1, 1), dp2a(a, b, c, 0, 0, 0), dp2a(a, b, c, 0, 0, 1),
                dp2a(a, b, c, 0, 1, 0), dp2a(a, b, c, 0, 1, 1), dp2a(a, b, c, 1, 0, 0), dp2a(a, b, c, 1, 0, 1)]
    return out


# ---- mad24: t = a[23:0] * b[23:0]; .lo t<31..0> + c, .hi t<47..16> + c, .hi.sat.s32 clamped ----
def mul24(a, b, signed, hi):
    p = (ext(a, 24, signed) * ext(b, 24, signed)) & ((1 << 64) - 1)
    return (p >> 16 if hi else p) & M


def slct_f(a, b, c, ftz):
    f = f32(c)
    if ftz and (c & 0x7f800000) == 0:
        f = 0.0
    return a if f >= 0 else b  # NaN >= 0 is false: b


def pack(a, b, bits, signed, c=0):
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    clamp = lambda v: max(lo, min(hi, s32(v))) & ((1 << bits) - 1)
    d = clamp(a) << bits | clamp(b)
    return d | (c & 0xffff) << 16 if bits == 8 else d


def want_int_misc(B):
    out = []
    for i in range(64):
        a, b, c = B['a'][i], B['b'][i], B['c'][i]
        w = (a << 32 | b) if s32(c) >= 0 else (b << 32 | a)
        out += [(mul24(a, b, 0, 0) + c) & M, (mul24(a, b, 0, 1) + c) & M, (mul24(a, b, 1, 0) + c) & M,
                (mul24(a, b, 1, 1) + c) & M, max(-2**31, min(2**31 - 1, s32(mul24(a, b, 1, 1)) + s32(c))) & M,
                a if s32(c) >= 0 else b, slct_f(a, b, c, False), slct_f(a, b, c, True), a if s32(c) >= 0 else b,
                slct_f(a & 0xffff, b & 0xffff, c, False), ((w & M) ^ (w >> 32) * 3) & M,
                int(slct_f(float(s32(a)), float(s32(b)), c, False)) & M,
                pack(a, b, 16, False), pack(a, b, 16, True), pack(a, b, 8, False, c), pack(a, b, 8, True, c)]
    return out


# ---- brx.idx: the six targets of jump() in isa_brx_idx.cu ----
def jump(k, v):
    if k == 0:
        return v * 3 & M
    if k == 1:
        return v ^ 0x5a5a5a5a
    if k == 2:
        return (v << 7 | v >> 25) & M
    if k == 3:
        return bin(v).count('1')
    if k == 4:
        r = int('{:032b}'.format(v)[::-1], 2)
        return r + 77 if r < 0x1000 else r
    return ~v & M


def want_brx(B, sel=4, block=96):
    out = []
    for i, v in enumerate(B['in']):
        acc = v
        for k in range(5):
            acc = (jump(((acc + k + i % block) & M) % 6, acc) + k) & M  # the index wraps at 32 bits first
        out += [jump(sel, v), jump(v % 6, i), acc, M]
    return out


def want_vreg(B):
    n, out = B['in'], []
    for i in range(64):
        a, b, c, d = n[i], n[(i + 1) & 63], n[(i + 2) & 63], n[(i + 3) & 63]
        l0, l1 = c << 32 | d, a << 32 | b        # mov.v2.f64 {%1, %0}, w
        s0, s1 = d << 32 | b, c << 32 | a        # w.y, w.x of the .v2 .s64
        out += [b, a, a, b, c, d, (a + d) & M, (b - c) & M, a, d, l0 & M, l0 >> 32, l1 & M,
                b >> 16 & 0xffff | (a & 0xffff) << 16, (s0 & M) ^ (s1 >> 32), ((s0 >> 32) + (s1 & M)) & M]
    return out


KERNELS = {'isa_dp4a': want_dp4a, 'isa_int_misc': want_int_misc, 'isa_brx_idx': want_brx, 'isa_vreg_mov': want_vreg}


def main():
    warpsim, src = sys.argv[1], sys.argv[2]
    bad = 0
    for name, want in KERNELS.items():
        for mode in ('functional', 'timing'):
            for extra in ([], ['--slow-path', 'all']):
                cmd = [warpsim, 'run', '%s/tests/corpus/%s.ptx' % (src, name), '@%s/tests/corpus/%s.args' % (src, name),
                       '--json', '--mode', mode] + extra
                p = subprocess.run(cmd, capture_output=True, text=True)
                if p.returncode != 0:
                    print('%s %s %s: warpsim exited %d: %s' % (name, mode, ' '.join(extra), p.returncode,
                                                                 p.stderr.strip()[:300]))
                    bad += 1
                    continue
                B = json.loads(p.stdout)['buffers']
                w, got = want(B), B['out']
                diff = [j for j in range(len(w)) if w[j] != got[j]]
                print('%s %s %s: %d values, %d differ%s' % (name, mode, ' '.join(extra) or '(fast paths)', len(w),
                                                           len(diff), '' if not diff else ' (first at %d: want 0x%x, '
                                                           'got 0x%x)' % (diff[0], w[diff[0]], got[diff[0]])))
                bad += bool(diff)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
