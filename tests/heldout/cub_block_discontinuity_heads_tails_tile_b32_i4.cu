// cub::BlockDiscontinuity<int, 32>::FlagHeadsAndTails with a tile predecessor (0) and successor (2) item
#include <cub/cub.cuh>
#include "heldout.cuh"
struct NotEqual { __device__ bool operator()(int a, int b) const { return a != b; } };
extern "C" __global__ void cub_block_discontinuity_heads_tails_tile_b32_i4(int *heads, int *tails) {
    using BD = cub::BlockDiscontinuity<int, 32>;
    __shared__ typename BD::TempStorage ts;
    int t = threadIdx.x;
    int v[4], h[4], tl[4];
    for (int i = 0; i < 4; ++i) v[i] = (int)(hval(4 * t + i) % 3);
    BD(ts).FlagHeadsAndTails(h, 0, tl, 2, v, NotEqual{});
    for (int i = 0; i < 4; ++i) { heads[4 * t + i] = h[i]; tails[4 * t + i] = tl[i]; }
}
