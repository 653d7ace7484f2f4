#!/usr/bin/env python3
"""check_heldout.py WARPSIM SRCDIR [--ptx-dir DIR] [NAME...]

The held-out corpus (tests/heldout): kernels that use the CUDA 13.0 toolkit's own headers (CUB warp
and block collectives, cooperative groups, warp intrinsics) in forms and parameters tests/corpus does
not cover. Each kernel makes its input from the element index (heldout.cuh, hval) and writes its
results to global memory; every buffer is checked here against a host reference written from the
headers' documented semantics, sharing nothing with warpsim. Each kernel runs in the functional mode
and, for the first few, the timing mode too. Prints each kernel's verdict; exits 1 on any
difference, a refusal, a crash or a diagnostic the kernel's entry does not name (a warning on this
correct code is a finding too; the ones named are warpsim saying where the H200 may differ).
--ptx-dir DIR runs DIR/NAME.ptx instead (the same sources compiled otherwise, nvcc -G say).
"""
import json
import struct
import subprocess
import sys

M32, M64 = 0xffffffff, (1 << 64) - 1


def hval(i):
    i = ((i + 0x9e3779b9) * 0x85ebca6b) & M32
    i ^= i >> 13
    i = (i * 0xc2b2ae35) & M32
    return i ^ (i >> 16)


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def s64(v):
    v &= M64
    return v - (1 << 64) if v >> 63 else v


def s16(v):
    v &= 0xffff
    return v - (1 << 16) if v >> 15 else v


def bf16(v):  # an exactly representable value's bits
    return struct.unpack('<I', struct.pack('<f', v))[0] >> 16


def half(v):
    return struct.unpack('<H', struct.pack('<e', v))[0]


def groups(n, w):
    return [list(range(g, g + w)) for g in range(0, n, w)]


def scan(vals, op, init=None, exclusive=False):
    out, acc = [], init
    for v in vals:
        if exclusive:
            out.append(acc)
        acc = v if acc is None else op(acc, v)
        if not exclusive:
            out.append(acc)
    return out


def k_bf16_max_w16():
    x = [(hval(t) % 201) - 100 for t in range(64)]
    return {'out': [bf16(max(x[i] for i in g)) for g in groups(64, 16)]}


def k_xor_or_w32():
    out = []
    for g in groups(64, 32):
        r = s = 0
        for t in g:
            r ^= hval(t)
            s |= hval(t) & ((0x0f0f0f0f << (t % 4)) & M32)
        out += [r, s]
    return {'out': out}


def k_min_double_w8_valid5():
    x = [((hval(t) % 2001) - 1000) * 0.25 for t in range(64)]
    return {'out': [min(x[i] for i in g[:5]) for g in groups(64, 8)]}


def k_excl_max_w16():
    x = [(hval(t) % 1000) - 500 for t in range(64)]
    out, agg = [], []
    for g in groups(64, 16):
        out += scan([x[i] for i in g], max, -2**31, exclusive=True)
        agg += [max(x[i] for i in g)] * 16
    return {'out': out, 'agg': agg}


def k_incl_min_ull_w8():
    x = [(hval(t) << 32) | hval(t + 1000) for t in range(64)]
    out, agg = [], []
    for g in groups(64, 8):
        out += scan([x[i] for i in g], min)
        agg += [min(x[i] for i in g)] * 8
    return {'out': out, 'agg': agg}


def k_bf16_scan_w32():
    x = [(hval(t) % 17) - 8 for t in range(32)]
    ex = scan(x, lambda a, b: a + b, 0, exclusive=True)
    return {'ex': [float(v) for v in ex], 'inc': [bf16(v) for v in scan(x, lambda a, b: a + b)]}


def k_warp_exchange_shfl():
    v = [(hval(j) % 100000) + 0.5 for j in range(64)]
    return {'blocked': v, 'back': v}


def k_warp_load_store_striped():
    src = [float(hval(i) % 1000) for i in range(64)]
    out = [7.0] * 48
    for w in range(2):
        for l in range(8):
            for i in range(3):
                k = i * 8 + l
                v = src[w * 24 + k] if k < 19 else -1.0
                if k < 17:
                    out[w * 24 + k] = v * 2.0 + i
    return {'out': out}


def k_block_reduce_min_ll_3d():
    out = []
    for b in range(2):
        vals = []
        for t in range(96):
            g = b * 96 + t
            vals += [s64((s32(hval(2 * g + i)) << 8) - hval(g + 7)) for i in range(2)]
        out.append(min(vals))
    return {'out': out}


def k_block_reduce_double_partial():
    x = [((hval(t) % 4001) - 2000) * 0.5 for t in range(64)]
    return {'out': [sum(x[:45]), max(x[:33])]}


def k_block_scan_memo_excl_max():
    v = [(hval(j) % 100000) - 60000 for j in range(288)]
    return {'out': scan(v, max, -1000000, exclusive=True), 'agg': [max(v)]}


def k_block_scan_raking_ull():
    v = [((hval(j) << 31) ^ hval(j + 500)) & M64 for j in range(128)]
    return {'out': scan(v, lambda a, b: (a + b) & M64)}


def k_block_scan_prefix_tiles():
    run, out = 1000, []
    for tile in range(3):
        v = [(hval(tile * 128 + j) % 50) - 10 for j in range(128)]
        out += scan(v, lambda a, b: a + b, run, exclusive=True)
        run += sum(v)
    return {'out': out}


def k_radix_short_pairs_desc():
    k = [(hval(j) % 61) - 30 for j in range(128)]
    order = sorted(range(128), key=lambda j: -k[j])  # stable: equal keys keep their order
    return {'keys': [k[j] for j in order], 'vals': order}


def k_radix_half():
    v = sorted(((hval(j) % 301) - 150) * 0.125 for j in range(128))
    return {'out': [half(x) for x in v]}


def k_histogram_uchar():
    h = [0] * 16
    for j in range(256):
        h[hval(j) % 16] += 1
    return {'sorted_h': h, 'atomic_h': h}


def k_discontinuity():
    v = [hval(j) % 3 for j in range(128)]
    heads = [int(v[j] != (v[j - 1] if j else 0)) for j in range(128)]
    tails = [int(v[j] != (v[j + 1] if j < 127 else 2)) for j in range(128)]
    return {'heads': heads, 'tails': tails}


def k_adjacent_left_double():
    v = [(hval(j) % 1000) * 0.5 for j in range(192)]
    return {'out': [v[j] - 2.0 * (v[j - 1] if j else 3.0) for j in range(192)]}


def k_block_shuffle():
    x = [s32(hval(t)) for t in range(96)]
    items = [y for t in range(96) for y in (x[t], s32(x[t] + 1))]
    up = [0] + items[:-1]
    return {'rot': [x[(t + 7) % 96] for t in range(96)], 'off': [x[t + 40] if t + 40 < 96 else -1 for t in range(96)],
            'up': up, 'suffix': [items[-1]]}


def tiles(n, w, f):  # f(list of tile values) -> per-rank list
    out = []
    for g in groups(n, w):
        out += f(g)
    return out


def k_cg_tile2_double():
    x = [((hval(t) % 1001) - 500) * 0.125 for t in range(64)]
    add = lambda a, b: a + b
    return {'red': tiles(64, 2, lambda g: [sum(x[i] for i in g)] * 2),
            'inc': tiles(64, 2, lambda g: scan([x[i] for i in g], add)),
            'exc': tiles(64, 2, lambda g: scan([x[i] for i in g], add, 0.0, exclusive=True))}


def k_cg_tile4_int():
    x = [s32(hval(t)) for t in range(64)]

    def xor(g):
        r = 0
        for i in g:
            r ^= x[i]
        return [s32(r)] * len(g)
    return {'exc': tiles(64, 4, lambda g: [0] + scan([x[i] for i in g], max)[:-1]),
            'inc': tiles(64, 4, lambda g: scan([x[i] for i in g], min)), 'red': tiles(64, 4, xor)}


def k_cg_tile8_u64():
    x = [(hval(t) << 32) | hval(t + 77) | 0x8000000100000001 for t in range(64)]
    return {'inc': tiles(64, 8, lambda g: scan([x[i] for i in g], lambda a, b: a & b)),
            'exc': tiles(64, 8, lambda g: scan([x[i] for i in g], lambda a, b: a | b, 0, exclusive=True))}


def mask_of(ranks):
    m = 0
    for r in ranks:
        m |= 1 << r
    return m


def k_cg_tile16_match():
    out = []
    for t in range(64):
        base = t & ~15
        r = t - base
        x = [hval(base + q) % 4 for q in range(16)]
        hv = [hval(base + q) for q in range(16)]
        ma = [5 if t // 16 == 1 else x[q] for q in range(16)]
        alleq = all(v == ma[0] for v in ma)
        out += [mask_of(q for q in range(16) if x[q] == x[r]), 0xffff if alleq else 0, int(alleq),
                mask_of(q for q in range(16) if x[q] == 2), int(3 in x) | int(all(v < 4 for v in x)) << 1,
                hv[r + 5] if r + 5 < 16 else hv[r], hv[r ^ 9], hv[(x[r] + 3) % 16]]
    return {'out': out}


def k_cg_coal_every3():
    out = [-7] * (5 * 64)
    for w in range(2):
        lanes = [t for t in range(32 * w, 32 * w + 32) if t % 3 == 1]
        x = [hval(t) % 1000 for t in lanes]
        inc = scan(x, lambda a, b: a + b)
        exc = scan(x, lambda a, b: a + b, 0, exclusive=True)
        for r, t in enumerate(lanes):
            out[5 * t:5 * t + 5] = [inc[r], exc[r], max(x), x[r - 2] if r >= 2 else x[r], r | len(lanes) << 8]
    return {'out': out}


def k_cg_labeled_binary():
    out = [0] * (6 * 64)
    for base in range(0, 64, 16):
        x = [hval(base + q) % 100 for q in range(16)]
        for q in range(16):
            lp = [p for p in range(16) if x[p] % 3 == x[q] % 3]
            bp = [p for p in range(16) if (x[p] >= 50) == (x[q] >= 50)]
            lv, bv = [x[p] for p in lp], [x[p] for p in bp]
            lr, br = lp.index(q), bp.index(q)
            out[6 * (base + q):6 * (base + q) + 6] = [
                len(lp) | lr << 8, sum(lv), sum(lv[:lr]), len(bp) | br << 8, min(bv), sum(bv[:br + 1])]
    return {'out': out}


def k_intr_reduce_match():
    m = 0xaaaaaaaa | 4
    lanes = [t for t in range(32) if m >> t & 1]
    x = {t: hval(t) for t in lanes}
    out = [0xdead] * (9 * 32)
    a = o = xr = 0
    a = M32
    for t in lanes:
        a &= x[t] | 0x10000001
        o |= x[t] & 0xff
        xr ^= x[t]
    for t in lanes:
        k = x[t] % 3
        out[9 * t:9 * t + 9] = [sum(x.values()) & M32, min(s32(v) for v in x.values()) & M32,
                                max(s32(v) for v in x.values()) & M32, min(x.values()), max(x.values()),
                                a ^ o ^ xr, mask_of(u for u in lanes if x[u] % 3 == k), m, 1]
    return {'out': out}


def k_intr_shfl_width():
    x = [hval(t) for t in range(32)]
    d = [x[(t & ~7) | ((t & 7) ^ 5)] + 0.25 for t in range(32)]
    ll = [s64(x[s] << 20 | s) for s in (t - 3 if t % 4 >= 3 else t for t in range(32))]
    h2 = []
    for t in range(32):
        s = t + 6 if t % 16 + 6 < 16 else t
        h2.append(half(float((x[s] % 2000) - 1000)) | half(float(s)) << 16)
    bf = [bf16(float(x[(t & ~1) | 1] % 255)) for t in range(32)]
    f = [float(x[(t & ~7) | 3] % 100000) for t in range(32)]
    return {'d': d, 'll': ll, 'h2': h2, 'bf': bf, 'f': f}


def dbits(v):
    return struct.unpack('<Q', struct.pack('<d', v))[0]


def k_radix_double_zero():
    k = []
    for j in range(64):
        h = hval(j)
        q = (h % 9) - 4
        k.append((-0.0 if (h >> 8) & 1 else 0.0) if q == 0 else q * 1.5)
    order = sorted(range(64), key=lambda j: k[j])  # stable; -0.0 == +0.0 (CUB sorts them as equal)
    return {'keys': [dbits(k[j]) for j in order], 'vals': order}


def k_short_w16():
    red = [s16(sum(hval(t) & 0xffff for t in g)) for g in groups(32, 16)]
    return {'red': red, 'scan': tiles(32, 16, lambda g: scan([hval(t + 64) & 0xff for t in g], lambda a, b: (a + b) & 0xff))}


def k_double_w4():
    x = [((hval(t) % 801) - 400) * 0.25 for t in range(32)]
    return {'ex': tiles(32, 4, lambda g: scan([x[i] for i in g], max, -100.0, exclusive=True)),
            'inc': tiles(32, 4, lambda g: scan([x[i] for i in g], min)),
            'agg': tiles(32, 4, lambda g: [min(x[i] for i in g)] * 4)}


def k_cg_lambda():
    x = [hval(t) | 1 for t in range(64)]
    mul = lambda a, b: (a * b) & M32
    return {'red': tiles(64, 32, lambda g: [scan([x[i] for i in g], mul)[-1]] * 32),
            'inc': tiles(64, 32, lambda g: scan([x[i] for i in g], mul)),
            'exc': tiles(64, 32, lambda g: scan([x[i] for i in g], lambda a, b: (a + b) & M32, 0, exclusive=True))}


def k_match_float_double():
    fb = [[0x00000000, 0x80000000, 0x7fc00000, 0x3f800000][hval(t) % 4] for t in range(32)]
    d = [hval(t + 32) % 3 for t in range(32)]
    out = []
    for t in range(32):
        out += [mask_of(u for u in range(32) if fb[u] == fb[t]), mask_of(u for u in range(32) if d[u] == d[t]),
                M32, 1]
    return {'out': out}


def k_shfl_divergent_width():
    x = [s32(hval(t)) for t in range(32)]
    out = [-1] * 96
    for t in range(8, 24):
        out[3 * t:3 * t + 3] = [x[(t & ~7) + t % 3], x[t - 2 if t % 8 >= 2 else t], x[(t & ~7) | ((t & 7) ^ 3)]]
    return {'out': out}


def k_reduce_after_exit():
    lanes = [t for t in range(32) if t % 5]
    m = mask_of(lanes)
    x = {t: hval(t) % 100000 for t in lanes}
    out = [0xdead] * 128
    for t in lanes:
        out[4 * t:4 * t + 4] = [m, sum(x.values()) & M32, (max(x.values()) - 50000) & M32,
                                mask_of(u for u in lanes if x[u] & 1)]
    return {'out': out}


def k_cg_tile8_shfl():
    x = [hval(t) for t in range(64)]
    bf = [bf16(float((x[(t & ~7) + 6] % 200) - 100)) for t in range(64)]
    h = []
    for t in range(64):
        s = t - 3 if t % 8 >= 3 else t
        h.append(half(float((x[s] % 100) - s)))
    return {'bf': bf, 'h2': h, 'd': [x[t ^ 5] * 0.5 for t in range(64)]}


def k_radix_bf16_desc():
    v = sorted((((hval(j) % 255) - 127) * 0.5 for j in range(128)), reverse=True)
    return {'out': [bf16(x) for x in v]}


def k_half_scan_w8():
    x = [((hval(t) % 401) - 200) * 0.25 for t in range(64)]
    return {'inc': tiles(64, 8, lambda g: [half(v) for v in scan([x[i] for i in g], max)]),
            'exc': tiles(64, 8, lambda g: [half(v) for v in scan([x[i] for i in g], min, 10.0, exclusive=True)])}


def k_cg_tile16_half():
    x = [(hval(t) % 61) - 30 for t in range(64)]
    return {'red': tiles(64, 16, lambda g: [half(float(sum(x[i] for i in g)))] * 16),
            'inc': tiles(64, 16, lambda g: [half(float(v)) for v in scan([x[i] for i in g], max)])}


def k_block_scan_prefix_double_3d():
    run, out = 0.5, []
    for tile in range(2):
        x = [((hval(tile * 64 + t) % 201) - 100) * 0.5 for t in range(64)]
        out += [run + v for v in scan(x, lambda a, b: a + b)]
        run += sum(x)
    return {'out': out}


def k_shfl_width1():
    x = [s32(hval(t)) for t in range(32)]
    out = []
    for t in range(32):
        out += [x[t], x[t], x[31] if t == 0 else x[t], x[0] if t == 31 else x[t], x[t ^ 31], x[t]]
    return {'out': out}


# name: (grid, block, buffers, reference)
KERNELS = {
    'cub_warp_reduce_bf16_max_w16': ('1', '64', ['out=u16[4]'], k_bf16_max_w16),
    'cub_warp_reduce_xor_custom_unsigned_w32': ('1', '64', ['out=u32[4]'], k_xor_or_w32),
    'cub_warp_reduce_min_double_w8_valid5': ('1', '64', ['out=f64[8]'], k_min_double_w8_valid5),
    'cub_warp_scan_exclusive_max_agg_int_w16': ('1', '64', ['out=s32[64]', 'agg=s32[64]'], k_excl_max_w16),
    'cub_warp_scan_inclusive_min_ull_w8_agg': ('1', '64', ['out=u64[64]', 'agg=u64[64]'], k_incl_min_ull_w8),
    'cub_warp_scan_exclusive_sum_bf16_w32': ('1', '32', ['ex=f32[32]', 'inc=u16[32]'], k_bf16_scan_w32),
    'cub_warp_exchange_stripedtoblocked_shfl_double_w2_i2': ('1', '32', ['blocked=f64[64]', 'back=f64[64]'],
                                                             k_warp_exchange_shfl),
    'cub_warp_load_store_striped_float_w8_i3_partial': ('1', '16', ['out=f32[48]'], k_warp_load_store_striped),
    'cub_block_reduce_warp_min_longlong_3d': ('2', '8,4,3', ['out=s64[2]'], k_block_reduce_min_ll_3d),
    'cub_block_reduce_rakingcomm_sum_double_b64_partial': ('1', '64', ['out=f64[2]'], k_block_reduce_double_partial),
    'cub_block_scan_memoize_exclusive_max_int_b96_2d_i3': ('1', '32,3', ['out=s32[288]', 'agg=s32[1]'],
                                                           k_block_scan_memo_excl_max),
    'cub_block_scan_raking_inclusive_custom_ull_b64_i2': ('1', '64', ['out=u64[128]'], k_block_scan_raking_ull),
    'cub_block_scan_warpscans_prefix_tiles_i2': ('1', '64', ['out=s32[384]'], k_block_scan_prefix_tiles),
    'cub_block_radix_sort_short_pairs_b64_i2_desc_striped': ('1', '64', ['keys=s16[128]', 'vals=s32[128]'],
                                                             k_radix_short_pairs_desc),
    'cub_block_radix_sort_half_b32_i4': ('1', '32', ['out=u16[128]'], k_radix_half),
    'cub_block_histogram_sort_uchar_b64_i4_bins16': ('1', '64', ['sorted_h=u32[16]', 'atomic_h=u32[16]'],
                                                     k_histogram_uchar),
    'cub_block_discontinuity_heads_tails_tile_b32_i4': ('1', '32', ['heads=s32[128]', 'tails=s32[128]'],
                                                        k_discontinuity),
    'cub_block_adjacent_difference_left_tile_double_b64_i3': ('1', '64', ['out=f64[192]'], k_adjacent_left_double),
    'cub_block_shuffle_rotate_offset_up_int_b96': ('1', '96', ['rot=s32[96]', 'off=s32[96]', 'up=s32[192]',
                                                                'suffix=s32[1]'], k_block_shuffle),
    'cg_tile2_reduce_scan_double': ('1', '64', ['red=f64[64]', 'inc=f64[64]', 'exc=f64[64]'], k_cg_tile2_double),
    'cg_tile4_scan_greater_less_int': ('1', '64', ['exc=s32[64]', 'inc=s32[64]', 'red=s32[64]'], k_cg_tile4_int),
    'cg_tile8_scan_and_u64': ('1', '64', ['inc=u64[64]', 'exc=u64[64]'], k_cg_tile8_u64),
    'cg_tile16_match_shfl_vote': ('1', '64', ['out=u32[512]'], k_cg_tile16_match),
    'cg_coal_every3_scan_reduce': ('1', '64', ['out=s32[320]'], k_cg_coal_every3),
    'cg_labeled_binary_tile16': ('1', '64', ['out=s32[384]'], k_cg_labeled_binary),
    'intr_reduce_match_partial': ('1', '32', ['out=u32[288]'], k_intr_reduce_match),
    'intr_shfl_width_types': ('1', '32', ['d=f64[32]', 'll=s64[32]', 'h2=u32[32]', 'bf=u16[32]', 'f=f32[32]'],
                              k_intr_shfl_width),
    'cub_block_radix_sort_double_zero_b32_i2_striped': ('1', '32', ['keys=u64[64]', 'vals=s32[64]'],
                                                        k_radix_double_zero),
    'cub_warp_reduce_scan_short_w16': ('1', '32', ['red=s16[2]', 'scan=u8[32]'], k_short_w16),
    'cub_warp_scan_exclusive_init_max_double_w4': ('1', '32', ['ex=f64[32]', 'inc=f64[32]', 'agg=f64[32]'],
                                                   k_double_w4),
    'cg_tile32_lambda_reduce_scan': ('1', '64', ['red=u32[64]', 'inc=u32[64]', 'exc=u32[64]'], k_cg_lambda),
    'intr_match_float_double': ('1', '32', ['out=u32[128]'], k_match_float_double),
    'intr_shfl_divergent_width': ('1', '32', ['out=s32[96]'], k_shfl_divergent_width),
    'intr_reduce_after_exit': ('1', '32', ['out=u32[128]'], k_reduce_after_exit),
    'cg_tile8_shfl_bf16_half': ('1', '64', ['bf=u16[64]', 'h2=u16[64]', 'd=f64[64]'], k_cg_tile8_shfl),
    'cub_block_radix_sort_bf16_desc_b64_i2': ('1', '64', ['out=u16[128]'], k_radix_bf16_desc),
    'cub_warp_scan_half_max_w8': ('1', '64', ['inc=u16[64]', 'exc=u16[64]'], k_half_scan_w8),
    'cg_tile16_reduce_half': ('1', '64', ['red=u16[64]', 'inc=u16[64]'], k_cg_tile16_half),
    'cub_block_scan_memoize_prefix_double_3d': ('1', '4,4,4', ['out=f64[128]'], k_block_scan_prefix_double_3d),
    'intr_shfl_width1_neg': ('1', '32', ['out=s32[192]'], k_shfl_width1),
}


# the diagnostics each kernel is expected to give, by kind:
# - labeled_partition and binary_partition run shfl/vote/redux with lanes naming different
#   membermasks (ptxas: WARPSYNC.EXCLUSIVE), which warpsim runs whole and reports (sim/ptxas.c,
#   split-warp: where the H200 may differ); the buffers are still checked.
# cooperative_groups' shuffles of 2-byte types (cg_tile8_shfl_bf16_half, cg_tile16_reduce_half)
# widen the value as `mov.b32 %r, {%rs_value, %rs_undef}` with %rs_undef never written: the check
# carries each byte's definedness through the pack, the shuffle and the cvt.u16.u32 or st.u16 that
# keeps the low half (sim/bytemove.h), so they give none.
EXPECTED_DIAGS = {
    'cg_labeled_binary_tile16': {'split-warp'},
}


def expected(name, d):
    return d.get('kind') in EXPECTED_DIAGS.get(name, ())


def run(warpsim, ptx_dir, name, mode):
    grid, block, bufs, _ = KERNELS[name]
    cmd = [warpsim, 'run', f'{ptx_dir}/{name}.ptx', '--kernel', name, '--grid', grid, '--block', block,
           '--json', '--mode', mode] + bufs
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return None, f'exit {p.returncode}: {(p.stderr or p.stdout).strip()[:400]}'
    return json.loads(p.stdout), None


def main():
    warpsim, src, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    ptx_dir = f'{src}/tests/heldout'
    if args[:1] == ['--ptx-dir']:
        ptx_dir, args = args[1], args[2:]
    names = args or list(KERNELS)
    bad = 0
    for name in names:
        want = KERNELS[name][3]()
        verdicts = []
        for mode in ('functional', 'timing'):
            got, err = run(warpsim, ptx_dir, name, mode)
            if err:
                verdicts.append(f'{mode}: {err}')
                continue
            for buf, w in want.items():
                g = got['buffers'][buf]
                diff = [i for i in range(len(w)) if g[i] != w[i]]
                if len(g) != len(w) or diff:
                    i = diff[0] if diff else 0
                    verdicts.append(f'{mode}: {buf}: {len(diff)} of {len(w)} differ, first [{i}]: '
                                    f'got {g[i]!r}, want {w[i]!r}')
            for d in got.get('diagnostics', []):
                if not expected(name, d):
                    verdicts.append(f'{mode}: diagnostic: {d.get("message", d)!s:.200}')
        bad += bool(verdicts)
        print(f'{name}: ' + ('ok' if not verdicts else 'DIFFERS\n  ' + '\n  '.join(verdicts)))
    print(f'{len(names) - bad} of {len(names)} held-out kernels match their host reference')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
