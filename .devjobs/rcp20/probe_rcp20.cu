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
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#define CLK(t) asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory")
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

__device__ __forceinline__ void finish(unsigned long long *o, unsigned *sink, unsigned long long t0, unsigned x) {
    unsigned long long t1;
    asm volatile("{.reg .pred p; setp.ne.u32 p, %1, 0x9E3779B9; @p mov.u64 %0, %%clock64;}" : "=l"(t1) : "r"(x) : "memory");
    if (x == 0x9E3779B9u) t1 = 0;
    sink[blockIdx.x * blockDim.x + threadIdx.x] = x;
    if ((threadIdx.x & 31) == 0) {
        unsigned r, m; asm volatile("mov.u32 %0, %%warpid;" : "=r"(r)); asm volatile("mov.u32 %0, %%smid;" : "=r"(m));
        unsigned long long *p = o + ((size_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)) * 4;
        p[0] = t0; p[1] = t1; p[2] = r; p[3] = m;
    }
}
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
#define KK(N, A) extern "C" __global__ void rcp20_##N(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned s, unsigned l) { k<N##_k>(o, sink, a, b, s, l); }
FORMS(KK)
FORMS64(KK)
#define NAME(N, A) #N,
#define FN(N, A) (void *)rcp20_##N,
static const char *names[] = {FORMS(NAME) FORMS64(NAME)};
static void *fns[] = {FORMS(FN) FORMS64(FN)};
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)
int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "list")) {
        for (unsigned i = 0; i < sizeof names / sizeof *names; i++) printf("%s\n", names[i]);
        return 0;
    }
    if (argc < 5) { fprintf(stderr, "usage: %s KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list\n", argv[0]); return 2; }
    void *fn = 0;
    for (unsigned i = 0; i < sizeof names / sizeof *names; i++) if (!strcmp(argv[1], names[i])) fn = fns[i];
    if (!fn) { fprintf(stderr, "unknown %s\n", argv[1]); return 2; }
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
            CK(cudaMemset(o, 0, ow * 8));
            void *args[6] = {&o, &sink, &a, &b, &seed, &late};
            CK(cudaLaunchKernel(fn, dim3(grid), dim3(block), args, 0, 0));
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, ow * 8, cudaMemcpyDeviceToHost));
            for (int bl = 0; bl < grid; bl++)
                for (int w = 0; w < nw; w++) {
                    const unsigned long long *r = h + ((size_t)bl * nw + w) * words;
                    printf("%d %d %d %d %llu %llu %llu %llu\n", block, l, bl, w, r[0], r[1], r[2], r[3]);
                }
        }
        CK(cudaFree(o));
        free(h);
    }
    return 0;
}
