// probe_fwin37 (fwin37): probe_fsw's straight-line code (.devjobs/misc32: N FFMAs a thread on 8 chains, fma.rn.f32,
// 16 bytes of SASS each, N/8 128-byte lines) with S clock stamps a warp that should not move the issue order: each
// stamp is `mov.u64 %clock64` into a register pair of its own (SASS `CS2R Rx, SR_CLOCKLO`: fixed latency, no
// scoreboard, no wait), the pairs kept in registers to the region's end and stored after it. far35's stamps (a CS2R
// into one pair, then STS.64 of it: the next CS2R waits on that store's scoreboard, an MIO op every 16 lines) changed
// the order they meant to read: probe_far35 64 KiB at 512 threads 17237 cycles against probe_fsw's unstamped 19174
// (h100i; h200f's fwin19 K 0 19215), docs/calibration.md "(far36)". What it settles: whether these stamps leave the
// span as the unstamped kernel's (S 1: only t0 and t1, as probe_fsw) and, if so, the warps' paths through far code at
// 4 warps a sub-partition (fwin19 K 0 at 512: -14.7% in warpsim): who leads, who waits, at what rate each segment.
// Host: probe_fwin37 N S BLOCKS LAUNCHES. Output a warp a line: "N S block launch warp warpid smid t0 s1 ... sS"
// (cycles less the launch's first t0), then a line "N N S S block B: span span ..." per block.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#include "../../tests/calibration/probes/ck.h"
#define F8 "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
#define MAXS 32
#define ROW (MAXS + 3)

// S + 1 pairs of registers hold the stamps: at 1024 threads (64 registers a thread) S 16 is the most that fits.
// D: the delay variant (fdl): the warps whose slot (%warpid / 4) is in slots sleep (nanosleep, no issue) until delay
// cycles after the barrier before their t0, so a warp enters the far code that many cycles behind the others: at what
// distance its lines are gone (the window the caches keep within a launch).
template <int N, int S, int D> __global__ void __launch_bounds__(S > 16 ? 512 : 1024)
    fst(unsigned long long *o, unsigned *sink, float a, float b, unsigned delay, unsigned slots)
{
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
          v7 = v0 + 7;
    unsigned long long c[S + 1];
    __syncthreads();
    if (D) {
        unsigned wid;
        asm volatile("mov.u32 %0, %%warpid;" : "=r"(wid));
        if (slots >> (wid / 4) & 1) {
            long long t = clock64();
            while (clock64() - t < (long long)delay)
                __nanosleep(64);
        }
    }
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c[0]), F8 : : "memory");
#pragma unroll
    for (int s = 1; s <= S; s++) {
#pragma unroll
        for (int i = 0; i < N / S / 8; i++) {
            v0 = fmaf(v0, a, b); v1 = fmaf(v1, a, b); v2 = fmaf(v2, a, b); v3 = fmaf(v3, a, b);
            v4 = fmaf(v4, a, b); v5 = fmaf(v5, a, b); v6 = fmaf(v6, a, b); v7 = fmaf(v7, a, b);
        }
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(c[s]), F8 : : "memory");
    }
    if ((threadIdx.x & 31) == 0) {
        unsigned wid, sm;
        asm volatile("mov.u32 %0, %%warpid;" : "=r"(wid));
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        unsigned long long *p = o + threadIdx.x / 32 * ROW;
#pragma unroll
        for (int s = 0; s <= S; s++)
            p[s] = c[s];
        p[MAXS + 1] = wid;
        p[MAXS + 2] = sm;
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = __float_as_uint(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7);
}

typedef void (*kfn)(unsigned long long *, unsigned *, float, float, unsigned, unsigned);
template <int N> kfn pick(int s)
{
    return s == 1    ? fst<N, 1, 0>
           : s == 4  ? fst<N, 4, 0>
           : s == 8  ? fst<N, 8, 0>
           : s == 16 ? fst<N, 16, 0>
           : s == 32 ? fst<N, 32, 0>
                     : NULL;
}
// the sizes between: 36 KiB (ifetch.hold to ifetch.far), 44 and 52 KiB (past ifetch.far), S 1 and 16 only
template <int N> kfn pick2(int s)
{
    return s == 1 ? fst<N, 1, 0> : s == 16 ? fst<N, 16, 0> : NULL;
}

int main(int argc, char **argv)
{
    if (argc != 5 && argc != 7) {
        fprintf(stderr, "usage: %s N S BLOCKS LAUNCHES [DELAY SLOTS] (N 1024, 2304, 2816, 3328, 4096, 6144; S 1, 4, 8, "
                        "16, 32; with DELAY: N 4096, S 16)\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]), ns = atoi(argv[2]), launches = atoi(argv[4]);
    unsigned delay = argc == 7 ? (unsigned)atoi(argv[5]) : 0, slots = argc == 7 ? (unsigned)strtoul(argv[6], 0, 0) : 0;
    kfn f = n == 1024 ? pick<1024>(ns) : n == 2304 ? pick2<2304>(ns) : n == 2816 ? pick2<2816>(ns) : n == 3328 ? pick2<3328>(ns)
          : n == 4096 ? pick<4096>(ns) : n == 6144 ? pick<6144>(ns) : NULL;
    if (argc == 7)
        f = n == 4096 && ns == 16 ? fst<4096, 16, 1> : NULL;
    if (!f) {
        fprintf(stderr, "N: 1024, 2304, 2816, 3328, 4096 or 6144; S: 1, 4, 8, 16 or 32\n");
        return 2;
    }
    unsigned *sink;
    unsigned long long *o, *h = (unsigned long long *)malloc(32 * ROW * 8);
    CK(cudaMalloc(&sink, 1024 * 4));
    CK(cudaMalloc(&o, 32 * ROW * 8));
    for (char *p = argv[3]; *p;) {
        int block = (int)strtol(p, &p, 10), nw = block / 32;
        if (*p == ',')
            p++;
        if (ns > 16 && block > 512)
            continue; // S 32's registers do not fit 1024 threads
        char spans[4096];
        int at = argc == 7 ? snprintf(spans, sizeof spans, "N %d S %d block %d delay %u slots %u:", n, ns, block, delay, slots)
                           : snprintf(spans, sizeof spans, "N %d S %d block %d:", n, ns, block);
        for (int l = 0; l < launches; l++) {
            f<<<1, block>>>(o, sink, 1.0001f, 0.5f, delay, slots);
            CK(cudaGetLastError());
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, (size_t)nw * ROW * 8, cudaMemcpyDeviceToHost));
            unsigned long long lo = ~0ull, hi = 0;
            for (int w = 0; w < nw; w++) {
                unsigned long long *q = h + (size_t)w * ROW;
                lo = q[0] < lo ? q[0] : lo;
                hi = q[ns] > hi ? q[ns] : hi;
            }
            for (int w = 0; w < nw; w++) {
                unsigned long long *q = h + (size_t)w * ROW;
                printf("%d %d %d %d %d %llu %llu", n, ns, block, l, w, q[MAXS + 1], q[MAXS + 2]);
                for (int i = 0; i <= ns; i++)
                    printf(" %lld", (long long)(q[i] - lo));
                printf("\n");
            }
            at += snprintf(spans + at, sizeof spans - at, " %llu", hi - lo);
        }
        printf("%s\n", spans);
    }
    return 0;
}
