/* block: a thread block. Its storage (the --jobs workers' own; ws_sim_launch's one block takes
 * its registers from the machine's pool), its start (ctaid, zeroed memory, every warp converged at
 * pc 0), and its run: warp by warp in the functional mode, cycle by cycle through timing.c in the
 * timing mode. */
#ifndef WS_BLOCK_H
#define WS_BLOCK_H

#include "sim.h"

/* Storage for a block of nthreads threads. regs: its warps' register files, nwarps x L->reg_words
 * words one after the other that the caller keeps (the machine's pool, ws_sim_launch), or NULL:
 * files of its own. -1: out of memory (ws_block_free frees what was allocated). */
int ws_block_alloc(ws_launch_ctx *L, ws_block *b, uint32_t nthreads, uint64_t *regs);
void ws_block_free(ws_block *b);
/* The block's state at its start as block id of the grid. */
void ws_block_init(ws_launch_ctx *L, ws_block *b, uint32_t id);
/* Runs the block to its end (or the launch's stop); ev: the event record when someone listens. */
void ws_block_run(ws_launch_ctx *L, ws_block *b, ws_event *ev);

#endif
