/* check: an instruction checked as ptxas checks it (check.h).
 *
 * Every rule here is one that ptxas 13.0 enforces with an error ("Arguments mismatch",
 * "Unexpected instruction types", "Illegal modifier", ...); tests/ptx/malformed holds one file
 * per rule and PTXAS-RESULTS.txt what ptxas said of each. Types this file does not know (f16 and
 * anything newer) are left alone: their rules live with their executors. */
#include "check.h"
#include "suffix.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    const ws_module *m;
    const ws_kernel *k;
    const ws_insn *in;
    const char *mn;
    size_t mlen;
    const ws_check_operand *ops;
    char *msg;
    size_t cap;
    int *where;
} ck;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
bad(ck *c, int where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->msg, c->cap, fmt, ap);
    va_end(ap);
    *c->where = where;
    return 1;
}

/* Whether the suffix .word is written on the mnemonic. */
static int has(const ck *c, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n < c->mlen; i++)
        if (c->mn[i] == '.' && memcmp(c->mn + i + 1, word, n) == 0 && (i + 1 + n == c->mlen || c->mn[i + 1 + n] == '.'))
            return 1;
    return 0;
}

/* ---- types ----------------------------------------------------------------------------------- */

enum { K_PRED, K_B, K_U, K_S, K_F, K_OTHER };

static int kind(ws_type t)
{
    switch (t) {
    case WS_T_PRED: return K_PRED;
    case WS_T_B8:
    case WS_T_B16:
    case WS_T_B32:
    case WS_T_B64: return K_B;
    case WS_T_U8:
    case WS_T_U16:
    case WS_T_U32:
    case WS_T_U64: return K_U;
    case WS_T_S8:
    case WS_T_S16:
    case WS_T_S32:
    case WS_T_S64: return K_S;
    case WS_T_F32:
    case WS_T_F64: return K_F;
    default: return K_OTHER; /* f16 and later types: checked where they are executed */
    }
}
static unsigned size(ws_type t) { return t == WS_T_PRED ? 1 : ws_type_bits(t); }
static int is_int(ws_type t) { return kind(t) == K_U || kind(t) == K_S; }

#define T(x)     (1u << WS_T_##x)
#define INTS     (T(U16) | T(U32) | T(U64) | T(S16) | T(S32) | T(S64))
#define FLOATS   (T(F32) | T(F64))
#define BITS     (T(B16) | T(B32) | T(B64))
#define MEMTYPES (T(B8) | T(U8) | T(S8) | T(B16) | T(U16) | T(S16) | BITS | INTS | FLOATS)

/* The instruction types ptxas accepts for each opcode (PTX ISA, each instruction's Syntax). */
static uint32_t allowed_types(const ws_insn *in)
{
    switch (in->op) {
    case WS_OP_ADD:
    case WS_OP_SUB:
    case WS_OP_MUL:
    case WS_OP_MAD:
    case WS_OP_DIV:
    case WS_OP_MIN:
    case WS_OP_MAX: return INTS | FLOATS;
    case WS_OP_REM:
    case WS_OP_SAD: return INTS;
    case WS_OP_MUL24:
    case WS_OP_MAD24:
    case WS_OP_DP4A:
    case WS_OP_DP2A: return T(U32) | T(S32);
    case WS_OP_SLCT: return BITS | INTS | FLOATS;
    case WS_OP_CVT_PACK: return T(U8) | T(S8) | T(U16) | T(S16);
    case WS_OP_ABS:
    case WS_OP_NEG: return T(S16) | T(S32) | T(S64) | FLOATS;
    case WS_OP_FMA:
    case WS_OP_RCP:
    case WS_OP_SQRT:
    case WS_OP_RSQRT:
    case WS_OP_TESTP:
    case WS_OP_COPYSIGN: return FLOATS;
    case WS_OP_EX2:
    case WS_OP_LG2:
    case WS_OP_SIN:
    case WS_OP_COS:
    case WS_OP_TANH: return T(F32);
    case WS_OP_AND:
    case WS_OP_OR:
    case WS_OP_XOR:
    case WS_OP_NOT: return T(PRED) | BITS;
    case WS_OP_CNOT:
    case WS_OP_SHL: return BITS;
    case WS_OP_SHR: return BITS | INTS;
    case WS_OP_LOP3:
    case WS_OP_SHF:
    case WS_OP_PRMT: return T(B32);
    case WS_OP_POPC:
    case WS_OP_CLZ:
    case WS_OP_BREV:
    case WS_OP_BFI: return T(B32) | T(B64);
    case WS_OP_BFIND:
    case WS_OP_BFE: return T(U32) | T(U64) | T(S32) | T(S64);
    case WS_OP_SETP:
    case WS_OP_SELP: return BITS | INTS | FLOATS;
    case WS_OP_SET: return T(U32) | T(S32) | T(F32);
    case WS_OP_MOV: return T(PRED) | BITS | INTS | FLOATS;
    case WS_OP_LD:
    case WS_OP_LDU:
    case WS_OP_ST: return MEMTYPES;
    case WS_OP_VOTE: return in->sub == WS_VOTE_BALLOT ? T(B32) : T(PRED);
    case WS_OP_MATCH: return T(B32) | T(B64);
    case WS_OP_ACTIVEMASK: return T(B32);
    case WS_OP_NANOSLEEP: return T(U32);
    case WS_OP_REDUX:
        return (in->sub == WS_AOP_ADD || in->sub == WS_AOP_MIN || in->sub == WS_AOP_MAX) ? T(U32) | T(S32) : T(B32);
    case WS_OP_ATOM:
    case WS_OP_RED:
        switch (in->sub) {
        case WS_AOP_ADD: return T(U32) | T(S32) | T(U64) | FLOATS;
        case WS_AOP_MIN:
        case WS_AOP_MAX: return T(U32) | T(S32) | T(U64) | T(S64);
        case WS_AOP_AND:
        case WS_AOP_OR:
        case WS_AOP_XOR:
        case WS_AOP_EXCH: return T(B32) | T(B64);
        case WS_AOP_CAS: return T(B16) | T(B32) | T(B64);
        default: return T(U32); /* inc, dec */
        }
    default: return ~0u; /* cvt, cvta and the rest: not checked here */
    }
}

/* A register declared r in a position read as t. PTX ISA "Type Checking Rules": a .bN position
 * takes any register of N bits, .uN/.sN a .b/.u/.s register of N bits, .fN a .b or .f register
 * of N bits, .pred only a predicate. ld, st and cvt also take a wider register ("Operand Size
 * Exceeding Instruction-Type Size"), except that an .f register must match an .f type exactly. */
static int reg_fits(ws_type t, ws_type r, int relaxed)
{
    int kt = kind(t), kr = kind(r);
    if (kt == K_OTHER || kr == K_OTHER)
        return 1;
    if (kt == K_PRED || kr == K_PRED)
        return kt == kr;
    int same = size(r) == size(t), wider = relaxed && size(r) > size(t);
    switch (kt) {
    case K_B: return same || wider;
    case K_F: return (kr == K_F && same) || (kr == K_B && (same || wider));
    default: return kr != K_F && (same || wider);
    }
}

static const char *tname(ws_type t) { return t == WS_T_PRED ? "pred" : ws_type_name(t); }

/* ---- operands -------------------------------------------------------------------------------- */

/* The type operand i is read (or written) as, and whether ld/st/cvt's relaxed rule applies. */
static ws_type position_type(const ws_insn *in, unsigned i, char letter, int *relaxed)
{
    ws_type t = (ws_type)in->type;
    *relaxed = 0;
    if (in->op == WS_OP_SHFL && (i == 2 || i == 3))
        return WS_T_B32; /* lane and clamp: ptxas reads them as .b32 */
    switch (letter) {
    case 'u': return WS_T_U32;
    case 'q':
    case 'P': return WS_T_PRED;
    default: break;
    }
    switch (in->op) {
    case WS_OP_SETP: return i == 0 ? WS_T_PRED : t;
    case WS_OP_SET: return i == 0 ? t : (ws_type)in->type2;
    case WS_OP_DP4A:
    case WS_OP_DP2A: return i == 2 ? (ws_type)in->type2 : t; /* d and c: .s32 or .u32 alike (same rule) */
    case WS_OP_SLCT: return i == 3 ? (ws_type)in->type2 : t;
    case WS_OP_CVT_PACK: return i == 0 ? WS_T_U32 : i == 3 ? (ws_type)in->type3 : (ws_type)in->type2;
    case WS_OP_ISSPACEP: return WS_T_U64; /* a generic address: ptxas also takes a .b32, warpsim refuses it */
    case WS_OP_CVT: *relaxed = 1; return i == 0 ? t : (ws_type)in->type2;
    case WS_OP_LD:
    case WS_OP_LDU: *relaxed = i == 0; return t;
    case WS_OP_ST: *relaxed = i == 1; return t;
    case WS_OP_POPC:
    case WS_OP_CLZ:
    case WS_OP_BFIND: return i == 0 ? WS_T_U32 : t;
    case WS_OP_MATCH: return i == 0 ? WS_T_U32 : t;        /* ptxas: the mask is an integer, not an .f32 */
    case WS_OP_REDUX: return t == WS_T_B32 ? WS_T_U32 : t; /* and/or/xor.b32 take no .f32 register */
    case WS_OP_MUL:
    case WS_OP_MAD:
        if (in->sub == WS_MUL_WIDE && is_int(t) && (i == 0 || i == 3))
            switch (t) {
            case WS_T_U16: return WS_T_U32;
            case WS_T_S16: return WS_T_S32;
            case WS_T_U32: return WS_T_U64;
            case WS_T_S32: return WS_T_S64;
            default: return t;
            }
        return t;
    default: return t;
    }
}

ws_type ws_check_operand_type(const ws_insn *in, unsigned i, char letter)
{
    int relaxed;
    return position_type(in, i, letter, &relaxed);
}

/* 64-bit special registers; the rest are 32 bits (and %tid and friends also move as 16). */
static unsigned sreg_bits(unsigned s)
{
    return (s == WS_SREG_CLOCK64 || s == WS_SREG_GLOBALTIMER || s == WS_SREG_GRIDID) ? 64 : 32;
}
static int sreg_moves_as_16(unsigned s) { return s <= WS_SREG_NCTAID_Z; }

static int check_reg(ck *c, int i, uint32_t reg, ws_type t, int relaxed, const char *what)
{
    ws_type r = (ws_type)c->k->regs[reg].type;
    if (reg_fits(t, r, relaxed))
        return 0;
    if (r == WS_T_PRED)
        return bad(c, i, "%s: '%s' is a predicate; a .%s value is required here", what, c->k->regs[reg].name, tname(t));
    if (t == WS_T_PRED)
        return bad(c, i, "%s: '%s' is a .%s register; a predicate is required here", what, c->k->regs[reg].name,
                   tname(r));
    return bad(c, i, "%s: register '%s' is declared .%s, which does not fit a .%s operand (ptxas: arguments mismatch)",
               what, c->k->regs[reg].name, tname(r), tname(t));
}

static int check_literal(ck *c, int i, ws_type t)
{
    int lit = c->ops[i].literal;
    if (!lit)
        return 0;
    int numkind = lit - 1; /* 0 integer, 1 decimal float, 2 0f, 3 0d */
    if (kind(t) == K_F && numkind == 0)
        return bad(c, i, "an integer literal where a .%s value is required: write it as 0f%s or 1.0", tname(t),
                   t == WS_T_F32 ? "3f800000" : "");
    if (is_int(t) && numkind != 0)
        return bad(c, i, "a floating-point literal where a .%s integer is required", tname(t));
    return 0;
}

static int check_operands(ck *c)
{
    const ws_insn *in = c->in;
    const char *shape = ws_optable[in->op].shape;
    char letters[WS_MAX_OPERANDS + 1] = {0};
    unsigned nl = 0;
    for (const char *s = shape; *s && nl < WS_MAX_OPERANDS; s++)
        if (*s != '?')
            letters[nl++] = *s;
    for (unsigned i = 0; i < in->nops && i < nl; i++) {
        const ws_operand *o = &in->ops[i];
        int relaxed;
        ws_type t = position_type(in, i, letters[i], &relaxed);
        switch (o->kind) {
        case WS_OPND_REG:
            if (check_reg(c, (int)i, o->reg, t, relaxed, "operand"))
                return 1;
            break;
        case WS_OPND_IMM:
            if (check_literal(c, (int)i, t))
                return 1;
            break;
        case WS_OPND_SREG:
            if (in->op != WS_OP_MOV && in->op != WS_OP_CVT)
                return bad(c, (int)i,
                           "special register %s: only mov and cvt read special registers (ptxas: "
                           "special register argument not allowed)",
                           ws_sreg_name((ws_sreg)o->reg));
            if (in->op == WS_OP_MOV) {
                unsigned b = sreg_bits(o->reg);
                int ok = kind(t) != K_F && kind(t) != K_PRED &&
                         (size(t) == b || (size(t) == 16 && sreg_moves_as_16(o->reg)));
                if (!ok)
                    return bad(c, (int)i, "%s is a %u-bit integer; mov.%s cannot read it",
                               ws_sreg_name((ws_sreg)o->reg), b, tname(t));
            }
            break;
        case WS_OPND_VEC: {
            ws_type first = WS_T_NONE;
            for (unsigned e = 0; e < o->nvec; e++) {
                if (o->regs[e] == WS_NO_REG)
                    continue;
                ws_type r = (ws_type)c->k->regs[o->regs[e]].type;
                if (in->op == WS_OP_MOV && in->vec == 1) { /* pack/unpack: each element is a 1/n share of the value */
                    if (kind(t) == K_OTHER || kind(r) == K_OTHER)
                        continue;
                    if (r == WS_T_PRED || size(r) * o->nvec != size(t))
                        return bad(c, (int)i, "mov.%s packs %u elements of %u bits; '%s' is .%s", tname(t), o->nvec,
                                   size(t) / o->nvec, c->k->regs[o->regs[e]].name, tname(r));
                } else if (first == WS_T_NONE) {
                    first = r;
                    if (check_reg(c, (int)i, o->regs[e], t, relaxed, "vector element"))
                        return 1;
                } else if (r != WS_T_PRED && kind(r) != K_OTHER && kind(first) != K_OTHER && size(r) != size(first)) {
                    return bad(c, (int)i, "vector elements of different sizes: '%s' is .%s, the first .%s",
                               c->k->regs[o->regs[e]].name, tname(r), tname(first));
                }
            }
            break;
        }
        case WS_OPND_ADDR:
            if (o->sym != WS_NO_SYM && in->space != WS_SPACE_GENERIC && in->space != WS_SPACE_NONE &&
                c->m->symbols[o->sym].space != in->space)
                return bad(c, (int)i,
                           "'%s' is a .%s variable; a .%s access cannot name it (ptxas: state space "
                           "mismatch)",
                           c->m->symbols[o->sym].name, ws_space_name((ws_space)c->m->symbols[o->sym].space),
                           ws_space_name((ws_space)in->space));
            if (o->reg != WS_NO_REG) {
                ws_type r = (ws_type)c->k->regs[o->reg].type;
                if (r == WS_T_PRED || kind(r) == K_F)
                    return bad(c, (int)i, "'%s' of type .%s cannot hold an address: use an integer or .b register",
                               c->k->regs[o->reg].name, tname(r));
            }
            break;
        default: break;
        }
    }
    if (in->dpred != WS_NO_REG && c->k->regs[in->dpred].type != WS_T_PRED)
        return bad(c, 0, "the second destination '%s' must be a predicate (ptxas: predicate output expected)",
                   c->k->regs[in->dpred].name);
    return 0;
}

/* ---- modifiers ------------------------------------------------------------------------------- */

static int float_rnd(unsigned r) { return r == WS_RND_RN || r == WS_RND_RZ || r == WS_RND_RM || r == WS_RND_RP; }

static int check_modifiers(ck *c)
{
    const ws_insn *in = c->in;
    ws_type t = (ws_type)in->type;
    int f = kind(t) == K_F, f32 = t == WS_T_F32;
    int rnd = (in->mods & WS_MOD_EXPLICIT_RND) != 0, approx = (in->mods & WS_MOD_APPROX) != 0;
    int full = (in->mods & WS_MOD_FULL) != 0, ftz = (in->mods & WS_MOD_FTZ) != 0, sat = (in->mods & WS_MOD_SAT) != 0;
    const char *mn = ws_optable[in->op].mnemonic;
    switch (in->op) {
    case WS_OP_ADD:
    case WS_OP_SUB:
    case WS_OP_MUL:
    case WS_OP_MAD:
    case WS_OP_FMA:
    case WS_OP_DIV:
    case WS_OP_RCP:
    case WS_OP_SQRT:
        if (rnd && (!f || !float_rnd(in->rnd)))
            return bad(c, -1, "illegal rounding modifier for %s.%s: only .rn .rz .rm .rp, and only on .f32/.f64", mn,
                       tname(t));
        break;
    default: break;
    }
    /* .ftz: .f32 only (rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 aside); .sat as each says */
    if (ftz && !f32 && !((in->op == WS_OP_RCP || in->op == WS_OP_RSQRT) && approx && t == WS_T_F64) &&
        in->op != WS_OP_CVT && in->op != WS_OP_SET && in->op != WS_OP_SLCT)
        return bad(c, -1, "illegal modifier .ftz for %s.%s: .ftz applies to .f32 only", mn, tname(t));
    if (in->op == WS_OP_SET && ftz && in->type2 != WS_T_F32)
        return bad(c, -1, "illegal modifier .ftz for set with .%s sources", tname((ws_type)in->type2));
    if (sat) {
        int ok = 0;
        switch (in->op) {
        case WS_OP_ADD:
        case WS_OP_SUB: ok = t == WS_T_S32 || f32; break;
        case WS_OP_MUL:
        case WS_OP_FMA: ok = f32; break;
        case WS_OP_MAD:
        case WS_OP_MAD24: ok = f32 || (t == WS_T_S32 && in->sub == WS_MUL_HI); break;
        case WS_OP_CVT_PACK: ok = 1; break;
        default: ok = in->op == WS_OP_CVT || (ws_optable[in->op].suffixes & SFX_VIDEO); break;
        }
        if (!ok)
            return bad(c, -1, "illegal modifier .sat for %.*s: .sat applies to .s32 add/sub, mad.hi.s32 and .f32",
                       (int)c->mlen, c->mn);
    }
    switch (in->op) {
    case WS_OP_MUL:
    case WS_OP_MAD:
        if (f && (has(c, "lo") || has(c, "hi") || has(c, "wide")))
            return bad(c, -1, "%s.%s takes no .lo/.hi/.wide", mn, tname(t));
        if (is_int(t) && !has(c, "lo") && !has(c, "hi") && !has(c, "wide"))
            return bad(c, -1, "integer %s needs .lo, .hi or .wide", mn);
        if (in->sub == WS_MUL_WIDE && size(t) == 64)
            return bad(c, -1, "%s.wide takes .16 or .32-bit types: the product of two .%s is 128 bits", mn, tname(t));
        if (in->op == WS_OP_MAD && f && !rnd)
            return bad(c, -1, "mad.%s needs a rounding modifier (.rn .rz .rm .rp)", tname(t));
        break;
    case WS_OP_MUL24:
    case WS_OP_MAD24:
    case WS_OP_DP2A:
        if (!has(c, "lo") && !has(c, "hi"))
            return bad(c, -1, "%s needs .lo or .hi", mn);
        if (has(c, "wide"))
            return bad(c, -1, "%s has no .wide form", mn);
        break;
    case WS_OP_FMA:
        if (!rnd)
            return bad(c, -1, "fma needs a rounding modifier (.rn .rz .rm .rp)");
        break;
    case WS_OP_DIV:
        if (!f && (approx || full))
            return bad(c, -1, "integer div takes no .approx/.full");
        if (t == WS_T_F64 && (approx || full))
            return bad(c, -1, "div.f64 has no .approx/.full form: write div.rn.f64");
        if (f && (approx || full) + rnd != 1)
            return bad(c, -1, "div.%s needs exactly one of .approx, .full or a rounding modifier", tname(t));
        break;
    case WS_OP_RCP:
    case WS_OP_SQRT:
        if (approx + rnd != 1)
            return bad(c, -1, "%s.%s needs exactly one of .approx or a rounding modifier", mn, tname(t));
        if (approx && t == WS_T_F64 && (in->op == WS_OP_SQRT || !ftz))
            return bad(c, -1, "%s.approx.f64 %s", mn, in->op == WS_OP_SQRT ? "does not exist" : "needs .ftz");
        break;
    case WS_OP_RSQRT:
    case WS_OP_EX2:
    case WS_OP_LG2:
    case WS_OP_SIN:
    case WS_OP_COS:
    case WS_OP_TANH:
        if (!approx)
            return bad(c, -1, "%s needs .approx", mn);
        break;
    case WS_OP_MIN:
    case WS_OP_MAX:
        if ((in->mods & WS_MOD_NAN) && !f32)
            return bad(c, -1, "illegal modifier .NaN for %s.%s: .f32 only", mn, tname(t));
        break;
    case WS_OP_SHF:
        if (!has(c, "l") && !has(c, "r"))
            return bad(c, -1, "shf needs a direction, .l or .r");
        if (!has(c, "clamp") && !has(c, "wrap"))
            return bad(c, -1, "shf needs .clamp or .wrap");
        break;
    case WS_OP_TESTP:
        if (!has(c, "finite") && !has(c, "infinite") && !has(c, "number") && !has(c, "notanumber") &&
            !has(c, "normal") && !has(c, "subnormal"))
            return bad(c, -1, "testp needs a class: .finite .infinite .number .notanumber .normal .subnormal");
        break;
    case WS_OP_LDU:
        if (in->space != WS_SPACE_GLOBAL && in->space != WS_SPACE_GENERIC)
            return bad(c, -1, "ldu reads .global memory only");
        break;
    case WS_OP_SETP:
    case WS_OP_SET: {
        ws_type st = in->op == WS_OP_SET ? (ws_type)in->type2 : t;
        int k = kind(st), ok;
        switch (in->cmp) {
        case WS_CMP_EQ:
        case WS_CMP_NE: ok = 1; break;
        case WS_CMP_LT:
        case WS_CMP_LE:
        case WS_CMP_GT:
        case WS_CMP_GE: ok = k != K_B; break;
        case WS_CMP_LO:
        case WS_CMP_LS:
        case WS_CMP_HI:
        case WS_CMP_HS: ok = k == K_U || k == K_B; break;
        default: ok = k == K_F; break;
        }
        if (k == K_B && in->cmp >= WS_CMP_LO && in->cmp <= WS_CMP_HS)
            ok = 0;
        if (k == K_OTHER)
            ok = 1;
        if (!ok)
            return bad(c, -1,
                       "comparison .%s does not apply to .%s (ptxas: mismatch between instruction type and "
                       "comparison)",
                       ws_suffix_name(SFX_CMP, in->cmp), tname(st));
        if (in->op == WS_OP_SET && kind(st) != K_OTHER && !(allowed_types(&(ws_insn){.op = WS_OP_SETP}) & (1u << st)))
            return bad(c, -1, "set cannot compare .%s values", tname(st));
        if ((in->sub != WS_BOOL_NONE) != (in->nops > 3))
            return bad(c, in->nops > 3 ? 3 : -1, "%s",
                       in->nops > 3 ? "a third source needs a boolean operation (.and .or .xor)"
                                    : "a boolean operation needs a third, predicate source");
        break;
    }
    case WS_OP_BAR:
    case WS_OP_BARRIER: {
        if (in->nops >= 1 && in->ops[0].kind == WS_OPND_IMM && in->ops[0].imm > 15)
            return bad(c, 0, "barrier number %llu out of range: an H200 block has barriers 0..15",
                       (unsigned long long)in->ops[0].imm);
        if (in->nops >= 2 && in->ops[1].kind == WS_OPND_IMM && in->ops[1].imm % 32 != 0)
            return bad(c, 1, "barrier thread count %llu is not a multiple of the warp size (32)",
                       (unsigned long long)in->ops[1].imm);
        if (in->op == WS_OP_BAR && (in->mods & WS_MOD_ALIGNED))
            return bad(c, -1, "illegal modifier .aligned for bar (barrier takes it; bar is always aligned)");
        if ((in->mods & WS_MOD_ARRIVE) && in->nops < 2)
            return bad(c, -1, "%s.arrive needs the thread count", mn);
        break;
    }
    case WS_OP_ATOM:
        if ((in->sub == WS_AOP_CAS) != (in->nops == 4))
            return bad(c, -1, "atom.%s takes %s", ws_suffix_name(SFX_OP, in->sub),
                       in->sub == WS_AOP_CAS ? "two values: the compare and the new value" : "one value");
        break;
    case WS_OP_LOP3:
        if (in->nops == 5 && in->ops[4].kind != WS_OPND_IMM)
            return bad(c, 4, "lop3's truth table must be an immediate");
        break;
    default: break;
    }
    return 0;
}

/* ---- memory order and scope ------------------------------------------------------------------ */

static int has_cache_op(const ck *c)
{
    static const char *const ops[] = {"nc", "ca", "cg", "cs", "lu", "cv", "wb", "wt"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (has(c, ops[i]))
            return 1;
    return 0;
}

/* Cache hints (eviction priorities, prefetch sizes) change no result; ptxas 13.0 takes them
 * (tests/test_forms.c): one L1 eviction priority, on .global or generic addresses, not with a
 * cache operator other than .nc nor with .volatile; an L2 prefetch size on loads only. Also the
 * 256-bit vectors (.v4 of 64-bit values), which need sm_100, and fence.proxy.async's spaces. */
static int check_hints(ck *c)
{
    const ws_insn *in = c->in;
    const char *mn = ws_optable[in->op].mnemonic;
    if (in->op == WS_OP_FENCE_ASYNC && in->space && in->space != WS_SPACE_GLOBAL && !has(c, "shared::cta"))
        return bad(c, -1, "fence.proxy.async orders .global or .shared::cta, not .%s",
                   ws_space_name((ws_space)in->space));
    if (in->op != WS_OP_LD && in->op != WS_OP_ST && in->op != WS_OP_LDU)
        return 0;
    if (in->vec == 4 && ws_type_bits((ws_type)in->type) == 64)
        return bad(c, -1,
                   "'%s.v4' of 64-bit values: 256-bit loads and stores need .target sm_100 (ptxas refuses them "
                   "for sm_90)",
                   mn);
    static const char *const l1[] = {"L1::evict_normal", "L1::evict_unchanged", "L1::evict_first", "L1::evict_last",
                                     "L1::no_allocate"};
    const char *hint = NULL;
    for (size_t i = 0; i < sizeof l1 / sizeof l1[0]; i++)
        if (has(c, l1[i])) {
            if (hint)
                return bad(c, -1, "%s takes one L1 eviction priority; found .%s and .%s", mn, hint, l1[i]);
            hint = l1[i];
        }
    if (hint) {
        if (in->space != WS_SPACE_GLOBAL && in->space != WS_SPACE_GENERIC)
            return bad(c, -1, ".%s applies to .global or generic addresses, not .%s", hint,
                       ws_space_name((ws_space)in->space));
        static const char *const cops[] = {"ca", "cg", "cs", "lu", "cv", "wb", "wt"};
        for (size_t i = 0; i < sizeof cops / sizeof cops[0]; i++)
            if (has(c, cops[i]))
                return bad(c, -1, ".%s does not go with the cache operator .%s", hint, cops[i]);
        if (in->sem == WS_SEM_VOLATILE)
            return bad(c, -1, ".%s does not go with .volatile", hint);
    }
    int sizes = has(c, "L2::64B") + has(c, "L2::128B") + has(c, "L2::256B");
    if (sizes && in->op == WS_OP_ST)
        return bad(c, -1, "st takes no L2 prefetch size (.L2::64B .L2::128B .L2::256B are for loads)");
    if (sizes > 1)
        return bad(c, -1, "%s takes one L2 prefetch size", mn);
    return 0;
}

/* The orders and scopes ptxas 13.0 takes on each instruction (PTX ISA "Memory Consistency Model",
 * each instruction's syntax; tests/ptx/malformed/ld_*, st_*, atom_*, fence_*, membar_*). warpsim
 * runs a launch's memory operations one at a time in a single order, which every order allows,
 * so what is accepted here runs as written; timing.c prices the fences ptxas adds. */
static int check_memory_order(ck *c)
{
    const ws_insn *in = c->in;
    const char *mn = ws_optable[in->op].mnemonic;
    unsigned sem = in->sem, scope = in->scope;
    const char *sem_name = sem ? ws_suffix_name(SFX_MEMORD, sem) : "",
               *scope_name = scope ? ws_suffix_name(SFX_SCOPE, scope) : "";
    switch (in->op) {
    case WS_OP_LD:
    case WS_OP_ST: {
        int strong = sem == WS_SEM_VOLATILE || sem == WS_SEM_RELAXED || sem == WS_SEM_ACQUIRE ||
                     sem == WS_SEM_RELEASE || (in->mods & WS_MOD_MMIO);
        if (sem == WS_SEM_ACQ_REL || sem == WS_SEM_SC || (sem == WS_SEM_ACQUIRE && in->op == WS_OP_ST) ||
            (sem == WS_SEM_RELEASE && in->op == WS_OP_LD))
            return bad(c, -1,
                       "%s has no .%s form (ld: .weak .volatile .relaxed .acquire; st: .weak .volatile "
                       ".relaxed .release)",
                       mn, sem_name);
        if ((sem == WS_SEM_RELAXED || sem == WS_SEM_ACQUIRE || sem == WS_SEM_RELEASE) && (!scope || scope == WS_SCOPE_GL))
            return bad(c, -1, "%s.%s needs a scope: .cta .cluster .gpu or .sys", mn, sem_name);
        if (scope && !(sem == WS_SEM_RELAXED || sem == WS_SEM_ACQUIRE || sem == WS_SEM_RELEASE))
            return bad(c, -1, "%s takes a scope (.%s) only with .relaxed, .acquire or .release", mn, scope_name);
        if ((in->mods & WS_MOD_MMIO) && !(sem == WS_SEM_RELAXED && scope == WS_SCOPE_SYS &&
                                          (in->space == WS_SPACE_GLOBAL || in->space == WS_SPACE_GENERIC) && in->vec == 1))
            return bad(c, -1, "%s.mmio is written .mmio.relaxed.sys, one value, on .global or generic addresses", mn);
        if (strong && in->space != WS_SPACE_GLOBAL && in->space != WS_SPACE_SHARED && in->space != WS_SPACE_GENERIC)
            return bad(c, -1, "%s.%s reads or writes .global, .shared or generic addresses, not .%s", mn,
                       sem ? sem_name : "mmio", ws_space_name((ws_space)in->space));
        if ((strong || sem == WS_SEM_WEAK) && has_cache_op(c) && !(sem == WS_SEM_WEAK && !(in->mods & WS_MOD_NC)))
            return bad(c, -1, "a cache operator does not go with %s.%s", mn, sem_name);
        return 0;
    }
    case WS_OP_ATOM:
    case WS_OP_RED:
        if (in->mods & WS_MOD_MMIO)
            return bad(c, -1, "%s has no .mmio form", mn);
        if (sem == WS_SEM_VOLATILE || sem == WS_SEM_WEAK || sem == WS_SEM_SC ||
            (in->op == WS_OP_RED && (sem == WS_SEM_ACQUIRE || sem == WS_SEM_ACQ_REL)))
            return bad(c, -1, "%s has no .%s form (%s)", mn, sem_name,
                       in->op == WS_OP_RED ? "red: .relaxed .release" : "atom: .relaxed .acquire .release .acq_rel");
        if (scope == WS_SCOPE_GL)
            return bad(c, -1, "%s's scopes are .cta .cluster .gpu .sys (.gl is membar's)", mn);
        return 0;
    case WS_OP_FENCE:
        if (in->mods & WS_MOD_MMIO)
            return bad(c, -1, "fence has no .mmio form");
        if (sem && sem != WS_SEM_SC && sem != WS_SEM_ACQ_REL && sem != WS_SEM_ACQUIRE && sem != WS_SEM_RELEASE)
            return bad(c, -1, "fence has no .%s form (.sc .acq_rel .acquire .release)", sem_name);
        if (!scope || scope == WS_SCOPE_GL)
            return bad(c, -1, "fence needs a scope: .cta .cluster .gpu or .sys");
        return 0;
    case WS_OP_MEMBAR:
        if (sem || (in->mods & WS_MOD_MMIO))
            return bad(c, -1, "membar takes a scope only: .cta .gl or .sys");
        if (scope != WS_SCOPE_CTA && scope != WS_SCOPE_GL && scope != WS_SCOPE_SYS)
            return bad(c, -1, "membar needs a scope: .cta .gl or .sys%s%s", scope ? ", not ." : "", scope_name);
        return 0;
    default: return 0;
    }
}

/* ---- packed integers and video instructions ------------------------------------------------- */

/* add/min/max on two 16-bit integers (.u16x2 .s16x2: registers only), min/max .relu (.s32 and
 * .s16x2), and the SIMD video instructions (.u32/.s32 types; vset compares .eq .ne .lt .le .gt
 * .ge; .sat and .add exclude each other; no immediates), as ptxas 13.0 takes them
 * (tests/ptx/malformed). */
static int check_simd(ck *c)
{
    const ws_insn *in = c->in;
    ws_type t = (ws_type)in->type;
    const char *mn = ws_optable[in->op].mnemonic;
    if ((in->mods & WS_MOD_RELU) && (in->op == WS_OP_MIN || in->op == WS_OP_MAX) && t != WS_T_S16X2 && t != WS_T_S32)
        return bad(c, -1, "%s.relu takes .s32 or .s16x2, not .%s", mn, tname(t));
    if (ws_type_is_packed_int(t)) {
        if (in->op != WS_OP_ADD && in->op != WS_OP_MIN && in->op != WS_OP_MAX)
            return bad(c, -1, "%s does not take .%s: only add, min and max work on two 16-bit integers", mn, tname(t));
        if (in->mods & (WS_MOD_SAT | WS_MOD_CC | WS_MOD_FTZ | WS_MOD_NAN))
            return bad(c, -1, "%.*s: .%s takes no modifier (min and max take .relu)", (int)c->mlen, c->mn, tname(t));
        if (in->mods & WS_MOD_RELU && t != WS_T_S16X2)
            return bad(c, -1, "%s.relu takes .s16x2, not .%s", mn, tname(t));
        for (unsigned i = 0; i < in->nops; i++) {
            if (in->ops[i].kind == WS_OPND_IMM)
                return bad(c, (int)i, "an immediate is not a .%s operand: use a register", tname(t));
            if (in->ops[i].kind == WS_OPND_REG && check_reg(c, (int)i, in->ops[i].reg, WS_T_U32, 0, "operand"))
                return 1;
        }
        return 0;
    }
    if (!(ws_optable[in->op].suffixes & SFX_VIDEO))
        return 0;
    int vset = (ws_optable[in->op].suffixes & SFX_CMP) != 0;
    ws_type types[3] = {t, (ws_type)in->type2, (ws_type)in->type3};
    for (int i = 0; i < (vset ? 2 : 3); i++)
        if (types[i] != WS_T_U32 && types[i] != WS_T_S32)
            return bad(c, -1, "%s's types are .u32 or .s32, not .%s", mn, tname(types[i]));
    if (vset && (in->cmp < WS_CMP_EQ || in->cmp > WS_CMP_GE))
        return bad(c, -1, "%s compares .eq .ne .lt .le .gt or .ge", mn);
    if ((in->mods & WS_MOD_SAT) && (in->mods & WS_MOD_VIDEO_ADD))
        return bad(c, -1, "%s: .sat does not go with the .add accumulation", mn);
    for (unsigned i = 0; i < in->nops; i++)
        if (in->ops[i].kind == WS_OPND_IMM)
            return bad(c, (int)i, "%s takes registers only, not an immediate", mn);
    return 0;
}

/* dp4a and dp2a (.atype.btype each .u32 or .s32), slct (.s32 or .f32 selector; .ftz with .f32
 * only), cvt.pack (.sat always; .u16/.s16 from two .s32, .u8/.s8 with a third operand of .b32)
 * and isspacep (a 64-bit address), as ptxas 13.0 takes them (tests/ptx/malformed/isa19_*). */
static int check_int_forms(ck *c)
{
    const ws_insn *in = c->in;
    ws_type t = (ws_type)in->type, t2 = (ws_type)in->type2;
    const char *mn = ws_optable[in->op].mnemonic;
    switch (in->op) {
    case WS_OP_DP4A:
    case WS_OP_DP2A:
        if (t2 != WS_T_U32 && t2 != WS_T_S32)
            return bad(c, -1, "%s's types are .u32 or .s32, not .%s", mn, tname(t2));
        return 0;
    case WS_OP_SLCT:
        if (t2 != WS_T_S32 && t2 != WS_T_F32)
            return bad(c, -1, "slct's selector c is .s32 or .f32, not .%s", tname(t2));
        if ((in->mods & WS_MOD_FTZ) && t2 != WS_T_F32)
            return bad(c, -1, "illegal modifier .ftz for slct with an .s32 selector: .ftz goes with .f32");
        return 0;
    case WS_OP_CVT_PACK: {
        int narrow = t == WS_T_U8 || t == WS_T_S8;
        if (!(in->mods & WS_MOD_SAT))
            return bad(c, -1, "cvt.pack needs .sat");
        if (t2 != WS_T_S32)
            return bad(c, -1, "cvt.pack converts from .s32, not .%s", tname(t2));
        if (narrow && in->type3 != WS_T_B32)
            return bad(c, -1, "cvt.pack.sat.%s.s32 needs c's type, .b32 (cvt.pack.sat.%s.s32.b32)", tname(t), tname(t));
        if (!narrow && in->type3)
            return bad(c, -1, "cvt.pack.sat.%s.s32 takes no third type (ptxas: unexpected instruction types)", tname(t));
        if (narrow ? in->nops != 4 : in->nops != 3)
            return bad(c, -1, "cvt.pack.sat.%s takes %s", tname(t),
                       narrow ? "four operands: d, a, b and c" : "three operands: d, a and b");
        return 0;
    }
    case WS_OP_ISSPACEP:
        if (!in->sub)
            return bad(c, -1,
                       "isspacep needs a state space: .global .shared .shared::cta .shared::cluster .local "
                       ".const .param .param::entry");
        if (in->nops > 1 && in->ops[1].kind == WS_OPND_REG && size((ws_type)c->k->regs[in->ops[1].reg].type) != 64)
            return bad(c, 1,
                       "isspacep of a %u-bit register is not modelled: warpsim's generic addresses are 64 bits "
                       "(cvta.u64)",
                       size((ws_type)c->k->regs[in->ops[1].reg].type));
        return 0;
    default: return 0;
    }
}

/* Forms ptxas accepts but warpsim cannot run exactly: refused rather than approximated. */
static int check_modelled(ck *c)
{
    const ws_insn *in = c->in;
    if ((in->op == WS_OP_RCP || in->op == WS_OP_RSQRT) && in->type == WS_T_F64 && (in->mods & WS_MOD_APPROX))
        return bad(c, -1,
                   "%s.approx.f64 is not modelled: the H200's double-precision approximation has not been "
                   "measured (rcp.rn.f64, or sqrt.rn.f64 and div.rn.f64, are exact)",
                   ws_optable[in->op].mnemonic);
    return 0;
}

int ws_check_insn(const ws_module *m, const ws_kernel *k, const ws_insn *in, const char *mnemonic, size_t mlen,
                  const ws_check_operand *ops, char *msg, size_t cap, int *where)
{
    ck c = {m, k, in, mnemonic, mlen, ops, msg, cap, where};
    *where = -1;
    if (check_memory_order(&c) || check_simd(&c) || check_hints(&c))
        return 1;
    ws_type t = (ws_type)in->type;
    uint32_t allowed = allowed_types(in);
    if (t != WS_T_NONE && (kind(t) == K_OTHER || (in->op == WS_OP_SET && kind((ws_type)in->type2) == K_OTHER)))
        return 0; /* f16 and newer types: checked with their executors, packed integers by check_simd */
    if (in->op == WS_OP_CVT || in->op == WS_OP_CVTA) /* cvt's modifiers belong with its executor */
        return check_operands(&c);
    if (t != WS_T_NONE && !(allowed & (1u << t)))
        return bad(&c, -1, "'%.*s': .%s is not a type %s takes (ptxas: unexpected instruction types)", (int)mlen,
                   mnemonic, tname(t), ws_optable[in->op].mnemonic);
    if (check_modifiers(&c) || check_int_forms(&c) || check_operands(&c))
        return 1;
    return check_modelled(&c);
}
