// Issue 15 (alu27): the issue rate and pipe of the PTX forms probe_alu2 (alu25) did not measure: MUFU (ex2, rsqrt,
// rcp, sin, lg2, sqrt, tanh .approx.f32, with and without .ftz), the conversions F2F/F2FP (cvt.rn.f16.f32,
// cvt.f32.f16, cvt.rn.bf16.f32, cvt.rn.f16x2.f32, cvt.rn.bf16x2.f32, cvt.rn.f32.f64, cvt.f64.f32), f64 add, mul and
// fma, half forms (add.f16x2, fma.rn.f16x2, add.bf16x2, fma.rn.bf16x2, add.f16), f32 add/mul/fma, clz, brev, bfind,
// popc, and a register copy (mov.b32: ptxas removes it; the build with ptxas -O0 keeps it as MOV).
// Built as probe_alu2: each warp t0, R rounds of 8 streams (each step reads the next stream's value) of one kind
// (inline PTX, volatile), t1; lane 0 writes t0, t1, %warpid, %smid.
// A kind is a form X alone ("ex2"), or X followed in each step by
//   _l a LOP3 (lop3.b32 v, v, u, k, 0x6A: the ALU pipe, 2 cycles a warp instruction a sub-partition, alu24/alu25),
//   _m an IMAD (mad.lo.s32 v, v, u, w: the IMAD pipe, 2 cycles),
//   _f an FFMA (fma.rn.f32 v, v, u, w: the FMA pipe, 1 cycle),
//   _x a POPC (popc.b32 v, v: 8 cycles, neither the ALU nor the IMAD pipe, alu25).
// X on the pipe of the form beside it takes the two forms' cycles together with several warps a sub-partition; on
// another pipe the larger of the two. 64-bit streams (the f64 forms, d2f: two cvt.rn.f32.f64 a step, of u into the low half and
// of -v into the high one (-v: ptxas would share the two); f2d: cvt.f64.f32 of the low half): the form beside works on the stream's low half.
// Host: probe_alu3 KIND GRID BLOCKS LAUNCHES | list; BLOCKS a comma list; GRID > 0 blocks, 0 one block on every SM
// (160 KiB of dynamic shared memory each), -N N blocks on every SM (no dynamic shared memory; only SMs 0-3's warps are
// printed). Prints per warp "block launch bl warp t0 t1 warpid smid", the clocks as read (clock64 counts per SM).
#include "probe_host.h"
#define R 32
// The forms on 32-bit streams: %0 v (the stream), %1 u (the next stream), %2 k, %3 w (kernel parameters).
#define FORMS(F)                                                                                                       \
    F(ex2, "ex2.approx.f32 %0, %1;")                                                                                   \
    F(ex2f, "ex2.approx.ftz.f32 %0, %1;")                                                                              \
    F(rsqrt, "rsqrt.approx.f32 %0, %1;")                                                                               \
    F(rsqrtf, "rsqrt.approx.ftz.f32 %0, %1;")                                                                          \
    F(rcp, "rcp.approx.f32 %0, %1;")                                                                                   \
    F(rcpf, "{.reg .f32 t; neg.f32 t, %1; rcp.approx.ftz.f32 %0, t;}")                                                                           \
    F(sin, "sin.approx.f32 %0, %1;")                                                                                   \
    F(lg2, "lg2.approx.f32 %0, %1;")                                                                                   \
    F(lg2f, "lg2.approx.ftz.f32 %0, %1;")                                                                              \
    F(sqrt, "sqrt.approx.f32 %0, %1;")                                                                                 \
    F(sqrtf, "sqrt.approx.ftz.f32 %0, %1;")                                                                            \
    F(tanh, "tanh.approx.f32 %0, %1;")                                                                                 \
    F(f2h, "{.reg .b16 h; cvt.rn.f16.f32 h, %1; cvt.u32.u16 %0, h;}")                                                  \
    F(f2bf, "{.reg .b16 h; cvt.rn.bf16.f32 h, %1; cvt.u32.u16 %0, h;}")                                                \
    F(h2f, "{.reg .b16 a, b; mov.b32 {a, b}, %1; cvt.f32.f16 %0, a;}")                                                 \
    F(f2h2, "cvt.rn.f16x2.f32 %0, %1, %0;")                                                                            \
    F(f2bf2, "cvt.rn.bf16x2.f32 %0, %1, %0;")                                                                          \
    F(hadd2, "add.f16x2 %0, %0, %1;")                                                                                  \
    F(hfma2, "fma.rn.f16x2 %0, %0, %1, %3;")                                                                           \
    F(badd2, "add.bf16x2 %0, %0, %1;")                                                                                 \
    F(bfma2, "fma.rn.bf16x2 %0, %0, %1, %3;")                                                                          \
    F(hadd, "{.reg .b16 a, c, d; mov.b32 {a, d}, %0; mov.b32 {c, d}, %1; add.f16 a, a, c; mov.b32 %0, {a, a};}")       \
    F(fadd, "add.f32 %0, %0, %1;")                                                                                     \
    F(fmul, "mul.f32 %0, %0, %1;")                                                                                     \
    F(fma, "fma.rn.f32 %0, %0, %1, %3;")                                                                               \
    F(clz, "clz.b32 %0, %1;")                                                                                          \
    F(brev, "brev.b32 %0, %1;")                                                                                        \
    F(bfind, "bfind.u32 %0, %1;")                                                                                      \
    F(popc, "popc.b32 %0, %1;")                                                                                        \
    F(lop3, "lop3.b32 %0, %0, %1, %2, 0x6A;")                                                                          \
    F(mad, "mad.lo.s32 %0, %0, %1, %3;")                                                                               \
    F(mov, "mov.b32 %0, %1;")
#define SIDE_l " lop3.b32 %0, %0, %1, %2, 0x6A;"
#define SIDE_m " mad.lo.s32 %0, %0, %1, %3;"
#define SIDE_f " fma.rn.f32 %0, %0, %1, %3;"
#define SIDE_x " popc.b32 %0, %0;"
// The forms on 64-bit streams: %0 v, %1 u, %2 k, %3 w; the form beside works on v's low half.
#define FORMS64(F)                                                                                                     \
    F(dadd, "add.f64 %0, %0, %1;")                                                                                     \
    F(dmul, "mul.f64 %0, %0, %1;")                                                                                     \
    F(dfma, "fma.rn.f64 %0, %0, %1, %0;")                                                                              \
    F(d2f, "{.reg .b32 lo, hi; .reg .f64 t; neg.f64 t, %0; cvt.rn.f32.f64 lo, %1; cvt.rn.f32.f64 hi, t; mov.b64 %0, {lo, hi};}")                \
    F(f2d, "{.reg .b32 lo, hi; mov.b64 {lo, hi}, %1; cvt.f64.f32 %0, lo;}")
#define HALF(OP) " {.reg .b32 lo, hi; mov.b64 {lo, hi}, %0; " OP " mov.b64 %0, {lo, hi};}"
#define SIDE64_l HALF("lop3.b32 lo, lo, hi, %2, 0x6A;")
#define SIDE64_m HALF("mad.lo.s32 lo, lo, hi, %3;")
#define SIDE64_f HALF("fma.rn.f32 lo, lo, hi, %3;")
#define SIDE64_x HALF("popc.b32 lo, lo;")

struct S32 {
    typedef unsigned T;
};
struct S64 {
    typedef unsigned long long T;
};
#define STEP(N, A, SUF, SIDE, S, C)                                                                                    \
    struct N##SUF : S {                                                                                                \
        static __device__ __forceinline__ void step(T &v, T u, unsigned k, unsigned w) {                               \
            asm volatile(A SIDE : "+" C(v) : C(u), "r"(k), "r"(w));                                                    \
        }                                                                                                              \
    };
#define STEPS(N, A, S, C, P)                                                                                           \
    STEP(N, A, _0, "", S, C) STEP(N, A, _l, P##_l, S, C) STEP(N, A, _m, P##_m, S, C) STEP(N, A, _f, P##_f, S, C)       \
    STEP(N, A, _x, P##_x, S, C)
#define STEP32(N, A) STEPS(N, A, S32, "r", SIDE)
#define STEP64(N, A) STEPS(N, A, S64, "l", SIDE64)
FORMS(STEP32)
FORMS64(STEP64)

template <class K> __device__ void k(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) {
    typedef typename K::T T;
    unsigned long long t0;
    T v0 = (T)(threadIdx.x | 0x3ff0000000000000ull), v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6, v7 = v0 + 7;
    __syncthreads();
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
#define KK(N, S) extern "C" __global__ void alu3_##N(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) { k<S>(o, sink, a, b); }
#define KK5(N, A) KK(N, N##_0) KK(N##_l, N##_l) KK(N##_m, N##_m) KK(N##_f, N##_f) KK(N##_x, N##_x)
FORMS(KK5)
FORMS64(KK5)

#define NAME5(N, A) #N, #N "_l", #N "_m", #N "_f", #N "_x",
#define FN5(N, A) (void *)alu3_##N, (void *)alu3_##N##_l, (void *)alu3_##N##_m, (void *)alu3_##N##_f, (void *)alu3_##N##_x,
static const char *names[] = {FORMS(NAME5) FORMS64(NAME5)};
static void *fns[] = {FORMS(FN5) FORMS64(FN5)};
int main(int argc, char **argv) {
    if (probe_list(argc, argv, names)) return 0;
    if (argc < 5) { fprintf(stderr, "usage: %s KIND GRID BLOCKS LAUNCHES | list\n", argv[0]); return 2; }
    void *fn = fns[probe_kind(names, argv[1])];
    int g = atoi(argv[2]), launches = atoi(argv[4]), nsm = probe_sms();
    size_t dyn = 0;
    int grid = g > 0 ? g : g == 0 ? nsm : -g * nsm;
    if (g == 0) dyn = probe_one_per_sm(fn);
    unsigned *sink, a = 3, b = 5;
    CK(cudaMalloc(&sink, (size_t)grid * 1024 * 4));
    for (char *s = argv[3]; *s;) {
        int block = (int)strtol(s, &s, 10);
        if (*s == ',') s++;
        int nw = block / 32, words = 4;
        size_t ow = (size_t)grid * nw * words;
        unsigned long long *o, *h = (unsigned long long *)malloc(ow * 8);
        CK(cudaMalloc(&o, ow * 8));
        for (int l = 0; l < launches; l++) {
            void *args[4] = {&o, &sink, &a, &b};
            probe_launch(fn, grid, block, args, dyn, o, h, ow * 8);
            probe_print_warps(h, grid, nw, block, l, g < 0 ? 4 : ~0ull);  // N blocks on every SM: SMs 0-3's warps only
        }
        CK(cudaFree(o));
        free(h);
    }
    return 0;
}
