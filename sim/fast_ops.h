/* The forms the fast paths specialise, with what each computes: one list, expanded by the
 * specialised executors (exec_fast.c) and by the decoded interpreter's run loop (interp_run.h),
 * so the two cannot disagree. Each form names the element type of its destination's and its
 * sources' register rows (sim.h, "the register file": uint32_t for a register of 32 bits or
 * fewer, uint64_t for a 64-bit one); A and B are a lane's source values of those types, and an
 * immediate is cut to its source's type. ws_fast_kind (exec_fast.h) says which form an
 * instruction has: only where its registers' rows have those types. */
#ifndef WS_FAST_OPS_H
#define WS_FAST_OPS_H

#include "fp.h"

#define M32 0xffffffffull

/* clang-format off */
/* X(name, TD, TA, TB, expression of A and B): d = expression, with B a register row (_RR) or an
 * immediate (_RI) */
#define WS_FAST_BINARY(X)                                                                           \
    X(ADD32, uint32_t, uint32_t, uint32_t, A + B)                                                   \
    X(ADD64, uint64_t, uint64_t, uint64_t, A + B)                                                   \
    X(SUB32, uint32_t, uint32_t, uint32_t, A - B)                                                   \
    X(SUB64, uint64_t, uint64_t, uint64_t, A - B)                                                   \
    X(AND32, uint32_t, uint32_t, uint32_t, A & B)                                                   \
    X(AND64, uint64_t, uint64_t, uint64_t, A & B)                                                   \
    X(OR32, uint32_t, uint32_t, uint32_t, A | B)                                                    \
    X(OR64, uint64_t, uint64_t, uint64_t, A | B)                                                    \
    X(XOR32, uint32_t, uint32_t, uint32_t, A ^ B)                                                   \
    X(XOR64, uint64_t, uint64_t, uint64_t, A ^ B)                                                   \
    /* mul.lo keeps the low half, whatever the signedness; mul.wide.{u32,s32} the whole product */ \
    X(MUL32, uint32_t, uint32_t, uint32_t, A * B)                                                   \
    X(MUL64, uint64_t, uint64_t, uint64_t, A * B)                                                   \
    X(MULWIDE_U32, uint64_t, uint32_t, uint32_t, (uint64_t)A * B)                                   \
    X(MULWIDE_S32, uint64_t, uint32_t, uint32_t, (uint64_t)((int64_t)(int32_t)A * (int32_t)B))      \
    /* shl, shr.u: a shift by the width or more gives 0 (the amount is a 32-bit b) */               \
    X(SHL32, uint32_t, uint32_t, uint32_t, B >= 32 ? 0 : A << B)                                    \
    X(SHL64, uint64_t, uint64_t, uint32_t, B >= 64 ? 0 : A << B)                                    \
    X(SHR32, uint32_t, uint32_t, uint32_t, B >= 32 ? 0 : A >> B)                                    \
    X(SHR64, uint64_t, uint64_t, uint32_t, B >= 64 ? 0 : A >> B)                                    \
    /* add, sub, mul .f32 rounding to nearest, no .ftz, no .sat: FLOAT_OP of exec_arith.c */       \
    X(ADD_F32, uint32_t, uint32_t, uint32_t, f32_result(as_f32(A) + as_f32(B), 0))                  \
    X(SUB_F32, uint32_t, uint32_t, uint32_t, f32_result(as_f32(A) - as_f32(B), 0))                  \
    X(MUL_F32, uint32_t, uint32_t, uint32_t, f32_result(as_f32(A) * as_f32(B), 0))

/* mad.lo on 32 bits (rows of uint32_t): the low half of the product does not depend on the
 * signedness */
#define WS_FAST_MAD32(A, B, C) ((uint32_t)(A) * (uint32_t)(B) + (uint32_t)(C))

/* X(name, T, CMP, TS): setp.CMP.T p[|q], a, b with no boolean operand, a and b rows of TS and p,
 * q predicates: p = (T)A CMP (T)B, q = !p */
#define WS_FAST_SETP_TYPE(X, sfx, T, TS)                                                            \
    X(EQ_##sfx, T, ==, TS)                                                                          \
    X(NE_##sfx, T, !=, TS)                                                                          \
    X(LT_##sfx, T, <, TS)                                                                           \
    X(LE_##sfx, T, <=, TS)                                                                          \
    X(GT_##sfx, T, >, TS)                                                                           \
    X(GE_##sfx, T, >=, TS)
#define WS_FAST_SETP(X)                                                                             \
    WS_FAST_SETP_TYPE(X, U32, uint32_t, uint32_t)                                                   \
    WS_FAST_SETP_TYPE(X, S32, int32_t, uint32_t)                                                    \
    WS_FAST_SETP_TYPE(X, U64, uint64_t, uint64_t)                                                   \
    WS_FAST_SETP_TYPE(X, S64, int64_t, uint64_t)

/* X(name, TD, TA): mov of a register row, and cvt between integer types without .sat, from a
 * row of TA into one of TD */
#define WS_FAST_MOV(X)                                                                              \
    X(32, uint32_t, uint32_t)                                                                       \
    X(64, uint64_t, uint64_t)
#define WS_FAST_CVT_ROWS(X)                                                                         \
    X(32_32, uint32_t, uint32_t)                                                                    \
    X(32_64, uint32_t, uint64_t)                                                                    \
    X(64_32, uint64_t, uint32_t)                                                                    \
    X(64_64, uint64_t, uint64_t)

/* X(name): selp.{b32,u32,s32,f32} d, a, b, c: d = c ? a : b in 32-bit rows, a and b rows (R) or
 * immediates (I), c a predicate; mad.lo.{u32,s32} d, a, b, c with a a row and b and c rows or
 * immediates. Both are a pair of operands that are each a row or an immediate, in the order RR,
 * RI, IR, II (ws_fast_kind picks the form by its offset in that order): operands 1 and 2 of selp,
 * 2 and 3 of mad; a decoded instruction has the first one's immediate in imm, the second's in imm2. */
#define WS_FAST_SELP(X)   X(RR) X(RI) X(IR) X(II)
#define WS_FAST_MAD32S(X) X(RRR) X(RRI) X(RIR) X(RII)
enum { WS_FAST_SELP_PAIR = 1, WS_FAST_MAD32_PAIR = 2 };

/* clang-format on */

/* The forms, WS_FK_*: the binary ones and setp with a row or an immediate b, mad.lo.32 with
 * rows or immediates b and c, mov of a row or of an immediate (its value cut to the type) into a
 * 32- or a 64-bit row, cvt between integer types without .sat (CVT_<to>_<from>: the rows), and
 * selp of 32 bits. */
#define WS_FK_RR_RI(name, ...)      WS_FK_##name##_RR, WS_FK_##name##_RI,
#define WS_FK_SETP_RR_RI(name, ...) WS_FK_SETP_##name##_RR, WS_FK_SETP_##name##_RI,
#define WS_FK_MOV_R(w, ...)         WS_FK_MOV##w##_R, WS_FK_MOV##w##_I,
#define WS_FK_CVT(w, ...)           WS_FK_CVT_##w,
#define WS_FK_SELP(v)               WS_FK_SELP32_##v,
#define WS_FK_MAD32(v)              WS_FK_MAD32_##v,
enum {
    WS_FK_NONE, /* the general executor */
    WS_FAST_BINARY(WS_FK_RR_RI) WS_FAST_SETP(WS_FK_SETP_RR_RI) WS_FAST_MAD32S(WS_FK_MAD32) WS_FAST_MOV(WS_FK_MOV_R)
        WS_FAST_CVT_ROWS(WS_FK_CVT) WS_FAST_SELP(WS_FK_SELP) WS_FK_COUNT
};

/* The first operand of the row-or-immediate pair of form fk (WS_FAST_SELP_PAIR,
 * WS_FAST_MAD32_PAIR); 0: fk has no such pair. */
static inline unsigned ws_fast_pair_operand(int fk)
{
    if (fk >= WS_FK_SELP32_RR && fk <= WS_FK_SELP32_II)
        return WS_FAST_SELP_PAIR;
    if (fk >= WS_FK_MAD32_RRR && fk <= WS_FK_MAD32_RII)
        return WS_FAST_MAD32_PAIR;
    return 0;
}

#endif
