/* exec: the executor dispatch table, one executor per row of isa/opcodes.def (exec.c). The
 * executors themselves live in the sim/exec_*.c of their family (control flow in warp.c) and are
 * declared only where the table is built. */
#ifndef WS_EXEC_H
#define WS_EXEC_H

#include "sim.h"

extern const ws_executor ws_executors[WS_OP_COUNT];

#endif
