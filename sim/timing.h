/* The timing layer: issue model, scoreboard and the shared-memory pipe, with the cycles of the
 * architecture preset (preset.h) and the banks' wavefronts (banks.h).
 *
 * The executors (sim/exec_*.c) say what each lane computes; this layer only decides when an
 * instruction issues (STYLE.md item 2). The warp scheduler (warp.h) is split in two for it:
 * ws_warp_pick chooses the next group of lanes of a warp, ws_warp_issue executes it; the
 * functional mode (block.c) calls both back to back, the timing mode calls pick, waits until
 * the sub-partition, the scoreboard and the shared-memory pipe allow it, then issues. It runs
 * below block.c, which hands it a block in the timing mode, and above warp.c and barrier.c,
 * which it calls: it never calls back into the files that call it.
 */
#ifndef WS_TIMING_H
#define WS_TIMING_H

#include "grid.h"
#include "preset.h"
#include "sim.h"

/* ---- the timing mode (sim/timing.c) ---------------------------------------------------------- */
typedef struct ws_timing ws_timing;
/* The timing tables of a prepared kernel (ws_prepared.timing_tables): the machine's preset parsed, and
 * what the timing mode derives from the kernel and the machine's configuration alone (each
 * instruction's latencies and folds, ptxas's schedule, the shared window's stretches, the code's
 * lines). The kernel's first timing launch builds them in ws_timing_create, on the launching thread
 * before any block runs (--jobs threads only read them); its later launches, whatever their grid and
 * block, take them as they are. */
typedef struct ws_timing_kernel ws_timing_kernel;
void ws_timing_kernel_free(ws_timing_kernel *tk);
/* Bytes the tables of kernel k take (charged with the prepared kernel). */
uint64_t ws_timing_kernel_bytes(const ws_kernel *k);
/* The timing state of launch L, whose kernel is prepared as p (p->timing_tables built here if they are
 * not), made of spare (an earlier launch's, of any kernel: ws_timing_keep) or, NULL, new. NULL with err:
 * the preset's error, or out of memory (spare is then freed). */
ws_timing *ws_timing_create(ws_launch_ctx *L, ws_prepared *p, ws_timing *spare, char *err, size_t errlen);
/* t kept for a later ws_timing_create, so that a launch does not allocate and zero its 261 KB again:
 * t, or NULL (t freed) when its buffers are large. */
ws_timing *ws_timing_keep(ws_timing *t);
void ws_timing_destroy(ws_timing *t);
/* Bytes ws_timing_create takes for a block of nwarps warps besides the kernel's tables (the memory
 * limit charges them per host thread), with stq: the prepared kernel's store waits (L->stq_regs), a
 * time per warp for each of its stores waited for (a preset without stq.reads takes none: this is
 * then a bound). */
uint64_t ws_timing_bytes(const ws_kernel *k, uint32_t nwarps, const ws_stq_regs *stq);
void ws_timing_run_block(ws_launch_ctx *L, ws_block *b, ws_exec *x);
/* Cycles the last block's first loads of global lines add in a whole launch: one L2/HBM round trip
 * (ld.miss less the L1 hit its own cycles charged) when it loaded a line it had not touched. */
uint64_t ws_timing_block_memory(const ws_timing *t);
/* The last block's stores and atomics to global words, in issue order (the L2's same-word queue of
 * the whole-launch model, grid.h); valid until the next block. */
const ws_grid_store *ws_timing_block_stores(const ws_timing *t, size_t *n);
/* The preset the launch runs with. */
const ws_preset *ws_timing_preset(const ws_timing *t);
/* The order in which the first block this state ran with ifetch.keep_* on got its lines (ws_ifetch_order), the caller's
 * to free; NULL (n 0) where none. */
uint32_t *ws_timing_take_far_order(ws_timing *t, uint32_t *n);

#endif
