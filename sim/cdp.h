/* cdp: device-side launches (CUDA dynamic parallelism, CDP2), the device runtime entry points
 * nvcc calls for kernel<<<...>>> in a kernel, and the child grids they launch (cdp.c). */
#ifndef WS_CDP_H
#define WS_CDP_H

#include "sim.h"

/* The launches a grid may leave pending (cudaLimitDevRuntimePendingLaunchCount's default). It
 * bounds the nesting too, as on the GPU: on an H100 (CUDA 13.0, driver 580.159.04, 2026-12-07,
 * tests/golden/cdp50-h100.txt) a kernel that launches itself runs 2048 grids deep, its launch from
 * depth 2048 refused with cudaErrorLaunchPendingCountExceeded (its 2048 ancestors' launches are
 * pending: a parent is complete only when its children are), and warpsim does the same; CUDA's
 * documented depth of 24 (cudaErrorLaunchMaxDepthExceeded) is not reached on the GPU. */
#define WS_CDP_MAX_PENDING 2048u

/* A call of a device runtime function (ws_call_site.builtin WS_BUILTIN_CDP_*) by the lanes of mask,
 * one lane after the other: its arguments read from the lane's call-site .param variables, its
 * return value written to the lane's. */
void ws_cdp_call(ws_exec *x, const ws_insn *in, uint32_t mask);

/* Before a grid runs: its threads' last errors (cudaGetLastError) start at cudaSuccess. */
void ws_cdp_grid_begin(ws_sim *sim);
/* After the host's grid ran (with status st, res its result): the child grids it launched, from
 * the launch queue's entry `first` on, each run in launch order (a tail launch after the others)
 * with its own children after it, from a stack on the heap, not by recursion, so that they nest as
 * deep as the GPU's; each recorded in res->launches, its diagnostics in res->diags with its kernel
 * and depth in front of their messages; a child's failure becomes res's status. */
/* launch: the machine's run of one grid alone (machine.c), passed in so that this layer stays
 * below the machine (CONTRIBUTING.md, "Layers of sim/"). */
typedef ws_status (*ws_cdp_launch_fn)(ws_sim *sim, const ws_module *m, const ws_kernel *k, const unsigned grid[3],
                                      const unsigned block[3], const void *params, size_t param_bytes, ws_result *res);
ws_status ws_cdp_run_children(ws_sim *sim, const ws_module *m, size_t first, ws_status st, ws_result *res,
                              ws_cdp_launch_fn launch);
/* The machine's launch queue and error table, freed with it. */
void ws_cdp_free(ws_sim *sim);

#endif
