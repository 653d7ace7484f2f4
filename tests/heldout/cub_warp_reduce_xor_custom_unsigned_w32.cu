// cub::WarpReduce<unsigned, 32>::Reduce with a user functor (xor), then a second Reduce (or) on the result
#include <cub/cub.cuh>
#include "heldout.cuh"
struct Xor { __device__ unsigned operator()(unsigned a, unsigned b) const { return a ^ b; } };
struct Or { __device__ unsigned operator()(unsigned a, unsigned b) const { return a | b; } };
extern "C" __global__ void cub_warp_reduce_xor_custom_unsigned_w32(unsigned *out) {
    using WR = cub::WarpReduce<unsigned>;
    __shared__ typename WR::TempStorage ts[2];
    int t = threadIdx.x;
    unsigned x = hval(t);
    unsigned r = WR(ts[t / 32]).Reduce(x, Xor{});
    unsigned s = WR(ts[t / 32]).Reduce(x & 0x0f0f0f0fu << (t % 4), Or{});
    if (t % 32 == 0) { out[2 * (t / 32)] = r; out[2 * (t / 32) + 1] = s; }
}
