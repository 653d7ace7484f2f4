// probe_pick35: pick33's probe (.devjobs/pick33/probe_pick33.cu: a clock read after each of 32 segments, lane 0's
// stamps, %warpid) with two kinds on mad19 mfi's step (docs/calibration.md "(pick35)"):
//   mfi: 4 x (mad.lo.s32 x, x, x', w; fma.rn.f32 v, v, v', w) a segment on independent chains (mad19 mfi: ptxas's
//        IMAD S02 and FFMA S01 in turn, the IMAD pipe busy every other cycle once 2 warps share a sub-partition).
//   mix: the warps of even slots (warp / 4 even: at 256 threads warps 0-3, at 512 warps 0-3 and 8-11) run mfi's
//        segments, those of odd slots a segment of 8 IMADs (mad.lo.s32 on 4 chains: every one needs the IMAD pipe).
//        The question: while mfi warps take the IMAD pipe every other cycle and keep their yield bits, do the
//        IMAD-only warps of their sub-partition get the pipe (stamps interleaved) or wait until the mfi warps end
//        (warpsim's greedy prototype with a round-robin hand-over: the hand-over comes in the cycle after an IMAD, when
//        the pipe is busy, so a warp whose next op is an IMAD never gets it)?
// Host: probe_pick35 KIND BLOCKS LAUNCHES | list. Output a warp a line: "block launch warp warpid smid t0 t1 ... tN".
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define NSEG 32
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

template <int KIND> __global__ void pk(unsigned long long *o, unsigned *sink, unsigned ka, unsigned kb)
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

static const char *names[] = {"mfi", "mix"};
static void *fns[] = {(void *)pk<0>, (void *)pk<1>};

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "list")) {
        for (int i = 0; i < 2; i++)
            printf("%s\n", names[i]);
        return 0;
    }
    if (argc != 4) {
        fprintf(stderr, "usage: %s KIND BLOCKS LAUNCHES | list\n", argv[0]);
        return 2;
    }
    int k = -1;
    for (int i = 0; i < 2; i++)
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
