// probe_fwin46 (fwin46): probe_fwin40's kernel (region A: 4096 FFMAs and 17 CS2R, 64 KiB of far code; region B, the
// kept loop and the roles as probe_fwin40's) with the code between the barrier and region A's t0 chosen by ENTRY, to
// find what makes the card run fwin19 K 0 / probe_fwin37 at 512 threads with three warps a sub-partition sharing the
// issue (~24 cycles a line each, the fourth held; h100n f37 19207) but fwin40's base with a pair at 16 cycles a line
// and two held (16571): the entry (every warp straight off the barrier's release in K 0; ~20 instructions and a taken
// branch after it in fwin40), or the kernel around the region (its place in the code, the other 70 KiB). ENTRY:
//   0  fwin40's: the role decode after the barrier (ULDCs, the FADDs that start the chains, 4 branches, one taken)
//   1  0, then a second barrier right before t0 (every staying warp released into the region at once; run with
//      ROLES 0 and SPMASK 15 only: every warp reaches it)
//   2  region A straight after the barrier (K 0's shape): no role decode, every warp runs region A
//   3  2 with 11 instructions between the barrier and t0 (the chains' start values, as fwin40's path has them, an
//      LDS, a ULDC), no branch
//   4  2 with fwin40's path in shape between the barrier and t0: the chains' start values and three branches on a
//      parameter (ISETP + BRA over a store), the third taken (16 instructions; fwin40's 20, four branches, one taken)
// Host: probe_fwin46 ENTRY BLOCKS LAUNCHES ROLES SPMASK [DELAY]. Output as probe_fwin40's (read_fwin40.py reads it):
// a warp a line "block launch warp warpid smid role t0 s1 ... s16", then "block B roles R spmask M delay D pre 0:
// span ..."; an "entry E" line first.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "../../tests/calibration/probes/ck.h"
#define F8 "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
#define N 4096
#define S 16
#define ROW (S + 4)

template <int ENTRY>
__global__ void __launch_bounds__(1024) fwin46(unsigned long long *o, unsigned *sink, float a, float b, unsigned roles,
                                               unsigned spmask, unsigned delay, unsigned k)
{
    __shared__ unsigned long long ks[32][S + 1];
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
          v7 = v0 + 7;
    unsigned long long c[S + 1];
    unsigned wid, sm;
    unsigned x = k;
    __syncthreads();
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(wid));
    unsigned role = ENTRY >= 2 ? 0 : spmask >> (wid % 4) & 1 ? roles >> (wid / 4 * 4) & 15 : 1;
    if (ENTRY == 3) {
        // no branch: nvcc 13.0 puts the chains' start values (I2FP, FMUL, 7 FADDs) and the LDS between the BAR and t0,
        // 11 instructions, and sinks the IMADs past the region (a chain on the parameters alone goes above the BAR);
        // k and delay are 0 in every run, so x ends at 0
        x = *(volatile unsigned *)&ks[0][S];
#pragma unroll
        for (int i = 0; i < 20; i++)
            x = x * k + delay;
    }
    if (ENTRY == 4) {
        // three branches on k (0 in every run) over a store each: nvcc 13.0 makes two fall through, the third taken
        if (k == 1)
            sink[1024 + threadIdx.x] = roles;
        if (k == 2)
            sink[2048 + threadIdx.x] = spmask;
        if (k == 3)
            sink[3072 + threadIdx.x] = delay;
    }
    if (role == 1) {
        if ((threadIdx.x & 31) == 0)
            o[threadIdx.x / 32 * ROW + S + 3] = 1;
        return;
    }
    if (role == 4) {
        long long t = clock64();
        while (clock64() - t < (long long)delay)
            __nanosleep(1000);
    }
    if (role == 2) {
        unsigned w = threadIdx.x / 32;
        unsigned long long t;
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t), F8 : : "memory");
        ks[w][0] = t;
#pragma unroll 1
        for (int s = 1; s <= S; s++) {
#pragma unroll 1
            for (int r = 0; r < N / S / 32; r++) {
#pragma unroll
                for (int i = 0; i < 4; i++) {
                    v0 = fmaf(v0, a, b); v1 = fmaf(v1, a, b); v2 = fmaf(v2, a, b); v3 = fmaf(v3, a, b);
                    v4 = fmaf(v4, a, b); v5 = fmaf(v5, a, b); v6 = fmaf(v6, a, b); v7 = fmaf(v7, a, b);
                }
            }
            asm volatile("mov.u64 %0, %%clock64;" : "=l"(t), F8 : : "memory");
            ks[w][s] = t;
        }
#pragma unroll
        for (int s = 0; s <= S; s++)
            c[s] = ks[w][s];
    } else if (role == 3) {
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(c[0]), F8 : : "memory");
#pragma unroll
        for (int s = 1; s <= S; s++) {
#pragma unroll
            for (int i = 0; i < N / S / 8; i++) {
                v0 = fmaf(v0, b, a); v1 = fmaf(v1, b, a); v2 = fmaf(v2, b, a); v3 = fmaf(v3, b, a);
                v4 = fmaf(v4, b, a); v5 = fmaf(v5, b, a); v6 = fmaf(v6, b, a); v7 = fmaf(v7, b, a);
            }
            asm volatile("mov.u64 %0, %%clock64;" : "=l"(c[s]), F8 : : "memory");
        }
    } else {
        if (ENTRY == 1)
            __syncthreads();
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
    }
    if ((threadIdx.x & 31) == 0) {
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        unsigned long long *p = o + threadIdx.x / 32 * ROW;
#pragma unroll
        for (int s = 0; s <= S; s++)
            p[s] = c[s];
        p[S + 1] = wid;
        p[S + 2] = sm;
        p[S + 3] = role;
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = __float_as_uint(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7) ^ x;
}

template <int E> static void launch(int block, unsigned long long *o, unsigned *sink, unsigned roles, unsigned spmask,
                                    unsigned delay)
{
    fwin46<E><<<1, block>>>(o, sink, 1.0001f, 0.5f, roles, spmask, delay, 0);
}

#include "../stamps.cuh"

int main(int argc, char **argv)
{
    if (argc < 6 || argc > 7 || atoi(argv[1]) < 0 || atoi(argv[1]) > 4) {
        fprintf(stderr, "usage: %s ENTRY(0-4) BLOCKS LAUNCHES ROLES SPMASK [DELAY]\n", argv[0]);
        return 2;
    }
    int entry = atoi(argv[1]);
    argv++;
    int launches = atoi(argv[2]);
    unsigned roles = (unsigned)strtoul(argv[3], 0, 16), spmask = (unsigned)strtoul(argv[4], 0, 0);
    unsigned delay = argc == 7 ? (unsigned)atoi(argv[5]) : 0;
    void (*const run[5])(int, unsigned long long *, unsigned *, unsigned, unsigned, unsigned) = {
        launch<0>, launch<1>, launch<2>, launch<3>, launch<4>};
    unsigned *sink;
    unsigned long long *o, *h = (unsigned long long *)malloc(32 * ROW * 8);
    CK(cudaMalloc(&sink, 4096 * 4));
    CK(cudaMalloc(&o, 32 * ROW * 8));
    printf("entry %d\n", entry);
    for (char *p = argv[1]; *p;) {
        int block = (int)strtol(p, &p, 10), nw = block / 32;
        if (*p == ',')
            p++;
        char spans[4096];
        int at =
            snprintf(spans, sizeof spans, "block %d roles %04x spmask %u delay %u pre 0:", block, roles, spmask, delay);
        for (int l = 0; l < launches; l++) {
            CK(cudaMemset(o, 0, 32 * ROW * 8));
            run[entry](block, o, sink, roles, spmask, delay);
            CK(cudaGetLastError());
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, (size_t)nw * ROW * 8, cudaMemcpyDeviceToHost));
            at += snprintf(spans + at, sizeof spans - at, " %llu", print_launch(block, l, h, nw));
        }
        printf("%s\n", spans);
    }
    return 0;
}
