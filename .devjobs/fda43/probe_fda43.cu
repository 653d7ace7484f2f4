// Issue 15, fda43: which of fmal42's two SASS features costs mad19 fmi its issue at 8 warps a sub-partition
// (docs/calibration.md "(fmal42)", "(fda43)"): (a) an FFMA without a slot-a reuse flag whose destination is in slot
// a's register bank (number mod 2), (b) an FFMA beside another FMA-pipe op. Every kind is mad19's kernel
// (probe_streams.h: 32 rounds of 8 streams, two independent chains on a 64-bit stream's halves, no op reading the
// other half's result, 2 registers and UR4 an op, no reuse flags). What the PTX decides (checked on this file's SASS
// with nvcc 13.0 here, which gives mad19 fmi's and fli's SASS op for op): the multiplicands' order does not (ptxas
// makes `fma vl, ul, vl, w` what it makes of `fma vl, vl, ul, w`: `FFMA R19, R19, R16, UR4`, Fd 246 of 256); the
// accumulator as the addend does: `fma vl, ul, w, vl` is `FFMA R19, R16, UR4, R19`, slot a the next stream's
// register in the other bank (Fd 0-5), the same pipes, registers and reads. Kinds (low half's op, high half's op):
//   fmi  / fmic  FFMA beside IMAD (fmi: mad19 fmi itself, Fd; fmic: the addend form, not Fd)
//   mfi  / mfic  IMAD then FFMA (mfi: mad19 mfi)
//   fli  / flic  FFMA beside LOP3 (fli: mad19 fli, Fd; flic: not Fd)
//   ffi  / ffic  FFMA beside FFMA (both halves f32)
//   mli          IMAD beside LOP3 (no f32 op)
// (a) alone: fmi, fli, ffi lose at 8 warps a sub-partition, fmic, flic, ffic do not; (b) alone: fmi, fmic, ffi, ffic
// lose, fli, flic do not; both: fmi loses most, flic nothing.
// Host: probe_fda43 KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list (as mad19).
#include "../probe_streams.h" // the step forms, the kernel k and the host, shared with mad19
#define FFMAC_(V, U) "fma.rn.f32 " V ", " U ", %3, " V ";"
#define FORMS64(F)                                                                                                     \
    F(fmi, IND(FFMA_("vl", "ul"), IMAD_("vh", "uh")))                                                                  \
    F(fmic, IND(FFMAC_("vl", "ul"), IMAD_("vh", "uh")))                                                                \
    F(mfi, IND(IMAD_("vl", "ul"), FFMA_("vh", "uh")))                                                                  \
    F(mfic, IND(IMAD_("vl", "ul"), FFMAC_("vh", "uh")))                                                                \
    F(fli, IND(FFMA_("vl", "ul"), LOP3_("vh", "uh")))                                                                  \
    F(flic, IND(FFMAC_("vl", "ul"), LOP3_("vh", "uh")))                                                                \
    F(ffi, IND(FFMA_("vl", "ul"), FFMA_("vh", "uh")))                                                                  \
    F(ffic, IND(FFMAC_("vl", "ul"), FFMAC_("vh", "uh")))                                                               \
    F(mli, IND(IMAD_("vl", "ul"), LOP3_("vh", "uh")))

FORMS64(STEP64)
#define KK(N, A) STREAMS_KERNEL(fda43, N)
FORMS64(KK)
#define FN(N, A) (void *)fda43_##N,
static const char *names[] = {FORMS64(STREAMS_NAME)};
static void *fns[] = {FORMS64(FN)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
