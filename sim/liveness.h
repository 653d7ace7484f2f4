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

static inline int ws_live_has(const uint64_t *row, uint32_t reg) { return (int)(row[reg / 64] >> (reg % 64)) & 1; }

#endif
