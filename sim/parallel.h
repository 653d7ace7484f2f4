/* parallel: --jobs, a launch's blocks on several host threads with the results of one (parallel.c). */
#ifndef WS_PARALLEL_H
#define WS_PARALLEL_H

#include "sim.h"

/* The host threads of a machine and their storage, kept from launch to launch (sim->par). */
typedef struct ws_par_pool ws_par_pool;

/* Runs the blocks on `jobs` host threads, each with its block storage (charged by the caller; its
 * buffers kept by the machine for its next launch, as ws_sim_launch's one block's are);
 * thread i's register files are regs + i x regs_stride words (the caller's, kept from launch to
 * launch). Fills G's statistics, diagnostics and stop state, and *not_listed with the distinct
 * diagnostics beyond the WS_MAX_DIAGS listed. */
ws_status ws_run_parallel(ws_launch_ctx *G, unsigned jobs, uint64_t nblocks, uint32_t nthreads, uint64_t *regs,
                          size_t regs_stride, uint64_t *not_listed);
/* Stops the threads (parked between launches) and frees what they kept; NULL: nothing. */
void ws_par_pool_free(ws_par_pool *pool);

#endif
