/* cfg: what a kernel's control flow says before it runs (cfg.c): where divergent lanes meet
 * again, and which registers some path may read before writing them. */
#ifndef WS_CFG_H
#define WS_CFG_H

#include "opcodes.h"

/* Per instruction, the reconvergence pc of a divergent branch (UINT32_MAX: none), or NULL when
 * out of memory. */
uint32_t *ws_reconvergence_points(const ws_kernel *k);
/* The registers some path may read before writing them (sorted; *count of them), or NULL when
 * every register must be zeroed: out of memory, or a kernel too large to analyse in
 * WS_ANALYSIS_BYTES (what the memory limit charges for it). */
#define WS_ANALYSIS_BYTES ((uint64_t)32 << 20)
uint32_t *ws_registers_read_unwritten(const ws_kernel *k, uint32_t *count);

#endif
