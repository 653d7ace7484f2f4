/* printf: device printf as the GPU formats it (printf.c). */
#ifndef WS_PRINTF_H
#define WS_PRINTF_H

#include "sim.h"

/* vprintf(format, argument buffer) for one lane: the text goes to the launch's output. */
void ws_vprintf(ws_exec *x, unsigned lane, uint64_t fmt_addr, uint64_t args_addr);
/* The call vprintf, param0, param1 for the lanes of mask (the call executor, warp.c, hands it the
 * calls that name no .func). */
void ws_vprintf_call(ws_exec *x, const ws_insn *in, uint32_t mask);

#endif
