// Issue 15, mad19: why probe_alu3's mad_f (mad.lo.s32 then fma.rn.f32 reading it) takes 2.66-2.75 cycles a step on
// the H200 with 2-8 warps a sub-partition where fma_m (the same two forms the other way round, the same pipes) takes
// 2.07, and fma_l / fadd_l (an FFMA then a LOP3 reading it) 2.29-2.37 where lop3_f (a LOP3 then an FFMA) takes 2.08.
// Built as probe_alu3 (alu27): per warp t0, 32 rounds of 8 streams (each step reads the next stream's value) of one
// kind in inline PTX, t1; lane 0 writes t0, t1, %warpid, %smid. What each kind separates:
//   mf, fm, fl, lf, ml, lm: probe_alu3's mad_f, fma_m, fma_l, lop3_f, mad_l, lop3_m again (the order and the
//     direction of the dependency between the two pipes' ops);
//   mfi, fmi, fli, lfi: the same two forms on two independent chains (the 64-bit stream's halves: the low half the
//     first form's, the high half the second's), so no op reads the other pipe's result: if mfi and fmi both take
//     ~2.07 with several warps a sub-partition, mad_f's 2.7 is its IMAD -> FFMA read, not the pipes or the order;
//   ffm, mff: two FFMAs and an IMAD a step, ptxas's order with 378-380 FFMA-FFMA neighbours: with one warp a
//     sub-partition 4.5 cycles a step if an FFMA holds a 16-lane half of the FMA pipe 2 cycles (the lite one when
//     free, else the heavy one, which the IMAD then waits for), 4.05 with one FMA pipe of an FFMA a cycle;
// and every kind with two sets of values (SEED, W on the command line): 0 5 as alu27 (v = tid + i, w = 5: mad_f's
// IMAD then computes 5 * 5 + 5 and its FFMA denormals, every step the same), and 0x3f800000 0x3f800001 (normal
// floats, values that change every step): if mad_f's 2.7 is its data, the second set moves it.
// Host: probe_mad19 KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list (as probe_alu3; GRID 1: one block on one SM).
#include "../probe_streams.h"  // the step forms, the kernel k and the host, shared with mad19, rcp20 and pack21
#define FORMS(F)                                                                                                       \
    F(mf, MAD FMA)                                                                                                     \
    F(fm, FMA MAD)                                                                                                     \
    F(fl, FMA LOP)                                                                                                     \
    F(lf, LOP FMA)                                                                                                     \
    F(ml, MAD LOP)                                                                                                     \
    F(lm, LOP MAD)                                                                                                     \
    F(ffm, FMA FMA MAD)                                                                                                \
    F(mff, MAD FMA FMA)
#define FORMS64(F)                                                                                                     \
    F(mfi, IND(IMAD_("vl", "ul"), FFMA_("vh", "uh")))                                                                  \
    F(fmi, IND(FFMA_("vl", "ul"), IMAD_("vh", "uh")))                                                                  \
    F(fli, IND(FFMA_("vl", "ul"), LOP3_("vh", "uh")))                                                                  \
    F(lfi, IND(LOP3_("vl", "ul"), FFMA_("vh", "uh")))

FORMS(STEP32)
FORMS64(STEP64)
#define KK(N, A) STREAMS_KERNEL(mad19, N)
FORMS(KK)
FORMS64(KK)
#define FN(N, A) (void *)mad19_##N,
static const char *names[] = {FORMS(STREAMS_NAME) FORMS64(STREAMS_NAME)};
static void *fns[] = {FORMS(FN) FORMS64(FN)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
