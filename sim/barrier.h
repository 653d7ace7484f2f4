/* barrier: a block's barriers (bar.sync, barrier.sync) and what the block does when nothing in
 * it can run. Lanes arrive through the bar executor (warp.c); both drivers of a block, the
 * functional loop (block.c) and the timing mode (timing.c), release complete barriers here and
 * fall back here when stuck. */
#ifndef WS_BARRIER_H
#define WS_BARRIER_H

#include "sim.h"

/* Releases every complete barrier (force: the first incomplete one, with a diagnostic). Returns
 * whether any was released. */
int ws_block_release_barriers(ws_block *b, int force);
/* Nothing in the block can run: the oldest waiting collective runs with the lanes it has, else a
 * barrier is forced, else a convergence barrier lets its lanes go. Returns 0 if none applied. */
int ws_block_resolve_stuck(ws_block *b, ws_exec *x);

#endif
