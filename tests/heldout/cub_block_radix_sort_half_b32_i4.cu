// cub::BlockRadixSort<__half, 32, 4>::Sort: half keys with negatives, -0 and +0 (radix order: -0 before +0)
#include <cub/cub.cuh>
#include <cuda_fp16.h>
#include "heldout.cuh"
extern "C" __global__ void cub_block_radix_sort_half_b32_i4(unsigned short *out) {
    using BRS = cub::BlockRadixSort<__half, 32, 4>;
    __shared__ typename BRS::TempStorage ts;
    int t = threadIdx.x;
    __half k[4];
    for (int i = 0; i < 4; ++i) {
        unsigned h = hval(4 * t + i);
        k[i] = __float2half((float)((int)(h % 301) - 150) * 0.125f);
    }
    BRS(ts).Sort(k);
    for (int i = 0; i < 4; ++i) out[4 * t + i] = __half_as_ushort(k[i]);
}
