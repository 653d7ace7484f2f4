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
/* A model for a launch of nblocks blocks of `threads` threads, each taking shared_bytes of shared
 * memory (the reserved 1 KiB included) and regs registers a thread (0: the preset's estimate).
 * NULL when out of memory. */
ws_grid *ws_grid_create(const ws_preset *p, uint32_t threads, uint64_t shared_bytes, unsigned regs, uint64_t nblocks);
/* The next block (in block order) took `cycles` alone, issued warp_instructions, and its first
 * loads of global memory add `memory` cycles to the launch's duration. */
void ws_grid_block(ws_grid *g, uint64_t cycles, uint64_t memory, uint64_t warp_instructions);
/* Writes the launch's figures into s (cycles: the makespan; launch_cycles) and frees g. */
void ws_grid_finish(ws_grid *g, ws_stats *s);
/* The registers a thread takes: regs, or when 0 the preset's regs.default. */
unsigned ws_grid_regs(const ws_preset *p, unsigned regs);
/* The registers a block of `threads` threads taking regs each holds (given out per warp, in units
 * of 256; regs 0: the preset's regs.default). */
uint64_t ws_grid_block_regs(const ws_preset *p, uint32_t threads, unsigned regs);
/* Blocks of this shape one SM holds at once (threads, warps, blocks, shared memory, registers). */
unsigned ws_grid_occupancy(const ws_preset *p, uint32_t threads, uint64_t shared_bytes, unsigned regs);

#endif
