/* Specialised executors for the hottest (opcode, type, operand kinds) triples: integer add,
 * sub, and, or, xor, mul.lo, mul.wide, shl, shr.u, mad.lo, mov and setp on 32- and 64-bit
 * registers and immediates, and cvt between integer types (the forms of fast_ops.h). Each is a
 * plain loop over the 32 lanes of the register rows with the width and the operand kinds fixed,
 * so the compiler vectorises it. A partial mask (a diverged group, a guard) computes the whole
 * row the same way and keeps the lanes of the mask: these operations have no effect but their
 * result, and a vectorised row costs less than the general executor's walk over the mask's
 * lanes. They compute exactly what the general executors (exec_arith.c, exec_logic.c) compute;
 * ws_sim_launch picks one per instruction (ws_fast_executor) once per launch, and the decoded
 * interpreter (interp.c) runs the same forms inline. */
#include "exec_fast.h"
#include "exec.h"

#define ROW(i) (&x->regs[(size_t)in->ops[i].reg * 32])
#define DROW   ROW(0)

/* d[l] = value in every lane l of mask; value may read lane l of any row. */
#define WRITE_ROW(d, l, value)                                                                                         \
    do {                                                                                                               \
        if (mask == FULL_MASK) {                                                                                       \
            for (unsigned l = 0; l < 32; l++)                                                                          \
                (d)[l] = (value);                                                                                      \
        } else {                                                                                                       \
            uint64_t row_[32];                                                                                         \
            for (unsigned l = 0; l < 32; l++)                                                                          \
                row_[l] = (value);                                                                                     \
            FOR_EACH_LANE(mask, k_)                                                                                    \
                (d)[k_] = row_[k_];                                                                                    \
        }                                                                                                              \
    } while (0)

/* d = expr(A, B) with B a register row (rr) or an immediate (ri). */
#define BIN(name, expr)                                                                                                \
    static inline uint64_t name##_op(uint64_t A, uint64_t B) { return (expr); }                                        \
    static void name##_rr(ws_exec *x, const ws_insn *in, uint32_t mask)                                                \
    {                                                                                                                  \
        const uint64_t *a = ROW(1), *b = ROW(2);                                                                       \
        uint64_t *d = DROW;                                                                                            \
        WRITE_ROW(d, l, name##_op(a[l], b[l]));                                                                        \
    }                                                                                                                  \
    static void name##_ri(ws_exec *x, const ws_insn *in, uint32_t mask)                                                \
    {                                                                                                                  \
        const uint64_t *a = ROW(1), b = in->ops[2].imm;                                                                \
        uint64_t *d = DROW;                                                                                            \
        WRITE_ROW(d, l, name##_op(a[l], b));                                                                           \
    }
WS_FAST_BINARY(BIN)

#define MAD(name, bexpr, cexpr)                                                                                        \
    static void name(ws_exec *x, const ws_insn *in, uint32_t mask)                                                     \
    {                                                                                                                  \
        const uint64_t *a = ROW(1);                                                                                    \
        uint64_t *d = DROW;                                                                                            \
        WRITE_ROW(d, l, WS_FAST_MAD32(a[l], bexpr, cexpr));                                                            \
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
    uint64_t v = ws_fast_mov_value(in);
    uint64_t *d = DROW;
    WRITE_ROW(d, l, v);
}

static void cvt_int(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ws_fast_cvt k = ws_fast_cvt_of(in);
    const uint64_t *a = ROW(1);
    uint64_t *d = DROW;
    WRITE_ROW(d, l, WS_FAST_CVT(a[l], k.from_mask, k.sign_bit, k.to_mask));
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

#define SETP(name, T, CMP)                                                                                             \
    static void setp_##name##_rr(ws_exec *x, const ws_insn *in, uint32_t mask)                                         \
    {                                                                                                                  \
        const uint64_t *a = ROW(1), *b = ROW(2);                                                                       \
        uint64_t t[32];                                                                                                \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            t[l] = (uint64_t)((T)a[l] CMP(T) b[l]);                                                                    \
        store_predicates(x, in, mask, t);                                                                              \
    }                                                                                                                  \
    static void setp_##name##_ri(ws_exec *x, const ws_insn *in, uint32_t mask)                                         \
    {                                                                                                                  \
        const uint64_t *a = ROW(1);                                                                                    \
        const T bv = (T)in->ops[2].imm;                                                                                \
        uint64_t t[32];                                                                                                \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            t[l] = (uint64_t)((T)a[l] CMP bv);                                                                         \
        store_predicates(x, in, mask, t);                                                                              \
    }
WS_FAST_SETP(SETP)

static int is_row(const ws_operand *o)
{
    return o->kind == WS_OPND_REG && !o->neg && !(o->flags & WS_FNEG) && o->reg != WS_NO_REG; /* FNEG: contract.h */
}
static int is_imm(const ws_operand *o) { return o->kind == WS_OPND_IMM; }

/* 32 or 64 for the integer types, 0 for anything else */
static unsigned int_bits(ws_type t)
{
    switch (t) {
    case WS_T_B32:
    case WS_T_U32:
    case WS_T_S32: return 32;
    case WS_T_B64:
    case WS_T_U64:
    case WS_T_S64: return 64;
    default: return 0;
    }
}

/* Any integer type of 8 to 64 bits. */
static int is_int_type(ws_type t) { return t >= WS_T_B8 && t <= WS_T_S64; }

/* The form's first kind (_RR) when b is a row, the second (_RI) when an immediate. */
#define RR_RI(k) (rr ? (k##_RR) : (k##_RI))

#define PICK_SETP(sfx)                                                                                                 \
    switch (in->cmp) {                                                                                                 \
    case WS_CMP_EQ: return RR_RI(WS_FK_SETP_EQ_##sfx);                                                                 \
    case WS_CMP_NE: return RR_RI(WS_FK_SETP_NE_##sfx);                                                                 \
    case WS_CMP_LT:                                                                                                    \
    case WS_CMP_LO: return RR_RI(WS_FK_SETP_LT_##sfx);                                                                 \
    case WS_CMP_LE:                                                                                                    \
    case WS_CMP_LS: return RR_RI(WS_FK_SETP_LE_##sfx);                                                                 \
    case WS_CMP_GT:                                                                                                    \
    case WS_CMP_HI: return RR_RI(WS_FK_SETP_GT_##sfx);                                                                 \
    case WS_CMP_GE:                                                                                                    \
    case WS_CMP_HS: return RR_RI(WS_FK_SETP_GE_##sfx);                                                                 \
    default: break;                                                                                                    \
    }

int ws_fast_kind(const ws_insn *in)
{
    uint32_t mods = in->mods & ~(uint32_t)WS_MOD_INFUNC; /* code of a linked .func runs the same */
    if (in->op == WS_OP_CVT && !mods && in->nops == 2 && is_row(&in->ops[0]) && is_row(&in->ops[1]) &&
        is_int_type((ws_type)in->type) && is_int_type((ws_type)in->type2))
        return WS_FK_CVT_INT;
    unsigned bits = int_bits((ws_type)in->type);
    int r1 = in->nops > 1 && is_row(&in->ops[1]);
    int rr = in->nops > 2 && r1 && is_row(&in->ops[2]);
    int ri = in->nops > 2 && r1 && is_imm(&in->ops[2]);
    int bin = in->nops == 3 && (rr || ri);
    if (in->type == WS_T_F32 && !mods && bin && is_row(&in->ops[0]) && fe_mode(in->rnd) == FE_TONEAREST) {
        switch (in->op) {
        case WS_OP_ADD: return RR_RI(WS_FK_ADD_F32);
        case WS_OP_SUB: return RR_RI(WS_FK_SUB_F32);
        case WS_OP_MUL: return RR_RI(WS_FK_MUL_F32);
        default: return WS_FK_NONE;
        }
    }
    if (!bits || mods || !in->nops || !is_row(&in->ops[0]))
        return WS_FK_NONE;
    switch (in->op) {
    case WS_OP_ADD:
        if (bin)
            return bits == 32 ? RR_RI(WS_FK_ADD32) : RR_RI(WS_FK_ADD64);
        break;
    case WS_OP_SUB:
        if (bin)
            return bits == 32 ? RR_RI(WS_FK_SUB32) : RR_RI(WS_FK_SUB64);
        break;
    case WS_OP_AND:
        if (bin)
            return RR_RI(WS_FK_AND);
        break;
    case WS_OP_OR:
        if (bin)
            return RR_RI(WS_FK_OR);
        break;
    case WS_OP_XOR:
        if (bin)
            return RR_RI(WS_FK_XOR);
        break;
    case WS_OP_MUL:
        if (!bin)
            break;
        if (in->sub == WS_MUL_LO)
            return bits == 32 ? RR_RI(WS_FK_MUL32) : RR_RI(WS_FK_MUL64);
        if (in->sub == WS_MUL_WIDE && bits == 32 && ws_type_is_signed((ws_type)in->type))
            return RR_RI(WS_FK_MULWIDE_S32);
        if (in->sub == WS_MUL_WIDE && bits == 32)
            return RR_RI(WS_FK_MULWIDE_U32);
        break;
    case WS_OP_SHL:
        if (bin)
            return bits == 32 ? RR_RI(WS_FK_SHL32) : RR_RI(WS_FK_SHL64);
        break;
    case WS_OP_SHR:
        if (bin && !ws_type_is_signed((ws_type)in->type))
            return bits == 32 ? RR_RI(WS_FK_SHR32) : RR_RI(WS_FK_SHR64);
        break;
    case WS_OP_MAD:
        if (bits == 32 && in->sub == WS_MUL_LO && in->nops == 4 && r1) {
            int b_row = is_row(&in->ops[2]), c_row = is_row(&in->ops[3]);
            int b_imm = is_imm(&in->ops[2]), c_imm = is_imm(&in->ops[3]);
            if (b_row && c_row)
                return WS_FK_MAD32_RRR;
            if (b_row && c_imm)
                return WS_FK_MAD32_RRI;
            if (b_imm && c_row)
                return WS_FK_MAD32_RIR;
            if (b_imm && c_imm)
                return WS_FK_MAD32_RII;
        }
        break;
    case WS_OP_MOV:
        if (in->nops == 2 && r1)
            return bits == 32 ? WS_FK_MOV32_R : WS_FK_MOV64_R;
        if (in->nops == 2 && is_imm(&in->ops[1]))
            return WS_FK_MOV_I;
        break;
    case WS_OP_SETP:
        if (!bin || in->sub != WS_BOOL_NONE)
            break;
        if (bits == 32 && ws_type_is_signed((ws_type)in->type) && in->cmp <= WS_CMP_GE)
            PICK_SETP(S32)
        else if (bits == 32)
            PICK_SETP(U32)
        else if (ws_type_is_signed((ws_type)in->type) && in->cmp <= WS_CMP_GE)
            PICK_SETP(S64)
        else
            PICK_SETP(U64)
        break;
    default: break;
    }
    return WS_FK_NONE;
}

#define EXEC_RR_RI(name, ...) [WS_FK_##name##_RR] = name##_rr, [WS_FK_##name##_RI] = name##_ri,
#define EXEC_SETP(name, ...)  [WS_FK_SETP_##name##_RR] = setp_##name##_rr, [WS_FK_SETP_##name##_RI] = setp_##name##_ri,
static const ws_executor fast_executors[WS_FK_COUNT] = {
    WS_FAST_BINARY(EXEC_RR_RI) WS_FAST_SETP(EXEC_SETP)[WS_FK_MAD32_RRR] = mad32_rrr,
    [WS_FK_MAD32_RRI] = mad32_rri,
    [WS_FK_MAD32_RIR] = mad32_rir,
    [WS_FK_MAD32_RII] = mad32_rii,
    [WS_FK_MOV32_R] = mov32_r,
    [WS_FK_MOV64_R] = mov64_r,
    [WS_FK_MOV_I] = mov_i,
    [WS_FK_CVT_INT] = cvt_int,
};

ws_executor ws_fast_executor(const ws_insn *in)
{
    int k = ws_fast_kind(in);
    return k != WS_FK_NONE ? fast_executors[k] : ws_executors[in->op];
}
