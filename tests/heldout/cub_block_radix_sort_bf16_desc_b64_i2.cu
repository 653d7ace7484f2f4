// cub::BlockRadixSort<__nv_bfloat16, 64, 2>::SortDescending of bf16 keys (negatives, fractions)
#include <cub/cub.cuh>
#include <cuda_bf16.h>
#include "heldout.cuh"
extern "C" __global__ void cub_block_radix_sort_bf16_desc_b64_i2(unsigned short *out) {
    using BRS = cub::BlockRadixSort<__nv_bfloat16, 64, 2>;
    __shared__ typename BRS::TempStorage ts;
    int t = threadIdx.x;
    __nv_bfloat16 k[2];
    for (int i = 0; i < 2; ++i) k[i] = __float2bfloat16((float)((int)(hval(2 * t + i) % 255) - 127) * 0.5f);
    BRS(ts).SortDescending(k);
    for (int i = 0; i < 2; ++i) out[2 * t + i] = __bfloat16_as_ushort(k[i]);
}
