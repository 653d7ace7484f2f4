/* ptxas: where the H200's answer depends on what ptxas made of the PTX (ptxas.c): the splits of a
 * warp the H200 may keep, and NaNs in instructions ptxas may fold away. warpsim keeps the PTX's
 * answer, reports, and under --poison-undefined poisons what depends on it. */
#ifndef WS_PTXAS_H
#define WS_PTXAS_H

#include "sim.h"

/* Splits (ws_warp.split). masks: the membermask groups of the collective x runs; call: a call
 * by exec's lanes (a split if only part of the warp calls a function reaching recursion);
 * check: report an instruction over exec that spans a split, returning whether to poison what
 * it wrote (--poison-undefined); poison_result: that poison; barrier: the check for a bar.sync,
 * poisoning the block's later shared-memory loads. */
void ws_split_masks(ws_exec *x, const uint32_t *groups, unsigned n);
void ws_split_call(ws_exec *x, const ws_insn *in, uint32_t exec);
int ws_split_check(ws_exec *x, const ws_insn *in, uint32_t exec);
void ws_split_poison_result(ws_exec *x, uint32_t exec);
void ws_split_barrier(ws_exec *x, const ws_insn *in, uint32_t exec);

/* An instruction ptxas may fold away met a NaN in lanes (min/max of a NaN with itself, neg of a
 * half NaN): the report, and the poison. */
void ws_nan_fold(ws_exec *x, const ws_insn *in, uint32_t lanes);

/* The value of an undefined read under --poison-undefined. */
static inline uint32_t ws_poison_value(const ws_launch_ctx *L)
{
    return L->sim->cfg.poison_value ? L->sim->cfg.poison_value : WS_POISON;
}

#endif
