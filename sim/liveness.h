/* liveness: which registers hold a value some later instruction reads (liveness.c), for the
 * register budget of ptxas's schedule (schedule.c rule 5; docs/calibration.md "ptxas's
 * registers in a timed region"). */
#ifndef WS_LIVENESS_H
#define WS_LIVENESS_H

#include "opcodes.h"

/* Per instruction pc (and one past the last), the registers live before it: a bit set of
 * *words 64-bit words a row, row pc at [pc * *words]. A register is live when some path from pc
 * reads it before an unguarded write. code: k's instructions as they run; uses: their
 * registers. NULL when out of memory, or when the rows would take more than WS_ANALYSIS_BYTES
 * (cfg.h) or the analysis does not settle: then the caller has no budget. */
uint64_t *ws_live_in(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint32_t *words);

/* ptxas gives a register only to a value some write gave it: clears, in ws_live_in's rows, the registers no path from
 * the kernel's start to pc writes (a guarded write's old value read after it, `@p mov.u64 %rd5, %clock64` read by
 * a selp, holds nothing before that write: probe_alu3's kernels keep it in no register across their timed region;
 * docs/calibration.md "(regs23)"). 0, or -1 when out of memory or the analysis does not settle (rows unchanged). */
int ws_live_written(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint64_t *live, uint32_t words);

static inline int ws_live_has(const uint64_t *row, uint32_t reg) { return (int)(row[reg / 64] >> (reg % 64)) & 1; }

#endif
