// cub::BlockScan<int, 32, RAKING_MEMOIZE, 3> (2-D block) ExclusiveScan of 3 items with cuda::maximum and an aggregate
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_block_scan_memoize_exclusive_max_int_b96_2d_i3(int *out, int *agg) {
    using BS = cub::BlockScan<int, 32, cub::BLOCK_SCAN_RAKING_MEMOIZE, 3>;
    __shared__ typename BS::TempStorage ts;
    int t = threadIdx.x + 32 * threadIdx.y;
    int v[3];
    for (int i = 0; i < 3; ++i) v[i] = (int)(hval(3 * t + i) % 100000) - 60000;
    int a;
    BS(ts).ExclusiveScan(v, v, -1000000, cuda::maximum<>{}, a);
    for (int i = 0; i < 3; ++i) out[3 * t + i] = v[i];
    if (t == 0) *agg = a;
}
