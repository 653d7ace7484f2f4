// probe_streams.h: what the .devjobs probes built as probe_alu3 with a SEED, W and LATE (mad19, rcp20, pack21) share,
// written once: the two-pipe step forms they combine, the per-warp kernel (t0, 32 rounds of 8 streams, each step
// reading the next stream's value, t1; lane 0 writes t0, t1, %warpid, %smid) and the host (KIND GRID BLOCKS LAUNCHES
// [SEED W [LATE]] | list; GRID 1: one block on one SM; a line "block launch bl warp t0 t1 warpid smid" a warp).
// Each probe keeps its kinds (FORMS, FORMS64), its kernels' names (PREFIX_KIND, through STREAMS_KERNEL) and lines;
// the kernel text is the one each probe wrote inline, so that its PTX and SASS stay as they were.
// Included as "../probe_streams.h" from .devjobs/NAME/; it includes probe_host.h by its path from there.
#ifndef PROBE_STREAMS_H
#define PROBE_STREAMS_H
#include "../tests/calibration/probes/probe_host.h" // finish, CK, the kind lookup and lines, as probe_alu3
#define R   32
#define MAD "mad.lo.s32 %0, %0, %1, %3;"
#define FMA "fma.rn.f32 %0, %0, %1, %3;"
#define LOP "lop3.b32 %0, %0, %1, %2, 0x6A;"
// two independent chains: the low halves of v and u take A, the high halves B
#define IND(A, B)                                                                                                      \
    "{.reg .b32 vl, vh, ul, uh; mov.b64 {vl, vh}, %0; mov.b64 {ul, uh}, %1; " A " " B " mov.b64 %0, {vl, vh};}"
#define IMAD_(V, U) "mad.lo.s32 " V ", " V ", " U ", %3;"
#define FFMA_(V, U) "fma.rn.f32 " V ", " V ", " U ", %3;"
#define LOP3_(V, U) "lop3.b32 " V ", " V ", " U ", %2, 0x6A;"

struct S32 {
    typedef unsigned T;
};
struct S64 {
    typedef unsigned long long T;
};
// kind N's step struct N_k: its form A on a stream of S's type, C the stream's asm constraint
#define STEP(N, A, S, C)                                                                                               \
    struct N##_k : S {                                                                                                 \
        static __device__ __forceinline__ void step(T &v, T u, unsigned k, unsigned w)                                 \
        {                                                                                                              \
            asm volatile(A : "+" C(v) : C(u), "r"(k), "r"(w));                                                         \
        }                                                                                                              \
    };
#define STEP32(N, A) STEP(N, A, S32, "r")
#define STEP64(N, A) STEP(N, A, S64, "l")

template <class K>
__device__ void k(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned seed, unsigned late)
{
    typedef typename K::T T;
    unsigned long long t0;
    unsigned s = seed + threadIdx.x;
    T v0 = (T)s | ((T)s << 16 << 16), v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
      v7 = v0 + 7;
    __syncthreads();
    if ((threadIdx.x >> 7) == late) { // the block's warps 4 x late .. 4 x late + 3 (one a sub-partition) start 300 later
        unsigned long long c0 = clock64();
        while (clock64() - c0 < 300) {
        }
    }
    CLK(t0);
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
// The kernel P_N of kind N (its step struct N_k), its name and its address, for FORMS(F) / FORMS64(F) lists
#define STREAMS_KERNEL(P, N)                                                                                           \
    extern "C" __global__ void P##_##N(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned s,      \
                                       unsigned l)                                                                     \
    {                                                                                                                  \
        k<N##_k>(o, sink, a, b, s, l);                                                                                 \
    }
#define STREAMS_NAME(N, A) #N,

// The host: KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list. BLOCKS is a comma list of block sizes, each launched
// LAUNCHES times; the steps' k (%2) is 3, W (5) their w (%3), SEED (0) the streams' start, LATE (none) the group of
// 4 warps that starts 300 cycles late. Returns main's status.
template <size_t N> static int streams_main(int argc, char **argv, const char *(&names)[N], void *(&fns)[N])
{
    if (probe_list(argc, argv, names))
        return 0;
    if (argc < 5) {
        fprintf(stderr, "usage: %s KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list\n", argv[0]);
        return 2;
    }
    void *fn = fns[probe_kind(names, argv[1])];
    int grid = atoi(argv[2]), launches = atoi(argv[4]);
    unsigned *sink, a = 3, b = argc > 6 ? (unsigned)strtoul(argv[6], 0, 0) : 5,
                    seed = argc > 5 ? (unsigned)strtoul(argv[5], 0, 0) : 0,
                    late = argc > 7 ? (unsigned)strtoul(argv[7], 0, 0) : ~0u;
    CK(cudaMalloc(&sink, (size_t)grid * 1024 * 4));
    for (char *p = argv[3]; *p;) {
        int block = (int)strtol(p, &p, 10);
        if (*p == ',')
            p++;
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
#endif
