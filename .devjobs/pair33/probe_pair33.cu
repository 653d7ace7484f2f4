// Issue 15, pair33: how an FFMA beside half ops (add.f16x2: ptxas's HADD2 and HFMA2.MMA in turn) holds the FMA pipe
// when the two are independent chains, by the share of FFMAs to half ops, at 1-8 warps a sub-partition. hmid23's fi
// (an add.f16x2 on a 64-bit stream's low halves, an FFMA on the high ones: the H200 2.87-2.91 cycles a step at every
// warp count) is what warpsim gives only through the pair's join; with the halves apart it needs the rule that holds
// fi's FFMAs (docs/calibration.md "(misc32)", "(pair33)"). Built as hmid23 (probe_streams.h: per warp t0, 32 rounds of
// 8 streams, each step reading the next stream's value, t1; lane 0 writes t0, t1, %warpid, %smid). Kinds:
//   fi: hmid23's fi again (on this card);
//   fi2, fi4: one add.f16x2 and two / four FFMAs a step (the FFMAs a dependent chain on the high halves);
//   f2i: two add.f16x2 (dependent) and one FFMA a step;
//   hfi: fma.rn.f16x2 (HFMA2 / HFMA2.MMA) and an FFMA a step;
//   li: add.f16x2 and a LOP3 a step (the half ops with no FMA-pipe op beside them).
// Host: probe_pair33 KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list (as probe_hmid23).
#include "../probe_streams.h" // the step forms, the kernel k and the host, shared with mad19, rcp20, pack21, hmid23
#define ADD2 "add.f16x2 vl, vl, ul;"
#define FORMS64(F)                                                                                                     \
    F(fi, IND(ADD2, FFMA_("vh", "uh")))                                                                                \
    F(fi2, IND(ADD2, FFMA_("vh", "uh") FFMA_("vh", "uh")))                                                             \
    F(fi4, IND(ADD2, FFMA_("vh", "uh") FFMA_("vh", "uh") FFMA_("vh", "uh") FFMA_("vh", "uh")))                         \
    F(f2i, IND(ADD2 ADD2, FFMA_("vh", "uh")))                                                                          \
    F(hfi, IND("fma.rn.f16x2 vl, vl, ul, ul;", FFMA_("vh", "uh")))                                                     \
    F(li, IND(ADD2, LOP3_("vh", "uh")))

FORMS64(STEP64)
#define KK(N, A) STREAMS_KERNEL(pair33, N)
FORMS64(KK)
#define FN(N, A) (void *)pair33_##N,
static const char *names[] = {FORMS64(STREAMS_NAME)};
static void *fns[] = {FORMS64(FN)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
