// probe_banks40: which ops pay a second register-read cycle when they read two registers of one bank, and whether
// that cycle holds the sub-partition's issue (docs/calibration.md "(banks40)"). dep35/dep36 found on an H100 that an
// FFMA reading three registers (two of one bank, bank = register number mod 2) or two of one bank takes 2 cycles,
// and alu27's ptxas -O0 mov_f and mov_m on the H200 (16 warps a sub-partition) fit "an FFMA or IMAD reading two
// registers of one bank holds the issue a second cycle". Not measured on any card: IMAD, IADD3, LOP3, HFMA2, DFMA
// reading three registers at -O3 (the pigeonhole: three registers, two banks) beside other warps' FFMAs.
// Each kind is a region of 256 steps between two clock reads (t0, t1; lane 0 writes t0, t1, %warpid, %smid), four
// independent chains c0..c3 taken in turn (step i on chain i % 4), each step one op X:
//   X3:  X reads three registers, none shared with the op before it (no reuse): c = X(c, p, q), p and q changing
//        every step (eight per-thread values, so that ptxas can neither fold two steps of a chain into one op nor
//        keep p or q in the reuse cache)
//   X3f: X3, each step followed by one FFMA `f = fma(f, f, 0.5)` on a fifth chain (one register read, the FMA pipe):
//        with 8 warps a sub-partition, X's hold of the issue shows as a third cycle a step (X3f 3 cycles a step
//        where X's pipe and the FFMA's share the issue in 2)
//   X2f: X2 (c = X(c, p, IMM): two registers, which ptxas -O3 puts in two banks) followed by the same FFMA: the control
// X: f (FFMA), m (IMAD, mad.lo.u32), l (LOP3, lop3.b32 0xE8: the majority, not associative), a (IADD3: two add.u32
// ptxas folds), h (HFMA2, fma.rn.f16x2), d (DFMA, fma.rn.f64: 64-bit pairs, each read from both banks).
// Host: probe_banks40 KIND LAUNCHES [2sm | +2sm FILE] | list: one block of 32, 128, 256, 512, 1024 threads on one SM
// (grid 1), LAUNCHES launches each, a line a warp "block launch bl warp t0 t1 warpid smid" (tests/calibration/probes/
// probe_alu3.py's spans()); with 2sm, 2 blocks of 1024 on every SM instead (16 warps a sub-partition;
// __launch_bounds__(1024, 2): at most 32 registers), the warps of SMs 0-3 only (probe_alu3.py's two_blocks()); with
// +2sm FILE both, the 2sm lines into FILE (one process a kind: the job's time is mostly CUDA's start).
#include "../../tests/calibration/probes/probe_host.h" // CLK, finish, CK, probe_list, probe_kind, probe_sms
#include <cuda_fp16.h>

#define N 256
#define FF(F) asm volatile("fma.rn.f32 %0, %0, %0, 0f3F000000;" : "+f"(F))

template <int OP> struct Op; // per op: the value type, X3 and X2 as asm, a fold into 32 bits
template <> struct Op<0> {
    typedef float T;
    static __device__ __forceinline__ void x3(T &c, T p, T q) { asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(c) : "f"(p), "f"(q)); }
    static __device__ __forceinline__ void x2(T &c, T p) { asm volatile("fma.rn.f32 %0, %0, %1, 0f3E800000;" : "+f"(c) : "f"(p)); }
    static __device__ __forceinline__ T make(unsigned s, int i) { return __uint_as_float(0x3f800000u | ((s * (2 * i + 3)) & 0x3ff)); }
    static __device__ __forceinline__ unsigned bits(T v) { return __float_as_uint(v); }
};
template <> struct Op<1> {
    typedef unsigned T;
    static __device__ __forceinline__ void x3(T &c, T p, T q) { asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(c) : "r"(p), "r"(q)); }
    static __device__ __forceinline__ void x2(T &c, T p) { asm volatile("mad.lo.u32 %0, %0, %1, 12345;" : "+r"(c) : "r"(p)); }
    static __device__ __forceinline__ T make(unsigned s, int i) { return (s * (2 * i + 3)) | 1u; }
    static __device__ __forceinline__ unsigned bits(T v) { return v; }
};
template <> struct Op<2> {
    typedef unsigned T;
    static __device__ __forceinline__ void x3(T &c, T p, T q) { asm volatile("lop3.b32 %0, %0, %1, %2, 0xE8;" : "+r"(c) : "r"(p), "r"(q)); }
    static __device__ __forceinline__ void x2(T &c, T p) { asm volatile("lop3.b32 %0, %0, %1, 0x5A5A5A5A, 0xE8;" : "+r"(c) : "r"(p)); }
    static __device__ __forceinline__ T make(unsigned s, int i) { return s * (2 * i + 3) + 0x9e3779b9u * i; }
    static __device__ __forceinline__ unsigned bits(T v) { return v; }
};
template <> struct Op<3> {
    typedef unsigned T;
    static __device__ __forceinline__ void x3(T &c, T p, T q) { asm volatile("add.u32 %0, %0, %1; add.u32 %0, %0, %2;" : "+r"(c) : "r"(p), "r"(q)); }
    static __device__ __forceinline__ void x2(T &c, T p) { asm volatile("add.u32 %0, %0, %1; add.u32 %0, %0, 12345;" : "+r"(c) : "r"(p)); }
    static __device__ __forceinline__ T make(unsigned s, int i) { return s * (2 * i + 3) + 0x9e3779b9u * i; }
    static __device__ __forceinline__ unsigned bits(T v) { return v; }
};
template <> struct Op<4> {
    typedef unsigned T; // f16x2 bits
    static __device__ __forceinline__ void x3(T &c, T p, T q) { asm volatile("fma.rn.f16x2 %0, %0, %1, %2;" : "+r"(c) : "r"(p), "r"(q)); }
    static __device__ __forceinline__ void x2(T &c, T p) { asm volatile("fma.rn.f16x2 %0, %0, %1, %0;" : "+r"(c) : "r"(p)); }
    static __device__ __forceinline__ T make(unsigned s, int i) { return 0x3c003c00u | ((s * (2 * i + 3)) & 0x00ff00ffu); }
    static __device__ __forceinline__ unsigned bits(T v) { return v; }
};
template <> struct Op<5> {
    typedef double T;
    static __device__ __forceinline__ void x3(T &c, T p, T q) { asm volatile("fma.rn.f64 %0, %0, %1, %2;" : "+d"(c) : "d"(p), "d"(q)); }
    static __device__ __forceinline__ void x2(T &c, T p) { asm volatile("fma.rn.f64 %0, %0, %1, 0d3FD0000000000000;" : "+d"(c) : "d"(p)); }
    static __device__ __forceinline__ T make(unsigned s, int i) { return 1.0 + (double)((s * (2 * i + 3)) & 0x3ff) * 0x1p-20; }
    static __device__ __forceinline__ unsigned bits(T v) { return (unsigned)__double_as_longlong(v) ^ (unsigned)(__double_as_longlong(v) >> 32); }
};

// FORM 0: X3, 1: X3f, 2: X2f
template <int OP, int FORM>
__global__ void __launch_bounds__(1024, 2) banks40(unsigned long long *o, unsigned *sink, unsigned seed)
{
    typedef Op<OP> X;
    typedef typename X::T T;
    unsigned s = seed ^ threadIdx.x;
    T p[8], c[4];
#pragma unroll
    for (int i = 0; i < 8; i++)
        p[i] = X::make(s, i);
#pragma unroll
    for (int i = 0; i < 4; i++)
        c[i] = X::make(s + 77, i + 8);
    float f = __uint_as_float(0x3f800000u | (s & 0xff));
    unsigned long long t0;
    __syncthreads();
    CLK(t0);
#pragma unroll
    for (int i = 0; i < N; i++) {
        // chain i % 4, operands p[(i / 4 + i) % 8] and p[(i / 4 * 3 + i + 1) % 8]: a chain's next step reads others
        if (FORM == 2)
            X::x2(c[i % 4], p[(i / 4 + i) % 8]);
        else
            X::x3(c[i % 4], p[(i / 4 + i) % 8], p[(i / 4 * 3 + i + 1) % 8]);
        if (FORM != 0)
            FF(f);
    }
    unsigned r = __float_as_uint(f);
#pragma unroll
    for (int i = 0; i < 4; i++)
        r ^= X::bits(c[i]);
#pragma unroll
    for (int i = 0; i < 8; i++)
        r ^= X::bits(p[i]);
    finish(o, sink, t0, r);
}

#define K3(OP, L) #L "3", #L "3f", #L "2f"
#define F3(OP) (void *)banks40<OP, 0>, (void *)banks40<OP, 1>, (void *)banks40<OP, 2>
static const char *names[] = {K3(0, f), K3(1, m), K3(2, l), K3(3, a), K3(4, h), K3(5, d)};
static void *fns[] = {F3(0), F3(1), F3(2), F3(3), F3(4), F3(5)};

static void run(void *fn, int grid, int block, int launches, unsigned long long sms)
{
    int nw = block / 32;
    size_t ow = (size_t)grid * nw * 4;
    unsigned long long *o, *h = (unsigned long long *)malloc(ow * 8);
    unsigned *sink;
    unsigned seed = 0;
    CK(cudaMalloc(&o, ow * 8));
    CK(cudaMalloc(&sink, (size_t)grid * block * 4));
    for (int l = 0; l < launches; l++) {
        void *args[3] = {&o, &sink, &seed};
        probe_launch(fn, grid, block, args, 0, o, h, ow * 8);
        probe_print_warps(h, grid, nw, block, l, sms);
    }
    CK(cudaFree(o));
    CK(cudaFree(sink));
    free(h);
}

int main(int argc, char **argv)
{
    if (probe_list(argc, argv, names))
        return 0;
    bool two = argc == 4 && !strcmp(argv[3], "2sm"), both = argc == 5 && !strcmp(argv[3], "+2sm");
    if (argc != 3 && !two && !both) {
        fprintf(stderr, "usage: %s KIND LAUNCHES [2sm | +2sm FILE] | list\n", argv[0]);
        return 2;
    }
    void *fn = fns[probe_kind(names, argv[1])];
    int launches = atoi(argv[2]);
    static const int blocks[] = {32, 128, 256, 512, 1024};
    if (!two)
        for (int b : blocks)
            run(fn, 1, b, launches, ~0ull);
    if (both && (fflush(stdout) || !freopen(argv[4], "w", stdout))) {
        fprintf(stderr, "%s: cannot write\n", argv[4]);
        return 1;
    }
    if (two || both)
        run(fn, 2 * probe_sms(), 1024, launches, 4);
    return 0;
}
