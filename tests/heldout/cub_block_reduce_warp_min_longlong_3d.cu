// cub::BlockReduce<long long, 8, WARP_REDUCTIONS, 4, 3> (a 3-D block of 96) Reduce with cuda::minimum, 2 items each
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_block_reduce_warp_min_longlong_3d(long long *out) {
    using BR = cub::BlockReduce<long long, 8, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 4, 3>;
    __shared__ typename BR::TempStorage ts;
    int t = threadIdx.x + 8 * (threadIdx.y + 4 * threadIdx.z);
    int g = blockIdx.x * 96 + t;
    long long v[2];
    for (int i = 0; i < 2; ++i) v[i] = ((long long)(int)hval(2 * g + i) << 8) - (long long)hval(g + 7);
    long long r = BR(ts).Reduce(v, cuda::minimum<>{});
    if (t == 0) out[blockIdx.x] = r;
}
