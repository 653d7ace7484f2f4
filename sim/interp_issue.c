/* interp_issue: one issued instruction through the decoded kernel's handler, for the timing mode
 * (ws_interp_issue). The timing scheduler (timing.c) picks the warp, the group and the
 * instruction and charges the cycles; only the picked instruction's effect on registers goes
 * through the handler, the same code as the functional mode's run loop (interp_run.h, called for
 * one instruction), so the two modes compute the same values. */
#include "interp_issue.h"
#include "decode.h"
#include "warp.h"

int ws_interp_issue(ws_exec *x, const ws_dkernel *dk, uint32_t pc)
{
    const unsigned kind = dk->insns[pc].kind;
    if (kind == DK_GENERAL || kind == DK_LEAVE || kind == DK_BRA) /* its executor: the caller's */
        return 0;
    ws_launch_ctx *L = x->L;
    if (L->interp_step(x, dk, pc)) /* the forms that need neither the loop nor the cycle */
        return 1;
    ws_block *b = x->blk;
    const uint64_t cycle = b->cycle; /* the cycle of issue, which the run loop must leave as it is */
    uint64_t lanes = 0;
    int yield, ended;
    uint32_t at = pc;
    /* the run loop counts a cycle per instruction from the block's cycle and sets it before an
     * executor runs (a shuffle it cannot route at decode time goes through ws_collective): one
     * cycle before, so that the executor sees the cycle of issue */
    b->cycle = cycle - 1;
    uint64_t n = L->interp_run(x, dk, &at, 1, &lanes, &yield, &ended);
    b->cycle = cycle;
    return n != 0; /* 0: it stopped before (the uninitialised-value check must look at it) */
}
