/* printf: device printf as the GPU formats it (printf.c). */
#ifndef WS_PRINTF_H
#define WS_PRINTF_H

#include "sim.h"

/* vprintf(format, argument buffer) for one lane: the text goes to the launch's output. */
void ws_vprintf(ws_exec *x, unsigned lane, uint64_t fmt_addr, uint64_t args_addr);

#endif
