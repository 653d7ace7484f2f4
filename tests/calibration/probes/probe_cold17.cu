// Issue 15 (cold17): what sets the cycles a 128-byte line of SASS costs in a kernel's first launch (cold code).
// probe_alu3's one-warp first launches take 20.3-20.8 cycles a line for 70 kinds whose issue needs 8.6-16.6 a line,
// the NOP regions of probe_sync10 16.8 a line (slope 128 -> 256 NOPs), lg2/rsqrt alone 16.4 (their warm span: no
// cold cost at all) and sqrt alone, the same SASS shape, 20.6 (docs/calibration.md, "(sync10)" and "(cold17)").
// Each kind is one region form at five lengths, each length a kernel of its own, so that each kernel's first launch
// in a process fetches its code cold; the slope of the first-launch span over the region's lines is the cold cost a
// line, the intercept what the first lines cost. The forms (LEN = the region's SASS instructions, 64..1024):
//   bytes / issue rate, one class: ffma1 ffma2 ffma4 ffma8 (N independent FFMA chains: 4, 2, 1, 1 cycles an
//     instruction at one warp, the FMA latency 4 over N), nop (NOP from bar.warp.sync -1: 1 cycle), lop3 (8 LOP3
//     chains: the ALU pipe's 2 cycles at one warp), lop31 (one LOP3 chain: 4 cycles), imad (8 IMAD chains: 2 cycles)
//   class at 1 cycle: fadd (FADD), fmuli (FMUL by a 32-bit immediate, as the MUFU fix-ups), lop3f (LOP3 and FFMA in
//     turn, probe_alu3's lop3_f), pffma (ISETP, @P FFMA a step) and pfmuli (FSETP, @!P FMUL by an immediate: the
//     fix-up pair), 2 SASS a step (ptxas makes 6 of the first predicated ops FSEL)
//   MUFU: ex2f8 (8 independent MUFU.EX2, the XU pipe's 8 cycles), ex2f1 (one MUFU.EX2 chain)
//   the lg2/sqrt puzzle: lg2 sqrt rsqrt (probe_alu3's 8-stream forms without .ftz: FSETP, @!P FMUL, MUFU, @!P FADD
//     or FMUL, 4 SASS a step) and lg2f sqrtf rsqrtf (.ftz: the MUFU alone), plus alu3v_lg2, alu3v_sqrt (probe_alu3's
//     alu3_lg2 and alu3_sqrt kernels as they were, 4 parameters: their SASS is alu27's, byte for byte) and their
//     copies alu3v_lg2_b, alu3v_sqrt_b, and copies nop_256_b, ffma8_256_b: the same code at another place
//   KIND_LEN_2x (nop 256 and 1024, ffma8, lop3, lg2, sqrt 1024): the region twice in one launch, a loop of two
//     passes; pass 2 of a first launch runs code pass 1 fetched
// Each kernel's region in SASS: probe_cold17-sass.txt (probe_cold17.py --sass of cuobjdump -sass).
// Warps (the host's BLOCK and MASK): warps whose bit in MASK is clear leave before t0 (@!P EXIT), so that a block of
// 160 with MASK 0x11 runs warps 0 and 4 (one sub-partition), 64 with 0x3 warps 0 and 1 (two), 128 with 0xf one warp
// on each sub-partition.
// Host: probe_cold17 list | KIND[,KIND..] LAUNCHES [BLOCK [MASK]]: the kernels in the order given, LAUNCHES launches
// each (one block), printing per active warp "kind block mask launch warp t0 t1 warpid smid" (launch 0: the kernel's
// first in this process; a _2x kernel prints pass 2's t0, t1 in place of warpid, smid).
#include "probe_host.h"

// One step of a form: %0 v (the stream), %1 u (a register of its own, r[(s + j) & 7], or the next stream for the
// alu3 forms), %2 k, %3 w (kernel parameters: 3 and 5).
#define FORMS1(F)                                                                                                      \
    F(ffma, "fma.rn.f32 %0, %0, %1, %3;")                                                                              \
    F(fadd, "add.f32 %0, %0, %1;")                                                                                     \
    F(fmuli, "mul.f32 %0, %0, 0f3F800001;")                                                                            \
    F(pffma, "{.reg .pred p; setp.ne.u32 p, %0, 7; @p fma.rn.f32 %0, %0, %1, %3;}")                                    \
    F(pfmuli, "{.reg .pred p; setp.geu.f32 p, %0, 0f00800000; @!p mul.f32 %0, %0, 0f3F800001;}")                       \
    F(lop3, "lop3.b32 %0, %0, %1, %2, 0x6A;")                                                                          \
    F(imad, "mad.lo.s32 %0, %0, %1, %3;")                                                                              \
    F(lop3f, "lop3.b32 %0, %0, %1, %2, 0x6A; fma.rn.f32 %0, %0, %1, %3;")                                              \
    F(ex2f, "ex2.approx.ftz.f32 %0, %0;")
#define FORMS3(F)                                                                                                      \
    F(lg2, "lg2.approx.f32 %0, %1;")                                                                                   \
    F(lg2f, "lg2.approx.ftz.f32 %0, %1;")                                                                              \
    F(sqrt, "sqrt.approx.f32 %0, %1;")                                                                                 \
    F(sqrtf, "sqrt.approx.ftz.f32 %0, %1;")                                                                            \
    F(rsqrt, "rsqrt.approx.f32 %0, %1;")                                                                               \
    F(rsqrtf, "rsqrt.approx.ftz.f32 %0, %1;")
#define STEP(N, A)                                                                                                     \
    struct f_##N {                                                                                                     \
        static __device__ __forceinline__ void step(unsigned &v, unsigned u, unsigned k, unsigned w) {                 \
            asm volatile(A : "+r"(v) : "r"(u), "r"(k), "r"(w));                                                        \
        }                                                                                                              \
    };
FORMS1(STEP)
FORMS3(STEP)
struct f_nop {
    static __device__ __forceinline__ void step(unsigned &, unsigned, unsigned, unsigned) {
        asm volatile("bar.warp.sync -1;" ::: "memory");
    }
};

// Warps whose bit in mask is clear leave after the barrier, before t0.
#define LEAVE(mask) if (!((mask >> (threadIdx.x >> 5)) & 1)) return

// S steps on N independent chains (stream 0, 1, .., N-1 a step), each step reading a register of its own r[(s + j)
// & 7] (so that ptxas cannot merge two LOP3 steps into one, lat16).
template <class K, int S, int N>
__device__ void chains(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned mask) {
    unsigned long long t0;
    unsigned v[N], r[8];
#pragma unroll
    for (int i = 0; i < 8; i++) r[i] = threadIdx.x * a + i * b;
#pragma unroll
    for (int j = 0; j < N; j++) v[j] = (threadIdx.x | 0x3f800000u) + j * a;
    __syncthreads();
    LEAVE(mask);
    CLK(t0);
#pragma unroll
    for (int s = 0; s < S / N; s++)
#pragma unroll
        for (int j = 0; j < N; j++) K::step(v[j], r[(s + j) & 7], a, b);
    unsigned x = 0;
#pragma unroll
    for (int j = 0; j < N; j++) x ^= v[j];
    finish(o, sink, t0, x);
}
// probe_alu3's region: R rounds of 8 streams, each step reading the next stream's value.
template <class K, int R>
__device__ void alu3(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned mask) {
    unsigned long long t0;
    unsigned v0 = threadIdx.x | 0, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6, v7 = v0 + 7;
    __syncthreads();
    LEAVE(mask);
    CLK(t0);
#pragma unroll
    for (int r = 0; r < R; r++) {
        K::step(v0, v1, a, b); K::step(v1, v2, a, b); K::step(v2, v3, a, b); K::step(v3, v4, a, b);
        K::step(v4, v5, a, b); K::step(v5, v6, a, b); K::step(v6, v7, a, b); K::step(v7, v0, a, b);
    }
    finish(o, sink, t0, v0 ^ v1 ^ v2 ^ v3 ^ v4 ^ v5 ^ v6 ^ v7);
}
// The region twice in one launch (a loop of two passes, not unrolled, so both run the same code): pass 1's t0, t1
// in the words of t0, t1, pass 2's in those of %warpid and %smid. Pass 2 of a first launch finds the code pass 1
// fetched: the same as a warm launch where the cold cost is the code's fetch. B: the region's streams (Chains, Alu3).
template <class K, int S, int N> struct Chains {
    unsigned v[N], r[8];
    __device__ __forceinline__ void init(unsigned a, unsigned b) {
#pragma unroll
        for (int i = 0; i < 8; i++) r[i] = threadIdx.x * a + i * b;
#pragma unroll
        for (int j = 0; j < N; j++) v[j] = (threadIdx.x | 0x3f800000u) + j * a;
    }
    __device__ __forceinline__ unsigned run(unsigned a, unsigned b) {
#pragma unroll
        for (int s = 0; s < S / N; s++)
#pragma unroll
            for (int j = 0; j < N; j++) K::step(v[j], r[(s + j) & 7], a, b);
        unsigned x = 0;
#pragma unroll
        for (int j = 0; j < N; j++) x ^= v[j];
        return x;
    }
};
template <class K, int R> struct Alu3 {
    unsigned v0, v1, v2, v3, v4, v5, v6, v7;
    __device__ __forceinline__ void init(unsigned, unsigned) {
        v0 = threadIdx.x; v1 = v0 + 1; v2 = v0 + 2; v3 = v0 + 3; v4 = v0 + 4; v5 = v0 + 5; v6 = v0 + 6; v7 = v0 + 7;
    }
    __device__ __forceinline__ unsigned run(unsigned a, unsigned b) {
#pragma unroll
        for (int r = 0; r < R; r++) {
            K::step(v0, v1, a, b); K::step(v1, v2, a, b); K::step(v2, v3, a, b); K::step(v3, v4, a, b);
            K::step(v4, v5, a, b); K::step(v5, v6, a, b); K::step(v6, v7, a, b); K::step(v7, v0, a, b);
        }
        return v0 ^ v1 ^ v2 ^ v3 ^ v4 ^ v5 ^ v6 ^ v7;
    }
};
template <class B> __device__ void twice(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned mask) {
    unsigned long long t[4];
    unsigned x = 0;
    B body;
    body.init(a, b);
    __syncthreads();
    LEAVE(mask);
#pragma unroll 1
    for (int p = 0; p < 2; p++) {
        unsigned long long t0, t1;
        CLK(t0);
        x = body.run(a, b);
        t1 = clock_after(x);
        if (p == 0) { t[0] = t0; t[1] = t1; } else { t[2] = t0; t[3] = t1; }
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = x;
    if ((threadIdx.x & 31) == 0) {
        unsigned long long *q = o + ((size_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)) * 4;
        q[0] = t[0]; q[1] = t[1]; q[2] = t[2]; q[3] = t[3];
    }
}
// probe_alu3's kernel as it was (alu3_lg2, alu3_sqrt: R 32, no mask, 4 parameters; T 32-bit: (T)(tid | 0x3ff0..) is tid).
template <class K> __device__ void alu3v(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) {
    unsigned long long t0;
    unsigned v0 = (unsigned)(threadIdx.x | 0x3ff0000000000000ull), v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6, v7 = v0 + 7;
    __syncthreads();
    CLK(t0);
#pragma unroll
    for (int r = 0; r < 32; r++) {
        K::step(v0, v1, a, b); K::step(v1, v2, a, b); K::step(v2, v3, a, b); K::step(v3, v4, a, b);
        K::step(v4, v5, a, b); K::step(v5, v6, a, b); K::step(v6, v7, a, b); K::step(v7, v0, a, b);
    }
    unsigned y = v0 ^ v1 ^ v2 ^ v3 ^ v4 ^ v5 ^ v6 ^ v7;
    unsigned x = y ^ (unsigned)((unsigned long long)y >> 16 >> 16);
    finish(o, sink, t0, x);
}

#define PARAMS unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned mask
// NAME_LEN: a chains form (FORM, N chains) with LEN SASS instructions in the region (PER a step).
#define KC(NAME, FORM, N, PER, LEN) extern "C" __global__ void cold17_##NAME##_##LEN(PARAMS) { chains<f_##FORM, LEN / PER, N>(o, sink, a, b, mask); }
#define KC5(NAME, FORM, N, PER)                                                                                        \
    KC(NAME, FORM, N, PER, 64) KC(NAME, FORM, N, PER, 128) KC(NAME, FORM, N, PER, 256) KC(NAME, FORM, N, PER, 512)     \
    KC(NAME, FORM, N, PER, 1024)
// alu3 forms: PER SASS a step, LEN / PER / 8 rounds.
#define KA(NAME, PER, LEN) extern "C" __global__ void cold17_##NAME##_##LEN(PARAMS) { alu3<f_##NAME, LEN / PER / 8>(o, sink, a, b, mask); }
#define KA5(NAME, PER) KA(NAME, PER, 64) KA(NAME, PER, 128) KA(NAME, PER, 256) KA(NAME, PER, 512) KA(NAME, PER, 1024)
#define KV(NAME, FORM) extern "C" __global__ void cold17_##NAME(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) { alu3v<f_##FORM>(o, sink, a, b); }
// The kinds: name, and how each length's kernel is made.
#define KINDS(C, A)                                                                                                    \
    C(nop, nop, 1, 1) C(ffma1, ffma, 1, 1) C(ffma2, ffma, 2, 1) C(ffma4, ffma, 4, 1) C(ffma8, ffma, 8, 1)              \
    C(lop3, lop3, 8, 1) C(lop31, lop3, 1, 1) C(imad, imad, 8, 1) C(fadd, fadd, 8, 1) C(fmuli, fmuli, 8, 1)             \
    C(pffma, pffma, 8, 2) C(pfmuli, pfmuli, 8, 2) C(lop3f, lop3f, 8, 2) C(ex2f8, ex2f, 8, 1) C(ex2f1, ex2f, 1, 1)      \
    A(lg2, 4) A(sqrt, 4) A(rsqrt, 4) A(lg2f, 1) A(sqrtf, 1) A(rsqrtf, 1)
KINDS(KC5, KA5)
// The same code elsewhere in the module.
extern "C" __global__ void cold17_nop_256_b(PARAMS) { chains<f_nop, 256, 1>(o, sink, a, b, mask); }
extern "C" __global__ void cold17_ffma8_256_b(PARAMS) { chains<f_ffma, 256, 8>(o, sink, a, b, mask); }
KV(alu3v_lg2, lg2) KV(alu3v_sqrt, sqrt) KV(alu3v_lg2_b, lg2) KV(alu3v_sqrt_b, sqrt)
// The region twice in a launch (NAME_LEN_2x).
typedef Chains<f_nop, 256, 1> B_nop_256;
typedef Chains<f_nop, 1024, 1> B_nop_1024;
typedef Chains<f_ffma, 1024, 8> B_ffma8_1024;
typedef Chains<f_lop3, 1024, 8> B_lop3_1024;
typedef Alu3<f_lg2, 32> B_lg2_1024;
typedef Alu3<f_sqrt, 32> B_sqrt_1024;
#define K2(NAME, LEN) extern "C" __global__ void cold17_##NAME##_##LEN##_2x(PARAMS) { twice<B_##NAME##_##LEN>(o, sink, a, b, mask); }
#define TWICE(T) T(nop, 256) T(nop, 1024) T(ffma8, 1024) T(lop3, 1024) T(lg2, 1024) T(sqrt, 1024)
TWICE(K2)

#define E(NAME, LEN) {#NAME "_" #LEN, (void *)cold17_##NAME##_##LEN},
#define EC5(NAME, FORM, N, PER) E(NAME, 64) E(NAME, 128) E(NAME, 256) E(NAME, 512) E(NAME, 1024)
#define EA5(NAME, PER) EC5(NAME, NAME, 8, PER)
static struct { const char *name; void *fn; } kinds[] = {
    KINDS(EC5, EA5) {"nop_256_b", (void *)cold17_nop_256_b}, {"ffma8_256_b", (void *)cold17_ffma8_256_b},
    {"alu3v_lg2", (void *)cold17_alu3v_lg2}, {"alu3v_sqrt", (void *)cold17_alu3v_sqrt},
    {"alu3v_lg2_b", (void *)cold17_alu3v_lg2_b}, {"alu3v_sqrt_b", (void *)cold17_alu3v_sqrt_b},
#define E2(NAME, LEN) {#NAME "_" #LEN "_2x", (void *)cold17_##NAME##_##LEN##_2x},
    TWICE(E2)};
int main(int argc, char **argv) {
    if (probe_list(argc, argv, kinds)) return 0;
    if (argc < 3) { fprintf(stderr, "usage: %s KIND[,KIND..] LAUNCHES [BLOCK [MASK]] | list\n", argv[0]); return 2; }
    int launches = atoi(argv[2]), block = argc > 3 ? atoi(argv[3]) : 32;
    unsigned mask = argc > 4 ? (unsigned)strtoul(argv[4], 0, 0) : 0xffffffffu, a = 3, b = 5;
    if (block < 32 || block > 1024 || block % 32) { fprintf(stderr, "BLOCK: 32 to 1024, a multiple of 32\n"); return 2; }
    int nw = block / 32;
    unsigned *sink;
    unsigned long long *o, *h = (unsigned long long *)malloc(nw * 32);
    CK(cudaMalloc(&sink, block * 4));
    CK(cudaMalloc(&o, nw * 32));
    for (char *s = argv[1]; *s;) {
        size_t n = strcspn(s, ",");
        unsigned ki = probe_kind(kinds, s, n);
        s += n + (s[n] == ',');
        for (int l = 0; l < launches; l++) {
            void *args[5] = {&o, &sink, &a, &b, &mask};  // the alu3v kernels read the first 4
            probe_launch(kinds[ki].fn, 1, block, args, 0, o, h, nw * 32);
            for (int w = 0; w < nw; w++)
                if (!strncmp(kinds[ki].name, "alu3v", 5) || ((mask >> w) & 1))
                    printf("%s %d 0x%x %d %d %llu %llu %llu %llu\n", kinds[ki].name, block, mask, l, w, h[w * 4], h[w * 4 + 1],
                           h[w * 4 + 2], h[w * 4 + 3]);
        }
    }
    return 0;
}
