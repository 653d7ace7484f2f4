// cub::BlockScan<unsigned long long, 64, RAKING>::InclusiveScan of 2 items with a user functor (wrapping add then xor-mix)
#include <cub/cub.cuh>
#include "heldout.cuh"
struct Mix { __device__ unsigned long long operator()(unsigned long long a, unsigned long long b) const { return a + b; } };
extern "C" __global__ void cub_block_scan_raking_inclusive_custom_ull_b64_i2(unsigned long long *out) {
    using BS = cub::BlockScan<unsigned long long, 64, cub::BLOCK_SCAN_RAKING>;
    __shared__ typename BS::TempStorage ts;
    int t = threadIdx.x;
    unsigned long long v[2];
    for (int i = 0; i < 2; ++i) v[i] = ((unsigned long long)hval(2 * t + i) << 31) ^ hval(2 * t + i + 500);
    BS(ts).InclusiveScan(v, v, Mix{});
    for (int i = 0; i < 2; ++i) out[2 * t + i] = v[i];
}
