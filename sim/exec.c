/* The executor dispatch table, generated from the opcode table. */
#include "exec.h"
#include "diag.h"

/* every executor named in isa/opcodes.def */
#define OP(id, mn, shape, sfx, cls, lat, ex, doc) void ex(ws_exec *x, const ws_insn *in, uint32_t mask);
#include "opcodes.def"
#undef OP

const ws_executor ws_executors[WS_OP_COUNT] = {
#define OP(id, mn, shape, sfx, cls, lat, ex, doc) [WS_OP_##id] = ex,
#include "opcodes.def"
#undef OP
};

/* Instructions with no effect on results (nanosleep, membar, fence). */
void ex_nop(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    (void)x;
    (void)in;
    (void)mask;
}

/* Control flow is the scheduler's (sim/warp.c); these rows only name it. */
void ex_bra(ws_exec *x, const ws_insn *in, uint32_t mask) { ex_nop(x, in, mask); }
void ex_exit(ws_exec *x, const ws_insn *in, uint32_t mask) { ex_nop(x, in, mask); }
void ex_bar(ws_exec *x, const ws_insn *in, uint32_t mask) { ex_nop(x, in, mask); }

void ex_trap(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    (void)in;
    ws_diag_report(x, WS_DIAG_TRAP, mask, "trap executed");
    ws_launch_stop(x->L, WS_ERR_DIAG, "the kernel executed trap at line %u", x->L->k->insns[x->pc].line);
}
