/* narrow: 64-bit integer values of which ptxas keeps one half (narrow.c), for the timing mode.
 *
 * A 64-bit PTX register is a pair of 32-bit registers in SASS. Where only one half of a value is
 * ever read, ptxas computes that half alone (tests/calibration/sass/bench_mul.sass):
 *  - mul.wide.s32 + shr.u64 by 32 + cvt.u32.u64 (the high half): one IMAD.WIDE a step, read at its
 *    high register, 9.0 cycles a step as IMAD.HI (bench_mul[1]); the shr and the cvt are gone;
 *  - mul.wide.u32 or mad.wide.u32 + cvt.u32.u64 (the low half): one IMAD (bench_mul[0], [4]).
 */
#ifndef WS_NARROW_H
#define WS_NARROW_H

#include "opcodes.h"

enum {
    WS_NARROW_NONE,
    /* mul.wide/mad.wide whose result is read only through its high half: IMAD.WIDE read at the
     * high register (the preset's mul.hi) */
    WS_NARROW_HIGH_ONLY,
    /* shr by 32 of a 64-bit integer whose result is read only through its low half: the source's
     * high register, no instruction (a free mov in timing.c) */
    WS_NARROW_HIGH_REG,
};

/* One WS_NARROW_* a instruction of the kernel into out (k->ninsns bytes); code: k's instructions
 * as they run, uses: their registers (ws_insn_reg_use). -1 when out of memory. */
int ws_narrow_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint8_t *out);

#endif
