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
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#define CLK(t) asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory")
#define R 32
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
#define STEP32(N, A) struct N##_k : S32 { static __device__ __forceinline__ void step(T &v, T u, unsigned k, unsigned w) { asm volatile(A : "+r"(v) : "r"(u), "r"(k), "r"(w)); } };
FORMS(STEP32)

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
#define KK(N, A) extern "C" __global__ void pack21_##N(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned s, unsigned l) { k<N##_k>(o, sink, a, b, s, l); }
FORMS(KK)
#define NAME(N, A) #N,
#define FN(N, A) (void *)pack21_##N,
static const char *names[] = {FORMS(NAME)};
static void *fns[] = {FORMS(FN)};
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
