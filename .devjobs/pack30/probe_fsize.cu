// probe_fsize (pack30): straight-line code of N FFMAs a thread (8 chains, fma.rn.f32; 16 bytes of SASS each, N/8
// 128-byte lines) timed warm, as probe_fwin's K 0 (N 4096, 64 KiB: 9100 cycles at one warp, 17.8 a line, the cold
// fetch's rate in every launch, where probe_alu3's rcp_m at 33 KiB refetches at 10-11.5 a line: docs/calibration.md
// "(rcp27)", "(pack30)"). N from 36 to 96 KiB: at which size the warm refetch takes the cold fetch's rate.
// Host: probe_fsize N BLOCKS LAUNCHES (one block on SM 0; prints each launch's span, the last warp's end less the
// first warp's start, and cycles an FFMA a sub-partition).
#include <cstdio>
#include <cstdlib>
#include <cstring>
template <int N> __global__ void fsize(unsigned long long *o, unsigned *sink, float a, float b)
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
        o[threadIdx.x / 32 * 2] = t0;
        o[threadIdx.x / 32 * 2 + 1] = t1;
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = __float_as_uint(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7);
}
typedef void (*kfn)(unsigned long long *, unsigned *, float, float);
int main(int argc, char **argv)
{
    if (argc < 4) { fprintf(stderr, "usage: %s N BLOCKS LAUNCHES\n", argv[0]); return 2; }
    int n = atoi(argv[1]), launches = atoi(argv[3]);
    kfn f = n == 2304 ? fsize<2304> : n == 2816 ? fsize<2816> : n == 3328 ? fsize<3328> : n == 3840 ? fsize<3840>
          : n == 4096 ? fsize<4096> : n == 4608 ? fsize<4608> : n == 6144 ? fsize<6144> : NULL;
    if (!f) { fprintf(stderr, "N: 2304, 2816, 3328, 3840, 4096, 4608 or 6144\n"); return 2; }
    unsigned long long *o, h[64];
    unsigned *sink;
    cudaMalloc(&o, sizeof h);
    cudaMalloc(&sink, 1024 * sizeof(unsigned));
    char *blocks = strdup(argv[2]);
    for (char *s = strtok(blocks, ","); s; s = strtok(NULL, ",")) {
        int block = atoi(s), warps = block / 32;
        printf("N %d block %d:", n, block);
        for (int l = 0; l < launches; l++) {
            if (getenv("MEMSET")) /* memset59: a cudaMemset before each launch, as probe_fwin53's */
                cudaMemset(o, 0, sizeof h);
            f<<<1, block>>>(o, sink, 1.0001f, 0.5f);
            if (cudaDeviceSynchronize() != cudaSuccess) { fprintf(stderr, "launch failed\n"); return 1; }
            cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
            unsigned long long lo = ~0ull, hi = 0;
            for (int w = 0; w < warps; w++) {
                lo = h[2 * w] < lo ? h[2 * w] : lo;
                hi = h[2 * w + 1] > hi ? h[2 * w + 1] : hi;
            }
            int per_sp = warps < 4 ? 1 : warps / 4;
            printf(" %llu (%.2f)", hi - lo, (double)(hi - lo) / (per_sp * (double)n));
        }
        printf("\n");
    }
    return 0;
}
