/* Specialised executors for the hottest (opcode, type, operand kinds) triples: integer add,
 * sub, and, or, xor, mul.lo, mul.wide, shl, shr.u, mad.lo, mov and setp on 32- and 64-bit
 * registers and immediates, and cvt between integer types. Each is a plain loop over the 32
 * lanes of the register rows with the width and the operand kinds fixed, so the compiler
 * vectorises it. A partial mask (a
 * diverged group, a guard) computes the whole row the same way and keeps the lanes of the mask:
 * these operations have no effect but their result, and a vectorised row costs less than the
 * general executor's walk over the mask's lanes. They compute exactly what the general
 * executors (exec_arith.c, exec_logic.c) compute; ws_sim_launch picks one per instruction
 * (ws_fast_executor) once per launch. */
#include "exec_fast.h"
#include "exec.h"

#define ROW(i) (&x->regs[(size_t)in->ops[i].reg * 32])
#define DROW ROW(0)

/* d[l] = value in every lane l of mask; value may read lane l of any row. */
#define WRITE_ROW(d, l, value)                                                                      \
    do {                                                                                            \
        if (mask == FULL_MASK) {                                                                    \
            for (unsigned l = 0; l < 32; l++)                                                       \
                (d)[l] = (value);                                                                   \
        } else {                                                                                    \
            uint64_t row_[32];                                                                      \
            for (unsigned l = 0; l < 32; l++)                                                       \
                row_[l] = (value);                                                                  \
            FOR_EACH_LANE(mask, k_) (d)[k_] = row_[k_];                                             \
        }                                                                                           \
    } while (0)

/* d = expr(A, B) with B a register row (rr) or an immediate (ri). */
#define BIN(name, expr)                                                                             \
    static inline uint64_t name##_op(uint64_t A, uint64_t B) { return (expr); }                     \
    static void name##_rr(ws_exec *x, const ws_insn *in, uint32_t mask)                             \
    {                                                                                               \
        const uint64_t *a = ROW(1), *b = ROW(2);                                                    \
        uint64_t *d = DROW;                                                                         \
        WRITE_ROW(d, l, name##_op(a[l], b[l]));                                                     \
    }                                                                                               \
    static void name##_ri(ws_exec *x, const ws_insn *in, uint32_t mask)                             \
    {                                                                                               \
        const uint64_t *a = ROW(1), b = in->ops[2].imm;                                             \
        uint64_t *d = DROW;                                                                         \
        WRITE_ROW(d, l, name##_op(a[l], b));                                                        \
    }

#define M32 0xffffffffull
BIN(add32, (A + B) & M32)
BIN(add64, A + B)
BIN(sub32, (A - B) & M32)
BIN(sub64, A - B)
BIN(and_, A & B)
BIN(or_, A | B)
BIN(xor_, A ^ B)
/* mul.lo keeps the low half, whatever the signedness; mul.wide.{u32,s32} the whole product */
BIN(mul32, (uint64_t)((uint32_t)A * (uint32_t)B))
BIN(mul64, A * B)
BIN(mulwide_u32, (uint64_t)(uint32_t)A * (uint32_t)B)
BIN(mulwide_s32, (uint64_t)((int64_t)(int32_t)A * (int32_t)B))
/* shl, shr.u: a shift by the width or more gives 0 (the amount is b's low 32 bits) */
BIN(shl32, (uint32_t)B >= 32 ? 0 : (A << (uint32_t)B) & M32)
BIN(shl64, (uint32_t)B >= 64 ? 0 : A << (uint32_t)B)
BIN(shr32, (uint32_t)B >= 32 ? 0 : (A & M32) >> (uint32_t)B)
BIN(shr64, (uint32_t)B >= 64 ? 0 : A >> (uint32_t)B)

/* mad.lo on 32 bits: the low half of the product does not depend on the signedness */
#define MAD(name, bexpr, cexpr)                                                                     \
    static void name(ws_exec *x, const ws_insn *in, uint32_t mask)                                  \
    {                                                                                               \
        const uint64_t *a = ROW(1);                                                                 \
        uint64_t *d = DROW;                                                                         \
        WRITE_ROW(d, l, ((uint64_t)(uint32_t)((uint32_t)a[l] * (uint32_t)(bexpr)) + (cexpr)) & M32); \
    }
MAD(mad32_rrr, ROW(2)[l], ROW(3)[l])
MAD(mad32_rri, ROW(2)[l], in->ops[3].imm)
MAD(mad32_rir, in->ops[2].imm, ROW(3)[l])
MAD(mad32_rii, in->ops[2].imm, in->ops[3].imm)

static void mov32_r(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    const uint64_t *a = ROW(1);
    uint64_t *d = DROW;
    WRITE_ROW(d, l, a[l] & M32);
}
static void mov64_r(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    const uint64_t *a = ROW(1);
    uint64_t *d = DROW;
    WRITE_ROW(d, l, a[l]);
}
static void mov_i(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    uint64_t v = in->ops[1].imm & (ws_type_bits((ws_type)in->type) >= 64 ? ~0ull : M32);
    uint64_t *d = DROW;
    WRITE_ROW(d, l, v);
}

/* cvt between integer types without .sat: a's source bits, sign-extended from a signed source,
 * cut to the destination's width (ex_cvt's clamp_int without saturation) */
static void cvt_int(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    unsigned fb = ws_type_bits((ws_type)in->type2), tb = ws_type_bits((ws_type)in->type);
    uint64_t fm = fb >= 64 ? ~0ull : (1ull << fb) - 1, tm = tb >= 64 ? ~0ull : (1ull << tb) - 1;
    uint64_t sb = ws_type_is_signed((ws_type)in->type2) && fb < 64 ? 1ull << (fb - 1) : 0;
    const uint64_t *a = ROW(1);
    uint64_t *d = DROW;
    WRITE_ROW(d, l, (((a[l] & fm) ^ sb) - sb) & tm);
}

/* setp's results: t in the lanes of mask of the first destination, !t in the second's (written
 * after the first, as ex_setp does, should they be one register). */
static void store_predicates(ws_exec *x, const ws_insn *in, uint32_t mask, const uint64_t *t)
{
    uint64_t *d = DROW;
    uint64_t *q = in->dpred != WS_NO_REG ? &x->regs[(size_t)in->dpred * 32] : NULL;
    if (mask != FULL_MASK) {
        FOR_EACH_LANE(mask, l) {
            d[l] = t[l];
            if (q)
                q[l] = t[l] ^ 1;
        }
        return;
    }
    memcpy(d, t, 32 * sizeof *t);
    if (q)
        for (unsigned l = 0; l < 32; l++)
            q[l] = t[l] ^ 1;
}

/* setp.CMP.{u32,s32,b32,u64,s64,b64} p[|q], a, b with no boolean operand */
#define SETP(name, T, CMP)                                                                          \
    static void name##_rr(ws_exec *x, const ws_insn *in, uint32_t mask)                             \
    {                                                                                               \
        const uint64_t *a = ROW(1), *b = ROW(2);                                                    \
        uint64_t t[32];                                                                             \
        for (unsigned l = 0; l < 32; l++)                                                           \
            t[l] = (uint64_t)((T)a[l] CMP (T)b[l]);                                                 \
        store_predicates(x, in, mask, t);                                                           \
    }                                                                                               \
    static void name##_ri(ws_exec *x, const ws_insn *in, uint32_t mask)                             \
    {                                                                                               \
        const uint64_t *a = ROW(1);                                                                 \
        const T bv = (T)in->ops[2].imm;                                                             \
        uint64_t t[32];                                                                             \
        for (unsigned l = 0; l < 32; l++)                                                           \
            t[l] = (uint64_t)((T)a[l] CMP bv);                                                      \
        store_predicates(x, in, mask, t);                                                           \
    }
#define SETP_TYPE(sfx, T)                                                                           \
    SETP(setp_eq_##sfx, T, ==)                                                                      \
    SETP(setp_ne_##sfx, T, !=)                                                                      \
    SETP(setp_lt_##sfx, T, <)                                                                       \
    SETP(setp_le_##sfx, T, <=)                                                                      \
    SETP(setp_gt_##sfx, T, >)                                                                       \
    SETP(setp_ge_##sfx, T, >=)
SETP_TYPE(u32, uint32_t)
SETP_TYPE(s32, int32_t)
SETP_TYPE(u64, uint64_t)
SETP_TYPE(s64, int64_t)

static int is_row(const ws_operand *o) { return o->kind == WS_OPND_REG && !o->neg && o->reg != WS_NO_REG; }
static int is_imm(const ws_operand *o) { return o->kind == WS_OPND_IMM; }

/* 32 or 64 for the integer types, 0 for anything else */
static unsigned int_bits(ws_type t)
{
    switch (t) {
    case WS_T_B32: case WS_T_U32: case WS_T_S32: return 32;
    case WS_T_B64: case WS_T_U64: case WS_T_S64: return 64;
    default: return 0;
    }
}

#define PICK_SETP(sfx)                                                                              \
    switch (in->cmp) {                                                                              \
    case WS_CMP_EQ: return rr ? setp_eq_##sfx##_rr : setp_eq_##sfx##_ri;                            \
    case WS_CMP_NE: return rr ? setp_ne_##sfx##_rr : setp_ne_##sfx##_ri;                            \
    case WS_CMP_LT: case WS_CMP_LO: return rr ? setp_lt_##sfx##_rr : setp_lt_##sfx##_ri;            \
    case WS_CMP_LE: case WS_CMP_LS: return rr ? setp_le_##sfx##_rr : setp_le_##sfx##_ri;            \
    case WS_CMP_GT: case WS_CMP_HI: return rr ? setp_gt_##sfx##_rr : setp_gt_##sfx##_ri;            \
    case WS_CMP_GE: case WS_CMP_HS: return rr ? setp_ge_##sfx##_rr : setp_ge_##sfx##_ri;            \
    default: break;                                                                                 \
    }

/* Any integer type of 8 to 64 bits. */
static int is_int_type(ws_type t)
{
    return t >= WS_T_B8 && t <= WS_T_S64;
}

ws_executor ws_fast_executor(const ws_insn *in)
{
    ws_executor general = ws_executors[in->op];
    uint32_t mods = in->mods & ~(uint32_t)WS_MOD_INFUNC; /* code of a linked .func runs the same */
    if (in->op == WS_OP_CVT && !mods && in->nops == 2 && is_row(&in->ops[0]) && is_row(&in->ops[1]) &&
        is_int_type((ws_type)in->type) && is_int_type((ws_type)in->type2))
        return cvt_int;
    unsigned bits = int_bits((ws_type)in->type);
    if (!bits || mods || !in->nops || !is_row(&in->ops[0]))
        return general;
    int r1 = in->nops > 1 && is_row(&in->ops[1]);
    int rr = in->nops > 2 && r1 && is_row(&in->ops[2]);
    int ri = in->nops > 2 && r1 && is_imm(&in->ops[2]);
    switch (in->op) {
    case WS_OP_ADD:
        if (in->nops == 3 && (rr || ri))
            return bits == 32 ? (rr ? add32_rr : add32_ri) : (rr ? add64_rr : add64_ri);
        break;
    case WS_OP_SUB:
        if (in->nops == 3 && (rr || ri))
            return bits == 32 ? (rr ? sub32_rr : sub32_ri) : (rr ? sub64_rr : sub64_ri);
        break;
    case WS_OP_AND:
        if (in->nops == 3 && (rr || ri))
            return rr ? and__rr : and__ri;
        break;
    case WS_OP_OR:
        if (in->nops == 3 && (rr || ri))
            return rr ? or__rr : or__ri;
        break;
    case WS_OP_XOR:
        if (in->nops == 3 && (rr || ri))
            return rr ? xor__rr : xor__ri;
        break;
    case WS_OP_MUL:
        if (in->nops != 3 || !(rr || ri))
            break;
        if (in->sub == WS_MUL_LO)
            return bits == 32 ? (rr ? mul32_rr : mul32_ri) : (rr ? mul64_rr : mul64_ri);
        if (in->sub == WS_MUL_WIDE && bits == 32 && ws_type_is_signed((ws_type)in->type))
            return rr ? mulwide_s32_rr : mulwide_s32_ri;
        if (in->sub == WS_MUL_WIDE && bits == 32)
            return rr ? mulwide_u32_rr : mulwide_u32_ri;
        break;
    case WS_OP_SHL:
        if (in->nops == 3 && (rr || ri))
            return bits == 32 ? (rr ? shl32_rr : shl32_ri) : (rr ? shl64_rr : shl64_ri);
        break;
    case WS_OP_SHR:
        if (in->nops == 3 && (rr || ri) && !ws_type_is_signed((ws_type)in->type))
            return bits == 32 ? (rr ? shr32_rr : shr32_ri) : (rr ? shr64_rr : shr64_ri);
        break;
    case WS_OP_MAD:
        if (bits == 32 && in->sub == WS_MUL_LO && in->nops == 4 && r1) {
            int b_row = is_row(&in->ops[2]), c_row = is_row(&in->ops[3]);
            int b_imm = is_imm(&in->ops[2]), c_imm = is_imm(&in->ops[3]);
            if (b_row && c_row) return mad32_rrr;
            if (b_row && c_imm) return mad32_rri;
            if (b_imm && c_row) return mad32_rir;
            if (b_imm && c_imm) return mad32_rii;
        }
        break;
    case WS_OP_MOV:
        if (in->nops == 2 && r1)
            return bits == 32 ? mov32_r : mov64_r;
        if (in->nops == 2 && is_imm(&in->ops[1]))
            return mov_i;
        break;
    case WS_OP_SETP:
        if (in->nops != 3 || !(rr || ri) || in->sub != WS_BOOL_NONE)
            break;
        if (bits == 32 && ws_type_is_signed((ws_type)in->type) && in->cmp <= WS_CMP_GE)
            PICK_SETP(s32)
        else if (bits == 32)
            PICK_SETP(u32)
        else if (ws_type_is_signed((ws_type)in->type) && in->cmp <= WS_CMP_GE)
            PICK_SETP(s64)
        else
            PICK_SETP(u64)
        break;
    default:
        break;
    }
    return general;
}
