// Issue 15 (lat16): the latency from one op to the next in a dependent chain, at one warp (32 threads, one block),
// for what probe_alu3 (alu27) follows by a LOP3: POPC, FLO (bfind), BREV, F2F.F16.F32 (cvt.rn.f16.f32),
// MUFU.EX2 (.ftz), HADD2.F32 (cvt.f32.f16), IMAD and LOP3 alone. A kind is one step form applied S times to each
// of N independent streams (N x S ops in the order stream 0, 1, .., N-1 a step); with N = 1 the span a step is the
// chain's latency. Each kernel is built at S = 128 and S = 256: the difference / 128 is the cycles a step without
// the clock reads' cost. Each step's LOP3/IMAD reads a register of its own (r[s % 8]) so that ptxas cannot merge
// two steps into one LOP3.
// Host: probe_lat16 list | KIND LAUNCHES: prints "kind S launch t0 t1" of lane 0 (clock64 around the region).
#include "probe_host.h"
// %0 the stream, %1 the step's register, %2 a kernel parameter.
#define L3 " lop3.b32 %0, %0, %1, %2, 0x6A;"
#define FORMS(F)                                                                                                       \
    F(popc, "popc.b32 %0, %0;")                                                                                        \
    F(popc_l, "popc.b32 %0, %0;" L3)                                                                                   \
    F(popc_ll, "popc.b32 %0, %0;" L3 L3)                                                                               \
    F(popc_m, "popc.b32 %0, %0; mad.lo.s32 %0, %0, %1, %2;")                                                           \
    F(bfind, "bfind.u32 %0, %0;")                                                                                      \
    F(bfind_l, "bfind.u32 %0, %0;" L3)                                                                                 \
    F(brev, "brev.b32 %0, %0;")                                                                                        \
    F(brev_l, "brev.b32 %0, %0;" L3)                                                                                   \
    F(f2h, "{.reg .b16 h; cvt.rn.f16.f32 h, %0; cvt.u32.u16 %0, h;}")                                                  \
    F(f2h_l, "{.reg .b16 h; cvt.rn.f16.f32 h, %0; cvt.u32.u16 %0, h;}" L3)                                             \
    F(ex2, "ex2.approx.ftz.f32 %0, %0;")                                                                               \
    F(ex2_l, "ex2.approx.ftz.f32 %0, %0;" L3)                                                                          \
    F(h2f, "{.reg .b16 a, b; mov.b32 {a, b}, %0; cvt.f32.f16 %0, a;}")                                                 \
    F(h2f_l, "{.reg .b16 a, b; mov.b32 {a, b}, %0; cvt.f32.f16 %0, a;}" L3)                                            \
    F(lop3, "lop3.b32 %0, %0, %1, %2, 0x6A;")                                                                          \
    F(mad, "mad.lo.s32 %0, %0, %1, %2;")                                                                               \
    F(mad_l, "mad.lo.s32 %0, %0, %1, %2;" L3)
#define STEP(N, A)                                                                                                     \
    struct N {                                                                                                         \
        static __device__ __forceinline__ void step(unsigned &v, unsigned r, unsigned k) {                            \
            asm volatile(A : "+r"(v) : "r"(r), "r"(k));                                                                \
        }                                                                                                              \
    };
FORMS(STEP)

template <class K, int S, int N> __device__ void k(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) {
    unsigned long long t0, t1;
    unsigned v[N], r[8];
#pragma unroll
    for (int i = 0; i < 8; i++) r[i] = threadIdx.x * a + i * b;
#pragma unroll
    for (int j = 0; j < N; j++) v[j] = (threadIdx.x | 0x3f800000u) + j * a;
    __syncthreads();
    CLK(t0);
#pragma unroll
    for (int s = 0; s < S; s++)
#pragma unroll
        for (int j = 0; j < N; j++) K::step(v[j], r[(s + j) & 7], b);
    unsigned x = 0;
#pragma unroll
    for (int j = 0; j < N; j++) x ^= v[j];
    // t1 read under a predicate on x (a value the streams never give), so that it waits for every stream.
    t1 = clock_after(x);
    sink[threadIdx.x] = x;
    if (threadIdx.x == 0) { o[0] = t0; o[1] = t1; }
}
// Every form as one chain; popc, popc_l, ex2_l and f2h_l also as 2, 3, 4 and 8 streams.
#define KS(N, S, M) extern "C" __global__ void lat16_##N##_##M##_##S(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) { k<N, S, M>(o, sink, a, b); }
#define K1(N, A) KS(N, 128, 1) KS(N, 256, 1)
#define KN(N) KS(N, 128, 2) KS(N, 256, 2) KS(N, 128, 3) KS(N, 256, 3) KS(N, 128, 4) KS(N, 256, 4) KS(N, 128, 8) KS(N, 256, 8)
#define MULTI(F) F(popc) F(popc_l) F(ex2_l) F(f2h_l)
FORMS(K1)
MULTI(KN)
#define E1(N, A) {#N "_1", (void *)lat16_##N##_1_128, (void *)lat16_##N##_1_256},
#define EN1(N, M) {#N "_" #M, (void *)lat16_##N##_##M##_128, (void *)lat16_##N##_##M##_256},
#define EN(N) EN1(N, 2) EN1(N, 3) EN1(N, 4) EN1(N, 8)
static struct { const char *name; void *fn128, *fn256; } kinds[] = {FORMS(E1) MULTI(EN)};
int main(int argc, char **argv) {
    if (probe_list(argc, argv, kinds)) return 0;
    if (argc < 3) { fprintf(stderr, "usage: %s KIND LAUNCHES | list\n", argv[0]); return 2; }
    unsigned ki = probe_kind(kinds, argv[1]);
    int launches = atoi(argv[2]);
    unsigned *sink, a = 3, b = 5;
    unsigned long long *o, h[2];
    CK(cudaMalloc(&sink, 32 * 4));
    CK(cudaMalloc(&o, 16));
    for (int s = 0; s < 2; s++)
        for (int l = 0; l < launches; l++) {
            void *args[4] = {&o, &sink, &a, &b};
            CK(cudaLaunchKernel(s ? kinds[ki].fn256 : kinds[ki].fn128, dim3(1), dim3(32), args, 0, 0));
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, 16, cudaMemcpyDeviceToHost));
            printf("%s %d %d %llu %llu\n", kinds[ki].name, s ? 256 : 128, l, h[0], h[1]);
        }
    return 0;
}
