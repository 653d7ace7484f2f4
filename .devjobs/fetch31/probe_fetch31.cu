// probe_fetch31: one warp's first launch (cold instruction cache) against the code's own warm issue rate a 128-byte
// line (8 SASS instructions), 12-20 cycles a line in fine steps, for straight-line code of 5-31 KiB; and fwin K 8's
// loop at one warp (pack30: 28.2 cycles an iteration on the H200, warpsim 22.0) with variants that isolate it.
// docs/calibration.md "(rcp30)", "(pack30)"; the kinds and their SASS rates: .devjobs/fetch31/README.
// Straight-line kinds (template sl<NM, NL, X, R>, inline PTX): R rounds, each of NM IMADs (mad.lo.s32; on NM chains,
// at most 16), NL LOP3s (lop3.b32, NL chains) and X POPCs, spread in the PTX:
//   t (NL > 0): each LOP3 reads the IMAD before it and each IMAD adds a LOP3 chain's value of the round before, so
//     that ptxas keeps the rounds in turn (without it ptxas ran the chains one after another, the LOP3s in clumps:
//     1 KiB windows of 8 and 16 cycles a line); throughput-bound (IMAD and ALU pipes 2 cycles an instruction, one
//     issue a cycle): a line in 16 NM / (NM + NL) cycles; t16 (IMADs alone) and l16 (LOP3s alone) 16;
//   p (X > 0): X of the IMAD chains add the POPC of their value a round before (a POPC every NM / X IMADs): the
//     POPC's latency (sass_replay.py's 17) decides the rate, so the H200's warm span is the figure, the replay a guide;
//   d18, d20: t's form with rounds too short for the IMAD -> LOP3 -> IMAD latency (latency-bound, bursty).
// Loop kinds (fwin19's loop, half19/probe_fwin.cu: 4096 FFMAs on 8 chains, 12 SASS an iteration at K 8): k8 (K 8:
// 8 FFMAs and a dependent add.f16x2 an iteration), k8n (no add.f16x2: 11 SASS), k8i (the add.f16x2 reads the loop
// counter, not its last value: 12 SASS), k16 (K 16: 16 FFMAs and the dependent add.f16x2).
// Per warp: t0, the region, t1 (after the chains' xor); lane 0 writes t0, t1, %warpid, %smid (probe_host.h).
// Host: probe_fetch31 KIND GRID BLOCKS LAUNCHES | list (probe_streams.h's streams_main; GRID 1: one block on one SM).
#include "../probe_streams.h"

template <int NM, int NL, int X, int NR>
__device__ __forceinline__ void sl(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned seed)
{
    unsigned long long t0;
    constexpr int CM = X || NM < 16 ? NM : 16; // IMAD chains: a t kind's IMAD i is on chain i % 16
    unsigned s = seed + threadIdx.x, m[NM + 1], l[NL + 1], q[NM + 1];
#pragma unroll
    for (int i = 0; i <= NM; i++)
        m[i] = s + i, q[i] = b;
#pragma unroll
    for (int i = 0; i <= NL; i++)
        l[i] = s ^ (i * 0x9E37u);
    __syncthreads();
    CLK(t0);
#pragma unroll
    for (int r = 0; r < NR; r++) {
        // the round's LOP3s and POPCs spread among its IMADs in the PTX (ptxas orders them as it will)
#pragma unroll
        for (int i = 0; i < NM; i++) {
            if (X && i * X / NM != (i + 1) * X / NM) { // chain i's IMAD adds the POPC of its value a round before
                asm volatile("mad.lo.s32 %0, %0, %1, %2;" : "+r"(m[i]) : "r"(a), "r"(q[i]));
                asm volatile("popc.b32 %0, %1;" : "=r"(q[i]) : "r"(m[i]));
            } else if (NL) // a t kind's IMAD adds a LOP3 chain's value of the round before: ptxas keeps the rounds
                asm volatile("mad.lo.s32 %0, %0, %1, %2;"
                             : "+r"(m[i % (CM ? CM : 1)])
                             : "r"(a), "r"(l[i % (NL ? NL : 1)]));
            else
                asm volatile("mad.lo.s32 %0, %0, %1, %2;" : "+r"(m[i % (CM ? CM : 1)]) : "r"(a), "r"(b));
            if (NM && NL && i * NL / (NM ? NM : 1) != (i + 1) * NL / (NM ? NM : 1))
                asm volatile("lop3.b32 %0, %0, %1, %2, 0x6A;"
                             : "+r"(l[i * NL / (NM ? NM : 1)])
                             : "r"(m[i % (CM ? CM : 1)]), "r"(b));
        }
#pragma unroll
        for (int i = 0; i < (NM ? 0 : NL); i++) // LOP3s alone
            asm volatile("lop3.b32 %0, %0, %1, %2, 0x6A;" : "+r"(l[i]) : "r"(a), "r"(b));
    }
    unsigned x = 0;
#pragma unroll
    for (int i = 0; i < CM; i++)
        x ^= m[i] ^ (X ? q[i] : 0);
#pragma unroll
    for (int i = 0; i < NL; i++)
        x ^= l[i];
    finish(o, sink, t0, x);
}

// fwin19's loop (half19/probe_fwin.cu) with the clocks of probe_host.h. H: 0 no add.f16x2, 1 dependent (fwin), 2 on
// the loop counter (independent of the last one); P IMADs before the clock move the loop: P 6 puts it in two lines
// split 5 + 7 as h200f's fwin K 8 (0x130-0x1e0), P 0 in three (ptxas 13.0).
#define NF 4096
template <int K, int H, int P>
__device__ __forceinline__ void lp(unsigned long long *o, unsigned *sink, unsigned ka, unsigned kb, unsigned h)
{
    // 1.0001f and 0.5f (ka 3, kb 5) from the arguments, as fwin's a and b (its FFMAs read two registers, no immediate)
    float a = __uint_as_float(0x3f800344u + ka), b = __uint_as_float(0x3efffffbu + kb);
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6, v7 = v0 + 7;
    unsigned hv = h ^ threadIdx.x, pv = hv;
    unsigned long long t0;
#pragma unroll
    for (int i = 0; i < P; i++) // P IMADs before the clock: the loop P SASS further on (its place in the 128-byte lines)
        asm volatile("mad.lo.s32 %0, %0, %1, %2;" : "+r"(pv) : "r"(ka), "r"(kb));
    __syncthreads();
    asm volatile("mov.u64 %0, %%clock64;"
                 : "=l"(t0), "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
                 :
                 : "memory");
#pragma unroll 1
    for (int r = 0; r < NF / K; r++) {
#pragma unroll
        for (int i = 0; i < K / 8; i++) {
            v0 = fmaf(v0, a, b);
            v1 = fmaf(v1, a, b);
            v2 = fmaf(v2, a, b);
            v3 = fmaf(v3, a, b);
            v4 = fmaf(v4, a, b);
            v5 = fmaf(v5, a, b);
            v6 = fmaf(v6, a, b);
            v7 = fmaf(v7, a, b);
        }
        if (H == 1)
            asm volatile("add.f16x2 %0, %0, %1;" : "+r"(hv) : "r"(h));
        if (H == 2)
            asm volatile("add.f16x2 %0, %1, %2;" : "=r"(hv) : "r"(h), "r"(r));
    }
    finish(o, sink, t0, __float_as_uint(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7) ^ hv ^ (P ? pv : 0));
}

// name, NM, NL, X, R (rounds): the straight-line kinds; size = R x (NM + NL + X) SASS x 16 bytes
#define SL(F)                                                                                                          \
    F(t12, 9, 3, 0, 128)                                                                                               \
    F(t13, 13, 3, 0, 96)                                                                                               \
    F(t14, 14, 2, 0, 96)                                                                                               \
    F(t1425, 57, 7, 0, 24)                                                                                             \
    F(t145, 29, 3, 0, 48)                                                                                              \
    F(t1475, 59, 5, 0, 24)                                                                                             \
    F(t15, 15, 1, 0, 96)                                                                                               \
    F(t1525, 61, 3, 0, 24)                                                                                             \
    F(t155, 31, 1, 0, 48)                                                                                              \
    F(t16, 16, 0, 0, 96)                                                                                               \
    F(l16, 0, 16, 0, 96)                                                                                               \
    F(p165, 16, 0, 1, 90)                                                                                              \
    F(p17, 24, 0, 4, 54)                                                                                               \
    F(p172, 16, 0, 4, 76)                                                                                              \
    F(p20, 24, 0, 5, 52)                                                                                               \
    F(d18, 7, 2, 0, 171)                                                                                               \
    F(d20, 3, 1, 0, 384)                                                                                               \
    F(t14s, 14, 2, 0, 16)                                                                                              \
    F(t155s, 31, 1, 0, 8)                                                                                              \
    F(p165s, 16, 0, 1, 15)                                                                                             \
    F(t14x, 14, 2, 0, 120)                                                                                             \
    F(t155x, 31, 1, 0, 60)                                                                                             \
    F(p165x, 16, 0, 1, 113)
// name, K, H, P: the loop kinds
#define LP(F)                                                                                                          \
    F(k8, 8, 1, 6)                                                                                                     \
    F(k8a, 8, 1, 0)                                                                                                    \
    F(k8n, 8, 0, 6)                                                                                                    \
    F(k8i, 8, 2, 6)                                                                                                    \
    F(k16, 16, 1, 6)

#define SLK(N, M, L, X, NR)                                                                                            \
    extern "C" __global__ void fetch31_##N(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned s,  \
                                           unsigned)                                                                   \
    {                                                                                                                  \
        sl<M, L, X, NR>(o, sink, a, b, s);                                                                             \
    }
#define LPK(N, K, H, P)                                                                                                \
    extern "C" __global__ void fetch31_##N(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned,    \
                                           unsigned)                                                                   \
    {                                                                                                                  \
        lp<K, H, P>(o, sink, a, b, 0x3c003c00u ^ (b - 5));                                                             \
    }
SL(SLK)
LP(LPK)
#define SLN(N, ...) #N,
#define SLF(N, ...) (void *)fetch31_##N,
static const char *names[] = {SL(SLN) LP(SLN)};
static void *fns[] = {SL(SLF) LP(SLF)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
