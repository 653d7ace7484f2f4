/* interp: the decoded interpreter's run loops, one per SIMD variant (interp_base.c,
 * interp_avx2.c, interp_avx512.c, each interp_run.h compiled for its instruction set), and the
 * choice of one at run time. */
#ifndef WS_INTERP_H
#define WS_INTERP_H

#include "decode.h"

/* The SIMD variants of the run loop, by name: "sse2" (the baseline build, any x86-64; "base"
 * elsewhere), "avx2", "avx512". */
typedef enum { WS_SIMD_BASE, WS_SIMD_AVX2, WS_SIMD_AVX512, WS_SIMD_COUNT } ws_simd_kind;
const char *ws_simd_name(ws_simd_kind v);
/* Whether this build has the variant and this CPU runs it. */
int ws_simd_available(ws_simd_kind v);
/* A variant's entry points (which must be available): its run loop, its one-instruction entry
 * for the timing mode's issue (interp_run.h, WS_INTERP_STEP) and its merged shuffle (below). */
typedef struct {
    ws_interp_run_fn run;
    ws_interp_step_fn step;
    ws_merged_shfl_fn merged_shfl;
} ws_interp_fns;
ws_interp_fns ws_interp_of(ws_simd_kind v);
/* The variants' run loops and one-instruction entries (interp_base.c, interp_avx2.c, interp_avx512.c) */
uint64_t ws_interp_run_base(ws_exec *x, const ws_dkernel *dk, uint32_t *pc, uint64_t budget, uint64_t *lanes,
                            int *yield, int *ended);
uint64_t ws_interp_run_avx2(ws_exec *x, const ws_dkernel *dk, uint32_t *pc, uint64_t budget, uint64_t *lanes,
                            int *yield, int *ended);
uint64_t ws_interp_run_avx512(ws_exec *x, const ws_dkernel *dk, uint32_t *pc, uint64_t budget, uint64_t *lanes,
                              int *yield, int *ended);
uint32_t ws_interp_step_base(ws_exec *x, const ws_dkernel *dk, uint32_t pc);
uint32_t ws_interp_step_avx2(ws_exec *x, const ws_dkernel *dk, uint32_t pc);
uint32_t ws_interp_step_avx512(ws_exec *x, const ws_dkernel *dk, uint32_t pc);
/* ws_collective for a merged shuffle whose lanes' instructions are all constant shuffles of the
 * decoded kernel (decode.h: DK_SHFL_PERM), the lanes glanes[j] (disjoint) at pc gpc[j] for j <
 * ng, when all 32 lanes execute in a warp no collective has split and nobody listens: each lane
 * by its own instruction's fixed routing. Returns 0, having done nothing, in every other case.
 * For warp.c's exec_merged, through L->merged_shfl (ws_merged_shfl_fn): one per variant
 * (interp_run.h's WS_INTERP_MERGED). */
int ws_interp_merged_shfl_base(ws_exec *x, const ws_dkernel *dk, const uint32_t *gpc, const uint32_t *glanes,
                               unsigned ng, uint32_t exec);
int ws_interp_merged_shfl_avx2(ws_exec *x, const ws_dkernel *dk, const uint32_t *gpc, const uint32_t *glanes,
                               unsigned ng, uint32_t exec);
int ws_interp_merged_shfl_avx512(ws_exec *x, const ws_dkernel *dk, const uint32_t *gpc, const uint32_t *glanes,
                                 unsigned ng, uint32_t exec);
/* The variant to use: name ("sse2", "avx2", "avx512" or "auto"/NULL: the best available; the
 * environment's WARPSIM_SIMD when name is NULL). Returns -1 when name is unknown or unavailable. */
int ws_simd_select(const char *name);

#endif
