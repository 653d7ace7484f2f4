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
/* The same with the buffers of spare where they are large enough (taken from it), and their
 * return to it, the larger of each kept (the others freed) up to WS_BLOCK_SPARE_BYTES a buffer:
 * ws_sim_launch's one block, whose next launch then allocates nothing. ws_block_spare_free frees
 * what spare holds. */
#define WS_BLOCK_SPARE_BYTES ((uint64_t)1 << 20)
int ws_block_alloc_spare(ws_launch_ctx *L, ws_block *b, uint32_t nthreads, uint64_t *regs, ws_block_spare *spare);
void ws_block_keep(ws_block *b, ws_block_spare *spare);
void ws_block_spare_free(ws_block_spare *spare);
/* The block's state at its start as block id of the grid. */
void ws_block_init(ws_launch_ctx *L, ws_block *b, uint32_t id);
/* Runs the block to its end (or the launch's stop); ev: the event record when someone listens. */
void ws_block_run(ws_launch_ctx *L, ws_block *b, ws_event *ev);

#endif
