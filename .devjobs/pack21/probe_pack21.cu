// Issue 15, pack21: probe_alu3's hadd (8 streams of scalar add.f16, each step reading the next stream's half and
// writing {a, a}) is 157 PRMT, 94 HADD2 and 57 HFMA2.MMA for 256 steps in alu27's SASS: ptxas packs two independent
// scalar halves into one f16x2 op with PRMTs. With warpsim's pipes (PRMT 2 ALU cycles, HFMA2.MMA 1) that SASS is
// 1.45-1.49 cycles a step at 4-8 warps a sub-partition where the H200 takes 1.77-1.82: docs/calibration.md "(pack21)".
// Built as probe_alu3 (alu27), mad19 and rcp20: per warp t0, 32 rounds of 8 streams of one kind, t1; lane 0 writes
// t0, t1, %warpid, %smid. Kinds:
//   h, hs, hm, hf: scalar add, sub, mul, fma.rn of .f16 (h is probe_alu3's hadd): which ptxas packs (the SASS);
//   b, bm, bf: the same of .bf16;
//   h2: add.f16x2 alone (probe_alu3's hadd2: HADD2 and HFMA2.MMA by turns);
//   p: prmt.b32 0x5432 alone (PRMT's rate: the ALU pipe's 2 cycles a warp?);
//   p2, pm: a PRMT then an add.f16x2 (an fma.rn.f16x2 by w): the packed SASS's mix, one PRMT a f16x2 op.
// Host: probe_pack21 KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list (as probe_rcp20).
#include "../probe_streams.h"  // the step forms, the kernel k and the host, shared with mad19, rcp20 and pack21
// probe_alu3's scalar half step: the low halves of v and u, the result in both halves ({a, a})
#define HALF(T, OP) "{.reg .b16 a, c, d; mov.b32 {a, d}, %0; mov.b32 {c, d}, %1; " OP " a, a, c; mov.b32 %0, {a, a};}"
#define HFMA(T) "{.reg .b16 a, c, d; mov.b32 {a, d}, %0; mov.b32 {c, d}, %1; fma.rn." T " a, a, c, c; mov.b32 %0, {a, a};}"
#define FORMS(F)                                                                                                       \
    F(h, HALF(f16, "add.f16"))                                                                                         \
    F(hs, HALF(f16, "sub.f16"))                                                                                        \
    F(hm, HALF(f16, "mul.f16"))                                                                                        \
    F(hf, HFMA("f16"))                                                                                                 \
    F(b, HALF(bf16, "add.bf16"))                                                                                       \
    F(bm, HALF(bf16, "mul.bf16"))                                                                                      \
    F(bf, HFMA("bf16"))                                                                                                \
    F(h2, "add.f16x2 %0, %0, %1;")                                                                                     \
    F(p, "prmt.b32 %0, %0, %1, 0x5432;")                                                                               \
    F(p2, "prmt.b32 %0, %0, %1, 0x5432; add.f16x2 %0, %0, %1;")                                                        \
    F(pm, "prmt.b32 %0, %0, %1, 0x5432; fma.rn.f16x2 %0, %0, %3, %1;")

FORMS(STEP32)
#define KK(N, A) STREAMS_KERNEL(pack21, N)
FORMS(KK)
#define FN(N, A) (void *)pack21_##N,
static const char *names[] = {FORMS(STREAMS_NAME)};
static void *fns[] = {FORMS(FN)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
