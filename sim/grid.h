/* Whole launches in the timing mode: the blocks of a grid on the H200's SMs (sim/grid.c).
 *
 * Each block is simulated alone (sim/timing.c) and gives its cycles and warp instructions; the
 * grid model places the blocks, in order, on the SMs within their occupancy limits and turns them
 * into the launch's makespan. It reads the architecture preset (preset.h) and nothing else.
 */
#ifndef WS_GRID_H
#define WS_GRID_H

#include "preset.h"
#include "sim.h"

typedef struct ws_grid ws_grid;
/* A store or atomic of a block to a global word (address / 4), at a cycle of the block alone. */
typedef struct {
    uint64_t word, cycle;
} ws_grid_store;
/* A model for a launch of nblocks blocks of `threads` threads, each taking shared_bytes of shared
 * memory (the reserved 1 KiB included) and regs registers a thread (0: the preset's estimate);
 * p must outlive it. spare: a model an earlier launch ended (ws_grid_end), made ready for this one
 * with its buffers (a launch of a few blocks would otherwise spend as much on the model's 132 SMs
 * as on its blocks), or NULL: a new one. NULL when out of memory (spare is then freed). */
ws_grid *ws_grid_create(const ws_preset *p, uint32_t threads, uint64_t shared_bytes, unsigned regs, uint64_t nblocks,
                        ws_grid *spare);
/* The next block (in block order) took `cycles` alone, issued warp_instructions, and its first
 * loads of global memory add `memory` cycles to the launch's duration; it stored to (or made
 * atomics on) the global words of stores[0..nstores), which the L2 takes one at a time per word.
 * -1: out of memory. */
int ws_grid_block(ws_grid *g, uint64_t cycles, uint64_t memory, uint64_t warp_instructions, const ws_grid_store *stores,
                  size_t nstores);
/* Writes the launch's figures into s (cycles: the makespan; launch_cycles): the launch's end. g is
 * then a spare for ws_grid_create, or freed by ws_grid_free. */
void ws_grid_end(ws_grid *g, ws_stats *s);
void ws_grid_free(ws_grid *g);
/* ws_grid_end, then ws_grid_free. */
void ws_grid_finish(ws_grid *g, ws_stats *s);
/* The registers a thread takes: regs, or when 0 the preset's regs.default. */
unsigned ws_grid_regs(const ws_preset *p, unsigned regs);
/* The registers a block of `threads` threads taking regs each holds (given out per warp, in units
 * of 256; regs 0: the preset's regs.default). */
uint64_t ws_grid_block_regs(const ws_preset *p, uint32_t threads, unsigned regs);
/* Blocks of this shape one SM holds at once (threads, warps, blocks, shared memory, registers). */
unsigned ws_grid_occupancy(const ws_preset *p, uint32_t threads, uint64_t shared_bytes, unsigned regs);

#endif
