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

/* What exec_warp.c's shuffle() computes for a merged shuffle when every lane's instruction is a constant
 * shuffle: with all 32 lanes executing and one full membermask (the decoder proved it constant
 * for each), membermask_groups finds one group and nothing outside it, no lane reads an absent
 * or outside lane, and in a warp no collective has split ws_split_check reports nothing; so no
 * diagnostic can arise and each lane reads its own instruction's source lane (ws_dshfl.src) and
 * range. The values are all read before any is written, as in shuffle(). */
int ws_interp_merged_shfl(ws_exec *x, const ws_dkernel *dk, const uint32_t *gpc, const uint32_t *glanes, unsigned ng,
                          uint32_t exec)
{
    if (exec != FULL_MASK || x->ev || (x->L->slow & WS_SLOW_SHFL) || x->w->split[WS_SPLIT_CALLS].n ||
        x->w->split[WS_SPLIT_MASKS].n)
        return 0;
    for (unsigned j = 0; j < ng; j++)
        if (dk->insns[gpc[j]].kind != DK_SHFL_PERM)
            return 0;
    uint64_t *regs = x->regs;
    uint32_t val[32];
    for (unsigned j = 0; j < ng; j++) { /* a constant shuffle's rows are 32-bit (decode_shfl) */
        const uint32_t *a = (const uint32_t *)(regs + dk->insns[gpc[j]].a);
        FOR_EACH_LANE(glanes[j], l)
            val[l] = a[l];
    }
    for (unsigned j = 0; j < ng; j++) {
        const ws_dinsn *di = &dk->insns[gpc[j]];
        const ws_dshfl *s = &dk->shfl[di->shfl];
        uint32_t *d = (uint32_t *)(regs + di->d);
        FOR_EACH_LANE(glanes[j], l)
            d[l] = val[s->src[l]];
        if (di->p != WS_NO_REG) /* a predicate's word */
            regs[di->p] = (regs[di->p] & ~(uint64_t)glanes[j]) | (s->in_range & glanes[j]);
    }
    x->coll_exec = exec;
    x->L->stats.shfl++;
    return 1;
}
