// probe_fetch33: the first launch's fetch of cold code with 1-4 warps, one a sub-partition, and per-warp stamps along
// the region (docs/calibration.md "(fetch31)", "(fetch32)", "(fetch33)"). fetch32 on the H100 h100i: t12 / t13 (12.1 /
// 13.1 cycles a 128-byte line warm) take 17.57 / 17.58 a line at 1 warp, 17.62 / 15.55 at 2 and 14.08 / 13.59 at 4
// (blocks of 32, 64, 128); t14 ... l16 lose nothing. Where along the region does each warp wait, and do the warps take
// turns? Kinds: fetch31's t form (template sl: R rounds of NM IMADs and NL LOP3s, each LOP3 reading the IMAD before it,
// each IMAD adding a LOP3 chain's value of the round before; a line in 16 NM / (NM + NL) cycles warm) at 11, 12,
// 12.5, 13, 13.5, 14 and 15 a line, about 1544 SASS (193 lines, 25 KiB) each, with a clock read (CS2R) every R / 16
// rounds: 17 stamps a warp (t0, 15 inside, t1). t12n ... t15n: fetch31's t12 ... t15 without the inner stamps (the stamps'
// own cost). LATE W D: warp W of the block spins D cycles before its t0 (a warp that starts behind the others).
// Host: probe_fetch33 KIND BLOCK LAUNCHES [LATEW DELAY] | list; a line a warp: "launch warp warpid smid t0 s1 .. s15 t1"
// (clocks less the block's least t0).
#include "../../tests/calibration/probes/probe_host.h"

#define NS 16
template <int NM, int NL, int NR, int ST>
__device__ __forceinline__ void sl(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned seed,
                                   unsigned lw, unsigned ld)
{
    unsigned long long t[NS + 1];
    constexpr int CM = NM < 16 ? NM : 16;
    unsigned s = seed + threadIdx.x, m[NM + 1], l[NL + 1];
#pragma unroll
    for (int i = 0; i <= NM; i++)
        m[i] = s + i;
#pragma unroll
    for (int i = 0; i <= NL; i++)
        l[i] = s ^ (i * 0x9E37u);
    __syncthreads();
    if ((threadIdx.x >> 5) == lw) {
        unsigned long long c0 = clock64();
        while (clock64() - c0 < ld) {
        }
    }
    CLK(t[0]);
#pragma unroll
    for (int r = 0; r < NR; r++) {
#pragma unroll
        for (int i = 0; i < NM; i++) {
            asm volatile("mad.lo.s32 %0, %0, %1, %2;" : "+r"(m[i % CM]) : "r"(a), "r"(l[i % NL]));
            if (i * NL / NM != (i + 1) * NL / NM)
                asm volatile("lop3.b32 %0, %0, %1, %2, 0x6A;" : "+r"(l[i * NL / NM]) : "r"(m[i % CM]), "r"(b));
        }
        if (ST && (r + 1) % (NR / NS) == 0 && (r + 1) / (NR / NS) < NS)
            CLK(t[(r + 1) / (NR / NS)]);
    }
    unsigned x = 0;
#pragma unroll
    for (int i = 0; i < CM; i++)
        x ^= m[i];
#pragma unroll
    for (int i = 0; i < NL; i++)
        x ^= l[i];
    t[NS] = clock_after(x);
    sink[blockIdx.x * blockDim.x + threadIdx.x] = x;
    if ((threadIdx.x & 31) == 0) {
        unsigned r, sm;
        warp_sm(r, sm);
        unsigned long long *p = o + (size_t)(threadIdx.x >> 5) * (NS + 3);
        p[0] = r;
        p[1] = sm;
#pragma unroll
        for (int i = 0; i <= NS; i++)
            p[2 + i] = ST || i == 0 || i == NS ? t[i] : 0;
    }
}

// name, NM, NL, R (rounds), stamps
#define SL(F)                                                                                                          \
    F(t11, 11, 5, 96, 1)                                                                                               \
    F(t12, 9, 3, 128, 1)                                                                                               \
    F(t125, 25, 7, 48, 1)                                                                                              \
    F(t13, 13, 3, 96, 1)                                                                                               \
    F(t135, 27, 5, 48, 1)                                                                                              \
    F(t14, 14, 2, 96, 1)                                                                                               \
    F(t15, 15, 1, 96, 1)                                                                                               \
    F(t12n, 9, 3, 128, 0)                                                                                              \
    F(t13n, 13, 3, 96, 0)                                                                                              \
    F(t14n, 14, 2, 96, 0)                                                                                              \
    F(t15n, 15, 1, 96, 0)
#define SLK(N, M, L, NR, ST)                                                                                           \
    extern "C" __global__ void fetch33_##N(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned s,  \
                                           unsigned lw, unsigned ld)                                                   \
    {                                                                                                                  \
        sl<M, L, NR, ST>(o, sink, a, b, s, lw, ld);                                                          \
    }
SL(SLK)
#define SLN(N, ...) #N,
#define SLF(N, ...) (void *)fetch33_##N,
static const char *names[] = {SL(SLN)};
static void *fns[] = {SL(SLF)};

int main(int argc, char **argv)
{
    if (probe_list(argc, argv, names))
        return 0;
    if (argc < 4) {
        fprintf(stderr, "usage: %s KIND BLOCK LAUNCHES [LATEW DELAY] | list\n", argv[0]);
        return 2;
    }
    void *fn = fns[probe_kind(names, argv[1])];
    int block = atoi(argv[2]), launches = atoi(argv[3]), nw = block / 32, words = NS + 3;
    unsigned a = 3, b = 5, seed = 0, lw = argc > 5 ? (unsigned)atoi(argv[4]) : ~0u,
             ld = argc > 5 ? (unsigned)atoi(argv[5]) : 0;
    unsigned *sink;
    unsigned long long *o, *h = (unsigned long long *)malloc((size_t)nw * words * 8);
    CK(cudaMalloc(&sink, (size_t)block * 4));
    CK(cudaMalloc(&o, (size_t)nw * words * 8));
    for (int l = 0; l < launches; l++) {
        void *args[7] = {&o, &sink, &a, &b, &seed, &lw, &ld};
        probe_launch(fn, 1, block, args, 0, o, h, (size_t)nw * words * 8);
        unsigned long long base = ~0ull;
        for (int w = 0; w < nw; w++)
            base = h[w * words + 2] < base ? h[w * words + 2] : base;
        for (int w = 0; w < nw; w++) {
            const unsigned long long *r = h + (size_t)w * words;
            printf("%d %d %llu %llu", l, w, r[0], r[1]);
            for (int i = 2; i < words; i++)
                printf(" %lld", r[i] ? (long long)(r[i] - base) : -1ll);
            printf("\n");
        }
    }
    return 0;
}
