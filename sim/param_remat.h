/* ptxas's reloads of kernel parameters in long store-heavy blocks (param_remat.c). */
#ifndef WS_PARAM_REMAT_H
#define WS_PARAM_REMAT_H

#include <stdint.h>

#include "opcodes.h"

/* Per instruction of code[0..n), 1 where ptxas puts an LDC of a kernel parameter beside it: the instruction reads a
 * register an ld.param of the kernel wrote, and its basic block has passed `after_stores` stores before it
 * (ifetch.remat_stores; docs/calibration.md "(ldc56)"); else 0. NULL when out of memory or after_stores is 0. */
uint8_t *ws_param_remat(const ws_insn *code, uint32_t n, unsigned after_stores);

#endif
