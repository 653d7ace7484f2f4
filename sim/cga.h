/* cga: what a shared variable's address costs in the timing mode (cga.c; docs/calibration.md
 * "The shared window's base").
 *
 * A shared variable's address in SASS is the shared window's base plus its offset, and the base
 * comes from the special register SR_CgaCtaId: `S2R R, SR_CgaCtaId` or `S2UR UR, SR_CgaCtaId`,
 * then `LEA`/`ULEA R, R, 0x400, 0x18` (tests/calibration/sass/time_cub_*, time_cg_*: every region
 * that forms the address of a __shared__ array; bench_s2r: the S2UR and an add 45 cycles).
 * ptxas reads it once per SASS basic block that forms such an address, at the top of the stretch
 * (between clock reads) where the block first needs it, and puts the LEA that waits for it a few
 * instructions later, where the warp, issuing in order, waits for it:
 *  - once per SASS basic block: time_cub_block_reduce_rakingcomm_sum_int_b128 reads it three
 *    times, once in each block of its region (BAR.SYNC + BRA, then a block ending in REDUX, then
 *    the rest); time_cub_block_reduce_warp_sum_int_b128 once for three symbols in three PTX
 *    blocks: ptxas turned its two branches into predicated code and hoisted the LEAs above the
 *    BAR.SYNC;
 *  - PTX blocks join into one SASS block where ptxas predicates a short branch: the region its
 *    lanes run before they meet again, in any shape (a body over one PTX block, an if/else, nested
 *    ifs), of at most CGA_IFCONV_MAX instructions besides its branches, without collectives,
 *    barriers or ends of path (cga.c ifconverted, branch.rejoin's test too; rakingcomm_b128's first
 *    branch, a 5-instruction store: `@P0 S2R`, `@P0 STS`; its second, ending in redux.sync, stays a
 *    branch: WARPSYNC.ALL, REDUX in a block of its own). The region and its join stay in the
 *    branch's block where only the branch and the region enter them; a `@P S2R` is gated by the
 *    branch's setp only for a body over one PTX block (another shape runs under more predicates).
 * The model: a warp that enters the stretch where its SASS block first needs the base reads it
 * then (preset sreg.cga cycles); a mov or cvta of a shared variable's address is ready no sooner,
 * and a shared access addressed by a symbol issues no sooner. Where a predicated body is the only
 * user of the base in its stretch, the S2R is guarded by the body's predicate and issues 13 cycles
 * after its ISETP (rakingcomm_b128: `ISETP.GE.U32.AND P0` at 0x0090, `@P0 S2R R5, SR_CgaCtaId` at
 * 0x00b0): when the setp that computes it is in the stretch and in the branch's block (gate), the
 * warp reads the base guard.feed after the predicate is ready (timing.c); an unguarded S2R serves
 * warp_sum_int_b128's two predicated bodies and its unpredicated store (`S2R R11` at 0x00c0).
 * S2R or S2UR: ptxas reads the base into a uniform register (S2UR, sreg.cga = 35) unless the
 * uniform datapath cannot serve the code that uses it: predicated code (an if-converted body:
 * `@P0 S2R`, time_cub_block_reduce_rakingcomm_sum_int_b128, warp_sum_int_b1024, warp_sum_int_b128)
 * or a register address formed in divergent code (rakingcomm_b128's and rakingcomm_b1024's
 * block after `@P1 BRA`: S2R, LEA, IMAD with the thread index; bench_mio_w1's loop). There it
 * reads it with S2R (sreg.s2r = 32: rakingcomm_b128's steps timeline, `@P0 S2R` at 15 cycles, the
 * LEA waiting for it at 47; S2R SR_TID and SR_LANEID take 23, probe_s2r_tid). In divergent code whose accesses are at
 * [symbol + offset] it stays S2UR (warp_sum_int_b1024: `S2UR`, then `LDS.128 [UR4+0x20]`), and
 * so it does in code every lane runs (the blocks where divergent lanes meet again: S2UR, then
 * `LEA R4, R0, UR4`). */
#ifndef WS_CGA_H
#define WS_CGA_H

#include "fpexact.h"
#include "sim.h"

#include <math.h>
#include <stdint.h>

/* The longest branch body ptxas turns into predicated code here (the corpus' bodies: 5 to 9; lds28's brv_o
 * body of 11 and brvp_o's of 12 stay branches in their SASS: docs/calibration.md "(dev28)"; was 12). */
#define CGA_IFCONV_MAX 10

/* Per instruction of a kernel: its stretch (a number, the same for the instructions of one
 * stretch), whether the base is read when a warp enters that stretch, and whether the
 * instruction needs the base. Per warp: the cycle it read the base and the stretch it is in. */
typedef struct {
    uint32_t *stretch;
    uint8_t *reads; /* per instruction: its stretch reads the base on entry */
    uint8_t *needs; /* per instruction: a shared variable's address (mov, cvta, or an access at [symbol]): 1;
                       CGA_CLOCK: a clock read that waits for the base (ws_cga_build) */
    uint8_t *s2r;   /* per stretch: the base is read with S2R, not S2UR */
    uint8_t *gate;  /* per instruction: the setp whose predicate guards its stretch's `@P S2R` (ws_cga_read_at) */
    uint8_t remat;  /* an input to ws_cga_build (preset sreg.cga_remat): an access at a register that only movs of a
                       shared variable's address write needs the base as one at [symbol], read again in its block */
    uint8_t clock;  /* an input to ws_cga_build (preset sreg.cga_clock): a clock read after a mov or cvta of a shared
                       variable's address in its SASS block's stretch is CGA_CLOCK (waits for the base); 0: none is */
    uint32_t in[32];
    uint64_t at[32];
    uint8_t by_s2r[32];
} ws_cga;

/* needs[pc] of a clock read that a mov or cvta of a shared variable's address comes before in its SASS block's
 * stretch: ptxas's ULEA for it stays above the CS2R SR_CLOCKLO, so the clock is read once the base is there
 * (preset sreg.cga_clock, ws_cga.clock: ws_cga_build marks none without it; docs/calibration.md "(mio29)") */
#define CGA_CLOCK 2

/* Per instruction (k->ninsns + 1 bytes), 1 where the lanes of a divergent branch that ptxas keeps as a branch meet
 * again: a guarded branch's reconvergence point (reconv, cfg.h), unless ptxas predicates its body (CGA_IFCONV_MAX
 * above: no BSSY/BSYNC, no split) or the point ends the kernel (the lanes that branch there exit: a predicated EXIT).
 * lds28's one-lane bodies (`@P1 BRA`, BSSY B0 ... BSYNC B0: .devjobs/lds28) keep the warp 14-22 cycles past the
 * body that the same code run by the whole warp does not (timing.c, preset branch.rejoin). NULL when out of memory
 * (or reconv is NULL). */
uint8_t *ws_cga_rejoins(const ws_kernel *k, const ws_insn *code, const uint32_t *reconv);
/* Per instruction (k->ninsns + 1 bytes), CGA_KEPT at a bra (to another instruction than the next) that ptxas keeps as
 * a BRA: all but a guarded forward one whose region it predicates (ifconverted, as ws_cga_rejoins; CGA_IFCONV_MAX) and
 * the branches inside such a region (an if/else's `bra`); with CGA_FED a guarded one whose PTX block does not begin
 * where such a region's lanes meet again. branch.taken's hold is a kept BRA's, branch.feed's wait and weight (`ISETP`,
 * then `@P0 BRA` 13 cycles after it) a CGA_FED one's: ptxas makes one SASS block of a predicated region and the code
 * around it and issues the ISETP above the region, which the list schedule, cut at the PTX blocks, cannot
 * (docs/calibration.md "(loop32)"). NULL when out of memory (or reconv is NULL). */
enum { CGA_KEPT = 1, CGA_FED = 2 };
uint8_t *ws_cga_kept_branches(const ws_kernel *k, const ws_insn *code, const uint32_t *reconv);
/* The stretches of a kernel's instructions (code: as they run; uses: their registers; reconv: the
 * reconvergence point of each (ws_reconvergence_points, the prepared kernel's); m: its module, for the
 * symbols' state spaces). Returns 0, or -1 when out of memory. */
int ws_cga_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *reconv,
                 const ws_module *m, ws_cga *c);
void ws_cga_free(ws_cga *c);
/* A block starts: no warp has read the base. */
void ws_cga_reset(ws_cga *c);
/* Warp w issues instruction pc at cycle (it enters pc's stretch if it was in another). Inline,
 * as ws_cga_ready: the timing scheduler calls both at every issue. */
static inline void ws_cga_issue(ws_cga *c, uint32_t w, uint32_t pc, uint64_t cycle)
{
    if (!c->stretch || w >= 32 || c->stretch[pc] == c->in[w])
        return;
    c->in[w] = c->stretch[pc];
    if (c->reads[pc]) {
        c->at[w] = cycle;
        c->by_s2r[w] = c->s2r[c->stretch[pc]];
    }
}
/* Warp w's read of the base in its stretch is at cycle `at` (a guarded S2R: gate). */
static inline void ws_cga_read_at(ws_cga *c, uint32_t w, uint64_t at)
{
    if (w < 32)
        c->at[w] = at;
}
/* The first cycle instruction pc may issue for warp w where needs[pc] is kind (1: its shared address
 * is ready; CGA_CLOCK: a clock read waits for its stretch's base read), 0 where it is not: sreg_cga
 * cycles after the warp read the base with S2UR, sreg_s2r + s2r_lea after it read it with S2R.
 * sreg_s2r is measured from the S2R to the issue of the LEA that waits for it (`LEA R5, R5, R4,
 * 0x18`: the window's base, SR_CgaCtaId << 24 plus 0x400), s2r_lea that LEA's stall before the op
 * that reads it (the thread's element: `IMAD R4, R0, 0xc, R5`); every S2R SR_CgaCtaId of
 * tests/calibration/sass has that LEA after it. sreg_cga was fitted to whole regions up to the
 * address's reader (time_cg_reduce_plus_tile32_float), with the ULEA in it. */
static inline uint64_t ws_cga_ready_as(const ws_cga *c, uint32_t w, uint32_t pc, uint8_t kind, double sreg_cga,
                                       double sreg_s2r, double s2r_lea)
{
    if (!c->needs || c->needs[pc] != kind || w >= 32 || sreg_cga <= 0)
        return 0;
    return c->at[w] + (uint64_t)ws_llround(c->by_s2r[w] && sreg_s2r > 0 ? sreg_s2r + s2r_lea : sreg_cga);
}
/* ws_cga_ready_as of kind 1: the cycle instruction pc's shared address is ready (0: it needs none) */
static inline uint64_t ws_cga_ready(const ws_cga *c, uint32_t w, uint32_t pc, double sreg_cga, double sreg_s2r,
                                    double s2r_lea)
{
    return ws_cga_ready_as(c, w, pc, 1, sreg_cga, sreg_s2r, s2r_lea);
}

#endif
