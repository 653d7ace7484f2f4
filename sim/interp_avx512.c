/* The decoded interpreter's run loop compiled for AVX-512 (F, BW, VL, DQ; x86-64 with GCC or
 * clang; chosen at run time when the CPU has it: interp.c). Elsewhere this file is empty. */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h> /* before the target pragma: the intrinsics carry their own targets */
#ifdef __clang__
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,bmi,bmi2,popcnt"))),       \
                             apply_to = function)
#else
#pragma GCC target("avx512f,avx512bw,avx512vl,avx512dq,avx2,bmi,bmi2,popcnt,prefer-vector-width=512")
#endif
#define WS_INTERP_RUN    ws_interp_run_avx512
#define WS_INTERP_STEP   ws_interp_step_avx512
#define WS_INTERP_MERGED ws_interp_merged_shfl_avx512
#define WS_INTERP_SIMD   3 /* interp_run.h's AVX-512 code */
#include "interp_run.h"
#ifdef __clang__
#pragma clang attribute pop
#endif
#else
typedef int ws_interp_avx512_unused; /* ISO C wants a declaration in every file */
#endif
