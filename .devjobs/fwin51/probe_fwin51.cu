// probe_fwin51 (fwin51): probe_fwin50 (its kernels, entries, MODE 0-2 and GRID) with MODE 3 and 4: an empty kernel
// launched once (3) or twice (4) before each probe launch, to ask whether fwin50's launch-to-launch alternation of the
// 4-warp far shape (seq-e14: P and T by turns) counts launches; and without fwin50's address kernel (its pointers read
// 0). Host: probe_fwin51 ENTRY BLOCKS LAUNCHES ROLES SPMASK MODE GRID; output as probe_fwin50's without the addr line.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cuda_runtime.h>

#include "../../tests/calibration/probes/ck.h"
#define F8 "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
#define N 4096
#define S 16
#define ROW (S + 4)

template <int ENTRY>
__global__ void __launch_bounds__(1024) fwin51(unsigned long long *o, unsigned *sink, float a, float b, unsigned roles,
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
    unsigned role = ENTRY >= 2 && (ENTRY < 5 || ENTRY > 8) ? 0 : spmask >> (wid % 4) & 1 ? roles >> (wid / 4 * 4) & 15 : 1;
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
            o[(blockIdx.x * 32 + threadIdx.x / 32) * ROW + S + 3] = 1;
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
    } else if (ENTRY >= 5 && ENTRY <= 8 && role == 5) {
        // never run (no ROLES gives 5 in fwin51's runs): 8, 1, 2, 4 KiB of code laid out before region B
#pragma unroll
        for (int i = 0; i < (ENTRY == 5 ? 512 : ENTRY == 6 ? 64 : ENTRY == 7 ? 128 : 256) / 8; i++) {
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
        unsigned long long *p = o + (blockIdx.x * 32 + threadIdx.x / 32) * ROW;
#pragma unroll
        for (int s = 0; s <= S; s++)
            p[s] = c[s];
        p[S + 1] = wid;
        p[S + 2] = sm;
        p[S + 3] = role;
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = __float_as_uint(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7) ^ x;
}

#include "../scrub.cuh"

typedef void (*probe_fn)(unsigned long long *, unsigned *, float, float, unsigned, unsigned, unsigned, unsigned, float);

// an empty kernel: MODE 3 and 4 launch it once or twice before each probe launch (a launch with no code of note)
__global__ void nothing() {}

#define SMEM (160 * 1024)
template <int E> static void launch(int grid, int block, unsigned long long *o, unsigned *sink, unsigned roles,
                                    unsigned spmask, unsigned delay)
{
    static bool set;
    if (!set) {
        CK(cudaFuncSetAttribute(fwin51<E>, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM));
        set = true;
    }
    fwin51<E><<<grid, block, grid > 1 ? SMEM : 0>>>(o, sink, 1.0001f, 0.5f, roles, spmask, delay, 0, 0.0f);
}

int main(int argc, char **argv)
{
    static const int entries[] = {0, 2, 3, 5, 6, 7, 8, 12, 14};
    const int ne = sizeof entries / sizeof *entries;
    int pick = -1;
    for (int i = 0; argc >= 2 && i < ne; i++)
        if (atoi(argv[1]) == entries[i])
            pick = i;
    if (argc != 8 || pick < 0) {
        fprintf(stderr, "usage: %s ENTRY(0 2 3 5 6 7 8 12 14) BLOCKS LAUNCHES ROLES SPMASK MODE GRID\n", argv[0]);
        return 2;
    }
    int entry = atoi(argv[1]);
    argv++;
    int launches = atoi(argv[2]);
    unsigned roles = (unsigned)strtoul(argv[3], 0, 16), spmask = (unsigned)strtoul(argv[4], 0, 0);
    int mode = atoi(argv[5]), grid = atoi(argv[6]);
    if (grid < 1 || grid > 256 || mode < 0 || mode > 4) {
        fprintf(stderr, "MODE 0-4, GRID 1-256\n");
        return 2;
    }
    unsigned delay = 0;
    void (*const run[])(int, int, unsigned long long *, unsigned *, unsigned, unsigned, unsigned) = {
        launch<0>, launch<2>, launch<3>, launch<5>, launch<6>, launch<7>, launch<8>, launch<12>, launch<14>};
    unsigned *sink;
    float *scratch;
    size_t words = (size_t)256 * 32 * ROW + 2;
    unsigned long long *o, *h = (unsigned long long *)malloc(words * 8);
    CK(cudaMalloc(&sink, 256 * 1024 * 4));
    CK(cudaMalloc(&scratch, 264 * 128 * 4));
    CK(cudaMalloc(&o, words * 8));
    printf("entry %d mode %d grid %d\n", entry, mode, grid);

    for (char *p = argv[1]; *p;) {
        int block = (int)strtol(p, &p, 10), nw = block / 32;
        if (*p == ',')
            p++;
        char spans[8192];
        int at = snprintf(spans, sizeof spans, "block %d roles %04x spmask %u delay %u pre 0:", block, roles, spmask,
                          delay);
        for (int l = 0; l < launches; l++) {
            CK(cudaMemset(o, 0, words * 8));
            if (mode == 1) {
                scrub<<<264, 128>>>(scratch, 1.0001f, 0.5f);
                CK(cudaDeviceSynchronize());
            }
            if (mode == 2) {
                struct timespec ts = {0, 2000000};
                nanosleep(&ts, 0);
            }
            for (int n = 0; n < mode - 2; n++)
                nothing<<<1, 32>>>();
            run[pick](grid, block, o, sink, roles, spmask, delay);
            CK(cudaGetLastError());
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, words * 8, cudaMemcpyDeviceToHost));
            unsigned long long lo = ~0ull, hi = 0;
            for (int b = 0; b < grid; b++) {
                unsigned long long blo = ~0ull, bhi = 0;
                for (int w = 0; w < nw; w++) {
                    unsigned long long *q = h + (size_t)(b * 32 + w) * ROW;
                    if (q[S + 3] == 1)
                        continue;
                    blo = q[0] < blo ? q[0] : blo;
                    bhi = q[S] > bhi ? q[S] : bhi;
                }
                for (int w = 0; w < nw; w++) {
                    unsigned long long *q = h + (size_t)(b * 32 + w) * ROW;
                    if (q[S + 3] == 1) {
                        printf("%d %d %d -1 -1 1\n", block, l, b * 32 + w);
                        continue;
                    }
                    printf("%d %d %d %llu %llu %llu", block, l, b * 32 + w, q[S + 1], q[S + 2], q[S + 3]);
                    for (int i = 0; i <= S; i++)
                        printf(" %lld", (long long)(q[i] - blo));
                    printf("\n");
                }
                // each block's span on its own clock; the launch's span is the longest block's
                if (bhi - blo > hi - lo || b == 0) {
                    lo = blo;
                    hi = bhi;
                }
            }
            if (at < (int)sizeof spans - 32)
                at += snprintf(spans + at, sizeof spans - at, " %llu", hi - lo);
        }
        printf("%s\n", spans);
    }
    return 0;
}
