// probe_fwin38 (fwin38): probe_fwin37's code (probe_fsw's straight-line FFMAs on 8 chains, 16 bytes of SASS each, with
// clock stamps that wait on nothing: `mov.u64 %clock64` into a register pair of its own, SASS `CS2R Rx, SR_CLOCKLO`,
// stored after the region) with its 32 stamps at the front: segments 1-31 of G FFMAs each (G 8: every line, 16: every
// 2 lines, 64: every 8 lines), segment 32 the rest of the N. What it settles (docs/calibration.md "(fwin38)"): at 3 and
// 4 warps a sub-partition, how the third warp's turns come while the pair leads in far code (64 KiB): in turns at a
// fixed count of the pair's issue (a share of the pick) or in bursts at the pair's fetch waits; and the same in kept
// code (16 KiB), where no fetch waits.
// Host: probe_fwin38 N G BLOCKS LAUNCHES. Output a warp a line: "N G block launch warp warpid smid t0 s1 ... s32"
// (cycles less the launch's first t0), then a line "N N G G block B: span span ..." per block.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "../../tests/calibration/probes/ck.h"
#define F8 "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
#define S 32
#define ROW (S + 3)

template <int N, int G> __global__ void __launch_bounds__(512) fst(unsigned long long *o, unsigned *sink, float a, float b)
{
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
          v7 = v0 + 7;
    unsigned long long c[S + 1];
    __syncthreads();
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c[0]), F8 : : "memory");
#pragma unroll
    for (int s = 1; s < S; s++) {
#pragma unroll
        for (int i = 0; i < G / 8; i++) {
            v0 = fmaf(v0, a, b); v1 = fmaf(v1, a, b); v2 = fmaf(v2, a, b); v3 = fmaf(v3, a, b);
            v4 = fmaf(v4, a, b); v5 = fmaf(v5, a, b); v6 = fmaf(v6, a, b); v7 = fmaf(v7, a, b);
        }
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(c[s]), F8 : : "memory");
    }
#pragma unroll
    for (int i = 0; i < (N - (S - 1) * G) / 8; i++) { // the rest of the region, straight
        v0 = fmaf(v0, a, b); v1 = fmaf(v1, a, b); v2 = fmaf(v2, a, b); v3 = fmaf(v3, a, b);
        v4 = fmaf(v4, a, b); v5 = fmaf(v5, a, b); v6 = fmaf(v6, a, b); v7 = fmaf(v7, a, b);
    }
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c[S]), F8 : : "memory");
    if ((threadIdx.x & 31) == 0) {
        unsigned wid, sm;
        asm volatile("mov.u32 %0, %%warpid;" : "=r"(wid));
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        unsigned long long *p = o + threadIdx.x / 32 * ROW;
#pragma unroll
        for (int s = 0; s <= S; s++)
            p[s] = c[s];
        p[S + 1] = wid;
        p[S + 2] = sm;
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = __float_as_uint(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7);
}

typedef void (*kfn)(unsigned long long *, unsigned *, float, float);

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s N G BLOCKS LAUNCHES (N 4096 with G 8, 16, 64; N 1024 with G 8)\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]), g = atoi(argv[2]), launches = atoi(argv[4]);
    kfn f = n == 4096 && g == 8    ? fst<4096, 8>
            : n == 4096 && g == 16 ? fst<4096, 16>
            : n == 4096 && g == 64 ? fst<4096, 64>
            : n == 1024 && g == 8  ? fst<1024, 8>
                                   : NULL;
    if (!f) {
        fprintf(stderr, "N 4096 with G 8, 16, 64; N 1024 with G 8\n");
        return 2;
    }
    unsigned *sink;
    unsigned long long *o, *h = (unsigned long long *)malloc(16 * ROW * 8);
    CK(cudaMalloc(&sink, 512 * 4));
    CK(cudaMalloc(&o, 16 * ROW * 8));
    for (char *p = argv[3]; *p;) {
        int block = (int)strtol(p, &p, 10), nw = block / 32;
        if (*p == ',')
            p++;
        if (block > 512)
            continue; // the 66 stamp registers do not fit 1024 threads
        char spans[4096];
        int at = snprintf(spans, sizeof spans, "N %d G %d block %d:", n, g, block);
        for (int l = 0; l < launches; l++) {
            f<<<1, block>>>(o, sink, 1.0001f, 0.5f);
            CK(cudaGetLastError());
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, (size_t)nw * ROW * 8, cudaMemcpyDeviceToHost));
            unsigned long long lo = ~0ull, hi = 0;
            for (int w = 0; w < nw; w++) {
                unsigned long long *q = h + (size_t)w * ROW;
                lo = q[0] < lo ? q[0] : lo;
                hi = q[S] > hi ? q[S] : hi;
            }
            for (int w = 0; w < nw; w++) {
                unsigned long long *q = h + (size_t)w * ROW;
                printf("%d %d %d %d %d %llu %llu", n, g, block, l, w, q[S + 1], q[S + 2]);
                for (int i = 0; i <= S; i++)
                    printf(" %lld", (long long)(q[i] - lo));
                printf("\n");
            }
            at += snprintf(spans + at, sizeof spans - at, " %llu", hi - lo);
        }
        printf("%s\n", spans);
    }
    return 0;
}
