/* mufu: the H200's special-function unit (SASS MUFU) bit for bit, and the PTX .approx forms as
 * ptxas 13.0 compiles them for sm_90 around it (sim/mufu.c, sim/mufu_ptx.c, tools/mufu/README.md).
 * Every function takes and returns the bits of its operand and result. */
#ifndef WS_MUFU_H
#define WS_MUFU_H

#include <stdbool.h>
#include <stdint.h>

/* tools/mufu/verify.cu compiles sim/mufu.c and mufu_ptx.c for the GPU as well, to compare the
 * model with the unit over every operand there: it defines these as __device__ */
#ifndef WS_MUFU_FN
#define WS_MUFU_FN   /* functions */
#define WS_MUFU_DATA /* the tables */
#endif

/* One segment of an interpolation table and the constants of its function (mufu_tables.h). */
typedef struct {
    int32_t c0q, c1, c2;
} ws_mufu_coef;

typedef struct {
    const ws_mufu_coef *coef;
    int n, thr, h1, h2, segments;
    int64_t d;
} ws_mufu_table;

/* MUFU itself: a subnormal operand counts as a zero of its sign, a subnormal result is flushed to
 * a zero of its sign, every NaN result is 0x7fffffff. SIN and COS take turns (x / 2 pi). */
WS_MUFU_FN uint32_t ws_mufu_rcp(uint32_t x);
WS_MUFU_FN uint32_t ws_mufu_rsq(uint32_t x);
WS_MUFU_FN uint32_t ws_mufu_sqrt(uint32_t x);
WS_MUFU_FN uint32_t ws_mufu_ex2(uint32_t x);
WS_MUFU_FN uint32_t ws_mufu_lg2(uint32_t x);
WS_MUFU_FN uint32_t ws_mufu_sin(uint32_t turns);
WS_MUFU_FN uint32_t ws_mufu_cos(uint32_t turns);
WS_MUFU_FN uint32_t ws_mufu_tanh(uint32_t x); /* tanh.approx.f32 is MUFU.TANH alone */

/* The PTX forms: rcp, sqrt, rsqrt, ex2 and lg2 .approx[.ftz].f32, sin and cos .approx[.ftz].f32. */
WS_MUFU_FN uint32_t ws_ptx_rcp_approx(uint32_t x, bool ftz);
WS_MUFU_FN uint32_t ws_ptx_sqrt_approx(uint32_t x, bool ftz);
WS_MUFU_FN uint32_t ws_ptx_rsqrt_approx(uint32_t x, bool ftz);
WS_MUFU_FN uint32_t ws_ptx_ex2_approx(uint32_t x, bool ftz);
WS_MUFU_FN uint32_t ws_ptx_lg2_approx(uint32_t x, bool ftz);
WS_MUFU_FN uint32_t ws_ptx_sin_approx(uint32_t x);
WS_MUFU_FN uint32_t ws_ptx_cos_approx(uint32_t x);
WS_MUFU_FN uint32_t ws_ptx_div_approx(uint32_t a, uint32_t b, bool ftz); /* div.approx[.ftz].f32 */
WS_MUFU_FN uint32_t ws_ptx_div_full(uint32_t a, uint32_t b, bool ftz);   /* div.full[.ftz].f32 */


#endif
