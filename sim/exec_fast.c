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

/* Operand i's register row, as rows of T (the form says which) */
#define ROW(T, i) ((T *)(x->regs + x->L->roff[in->ops[i].reg]))

/* d[l] = value in every lane l of mask; value may read lane l of any row. */
#define WRITE_ROW(T, d, l, value)                                                                                      \
    do {                                                                                                               \
        if (mask == FULL_MASK) {                                                                                       \
            for (unsigned l = 0; l < 32; l++)                                                                          \
                (d)[l] = (value);                                                                                      \
        } else {                                                                                                       \
            T row_[32];                                                                                                \
            for (unsigned l = 0; l < 32; l++)                                                                          \
                row_[l] = (value);                                                                                     \
            FOR_EACH_LANE(mask, k_)                                                                                    \
                (d)[k_] = row_[k_];                                                                                    \
        }                                                                                                              \
    } while (0)

/* d = expr(A, B) with B a register row (rr) or an immediate (ri). */
#define BIN(name, TD, TA, TB, expr)                                                                                    \
    static inline TD name##_op(TA A, TB B) { return (TD)(expr); }                                                      \
    static void name##_rr(ws_exec *x, const ws_insn *in, uint32_t mask)                                                \
    {                                                                                                                  \
        const TA *a = ROW(const TA, 1);                                                                                \
        const TB *b = ROW(const TB, 2);                                                                                \
        TD *d = ROW(TD, 0);                                                                                            \
        WRITE_ROW(TD, d, l, name##_op(a[l], b[l]));                                                                    \
    }                                                                                                                  \
    static void name##_ri(ws_exec *x, const ws_insn *in, uint32_t mask)                                                \
    {                                                                                                                  \
        const TA *a = ROW(const TA, 1);                                                                                \
        const TB b = (TB)in->ops[2].imm;                                                                               \
        TD *d = ROW(TD, 0);                                                                                            \
        WRITE_ROW(TD, d, l, name##_op(a[l], b));                                                                       \
    }
WS_FAST_BINARY(BIN)

#define MAD(name, bexpr, cexpr)                                                                                        \
    static void name(ws_exec *x, const ws_insn *in, uint32_t mask)                                                     \
    {                                                                                                                  \
        const uint32_t *a = ROW(const uint32_t, 1);                                                                    \
        uint32_t *d = ROW(uint32_t, 0);                                                                                \
        WRITE_ROW(uint32_t, d, l, WS_FAST_MAD32(a[l], bexpr, cexpr));                                                  \
    }
MAD(mad32_RRR, ROW(const uint32_t, 2)[l], ROW(const uint32_t, 3)[l])
MAD(mad32_RRI, ROW(const uint32_t, 2)[l], in->ops[3].imm)
MAD(mad32_RIR, in->ops[2].imm, ROW(const uint32_t, 3)[l])
MAD(mad32_RII, in->ops[2].imm, in->ops[3].imm)

#define MOV(w, TD, TA)                                                                                                 \
    static void mov##w##_r(ws_exec *x, const ws_insn *in, uint32_t mask)                                               \
    {                                                                                                                  \
        const TA *a = ROW(const TA, 1);                                                                                \
        TD *d = ROW(TD, 0);                                                                                            \
        WRITE_ROW(TD, d, l, (TD)a[l]);                                                                                 \
    }                                                                                                                  \
    static void mov##w##_i(ws_exec *x, const ws_insn *in, uint32_t mask)                                               \
    {                                                                                                                  \
        const TD v = (TD)ws_fast_mov_value(in);                                                                        \
        TD *d = ROW(TD, 0);                                                                                            \
        WRITE_ROW(TD, d, l, v);                                                                                        \
    }
WS_FAST_MOV(MOV)

#define CVT(w, TD, TA)                                                                                                 \
    static void cvt_##w(ws_exec *x, const ws_insn *in, uint32_t mask)                                                  \
    {                                                                                                                  \
        ws_fast_cvt k = ws_fast_cvt_of(in);                                                                            \
        const TA *a = ROW(const TA, 1);                                                                                \
        TD *d = ROW(TD, 0);                                                                                            \
        WRITE_ROW(TD, d, l, (TD)(WS_FAST_CVT((uint64_t)a[l], k.from_mask, k.sign_bit, k.to_mask)));                    \
    }
WS_FAST_CVT_ROWS(CVT)

/* selp: lane l takes a where bit l of the predicate c is set, else b */
#define SELP(v, aexpr, bexpr)                                                                                          \
    static void selp32_##v(ws_exec *x, const ws_insn *in, uint32_t mask)                                               \
    {                                                                                                                  \
        const uint32_t c = (uint32_t)*ROW(const uint64_t, 3);                                                          \
        uint32_t *d = ROW(uint32_t, 0);                                                                                \
        WRITE_ROW(uint32_t, d, l, (c >> l & 1) ? (aexpr) : (bexpr));                                                   \
    }
SELP(RR, ROW(const uint32_t, 1)[l], ROW(const uint32_t, 2)[l])
SELP(RI, ROW(const uint32_t, 1)[l], (uint32_t)in->ops[2].imm)
SELP(IR, (uint32_t)in->ops[1].imm, ROW(const uint32_t, 2)[l])
SELP(II, (uint32_t)in->ops[1].imm, (uint32_t)in->ops[2].imm)

/* setp's results: t in the lanes of mask of the first destination, !t in the second's (written
 * after the first, as ex_setp does, should they be one register); predicates are words of bits */
static void store_predicates(ws_exec *x, const ws_insn *in, uint32_t mask, uint32_t t)
{
    uint64_t *d = ROW(uint64_t, 0);
    *d = (*d & ~(uint64_t)mask) | (t & mask);
    if (in->dpred != WS_NO_REG) {
        uint64_t *q = x->regs + x->L->roff[in->dpred];
        *q = (*q & ~(uint64_t)mask) | (~t & mask);
    }
}

#define SETP(name, T, CMP, TS)                                                                                         \
    static void setp_##name##_rr(ws_exec *x, const ws_insn *in, uint32_t mask)                                         \
    {                                                                                                                  \
        const TS *a = ROW(const TS, 1), *b = ROW(const TS, 2);                                                         \
        uint32_t t = 0;                                                                                                \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            t |= (uint32_t)((T)a[l] CMP(T) b[l]) << l;                                                                 \
        store_predicates(x, in, mask, t);                                                                              \
    }                                                                                                                  \
    static void setp_##name##_ri(ws_exec *x, const ws_insn *in, uint32_t mask)                                         \
    {                                                                                                                  \
        const TS *a = ROW(const TS, 1);                                                                                \
        const T bv = (T)in->ops[2].imm;                                                                                \
        uint32_t t = 0;                                                                                                \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            t |= (uint32_t)((T)a[l] CMP bv) << l;                                                                      \
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

/* Operands x and x + 1, each a 32-bit row (R) or an immediate (I): the form's offset in the order
 * RR, RI, IR, II (fast_ops.h, WS_FAST_SELP and WS_FAST_MAD32S); -1 when either is neither. */
static int pair_form(const ws_insn *in, const uint8_t *rkind, unsigned x)
{
    int form = 0;
    for (unsigned i = x; i < x + 2; i++) {
        form *= 2;
        if (is_imm(&in->ops[i]))
            form += 1;
        else if (!is_row(&in->ops[i]) || rkind[in->ops[i].reg] != WS_ROW_32)
            return -1;
    }
    return form;
}

/* The kind of row (WS_ROW_*) the form of bits wants */
static unsigned row_of_bits(unsigned bits) { return bits == 64 ? WS_ROW_64 : WS_ROW_32; }

int ws_fast_kind(const ws_insn *in, const uint8_t *rkind)
{
    uint32_t mods = in->mods & ~(uint32_t)WS_MOD_INFUNC; /* code of a linked .func runs the same */
#define K(i) rkind[in->ops[i].reg]
    if (in->op == WS_OP_CVT && !mods && in->nops == 2 && is_row(&in->ops[0]) && is_row(&in->ops[1]) &&
        is_int_type((ws_type)in->type) && is_int_type((ws_type)in->type2) && K(1) != WS_ROW_PRED &&
        (K(0) == WS_ROW_64 || (K(0) == WS_ROW_32 && ws_type_bits((ws_type)in->type) <= 32)))
        return K(0) == WS_ROW_32 ? (K(1) == WS_ROW_32 ? WS_FK_CVT_32_32 : WS_FK_CVT_32_64)
                                 : (K(1) == WS_ROW_32 ? WS_FK_CVT_64_32 : WS_FK_CVT_64_64);
    unsigned bits = int_bits((ws_type)in->type);
    int r1 = in->nops > 1 && is_row(&in->ops[1]);
    int rr = in->nops > 2 && r1 && is_row(&in->ops[2]);
    int ri = in->nops > 2 && r1 && is_imm(&in->ops[2]);
    int bin = in->nops == 3 && (rr || ri) && is_row(&in->ops[0]);
    /* the rows of d, a and b are of kinds kd, ka and kb (b: when a row) */
#define ROWS_ARE(kd, ka, kb) (K(0) == (kd) && K(1) == (ka) && (!rr || K(2) == (kb)))
    if (in->type == WS_T_F32 && !mods && bin && fe_mode(in->rnd) == FE_TONEAREST &&
        ROWS_ARE(WS_ROW_32, WS_ROW_32, WS_ROW_32)) {
        switch (in->op) {
        case WS_OP_ADD: return RR_RI(WS_FK_ADD_F32);
        case WS_OP_SUB: return RR_RI(WS_FK_SUB_F32);
        case WS_OP_MUL: return RR_RI(WS_FK_MUL_F32);
        default: return WS_FK_NONE;
        }
    }
    if (in->op == WS_OP_SELP && !mods && in->nops == 4 && is_row(&in->ops[0]) && is_row(&in->ops[3]) &&
        K(3) == WS_ROW_PRED && K(0) == WS_ROW_32 && (bits == 32 || in->type == WS_T_F32)) {
        int form = pair_form(in, rkind, WS_FAST_SELP_PAIR);
        if (form >= 0)
            return WS_FK_SELP32_RR + form;
    }
    if (ws_type_bits((ws_type)in->type) == 16 && is_int_type((ws_type)in->type) && !mods && bin &&
        ROWS_ARE(WS_ROW_32, WS_ROW_32, WS_ROW_32)) {
        if (in->op == WS_OP_ADD)
            return RR_RI(WS_FK_ADD16);
        if (in->op == WS_OP_SUB)
            return RR_RI(WS_FK_SUB16);
    }
    if (!bits || mods || !in->nops || !is_row(&in->ops[0]))
        return WS_FK_NONE;
    const unsigned rk = row_of_bits(bits);
    const int same = bin && ROWS_ARE(rk, rk, rk); /* d, a, b: rows of the type's width */
    /* the 32-bit or the 64-bit form of NAME, register or immediate b */
#define BY_WIDTH(name) (bits == 32 ? RR_RI(WS_FK_##name##32) : RR_RI(WS_FK_##name##64))
    if (same) {
        switch (in->op) {
        case WS_OP_ADD: return BY_WIDTH(ADD);
        case WS_OP_SUB: return BY_WIDTH(SUB);
        case WS_OP_AND: return BY_WIDTH(AND);
        case WS_OP_OR: return BY_WIDTH(OR);
        case WS_OP_XOR: return BY_WIDTH(XOR);
        default: break;
        }
    }
    switch (in->op) {
    case WS_OP_MUL:
        if (in->sub == WS_MUL_LO && same)
            return BY_WIDTH(MUL);
        if (in->sub == WS_MUL_WIDE && bits == 32 && bin && ROWS_ARE(WS_ROW_64, WS_ROW_32, WS_ROW_32))
            return ws_type_is_signed((ws_type)in->type) ? RR_RI(WS_FK_MULWIDE_S32) : RR_RI(WS_FK_MULWIDE_U32);
        break;
    case WS_OP_SHL:
        if (bin && ROWS_ARE(rk, rk, WS_ROW_32))
            return BY_WIDTH(SHL);
        break;
    case WS_OP_SHR:
        if (bin && ROWS_ARE(rk, rk, WS_ROW_32) && !ws_type_is_signed((ws_type)in->type))
            return BY_WIDTH(SHR);
        break;
    case WS_OP_MAD:
        if (bits == 32 && in->sub == WS_MUL_LO && in->nops == 4 && r1 && K(0) == WS_ROW_32 && K(1) == WS_ROW_32) {
            int form = pair_form(in, rkind, WS_FAST_MAD32_PAIR);
            if (form >= 0)
                return WS_FK_MAD32_RRR + form;
        }
        break;
    case WS_OP_MOV:
        if (in->nops == 2 && r1 && K(0) == rk && K(1) == rk)
            return bits == 32 ? WS_FK_MOV32_R : WS_FK_MOV64_R;
        if (in->nops == 2 && is_imm(&in->ops[1]) && (K(0) == WS_ROW_64 || (K(0) == WS_ROW_32 && bits == 32)))
            return K(0) == WS_ROW_32 ? WS_FK_MOV32_I : WS_FK_MOV64_I;
        break;
    case WS_OP_SETP:
        if (!bin || in->sub != WS_BOOL_NONE || K(0) != WS_ROW_PRED || K(1) != rk || (rr && K(2) != rk) ||
            (in->dpred != WS_NO_REG && rkind[in->dpred] != WS_ROW_PRED))
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
#undef BY_WIDTH
#undef ROWS_ARE
#undef K
    return WS_FK_NONE;
}

#define EXEC_RR_RI(name, ...) [WS_FK_##name##_RR] = name##_rr, [WS_FK_##name##_RI] = name##_ri,
#define EXEC_SETP(name, ...)  [WS_FK_SETP_##name##_RR] = setp_##name##_rr, [WS_FK_SETP_##name##_RI] = setp_##name##_ri,
#define EXEC_MOV(w, ...)      [WS_FK_MOV##w##_R] = mov##w##_r, [WS_FK_MOV##w##_I] = mov##w##_i,
#define EXEC_CVT(w, ...)      [WS_FK_CVT_##w] = cvt_##w,
#define EXEC_SELP(v)          [WS_FK_SELP32_##v] = selp32_##v,
#define EXEC_MAD32(v)         [WS_FK_MAD32_##v] = mad32_##v,
/* clang-format off */
static const ws_executor fast_executors[WS_FK_COUNT] = {
    WS_FAST_BINARY(EXEC_RR_RI) WS_FAST_SETP(EXEC_SETP) WS_FAST_MAD32S(EXEC_MAD32)
    WS_FAST_MOV(EXEC_MOV) WS_FAST_CVT_ROWS(EXEC_CVT) WS_FAST_SELP(EXEC_SELP)};
/* clang-format on */

ws_executor ws_fast_executor(const ws_insn *in, const uint8_t *rkind)
{
    int k = ws_fast_kind(in, rkind);
    return k != WS_FK_NONE ? fast_executors[k] : ws_executors[in->op];
}
