/* interp_issue: what warp.c runs through the decoded kernel (interp_issue.c): the timing mode's
 * issued instruction by its handler, and a merged shuffle of constant shuffles by their routing. */
#ifndef WS_INTERP_ISSUE_H
#define WS_INTERP_ISSUE_H

#include "sim.h"

struct ws_dkernel;

/* Executes instruction pc of a decoded kernel (decode.h) for the group x->active, guard included,
 * through its handler, as the run loop (L->interp_run) does, and returns 1; returns 0, having done
 * nothing, when it has no handler (its executor runs it: the caller's) or the uninitialised-value
 * check must look at it. For the timing mode's issue (warp.c, exec_group): x->w, x->regs, x->in,
 * x->pc and the block's cycle are the issue's, x->stretch_end is 0, and no event is recorded. */
int ws_interp_issue(ws_exec *x, const struct ws_dkernel *dk, uint32_t pc);

/* ws_collective for a merged shuffle whose lanes' instructions are all constant shuffles of the
 * decoded kernel (decode.h: DK_SHFL_PERM), the lanes glanes[j] (disjoint) at pc gpc[j] for j <
 * ng, when all 32 lanes execute in a warp no collective has split and nobody listens: each lane
 * by its own instruction's fixed routing. Returns 0, having done nothing, in every other case.
 * For warp.c's exec_merged, through L->merged_shfl. */
int ws_interp_merged_shfl(ws_exec *x, const struct ws_dkernel *dk, const uint32_t *gpc, const uint32_t *glanes,
                          unsigned ng, uint32_t exec);

#endif
