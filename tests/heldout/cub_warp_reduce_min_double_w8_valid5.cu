// cub::WarpReduce<double, 8>::Reduce(x, cuda::minimum, 5): only the first 5 lanes of each logical warp count
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_warp_reduce_min_double_w8_valid5(double *out) {
    using WR = cub::WarpReduce<double, 8>;
    __shared__ typename WR::TempStorage ts[8];
    int t = threadIdx.x;
    double x = (double)((int)(hval(t) % 2001) - 1000) * 0.25;
    double r = WR(ts[t / 8]).Reduce(x, cuda::minimum<>{}, 5);
    if (t % 8 == 0) out[t / 8] = r;
}
