/* exec: the executor dispatch table, one executor per row of isa/opcodes.def (exec.c). The
 * executors themselves live in the sim/exec_*.c of their family (control flow in warp.c) and are
 * declared only where the table is built. */
#ifndef WS_EXEC_H
#define WS_EXEC_H

#include "sim.h"

extern const ws_executor ws_executors[WS_OP_COUNT];

/* Whether the instruction's executor calls ws_fma or ws_fmaf (fpexact.h): fma and mad of f32 and
 * f64 (exec_arith.c, beside them). */
int ws_insn_calls_fma(const ws_insn *in);

#endif
