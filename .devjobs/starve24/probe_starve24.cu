// Issue 15, starve24: why the last starter of each sub-partition (warps 0-3, the lowest %warpid slots) waits about 800
// cycles in probe_alu3's fma_m and h2f_f at 512 threads (4 warps a sub-partition) and not in fadd_m, fmul_m (the same
// pipes, order, stall counts and yield bits): docs/calibration.md "(starve24)". The one SASS difference: fma_m's and
// h2f_f's FFMA reads the uniform register of the kernel parameter w (FFMA R, R, UR4), fadd_m's FADD reads none. Built
// as probe_alu3 (alu27), mad19, rcp20, pack21, hmid23: per warp t0, 32 rounds of 8 streams (each step reads the next
// stream's value) of one kind in inline PTX, t1; lane 0 writes t0, t1, %warpid, %smid. Kinds:
//   fm, am, hf: probe_alu3's fma_m, fadd_m, h2f_f again (the baseline: fm, hf starve warps 0-3, am does not);
//   fmr: fma_m with the FFMA's addend a register (u), FFMA R, R, R: if fmr does not starve, the uniform operand does it;
//   hfr: h2f_f the same way;
//   amu: fadd_m with the FADD's second operand w (FADD R, R, UR4): if amu starves, the uniform operand does it;
//   fmrr: fma_m with neither op reading w (FFMA R, R, R; IMAD R, R, R).
// Host: probe_starve24 KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list (as probe_hmid23; GRID 1: one block on one SM).
#include "../probe_streams.h"  // the step forms, the kernel k and the host, shared with mad19, rcp20, pack21, hmid23
#define H2F "{.reg .b16 a, b; mov.b32 {a, b}, %1; cvt.f32.f16 %0, a;}"
#define FORMS(F)                                                                                                       \
    F(fm, "fma.rn.f32 %0, %0, %1, %3;" MAD)                                                                            \
    F(am, "add.f32 %0, %0, %1;" MAD)                                                                                   \
    F(hf, H2F FMA)                                                                                                     \
    F(fmr, "fma.rn.f32 %0, %0, %1, %1;" MAD)                                                                           \
    F(hfr, H2F "fma.rn.f32 %0, %0, %1, %1;")                                                                           \
    F(amu, "add.f32 %0, %0, %3;" MAD)                                                                                  \
    F(fmrr, "fma.rn.f32 %0, %0, %1, %1; mad.lo.s32 %0, %0, %1, %1;")
#define FORMS64(F)

FORMS(STEP32)
#define KK(N, A) STREAMS_KERNEL(starve24, N)
FORMS(KK)
#define FN(N, A) (void *)starve24_##N,
static const char *names[] = {FORMS(STREAMS_NAME)};
static void *fns[] = {FORMS(FN)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
