/* exec_fast: specialised executors for the hottest instruction forms (exec_fast.c, the forms in
 * fast_ops.h). */
#ifndef WS_EXEC_FAST_H
#define WS_EXEC_FAST_H

#include "fast_ops.h"
#include "sim.h"

/* The instruction's form (WS_FK_*), WS_FK_NONE when it has none; rkind: the kernel's registers'
 * rows (ws_reg_layout). */
int ws_fast_kind(const ws_insn *in, const uint8_t *rkind);
/* The executor for one instruction: a specialised one for its form, else the table's. */
ws_executor ws_fast_executor(const ws_insn *in, const uint8_t *rkind);

/* WS_FK_MOV32_I, WS_FK_MOV64_I: the immediate cut to the type's width */
static inline uint64_t ws_fast_mov_value(const ws_insn *in)
{
    return in->ops[1].imm & (ws_type_bits((ws_type)in->type) >= 64 ? ~0ull : M32);
}

/* WS_FK_CVT_*: a's source bits, sign-extended from a signed source, cut to the destination's
 * width (ex_cvt's clamp_int without saturation) */
typedef struct {
    uint64_t from_mask, sign_bit, to_mask;
} ws_fast_cvt;
static inline ws_fast_cvt ws_fast_cvt_of(const ws_insn *in)
{
    unsigned fb = ws_type_bits((ws_type)in->type2), tb = ws_type_bits((ws_type)in->type);
    ws_fast_cvt k;
    k.from_mask = fb >= 64 ? ~0ull : (1ull << fb) - 1;
    k.to_mask = tb >= 64 ? ~0ull : (1ull << tb) - 1;
    k.sign_bit = ws_type_is_signed((ws_type)in->type2) && fb < 64 ? 1ull << (fb - 1) : 0;
    return k;
}
#define WS_FAST_CVT(A, fm, sb, tm) ((((A) & (fm)) ^ (sb)) - (sb)) & (tm)

#endif
