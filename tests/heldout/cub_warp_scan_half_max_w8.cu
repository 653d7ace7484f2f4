// cub::WarpScan<__half, 8>::InclusiveScan with a user functor (__hmax) and ExclusiveScan with an initial value (__hmin)
#include <cub/cub.cuh>
#include <cuda_fp16.h>
#include "heldout.cuh"
struct HMax { __device__ __half operator()(__half a, __half b) const { return __hmax(a, b); } };
struct HMin { __device__ __half operator()(__half a, __half b) const { return __hmin(a, b); } };
extern "C" __global__ void cub_warp_scan_half_max_w8(unsigned short *inc, unsigned short *exc) {
    using WS = cub::WarpScan<__half, 8>;
    __shared__ typename WS::TempStorage ts[8];
    int t = threadIdx.x;
    __half x = __float2half((float)((int)(hval(t) % 401) - 200) * 0.25f), y, z;
    WS(ts[t / 8]).InclusiveScan(x, y, HMax{});
    WS(ts[t / 8]).ExclusiveScan(x, z, __float2half(10.0f), HMin{});
    inc[t] = __half_as_ushort(y);
    exc[t] = __half_as_ushort(z);
}
