/* narrow: 64-bit integer values of which ptxas keeps one half (narrow.c), for the timing mode.
 *
 * A 64-bit PTX register is a pair of 32-bit registers in SASS. Where only one half of a value is
 * ever read, ptxas computes that half alone (tests/calibration/sass/bench_mul.sass):
 *  - mul.wide.s32 + shr.u64 by 32 + cvt.u32.u64 (the high half): one IMAD.WIDE a step, read at its
 *    high register, 9.0 cycles a step as IMAD.HI (bench_mul[1]); the shr and the cvt are gone;
 *  - mul.wide.u32 or mad.wide.u32 + cvt.u32.u64 (the low half): one IMAD (bench_mul[0], [4]).
 *  - cvt.s64.s32 + add.s64 + cvt.u32.u64 (the low half, tests/calibration/sass/bench_conv.sass):
 *    the low 32 bits of a 64-bit add or sub depend on the low halves of its sources alone, so
 *    an add/sub whose result is read only through its low half is one 32-bit IADD3 of the low
 *    registers, and a widening cvt read only through its low half is its source register (no
 *    sign extension): bench_conv[6]'s 192 PTX ops are 32-bit adds (which fold.h then merges).
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
    /* add/sub of 64-bit integers whose result is read only through its low half: one 32-bit IADD3
     * of the sources' low registers (the preset's add, not alu.64) */
    WS_NARROW_LOW_ONLY,
    /* cvt from a 32-bit (or narrower) integer to a 64-bit one whose result is read only through its
     * low half: the source register, no instruction (a free mov in timing.c) */
    WS_NARROW_LOW_REG,
};

/* One WS_NARROW_* a instruction of the kernel into out (k->ninsns bytes); code: k's instructions
 * as they run, uses: their registers (ws_insn_reg_use). -1 when out of memory. */
int ws_narrow_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint8_t *out);

#endif
