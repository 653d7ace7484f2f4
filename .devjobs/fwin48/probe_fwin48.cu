// probe_fwin48 (fwin48): probe_fwin46 (probe_fwin40's kernel, region A of 4096 FFMAs, the entry chosen by ENTRY) with
// entries that place the bound between "released straight into far code" (fwin46 ENTRY 2: three warps share the issue
// at 512 threads, h100o 18883) and "11 instructions between" (ENTRY 3: a pair and two held, 16667), and region B
// shifted by 8 KiB to ask whether its slow stretches (after each 16 KiB bound past 64 KiB, "(fwin47)") follow the
// kernel's addresses or region B's own. ENTRY:
//   0   fwin40's role decode (probe_fwin46 ENTRY 0): run with ROLES 3 for region B alone (fwin46's b-128)
//   2   region A straight after the barrier (probe_fwin46 ENTRY 2)
//   3   11 instructions, no branch, between the barrier and t0 (probe_fwin46 ENTRY 3)
//   5   0 with a never-run region (role 5: 512 FFMAs, 8 KiB) laid out before region B: B starts 8 KiB later
//   12, 14, 16, 18  2 with ENTRY-10 instructions between the barrier and t0, no branch: a clock read (CS2R) after the
//       barrier, then ENTRY-11 FFMAs each into one chain's start value (v_i = clock's bits * z + v_i, z = 0), which
//       are independent of one another and, needing the clock read, cannot go above the barrier
// (ENTRY 1 and 4's code stays as probe_fwin46's; neither is built.)
// Host: probe_fwin48 ENTRY BLOCKS LAUNCHES ROLES SPMASK [DELAY]. Output as probe_fwin46's (read_fwin40.py reads it).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "../../tests/calibration/probes/ck.h"
#define F8 "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
#define N 4096
#define S 16
#define ROW (S + 4)

template <int ENTRY>
__global__ void __launch_bounds__(1024) fwin48(unsigned long long *o, unsigned *sink, float a, float b, unsigned roles,
                                               unsigned spmask, unsigned delay, unsigned k, float z)
{
    __shared__ unsigned long long ks[32][S + 1];
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
          v7 = v0 + 7;
    unsigned long long c[S + 1];
    unsigned wid, sm;
    unsigned x = k;
    __syncthreads();
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(wid));
    unsigned role = ENTRY >= 2 && ENTRY != 5 ? 0 : spmask >> (wid % 4) & 1 ? roles >> (wid / 4 * 4) & 15 : 1;
    if (ENTRY == 3) {
        // no branch: nvcc 13.0 puts the chains' start values (I2FP, FMUL, 7 FADDs) and the LDS between the BAR and t0,
        // 11 instructions, and sinks the IMADs past the region (a chain on the parameters alone goes above the BAR);
        // k and delay are 0 in every run, so x ends at 0
        x = *(volatile unsigned *)&ks[0][S];
#pragma unroll
        for (int i = 0; i < 20; i++)
            x = x * k + delay;
    }
    if (ENTRY >= 11) {
        // the clock read keeps the FFMAs below the barrier; each FFMA feeds one chain's start value (read by t0's asm),
        // so none sinks past the region; z is 0 (the values do not change the FFMAs' timing)
        unsigned t;
        asm volatile("mov.u32 %0, %%clock;" : "=r"(t) : : "memory");
        float f = __uint_as_float(t);
        float *v[8] = {&v0, &v1, &v2, &v3, &v4, &v5, &v6, &v7};
        if (ENTRY == 11)
            v0 = fmaf(f, 0.0f, v0); // an immediate 0 (not folded: f may be a NaN): no LDC of z
#pragma unroll
        for (int i = 0; i < ENTRY - 11; i++)
            *v[i] = fmaf(f, z, *v[i]);
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
    } else if (ENTRY == 5 && role == 5) {
        // never run (no ROLES gives 5 in fwin48's runs): 8 KiB of code laid out before region B
#pragma unroll
        for (int i = 0; i < 512 / 8; i++) {
            v0 = fmaf(v0, b, b); v1 = fmaf(v1, b, b); v2 = fmaf(v2, b, b); v3 = fmaf(v3, b, b);
            v4 = fmaf(v4, b, b); v5 = fmaf(v5, b, b); v6 = fmaf(v6, b, b); v7 = fmaf(v7, b, b);
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
    fwin48<E><<<1, block>>>(o, sink, 1.0001f, 0.5f, roles, spmask, delay, 0, 0.0f);
}

#include "../stamps.cuh"

int main(int argc, char **argv)
{
    static const int entries[] = {0, 2, 3, 5, 11, 12, 14, 16};
    int pick = -1;
    for (int i = 0; argc >= 2 && i < 8; i++)
        if (atoi(argv[1]) == entries[i])
            pick = i;
    if (argc < 6 || argc > 7 || pick < 0) {
        fprintf(stderr, "usage: %s ENTRY(0 2 3 5 11 12 14 16) BLOCKS LAUNCHES ROLES SPMASK [DELAY]\n", argv[0]);
        return 2;
    }
    int entry = atoi(argv[1]);
    argv++;
    int launches = atoi(argv[2]);
    unsigned roles = (unsigned)strtoul(argv[3], 0, 16), spmask = (unsigned)strtoul(argv[4], 0, 0);
    unsigned delay = argc == 7 ? (unsigned)atoi(argv[5]) : 0;
    void (*const run[8])(int, unsigned long long *, unsigned *, unsigned, unsigned, unsigned) = {
        launch<0>, launch<2>, launch<3>, launch<5>, launch<11>, launch<12>, launch<14>, launch<16>};
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
            run[pick](block, o, sink, roles, spmask, delay);
            CK(cudaGetLastError());
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, (size_t)nw * ROW * 8, cudaMemcpyDeviceToHost));
            at += snprintf(spans + at, sizeof spans - at, " %llu", print_launch(block, l, h, nw));
        }
        printf("%s\n", spans);
    }
    return 0;
}
