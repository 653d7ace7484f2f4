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
/* The run loop of a variant (which must be available). */
ws_interp_run_fn ws_interp_run_of(ws_simd_kind v);
/* Its one-instruction entry for the timing mode's issue (interp_run.h, WS_INTERP_STEP). */
ws_interp_step_fn ws_interp_step_of(ws_simd_kind v);
/* The variants' run loops and one-instruction entries (interp_base.c, interp_avx2.c, interp_avx512.c) */
uint64_t ws_interp_run_base(ws_exec *x, const ws_dkernel *dk, uint32_t *pc, uint64_t budget, uint64_t *lanes,
                            int *yield, int *ended);
uint64_t ws_interp_run_avx2(ws_exec *x, const ws_dkernel *dk, uint32_t *pc, uint64_t budget, uint64_t *lanes,
                            int *yield, int *ended);
uint64_t ws_interp_run_avx512(ws_exec *x, const ws_dkernel *dk, uint32_t *pc, uint64_t budget, uint64_t *lanes,
                              int *yield, int *ended);
int ws_interp_step_base(ws_exec *x, const ws_dkernel *dk, uint32_t pc);
int ws_interp_step_avx2(ws_exec *x, const ws_dkernel *dk, uint32_t pc);
int ws_interp_step_avx512(ws_exec *x, const ws_dkernel *dk, uint32_t pc);
/* The variant to use: name ("sse2", "avx2", "avx512" or "auto"/NULL: the best available; the
 * environment's WARPSIM_SIMD when name is NULL). Returns -1 when name is unknown or unavailable. */
int ws_simd_select(const char *name);

#endif
