// isa_isspacep: __isGlobal, __isShared, __isConstant, __isLocal, __isGridConstant and
// __isClusterShared, and isspacep.param / .shared::cta / .shared::cluster through inline PTX, on
// generic pointers that cvta made from each state space: a global buffer, a __device__ variable,
// shared memory, a __constant__ array, a local array, a __grid_constant__ parameter, and null.
// Which pointer each thread tests comes from sel[] at run time (so nvcc cannot fold the answers);
// out[i] is one bit per test.
#include <cuda_runtime.h>
__constant__ unsigned cvals[64];
__device__ unsigned dvals[64];

extern "C" __global__ void isa_isspacep(const __grid_constant__ unsigned gp, const unsigned *sel, unsigned *buf,
                                        unsigned *out)
{
    __shared__ unsigned sh[64];
    unsigned loc[16];
    unsigned i = threadIdx.x;
    sh[i] = i;
    for (int k = 0; k < 16; k++)
        loc[k] = buf[(i + k) & 63];
    __syncthreads();
    unsigned s = sel[i];
    const void *p;
    switch (s % 7) {
    case 0: p = buf + (i & 63); break;
    case 1: p = dvals + (i & 63); break;
    case 2: p = sh + (i & 63); break;
    case 3: p = cvals + (i & 63); break;
    case 4: p = loc + (s & 15); break;
    case 5: p = &gp; break;
    default: p = nullptr; break; /* not read below */
    }
    unsigned r = __isGlobal(p) | __isShared(p) << 1 | __isConstant(p) << 2 | __isLocal(p) << 3 |
                 __isGridConstant(p) << 4 | __isClusterShared(p) << 5;
    unsigned q;
    asm("{ .reg .pred t; isspacep.param t, %1; selp.u32 %0, 1, 0, t; }" : "=r"(q) : "l"(p));
    r |= q << 6;
    asm("{ .reg .pred t; isspacep.shared::cta t, %1; selp.u32 %0, 1, 0, t; }" : "=r"(q) : "l"(p));
    r |= q << 7;
    asm("{ .reg .pred t; isspacep.shared::cluster t, %1; selp.u32 %0, 1, 0, t; }" : "=r"(q) : "l"(p));
    r |= q << 8;
    asm("{ .reg .pred t; isspacep.param::entry t, %1; selp.u32 %0, 1, 0, t; }" : "=r"(q) : "l"(p));
    r |= q << 9;
    asm("{ .reg .pred t; isspacep.global t, %1; selp.u32 %0, 1, 0, t; }" : "=r"(q) : "l"(p));
    r |= q << 10;
    asm("{ .reg .pred t; isspacep.const t, %1; selp.u32 %0, 1, 0, t; }" : "=r"(q) : "l"(p));
    r |= q << 11;
    asm("{ .reg .pred t; isspacep.local t, %1; selp.u32 %0, 1, 0, t; }" : "=r"(q) : "l"(p));
    r |= q << 12;
    out[i] = r | (s % 7) << 16;
    out[64 + i] = (p ? *(const unsigned *)p : 0u) ^ loc[(i + 1) & 15]; /* the pointer reads what it points at */
}
