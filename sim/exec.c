/* The executor dispatch table, generated from the opcode table. */
#include "exec.h"

/* every executor named in isa/opcodes.def */
#define OP(id, mn, shape, sfx, cls, lat, pipe, ex, doc) void ex(ws_exec *x, const ws_insn *in, uint32_t mask);
#include "opcodes.def"
#undef OP

const ws_executor ws_executors[WS_OP_COUNT] = {
#define OP(id, mn, shape, sfx, cls, lat, pipe, ex, doc) [WS_OP_##id] = ex,
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
