// probe_fwin40 (fwin40): probe_fwin37's far code (misc32's probe_fsw: 4096 FFMAs a thread on 8 chains, 64 KiB of
// straight-line SASS, 512 lines; 16 CS2R stamps into register pairs of their own, no scoreboard, stored after the
// region: fwin37 read S 16 at 512 threads within +0.8% of the unstamped span) with a role per slot (%warpid / 4), to
// separate what slows the pair at 4 warps a sub-partition (20.6-21.0 cycles a line, 16.2 at 2 warps) and gives the
// third warp ~20% of the issue: the other warps' issue (a pick) or their fetch (their far lines through the
// sub-partition's or the SM's fetch path). Roles (ROLES: 4 bits a slot, slot 0 lowest):
//   0  region A: the far code (the ledger's shape when every slot has it)
//   1  exit after the barrier (the warp is gone: no issue, no fetch)
//   2  kept loop: the same 4096 FFMAs on 8 chains as a loop of 32 FFMAs (512 bytes, 4 lines) run 128 times, a stamp
//      to shared memory every 8 runs: the same issue demand as region A with next to no fetch
//   3  region B: a second 64 KiB of far code (fmaf(v, b, a): other instructions on other lines), stamps as A's: the
//      same issue demand, its own far fetch from the first line on
//   4  sleep: nanosleep(1000) in a loop until the pair's... until DELAY cycles after the barrier, then region A (a
//      resident warp that issues almost nothing and fetches its small loop's line)
// SPMASK: the sub-partitions (%warpid % 4) whose warps take their role; the others exit after the barrier.
// PRE 1: b (the FFMAs' addend) is loaded from global memory into a register before the barrier, so that no LDC of the
// kernel parameter comes between t0 and the first FFMA (probe_fwin K 0's and probe_fwin37's regions open with `LDC R4,
// c[0x0][0x224]`, each warp its own, a constant load through the SM's constant/instruction cache path while the far
// fetch runs: does the starved warp wait on it?).
// Host: probe_fwin40 BLOCKS LAUNCHES ROLES SPMASK [DELAY [PRE]]. Output a warp a line: "block launch warp warpid smid role
// t0 s1 ... s16" (cycles less the launch's first t0 of a staying warp; an exited warp's stamps are -1), then
// "block B roles R spmask M: span span ..." (the span over the staying warps).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "../../tests/calibration/probes/ck.h"
#define F8 "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
#define N 4096
#define S 16
#define ROW (S + 4)

template <int PRE>
__global__ void __launch_bounds__(1024) fwin40(unsigned long long *o, unsigned *sink, float a, float b, unsigned roles,
                                               unsigned spmask, unsigned delay, const float *bp)
{
    if (PRE)
        b = *(const volatile float *)bp;
    __shared__ unsigned long long ks[32][S + 1];
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
          v7 = v0 + 7;
    unsigned long long c[S + 1];
    unsigned wid, sm;
    __syncthreads();
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(wid));
    unsigned role = spmask >> (wid % 4) & 1 ? roles >> (wid / 4 * 4) & 15 : 1;
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
    sink[blockIdx.x * blockDim.x + threadIdx.x] = __float_as_uint(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7);
}

#include "../stamps.cuh"

int main(int argc, char **argv)
{
    if (argc < 5 || argc > 7) {
        fprintf(stderr, "usage: %s BLOCKS LAUNCHES ROLES SPMASK [DELAY [PRE]]\n", argv[0]);
        return 2;
    }
    int launches = atoi(argv[2]);
    unsigned roles = (unsigned)strtoul(argv[3], 0, 16), spmask = (unsigned)strtoul(argv[4], 0, 0);
    unsigned delay = argc >= 6 ? (unsigned)atoi(argv[5]) : 0;
    int pre = argc == 7 ? atoi(argv[6]) : 0;
    unsigned *sink;
    unsigned long long *o, *h = (unsigned long long *)malloc(32 * ROW * 8);
    CK(cudaMalloc(&sink, 1024 * 4));
    CK(cudaMalloc(&o, 32 * ROW * 8));
    float *bp, hb = 0.5f;
    CK(cudaMalloc(&bp, sizeof hb));
    CK(cudaMemcpy(bp, &hb, sizeof hb, cudaMemcpyHostToDevice));
    for (char *p = argv[1]; *p;) {
        int block = (int)strtol(p, &p, 10), nw = block / 32;
        if (*p == ',')
            p++;
        char spans[4096];
        int at = snprintf(spans, sizeof spans, "block %d roles %04x spmask %u delay %u pre %d:", block, roles, spmask, delay,
                          pre);
        for (int l = 0; l < launches; l++) {
            CK(cudaMemset(o, 0, 32 * ROW * 8));
            if (pre)
                fwin40<1><<<1, block>>>(o, sink, 1.0001f, 0.5f, roles, spmask, delay, bp);
            else
                fwin40<0><<<1, block>>>(o, sink, 1.0001f, 0.5f, roles, spmask, delay, bp);
            CK(cudaGetLastError());
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, (size_t)nw * ROW * 8, cudaMemcpyDeviceToHost));
            at += snprintf(spans + at, sizeof spans - at, " %llu", print_launch(block, l, h, nw));
        }
        printf("%s\n", spans);
    }
    return 0;
}
