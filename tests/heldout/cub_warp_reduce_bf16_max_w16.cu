// cub::WarpReduce<__nv_bfloat16, 16>::Reduce with cuda::maximum: small integers as bf16, negatives too
#include <cub/cub.cuh>
#include <cuda_bf16.h>
#include "heldout.cuh"
extern "C" __global__ void cub_warp_reduce_bf16_max_w16(unsigned short *out) {
    using WR = cub::WarpReduce<__nv_bfloat16, 16>;
    __shared__ typename WR::TempStorage ts[4];
    int t = threadIdx.x;
    __nv_bfloat16 x = __int2bfloat16_rn((int)(hval(t) % 201) - 100);
    __nv_bfloat16 r = WR(ts[t / 16]).Reduce(x, cuda::maximum<>{});
    if (t % 16 == 0) out[t / 16] = __bfloat16_as_ushort(r);
}
