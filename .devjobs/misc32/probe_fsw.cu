// probe_fsw (misc32): probe_fsize's straight-line code of N FFMAs a thread (8 chains, fma.rn.f32; 16 bytes of SASS
// each, N/8 128-byte lines; .devjobs/pack30) with every warp's stamps: what makes 4 warps a sub-partition (512 threads)
// take 1.17 cycles an FFMA at 64 KiB (fwin19 K 0 on h200f: 19215 cycles, where 2 warps a sub-partition take 1.02 and
// 8 1.09; h100g 1.14-1.18 from 44 to 96 KiB, 1.07 at 36 KiB; docs/calibration.md "(pack30)", "(misc32)"): whether
// the warps of a sub-partition end together (every warp slower: the fetch's rate) or apart (some warps left behind,
// fetching lines the others have passed), and whether 16 KiB (lines the caches keep) does it too.
// Host: probe_fsw N BLOCKS LAUNCHES: per launch and warp "block launch warp t0 t1 warpid smid" (t0, t1 less the
// launch's first t0), then per block the spans.
#include <cstdio>
#include <cstdlib>
#include <cstring>
template <int N> __global__ void fsw(unsigned long long *o, unsigned *sink, float a, float b)
{
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
          v7 = v0 + 7;
    unsigned long long t0, t1;
    __syncthreads();
    asm volatile("mov.u64 %0, %%clock64;"
                 : "=l"(t0), "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
                 :
                 : "memory");
#pragma unroll
    for (int i = 0; i < N / 8; i++) {
        v0 = fmaf(v0, a, b); v1 = fmaf(v1, a, b); v2 = fmaf(v2, a, b); v3 = fmaf(v3, a, b);
        v4 = fmaf(v4, a, b); v5 = fmaf(v5, a, b); v6 = fmaf(v6, a, b); v7 = fmaf(v7, a, b);
    }
    asm volatile("mov.u64 %0, %%clock64;"
                 : "=l"(t1), "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
                 :
                 : "memory");
    if ((threadIdx.x & 31) == 0) {
        unsigned wid, sm;
        asm volatile("mov.u32 %0, %%warpid;" : "=r"(wid));
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        o[threadIdx.x / 32 * 4] = t0;
        o[threadIdx.x / 32 * 4 + 1] = t1;
        o[threadIdx.x / 32 * 4 + 2] = wid;
        o[threadIdx.x / 32 * 4 + 3] = sm;
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = __float_as_uint(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7);
}
typedef void (*kfn)(unsigned long long *, unsigned *, float, float);
int main(int argc, char **argv)
{
    if (argc < 4) { fprintf(stderr, "usage: %s N BLOCKS LAUNCHES\n", argv[0]); return 2; }
    int n = atoi(argv[1]), launches = atoi(argv[3]);
    kfn f = n == 1024 ? fsw<1024> : n == 2304 ? fsw<2304> : n == 4096 ? fsw<4096> : n == 6144 ? fsw<6144> : NULL;
    if (!f) { fprintf(stderr, "N: 1024, 2304, 4096 or 6144\n"); return 2; }
    unsigned long long *o, h[128];
    unsigned *sink;
    cudaMalloc(&o, sizeof h);
    cudaMalloc(&sink, 1024 * sizeof(unsigned));
    char *blocks = strdup(argv[2]);
    for (char *s = strtok(blocks, ","); s; s = strtok(NULL, ",")) {
        int block = atoi(s), warps = block / 32;
        char spans[4096];
        int at = snprintf(spans, sizeof spans, "N %d block %d:", n, block);
        for (int l = 0; l < launches; l++) {
            f<<<1, block>>>(o, sink, 1.0001f, 0.5f);
            if (cudaDeviceSynchronize() != cudaSuccess) { fprintf(stderr, "launch failed\n"); return 1; }
            cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
            unsigned long long lo = ~0ull, hi = 0;
            for (int w = 0; w < warps; w++) {
                lo = h[4 * w] < lo ? h[4 * w] : lo;
                hi = h[4 * w + 1] > hi ? h[4 * w + 1] : hi;
            }
            for (int w = 0; w < warps; w++)
                printf("%d %d %d %llu %llu %llu %llu\n", block, l, w, h[4 * w] - lo, h[4 * w + 1] - lo, h[4 * w + 2],
                       h[4 * w + 3]);
            int per_sp = warps < 4 ? 1 : warps / 4;
            at += snprintf(spans + at, sizeof spans - at, " %llu (%.2f)", hi - lo, (double)(hi - lo) / (per_sp * (double)n));
        }
        printf("%s\n", spans);
    }
    return 0;
}
