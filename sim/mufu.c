/* The H200's special-function unit (SASS MUFU.RCP, RSQ, SQRT, EX2, LG2, SIN, COS, TANH) bit for bit.
 *
 * Each function is a piecewise quadratic in fixed point, as NVIDIA published the unit's design
 * (Oberman and Siu, "A high-performance area-efficient multifunction interpolator", ARITH 2005):
 * the top bits of the operand's fraction pick a segment, the low n bits xh are interpolated as
 *     W = C0 / 4 + (C1 xh 2^n / h1 + C2 SQ(xh) / h2 + D) / 2^(2n)     (in the function's unit)
 * where SQ is a truncated squarer (partial products of weight below 2^thr are left out), and W
 * is truncated to the result. The coefficients, n, thr, h1, h2 and D were recovered from every
 * output of every segment measured on an H200 (tools/mufu: fit.py, the data, and the exhaustive
 * comparison over all 2^32 operands on the device). */
#include "mufu.h"

#include "mufu_tables.h"
#include "mufu_tanh_table.h"

#define NAN_BITS 0x7fffffffu
#define SIGN     0x80000000u
#define INF      0x7f800000u

/* xh^2 without the partial products x_k x_l of weight below 2^thr (2^(k+l), doubled for k != l) */
WS_MUFU_FN static uint64_t squarer(uint32_t xh, int n, int thr)
{
    uint64_t s = 0;
    for (uint32_t bits = xh; bits; bits &= bits - 1) {
        int k = __builtin_ctz(bits);
        if (2 * k >= thr)
            s += 1ull << (2 * k);
        int from = thr - 1 - k > k + 1 ? thr - 1 - k : k + 1; /* l >= from: weight 2^(k+l+1) kept */
        if (from < n)
            s += (uint64_t)(xh >> from << from) << (k + 1);
    }
    return s;
}

/* W in units of 2^-(2n) / H of the function's unit (H = max(h1, h2), 1 or 2) */
WS_MUFU_FN static int64_t interpolate(const ws_mufu_table *t, uint32_t seg, uint32_t xh)
{
    const ws_mufu_coef *c = &t->coef[seg];
    int h = t->h1 > 1 || t->h2 > 1; /* log2 H */
    int64_t sq = (int64_t)squarer(xh, t->n, t->thr);
    return (int64_t)c->c0q * ((int64_t)1 << (2 * t->n - 2 + h)) +
           (int64_t)c->c1 * xh * ((int64_t)1 << (t->n + h - (t->h1 > 1))) +
           c->c2 * sq * ((int64_t)1 << (h - (t->h2 > 1))) + t->d;
}

/* the interpolated value truncated to the function's unit (W is positive for these functions) */
WS_MUFU_FN static uint64_t interpolate_floor(const ws_mufu_table *t, uint32_t seg, uint32_t xh)
{
    int shift = 2 * t->n + (t->h1 > 1 || t->h2 > 1);
    return (uint64_t)interpolate(t, seg, xh) >> shift;
}

/* sign | m * 2^k truncated toward zero to single precision; subnormal results flush to zero */
WS_MUFU_FN static uint32_t pack(uint32_t sign, uint64_t m, int k)
{
    if (m == 0)
        return sign;
    int top = 63 - __builtin_clzll(m);
    if (top > 23) {
        m >>= top - 23;
        k += top - 23;
    } else {
        m <<= 23 - top;
        k -= 23 - top;
    }
    int biased = k + 23 + 127; /* m is now 1.xxx * 2^23 */
    if (biased >= 255)
        return sign | INF;
    if (biased <= 0)
        return sign;
    return sign | (uint32_t)biased << 23 | (uint32_t)(m & 0x7fffff);
}

WS_MUFU_FN uint32_t ws_mufu_rcp(uint32_t x)
{
    uint32_t s = x & SIGN, e = (x >> 23) & 0xff, f = x & 0x7fffff;
    if (e == 0xff)
        return f ? NAN_BITS : s;
    if (e == 0)
        return s | INF;
    /* 1 / (1.f 2^E) = Y 2^-24 2^-E, Y in (2^23, 2^24] */
    return pack(s, interpolate_floor(&mufu_rcp, f >> 16, f & 0xffff), -24 - ((int)e - 127));
}

WS_MUFU_FN uint32_t ws_mufu_rsq(uint32_t x)
{
    uint32_t s = x & SIGN, e = (x >> 23) & 0xff, f = x & 0x7fffff;
    if (e == 0xff)
        return f || s ? NAN_BITS : 0;
    if (e == 0)
        return s | INF;
    if (s)
        return NAN_BITS;
    int E = (int)e - 127, odd = E & 1;
    if (f == 0 && !odd) /* a power of 4: exact */
        return pack(0, 1, -(E >> 1));
    /* 1 / sqrt(1.f 2^odd) = Y 2^-24, Y in (2^23, 2^24] */
    return pack(0, interpolate_floor(&mufu_rsq, (uint32_t)odd << 6 | f >> 17, f & 0x1ffff), -24 - ((E - odd) >> 1));
}

WS_MUFU_FN uint32_t ws_mufu_sqrt(uint32_t x)
{
    uint32_t s = x & SIGN, e = (x >> 23) & 0xff, f = x & 0x7fffff;
    if (e == 0xff)
        return f || s ? NAN_BITS : INF;
    if (e == 0)
        return s;
    if (s)
        return NAN_BITS;
    int E = (int)e - 127, odd = E & 1;
    /* sqrt(1.f 2^odd) = Y 2^-23, Y in [2^23, 2^24) */
    return pack(0, interpolate_floor(&mufu_sqrt, (uint32_t)odd << 6 | f >> 17, f & 0x1ffff), -23 + ((E - odd) >> 1));
}

WS_MUFU_FN uint32_t ws_mufu_ex2(uint32_t x)
{
    uint32_t s = x & SIGN, e = (x >> 23) & 0xff, f = x & 0x7fffff;
    if (e == 0xff)
        return f ? NAN_BITS : s ? 0 : INF;
    if (e >= 127 + 10) /* |x| >= 1024 */
        return s ? 0 : INF;
    /* |x| in fixed point with 23 fraction bits, truncated. 2^-(n + p) for a fraction p > 0 is
     * 2^-(n+1) 2^(1-p), and the unit takes 1 - p as the ones' complement of p (one unit below
     * the exact 1 - p); a negative integer is exact. */
    uint64_t m = e ? (f | 0x800000u) : 0;
    int shift = (int)e - 127;
    int64_t M = (int64_t)(shift >= 0 ? m << shift : shift > -32 ? m >> -shift : 0);
    if (s)
        M = (M & 0x7fffff) ? -M - 1 : -M;
    int64_t I = M >> 23; /* floor */
    uint32_t fr = (uint32_t)(M & 0x7fffff);
    if (I >= 128)
        return INF;
    if (I < -150)
        return 0;
    /* 2^(fr / 2^23) = Y 2^-23, Y in [2^23, 2^24] */
    return pack(0, interpolate_floor(&mufu_ex2, fr >> 17, fr & 0x1ffff), (int)I - 23);
}

/* sign | G 2^-bits truncated toward zero to single precision */
WS_MUFU_FN static uint32_t pack_fixed(uint32_t sign, uint64_t g, int bits) { return pack(sign, g, -bits); }

WS_MUFU_FN uint32_t ws_mufu_lg2(uint32_t x)
{
    uint32_t s = x & SIGN, e = (x >> 23) & 0xff, f = x & 0x7fffff;
    if (e == 0xff)
        return f || s ? NAN_BITS : INF;
    if (e == 0)
        return SIGN | INF;
    if (s)
        return NAN_BITS;
    if (x == 0x3f800000u) /* lg2(1) = 0 exactly */
        return 0;
    /* E + lg2(1.f): the fraction's W in units of 2^-58, the sum truncated toward zero to 2^-36,
     * then to single precision */
    int64_t E = (int64_t)e - 127, w = interpolate(&mufu_lg2, f >> 17, f & 0x1ffff);
    int64_t g = E * ((int64_t)1 << 36) + (E >= 0 ? w >> 22 : -((-w) >> 22));
    return g < 0 ? pack_fixed(SIGN, (uint64_t)-g, 36) : pack_fixed(0, (uint64_t)g, 36);
}

/* the unit's turn: the fraction of |turns| in fixed point with 25 bits, truncated */
WS_MUFU_FN static uint32_t turn_fraction(uint32_t r)
{
    uint32_t e = (r >> 23) & 0xff;
    if (e == 0)
        return 0;
    uint64_t m = (r & 0x7fffff) | 0x800000u;
    int shift = (int)e - 150 + 25;
    uint64_t q = shift >= 0 ? (shift < 25 ? m << shift : 0) : (shift > -32 ? m >> -shift : 0);
    return (uint32_t)(q & 0x1ffffff);
}

/* sin of q / 2^25 turns: the first quadrant's table, mirrored (ones' complement) and negated */
WS_MUFU_FN static uint32_t sine_of_turn(uint32_t q, uint32_t sign)
{
    uint32_t q23 = q & 0x7fffff;
    if ((q >> 23) & 1)
        q23 = 0x7fffff - q23;
    if ((q >> 24) & 1)
        sign ^= SIGN;
    int64_t w = interpolate(&mufu_sin, q23 >> 17, q23 & 0x1ffff); /* units 2^-58 */
    return pack_fixed(sign, (uint64_t)w >> 21, 37);
}

WS_MUFU_FN uint32_t ws_mufu_sin(uint32_t r)
{
    if (((r >> 23) & 0xff) == 0xff)
        return NAN_BITS;
    return sine_of_turn(turn_fraction(r), r & SIGN);
}

WS_MUFU_FN uint32_t ws_mufu_cos(uint32_t r)
{
    if (((r >> 23) & 0xff) == 0xff)
        return NAN_BITS;
    return sine_of_turn((turn_fraction(r) + 0x800000u) & 0x1ffffff, 0);
}

/* MUFU.TANH: odd; |x| below 2^-8 (zeros and subnormals too) gives x, from 8 on (infinity too)
 * 1. In between, binade E of |x| has its own table (tools/mufu/fit_tanh.py): the top m fraction
 * bits pick a segment, the next 17 are xh, the rest is dropped; W is truncated to 2^-u,
 * u = 24 - min(E, 0), then toward zero to single precision. */
WS_MUFU_FN uint32_t ws_mufu_tanh(uint32_t x)
{
    uint32_t s = x & SIGN, a = x & ~SIGN;
    if (a > INF)
        return NAN_BITS;
    if (a >= 0x41000000u) /* 8 */
        return s | 0x3f800000u;
    int E = (int)(a >> 23) - 127;
    if (E < -8)
        return x;
    int m = mufu_tanh_seg_bits[E + 8], u = E > 0 ? 24 : 24 - E;
    uint32_t q = (a & 0x7fffff) >> (23 - m - 17);
    uint32_t seg = mufu_tanh_first[E + 8] + (q >> 17), xh = q & 0x1ffff;
    int64_t w = mufu_tanh_coef[seg].c0 + (int64_t)mufu_tanh_coef[seg].c1 * xh * ((int64_t)1 << 17) +
                (int64_t)mufu_tanh_coef[seg].c2 * (int64_t)squarer(xh, 17, 19);
    return pack(s, (uint64_t)w >> 34, -u);
}
