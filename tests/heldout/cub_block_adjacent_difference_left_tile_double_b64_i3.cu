// cub::BlockAdjacentDifference<double, 64>::SubtractLeft with a tile predecessor item and a user op (b - 2a... a - b)
#include <cub/cub.cuh>
#include "heldout.cuh"
struct Diff { __device__ double operator()(double a, double b) const { return a - 2.0 * b; } };
extern "C" __global__ void cub_block_adjacent_difference_left_tile_double_b64_i3(double *out) {
    using BAD = cub::BlockAdjacentDifference<double, 64>;
    __shared__ typename BAD::TempStorage ts;
    int t = threadIdx.x;
    double v[3], r[3];
    for (int i = 0; i < 3; ++i) v[i] = (double)(hval(3 * t + i) % 1000) * 0.5;
    BAD(ts).SubtractLeft(v, r, Diff{}, 3.0);
    for (int i = 0; i < 3; ++i) out[3 * t + i] = r[i];
}
