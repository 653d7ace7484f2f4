/* Executors for moves, conversions, comparisons and bit manipulation. */
#include "fp.h"
#include "half.h"
#include "sim.h"
#include "diag.h"
#include "memory.h"

#include <limits.h>

#include "prmt_rule.h"
#include "rows.h"

static unsigned tbits(const ws_insn *in) { return in->type == WS_T_PRED ? 1 : ws_type_bits((ws_type)in->type); }

/* d = a; vector operands pack ({lo, hi} -> d) or unpack (d -> {lo, hi}) */
void ex_mov(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    const ws_operand *d = &in->ops[0], *a = &in->ops[1];
    unsigned bits = tbits(in);
    if (in->vec > 1) { /* mov.v2/.v4: element by element, every source read before any is written */
        uint64_t v[4][32];
        for (unsigned i = 0; i < in->vec; i++)
            FOR_EACH_LANE(mask, l) v[i][l] = trunc_bits(ws_reg_get(x, a->regs[i], l), bits);
        for (unsigned i = 0; i < in->vec; i++)
            if (d->regs[i] != WS_NO_REG)
                FOR_EACH_LANE(mask, l) set_reg(x, d->regs[i], l, v[i][l]);
    } else if (a->kind == WS_OPND_VEC) {
        unsigned part = bits / a->nvec;
        FOR_EACH_LANE(mask, l) {
            uint64_t v = 0;
            for (unsigned i = 0; i < a->nvec; i++)
                if (a->regs[i] != WS_NO_REG)
                    v |= trunc_bits(ws_reg_get(x, a->regs[i], l), part) << (i * part);
            set_reg(x, d->reg, l, v);
        }
    } else if (d->kind == WS_OPND_VEC) {
        unsigned part = bits / d->nvec;
        FOR_EACH_LANE(mask, l) {
            uint64_t v = opnd(x, a, l);
            for (unsigned i = 0; i < d->nvec; i++)
                set_reg(x, d->regs[i], l, trunc_bits(v >> (i * part), part));
        }
    } else {
        uint64_t tmp[32], dst[32];
        const uint64_t *src = operand_row(x, a, mask, tmp);
        uint64_t keep = bits >= 64 ? ~0ull : (1ull << bits) - 1;
        if (d->kind != WS_OPND_REG)
            return; /* mov to the sink '_' */
        for (unsigned l = 0; l < 32; l++)
            dst[l] = src[l] & keep;
        ws_reg_put_row(x, d->reg, mask, dst);
    }
}

/* d = c ? a : b */
void ex_selp(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    FOR_EACH_LANE(mask, l) set_reg(x, D, l, C(l) ? A(l) : B(l));
}

/* slct.dtype.s32: d = c >= 0 ? a : b. slct.dtype.f32: the same with c a float: -0.0 selects a,
 * NaN selects b; .ftz: a subnormal c is a zero of its sign, so it selects a (without .ftz a
 * negative subnormal selects b). */
void ex_slct(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    int fsel = in->type2 == WS_T_F32, ftz = (in->mods & WS_MOD_FTZ) != 0;
    unsigned bits = tbits(in);
    FOR_EACH_LANE(mask, l) {
        int take_a;
        if (fsel) {
            float c = as_f32(C(l));
            take_a = (ftz ? flush_f32(c) : c) >= 0.0f;
        } else {
            take_a = (int32_t)(uint32_t)C(l) >= 0;
        }
        set_reg(x, D, l, trunc_bits(take_a ? A(l) : B(l), bits));
    }
}

/* cvt.pack.sat.type.s32[.b32]: a and b clamped to the 8- or 16-bit type's range; d = a's bits
 * above b's, and for .u8/.s8 the low 16 bits of c above both (bits 31..16). */
void ex_cvt_pack(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    ws_type t = (ws_type)in->type;
    unsigned bits = ws_type_bits(t);
    int64_t lo = ws_type_is_signed(t) ? -((int64_t)1 << (bits - 1)) : 0;
    int64_t hi = ws_type_is_signed(t) ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
    FOR_EACH_LANE(mask, l) {
        int64_t a = (int32_t)(uint32_t)A(l), b = (int32_t)(uint32_t)B(l);
        a = a < lo ? lo : a > hi ? hi : a;
        b = b < lo ? lo : b > hi ? hi : b;
        uint64_t d = trunc_bits((uint64_t)a, bits) << bits | trunc_bits((uint64_t)b, bits);
        if (bits == 8)
            d |= trunc_bits(C(l), 16) << 16;
        set_reg(x, D, l, d);
    }
}

/* ---- comparisons ------------------------------------------------------------------------------ */

static int compare(const ws_insn *in, ws_type t, uint64_t a, uint64_t b)
{
    if (t == WS_T_F32 || t == WS_T_F64) {
        double fa = t == WS_T_F32 ? (double)as_f32(a) : as_f64(a);
        double fb = t == WS_T_F32 ? (double)as_f32(b) : as_f64(b);
        if ((in->mods & WS_MOD_FTZ) && t == WS_T_F32) {
            fa = flush_f32((float)fa);
            fb = flush_f32((float)fb);
        }
        return ws_float_compare(in->cmp, fa, fb);
    }
    unsigned bits = t == WS_T_PRED ? 1 : ws_type_bits(t);
    uint64_t ua = trunc_bits(a, bits), ub = trunc_bits(b, bits);
    int64_t sa = (int64_t)sext(a, bits), sb = (int64_t)sext(b, bits);
    int sgn = ws_type_is_signed(t);
    switch (in->cmp) {
    case WS_CMP_EQ: return ua == ub;
    case WS_CMP_NE: return ua != ub;
    case WS_CMP_LT: return sgn ? sa < sb : ua < ub;
    case WS_CMP_LE: return sgn ? sa <= sb : ua <= ub;
    case WS_CMP_GT: return sgn ? sa > sb : ua > ub;
    case WS_CMP_GE: return sgn ? sa >= sb : ua >= ub;
    case WS_CMP_LO: return ua < ub;
    case WS_CMP_LS: return ua <= ub;
    case WS_CMP_HI: return ua > ub;
    case WS_CMP_HS: return ua >= ub;
    default: return 0;
    }
}

static int combine(unsigned boolop, int t, int c)
{
    switch (boolop) {
    case WS_BOOL_AND: return t && c;
    case WS_BOOL_OR: return t || c;
    case WS_BOOL_XOR: return t != c;
    default: return t;
    }
}

/* p = (a CMP b) BOOL c; the |q destination gets (!(a CMP b)) BOOL c */
void ex_setp(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (ws_type_is_half((ws_type)in->type)) {
        ws_ex_half_setp(x, in, mask);
        return;
    }
    ROWS;
    FOR_EACH_LANE(mask, l) {
        int t = compare(in, (ws_type)in->type, A(l), B(l));
        int c = in->nops > 3 ? C(l) != 0 : 0;
        set_reg(x, D, l, (uint64_t)combine(in->sub, t, c));
        set_reg(x, in->dpred, l, (uint64_t)combine(in->sub, !t, c));
    }
}

/* d = (a CMP b) BOOL c ? all ones (1.0 for a float destination) : 0 */
void ex_set(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (ws_type_is_half((ws_type)in->type2)) {
        ws_ex_half_set(x, in, mask);
        return;
    }
    ROWS;
    uint64_t one = in->type == WS_T_F32 ? 0x3f800000u : in->type == WS_T_F16 ? 0x3c00u : in->type == WS_T_BF16 ? 0x3f80u
                                                                                    : trunc_bits(~0ull, tbits(in));
    FOR_EACH_LANE(mask, l) {
        int t = combine(in->sub, compare(in, (ws_type)in->type2, A(l), B(l)), in->nops > 3 ? C(l) != 0 : 0);
        set_reg(x, D, l, t ? one : 0);
    }
}

/* ---- conversions ------------------------------------------------------------------------------- */

static uint64_t clamp_int(uint64_t v, ws_type from, ws_type to, int sat)
{
    unsigned fb = ws_type_bits(from), tb = ws_type_bits(to);
    int fs = ws_type_is_signed(from), ts = ws_type_is_signed(to);
    if (!sat)
        return trunc_bits(fs ? sext(v, fb) : trunc_bits(v, fb), tb);
    /* .sat: clamp to the destination's range */
    if (fs) {
        int64_t s = (int64_t)sext(v, fb);
        int64_t lo = ts ? (tb == 64 ? INT64_MIN : -(int64_t)(1ull << (tb - 1))) : 0;
        int64_t hi = ts ? (tb == 64 ? INT64_MAX : (int64_t)((1ull << (tb - 1)) - 1))
                        : (tb >= 64 ? INT64_MAX : (int64_t)((1ull << tb) - 1));
        return trunc_bits((uint64_t)(s < lo ? lo : s > hi ? hi : s), tb);
    }
    uint64_t u = trunc_bits(v, fb);
    uint64_t hi = ts ? (1ull << (tb - 1)) - 1 : trunc_bits(~0ull, tb);
    return u > hi ? hi : u;
}

/* d = convert(a): dtype is in->type, stype in->type2 */
void ex_cvt(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ws_type dt = (ws_type)in->type, st = (ws_type)in->type2;
    if (ws_type_is_half(dt) || ws_type_is_half(st)) {
        ws_ex_half_cvt(x, in, mask);
        return;
    }
    ROWS;
    int dfl = ws_type_is_float(dt), sfl = ws_type_is_float(st);
    int ftz = (in->mods & WS_MOD_FTZ) != 0;
    FOR_EACH_LANE(mask, l) {
        uint64_t a = A(l), r;
        if (!dfl && !sfl) {
            r = clamp_int(a, st, dt, (in->mods & WS_MOD_SAT) != 0);
        } else if (sfl && !dfl) {
            double v = st == WS_T_F32 ? (double)(ftz ? flush_f32(as_f32(a)) : as_f32(a)) : as_f64(a);
            r = ws_float_to_int(v, dt, in->rnd);
        } else if (!sfl && dfl) {
            unsigned sb = ws_type_bits(st);
            int sgn = ws_type_is_signed(st);
            int64_t sv = (int64_t)sext(a, sb);
            uint64_t uv = trunc_bits(a, sb);
            if (dt == WS_T_F32) {
                float f;
                WITH_ROUNDING(in->rnd, f = sgn ? (float)sv : (float)uv);
                r = f32_result(f, in->mods);
            } else {
                double d;
                WITH_ROUNDING(in->rnd, d = sgn ? (double)sv : (double)uv);
                r = f64_result(d, in->mods);
            }
        } else { /* float to float */
            double v = st == WS_T_F32 ? (double)(ftz ? flush_f32(as_f32(a)) : as_f32(a)) : as_f64(a);
            int to_int = in->rnd == WS_RND_RNI || in->rnd == WS_RND_RZI || in->rnd == WS_RND_RMI || in->rnd == WS_RND_RPI;
            if (to_int) {
                int m = fe_mode(in->rnd);
                ws_fesetround(m);
                v = ws_nearbyint(v);
                ws_fesetround(FE_TONEAREST);
            }
            if (dt == WS_T_F32) {
                float f;
                WITH_ROUNDING(to_int ? WS_RND_RN : in->rnd, f = (float)v);
                r = f32_result(f, in->mods);
            } else if (st == WS_T_F32 && isnan(v) && !(in->mods & WS_MOD_SAT)) {
                r = f64_widened_nan((uint32_t)a >> 31, a, 23);
            } else {
                r = f64_result(v, in->mods);
            }
        }
        set_reg(x, D, l, r);
    }
}

/* cvta: generic <-> state-space address. Generic shared, local and param addresses are the
 * space's offset plus its window (memory.h); global addresses are the same in both. */
void ex_cvta(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    uint64_t window = ws_space_window((ws_space)in->space); /* const addresses already sit in theirs */
    unsigned bits = tbits(in);
    FOR_EACH_LANE(mask, l) {
        uint64_t a = A(l);
        uint64_t r = (in->mods & WS_MOD_TO) ? a - window : a + window;
        set_reg(x, D, l, trunc_bits(r, bits));
    }
}

/* isspacep: whether the generic address a lies in a window of warpsim's generic space (memory.h),
 * the windows cvta makes. The PTX ISA: the .param window lies inside the .global window, and a
 * non-cluster launch's .shared::cluster window is its CTA's, .shared::cta's. Everything outside
 * the shared, local and const windows is global (ws_resolve_generic), null included. The const
 * window is its own: on the H200 (tests/corpus/isa_isspacep, 2026-12-02) isspacep.const is true
 * and .global false for a cvta.const address, and .const false for global, shared, local, param
 * and null ones. */
void ex_isspacep(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    FOR_EACH_LANE(mask, l) {
        uint64_t a = A(l);
        ws_space s = ws_resolve_generic(WS_SPACE_GENERIC, &a);
        int r;
        switch (in->sub) {
        case WS_ISSPACE_SHARED:
        case WS_ISSPACE_SHARED_CTA:
        case WS_ISSPACE_SHARED_CLUSTER: r = s == WS_SPACE_SHARED; break;
        case WS_ISSPACE_LOCAL: r = s == WS_SPACE_LOCAL; break;
        case WS_ISSPACE_CONST: r = s == WS_SPACE_CONST; break;
        case WS_ISSPACE_PARAM:
        case WS_ISSPACE_PARAM_ENTRY: r = s == WS_SPACE_PARAM; break;
        default: /* .global */ r = s == WS_SPACE_GLOBAL || s == WS_SPACE_PARAM; break;
        }
        set_reg(x, D, l, (uint64_t)r);
    }
}

/* ---- bits --------------------------------------------------------------------------------------- */

void ex_and(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    FOR_EACH_LANE(mask, l) set_reg(x, D, l, A(l) & B(l));
}
void ex_or(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    FOR_EACH_LANE(mask, l) set_reg(x, D, l, A(l) | B(l));
}
void ex_xor(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    FOR_EACH_LANE(mask, l) set_reg(x, D, l, A(l) ^ B(l));
}
void ex_not(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = tbits(in);
    FOR_EACH_LANE(mask, l) set_reg(x, D, l, trunc_bits(~A(l), bits));
}
void ex_cnot(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = tbits(in);
    FOR_EACH_LANE(mask, l) set_reg(x, D, l, trunc_bits(A(l), bits) == 0);
}

/* d = LUT(a, b, c): bit i of the result is bit (a_i<<2 | b_i<<1 | c_i) of the lookup table */
void ex_lop3(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    FOR_EACH_LANE(mask, l) {
        uint32_t a = (uint32_t)A(l), b = (uint32_t)B(l), c = (uint32_t)C(l);
        uint32_t lut = (uint32_t)opnd(x, &in->ops[4], l) & 0xff, r = 0;
        for (unsigned k = 0; k < 8; k++)
            if (lut >> k & 1)
                r |= ((k & 4) ? a : ~a) & ((k & 2) ? b : ~b) & ((k & 1) ? c : ~c);
        set_reg(x, D, l, r);
    }
}

/* Shifts clamp their amount at the width: shl gives 0, shr gives 0 or the sign. */
void ex_shl(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = tbits(in);
    FOR_EACH_LANE(mask, l) {
        uint32_t s = (uint32_t)B(l);
        set_reg(x, D, l, s >= bits ? 0 : trunc_bits(A(l) << s, bits));
    }
}
void ex_shr(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = tbits(in);
    int sgn = ws_type_is_signed((ws_type)in->type);
    FOR_EACH_LANE(mask, l) {
        uint32_t s = (uint32_t)B(l);
        if (s > bits - 1)
            s = bits;
        uint64_t r;
        if (sgn) {
            int64_t v = (int64_t)sext(A(l), bits);
            r = (uint64_t)(s >= bits ? (v < 0 ? -1 : 0) : v >> s);
        } else {
            r = s >= bits ? 0 : trunc_bits(A(l), bits) >> s;
        }
        set_reg(x, D, l, trunc_bits(r, bits));
    }
}

/* shf.l/r: the 64-bit value {b:a} shifted by c (clamped at 32, or taken mod 32 with .wrap);
 * .l gives the high word, .r the low word */
void ex_shf(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    FOR_EACH_LANE(mask, l) {
        uint64_t v = ((uint64_t)(uint32_t)B(l) << 32) | (uint32_t)A(l);
        uint32_t n = (uint32_t)C(l);
        n = (in->mods & WS_MOD_WRAP) ? n & 31 : (n > 32 ? 32 : n);
        uint64_t r = (in->mods & WS_MOD_SHF_L) ? (v << n) >> 32 : v >> n;
        set_reg(x, D, l, (uint32_t)r);
    }
}

void ex_popc(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = tbits(in);
    FOR_EACH_LANE(mask, l) set_reg(x, D, l, (uint64_t)__builtin_popcountll(trunc_bits(A(l), bits)));
}
void ex_clz(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = tbits(in);
    FOR_EACH_LANE(mask, l) {
        uint64_t v = trunc_bits(A(l), bits);
        set_reg(x, D, l, v ? (uint64_t)(__builtin_clzll(v) - (64 - (int)bits)) : bits);
    }
}
void ex_brev(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = tbits(in);
    FOR_EACH_LANE(mask, l) {
        uint64_t v = A(l), r = 0;
        for (unsigned i = 0; i < bits; i++)
            r |= ((v >> i) & 1) << (bits - 1 - i);
        set_reg(x, D, l, r);
    }
}

/* bfind: position of the most significant bit that differs from the sign (1 for unsigned),
 * 0xffffffff if there is none; .shiftamt gives width-1-position instead */
void ex_bfind(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = tbits(in);
    int sgn = ws_type_is_signed((ws_type)in->type);
    FOR_EACH_LANE(mask, l) {
        uint64_t v = trunc_bits(A(l), bits);
        if (sgn && ((v >> (bits - 1)) & 1))
            v = trunc_bits(~v, bits);
        uint64_t r = 0xffffffffu;
        if (v) {
            unsigned pos = 63 - (unsigned)__builtin_clzll(v);
            r = (in->mods & WS_MOD_SHIFTAMT) ? bits - 1 - pos : pos;
        }
        set_reg(x, D, l, r);
    }
}

/* bfe: len bits of a from pos, sign-extended from the field's top bit for signed types */
/* What the H200 does with bfe.s32 whose pos and len are both immediates (tests/golden/
 * sweep_bfi_imm, H200, driver 580.159.04, 2026-11-29): a pos of 32 or more with a len of 1 or
 * more gives 0xffffffff in every lane, whatever the sign of a (the PTX text: a's sign bit,
 * which the same instruction with registers gives). Measured for pos 32 and 33, len 0..40;
 * every pos 0..31 follows the text, and bfe.u32 follows it everywhere. */
static int bfe_immediate_all_ones(const ws_insn *in, unsigned bits, int sgn, unsigned pos, unsigned len)
{
    int immediates = in->ops[2].kind == WS_OPND_IMM && in->ops[3].kind == WS_OPND_IMM;
    return immediates && sgn && bits == 32 && pos >= 32 && len != 0;
}

void ex_bfe(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = tbits(in);
    int sgn = ws_type_is_signed((ws_type)in->type);
    FOR_EACH_LANE(mask, l) {
        uint64_t a = trunc_bits(A(l), bits);
        unsigned pos = (unsigned)B(l) & 0xff, len = (unsigned)C(l) & 0xff;
        if (bfe_immediate_all_ones(in, bits, sgn, pos, len)) {
            set_reg(x, D, l, 0xffffffffu);
            continue;
        }
        unsigned top = pos + len - 1 < bits - 1 ? pos + len - 1 : bits - 1;
        uint64_t sbit = (sgn && len) ? (a >> top) & 1 : 0;
        uint64_t r = 0;
        for (unsigned i = 0; i < bits; i++) {
            uint64_t bit = (i < len && pos + i < bits) ? (a >> (pos + i)) & 1 : sbit;
            r |= bit << i;
        }
        set_reg(x, D, l, r);
    }
}

/* bfi: insert the low len bits of a into b at pos */
/* What the H200 does with bfi.b32 whose pos and len are both immediates (tests/golden/sweep_bfi,
 * H200, driver 580.159.04, 2026-11-29): a len of 32 or more is taken modulo 32 (len 32 and 64
 * insert nothing, 33 inserts one bit), except where pos is a multiple of 8, where the PTX text
 * holds (tests/golden/sweep_bfi_imm: every pos 0..33 with len 0..40). With a register for pos or
 * for len, or both, it follows the text for every pos and len measured. */
static unsigned bfi_immediate_len(const ws_insn *in, unsigned pos, unsigned len)
{
    int immediates = in->ops[3].kind == WS_OPND_IMM && in->ops[4].kind == WS_OPND_IMM;
    if (immediates && tbits(in) == 32 && len >= 32 && (pos & 7) != 0)
        return len & 31;
    return len;
}

void ex_bfi(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    unsigned bits = tbits(in);
    FOR_EACH_LANE(mask, l) {
        uint64_t a = A(l), r = trunc_bits(B(l), bits);
        unsigned pos = (unsigned)C(l) & 0xff, len = (unsigned)opnd(x, &in->ops[4], l) & 0xff;
        len = bfi_immediate_len(in, pos, len);
        for (unsigned i = 0; i < len && pos + i < bits; i++)
            r = (r & ~(1ull << (pos + i))) | (((a >> i) & 1) << (pos + i));
        set_reg(x, D, l, r);
    }
}

/* prmt: pick four bytes from the eight of {b, a} (prmt_rule.h); the default mode's selector bit 3
 * replicates the chosen byte's sign */
void ex_prmt(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    FOR_EACH_LANE(mask, l) {
        uint64_t v = ((uint64_t)(uint32_t)B(l) << 32) | (uint32_t)A(l);
        uint32_t r = 0;
        unsigned sel[4];
        ws_prmt_select(in->sub, (uint32_t)C(l), sel);
        for (unsigned i = 0; i < 4; i++) {
            uint32_t byte = (uint32_t)(v >> (8 * (sel[i] & 7))) & 0xff;
            if (in->sub == 0 && (sel[i] & 8))
                byte = (byte & 0x80) ? 0xff : 0;
            r |= byte << (8 * i);
        }
        set_reg(x, D, l, r);
    }
}

/* bmsk (PTX ISA): a mask of b one bits from bit a. .wrap takes a and b mod 32; .clamp makes a
 * position of 32 or more give 0 and a width of 32 or more reach bit 31. A width of 0 gives 0. */
void ex_bmsk(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    int clamp = in->sub == WS_BMODE_CLAMP;
    FOR_EACH_LANE(mask, l) {
        uint32_t a = (uint32_t)A(l), b = (uint32_t)B(l), a1 = a & 31, b1 = b & 31, sum = a1 + b1;
        uint32_t mask0 = ~0u << a1, mask1 = sum >= 32 ? 0 : ~0u << sum;
        if (clamp && a >= 32)
            mask0 = 0;
        if (sum >= 32 || (clamp && (a >= 32 || b >= 32)))
            mask1 = 0;
        else if (b1 == 0)
            mask1 = ~0u;
        set_reg(x, D, l, mask0 & ~mask1);
    }
}

/* szext (PTX ISA): the low N bits of a, N = b mod 32 (.wrap) or b clamped to 32 (.clamp),
 * sign-extended for .s32 and zero-extended for .u32; N = 0 gives 0. */
void ex_szext(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    int sgn = in->type == WS_T_S32, clamp = in->sub == WS_BMODE_CLAMP;
    FOR_EACH_LANE(mask, l) {
        uint32_t a = (uint32_t)A(l), b = (uint32_t)B(l), b1 = b & 31;
        int too_large = clamp && b >= 32;
        uint32_t m = too_large ? 0 : ~0u << b1;
        int sign = !(b1 == 0 || too_large || !sgn) && ((a >> ((b1 - 1) & 31)) & 1);
        set_reg(x, D, l, (a & ~m) | (sign ? m : 0));
    }
}

/* fns (PTX ISA): the bit position of the |c|-th set bit of a, searching from bit b upwards for
 * c > 0 and downwards for c < 0 (bit b itself counts); c = 0 asks whether bit b is set. Not
 * found: 0xffffffff. A base above 31 is undefined in PTX: warpsim reports it and answers
 * 0xffffffff. */
void ex_fns(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ROWS;
    uint32_t bad = 0;
    FOR_EACH_LANE(mask, l) {
        uint32_t m = (uint32_t)A(l), base = (uint32_t)B(l);
        int32_t off = (int32_t)(uint32_t)C(l);
        uint32_t d = 0xffffffffu;
        if (base > 31) {
            bad |= 1u << l;
        } else if (off == 0) {
            d = ((m >> base) & 1) ? base : d;
        } else {
            int64_t count = (off > 0 ? (int64_t)off : -(int64_t)off) - 1;
            for (int pos = (int)base; pos >= 0 && pos < 32; pos += off > 0 ? 1 : -1)
                if ((m >> pos) & 1) {
                    if (count-- == 0) {
                        d = (uint32_t)pos;
                        break;
                    }
                }
        }
        set_reg(x, D, l, d);
    }
    if (bad)
        ws_diag_report(x, WS_DIAG_UNSUPPORTED, bad,
                       "fns: lanes 0x%08x give a base above 31 (undefined in PTX); they get 0xffffffff", bad);
}
