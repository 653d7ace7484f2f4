// Issue 15, ffm30: does the FMA pipe's halves with ptxas's yield bits (docs/calibration.md "(ffm30)") predict other
// mixes of FFMA and IMAD than mad19's ffm and mff (two FFMAs and an IMAD a step: 4.55 cycles at 1-8 warps a
// sub-partition, which tests/calibration/probes/halves_yield_model.py gives from ptxas's SASS and nothing else)?
// Built as probe_mad19 (probe_alu3's method: per warp t0, 32 rounds of 8 streams of one kind, t1). Kinds:
//   ffm       mad19's again (the session's baseline);
//   fmf       the same three ops, the IMAD between the FFMAs;
//   fffm      three FFMAs and an IMAD a step; ffffm four and one;
//   ffmm      two FFMAs and two IMADs;
//   fml       an FFMA, an IMAD and a LOP3; ffl two FFMAs and a LOP3 (no IMAD: the halves cost nothing there);
//   ffmi      two FFMAs and an IMAD on independent chains (the 64-bit stream's halves, as mad19's mfi).
// Host: probe_ffm30 KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list (probe_streams.h).
#include "../probe_streams.h"
#define FORMS(F)                                                                                                       \
    F(ffm, FMA FMA MAD)                                                                                                \
    F(fmf, FMA MAD FMA)                                                                                                \
    F(fffm, FMA FMA FMA MAD)                                                                                           \
    F(ffffm, FMA FMA FMA FMA MAD)                                                                                      \
    F(ffmm, FMA FMA MAD MAD)                                                                                           \
    F(fml, FMA MAD LOP)                                                                                                \
    F(ffl, FMA FMA LOP)
#define FORMS64(F) F(ffmi, IND(FFMA_("vl", "ul") FFMA_("vl", "ul"), IMAD_("vh", "uh")))

FORMS(STEP32)
FORMS64(STEP64)
#define KK(N, A) STREAMS_KERNEL(ffm30, N)
FORMS(KK)
FORMS64(KK)
#define FN(N, A) (void *)ffm30_##N,
static const char *names[] = {FORMS(STREAMS_NAME) FORMS64(STREAMS_NAME)};
static void *fns[] = {FORMS(FN) FORMS64(FN)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
