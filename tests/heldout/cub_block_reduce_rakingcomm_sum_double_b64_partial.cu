// cub::BlockReduce<double, 64, RAKING_COMMUTATIVE_ONLY>::Sum(x, 45) and BLOCK_REDUCE_RAKING Reduce(x, max, 33)
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_block_reduce_rakingcomm_sum_double_b64_partial(double *out) {
    using BRC = cub::BlockReduce<double, 64, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>;
    using BRR = cub::BlockReduce<double, 64, cub::BLOCK_REDUCE_RAKING>;
    __shared__ typename BRC::TempStorage tc;
    __shared__ typename BRR::TempStorage tr;
    int t = threadIdx.x;
    double x = (double)((int)(hval(t) % 4001) - 2000) * 0.5;
    double s = BRC(tc).Sum(x, 45);
    double m = BRR(tr).Reduce(x, cuda::maximum<>{}, 33);
    if (t == 0) { out[0] = s; out[1] = m; }
}
