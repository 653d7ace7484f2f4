/* interp_issue: what warp.c runs through the decoded kernel (interp_issue.c): the timing mode's
 * issued instruction by its handler (the merged constant shuffle is per SIMD variant: interp.h). */
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

#endif
