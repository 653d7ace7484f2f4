// probe_far35 (far35): straight-line FFMA code past ifetch.far (probe_fsw's, .devjobs/misc32: N FFMAs a thread on 8
// chains, fma.rn.f32, 16 bytes of SASS each, N/8 128-byte lines) with NSEG clock stamps inside the region, so each
// warp's progress through the far code is read over time, not only its t0 and t1. What it settles (docs/calibration.md
// "(far35)"): fwin19 K 0 at 512 threads (4 warps a sub-partition) takes 1.17 cycles an FFMA a sub-partition on the
// H200 (19215 cycles, 64 KiB), where 2 warps take 1.02 and 8 1.09; misc32's t0/t1 show 2 warps of each sub-partition
// ending at ~10100-10600, the first starter at ~14300 and the last at ~19170: which warp leads when, how far the
// trailing warps fall behind before they slow (the code the caches keep within a launch), and at what rate a trailing
// warp then runs (its own refetch). The spmask runs keep only the warps of some sub-partitions (%warpid mod 4) in the
// region: whether the far fetch is the SM's (shared by the sub-partitions) or each sub-partition's.
// Host: probe_far35 N BLOCKS LAUNCHES SPMASK. Output a warp a line:
// "N block spmask launch warp warpid smid t0 s1 ... sNSEG" (cycles less the launch's first t0; -1: warp not in the
// region); then a line "N block spmask: span span ..." per block (last stamp less first t0 of the region's warps).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define NSEG 32
#include "../../tests/calibration/probes/ck.h"
#define F8 "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)

template <int N> __global__ void __launch_bounds__(1024) far(unsigned long long *o, unsigned *sink, float a, float b,
                                                             unsigned spmask)
{
    __shared__ unsigned long long st[32][NSEG + 1];
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
          v7 = v0 + 7;
    unsigned w = threadIdx.x / 32, wid, sm;
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(wid));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    __syncthreads();
    if (!(spmask >> (wid & 3) & 1)) { // not in the region: stamps -1
        if (threadIdx.x % 32 == 0) {
            unsigned long long *p = o + (size_t)w * (NSEG + 3);
            for (int i = 0; i <= NSEG; i++)
                p[i] = ~0ull;
            p[NSEG + 1] = wid;
            p[NSEG + 2] = sm;
        }
        return;
    }
    unsigned long long c;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c), F8 : : "memory");
    st[w][0] = c;
#pragma unroll
    for (int s = 1; s <= NSEG; s++) {
#pragma unroll
        for (int i = 0; i < N / NSEG / 8; i++) {
            v0 = fmaf(v0, a, b); v1 = fmaf(v1, a, b); v2 = fmaf(v2, a, b); v3 = fmaf(v3, a, b);
            v4 = fmaf(v4, a, b); v5 = fmaf(v5, a, b); v6 = fmaf(v6, a, b); v7 = fmaf(v7, a, b);
        }
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(c), F8 : : "memory");
        st[w][s] = c;
    }
    sink[threadIdx.x] = __float_as_uint(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7);
    __syncwarp();
    if (threadIdx.x % 32 == 0) {
        unsigned long long *p = o + (size_t)w * (NSEG + 3);
        for (int i = 0; i <= NSEG; i++)
            p[i] = st[w][i];
        p[NSEG + 1] = wid;
        p[NSEG + 2] = sm;
    }
}

typedef void (*kfn)(unsigned long long *, unsigned *, float, float, unsigned);

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s N BLOCKS LAUNCHES SPMASK\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]), launches = atoi(argv[3]);
    unsigned spmask = (unsigned)strtoul(argv[4], 0, 0);
    kfn f = n == 1024 ? far<1024> : n == 2304 ? far<2304> : n == 2816 ? far<2816> : n == 3328 ? far<3328>
          : n == 4096 ? far<4096> : n == 6144 ? far<6144> : NULL;
    if (!f) {
        fprintf(stderr, "N: 1024, 2304, 2816, 3328, 4096 or 6144\n");
        return 2;
    }
    unsigned *sink;
    unsigned long long *o, *h = (unsigned long long *)malloc(32 * (NSEG + 3) * 8);
    CK(cudaMalloc(&sink, 1024 * 4));
    CK(cudaMalloc(&o, 32 * (NSEG + 3) * 8));
    for (char *p = argv[2]; *p;) {
        int block = (int)strtol(p, &p, 10), nw = block / 32;
        if (*p == ',')
            p++;
        char spans[4096];
        int at = snprintf(spans, sizeof spans, "N %d block %d spmask %u:", n, block, spmask);
        for (int l = 0; l < launches; l++) {
            f<<<1, block>>>(o, sink, 1.0001f, 0.5f, spmask);
            CK(cudaGetLastError());
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, (size_t)nw * (NSEG + 3) * 8, cudaMemcpyDeviceToHost));
            unsigned long long lo = ~0ull, hi = 0;
            for (int w = 0; w < nw; w++) {
                unsigned long long *q = h + (size_t)w * (NSEG + 3);
                if (q[0] != ~0ull) {
                    lo = q[0] < lo ? q[0] : lo;
                    hi = q[NSEG] > hi ? q[NSEG] : hi;
                }
            }
            for (int w = 0; w < nw; w++) {
                unsigned long long *q = h + (size_t)w * (NSEG + 3);
                printf("%d %d %u %d %d %llu %llu", n, block, spmask, l, w, q[NSEG + 1], q[NSEG + 2]);
                for (int i = 0; i <= NSEG; i++)
                    printf(" %lld", q[i] == ~0ull ? -1ll : (long long)(q[i] - lo));
                printf("\n");
            }
            at += snprintf(spans + at, sizeof spans - at, " %llu", hi - lo);
        }
        printf("%s\n", spans);
    }
    return 0;
}
