/* exec_warp: the warp-level collectives (exec_warp.c). */
#ifndef WS_EXEC_WARP_H
#define WS_EXEC_WARP_H

#include "sim.h"

/* A collective for the lanes of exec, each lane running its own instruction x->lane_insn[l]
 * (merged collectives: the scheduler has gathered lanes of several instructions). */
void ws_collective(ws_exec *x, uint32_t exec);

#endif
