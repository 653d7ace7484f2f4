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
#include "../../tests/calibration/probes/probe_host.h"  // finish, CK, the kind lookup and lines, as probe_alu3
#define R 32
#define MAD "mad.lo.s32 %0, %0, %1, %3;"
#define FMA "fma.rn.f32 %0, %0, %1, %3;"
#define LOP "lop3.b32 %0, %0, %1, %2, 0x6A;"
// two independent chains: the low halves of v and u take A, the high halves B
#define IND(A, B)                                                                                                      \
    "{.reg .b32 vl, vh, ul, uh; mov.b64 {vl, vh}, %0; mov.b64 {ul, uh}, %1; " A " " B " mov.b64 %0, {vl, vh};}"
#define IMAD_(V, U) "mad.lo.s32 " V ", " V ", " U ", %3;"
#define FFMA_(V, U) "fma.rn.f32 " V ", " V ", " U ", %3;"
#define LOP3_(V, U) "lop3.b32 " V ", " V ", " U ", %2, 0x6A;"
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

struct S32 { typedef unsigned T; };
struct S64 { typedef unsigned long long T; };
#define STEP32(N, A) struct N##_k : S32 { static __device__ __forceinline__ void step(T &v, T u, unsigned k, unsigned w) { asm volatile(A : "+r"(v) : "r"(u), "r"(k), "r"(w)); } };
#define STEP64(N, A) struct N##_k : S64 { static __device__ __forceinline__ void step(T &v, T u, unsigned k, unsigned w) { asm volatile(A : "+l"(v) : "l"(u), "r"(k), "r"(w)); } };
FORMS(STEP32)
FORMS64(STEP64)

template <class K>
__device__ void k(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned seed, unsigned late) {
    typedef typename K::T T;
    unsigned long long t0;
    unsigned s = seed + threadIdx.x;
    T v0 = (T)s | ((T)s << 16 << 16), v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6, v7 = v0 + 7;
    __syncthreads();
    if ((threadIdx.x >> 7) == late) {  // the block's warps 4 x late .. 4 x late + 3 (one a sub-partition) start 300 later
        unsigned long long c0 = clock64();
        while (clock64() - c0 < 300) {}
    }
    CLK(t0);
#pragma unroll
    for (int r = 0; r < R; r++) {
        K::step(v0, v1, a, b); K::step(v1, v2, a, b); K::step(v2, v3, a, b); K::step(v3, v4, a, b);
        K::step(v4, v5, a, b); K::step(v5, v6, a, b); K::step(v6, v7, a, b); K::step(v7, v0, a, b);
    }
    T y = v0 ^ v1 ^ v2 ^ v3 ^ v4 ^ v5 ^ v6 ^ v7;
    unsigned x = (unsigned)y ^ (unsigned)(y >> 16 >> 16);
    finish(o, sink, t0, x);
}
#define KK(N, A) extern "C" __global__ void mad19_##N(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned s, unsigned l) { k<N##_k>(o, sink, a, b, s, l); }
FORMS(KK)
FORMS64(KK)
#define NAME(N, A) #N,
#define FN(N, A) (void *)mad19_##N,
static const char *names[] = {FORMS(NAME) FORMS64(NAME)};
static void *fns[] = {FORMS(FN) FORMS64(FN)};
int main(int argc, char **argv) {
    if (probe_list(argc, argv, names)) return 0;
    if (argc < 5) { fprintf(stderr, "usage: %s KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list\n", argv[0]); return 2; }
    void *fn = fns[probe_kind(names, argv[1])];
    int grid = atoi(argv[2]), launches = atoi(argv[4]);
    unsigned *sink, a = 3, b = argc > 6 ? (unsigned)strtoul(argv[6], 0, 0) : 5, seed = argc > 5 ? (unsigned)strtoul(argv[5], 0, 0) : 0,
             late = argc > 7 ? (unsigned)strtoul(argv[7], 0, 0) : ~0u;
    CK(cudaMalloc(&sink, (size_t)grid * 1024 * 4));
    for (char *p = argv[3]; *p;) {
        int block = (int)strtol(p, &p, 10);
        if (*p == ',') p++;
        int nw = block / 32, words = 4;
        size_t ow = (size_t)grid * nw * words;
        unsigned long long *o, *h = (unsigned long long *)malloc(ow * 8);
        CK(cudaMalloc(&o, ow * 8));
        for (int l = 0; l < launches; l++) {
            void *args[6] = {&o, &sink, &a, &b, &seed, &late};
            probe_launch(fn, grid, block, args, 0, o, h, ow * 8);
            probe_print_warps(h, grid, nw, block, l, ~0ull);
        }
        CK(cudaFree(o));
        free(h);
    }
    return 0;
}
