/* Executors for arithmetic: what each lane computes, in the words of the PTX ISA.
 * Integers wrap at the type's width; floats are IEEE with the instruction's rounding;
 * timing lives elsewhere (sim/timing.c). */
#include "fp.h"
#include "half.h"
#include "mufu.h"
#include "sim.h"
#include "diag.h"
#include "ptxas.h"
#include "contract.h"

#include <stdlib.h>

#include "rows.h"

/* An f32 source as the instruction reads it: .ftz flushes subnormal inputs. */
static inline float ftz_in(const ws_insn *in, uint64_t bits)
{
    float f = as_f32(bits);
    return (in->mods & WS_MOD_FTZ) ? flush_f32(f) : f;
}

__extension__ typedef unsigned __int128 u128; /* GCC and Clang: the 64x64 product's high half */
__extension__ typedef __int128 s128;

/* Signed or unsigned value of an operand at the instruction's width, as 64 bits. */
static inline int64_t sval(uint64_t v, unsigned bits) { return (int64_t)sext(v, bits); }

/* One float body for f32 and f64: r is computed from fa/fb/fc of the right precision. */
#define FLOAT_OP(expr)                                                                                                 \
    do {                                                                                                               \
        uint64_t d_[32];                                                                                               \
        if (in->type == WS_T_F32) {                                                                                    \
            WITH_ROUNDING(in->rnd, PER_LANE(mask, l, {                                                                 \
                              float fa = ftz_in(in, a_[l]);                                                            \
                              float fb = ftz_in(in, b_[l]);                                                            \
                              float fc = ftz_in(in, c_[l]);                                                            \
                              (void)fb;                                                                                \
                              (void)fc;                                                                                \
                              d_[l] = f32_result((float)(expr), in->mods);                                             \
                          }));                                                                                         \
        } else {                                                                                                       \
            WITH_ROUNDING(in->rnd, PER_LANE(mask, l, {                                                                 \
                              double fa = as_f64(a_[l]);                                                               \
                              double fb = as_f64(b_[l]);                                                               \
                              double fc = as_f64(c_[l]);                                                               \
                              (void)fb;                                                                                \
                              (void)fc;                                                                                \
                              d_[l] = f64_result((double)(expr), in->mods);                                            \
                          }));                                                                                         \
        }                                                                                                              \
        ws_reg_put_row(x, D, mask, d_);                                                                                \
    } while (0)

static int is_float(const ws_insn *in) { return in->type == WS_T_F32 || in->type == WS_T_F64; }

static int64_t sat_s32(int64_t v) { return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v; }

/* d = a + b */
static void carry_op(ws_exec *x, const ws_insn *in, uint32_t mask, int sub, int carry_in, int mad);

/* add/min/max .u16x2 .s16x2: each 16-bit half on its own (__vadd2, __vmins2, __viaddmax_s16x2,
 * ...): add wraps within the half; .relu (s16x2) makes a negative half 0. */
enum { PACKED_ADD, PACKED_MIN, PACKED_MAX };
static void packed16(ws_exec *x, const ws_insn *in, uint32_t mask, int op)
{
    ROWS;
    int sgn = in->type == WS_T_S16X2, relu = (in->mods & WS_MOD_RELU) != 0;
    FOR_EACH_LANE(mask, l) {
        uint32_t d = 0;
        for (unsigned h = 0; h < 32; h += 16) {
            int32_t a = (int32_t)((A(l) >> h) & 0xffff), b = (int32_t)((B(l) >> h) & 0xffff), r;
            if (sgn) {
                a = (int16_t)a;
                b = (int16_t)b;
            }
            switch (op) {
            case PACKED_ADD: r = a + b; break;
            case PACKED_MIN: r = a < b ? a : b; break;
            default: r = a > b ? a : b; break;
            }
            if (relu && (int16_t)r < 0)
                r = 0;
            d |= ((uint32_t)r & 0xffff) << h;
        }
        set_reg(x, D, l, d);
    }
}

void ex_add(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (ws_type_is_half((ws_type)in->type)) {
        ws_ex_half_arith(x, in, mask);
        return;
    }
    if (ws_type_is_packed_int((ws_type)in->type)) {
        packed16(x, in, mask, PACKED_ADD);
        return;
    }
    if (in->mods & WS_MOD_CC) {
        carry_op(x, in, mask, 0, 0, 0);
        return;
    }
    ROWS;
    unsigned bits = ws_type_bits((ws_type)in->type);
    if (is_float(in))
        FLOAT_OP(fa + fb);
    else if (in->mods & WS_MOD_SAT)
        FOR_EACH_LANE(mask, l)
            set_reg(x, D, l, trunc_bits((uint64_t)sat_s32(sval(A(l), 32) + sval(B(l), 32)), 32));
    else {
        uint64_t d_[32];
        PER_LANE(mask, l, d_[l] = trunc_bits(A(l) + B(l), bits););
        ws_reg_put_row(x, D, mask, d_);
    }
}

/* d = a - b */
void ex_sub(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (ws_type_is_half((ws_type)in->type)) {
        ws_ex_half_arith(x, in, mask);
        return;
    }
    if (in->mods & WS_MOD_CC) {
        carry_op(x, in, mask, 1, 0, 0);
        return;
    }
    ROWS;
    unsigned bits = ws_type_bits((ws_type)in->type);
    if (is_float(in))
        FLOAT_OP(fa - fb);
    else if (in->mods & WS_MOD_SAT)
        FOR_EACH_LANE(mask, l)
            set_reg(x, D, l, trunc_bits((uint64_t)sat_s32(sval(A(l), 32) - sval(B(l), 32)), 32));
    else {
        uint64_t d_[32];
        PER_LANE(mask, l, d_[l] = trunc_bits(A(l) - B(l), bits););
        ws_reg_put_row(x, D, mask, d_);
    }
}

/* The product of a and b: .lo, .hi or .wide part of the double-width product. */
static uint64_t int_product(const ws_insn *in, uint64_t a, uint64_t b, uint64_t *hi_out)
{
    unsigned bits = ws_type_bits((ws_type)in->type);
    int sgn = ws_type_is_signed((ws_type)in->type);
    if (bits == 64) {
        u128 p = sgn ? (u128)((s128)(int64_t)a * (s128)(int64_t)b) : (u128)a * b;
        *hi_out = (uint64_t)(p >> 64);
        return (uint64_t)p;
    }
    uint64_t p = sgn ? (uint64_t)(sval(a, bits) * sval(b, bits)) : trunc_bits(a, bits) * trunc_bits(b, bits);
    *hi_out = trunc_bits(p >> bits, bits);
    return p; /* the full 2*bits product */
}

static uint64_t mul_part(const ws_insn *in, uint64_t a, uint64_t b)
{
    unsigned bits = ws_type_bits((ws_type)in->type);
    uint64_t hi;
    uint64_t p = int_product(in, a, b, &hi);
    switch (in->sub) {
    case WS_MUL_HI: return hi;
    case WS_MUL_WIDE: return trunc_bits(p, bits * 2);
    default: return trunc_bits(p, bits);
    }
}

/* d = a * b (.lo/.hi/.wide for integers) */
void ex_mul(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (ws_type_is_half((ws_type)in->type)) {
        ws_ex_half_arith(x, in, mask);
        return;
    }
    ROWS;
    if (is_float(in))
        FLOAT_OP(fa * fb);
    else
        FOR_EACH_LANE(mask, l)
            set_reg(x, D, l, mul_part(in, A(l), B(l)));
}

/* d = a * b + c; for floats a single rounding (mad.f32 with a rounding mode is fma) */
void ex_mad(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (in->mods & WS_MOD_CC) {
        carry_op(x, in, mask, 0, 0, 1);
        return;
    }
    ROWS;
    unsigned bits = ws_type_bits((ws_type)in->type);
    if (in->type == WS_T_F32)
        FLOAT_OP(ws_fmaf(fa, fb, fc));
    else if (in->type == WS_T_F64)
        FLOAT_OP(ws_fma(fa, fb, fc));
    else if (in->mods & WS_MOD_SAT) /* mad.hi.sat.s32 */
        FOR_EACH_LANE(mask, l)
            set_reg(x, D, l, trunc_bits((uint64_t)sat_s32(sval(mul_part(in, A(l), B(l)), 32) + sval(C(l), 32)), 32));
    else
        FOR_EACH_LANE(mask, l) {
            unsigned w = in->sub == WS_MUL_WIDE ? bits * 2 : bits;
            set_reg(x, D, l, trunc_bits(mul_part(in, A(l), B(l)) + C(l), w));
        }
}

/* The carry chain (extended-precision arithmetic): CC.CF, one bit per lane, in the register
 * in->dpred (the parser's %__cc). In the words of the PTX ISA:
 *   add.cc  d = a + b,                 carry-out to CC.CF
 *   addc    d = a + b + CC.CF,         with .cc carry-out to CC.CF
 *   sub.cc  d = a - b,                 borrow-out to CC.CF
 *   subc    d = a - (b + CC.CF),       with .cc borrow-out to CC.CF
 *   mad.cc  d = (a * b).lo/.hi + c,    carry-out to CC.CF
 *   madc    d = (a * b).lo/.hi + c + CC.CF, with .cc carry-out to CC.CF
 * The carry and the borrow are those of the unsigned bit patterns (signed types alike). The H200
 * keeps one flag for both, the carry of a + ~b + 1 for a subtraction (1 when nothing is borrowed):
 * add.cc then subc gave 5 - 2 = 3 and sub.cc (0 - 1) then addc 5 + 2 = 7 (programs/probe_int_modes,
 * H200, 2026-12-01); warpsim keeps the borrow and turns it over where a chain changes direction. */
static void carry_op(ws_exec *x, const ws_insn *in, uint32_t mask, int sub, int carry_in, int mad)
{
    ROWS;
    unsigned bits = ws_type_bits((ws_type)in->type);
    int write = (in->mods & WS_MOD_CC) != 0;
    FOR_EACH_LANE(mask, l) {
        /* cf holds the hardware's flag: the carry, or for a subtraction the carry of a + ~b + 1 */
        u128 a = trunc_bits(A(l), bits), b = trunc_bits(B(l), bits);
        uint64_t cf = ws_reg_get(x, in->dpred, l);              /* the carry register (CC.CF) */
        u128 cin = carry_in ? (sub ? !(cf & 1) : (cf & 1)) : 0; /* a borrow for a subtraction */
        if (mad) {
            uint64_t hi, lo = int_product(in, A(l), B(l), &hi);
            a = in->sub == WS_MUL_HI ? hi : trunc_bits(lo, bits);
            b = trunc_bits(C(l), bits);
        }
        u128 r = sub ? a - (b + cin) : a + b + cin;
        set_reg(x, D, l, trunc_bits((uint64_t)r, bits));
        if (write)
            set_reg(x, in->dpred, l, sub ? (uint64_t) !(a < b + cin) : (uint64_t)(r >> bits) & 1);
    }
}
void ex_addc(ws_exec *x, const ws_insn *in, uint32_t mask) { carry_op(x, in, mask, 0, 1, 0); }
void ex_subc(ws_exec *x, const ws_insn *in, uint32_t mask) { carry_op(x, in, mask, 1, 1, 0); }
void ex_madc(ws_exec *x, const ws_insn *in, uint32_t mask) { carry_op(x, in, mask, 0, 1, 1); }

/* d = a[23:0] * b[23:0]: .lo the low 32 bits, .hi bits 47..16 of the 48-bit product */
/* mul24 and mad24's product: a[23:0] * b[23:0] (sign-extended from bit 23 for .s32), 48 bits;
 * .lo: its bits 31..0, .hi: its bits 47..16. */
static uint32_t mul24_part(const ws_insn *in, uint64_t av, uint64_t bv)
{
    int sgn = ws_type_is_signed((ws_type)in->type);
    int64_t a = sgn ? sval(av, 24) : (int64_t)trunc_bits(av, 24);
    int64_t b = sgn ? sval(bv, 24) : (int64_t)trunc_bits(bv, 24);
    uint64_t p = (uint64_t)(a * b);
    return (uint32_t)(in->sub == WS_MUL_HI ? p >> 16 : p);
}

void ex_mul24(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    FOR_EACH_LANE(mask, l)
        set_reg(x, D, l, mul24_part(in, A(l), B(l)));
}

/* mad24: d = the mul24 part + c, wrapping at 32 bits; .hi.sat.s32 (the only .sat form): the sum
 * of the two as s32 values, clamped to MININT..MAXINT. */
void ex_mad24(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    int sat = (in->mods & WS_MOD_SAT) != 0;
    FOR_EACH_LANE(mask, l) {
        uint32_t t = mul24_part(in, A(l), B(l));
        int64_t s = (int64_t)(int32_t)t + (int64_t)(int32_t)C(l);
        uint64_t d = sat ? (uint64_t)sat_s32(s) : t + C(l);
        set_reg(x, D, l, trunc_bits(d, 32));
    }
}

/* Part i (of width bits) of a, zero-extended for .u32 and sign-extended for .s32. */
static int64_t dp_part(uint64_t a, unsigned i, unsigned bits, ws_type t)
{
    uint64_t v = trunc_bits(a >> (i * bits), bits);
    return ws_type_is_signed(t) ? sval(v, bits) : (int64_t)v;
}

/* dp4a.atype.btype: d = c + a.byte[0] * b.byte[0] + ... + a.byte[3] * b.byte[3], each byte
 * extended by its operand's type; the sum wraps at 32 bits (no saturation). */
void ex_dp4a(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    ws_type ta = (ws_type)in->type, tb = (ws_type)in->type2;
    FOR_EACH_LANE(mask, l) {
        uint64_t d = C(l);
        for (unsigned i = 0; i < 4; i++)
            d += (uint64_t)(dp_part(A(l), i, 8, ta) * dp_part(B(l), i, 8, tb));
        set_reg(x, D, l, trunc_bits(d, 32));
    }
}

/* dp2a.mode.atype.btype: d = c + a.half[0] * b.byte[k] + a.half[1] * b.byte[k + 1], k = 0 for
 * .lo and 2 for .hi, halves and bytes extended by their operand's type; wraps at 32 bits. */
void ex_dp2a(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    ws_type ta = (ws_type)in->type, tb = (ws_type)in->type2;
    unsigned k = in->sub == WS_MUL_HI ? 2 : 0;
    FOR_EACH_LANE(mask, l) {
        uint64_t d = C(l);
        for (unsigned i = 0; i < 2; i++)
            d += (uint64_t)(dp_part(A(l), i, 16, ta) * dp_part(B(l), k + i, 8, tb));
        set_reg(x, D, l, trunc_bits(d, 32));
    }
}

/* d = fma(a, b, c) rounded once */
void ex_fma(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (ws_type_is_half((ws_type)in->type)) {
        ws_ex_half_arith(x, in, mask);
        return;
    }
    ROWS;
    uint64_t na[32], nc[32], sign = ws_sign_bits((ws_type)in->type);
    a_ = fneg_row(&in->ops[1], a_, sign, mask, na);
    c_ = fneg_row(&in->ops[3], c_, sign, mask, nc);
    if (in->type == WS_T_F32)
        FLOAT_OP(ws_fmaf(fa, fb, fc));
    else
        FLOAT_OP(ws_fma(fa, fb, fc));
}

int ws_insn_calls_fma(const ws_insn *in)
{
    return (in->op == WS_OP_FMA || in->op == WS_OP_MAD) && (in->type == WS_T_F32 || in->type == WS_T_F64);
}

/* One f32 special function on every lane: the bits of a in, the bits of d out. */
#define MUFU_OP(call)                                                                                                  \
    FOR_EACH_LANE(mask, l) {                                                                                           \
        uint32_t a = (uint32_t)A(l), b = (uint32_t)B(l);                                                               \
        (void)b;                                                                                                       \
        set_reg(x, D, l, (uint64_t)(call));                                                                            \
    }

/* Integer division: by zero gives all ones (the hardware's emulation sequence does), and
 * warpsim warns. The most negative value divided by -1 gives itself. */
void ex_div(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = ws_type_bits((ws_type)in->type);
    if (is_float(in)) {
        bool ftz = in->mods & WS_MOD_FTZ;
        if (in->type == WS_T_F32 && (in->mods & WS_MOD_APPROX))
            MUFU_OP(ws_ptx_div_approx(a, b, ftz))
        else if (in->type == WS_T_F32 && (in->mods & WS_MOD_FULL))
            MUFU_OP(ws_ptx_div_full(a, b, ftz))
        else
            FLOAT_OP(fa / fb);
        return;
    }
    uint32_t zero = 0;
    int sgn = ws_type_is_signed((ws_type)in->type);
    FOR_EACH_LANE(mask, l) {
        uint64_t a = A(l), b = trunc_bits(B(l), bits), r;
        if (b == 0) {
            zero |= 1u << l;
            r = ~0ull;
        } else if (sgn) {
            int64_t sa = sval(a, bits), sb = sval(b, bits);
            r = (sb == -1) ? (uint64_t)0 - (uint64_t)sa : (uint64_t)(sa / sb);
        } else {
            r = trunc_bits(a, bits) / b;
        }
        set_reg(x, D, l, trunc_bits(r, bits));
    }
    if (zero)
        ws_diag_report(x, WS_DIAG_DIV_BY_ZERO, zero, "integer division by zero (result: all ones)");
}

/* d = a % b with the sign of a; by zero gives a */
void ex_rem(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = ws_type_bits((ws_type)in->type);
    int sgn = ws_type_is_signed((ws_type)in->type);
    uint32_t zero = 0;
    FOR_EACH_LANE(mask, l) {
        uint64_t a = A(l), b = trunc_bits(B(l), bits), r;
        if (b == 0) {
            zero |= 1u << l;
            r = a;
        } else if (sgn) {
            int64_t sa = sval(a, bits), sb = sval(b, bits);
            r = sb == -1 ? 0 : (uint64_t)(sa % sb);
        } else {
            r = trunc_bits(a, bits) % b;
        }
        set_reg(x, D, l, trunc_bits(r, bits));
    }
    if (zero)
        ws_diag_report(x, WS_DIAG_DIV_BY_ZERO, zero, "integer remainder by zero (result: the dividend)");
}

void ex_abs(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (ws_type_is_half((ws_type)in->type)) {
        ws_ex_half_arith(x, in, mask);
        return;
    }
    ROWS;
    unsigned bits = ws_type_bits((ws_type)in->type);
    if (in->type == WS_T_F32) /* abs clears the sign bit, NaN included */
        FOR_EACH_LANE(mask, l) {
            uint64_t v = A(l) & 0x7fffffffu;
            set_reg(x, D, l, (in->mods & WS_MOD_FTZ) ? f32_bits_of(flush_f32(as_f32(v))) : v);
        }
    else if (in->type == WS_T_F64)
        FOR_EACH_LANE(mask, l)
            set_reg(x, D, l, A(l) & 0x7fffffffffffffffull);
    else
        FOR_EACH_LANE(mask, l) {
            int64_t v = sval(A(l), bits);
            set_reg(x, D, l, trunc_bits((uint64_t)(v < 0 ? -(uint64_t)v : (uint64_t)v), bits));
        }
}

void ex_neg(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (ws_type_is_half((ws_type)in->type)) {
        ws_ex_half_arith(x, in, mask);
        return;
    }
    ROWS;
    unsigned bits = ws_type_bits((ws_type)in->type);
    if (in->type == WS_T_F32) /* neg flips the sign bit, NaN included */
        FOR_EACH_LANE(mask, l) {
            uint64_t v = (A(l) ^ 0x80000000u) & 0xffffffffu;
            set_reg(x, D, l, (in->mods & WS_MOD_FTZ) ? f32_bits_of(flush_f32(as_f32(v))) : v);
        }
    else if (in->type == WS_T_F64)
        FOR_EACH_LANE(mask, l)
            set_reg(x, D, l, A(l) ^ 0x8000000000000000ull);
    else
        FOR_EACH_LANE(mask, l)
            set_reg(x, D, l, trunc_bits((uint64_t)0 - A(l), bits));
}

/* min/max: a NaN operand loses to a number; two NaNs give the canonical NaN (or with .NaN,
 * any NaN operand gives the canonical NaN). -0 is less than +0. min/max.relu.s32: a negative
 * result is 0. */
static void minmax(ws_exec *x, const ws_insn *in, uint32_t mask, int want_max)
{
    if (ws_type_is_half((ws_type)in->type)) {
        ws_ex_half_arith(x, in, mask);
        return;
    }
    if (ws_type_is_packed_int((ws_type)in->type)) {
        packed16(x, in, mask, want_max ? PACKED_MAX : PACKED_MIN);
        return;
    }
    ROWS;
    unsigned bits = ws_type_bits((ws_type)in->type);
    int sgn = ws_type_is_signed((ws_type)in->type);
    uint32_t same = 0; /* lanes comparing a NaN with the same NaN */
    FOR_EACH_LANE(mask, l) {
        uint64_t r;
        if (is_float(in)) {
            double a = in->type == WS_T_F32 ? (double)ftz_in(in, a_[l]) : as_f64(a_[l]);
            double b = in->type == WS_T_F32 ? (double)ftz_in(in, b_[l]) : as_f64(b_[l]);
            double m;
            same |= isnan(a) && trunc_bits(A(l), bits) == trunc_bits(B(l), bits) ? 1u << l : 0; /* f32, f64 */
            if (isnan(a) && isnan(b))
                m = NAN;
            else if ((in->mods & WS_MOD_NAN) && (isnan(a) || isnan(b)))
                m = NAN;
            else if (isnan(a))
                m = b;
            else if (isnan(b))
                m = a;
            else if (a == b) /* -0 < +0 */
                m = want_max ? (signbit(a) ? b : a) : (signbit(a) ? a : b);
            else
                m = want_max ? (a > b ? a : b) : (a < b ? a : b);
            r = in->type == WS_T_F32 ? f32_result((float)m, in->mods & WS_MOD_FTZ) : f64_result(m, 0);
        } else if (sgn) {
            int64_t a = sval(A(l), bits), b = sval(B(l), bits), m = want_max ? (a > b ? a : b) : (a < b ? a : b);
            if ((in->mods & WS_MOD_RELU) && m < 0)
                m = 0;
            r = trunc_bits((uint64_t)m, bits);
        } else {
            uint64_t a = trunc_bits(A(l), bits), b = trunc_bits(B(l), bits);
            r = want_max ? (a > b ? a : b) : (a < b ? a : b);
        }
        set_reg(x, D, l, r);
    }
    if (same && !(in->mods & (WS_MOD_NAN | WS_MOD_FTZ))) /* ptxas keeps those: the canonical NaN */
        ws_nan_fold(x, in, same);
}
void ex_min(ws_exec *x, const ws_insn *in, uint32_t mask) { minmax(x, in, mask, 0); }
void ex_max(ws_exec *x, const ws_insn *in, uint32_t mask) { minmax(x, in, mask, 1); }

/* d = c + |a - b| */
void ex_sad(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = ws_type_bits((ws_type)in->type);
    int sgn = ws_type_is_signed((ws_type)in->type);
    FOR_EACH_LANE(mask, l) {
        uint64_t diff;
        if (sgn) {
            int64_t a = sval(A(l), bits), b = sval(B(l), bits);
            diff = a > b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a; /* no signed overflow at the extremes */
        } else {
            uint64_t a = trunc_bits(A(l), bits), b = trunc_bits(B(l), bits);
            diff = a > b ? a - b : b - a;
        }
        set_reg(x, D, l, trunc_bits(C(l) + diff, bits));
    }
}

/* ---- special functions: the .rn forms are exact IEEE; the .approx.f32 forms are MUFU and the
 * instructions ptxas puts around it (sim/mufu_ptx.c). ---- */

void ex_rcp(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    if (in->type == WS_T_F32 && (in->mods & WS_MOD_APPROX))
        MUFU_OP(ws_ptx_rcp_approx(a, in->mods & WS_MOD_FTZ))
    else if (in->type == WS_T_F32)
        FLOAT_OP(1.0f / fa);
    else
        FLOAT_OP(1.0 / fa);
}
void ex_sqrt(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    if (in->type == WS_T_F32 && (in->mods & WS_MOD_APPROX))
        MUFU_OP(ws_ptx_sqrt_approx(a, in->mods & WS_MOD_FTZ))
    else if (in->type == WS_T_F32)
        FLOAT_OP(ws_sqrtf(fa));
    else
        FLOAT_OP(ws_sqrt(fa));
}
void ex_rsqrt(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    if (in->type == WS_T_F32)
        MUFU_OP(ws_ptx_rsqrt_approx(a, in->mods & WS_MOD_FTZ))
    else
        FLOAT_OP(1.0 / ws_sqrt(fa));
}
void ex_ex2(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (ws_type_is_half((ws_type)in->type)) {
        ws_ex_half_mufu(x, in, mask);
        return;
    }
    ROWS;
    MUFU_OP(ws_ptx_ex2_approx(a, in->mods & WS_MOD_FTZ))
}
void ex_lg2(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    MUFU_OP(ws_ptx_lg2_approx(a, in->mods & WS_MOD_FTZ))
}
void ex_sin(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    MUFU_OP(ws_ptx_sin_approx(a)) /* .ftz or not: the same SASS */
}
void ex_cos(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    MUFU_OP(ws_ptx_cos_approx(a))
}
void ex_tanh(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (ws_type_is_half((ws_type)in->type)) {
        ws_ex_half_mufu(x, in, mask);
        return;
    }
    ROWS;
    MUFU_OP(ws_mufu_tanh(a)) /* MUFU.TANH alone */
}

void ex_copysign(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    uint64_t sign = in->type == WS_T_F32 ? 0x80000000ull : 0x8000000000000000ull;
    FOR_EACH_LANE(mask, l)
        set_reg(x, D, l, (B(l) & ~sign) | (A(l) & sign));
}

/* p = class test of a */
void ex_testp(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    FOR_EACH_LANE(mask, l) {
        double v = in->type == WS_T_F32 ? (double)as_f32(A(l)) : as_f64(A(l));
        int cls = in->type == WS_T_F32 ? fpclassify(as_f32(A(l))) : fpclassify(v);
        int r;
        switch (in->sub) {
        case 0: r = isfinite(v); break;
        case 1: r = isinf(v); break;
        case 2: r = !isnan(v); break;
        case 3: r = isnan(v) != 0; break;
        case 4: r = cls == FP_NORMAL; break;
        default: r = cls == FP_SUBNORMAL; break;
        }
        set_reg(x, D, l, (uint64_t)(r != 0));
    }
}
