// probe_fwin: how far after a HADD2 the FFMAs of its sub-partition stop pairing (warpsim's pipe.half_window,
// docs/calibration.md "(half19)"). Each thread runs 4096 independent-chain FFMAs (8 chains, fma.rn.f32) with one
// dependent add.f16x2 (HADD2: a dependent chain is all HADD2, "(half17)") every K of them; K 0: none (FFMAs alone).
// Each warp's lane 0 writes its clocks around the region; the host prints, for each block size, each launch's span
// (the last warp's end less the first warp's start) and cycles an FFMA a sub-partition.
// Host: probe_fwin K BLOCKS LAUNCHES (BLOCKS a comma list; one block on SM 0's first launch).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#define N 4096
template <int K> __global__ void fwin(unsigned long long *o, unsigned *sink, float a, float b, unsigned h)
{
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
          v7 = v0 + 7;
    unsigned hv = h ^ threadIdx.x;
    unsigned long long t0, t1;
    __syncthreads();
    /* the chains tied to the clocks, so that no FFMA leaves the region */
    asm volatile("mov.u64 %0, %%clock64;"
                 : "=l"(t0), "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
                 :
                 : "memory");
#pragma unroll 1
    for (int r = 0; r < (K ? N / K : 1); r++) {
#pragma unroll
        for (int i = 0; i < (K ? K : N) / 8; i++) {
            v0 = fmaf(v0, a, b); v1 = fmaf(v1, a, b); v2 = fmaf(v2, a, b); v3 = fmaf(v3, a, b);
            v4 = fmaf(v4, a, b); v5 = fmaf(v5, a, b); v6 = fmaf(v6, a, b); v7 = fmaf(v7, a, b);
        }
        if (K)
            asm volatile("add.f16x2 %0, %0, %1;" : "+r"(hv) : "r"(h));
    }
    asm volatile("mov.u64 %0, %%clock64;"
                 : "=l"(t1), "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
                 :
                 : "memory");
    if ((threadIdx.x & 31) == 0) {
        o[threadIdx.x / 32 * 2] = t0;
        o[threadIdx.x / 32 * 2 + 1] = t1;
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = __float_as_uint(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7) ^ hv;
}
int main(int argc, char **argv)
{
    if (argc < 4) { fprintf(stderr, "usage: %s K BLOCKS LAUNCHES\n", argv[0]); return 2; }
    int k = atoi(argv[1]), launches = atoi(argv[3]);
    void (*f)(unsigned long long *, unsigned *, float, float, unsigned) =
        k == 0 ? fwin<0> : k == 8 ? fwin<8> : k == 16 ? fwin<16> : k == 32 ? fwin<32> : k == 64 ? fwin<64>
        : k == 128 ? fwin<128> : k == 256 ? fwin<256> : NULL;
    if (!f) { fprintf(stderr, "K: 0, 8, 16, 32, 64, 128 or 256\n"); return 2; }
    unsigned long long *o, h[64];
    unsigned *sink;
    cudaMalloc(&o, sizeof h);
    cudaMalloc(&sink, 1024 * sizeof(unsigned));
    char *blocks = strdup(argv[2]);
    for (char *s = strtok(blocks, ","); s; s = strtok(NULL, ",")) {
        int block = atoi(s), warps = block / 32;
        printf("K %d block %d:", k, block);
        for (int l = 0; l < launches; l++) {
            f<<<1, block>>>(o, sink, 1.0001f, 0.5f, 0x3c003c00u);
            if (cudaDeviceSynchronize() != cudaSuccess) { fprintf(stderr, "launch failed\n"); return 1; }
            cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
            unsigned long long lo = ~0ull, hi = 0;
            for (int w = 0; w < warps; w++) {
                lo = h[2 * w] < lo ? h[2 * w] : lo;
                hi = h[2 * w + 1] > hi ? h[2 * w + 1] : hi;
            }
            int per_sp = warps < 4 ? 1 : warps / 4;
            printf(" %llu (%.2f)", hi - lo, (double)(hi - lo) / (per_sp * (double)N));
        }
        printf("\n");
    }
    return 0;
}
