/* Half precision: binary16 (.f16) and bfloat16 (.bf16), one in a .b16 register or two in a
 * .b32 (.f16x2/.bf16x2, the first element in the low half). Exact IEEE rounding in integers
 * (sim/exec_half.c); the executors of add, sub, mul, fma, neg, abs, min, max, setp, set and cvt
 * hand their half forms (isa/half.c says which) to the functions here. */
#ifndef WS_SIM_HALF_H
#define WS_SIM_HALF_H

#include <stdint.h>

#include "sim.h"

/* The NaN every half operation that makes or passes one writes. */
#define CANONICAL_NAN_HALF 0x7fffu

/* A half's value, exactly (bf16 = 0: binary16; 1: bfloat16). */
double ws_half_to_double(uint32_t h, int bf16);
/* v rounded once to a half by rnd (WS_RND_RN/RZ/RM/RP; NONE is RN); NaN gives the canonical NaN. */
uint32_t ws_half_from_double(double v, int bf16, unsigned rnd);
/* A 64-bit integer rounded once to a half. */
uint32_t ws_half_from_int(uint64_t v, int is_signed, int bf16, unsigned rnd);

void ws_ex_half_arith(ws_exec *x, const ws_insn *in, uint32_t mask); /* add sub mul fma neg abs min max */
void ws_ex_half_setp(ws_exec *x, const ws_insn *in, uint32_t mask);
void ws_ex_half_set(ws_exec *x, const ws_insn *in, uint32_t mask);  /* set with a half source type */
void ws_ex_half_cvt(ws_exec *x, const ws_insn *in, uint32_t mask);  /* cvt with a half on either side */
uint64_t ws_half_atom_add(ws_type t, uint64_t old, uint64_t b);     /* atom/red.add.noftz */
void ws_ex_half_mufu(ws_exec *x, const ws_insn *in, uint32_t mask); /* ex2.approx, tanh.approx of halves */
/* ex2.approx.f16 / ex2.approx.ftz.bf16 and tanh.approx.f16 / .bf16 of one half:
 * MUFU.EX2/TANH.F16/.BF16 (exec_half.c, sim/mufu.c) */
uint32_t ws_half_ex2(uint32_t h, int bf16);
uint32_t ws_half_tanh(uint32_t h, int bf16);

#endif
