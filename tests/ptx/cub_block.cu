// CUB's warp and block collectives as nvcc compiles them (tests/test_ptx_features.c):
// nvcc -arch=sm_90 -ptx cub_block.cu -o cub_block.ptx
#include <cub/cub.cuh>
extern "C" __global__ void cub_block(const int *in, int *out)
{
    using WR = cub::WarpReduce<int>;
    using WS = cub::WarpScan<int>;
    using BR = cub::BlockReduce<int, 128>;
    using BS = cub::BlockScan<int, 128>;
    using BL = cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
    __shared__ typename WR::TempStorage wr[4];
    __shared__ typename WS::TempStorage ws[4];
    __shared__ typename BR::TempStorage br;
    __shared__ typename BS::TempStorage bs;
    __shared__ typename BL::TempStorage bl;
    int t = threadIdx.x, w = t / 32;
    int items[4];
    BL(bl).Load(in, items);
    int v = items[0] + items[1] + items[2] + items[3];
    int s = WR(wr[w]).Sum(v);
    int x;
    WS(ws[w]).InclusiveSum(v, x);
    int b = BR(br).Sum(v);
    int e;
    BS(bs).ExclusiveSum(v, e);
    out[t] = x;
    out[128 + t] = e;
    if (t % 32 == 0) out[256 + w] = s;
    if (t == 0) out[260] = b;
}
