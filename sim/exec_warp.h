/* exec_warp: the warp-level collectives (exec_warp.c). */
#ifndef WS_EXEC_WARP_H
#define WS_EXEC_WARP_H

#include "sim.h"

/* A collective for the lanes of exec, each lane running its own instruction x->lane_insn[l]
 * (merged collectives: the scheduler has gathered lanes of several instructions). */
void ws_collective(ws_exec *x, uint32_t exec);

/* ws_collective for a merged shuffle whose lanes' instructions are all constant shuffles of the
 * decoded kernel (decode.h: DK_SHFL_PERM), the lanes glanes[j] (disjoint) at pc gpc[j] for j <
 * ng, when all 32 lanes execute in a warp no collective has split and nobody listens: each lane
 * by its own instruction's fixed routing. Returns 0, having done nothing, in every other case. */
struct ws_dkernel;
int ws_shuffle_merged_fixed(ws_exec *x, const struct ws_dkernel *dk, const uint32_t *gpc, const uint32_t *glanes,
                            unsigned ng, uint32_t exec);

#endif
