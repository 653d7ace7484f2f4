// cub::BlockScan<int, 64, WARP_SCANS>::ExclusiveSum of 2 items with a running-prefix callback over 3 tiles
#include <cub/cub.cuh>
#include "heldout.cuh"
struct Prefix {
    int run;
    __device__ int operator()(int agg) { int old = run; run += agg; return old; }
};
extern "C" __global__ void cub_block_scan_warpscans_prefix_tiles_i2(int *out) {
    using BS = cub::BlockScan<int, 64, cub::BLOCK_SCAN_WARP_SCANS>;
    __shared__ typename BS::TempStorage ts;
    Prefix p{1000};
    int t = threadIdx.x;
    for (int tile = 0; tile < 3; ++tile) {
        int v[2];
        for (int i = 0; i < 2; ++i) v[i] = (int)(hval(tile * 128 + 2 * t + i) % 50) - 10;
        BS(ts).ExclusiveSum(v, v, p);
        __syncthreads();
        for (int i = 0; i < 2; ++i) out[tile * 128 + 2 * t + i] = v[i];
    }
}
