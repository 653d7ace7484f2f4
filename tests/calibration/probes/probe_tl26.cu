// tl26: the issue rate of SASS forms that probe_alu2 (alu25) could not isolate: VIADD, MOV / IMAD.MOV.U32, SEL,
// ISETP, IMAD.IADD. Each kind is one inline-PTX loop (written by gen_probe_tl26.py) over 16 register streams: an
// iteration is the kind's body (16 to 64 instructions of one form) and the loop's count, compare and branch; a loop,
// not an unrolled chain, because ptxas folds a chain of adds of immediates and coalesces copies. The SASS per kind is
// checked with cuobjdump in the same device job. Lane 0 of each warp writes t0, t1, %warpid, %smid, as probe_alu2.cu.
// Host: probe_tl26 KIND GRID BLOCK LAUNCHES [ITERATIONS]; prints per warp "launch block warp t0 t1 warpid smid".
// Measured 2026-12-04T15:55Z (NVIDIA H200, driver 580.159.04, 1980 MHz; probes/probe_tl26.sh): probes/probe_tl26-h200.txt,
// raw tests/calibration/device-2026-12-04-tl26.tar.xz, docs/calibration.md "(tl26)".
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#define CLK(t) asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory")
__device__ __forceinline__ void finish(unsigned long long *o, unsigned *sink, unsigned long long t0, unsigned x) {
    unsigned long long t1;
    asm volatile("{.reg .pred p; setp.ne.u32 p, %1, 0x9E3779B9; @p mov.u64 %0, %%clock64;}" : "=l"(t1) : "r"(x) : "memory");
    if (x == 0x9E3779B9u) t1 = 0;
    sink[blockIdx.x * blockDim.x + threadIdx.x] = x;
    if ((threadIdx.x & 31) == 0) {
        unsigned r, m; asm volatile("mov.u32 %0, %%warpid;" : "=r"(r)); asm volatile("mov.u32 %0, %%smid;" : "=r"(m));
        unsigned long long *p = o + ((size_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)) * 4;
        p[0] = t0; p[1] = t1; p[2] = r; p[3] = m;
    }
}
extern "C" __global__ void tl_viadd(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; add.s32 %0, %0, 4661;add.s32 %1, %1, 4663;add.s32 %2, %2, 4665;add.s32 %3, %3, 4667;add.s32 %4, %4, 4669;add.s32 %5, %5, 4671;add.s32 %6, %6, 4673;add.s32 %7, %7, 4675;add.s32 %8, %8, 4677;add.s32 %9, %9, 4679;add.s32 %10, %10, 4681;add.s32 %11, %11, 4683;add.s32 %12, %12, 4685;add.s32 %13, %13, 4687;add.s32 %14, %14, 4689;add.s32 %15, %15, 4691; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_mov(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; mov.b32 t, %0;mov.b32 %0, %1;mov.b32 %1, %2;mov.b32 %2, %3;mov.b32 %3, %4;mov.b32 %4, %5;mov.b32 %5, %6;mov.b32 %6, %7;mov.b32 %7, %8;mov.b32 %8, %9;mov.b32 %9, %10;mov.b32 %10, %11;mov.b32 %11, %12;mov.b32 %12, %13;mov.b32 %13, %14;mov.b32 %14, %15;mov.b32 %15, t; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_sel(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; selp.b32 %0, %1, %2, p;selp.b32 %1, %2, %3, p;selp.b32 %2, %3, %4, p;selp.b32 %3, %4, %5, p;selp.b32 %4, %5, %6, p;selp.b32 %5, %6, %7, p;selp.b32 %6, %7, %8, p;selp.b32 %7, %8, %9, p;selp.b32 %8, %9, %10, p;selp.b32 %9, %10, %11, p;selp.b32 %10, %11, %12, p;selp.b32 %11, %12, %13, p;selp.b32 %12, %13, %14, p;selp.b32 %13, %14, %15, p;selp.b32 %14, %15, %0, p;selp.b32 %15, %0, %1, p;selp.b32 %0, %1, %2, p;selp.b32 %1, %2, %3, p;selp.b32 %2, %3, %4, p;selp.b32 %3, %4, %5, p;selp.b32 %4, %5, %6, p;selp.b32 %5, %6, %7, p;selp.b32 %6, %7, %8, p;selp.b32 %7, %8, %9, p;selp.b32 %8, %9, %10, p;selp.b32 %9, %10, %11, p;selp.b32 %10, %11, %12, p;selp.b32 %11, %12, %13, p;selp.b32 %12, %13, %14, p;selp.b32 %13, %14, %15, p;selp.b32 %14, %15, %0, p;selp.b32 %15, %0, %1, p;selp.b32 %0, %1, %2, p;selp.b32 %1, %2, %3, p;selp.b32 %2, %3, %4, p;selp.b32 %3, %4, %5, p;selp.b32 %4, %5, %6, p;selp.b32 %5, %6, %7, p;selp.b32 %6, %7, %8, p;selp.b32 %7, %8, %9, p;selp.b32 %8, %9, %10, p;selp.b32 %9, %10, %11, p;selp.b32 %10, %11, %12, p;selp.b32 %11, %12, %13, p;selp.b32 %12, %13, %14, p;selp.b32 %13, %14, %15, p;selp.b32 %14, %15, %0, p;selp.b32 %15, %0, %1, p;selp.b32 %0, %1, %2, p;selp.b32 %1, %2, %3, p;selp.b32 %2, %3, %4, p;selp.b32 %3, %4, %5, p;selp.b32 %4, %5, %6, p;selp.b32 %5, %6, %7, p;selp.b32 %6, %7, %8, p;selp.b32 %7, %8, %9, p;selp.b32 %8, %9, %10, p;selp.b32 %9, %10, %11, p;selp.b32 %10, %11, %12, p;selp.b32 %11, %12, %13, p;selp.b32 %12, %13, %14, p;selp.b32 %13, %14, %15, p;selp.b32 %14, %15, %0, p;selp.b32 %15, %0, %1, p; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_isetp(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; setp.ne.and.s32 q0, %0, %5, q1;setp.lt.and.s32 q1, %1, %6, q2;setp.gt.or.u32 q2, %2, %7, q3;setp.ne.or.s32 q3, %3, %8, q0;setp.ne.and.s32 q0, %4, %10, q1;setp.lt.and.s32 q1, %5, %11, q2;setp.gt.or.u32 q2, %6, %12, q3;setp.ne.or.s32 q3, %7, %13, q0;setp.ne.and.s32 q0, %8, %15, q1;setp.lt.and.s32 q1, %9, %0, q2;setp.gt.or.u32 q2, %10, %1, q3;setp.ne.or.s32 q3, %11, %2, q0;setp.ne.and.s32 q0, %12, %4, q1;setp.lt.and.s32 q1, %13, %5, q2;setp.gt.or.u32 q2, %14, %6, q3;setp.ne.or.s32 q3, %15, %7, q0;setp.ne.and.s32 q0, %0, %9, q1;setp.lt.and.s32 q1, %1, %10, q2;setp.gt.or.u32 q2, %2, %11, q3;setp.ne.or.s32 q3, %3, %12, q0;setp.ne.and.s32 q0, %4, %14, q1;setp.lt.and.s32 q1, %5, %15, q2;setp.gt.or.u32 q2, %6, %0, q3;setp.ne.or.s32 q3, %7, %1, q0;setp.ne.and.s32 q0, %8, %3, q1;setp.lt.and.s32 q1, %9, %4, q2;setp.gt.or.u32 q2, %10, %5, q3;setp.ne.or.s32 q3, %11, %6, q0;setp.ne.and.s32 q0, %12, %8, q1;setp.lt.and.s32 q1, %13, %9, q2;setp.gt.or.u32 q2, %14, %10, q3;setp.ne.or.s32 q3, %15, %11, q0;setp.ne.and.s32 q0, %0, %13, q1;setp.lt.and.s32 q1, %1, %14, q2;setp.gt.or.u32 q2, %2, %15, q3;setp.ne.or.s32 q3, %3, %0, q0;setp.ne.and.s32 q0, %4, %2, q1;setp.lt.and.s32 q1, %5, %3, q2;setp.gt.or.u32 q2, %6, %4, q3;setp.ne.or.s32 q3, %7, %5, q0;setp.ne.and.s32 q0, %8, %7, q1;setp.lt.and.s32 q1, %9, %8, q2;setp.gt.or.u32 q2, %10, %9, q3;setp.ne.or.s32 q3, %11, %10, q0;setp.ne.and.s32 q0, %12, %12, q1;setp.lt.and.s32 q1, %13, %13, q2;setp.gt.or.u32 q2, %14, %14, q3;setp.ne.or.s32 q3, %15, %15, q0;setp.ne.and.s32 q0, %0, %1, q1;setp.lt.and.s32 q1, %1, %2, q2;setp.gt.or.u32 q2, %2, %3, q3;setp.ne.or.s32 q3, %3, %4, q0;setp.ne.and.s32 q0, %4, %6, q1;setp.lt.and.s32 q1, %5, %7, q2;setp.gt.or.u32 q2, %6, %8, q3;setp.ne.or.s32 q3, %7, %9, q0;setp.ne.and.s32 q0, %8, %11, q1;setp.lt.and.s32 q1, %9, %12, q2;setp.gt.or.u32 q2, %10, %13, q3;setp.ne.or.s32 q3, %11, %14, q0;setp.ne.and.s32 q0, %12, %0, q1;setp.lt.and.s32 q1, %13, %1, q2;setp.gt.or.u32 q2, %14, %2, q3;setp.ne.or.s32 q3, %15, %3, q0; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;selp.b32 %4, 1, %4, q0; selp.b32 %5, 1, %5, q1; selp.b32 %6, 1, %6, q2; selp.b32 %7, 1, %7, q3;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_add(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_neg(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; neg.s32 %0, %1;neg.s32 %1, %2;neg.s32 %2, %3;neg.s32 %3, %4;neg.s32 %4, %5;neg.s32 %5, %6;neg.s32 %6, %7;neg.s32 %7, %8;neg.s32 %8, %9;neg.s32 %9, %10;neg.s32 %10, %11;neg.s32 %11, %12;neg.s32 %12, %13;neg.s32 %13, %14;neg.s32 %14, %15;neg.s32 %15, %0; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_viadd_s(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; add.s32 %0, %0, 4661;add.s32 %1, %1, 4663;add.s32 %2, %2, 4665;add.s32 %3, %3, 4667;add.s32 %4, %4, 4669;add.s32 %5, %5, 4671;add.s32 %6, %6, 4673;add.s32 %7, %7, 4675;add.s32 %8, %8, 4677;add.s32 %9, %9, 4679;add.s32 %10, %10, 4681;add.s32 %11, %11, 4683;add.s32 %12, %12, 4685;add.s32 %13, %13, 4687;add.s32 %14, %14, 4689;add.s32 %15, %15, 4691;selp.b32 %16, %17, %18, p;selp.b32 %17, %18, %19, p;selp.b32 %18, %19, %20, p;selp.b32 %19, %20, %21, p;selp.b32 %20, %21, %22, p;selp.b32 %21, %22, %23, p;selp.b32 %22, %23, %16, p;selp.b32 %23, %16, %17, p;selp.b32 %16, %17, %18, p;selp.b32 %17, %18, %19, p;selp.b32 %18, %19, %20, p;selp.b32 %19, %20, %21, p;selp.b32 %20, %21, %22, p;selp.b32 %21, %22, %23, p;selp.b32 %22, %23, %16, p;selp.b32 %23, %16, %17, p; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_viadd_m(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; add.s32 %0, %0, 4661;add.s32 %1, %1, 4663;add.s32 %2, %2, 4665;add.s32 %3, %3, 4667;add.s32 %4, %4, 4669;add.s32 %5, %5, 4671;add.s32 %6, %6, 4673;add.s32 %7, %7, 4675;add.s32 %8, %8, 4677;add.s32 %9, %9, 4679;add.s32 %10, %10, 4681;add.s32 %11, %11, 4683;add.s32 %12, %12, 4685;add.s32 %13, %13, 4687;add.s32 %14, %14, 4689;add.s32 %15, %15, 4691;mad.lo.s32 %16, %17, %25, %16;mad.lo.s32 %17, %18, %25, %17;mad.lo.s32 %18, %19, %25, %18;mad.lo.s32 %19, %20, %25, %19;mad.lo.s32 %20, %21, %25, %20;mad.lo.s32 %21, %22, %25, %21;mad.lo.s32 %22, %23, %25, %22;mad.lo.s32 %23, %16, %25, %23;mad.lo.s32 %16, %17, %25, %16;mad.lo.s32 %17, %18, %25, %17;mad.lo.s32 %18, %19, %25, %18;mad.lo.s32 %19, %20, %25, %19;mad.lo.s32 %20, %21, %25, %20;mad.lo.s32 %21, %22, %25, %21;mad.lo.s32 %22, %23, %25, %22;mad.lo.s32 %23, %16, %25, %23; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_mov_s(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; mov.b32 t, %0;mov.b32 %0, %1;mov.b32 %1, %2;mov.b32 %2, %3;mov.b32 %3, %4;mov.b32 %4, %5;mov.b32 %5, %6;mov.b32 %6, %7;mov.b32 %7, %8;mov.b32 %8, %9;mov.b32 %9, %10;mov.b32 %10, %11;mov.b32 %11, %12;mov.b32 %12, %13;mov.b32 %13, %14;mov.b32 %14, %15;mov.b32 %15, t;selp.b32 %16, %17, %18, p;selp.b32 %17, %18, %19, p;selp.b32 %18, %19, %20, p;selp.b32 %19, %20, %21, p;selp.b32 %20, %21, %22, p;selp.b32 %21, %22, %23, p;selp.b32 %22, %23, %16, p;selp.b32 %23, %16, %17, p;selp.b32 %16, %17, %18, p;selp.b32 %17, %18, %19, p;selp.b32 %18, %19, %20, p;selp.b32 %19, %20, %21, p;selp.b32 %20, %21, %22, p;selp.b32 %21, %22, %23, p;selp.b32 %22, %23, %16, p;selp.b32 %23, %16, %17, p; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_mov_m(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; mov.b32 t, %0;mov.b32 %0, %1;mov.b32 %1, %2;mov.b32 %2, %3;mov.b32 %3, %4;mov.b32 %4, %5;mov.b32 %5, %6;mov.b32 %6, %7;mov.b32 %7, %8;mov.b32 %8, %9;mov.b32 %9, %10;mov.b32 %10, %11;mov.b32 %11, %12;mov.b32 %12, %13;mov.b32 %13, %14;mov.b32 %14, %15;mov.b32 %15, t;mad.lo.s32 %16, %17, %25, %16;mad.lo.s32 %17, %18, %25, %17;mad.lo.s32 %18, %19, %25, %18;mad.lo.s32 %19, %20, %25, %19;mad.lo.s32 %20, %21, %25, %20;mad.lo.s32 %21, %22, %25, %21;mad.lo.s32 %22, %23, %25, %22;mad.lo.s32 %23, %16, %25, %23;mad.lo.s32 %16, %17, %25, %16;mad.lo.s32 %17, %18, %25, %17;mad.lo.s32 %18, %19, %25, %18;mad.lo.s32 %19, %20, %25, %19;mad.lo.s32 %20, %21, %25, %20;mad.lo.s32 %21, %22, %25, %21;mad.lo.s32 %22, %23, %25, %22;mad.lo.s32 %23, %16, %25, %23; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_add_s(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;selp.b32 %16, %17, %18, p;selp.b32 %17, %18, %19, p;selp.b32 %18, %19, %20, p;selp.b32 %19, %20, %21, p;selp.b32 %20, %21, %22, p;selp.b32 %21, %22, %23, p;selp.b32 %22, %23, %16, p;selp.b32 %23, %16, %17, p;selp.b32 %16, %17, %18, p;selp.b32 %17, %18, %19, p;selp.b32 %18, %19, %20, p;selp.b32 %19, %20, %21, p;selp.b32 %20, %21, %22, p;selp.b32 %21, %22, %23, p;selp.b32 %22, %23, %16, p;selp.b32 %23, %16, %17, p; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_add_m(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;add.s32 %0, %0, %1;add.s32 %1, %1, %2;add.s32 %2, %2, %3;add.s32 %3, %3, %4;add.s32 %4, %4, %5;add.s32 %5, %5, %6;add.s32 %6, %6, %7;add.s32 %7, %7, %8;add.s32 %8, %8, %9;add.s32 %9, %9, %10;add.s32 %10, %10, %11;add.s32 %11, %11, %12;add.s32 %12, %12, %13;add.s32 %13, %13, %14;add.s32 %14, %14, %15;add.s32 %15, %15, %0;mad.lo.s32 %16, %17, %25, %16;mad.lo.s32 %17, %18, %25, %17;mad.lo.s32 %18, %19, %25, %18;mad.lo.s32 %19, %20, %25, %19;mad.lo.s32 %20, %21, %25, %20;mad.lo.s32 %21, %22, %25, %21;mad.lo.s32 %22, %23, %25, %22;mad.lo.s32 %23, %16, %25, %23;mad.lo.s32 %16, %17, %25, %16;mad.lo.s32 %17, %18, %25, %17;mad.lo.s32 %18, %19, %25, %18;mad.lo.s32 %19, %20, %25, %19;mad.lo.s32 %20, %21, %25, %20;mad.lo.s32 %21, %22, %25, %21;mad.lo.s32 %22, %23, %25, %22;mad.lo.s32 %23, %16, %25, %23; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_neg_s(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; neg.s32 %0, %1;neg.s32 %1, %2;neg.s32 %2, %3;neg.s32 %3, %4;neg.s32 %4, %5;neg.s32 %5, %6;neg.s32 %6, %7;neg.s32 %7, %8;neg.s32 %8, %9;neg.s32 %9, %10;neg.s32 %10, %11;neg.s32 %11, %12;neg.s32 %12, %13;neg.s32 %13, %14;neg.s32 %14, %15;neg.s32 %15, %0;selp.b32 %16, %17, %18, p;selp.b32 %17, %18, %19, p;selp.b32 %18, %19, %20, p;selp.b32 %19, %20, %21, p;selp.b32 %20, %21, %22, p;selp.b32 %21, %22, %23, p;selp.b32 %22, %23, %16, p;selp.b32 %23, %16, %17, p;selp.b32 %16, %17, %18, p;selp.b32 %17, %18, %19, p;selp.b32 %18, %19, %20, p;selp.b32 %19, %20, %21, p;selp.b32 %20, %21, %22, p;selp.b32 %21, %22, %23, p;selp.b32 %22, %23, %16, p;selp.b32 %23, %16, %17, p; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}
extern "C" __global__ void tl_neg_m(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {
    unsigned v[16]; for (int i = 0; i < 16; i++) v[i] = threadIdx.x * 7 + i;
    unsigned u[8]; for (int i = 0; i < 8; i++) u[i] = threadIdx.x * 5 + i;
    unsigned long long t0; __syncthreads(); CLK(t0);
    asm volatile("{.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; .reg .pred t2; mov.b32 c, %24; setp.ne.u32 p, %25, 0;setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;LOOP: .pragma \"nounroll\"; neg.s32 %0, %1;neg.s32 %1, %2;neg.s32 %2, %3;neg.s32 %3, %4;neg.s32 %4, %5;neg.s32 %5, %6;neg.s32 %6, %7;neg.s32 %7, %8;neg.s32 %8, %9;neg.s32 %9, %10;neg.s32 %10, %11;neg.s32 %11, %12;neg.s32 %12, %13;neg.s32 %13, %14;neg.s32 %14, %15;neg.s32 %15, %0;mad.lo.s32 %16, %17, %25, %16;mad.lo.s32 %17, %18, %25, %17;mad.lo.s32 %18, %19, %25, %18;mad.lo.s32 %19, %20, %25, %19;mad.lo.s32 %20, %21, %25, %20;mad.lo.s32 %21, %22, %25, %21;mad.lo.s32 %22, %23, %25, %22;mad.lo.s32 %23, %16, %25, %23;mad.lo.s32 %16, %17, %25, %16;mad.lo.s32 %17, %18, %25, %17;mad.lo.s32 %18, %19, %25, %18;mad.lo.s32 %19, %20, %25, %19;mad.lo.s32 %20, %21, %25, %20;mad.lo.s32 %21, %22, %25, %21;mad.lo.s32 %22, %23, %25, %22;mad.lo.s32 %23, %16, %25, %23; sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;}" : "+r"(v[0]), "+r"(v[1]), "+r"(v[2]), "+r"(v[3]), "+r"(v[4]), "+r"(v[5]), "+r"(v[6]), "+r"(v[7]), "+r"(v[8]), "+r"(v[9]), "+r"(v[10]), "+r"(v[11]), "+r"(v[12]), "+r"(v[13]), "+r"(v[14]), "+r"(v[15]), "+r"(u[0]), "+r"(u[1]), "+r"(u[2]), "+r"(u[3]), "+r"(u[4]), "+r"(u[5]), "+r"(u[6]), "+r"(u[7]) : "r"(n), "r"(b) : "memory");
    unsigned x = 0; for (int i = 0; i < 16; i++) x ^= v[i];
    for (int i = 0; i < 8; i++) x ^= u[i];
    finish(o, sink, t0, x);
}

static const char *names[] = {"viadd", "mov", "sel", "isetp", "add", "neg", "viadd_s", "viadd_m", "mov_s", "mov_m", "add_s", "add_m", "neg_s", "neg_m"};
static void *fns[] = {(void *)tl_viadd, (void *)tl_mov, (void *)tl_sel, (void *)tl_isetp, (void *)tl_add, (void *)tl_neg, (void *)tl_viadd_s, (void *)tl_viadd_m, (void *)tl_mov_s, (void *)tl_mov_m, (void *)tl_add_s, (void *)tl_add_m, (void *)tl_neg_s, (void *)tl_neg_m};
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)
int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "list")) {
        for (unsigned i = 0; i < sizeof names / sizeof *names; i++) printf("%s\n", names[i]);
        return 0;
    }
    if (argc < 5) { fprintf(stderr, "usage: %s KIND GRID BLOCK LAUNCHES [ITERATIONS] | list\n", argv[0]); return 2; }
    void *fn = 0;
    for (unsigned i = 0; i < sizeof names / sizeof *names; i++) if (!strcmp(argv[1], names[i])) fn = fns[i];
    if (!fn) { fprintf(stderr, "unknown %s\n", argv[1]); return 2; }
    int grid = atoi(argv[2]), block = atoi(argv[3]), launches = atoi(argv[4]);
    unsigned n = argc > 5 ? (unsigned)atoi(argv[5]) : 32u, b = 1;
    int nw = block / 32, words = 4;
    size_t ow = (size_t)grid * nw * words;
    unsigned long long *o, *h = (unsigned long long *)malloc(ow * 8);
    unsigned *sink;
    CK(cudaMalloc(&o, ow * 8)); CK(cudaMalloc(&sink, (size_t)grid * block * 4));
    for (int l = 0; l < launches; l++) {
        CK(cudaMemset(o, 0, ow * 8));
        void *args[4] = {&o, &sink, &n, &b};
        CK(cudaLaunchKernel(fn, dim3(grid), dim3(block), args, 0, 0));
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(h, o, ow * 8, cudaMemcpyDeviceToHost));
        for (int bl = 0; bl < grid; bl++) {
            unsigned long long base = ~0ull;
            for (int w = 0; w < nw; w++) if (h[((size_t)bl * nw + w) * words] < base) base = h[((size_t)bl * nw + w) * words];
            for (int w = 0; w < nw; w++) {
                const unsigned long long *r = h + ((size_t)bl * nw + w) * words;
                printf("%d %d %d %lld %lld %llu %llu\n", l, bl, w, (long long)(r[0] - base), (long long)(r[1] - base), r[2], r[3]);
            }
        }
    }
    return 0;
}

