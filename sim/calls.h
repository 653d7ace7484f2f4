/* calls: calls of linked .func bodies, lane by lane (calls.c says the convention). */
#ifndef WS_CALLS_H
#define WS_CALLS_H

#include "sim.h"

/* enter pushes the lanes of exec, each lane's first pc of its callee in entry (an indirect
 * call's lanes may reach different functions; -1: the launch stopped: overflow, out of memory,
 * or an address that is no function of the call's prototype); return pops them, each lane's
 * return pc in ret_pc. */
static inline bool ws_call_is_vprintf(const ws_call_site *cs) { return cs->builtin == WS_BUILTIN_VPRINTF; }
int ws_call_enter(ws_exec *x, const ws_insn *in, uint32_t exec, uint32_t *entry);
void ws_call_return(ws_exec *x, uint32_t exec, uint32_t *ret_pc);
/* A warp's call stacks: emptied at a block's start, freed with the block. */
void ws_call_stacks_reset(ws_warp *w);
void ws_call_stacks_free(ws_warp *w);
/* Bytes the call stacks of a block of nthreads may take (the memory limit charges them). */
uint64_t ws_call_stacks_bytes(const ws_kernel *k, uint32_t nthreads);

#endif
