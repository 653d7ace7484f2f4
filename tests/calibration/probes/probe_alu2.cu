// Issue 15 (alu25): which SASS ptxas makes of each integer and float PTX form, and its issue rate with 1, 2, 4 and 8
// warps a sub-partition, built as probe_alu.cu (alu24) is. Each warp: t0, R rounds of 8 streams (each step reads the
// next stream's value, so that ptxas folds nothing) of one kind (inline PTX, volatile), t1; lane 0 writes t0, t1,
// %warpid, %smid.
// A kind is a form X alone ("shr"), or X followed in each step by a LOP3 ("shr_l": lop3.b32 v, v, u, k, 0x6A, the ALU
// pipe's, 2 cycles a warp instruction a sub-partition, alu24) or by an IMAD ("shr_m": mad.lo.s32 v, v, u, w, the IMAD
// pipe's, 2 cycles): X beside a LOP3 takes 4 cycles a step with several warps when X is on the ALU pipe and 2 when it
// is not; beside an IMAD the other way round. Unary forms that fold alone (shl.b32 by an immediate, abs.s32, neg.s32,
// add.s32 of an immediate: x op c op c) are measured only beside the LOP3 and the IMAD. 64-bit streams: add.s64,
// mad.wide.u32 (ptxas splits it: IMAD.WIDE.U32 + IADD3 + IADD3.X), mul.wide.u32 (mulwide64: IMAD.WIDE.U32 alone).
// pred: and.pred/or.pred on 4 predicate streams (8 spill into P2R), the whole region one asm statement.
// Measured 2026-12-04 14:27Z and 14:33Z (probes/probe_alu2.sh; tests/calibration/device-2026-12-04-alu25.tar.xz,
// summary with each kernel's SASS probes/probe_alu2-h200.txt; docs/calibration.md "(alu25)").
// t1 waits for the 8 streams (it is read under a predicate on their xor, 0x9E3779B9, a value they never take).
// Host: probe_alu2 KIND GRID BLOCK LAUNCHES; GRID 0 = one block on every SM. Prints per warp "launch block warp t0 t1
// warpid smid", clocks less the block's least t0.
#include "probe_host.h"
#define R 32
// The forms on 32-bit streams: %0 v (the stream), %1 u (the next stream), %2 k, %3 w (kernel parameters).
#define FORMS(F)                                                                                                       \
    F(shr, "shr.u32 %0, %0, %1;")                                                                                      \
    F(shf, "shf.l.wrap.b32 %0, %1, %0, %2;")                                                                           \
    F(prmt, "prmt.b32 %0, %0, %1, %2;")                                                                                \
    F(mins, "min.s32 %0, %0, %1;")                                                                                     \
    F(maxu, "max.u32 %0, %0, %1;")                                                                                     \
    F(sub, "sub.s32 %0, %0, %1;")                                                                                      \
    F(mullo, "mul.lo.s32 %0, %0, %1;")                                                                                 \
    F(mad, "mad.lo.s32 %0, %0, %1, %3;")                                                                               \
    F(mulhi, "mul.hi.u32 %0, %0, %1;")                                                                                 \
    F(mulwide, "{.reg .b64 t; .reg .b32 l, h; mul.wide.u32 t, %0, %1; mov.b64 {l, h}, t; xor.b32 %0, l, h;}")         \
    F(fsel, "{.reg .pred p; setp.lt.f32 p, %0, %2; selp.b32 %0, %1, %0, p;}")                                          \
    F(fself, "{.reg .pred p; setp.lt.f32 p, %0, %2; selp.f32 %0, %1, %0, p;}")                                         \
    F(fmin, "min.f32 %0, %0, %1;")                                                                                     \
    F(fadd, "add.f32 %0, %0, %1;")                                                                                     \
    F(fmul, "mul.f32 %0, %0, %1;")                                                                                     \
    F(fma, "fma.rn.f32 %0, %0, %1, %3;")                                                                               \
    F(bfe, "bfe.u32 %0, %0, %1, %2;")                                                                                  \
    F(bfi, "bfi.b32 %0, %1, %0, %2, %3;")                                                                              \
    F(bfei, "bfe.u32 %0, %1, 3, 20;")                                                                                  \
    F(bfii, "bfi.b32 %0, %1, %0, 8, 12;")                                                                              \
    F(popc, "popc.b32 %0, %1;")                                                                                        \
    F(i2f, "cvt.rn.f32.s32 %0, %1;")                                                                                   \
    F(lop3, "lop3.b32 %0, %0, %1, %2, 0x6A;")                                                                          \
    F(iadd3, "add.s32 %0, %0, %1; add.s32 %0, %0, %2;")                                                                \
    F(lea, "{.reg .b32 t; shl.b32 t, %1, 2; add.s32 %0, %0, t;}")                                                      \
    F(f2i, "cvt.rzi.s32.f32 %0, %1;")                                                                                  \
    F(u2f, "cvt.rn.f32.u32 %0, %1;")                                                                                   \
    F(mulhi2, "mul.hi.u32 %0, %0, %1; lop3.b32 %0, %0, %3, %2, 0x6A;")
// Unary forms that fold alone (shl(shl(x)), abs(abs(x)), neg(neg(x))): only beside the LOP3 and the IMAD.
#define FORMSU(F)                                                                                                      \
    F(shl, "shl.b32 %0, %1, 3;")                                                                                       \
    F(abs, "abs.s32 %0, %1;")                                                                                          \
    F(neg, "neg.s32 %0, %1;")                                                                                          \
    F(addi, "add.s32 %0, %1, 0x1234;")
#define LOP " lop3.b32 %0, %0, %1, %2, 0x6A;"
#define IMAD " mad.lo.s32 %0, %0, %1, %3;"
// The forms on 64-bit streams: %0 v, %1 u.
#define FORMS64(F)                                                                                                     \
    F(add64, "add.s64 %0, %0, %1;")                                                                                    \
    F(madwide, "{.reg .b32 a, b, x, y; mov.b64 {a, x}, %0; mov.b64 {b, y}, %1; mad.wide.u32 %0, a, b, %0;}")            \
    F(mulwide64, "{.reg .b32 a, b, x, y; mov.b64 {a, x}, %0; mov.b64 {b, y}, %1; mul.wide.u32 %0, a, y;}")
// The predicate chain, 4 streams (8 overflow the 7 predicate registers into P2R/R2P): p_i = p_i and p_{i+1} for
// even i, p_i or p_{i+1} for odd i (p3 reads p0's new value), 64 rounds, after setp.ne from streams 0-3 (%0-%3), before
// selp back into them; %8 k, %9 w. PAIR follows each step on the 32-bit streams 0-3 (PV: nothing).
#define PV(i, j)
#define PL(i, j) "lop3.b32 %" #i ", %" #i ", %" #j ", %8, 0x6A;"
#define PM(i, j) "mad.lo.s32 %" #i ", %" #i ", %" #j ", %9;"
#define PROUND(P) "and.pred p0, p0, p1;" P(0, 1) "or.pred p1, p1, p2;" P(1, 2) "and.pred p2, p2, p3;" P(2, 3) "or.pred p3, p3, p0;" P(3, 0)
#define X2(s) s s
#define X64(s) X2(X2(X2(X2(X2(X2(s))))))
#define PBODY(P)                                                                                                       \
    "{.reg .pred p0, p1, p2, p3; setp.ne.s32 p0, %0, %8; setp.ne.s32 p1, %1, %8; setp.ne.s32 p2, %2, %8;"             \
    "setp.ne.s32 p3, %3, %8;" X64(PROUND(P)) "selp.b32 %0, %1, %0, p0; selp.b32 %1, %2, %1, p1;"                       \
    "selp.b32 %2, %3, %2, p2; selp.b32 %3, %0, %3, p3;}"

struct S32 {
    typedef unsigned T;
};
struct S64 {
    typedef unsigned long long T;
};
#define STEP32(N, A)                                                                                                   \
    struct N##_0 : S32 {                                                                                               \
        static __device__ __forceinline__ void step(T &v, T u, unsigned k, unsigned w) {                               \
            asm volatile(A : "+r"(v) : "r"(u), "r"(k), "r"(w));                                                        \
        }                                                                                                              \
    };                                                                                                                 \
    struct N##_l : S32 {                                                                                               \
        static __device__ __forceinline__ void step(T &v, T u, unsigned k, unsigned w) {                               \
            asm volatile(A LOP : "+r"(v) : "r"(u), "r"(k), "r"(w));                                                    \
        }                                                                                                              \
    };                                                                                                                 \
    struct N##_m : S32 {                                                                                               \
        static __device__ __forceinline__ void step(T &v, T u, unsigned k, unsigned w) {                               \
            asm volatile(A IMAD : "+r"(v) : "r"(u), "r"(k), "r"(w));                                                   \
        }                                                                                                              \
    };
#define STEP64(N, A)                                                                                                   \
    struct N##_0 : S64 {                                                                                               \
        static __device__ __forceinline__ void step(T &v, T u, unsigned, unsigned) { asm volatile(A : "+l"(v) : "l"(u)); } \
    };
FORMS(STEP32)
FORMSU(STEP32)
FORMS64(STEP64)

template <class K> __device__ void k(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) {
    typedef typename K::T T;
    unsigned long long t0;
    T v0 = threadIdx.x, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6, v7 = v0 + 7;
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
// The predicate kinds: the 8 streams' whole region in one asm statement (predicates do not cross statements).
template <int P> __device__ void kp(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) {
    unsigned long long t0;
    unsigned v0 = threadIdx.x, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6, v7 = v0 + 7;
    __syncthreads();
    CLK(t0);
#define PASM(B) asm volatile(B : "+r"(v0), "+r"(v1), "+r"(v2), "+r"(v3), "+r"(v4), "+r"(v5), "+r"(v6), "+r"(v7) : "r"(a), "r"(b))
    if (P == 0) PASM(PBODY(PV));
    if (P == 1) PASM(PBODY(PL));
    if (P == 2) PASM(PBODY(PM));
    unsigned x = v0 ^ v1 ^ v2 ^ v3 ^ v4 ^ v5 ^ v6 ^ v7;
    finish(o, sink, t0, x);
}
#define KK(N, S) extern "C" __global__ void alu2_##N(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) { k<S>(o, sink, a, b); }
#define KK32(N, A) KK(N, N##_0) KK(N##_l, N##_l) KK(N##_m, N##_m)
#define KK64(N, A) KK(N, N##_0)
FORMS(KK32)
#define KKU(N, A) KK(N##_l, N##_l) KK(N##_m, N##_m)
FORMSU(KKU)
FORMS64(KK64)
extern "C" __global__ void alu2_pred(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) { kp<0>(o, sink, a, b); }
extern "C" __global__ void alu2_pred_l(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) { kp<1>(o, sink, a, b); }
extern "C" __global__ void alu2_pred_m(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) { kp<2>(o, sink, a, b); }

#define NAME32(N, A) #N, #N "_l", #N "_m",
#define FN32(N, A) (void *)alu2_##N, (void *)alu2_##N##_l, (void *)alu2_##N##_m,
#define NAME64(N, A) #N,
#define FN64(N, A) (void *)alu2_##N,
#define NAMEU(N, A) #N "_l", #N "_m",
#define FNU(N, A) (void *)alu2_##N##_l, (void *)alu2_##N##_m,
static const char *names[] = {FORMS(NAME32) FORMSU(NAMEU) FORMS64(NAME64) "pred", "pred_l", "pred_m"};
static void *fns[] = {FORMS(FN32) FORMSU(FNU) FORMS64(FN64)(void *) alu2_pred, (void *)alu2_pred_l, (void *)alu2_pred_m};
int main(int argc, char **argv) {
    if (probe_list(argc, argv, names)) return 0;
    if (argc < 5) { fprintf(stderr, "usage: %s KIND GRID BLOCK LAUNCHES | list\n", argv[0]); return 2; }
    void *fn = fns[probe_kind(names, argv[1])];
    return probe_run(fn, argv, 3, 5, true);
}
