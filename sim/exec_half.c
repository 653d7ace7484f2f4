/* Half-precision executors: binary16 and bfloat16, single and paired, rounded exactly.
 *
 * Every half value is exact in a double, and so is the product of two halves. A sum is not
 * always (bf16 spans 2^-133..2^128), so sums are formed in round-to-odd: the double nearest
 * toward zero with its last bit set when inexact. A round-to-odd result with at least two
 * bits more than the target rounds to the target exactly as the infinitely precise value
 * would (Boldo and Melquiond, "When double rounding is odd"), so each operation is one IEEE
 * rounding, as on the hardware. The final rounding is done in integers (half_encode). */
#include "half.h"
#include "contract.h"

#include <math.h>
#include <string.h>

#include "fp.h"
#include "ptxas.h"
#include "mufu.h"
#include "rows.h"

/* binary16: 10 fraction bits, bias 15; bfloat16: 7 and 127. Both have a sign bit at 15. */
static unsigned frac_bits(int bf) { return bf ? 7 : 10; }
static unsigned exp_bias(int bf) { return bf ? 127 : 15; }
static uint32_t exp_mask(int bf) { return bf ? 0x7f80u : 0x7c00u; }

static int half_is_nan(uint32_t h, int bf) { return (h & 0x7fffu) > exp_mask(bf); }
static int half_is_subnormal(uint32_t h, int bf) { return (h & exp_mask(bf)) == 0 && (h & 0x7fffu) != 0; }
/* .ftz: a subnormal becomes a zero of its sign */
static uint32_t half_flush(uint32_t h, int bf) { return half_is_subnormal(h, bf) ? h & 0x8000u : h; }

double ws_half_to_double(uint32_t h, int bf)
{
    unsigned fb = frac_bits(bf);
    uint32_t e = (h & exp_mask(bf)) >> fb, m = h & ((1u << fb) - 1);
    double v;
    if ((h & exp_mask(bf)) == exp_mask(bf))
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ws_ldexp((double)m, 1 - (int)exp_bias(bf) - (int)fb);
    else
        v = ws_ldexp((double)(m | 1u << fb), (int)e - (int)exp_bias(bf) - (int)fb);
    return (h & 0x8000u) ? -v : v;
}

/* The value (-1)^neg * m * 2^e2 (m > 0) rounded once to a half by rnd. */
static uint32_t half_encode(int neg, uint64_t m, int e2, int bf, unsigned rnd)
{
    int fb = (int)frac_bits(bf), bias = (int)exp_bias(bf);
    int len = 64 - __builtin_clzll(m);
    int ev = len - 1 + e2, emin = 1 - bias;
    int qe = (ev > emin ? ev : emin) - fb; /* the exponent of the target's last bit */
    int shift = qe - e2;
    uint64_t n, rem = 0, half = 0;
    if (shift <= 0) {
        n = m << -shift;
    } else if (shift < 64) {
        n = m >> shift;
        rem = m & ((1ull << shift) - 1);
        half = 1ull << (shift - 1);
    } else if (shift == 64) {
        n = 0;
        rem = m;
        half = 1ull << 63;
    } else { /* m < 2^64 is under half a step of 2^shift: only the sticky bit is left */
        n = 0;
        rem = 1;
        half = 2;
    }
    if (rem) {
        switch (rnd) {
        case WS_RND_RZ: break;
        case WS_RND_RM: n += neg; break;
        case WS_RND_RP: n += !neg; break;
        default: n += rem > half || (rem == half && (n & 1)); break;
        }
    }
    /* a carry out of the fraction moves into the exponent field by itself */
    uint64_t bits = n == 0 ? 0 : ((uint64_t)(qe + fb + bias - 1) << fb) + n;
    uint32_t inf = exp_mask(bf);
    if (bits >= inf) {
        int to_inf = rnd == WS_RND_RZ ? 0 : rnd == WS_RND_RM ? neg : rnd == WS_RND_RP ? !neg : 1;
        bits = to_inf ? inf : inf - 1;
    }
    return (uint32_t)bits | (neg ? 0x8000u : 0);
}

uint32_t ws_half_from_double(double v, int bf, unsigned rnd)
{
    if (isnan(v))
        return CANONICAL_NAN_HALF;
    uint32_t sign = signbit(v) ? 0x8000u : 0;
    if (isinf(v))
        return sign | exp_mask(bf);
    if (v == 0)
        return sign;
    uint64_t u = f64_bits_of(v);
    unsigned e = (unsigned)(u >> 52) & 0x7ff;
    uint64_t m = u & ((1ull << 52) - 1);
    if (e)
        m |= 1ull << 52;
    return half_encode(sign != 0, m, (e ? (int)e : 1) - 1075, bf, rnd);
}

uint32_t ws_half_from_int(uint64_t v, int is_signed, int bf, unsigned rnd)
{
    int neg = is_signed && (int64_t)v < 0;
    uint64_t m = neg ? (uint64_t)0 - v : v;
    return m ? half_encode(neg, m, 0, bf, rnd) : 0;
}

/* a + b in round-to-odd (see the top of the file): exact when it is, else the double toward
 * zero with its last bit set. a and b are far from overflow, so TwoSum's error term is exact. */
static double add_odd(double a, double b)
{
    double s = a + b;
    if (!isfinite(s))
        return s;
    double bb = s - a;
    double e = (a - (s - bb)) + (b - bb);
    if (e == 0)
        return s;
    uint64_t u = f64_bits_of(s);
    if ((e < 0) != (s < 0)) /* the exact value lies between s and zero */
        u--;
    return as_f64(u | 1);
}

static int is_bf16(ws_type t) { return t == WS_T_BF16 || t == WS_T_BF16X2; }
static int is_pair(ws_type t) { return t == WS_T_F16X2 || t == WS_T_BF16X2; }

static double half_in(uint32_t h, int bf, int ftz) { return ws_half_to_double(ftz ? half_flush(h, bf) : h, bf); }

/* A rounded half result with .sat (to [0, 1], NaN to +0), .relu (negative to +0) and .ftz. */
static uint32_t half_finish(uint32_t r, int bf, uint32_t mods)
{
    if (half_is_nan(r, bf))
        return (mods & WS_MOD_SAT) ? 0 : CANONICAL_NAN_HALF;
    if ((mods & (WS_MOD_SAT | WS_MOD_RELU)) && (r & 0x8000u))
        return 0;
    uint32_t one = bf ? 0x3f80u : 0x3c00u;
    if ((mods & WS_MOD_SAT) && r > one)
        return one;
    return (mods & WS_MOD_FTZ) ? half_flush(r, bf) : r;
}

/* min/max: a NaN loses to a number, two NaNs (or any NaN with .NaN) give the canonical NaN,
 * -0 is below +0. */
static uint32_t half_minmax(uint32_t a, uint32_t b, int bf, uint32_t mods, int want_max)
{
    if (mods & WS_MOD_FTZ) {
        a = half_flush(a, bf);
        b = half_flush(b, bf);
    }
    int na = half_is_nan(a, bf), nb = half_is_nan(b, bf);
    if ((na && nb) || ((mods & WS_MOD_NAN) && (na || nb)))
        return CANONICAL_NAN_HALF;
    if (na || nb)
        return na ? b : a;
    double fa = ws_half_to_double(a, bf), fb = ws_half_to_double(b, bf);
    if (fa == fb) /* equal, or -0 and +0 */
        return (want_max ? (a & 0x8000u) : !(a & 0x8000u)) ? b : a;
    return (want_max ? fa > fb : fa < fb) ? a : b;
}

/* One half of add/sub/mul/fma/neg/abs/min/max. */
static uint32_t half_op(const ws_insn *in, int bf, uint32_t a, uint32_t b, uint32_t c)
{
    int ftz = (in->mods & WS_MOD_FTZ) != 0;
    double fa = half_in(a, bf, ftz), fb = half_in(b, bf, ftz), r;
    switch (in->op) {
    /* neg/abs of a NaN give the canonical NaN, as cuda_fp16.h/cuda_bf16.h's host versions of
     * __hneg and __habs do (written to match the device); other values change sign bit only */
    case WS_OP_NEG: return half_is_nan(a, bf) ? CANONICAL_NAN_HALF : ftz ? half_flush(a ^ 0x8000u, bf) : a ^ 0x8000u;
    case WS_OP_ABS: return half_is_nan(a, bf) ? CANONICAL_NAN_HALF : ftz ? half_flush(a & 0x7fffu, bf) : a & 0x7fffu;
    case WS_OP_MIN: return half_minmax(a, b, bf, in->mods, 0);
    case WS_OP_MAX: return half_minmax(a, b, bf, in->mods, 1);
    case WS_OP_ADD: r = add_odd(fa, fb); break;
    case WS_OP_SUB: r = add_odd(fa, -fb); break;
    case WS_OP_MUL: r = fa * fb; break;                        /* at most 22 significant bits: exact */
    default: r = add_odd(fa * fb, half_in(c, bf, ftz)); break; /* FMA */
    }
    return half_finish(ws_half_from_double(r, bf, WS_RND_RN), bf, in->mods);
}

/* The lanes where a NaN meets an instruction ptxas may fold away (ws_nan_fold): min/max.f16
 * of a NaN with the same NaN (ptxas folds min(x, x) to x for .f16 only: .bf16, .f16x2, .NaN and
 * .ftz forms run HMNMX2 or an add of -0, whose NaN is the canonical one, as warpsim's; SASS of
 * programs/probe_minmax_same, ptxas 13.0), and neg of a NaN in any half (two negations cancel,
 * fuzz v4 seed 2215; a single one is HADD2 -x, -0: the canonical NaN). */
static uint32_t nan_fold_lanes(const ws_insn *in, const uint64_t *a, const uint64_t *b, uint32_t mask, int bf)
{
    uint32_t lanes = 0;
    if (in->op == WS_OP_NEG) {
        unsigned halves = is_pair((ws_type)in->type) ? 2 : 1;
        FOR_EACH_LANE(mask, l)
            for (unsigned h = 0; h < halves; h++)
                lanes |= half_is_nan((uint32_t)(a[l] >> (16 * h)) & 0xffffu, bf) ? 1u << l : 0;
        return lanes;
    }
    if ((in->op != WS_OP_MIN && in->op != WS_OP_MAX) || in->type != WS_T_F16 || (in->mods & (WS_MOD_NAN | WS_MOD_FTZ)))
        return 0;
    FOR_EACH_LANE(mask, l) {
        uint32_t ha = (uint32_t)a[l] & 0xffffu, hb = (uint32_t)b[l] & 0xffffu;
        lanes |= half_is_nan(ha, 0) && ha == hb ? 1u << l : 0;
    }
    return lanes;
}

void ws_ex_half_arith(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    ws_type t = (ws_type)in->type;
    uint64_t na[32], nc[32];
    a_ = fneg_row(&in->ops[1], a_, ws_sign_bits(t), mask, na);
    c_ = in->nops > 3 ? fneg_row(&in->ops[3], c_, ws_sign_bits(t), mask, nc) : c_;
    int bf = is_bf16(t);
    uint32_t fold = nan_fold_lanes(in, a_, b_, mask, bf);
    if (is_pair(t))
        FOR_EACH_LANE(mask, l) {
            uint32_t lo = half_op(in, bf, A(l) & 0xffffu, B(l) & 0xffffu, C(l) & 0xffffu);
            uint32_t hi = half_op(in, bf, (A(l) >> 16) & 0xffffu, (B(l) >> 16) & 0xffffu, (C(l) >> 16) & 0xffffu);
            set_reg(x, D, l, (uint64_t)(lo | hi << 16));
        }
    else
        FOR_EACH_LANE(mask, l)
            set_reg(x, D, l, half_op(in, bf, A(l) & 0xffffu, B(l) & 0xffffu, C(l) & 0xffffu));
    if (fold)
        ws_nan_fold(x, in, fold);
}

/* The special functions of halves (MUFU.EX2.F16/.BF16, MUFU.TANH.F16/.BF16, measured over all
 * 2^16 halves on an H200, tools/mufu): the f32 unit of the half's exact single-precision value,
 * truncated toward zero to the half; a binary16 result of 2^16 or more is infinity (ex2).
 * Subnormal binary16 results stay. */
static uint32_t half_mufu(uint32_t h, int bf16, uint32_t (*unit)(uint32_t))
{
    float f = (float)ws_half_to_double(h, bf16); /* exact */
    uint32_t fb;
    memcpy(&fb, &f, sizeof fb);
    uint32_t r = unit(fb);
    float v;
    memcpy(&v, &r, sizeof v);
    if (!bf16 && v >= 65536.0f)
        return 0x7c00u;
    return ws_half_from_double(v, bf16, WS_RND_RZ);
}

uint32_t ws_half_ex2(uint32_t h, int bf16) { return half_mufu(h, bf16, ws_mufu_ex2); }
uint32_t ws_half_tanh(uint32_t h, int bf16) { return half_mufu(h, bf16, ws_mufu_tanh); }

/* ex2.approx.f16[x2], ex2.approx.ftz.bf16[x2], tanh.approx.{f16,bf16}[x2]: one half at a time */
void ws_ex_half_mufu(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    int bf = is_bf16((ws_type)in->type);
    uint32_t (*fn)(uint32_t, int) = in->op == WS_OP_TANH ? ws_half_tanh : ws_half_ex2;
    if (is_pair((ws_type)in->type))
        FOR_EACH_LANE(mask, l)
            set_reg(x, D, l, fn(A(l) & 0xffffu, bf) | fn((A(l) >> 16) & 0xffffu, bf) << 16);
    else
        FOR_EACH_LANE(mask, l)
            set_reg(x, D, l, fn(A(l) & 0xffffu, bf));
}

/* ---- comparisons -------------------------------------------------------------------------- */

static int bool_combine(unsigned boolop, int t, int c)
{
    switch (boolop) {
    case WS_BOOL_AND: return t && c;
    case WS_BOOL_OR: return t || c;
    case WS_BOOL_XOR: return t != c;
    default: return t;
    }
}

static int half_compare(const ws_insn *in, int bf, uint32_t a, uint32_t b)
{
    int ftz = (in->mods & WS_MOD_FTZ) != 0;
    return ws_float_compare(in->cmp, half_in(a & 0xffffu, bf, ftz), half_in(b & 0xffffu, bf, ftz));
}

/* setp.cmp.f16 p[|q], a, b[, c]: q is the complement; setp.cmp.f16x2 p|q: p the low halves'
 * result, q the high halves'. */
void ws_ex_half_setp(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    ws_type t = (ws_type)in->type;
    int bf = is_bf16(t);
    FOR_EACH_LANE(mask, l) {
        int c = in->nops > 3 ? C(l) != 0 : 0;
        int lo = half_compare(in, bf, A(l), B(l));
        int hi = is_pair(t) ? half_compare(in, bf, A(l) >> 16, B(l) >> 16) : !lo;
        set_reg(x, D, l, (uint64_t)bool_combine(in->sub, lo, c));
        set_reg(x, in->dpred, l, (uint64_t)bool_combine(in->sub, hi, c));
    }
}

/* set.cmp.dtype.stype with a half source: true is 1.0 for a half destination and all ones of
 * the element (16 bits per half of a pair) for an integer one. */
void ws_ex_half_set(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    ws_type dt = (ws_type)in->type, st = (ws_type)in->type2;
    int bf = is_bf16(st);
    uint32_t one = dt == WS_T_F16 || dt == WS_T_F16X2     ? 0x3c00u
                   : dt == WS_T_BF16 || dt == WS_T_BF16X2 ? 0x3f80u
                                                          : 0xffffu;
    uint64_t wide = ws_type_bits(dt) == 32 && !is_pair(st) && !ws_type_is_half(dt) ? 0xffffffffu : one;
    FOR_EACH_LANE(mask, l) {
        int c = in->nops > 3 ? C(l) != 0 : 0;
        uint64_t v = bool_combine(in->sub, half_compare(in, bf, A(l), B(l)), c) ? wide : 0;
        if (is_pair(st))
            v |= (uint64_t)(bool_combine(in->sub, half_compare(in, bf, A(l) >> 16, B(l) >> 16), c) ? one : 0) << 16;
        set_reg(x, D, l, v);
    }
}

/* ---- conversions -------------------------------------------------------------------------- */

static uint32_t to_half(const ws_insn *in, ws_type st, uint64_t a, int bf)
{
    uint32_t r;
    if (st >= WS_T_B8 && st <= WS_T_S64) {
        unsigned sb = ws_type_bits(st);
        int sgn = st >= WS_T_S8 && st <= WS_T_S64;
        r = ws_half_from_int(sgn ? sext(a, sb) : trunc_bits(a, sb), sgn, bf, in->rnd);
    } else {
        double v = st == WS_T_F32   ? (double)as_f32(a)
                   : st == WS_T_F64 ? as_f64(a)
                                    : ws_half_to_double((uint32_t)a & 0xffffu, is_bf16(st));
        /* From f64 a NaN keeps its sign and the top of its payload and becomes quiet (f16 0x7e00,
         * bf16 0x7fc0 for a quiet NaN of no payload): tests/corpus fp16_cvt_f64 and bf16_cvt_f64
         * on the H200 (driver 580.159.04, 2026-12-01); from f32 every NaN gives CANONICAL_NAN_HALF. */
        if (st == WS_T_F64 && isnan(v) && !(in->mods & WS_MOD_SAT)) {
            unsigned fbits = bf ? 7 : 10;
            uint32_t frac = (uint32_t)((a >> (52 - fbits)) & ((1u << fbits) - 1)) | 1u << (fbits - 1);
            return (uint32_t)(a >> 48 & 0x8000u) | exp_mask(bf) | frac;
        }
        r = ws_half_from_double(v, bf, in->rnd);
    }
    return half_finish(r, bf, in->mods & (WS_MOD_SAT | WS_MOD_RELU));
}

void ws_ex_half_cvt(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    ws_type dt = (ws_type)in->type, st = (ws_type)in->type2;
    FOR_EACH_LANE(mask, l) {
        uint64_t r;
        if (is_pair(dt)) { /* cvt.frnd.f16x2.f32 d, a, b: a to the high half, b to the low */
            r = (uint64_t)(to_half(in, st, B(l), is_bf16(dt)) | to_half(in, st, A(l), is_bf16(dt)) << 16);
        } else if (dt == st) { /* .rni/.rzi/.rmi/.rpi: to an integral value */
            double v = ws_half_to_double((uint32_t)A(l) & 0xffffu, is_bf16(st));
            switch (in->rnd) {
            case WS_RND_RZI: v = trunc(v); break;
            case WS_RND_RMI: v = floor(v); break;
            case WS_RND_RPI: v = ceil(v); break;
            default: v = ws_nearbyint(v); break;
            }
            r = half_finish(ws_half_from_double(v, is_bf16(dt), WS_RND_RN), is_bf16(dt), in->mods & WS_MOD_SAT); /* exact */
        } else if (ws_type_is_half(dt)) {
            r = to_half(in, st, A(l), is_bf16(dt));
        } else {
            uint32_t h = (uint32_t)A(l) & 0xffffu;
            double v = ws_half_to_double(h, is_bf16(st));
            if (dt == WS_T_F32 && is_bf16(st) && isnan(v) && !(in->mods & WS_MOD_SAT))
                r = (uint64_t)h << 16; /* bf16 is f32's top half: a NaN keeps its sign and payload, as
                                          cuda_bf16.h's mov.b32 {0, h} before sm_90 and on the host */
            else if (dt == WS_T_F32)
                r = f32_result((float)v, in->mods);
            else if (dt == WS_T_F64 && isnan(v) && !(in->mods & WS_MOD_SAT))
                r = f64_widened_nan(h >> 15, h, is_bf16(st) ? 7 : 10);
            else if (dt == WS_T_F64)
                r = f64_result(v, in->mods);
            else
                r = ws_float_to_int(v, dt, in->rnd);
        }
        set_reg(x, D, l, r);
    }
}

/* atom/red.add.noftz on halves: round to nearest, subnormals kept. */
uint64_t ws_half_atom_add(ws_type t, uint64_t old, uint64_t b)
{
    ws_insn add;
    memset(&add, 0, sizeof add);
    add.op = WS_OP_ADD;
    int bf = is_bf16(t);
    uint32_t lo = half_op(&add, bf, (uint32_t)old & 0xffffu, (uint32_t)b & 0xffffu, 0);
    if (!is_pair(t))
        return lo;
    return lo | (uint64_t)half_op(&add, bf, (uint32_t)(old >> 16) & 0xffffu, (uint32_t)(b >> 16) & 0xffffu, 0) << 16;
}
