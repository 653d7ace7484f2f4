// cub::BlockScan<double, 4, RAKING_MEMOIZE, 4, 4> (a 3-D block of 64) InclusiveSum with a running-prefix callback, 2 tiles
#include <cub/cub.cuh>
#include "heldout.cuh"
struct Prefix {
    double run;
    __device__ double operator()(double agg) { double old = run; run += agg; return old; }
};
extern "C" __global__ void cub_block_scan_memoize_prefix_double_3d(double *out) {
    using BS = cub::BlockScan<double, 4, cub::BLOCK_SCAN_RAKING_MEMOIZE, 4, 4>;
    __shared__ typename BS::TempStorage ts;
    Prefix p{0.5};
    int t = threadIdx.x + 4 * (threadIdx.y + 4 * threadIdx.z);
    for (int tile = 0; tile < 2; ++tile) {
        double x = (double)((int)(hval(tile * 64 + t) % 201) - 100) * 0.5, y;
        BS(ts).InclusiveSum(x, y, p);
        __syncthreads();
        out[tile * 64 + t] = y;
    }
}
