// cub::WarpScan<float, 32>::ExclusiveSum and InclusiveScan with a user functor on __nv_bfloat16 (exact small integers)
#include <cub/cub.cuh>
#include <cuda_bf16.h>
#include "heldout.cuh"
struct Bf16Add { __device__ __nv_bfloat16 operator()(__nv_bfloat16 a, __nv_bfloat16 b) const { return __hadd(a, b); } };
extern "C" __global__ void cub_warp_scan_exclusive_sum_bf16_w32(float *ex, unsigned short *inc) {
    using WSF = cub::WarpScan<float>;
    using WSB = cub::WarpScan<__nv_bfloat16>;
    __shared__ typename WSF::TempStorage tf;
    __shared__ typename WSB::TempStorage tb;
    int t = threadIdx.x;
    float x = (float)((int)(hval(t) % 17) - 8);
    float y;
    WSF(tf).ExclusiveSum(x, y);
    __nv_bfloat16 b = __float2bfloat16(x), z;
    WSB(tb).InclusiveScan(b, z, Bf16Add{});
    if (t == 0) y = 0.0f;  // lane 0's exclusive result is undefined
    ex[t] = y;
    inc[t] = __bfloat16_as_ushort(z);
}
