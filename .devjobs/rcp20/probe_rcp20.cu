// Issue 15, rcp20: why probe_alu3's rcp forms (rcp.approx.f32 without .ftz: two FSETP, two FSEL, FMUL, MUFU.RCP,
// FMUL) take more cycles a step on the H200 than ptxas's own stall counts give (sass_replay.py at one warp: rcp 8.25,
// rcp_m and rcp_f 8.75, rcp_l 10.15 against the H200's 9.18, 11.50, 11.50, 11.94; with 2-8 warps a sub-partition
// 8.86, 9.15, 9.16, 10.25 where the XU pipe, the four ALU fix-ups and the issue each take 8: docs/calibration.md
// "(rcp20)"). Built as probe_alu3 (alu27) and mad19: per warp t0, 32 rounds of 8 streams (each step reads the next
// stream's value) of one kind in inline PTX, t1; lane 0 writes t0, t1, %warpid, %smid. What each kind separates:
//   r, rm, rf, rl, rx: probe_alu3's rcp, rcp_m, rcp_f, rcp_l, rcp_x again;
//   zm, zf: rcp.approx.ftz.f32 (MUFU.RCP alone) beside an IMAD or FFMA reading it (probe_alu3's rcpf_m, rcpf_f
//     without the neg): 8.39 a step at one warp on alu27;
//   em: ex2.approx.f32 (one FSETP, one FSEL) beside an IMAD, probe_alu3's ex2_m (8.48);
//   rmi, rfi, rli: the rcp form and the IMAD, FFMA or LOP3 on two independent chains (the 64-bit stream's halves:
//     the low half the rcp's, the high half the other op's): if these take the stall counts' cycles, rcp_m's excess
//     is the read of the rcp's result (the FMUL after the MUFU feeding the next op), not the pipes;
// and every kind with two sets of values (SEED, W on the command line): 0 5 as alu27 (v = tid + i, w = 5: rcp_m's
// MUFU sees integers' bit patterns, rcp's normal floats after the first step), and 0x3f800000 0x3f800001 (normal
// floats to start): if the excess is the data, the second set moves it.
// Host: probe_rcp20 KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list (as probe_mad19; GRID 1: one block on one SM).
#include "../probe_streams.h"  // the step forms, the kernel k and the host, shared with mad19, rcp20 and pack21
#define RCP "rcp.approx.f32 %0, %1;"
#define FORMS(F)                                                                                                       \
    F(r, RCP)                                                                                                          \
    F(rm, RCP MAD)                                                                                                     \
    F(rf, RCP FMA)                                                                                                     \
    F(rl, RCP LOP)                                                                                                     \
    F(rx, RCP "popc.b32 %0, %0;")                                                                                      \
    F(zm, "rcp.approx.ftz.f32 %0, %1;" MAD)                                                                            \
    F(zf, "rcp.approx.ftz.f32 %0, %1;" FMA)                                                                            \
    F(em, "ex2.approx.f32 %0, %1;" MAD)
#define FORMS64(F)                                                                                                     \
    F(rmi, IND("rcp.approx.f32 vl, ul;", IMAD_("vh", "uh")))                                                           \
    F(rfi, IND("rcp.approx.f32 vl, ul;", FFMA_("vh", "uh")))                                                           \
    F(rli, IND("rcp.approx.f32 vl, ul;", LOP3_("vh", "uh")))

FORMS(STEP32)
FORMS64(STEP64)
#define KK(N, A) STREAMS_KERNEL(rcp20, N)
FORMS(KK)
FORMS64(KK)
#define FN(N, A) (void *)rcp20_##N,
static const char *names[] = {FORMS(STREAMS_NAME) FORMS64(STREAMS_NAME)};
static void *fns[] = {FORMS(FN) FORMS64(FN)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
