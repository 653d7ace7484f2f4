// thread_block_tile<16>: cg::reduce(plus) and cg::inclusive_scan(greater) of __half (exact small values)
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda_fp16.h>
#include "heldout.cuh"
namespace cg = cooperative_groups;
extern "C" __global__ void cg_tile16_reduce_half(unsigned short *red, unsigned short *inc) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int t = threadIdx.x;
    __half x = __int2half_rn((int)(hval(t) % 61) - 30);
    red[t] = __half_as_ushort(cg::reduce(tile, x, cg::plus<__half>()));
    inc[t] = __half_as_ushort(cg::inclusive_scan(tile, x, cg::greater<__half>()));
}
