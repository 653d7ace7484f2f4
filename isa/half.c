/* Which half-precision forms warpsim runs: the f16/bf16 (and x2) instructions nvcc 13 emits for
 * sm_90 from cuda_fp16.h and cuda_bf16.h, with the modifiers the PTX ISA gives each. Anything
 * else that names a half type is refused at load time, never run approximately: executors
 * that know only f32/f64 would otherwise compute on the wrong bits. */
#include "half.h"

#include <stdarg.h>
#include <stdio.h>

static int is_f16(ws_type t) { return t == WS_T_F16 || t == WS_T_F16X2; }
static int is_pair(ws_type t) { return t == WS_T_F16X2 || t == WS_T_BF16X2; }
static int is_int(ws_type t) { return t >= WS_T_B8 && t <= WS_T_S64; }
static int is_irnd(unsigned r) { return r >= WS_RND_RNI; }
static int is_frnd(unsigned r) { return r >= WS_RND_RN && r <= WS_RND_RP; }

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static const char *
fail(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    return buf;
}

/* cvt with a half on either side. The modifier rules are ptxas 13.0's for sm_90 (each form
 * here was assembled with it): .sat never with a bf16, .relu only from f32 with .rn/.rz, pairs
 * only with .rn/.rz, .ftz only to f32. */
static const char *check_cvt(const ws_insn *in, char *buf, size_t cap)
{
    ws_type d = (ws_type)in->type, s = (ws_type)in->type2;
    const char *dn = ws_type_name(d), *sn = ws_type_name(s);
    uint32_t mods = in->mods & ~(uint32_t)WS_MOD_EXPLICIT_RND;
    int bf = d == WS_T_BF16 || d == WS_T_BF16X2 || s == WS_T_BF16 || s == WS_T_BF16X2;
    if ((mods & WS_MOD_SAT) && bf)
        return fail(buf, cap, "cvt.%s.%s: .sat does not apply to a .bf16 conversion", dn, sn);
    if (is_pair(s))
        return fail(buf, cap, "cvt from .%s is not an instruction (.%s pairs are converted half by half)", sn, sn);
    if (is_pair(d)) { /* cvt.{rn,rz}{.relu}.f16x2.f32 d, a, b */
        if (s != WS_T_F32 || in->nops != 3)
            return fail(buf, cap, "cvt.%s takes two .f32 sources (cvt.rn.%s.f32 d, a, b)", dn, dn);
        if ((in->rnd != WS_RND_RN && in->rnd != WS_RND_RZ) || (mods & ~(uint32_t)WS_MOD_RELU))
            return fail(buf, cap, "cvt.%s.%s takes .rn or .rz, and .relu", dn, sn);
        return NULL;
    }
    if (in->nops != 2)
        return fail(buf, cap, "cvt.%s.%s takes one source", dn, sn);
    if (ws_type_is_half(d) && ws_type_is_half(s) && d == s) { /* round to an integral value */
        if (!is_irnd(in->rnd) || (mods & ~(uint32_t)WS_MOD_SAT))
            return fail(buf, cap, "cvt.%s.%s needs .rni/.rzi/.rmi/.rpi (and no modifier but .sat)", dn, sn);
        return NULL;
    }
    if (ws_type_is_half(d)) {
        if (!is_frnd(in->rnd))
            return fail(buf, cap, "cvt.%s.%s needs a rounding mode .rn/.rz/.rm/.rp", dn, sn);
        if (mods & WS_MOD_RELU) {
            if (s != WS_T_F32 || (in->rnd != WS_RND_RN && in->rnd != WS_RND_RZ) || (mods & ~(uint32_t)WS_MOD_RELU))
                return fail(buf, cap, "cvt.%s.%s: .relu is for cvt.{rn,rz}.relu.%s.f32 alone", dn, sn, dn);
            return NULL;
        }
        if (mods & ~(uint32_t)WS_MOD_SAT)
            return fail(buf, cap, "cvt.%s.%s: .ftz is not modelled for a half destination", dn, sn);
        if (!(is_int(s) || s == WS_T_F32 || s == WS_T_F64 || ws_type_is_half(s)))
            return fail(buf, cap, "cvt.%s.%s is not an instruction", dn, sn);
        return NULL;
    }
    /* a half source: to f32/f64 exactly, to integers with .rni/.rzi/.rmi/.rpi */
    if (d == WS_T_F32 || d == WS_T_F64) {
        if (in->rnd != WS_RND_NONE || (mods & ~(uint32_t)(WS_MOD_SAT | WS_MOD_FTZ)))
            return fail(buf, cap, "cvt.%s.%s is exact: no rounding mode (only .ftz/.sat)", dn, sn);
        if ((mods & WS_MOD_FTZ) && d != WS_T_F32)
            return fail(buf, cap, "cvt.%s.%s: .ftz applies to an .f32 destination only", dn, sn);
        return NULL;
    }
    if (is_int(d)) {
        if (!is_irnd(in->rnd) || (mods & ~(uint32_t)WS_MOD_SAT))
            return fail(buf, cap, "cvt.%s.%s needs .rni/.rzi/.rmi/.rpi", dn, sn);
        return NULL;
    }
    return fail(buf, cap, "cvt.%s.%s is not an instruction", dn, sn);
}

/* set/setp: the comparison's type is the source type. */
static const char *check_compare(const ws_insn *in, char *buf, size_t cap)
{
    ws_type st = (ws_type)(in->op == WS_OP_SET ? in->type2 : in->type);
    ws_type dt = (ws_type)in->type;
    const char *mn = ws_optable[in->op].mnemonic;
    uint32_t mods = in->mods;
    if (in->cmp >= WS_CMP_LO && in->cmp <= WS_CMP_HS)
        return fail(buf, cap, "%s: unsigned comparisons do not apply to .%s", mn, ws_type_name(st));
    if (mods & ~(uint32_t)WS_MOD_FTZ)
        return fail(buf, cap, "%s.%s: only .ftz is a modifier here", mn, ws_type_name(st));
    if ((mods & WS_MOD_FTZ) && !is_f16(st) && !(in->op == WS_OP_SET && st == WS_T_F32))
        return fail(buf, cap, "%s.%s: .ftz is for .f16 and .f16x2 only", mn, ws_type_name(st));
    if (in->op == WS_OP_SETP) {
        if (is_pair(st) && in->dpred == WS_NO_REG) /* ptxas takes a lone p too; what it holds is not known */
            return fail(buf, cap, "setp.%s writes two predicates: setp.cmp.%s p|q, a, b", ws_type_name(st),
                        ws_type_name(st));
        if (!is_pair(st) && in->dpred != WS_NO_REG)
            return fail(buf, cap, "setp.%s writes one predicate (no |q)", ws_type_name(st));
        return NULL;
    }
    if (!ws_type_is_half(st)) { /* set.cmp.f16.f32 d, a, b: a half 1.0 or 0 from another type */
        if (is_pair(dt))
            return fail(buf, cap, "set.%s needs .%s sources", ws_type_name(dt), ws_type_name(dt));
        return NULL;
    }
    if (is_pair(st)) {
        if (dt != st && dt != WS_T_U32 && dt != WS_T_S32)
            return fail(buf, cap, "set.*.%s.%s: the destination is .u32, .s32 or the source type", ws_type_name(dt),
                        ws_type_name(st));
        return NULL;
    }
    if (dt != WS_T_U16 && dt != WS_T_S16 && dt != WS_T_U32 && dt != WS_T_S32 && dt != WS_T_F16 && dt != WS_T_BF16)
        return fail(buf, cap, "set.*.%s.%s: the destination is .u16/.s16/.u32/.s32/.f16/.bf16", ws_type_name(dt),
                    ws_type_name(st));
    if (dt == WS_T_F16 && st == WS_T_BF16) /* ptxas refuses this one pairing */
        return fail(buf, cap, "set.*.%s.%s is not an instruction", ws_type_name(dt), ws_type_name(st));
    if (is_pair(dt))
        return fail(buf, cap, "set.%s needs .%s sources", ws_type_name(dt), ws_type_name(dt));
    return NULL;
}

const char *ws_half_form_error(const ws_insn *in, char *buf, size_t cap)
{
    ws_type t = (ws_type)in->type, t2 = (ws_type)in->type2;
    if (!ws_type_is_half(t) && !ws_type_is_half(t2)) {
        if (in->mods & WS_MOD_NOFTZ)
            return fail(buf, cap, "%s.noftz is for half additions only", ws_optable[in->op].mnemonic);
        if (in->op == WS_OP_CVT && in->nops == 3)
            return fail(buf, cap, "cvt takes one source (two only for cvt.rn.f16x2.f32 and cvt.rn.bf16x2.f32)");
        if ((in->mods & WS_MOD_RELU) && in->op != WS_OP_MIN && in->op != WS_OP_MAX) /* isa/check.c: min/max */
            return fail(buf, cap, "%s.%s: .relu is for half destinations only", ws_optable[in->op].mnemonic,
                        ws_type_name(t));
        return NULL;
    }
    const char *mn = ws_optable[in->op].mnemonic, *tn = ws_type_name(ws_type_is_half(t) ? t : t2);
    uint32_t mods = in->mods & ~(uint32_t)WS_MOD_EXPLICIT_RND;
    int f16 = is_f16(t);
    switch (in->op) {
    case WS_OP_CVT: return check_cvt(in, buf, cap);
    case WS_OP_SET:
    case WS_OP_SETP: return check_compare(in, buf, cap);
    case WS_OP_ADD:
    case WS_OP_SUB:
    case WS_OP_MUL:
        if (in->rnd != WS_RND_NONE && in->rnd != WS_RND_RN)
            return fail(buf, cap, "%s.%s: only .rn rounding exists", mn, tn);
        if (mods & ~(uint32_t)(f16 ? WS_MOD_FTZ | WS_MOD_SAT : 0))
            return fail(buf, cap, "%s.%s: %s", mn, tn,
                        f16 ? "only .rn, .ftz and .sat are modifiers here" : "only .rn is a modifier here");
        return NULL;
    case WS_OP_FMA:
        if (in->rnd != WS_RND_RN)
            return fail(buf, cap, "fma.%s needs .rn", tn);
        if (mods & ~(uint32_t)(f16 ? WS_MOD_FTZ | WS_MOD_SAT | WS_MOD_RELU : WS_MOD_RELU))
            return fail(buf, cap, "fma.rn.%s: %s", tn,
                        f16 ? "only .ftz and one of .sat/.relu are modifiers here" : "only .relu is a modifier here");
        if ((mods & WS_MOD_SAT) && (mods & WS_MOD_RELU))
            return fail(buf, cap, "fma.rn.%s: .sat and .relu exclude each other", tn);
        return NULL;
    case WS_OP_NEG:
    case WS_OP_ABS:
        if (in->rnd || (mods & ~(uint32_t)(f16 ? WS_MOD_FTZ : 0)))
            return fail(buf, cap, "%s.%s: %s", mn, tn, f16 ? "only .ftz is a modifier here" : "takes no modifier");
        return NULL;
    case WS_OP_MIN:
    case WS_OP_MAX:
        if (in->rnd || (mods & ~(uint32_t)(WS_MOD_NAN | (f16 ? WS_MOD_FTZ : 0))))
            return fail(buf, cap, "%s.%s: %s", mn, tn,
                        f16 ? "only .ftz and .NaN are modifiers here" : "only .NaN is a modifier here");
        return NULL;
    case WS_OP_ATOM:
    case WS_OP_RED: /* atom.add.noftz.f16: the only half atomic */
        if (in->sub != WS_AOP_ADD || !(mods & WS_MOD_NOFTZ))
            return fail(buf, cap, "%s.%s: only %s.add.noftz.%s exists", mn, tn, mn, tn);
        return NULL;
    case WS_OP_EX2: /* ex2.approx.f16[x2], ex2.approx.ftz.bf16[x2] (sim/mufu.c) */
        if (!(mods & WS_MOD_APPROX) || in->rnd != WS_RND_NONE)
            return fail(buf, cap, "ex2.%s needs .approx", tn);
        if ((mods & ~(uint32_t)(WS_MOD_APPROX | WS_MOD_FTZ)) || f16 == !!(mods & WS_MOD_FTZ))
            return fail(buf, cap, f16 ? "ex2.%s: write ex2.approx.%s (no .ftz)" : "ex2.%s: write ex2.approx.ftz.%s", tn,
                        tn);
        return NULL;
    case WS_OP_TANH: /* tanh.approx.{f16,bf16}[x2] (sim/mufu.c) */
        if (!(mods & WS_MOD_APPROX) || in->rnd != WS_RND_NONE || (mods & ~(uint32_t)WS_MOD_APPROX))
            return fail(buf, cap, "tanh.%s: write tanh.approx.%s", tn, tn);
        return NULL;
    case WS_OP_RCP:
    case WS_OP_SQRT:
    case WS_OP_RSQRT:
    case WS_OP_LG2:
    case WS_OP_SIN:
    case WS_OP_COS:
        return fail(buf, cap,
                    "%s.%s is not modelled: the hardware's approximation of it is not known bit for bit "
                    "(cuda_fp16.h computes these functions in .f32)",
                    mn, tn);
    default: return fail(buf, cap, "%s.%s is not modelled (PTX moves halves as .b16 and pairs as .b32)", mn, tn);
    }
}
