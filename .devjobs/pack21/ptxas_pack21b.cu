// pack21, local ptxas only (nvcc -arch=sm_90 -O3 -cubin; nvdisasm -c): scalar add.f16 on 16-bit registers. rs: 8 rotating
// streams (171 PRMT, 86 HADD2, 60 HFMA2.MMA for 256 adds); two: two chains adding one constant (128 HADD2 for 256 adds,
// 3 PRMT: the chains live in the two halves of one register); cvt: two chains each read by cvt.f32.f16 (64 HADD2 for
// 128 adds, HADD2.F32 of each half). docs/calibration.md "(pack21)".
#include <cuda_fp16.h>
#define CLK(t) asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory")
extern "C" __global__ void rs(unsigned long long *o, unsigned short *sink, unsigned short a) {
    unsigned short v0 = threadIdx.x, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6, v7 = v0 + 7;
    unsigned long long t0, t1;
    CLK(t0);
#pragma unroll
    for (int r = 0; r < 32; r++) {
#define S(v, u) asm volatile("add.f16 %0, %0, %1;" : "+h"(v) : "h"(u));
        S(v0, v1) S(v1, v2) S(v2, v3) S(v3, v4) S(v4, v5) S(v5, v6) S(v6, v7) S(v7, v0)
    }
    CLK(t1);
    sink[threadIdx.x] = v0 ^ v1 ^ v2 ^ v3 ^ v4 ^ v5 ^ v6 ^ v7;
    o[threadIdx.x] = t1 - t0;
}
// 2 streams only, each its own chain (v0 += a, v1 += a): the least independent work
extern "C" __global__ void two(unsigned long long *o, unsigned short *sink, unsigned short a) {
    unsigned short v0 = threadIdx.x, v1 = v0 + 1;
    unsigned long long t0, t1;
    CLK(t0);
#pragma unroll
    for (int r = 0; r < 128; r++) {
        asm volatile("add.f16 %0, %0, %1;" : "+h"(v0) : "h"(a));
        asm volatile("add.f16 %0, %0, %1;" : "+h"(v1) : "h"(a));
    }
    CLK(t1);
    sink[threadIdx.x] = v0 ^ v1;
    o[threadIdx.x] = t1 - t0;
}
// a scalar add.f16 whose value a 32-bit op reads (cvt to f32): probe_alu3's hadd_f-like
extern "C" __global__ void cvt(unsigned long long *o, float *sink, unsigned short a) {
    unsigned short v0 = threadIdx.x, v1 = v0 + 1;
    float f = 0;
    unsigned long long t0, t1;
    CLK(t0);
#pragma unroll
    for (int r = 0; r < 64; r++) {
        asm volatile("add.f16 %0, %0, %1;" : "+h"(v0) : "h"(a));
        asm volatile("add.f16 %0, %0, %1;" : "+h"(v1) : "h"(a));
        f += __half2float(__ushort_as_half(v0)) + __half2float(__ushort_as_half(v1));
    }
    CLK(t1);
    sink[threadIdx.x] = f;
    o[threadIdx.x] = t1 - t0;
}
