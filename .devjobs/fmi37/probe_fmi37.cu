// probe_fmi37: pick35's probe (.devjobs/pick35/probe_pick35.cu: lane 0 of each warp reads %clock64 after each segment,
// %warpid) built to run 1024 threads (8 warps a sub-partition: __launch_bounds__(1024), 16 segments, so the stamps fit
// 64 registers), with mad19 fmi's order beside mfi's (docs/calibration.md "(fmi37)"):
//   mfi: 4 x (mad.lo.s32 x, x, x', w; fma.rn.f32 v, v, v', w) a segment on independent chains (pick35's).
//   fmi: the same pairs the other way round, fma.rn.f32 first (mad19 fmi: h200f 2.36 cycles a step at 8 warps a
//        sub-partition against 2.19 at 2, where mfi has 2.27 / 2.17 and the dependent fm 2.07 / 2.10; warpsim 2.10 at
//        both: it keeps the IMAD pipe busy, the card leaves it idle ~15% of the cycles at 8 warps).
//   mix: pick35's (even slots mfi's segments, odd slots 8 IMADs a segment).
// The question: at 8 warps a sub-partition, in which order does the card issue the warps of fmi and mfi (runs, start
// and end order, the sub-partition's rate of segments over time), and does the rate drop once all 8 are in the region?
// Host: probe_fmi37 KIND BLOCKS LAUNCHES | list. Output a warp a line: "block launch warp warpid smid t0 t1 ... tN".
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define NSEG 16
#include "../../tests/calibration/probes/ck.h"

#define F8 "+f"(v[0]), "+f"(v[1]), "+f"(v[2]), "+f"(v[3]), "+f"(v[4]), "+f"(v[5]), "+f"(v[6]), "+f"(v[7])
// mfi: an IMAD and an FFMA on independent chains, 4 pairs a segment, w the kernel parameter (ptxas's UR)
__device__ __forceinline__ unsigned long long stamp_mfi(float *v, unsigned *x, float w, unsigned wi)
{
    unsigned long long t;
    asm volatile("mad.lo.s32 %5, %5, %6, %12; fma.rn.f32 %1, %1, %2, %11;"
                 "mad.lo.s32 %6, %6, %7, %12; fma.rn.f32 %2, %2, %3, %11;"
                 "mad.lo.s32 %7, %7, %8, %12; fma.rn.f32 %3, %3, %4, %11;"
                 "mad.lo.s32 %8, %8, %5, %12; fma.rn.f32 %4, %4, %1, %11;"
                 "mov.u64 %0, %%clock64;"
                 : "=l"(t), "+f"(v[0]), "+f"(v[1]), "+f"(v[2]), "+f"(v[3]), "+r"(x[0]), "+r"(x[1]), "+r"(x[2]),
                   "+r"(x[3])
                 : "f"(v[4]), "f"(v[5]), "f"(w), "r"(wi)
                 : "memory");
    return t;
}

// fmi: the FFMA of each pair first (mad19 fmi's PTX order)
__device__ __forceinline__ unsigned long long stamp_fmi(float *v, unsigned *x, float w, unsigned wi)
{
    unsigned long long t;
    asm volatile("fma.rn.f32 %1, %1, %2, %11; mad.lo.s32 %5, %5, %6, %12;"
                 "fma.rn.f32 %2, %2, %3, %11; mad.lo.s32 %6, %6, %7, %12;"
                 "fma.rn.f32 %3, %3, %4, %11; mad.lo.s32 %7, %7, %8, %12;"
                 "fma.rn.f32 %4, %4, %1, %11; mad.lo.s32 %8, %8, %5, %12;"
                 "mov.u64 %0, %%clock64;"
                 : "=l"(t), "+f"(v[0]), "+f"(v[1]), "+f"(v[2]), "+f"(v[3]), "+r"(x[0]), "+r"(x[1]), "+r"(x[2]),
                   "+r"(x[3])
                 : "f"(v[4]), "f"(v[5]), "f"(w), "r"(wi)
                 : "memory");
    return t;
}

// imad: 8 IMADs on 4 chains a segment
__device__ __forceinline__ unsigned long long stamp_imad(unsigned *x, unsigned wi)
{
    unsigned long long t;
    asm volatile("mad.lo.s32 %1, %1, %2, %5; mad.lo.s32 %2, %2, %3, %5; mad.lo.s32 %3, %3, %4, %5;"
                 "mad.lo.s32 %4, %4, %1, %5; mad.lo.s32 %1, %1, %2, %5; mad.lo.s32 %2, %2, %3, %5;"
                 "mad.lo.s32 %3, %3, %4, %5; mad.lo.s32 %4, %4, %1, %5;"
                 "mov.u64 %0, %%clock64;"
                 : "=l"(t), "+r"(x[0]), "+r"(x[1]), "+r"(x[2]), "+r"(x[3])
                 : "r"(wi)
                 : "memory");
    return t;
}

template <int KIND> __global__ void __launch_bounds__(1024) pk(unsigned long long *o, unsigned *sink, unsigned ka, unsigned kb)
{
    float a = __uint_as_float(0x3f800344u + ka), b = __uint_as_float(0x3efffffbu + kb);
    float v[8];
    unsigned x[4];
#pragma unroll
    for (int i = 0; i < 8; i++)
        v[i] = threadIdx.x * a + i;
#pragma unroll
    for (int i = 0; i < 4; i++)
        x[i] = threadIdx.x ^ (ka + i);
    unsigned long long t[NSEG + 1];
    unsigned w = threadIdx.x / 32, wid, sm;
    __syncthreads();
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t[0]), F8 : : "memory");
    if (KIND == 1 && (w / 4) % 2 == 1) // mix: the odd slots' warps
#pragma unroll
        for (int i = 1; i <= NSEG; i++)
            t[i] = stamp_imad(x, kb);
    else if (KIND == 2) // fmi
#pragma unroll
        for (int i = 1; i <= NSEG; i++)
            t[i] = stamp_fmi(v, x, __uint_as_float(kb), kb);
    else
#pragma unroll
        for (int i = 1; i <= NSEG; i++)
            t[i] = stamp_mfi(v, x, __uint_as_float(kb), kb);
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(wid));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    float s = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
    sink[threadIdx.x] = __float_as_uint(s) ^ x[0] ^ x[1] ^ x[2] ^ x[3];
    if (threadIdx.x % 32 == 0) {
        unsigned long long *p = o + (size_t)w * (NSEG + 3);
        for (int i = 0; i <= NSEG; i++)
            p[i] = t[i];
        p[NSEG + 1] = wid;
        p[NSEG + 2] = sm;
    }
}

static const char *names[] = {"mfi", "mix", "fmi"};
static void *fns[] = {(void *)pk<0>, (void *)pk<1>, (void *)pk<2>};

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "list")) {
        for (int i = 0; i < 3; i++)
            printf("%s\n", names[i]);
        return 0;
    }
    if (argc != 4) {
        fprintf(stderr, "usage: %s KIND BLOCKS LAUNCHES | list\n", argv[0]);
        return 2;
    }
    int k = -1;
    for (int i = 0; i < 3; i++)
        if (!strcmp(argv[1], names[i]))
            k = i;
    if (k < 0) {
        fprintf(stderr, "no kind %s\n", argv[1]);
        return 2;
    }
    int launches = atoi(argv[3]);
    unsigned *sink, a = 3, b = 5;
    CK(cudaMalloc(&sink, 1024 * 4));
    for (char *p = argv[2]; *p;) {
        int block = (int)strtol(p, &p, 10);
        if (*p == ',')
            p++;
        int nw = block / 32;
        size_t n = (size_t)nw * (NSEG + 3);
        unsigned long long *o, *h = (unsigned long long *)malloc(n * 8);
        CK(cudaMalloc(&o, n * 8));
        for (int l = 0; l < launches; l++) {
            void *args[4] = {&o, &sink, &a, &b};
            CK(cudaLaunchKernel(fns[k], dim3(1), dim3(block), args, 0, 0));
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, n * 8, cudaMemcpyDeviceToHost));
            for (int w = 0; w < nw; w++) {
                unsigned long long *q = h + (size_t)w * (NSEG + 3);
                printf("%d %d %d %llu %llu", block, l, w, q[NSEG + 1], q[NSEG + 2]);
                for (int i = 0; i <= NSEG; i++)
                    printf(" %lld", (long long)(q[i] - h[0]));
                printf("\n");
            }
        }
        CK(cudaFree(o));
        free(h);
    }
    return 0;
}
