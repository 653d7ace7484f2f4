// probe_pick33: which warp a sub-partition issues, read from each warp's own clock stamps (docs/calibration.md
// "(pick33)"). Each kind is NSEG segments; a segment is a few instructions and a clock read (all in one asm block, so
// ptxas keeps the read after them); lane 0 of every warp writes its NSEG + 1 stamps, its warp index and %warpid.
// Kinds (template pk<KIND>):
//   ind: a segment of 8 independent FFMAs (8 chains, S01 each): nothing stalls a warp. Greedy (GTO): one warp's 32
//        segments all before the next warp's; round robin: the warps' stamps interleaved at 2-8 cycles; ptxas's
//        yield bit: runs of about 12 cycles.
//   dep: a segment of 4 dependent FFMAs (one chain: each waits its latency): how warps share the waits.
//   fm:  mad19 fm's step (an FFMA reading the parameter w, then an IMAD reading its value) 4 times a segment: the
//        kind whose warps the card keeps together at 2 warps a sub-partition (2.10 a step).
//   loop: loop32 f16's loop (16 FFMAs, the counter's IADD3, ISETP, BRA), a stamp at each of its 32 iterations' ends
//        (in a register: the loop unrolled by ptxas is not wanted, so the stamp goes to shared memory).
// Host: probe_pick33 KIND BLOCKS LAUNCHES | list. Output a warp a line: "block launch warp warpid smid t0 t1 ... tN".
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define NSEG 32
#include "../../tests/calibration/probes/ck.h"

#define F8 "+f"(v[0]), "+f"(v[1]), "+f"(v[2]), "+f"(v[3]), "+f"(v[4]), "+f"(v[5]), "+f"(v[6]), "+f"(v[7])
#define FM(V) "fma.rn.f32 " V ", " V ", %9, %10;"

__device__ __forceinline__ unsigned long long stamp8(float *v, float a, float b, int kind)
{
    unsigned long long t;
    if (kind == 0) // ind
        asm volatile(FM("%1") FM("%2") FM("%3") FM("%4") FM("%5") FM("%6") FM("%7") FM("%8") "mov.u64 %0, %%clock64;"
                     : "=l"(t), F8
                     : "f"(a), "f"(b)
                     : "memory");
    else // dep
        asm volatile(FM("%1") FM("%1") FM("%1") FM("%1") "mov.u64 %0, %%clock64;"
                     : "=l"(t), F8
                     : "f"(a), "f"(b)
                     : "memory");
    return t;
}

// fm: fma.rn.f32 v, v, u, w (w the kernel parameter: ptxas's UR), then mad.lo.s32 x, x, x', v-bits
__device__ __forceinline__ unsigned long long stamp_fm(float *v, unsigned *x, float w)
{
    unsigned long long t;
    asm volatile("{.reg .b32 q;"
                 "fma.rn.f32 %1, %1, %2, %11; mov.b32 q, %1; mad.lo.s32 %5, %5, %6, q;"
                 "fma.rn.f32 %2, %2, %3, %11; mov.b32 q, %2; mad.lo.s32 %6, %6, %7, q;"
                 "fma.rn.f32 %3, %3, %4, %11; mov.b32 q, %3; mad.lo.s32 %7, %7, %8, q;"
                 "fma.rn.f32 %4, %4, %1, %11; mov.b32 q, %4; mad.lo.s32 %8, %8, %5, q;"
                 "mov.u64 %0, %%clock64;}"
                 : "=l"(t), "+f"(v[0]), "+f"(v[1]), "+f"(v[2]), "+f"(v[3]), "+r"(x[0]), "+r"(x[1]), "+r"(x[2]),
                   "+r"(x[3])
                 : "f"(v[4]), "f"(v[5]), "f"(w)
                 : "memory");
    return t;
}

// __launch_bounds__(1024) (dep35): without it ptxas gave ind, dep and fm 79 registers (t[] keeps 33 stamps of 64 bits),
// more than the 64 a thread of a 1024-thread block may have, so their launches of 1024 failed ("too many resources
// requested for launch", h100j's rc=1). With it: 64 registers, the regions' SASS of the same form (ind `FFMA R2,
// R0.reuse, R2, R59.reuse`, dep `FFMA R6, R0, R6, R59`; fm spills three words before t0 and reloads them after t32).
template <int KIND> __global__ void __launch_bounds__(1024) pk(unsigned long long *o, unsigned *sink, unsigned ka, unsigned kb)
{
    __shared__ unsigned long long st[32][NSEG];
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
    if (KIND == 3) { // loop: loop32 f16's body, a stamp at each iteration's end into shared memory
        unsigned r = 0;
#pragma unroll 1
        for (;;) {
#pragma unroll
            for (int i = 0; i < 16; i++)
                v[i % 8] = fmaf(v[i % 8], a, b);
            unsigned long long c;
            asm volatile("mov.u64 %0, %%clock64;" : "=l"(c), F8 : : "memory");
            st[w][r % NSEG] = c;
            if (++r == NSEG)
                break;
        }
#pragma unroll
        for (int i = 0; i < NSEG; i++)
            t[i + 1] = st[w][i];
    } else
#pragma unroll
        for (int i = 1; i <= NSEG; i++)
            t[i] = KIND == 2 ? stamp_fm(v, x, __uint_as_float(kb)) : stamp8(v, a, b, KIND);
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

static const char *names[] = {"ind", "dep", "fm", "loop"};
static void *fns[] = {(void *)pk<0>, (void *)pk<1>, (void *)pk<2>, (void *)pk<3>};

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "list")) {
        for (int i = 0; i < 4; i++)
            printf("%s\n", names[i]);
        return 0;
    }
    if (argc != 4) {
        fprintf(stderr, "usage: %s KIND BLOCKS LAUNCHES | list\n", argv[0]);
        return 2;
    }
    int k = -1;
    for (int i = 0; i < 4; i++)
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
