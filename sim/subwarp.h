/* subwarp: what a collective whose membermask is a register costs in the timing mode
 * (subwarp.c; docs/calibration.md "Sub-warp collectives").
 *
 * ptxas cannot see which lanes a register membermask names, so it puts SASS before the
 * collective that finds out at run time (tests/calibration/sass/subwarp_bench.sass.xz, the
 * cg tile and CUB sub-warp kernels beside it):
 *  - the only such collective of its basic block: a shuffle or bar.warp.sync gets WARPSYNC R,
 *    a vote or redux WARPSYNC.EXCLUSIVE R in a BSSY/BSYNC region, which runs each group of
 *    lanes naming one mask alone (CUB WarpReduce<int, 16>, <int, 8>);
 *  - several (cg tiles, CUB WarpScan<int, 16>, a mask that changes each step): a check that
 *    the warp is converged over its masks, shared by the following collectives of the block
 *    with the same mask. Shuffles and bar.warp.sync: VOTEU.ANY + MATCH.ANY + REDUX.OR + LOP3 +
 *    BRA.DIV, taken by tiles of a converged warp (its MATCH.ANY costs by the number of
 *    distinct masks). Votes and reduxes: REDUX.OR + R2UR + BRA.DIV, taken only when every lane
 *    names the same mask; otherwise BRA.DIV goes to a loop that runs each group alone. */
#ifndef WS_SUBWARP_H
#define WS_SUBWARP_H

#include "preset.h"
#include "sim.h"

#include <stdint.h>

typedef enum {
    SUBWARP_NONE,      /* an immediate membermask, or not a collective */
    SUBWARP_WARPSYNC,  /* WARPSYNC R: the block's only register-mask shuffle or bar.warp.sync */
    SUBWARP_EXCLUSIVE, /* WARPSYNC.EXCLUSIVE R: the block's only register-mask vote or redux */
    SUBWARP_MATCH,     /* the MATCH.ANY check (shuffles, bar.warp.sync) */
    SUBWARP_UNIFORM,   /* the REDUX.OR check (votes, reduxes) */
} ws_subwarp_form;

/* Per instruction of a kernel: its form, whether a check before it in its basic block with the
 * same mask covers it, and whether ptxas puts WARPSYNC R before its MATCH.ANY check: when the
 * mask register is written before the kernel's first conditional branch (.uni too), which comes
 * before the check, and no collective names it before that branch (bench_sync.sass 0x0500, after
 * the predicated store of out[0]; local ptxas 13.0 on variants of bench_sync.ptx: none without the
 * branch, none with two bar.warp.sync of the mask before it; none in cub_warp_merge_sort, whose
 * masks are named before its loops, nor in the cg tile kernels, whose masks come after). */
typedef struct {
    uint8_t *form;
    uint8_t *covered;
    uint8_t *warpsync;
} ws_subwarp;

/* The forms of a kernel's instructions (code, their register uses). Returns 0, or -1 when out of
 * memory. */
int ws_subwarp_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, ws_subwarp *s);
void ws_subwarp_free(ws_subwarp *s);
/* Cycles the SASS before the collective at pc adds (0: none), for the lanes of exec whose
 * membermasks are mask[lane]; lat: the collective's own latency. */
double ws_subwarp_cycles(const ws_subwarp *s, const ws_preset *p, uint32_t pc, double lat, const uint64_t *mask,
                         uint32_t exec);
/* The number of distinct values among the lanes of exec (width: the bits compared). */
unsigned ws_distinct_values(const uint64_t *v, uint32_t exec, uint64_t width);
/* MATCH.ANY's cycles with d distinct values (bench_match). */
double ws_match_any_cycles(const ws_preset *p, unsigned distinct);

#endif
