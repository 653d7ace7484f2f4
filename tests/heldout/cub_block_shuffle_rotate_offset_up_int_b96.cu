// cub::BlockShuffle<int, 96>::Rotate by 7 (wraps), Offset by 40 (past half), Up with block suffix
#include <cub/cub.cuh>
#include <cub/block/block_shuffle.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_block_shuffle_rotate_offset_up_int_b96(int *rot, int *off, int *up, int *suffix) {
    using BSh = cub::BlockShuffle<int, 96>;
    __shared__ typename BSh::TempStorage ts;
    int t = threadIdx.x;
    int x = (int)hval(t), y = -1;
    BSh(ts).Rotate(x, y, 7);
    rot[t] = y;
    __syncthreads();
    y = -1;
    BSh(ts).Offset(x, y, 40);
    off[t] = y;
    __syncthreads();
    int in[2] = {x, x + 1}, o[2], s;
    BSh(ts).Up(in, o, s);
    up[2 * t] = t == 0 ? 0 : o[0];
    up[2 * t + 1] = o[1];
    if (t == 0) *suffix = s;
}
