// __shfl_*_sync with width on double (xor, 8), long long (up, 4), __half2 (down, 16), __nv_bfloat16 (idx, 2), float (idx out of range, 8)
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include "heldout.cuh"
extern "C" __global__ void intr_shfl_width_types(double *d, long long *ll, unsigned *h2, unsigned short *bf, float *f) {
    int t = threadIdx.x;
    unsigned x = hval(t);
    d[t] = __shfl_xor_sync(0xffffffffu, (double)x + 0.25, 5, 8);
    ll[t] = __shfl_up_sync(0xffffffffu, (long long)x << 20 | t, 3, 4);
    __half2 hv = __halves2half2(__int2half_rn((int)(x % 2000) - 1000), __int2half_rn(t));
    __half2 r = __shfl_down_sync(0xffffffffu, hv, 6, 16);
    h2[t] = (unsigned)__half_as_ushort(__low2half(r)) | (unsigned)__half_as_ushort(__high2half(r)) << 16;
    bf[t] = __bfloat16_as_ushort(__shfl_sync(0xffffffffu, __int2bfloat16_rn((int)(x % 255)), 1, 2));
    f[t] = __shfl_sync(0xffffffffu, (float)(x % 100000), 11, 8);
}
