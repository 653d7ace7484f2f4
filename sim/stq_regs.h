/* stq_regs: which register writes wait for a queued store to read its registers (stq_regs.c;
 * docs/calibration.md "ptxas's registers and the store queue's reads").
 *
 * A queued STS or STG reads its registers when the MIO takes its data, long after it issues. When
 * ptxas gives a register such a store read last to a later value, it puts a read barrier on the
 * store and the instruction writing the register waits for it. Which registers a value gets is
 * ptxas's allocation: the kept SASS says each value takes the lowest free aligned registers (2,143
 * clock reads of the calibration SASS: 1,961 the lowest free pair; the store waits follow from it
 * in 2,045: tests/calibration/probes/sass_clock_pairs.py). This emulates that allocation on the
 * PTX with what ptxas does before it, each from the kept SASS:
 *  - values from parameters, symbols and immediates only are uniform (constant bank, UR): no
 *    register; a global pointer made from a parameter (cvta) is loaded again before each use
 *    (LDC.64 before every STG.E.64 of bench_st_wide.sass);
 *  - an integer or logic op moves down to its first reader in its basic block (bench_st_wide.sass
 *    computes each region's address before the region, the PTX at the kernel's start);
 *  - cvt.u32.u64 of a cvt.u64.u32 value reads the 32-bit value (ptxas keeps no pair for it);
 *  - a vector store's data is an aligned tuple of copies (IMAD.MOV before the region), one tuple
 *    for the run of stores with the same registers; a 4-register tuple is assigned before the
 *    region's opening clock read, a pair after it (bench_st_wide.sass 0x1830 CS2R R22 after the
 *    quads R4..R19; 0x1300 CS2R R8 before the pairs), and its wait falls on the run's first store.
 * Then each value takes the lowest free aligned registers (R1 is the stack pointer), freed after
 * its last reader. A register freed by a store stays pending until a write to it, which waits for
 * that store's read; the MIO reads in order, so waiting for one store's read waits for the ones
 * before it too. */
#ifndef WS_STQ_REGS_H
#define WS_STQ_REGS_H

#include "opcodes.h"

#define WS_STQ_SLOTS_MAX 4096 /* stores waited for, at most: a kernel with more has no waits */

typedef struct {
    uint32_t *wait; /* per instruction: 1 + the slot of the store whose register read it waits for; 0: none */
    uint32_t *slot; /* per instruction: 1 + its slot if it is a store some instruction waits for; 0: none */
    uint32_t nslots;
} ws_stq_regs;

/* The waits of kernel k (code: its instructions as they run; uses: their registers). Returns 0
 * (r->wait NULL when no store may reach shared memory, when the kernel is too large for the
 * analysis, needs more than 255 registers or has more than WS_STQ_SLOTS_MAX stores waited for:
 * then nothing waits), or -1 when out of memory. */
int ws_stq_regs_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, ws_stq_regs *r);
void ws_stq_regs_free(ws_stq_regs *r);

/* The values of kernel k that ptxas keeps uniform (constant bank, UR; no R register), as the allocation above takes
 * them: a register of one write (ndefs: per register its writes) loaded by ld.param, or made by an unguarded integer,
 * logic, move or conversion op from uniform values, predicates and immediates alone; uni[v] set to 1 for each (the
 * caller zeroes it). A 64-bit pointer made by cvta from uniform values is not uniform but loaded again before each use:
 * remat[v] 1 (remat may be NULL). Used by the allocation and by timing.c's pick.young. */
void ws_uniform_values(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint32_t n,
                       const uint32_t *ndefs, uint8_t *uni, uint8_t *remat);

#endif
