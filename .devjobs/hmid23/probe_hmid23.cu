// Issue 15, hmid23: why one warp a sub-partition takes more cycles a step of probe_alu3's hadd2_m and hadd2_f (add.f16x2
// beside an IMAD or FFMA that reads it: HADD2 and HFMA2.MMA in turn) than ptxas's own stall counts give (sass_replay.py
// --pipes at one warp: 3.71 against the H200's 3.94 and 4.09), where with 2-8 warps a sub-partition the H200 takes the
// IMAD or FMA pipe's 3.0: docs/calibration.md "(hmid23)". Built as probe_alu3 (alu27), mad19, rcp20 and pack21: per
// warp t0, 32 rounds of 8 streams (each step reads the next stream's value) of one kind in inline PTX, t1; lane 0
// writes t0, t1, %warpid, %smid. What each kind separates:
//   m, f: probe_alu3's hadd2_m, hadd2_f again (the session's baseline);
//   sm: probe_alu3's hadd_m again (scalar add.f16: 256 HADD2, each read by an IMAD 10 cycles on: the H200 4.09, its
//     stall counts 4.04);
//   pm, pf: mul.f16x2 beside the IMAD or FFMA (HMUL2 and HFMA2.MMA in turn, ptxas's other pair op);
//   mi, fi: add.f16x2 and the IMAD or FFMA on two independent chains (the 64-bit stream's halves): no IMAD or FFMA
//     reads a half op's value; if these take their stall counts' cycles and m, f do not, the excess is the read of
//     the half op's result by the other datapath, 5-7 cycles on.
// Host: probe_hmid23 KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list (as probe_rcp20; GRID 1: one block on one SM).
#include "../probe_streams.h"  // the step forms, the kernel k and the host, shared with mad19, rcp20 and pack21
#define HALF1(OP) "{.reg .b16 a, c, d; mov.b32 {a, d}, %0; mov.b32 {c, d}, %1; " OP " a, a, c; mov.b32 %0, {a, a};}"
#define FORMS(F)                                                                                                       \
    F(m, "add.f16x2 %0, %0, %1;" MAD)                                                                                  \
    F(f, "add.f16x2 %0, %0, %1;" FMA)                                                                                  \
    F(sm, HALF1("add.f16") MAD)                                                                                        \
    F(pm, "mul.f16x2 %0, %0, %1;" MAD)                                                                                 \
    F(pf, "mul.f16x2 %0, %0, %1;" FMA)
#define FORMS64(F)                                                                                                     \
    F(mi, IND("add.f16x2 vl, vl, ul;", IMAD_("vh", "uh")))                                                             \
    F(fi, IND("add.f16x2 vl, vl, ul;", FFMA_("vh", "uh")))

FORMS(STEP32)
FORMS64(STEP64)
#define KK(N, A) STREAMS_KERNEL(hmid23, N)
FORMS(KK)
FORMS64(KK)
#define FN(N, A) (void *)hmid23_##N,
static const char *names[] = {FORMS(STREAMS_NAME) FORMS64(STREAMS_NAME)};
static void *fns[] = {FORMS(FN) FORMS64(FN)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
