// probe_near38 (near38, issue 15): which of two causes lets mad19 mfi's four warps of a sub-partition end together on
// the H200 at 512 threads (h200f, sub-partition 0: w6 38-2203, w14 56-2183, w10 80-2221, w2 104-2243) where fmi's end
// in start order and fm's fourth is starved, as warpsim starves the fourth in all three (pick.young; docs/calibration.md
// "(near37)"):
//   (1) the region's opening: ptxas opens mad19 mfi's region with 11 FFMAs before its first IMAD, fmi's with
//       IMAD/FFMA pairs (the steady state the same);
//   (2) the prologue: the 64-bit streams v_i = v0 + i are 7 IADD3 + 7 IADD3.X (ALU pipe) after the barrier, and the
//       card's t0s spread over 80-119 cycles at 512 (fm's 7 IADD3: 26) where warpsim's spread 6-9.
// The kernel is mad19's k (probe_streams.h: the SEED, the LATE branch, v_i = v0 + i, t0 in a register pair of its own
// (CS2R), 32 rounds of 8 streams, t1 after the streams' xor, lane 0's t0 t1 %warpid %smid stored after the region),
// written out here so that two things can be added without touching its SASS (local CUDA 13.0: mfi, fmi, fm give
// mad19's region, op for op):
//   BAR2 (kinds *_b): a second barrier after the prologue (its values pinned before it by an empty asm), so the warps
//     leave the prologue together and enter the region within a few cycles: cause (2) gone, the region unchanged;
//   NLEAD FFMAs ahead of fmi's rounds (kinds fmi12, fmi16h): fmi12 12 FFMAs of fmi's form (low halves) on v0..v7,
//     v0..v3 (ptxas: one IMAD, 9 FFMAs, then pairs: mad19 mfi's opening); fmi16h 16 FFMAs on the high halves (the
//     IMAD chains' halves, so the IMADs wait for them: 18 FFMAs then pairs). Cause (1) added to fmi.
// Kinds: mfi, fmi, fm (mad19's), fmi12, fmi16h, and each with _b.
// Host: probe_streams.h's (probe_near38 KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list; a line "block launch bl
// warp t0 t1 warpid smid" a warp, as mad19).
#include "../probe_streams.h" // IND, IMAD_, FFMA_, FMA, MAD, STEP32/64, CLK, finish, streams_main

STEP64(mfi, IND(IMAD_("vl", "ul"), FFMA_("vh", "uh")))
STEP64(fmi, IND(FFMA_("vl", "ul"), IMAD_("vh", "uh")))
STEP32(fm, FMA MAD)
STEP64(lead, IND(FFMA_("vl", "ul"), ""))  // fmi12's: fmi's FFMA alone
STEP64(leadh, IND("", FFMA_("vh", "uh"))) // fmi16h's: an FFMA on the IMAD chain's half

// the prologue's value v kept before the second barrier: an empty asm that reads and writes it
template <class T> __device__ __forceinline__ void pin(T &v)
{
    if (sizeof(T) == 8)
        asm volatile("" : "+l"(*(unsigned long long *)&v));
    else
        asm volatile("" : "+r"(*(unsigned *)&v));
}

// NLEAD FFMAs of the form L (lead_k, leadh_k) on v0..v7, v0.. ahead of the rounds; none on fm's 32-bit streams
template <class L, int NLEAD, class T> __device__ __forceinline__ void leads(T *const *v, unsigned a, unsigned b)
{
#pragma unroll
    for (int i = 0; i < NLEAD; i++)
        L::step(*(unsigned long long *)v[i % 8], *(unsigned long long *)v[(i + 1) % 8], a, b);
}

template <class K, class L, int NLEAD, int BAR2>
__global__ void __launch_bounds__(1024)
    kn(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned seed, unsigned late)
{
    typedef typename K::T T;
    unsigned long long t0;
    unsigned s = seed + threadIdx.x;
    T v0 = (T)s | ((T)s << 16 << 16), v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
      v7 = v0 + 7;
    __syncthreads();
    if ((threadIdx.x >> 7) == late) { // mad19's LATE (not used by run.sh; kept so that the SASS stays mad19's)
        unsigned long long c0 = clock64();
        while (clock64() - c0 < 300) {
        }
    }
    if (BAR2) {
        pin(v0), pin(v1), pin(v2), pin(v3), pin(v4), pin(v5), pin(v6), pin(v7);
        __syncthreads();
    }
    CLK(t0);
    if (NLEAD) {
        T *v[8] = {&v0, &v1, &v2, &v3, &v4, &v5, &v6, &v7};
        leads<L, NLEAD>(v, a, b);
    }
#pragma unroll
    for (int r = 0; r < R; r++) {
        K::step(v0, v1, a, b);
        K::step(v1, v2, a, b);
        K::step(v2, v3, a, b);
        K::step(v3, v4, a, b);
        K::step(v4, v5, a, b);
        K::step(v5, v6, a, b);
        K::step(v6, v7, a, b);
        K::step(v7, v0, a, b);
    }
    T y = v0 ^ v1 ^ v2 ^ v3 ^ v4 ^ v5 ^ v6 ^ v7;
    unsigned x = (unsigned)y ^ (unsigned)(y >> 16 >> 16);
    finish(o, sink, t0, x);
}

#define KINDS(F)                                                                                                       \
    F(mfi, mfi_k, lead_k, 0, 0)                                                                                        \
    F(fmi, fmi_k, lead_k, 0, 0)                                                                                        \
    F(fm, fm_k, lead_k, 0, 0)                                                                                          \
    F(fmi12, fmi_k, lead_k, 12, 0)                                                                                     \
    F(fmi16h, fmi_k, leadh_k, 16, 0)                                                                                   \
    F(mfi_b, mfi_k, lead_k, 0, 1)                                                                                      \
    F(fmi_b, fmi_k, lead_k, 0, 1)                                                                                      \
    F(fm_b, fm_k, lead_k, 0, 1)                                                                                        \
    F(fmi12_b, fmi_k, lead_k, 12, 1)                                                                                   \
    F(fmi16h_b, fmi_k, leadh_k, 16, 1)
#define NAME(N, K, L, NL, B) #N,
#define FN(N, K, L, NL, B)   (void *)kn<K, L, NL, B>,
static const char *names[] = {KINDS(NAME)};
static void *fns[] = {KINDS(FN)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
