/* The forms the fast paths specialise, with what each computes: one list, expanded by the
 * specialised executors (exec_fast.c) and by the decoded interpreter's run loop (interp_run.h),
 * so the two cannot disagree. A and B are a lane's source values (uint64_t, as the register
 * rows hold them); ws_fast_kind (exec_fast.h) says which form an instruction has. */
#ifndef WS_FAST_OPS_H
#define WS_FAST_OPS_H

#include "fp.h"

#define M32 0xffffffffull

/* clang-format off */
/* X(name, expression of A and B): d = expression, with B a register row (_RR) or an immediate
 * (_RI) */
#define WS_FAST_BINARY(X)                                                                           \
    X(ADD32, (A + B) & M32)                                                                         \
    X(ADD64, A + B)                                                                                 \
    X(SUB32, (A - B) & M32)                                                                         \
    X(SUB64, A - B)                                                                                 \
    X(AND, A & B)                                                                                   \
    X(OR, A | B)                                                                                    \
    X(XOR, A ^ B)                                                                                   \
    /* mul.lo keeps the low half, whatever the signedness; mul.wide.{u32,s32} the whole product */ \
    X(MUL32, (uint64_t)((uint32_t)A * (uint32_t)B))                                                 \
    X(MUL64, A * B)                                                                                 \
    X(MULWIDE_U32, (uint64_t)(uint32_t)A * (uint32_t)B)                                             \
    X(MULWIDE_S32, (uint64_t)((int64_t)(int32_t)A * (int32_t)B))                                    \
    /* shl, shr.u: a shift by the width or more gives 0 (the amount is b's low 32 bits) */          \
    X(SHL32, (uint32_t)B >= 32 ? 0 : (A << (uint32_t)B) & M32)                                      \
    X(SHL64, (uint32_t)B >= 64 ? 0 : A << (uint32_t)B)                                              \
    X(SHR32, (uint32_t)B >= 32 ? 0 : (A & M32) >> (uint32_t)B)                                      \
    X(SHR64, (uint32_t)B >= 64 ? 0 : A >> (uint32_t)B)                                              \
    /* add, sub, mul .f32 rounding to nearest, no .ftz, no .sat: FLOAT_OP of exec_arith.c */       \
    X(ADD_F32, f32_result(as_f32(A) + as_f32(B), 0))                                                \
    X(SUB_F32, f32_result(as_f32(A) - as_f32(B), 0))                                                \
    X(MUL_F32, f32_result(as_f32(A) * as_f32(B), 0))

/* mad.lo on 32 bits: the low half of the product does not depend on the signedness */
#define WS_FAST_MAD32(A, B, C) (((uint64_t)(uint32_t)((uint32_t)(A) * (uint32_t)(B)) + (C)) & M32)

/* X(name, T, CMP): setp.CMP.T p[|q], a, b with no boolean operand: p = (T)A CMP (T)B, q = !p */
#define WS_FAST_SETP_TYPE(X, sfx, T)                                                                \
    X(EQ_##sfx, T, ==)                                                                              \
    X(NE_##sfx, T, !=)                                                                              \
    X(LT_##sfx, T, <)                                                                               \
    X(LE_##sfx, T, <=)                                                                              \
    X(GT_##sfx, T, >)                                                                               \
    X(GE_##sfx, T, >=)
#define WS_FAST_SETP(X)                                                                             \
    WS_FAST_SETP_TYPE(X, U32, uint32_t)                                                             \
    WS_FAST_SETP_TYPE(X, S32, int32_t)                                                              \
    WS_FAST_SETP_TYPE(X, U64, uint64_t)                                                             \
    WS_FAST_SETP_TYPE(X, S64, int64_t)

/* clang-format on */

/* The forms, WS_FK_*: the binary ones and setp with a row or an immediate b, mad.lo.32 with
 * rows or immediates b and c, mov of a 32- or 64-bit row or of an immediate (its value cut to
 * the type), and cvt between integer types without .sat. */
#define WS_FK_RR_RI(name, ...)      WS_FK_##name##_RR, WS_FK_##name##_RI,
#define WS_FK_SETP_RR_RI(name, ...) WS_FK_SETP_##name##_RR, WS_FK_SETP_##name##_RI,
enum {
    WS_FK_NONE, /* the general executor */
    WS_FAST_BINARY(WS_FK_RR_RI) WS_FAST_SETP(WS_FK_SETP_RR_RI) WS_FK_MAD32_RRR,
    WS_FK_MAD32_RRI,
    WS_FK_MAD32_RIR,
    WS_FK_MAD32_RII,
    WS_FK_MOV32_R,
    WS_FK_MOV64_R,
    WS_FK_MOV_I,
    WS_FK_CVT_INT,
    WS_FK_COUNT
};

#endif
