// labeled_partition and binary_partition of a thread_block_tile<16>: sizes, ranks, reduce and exclusive_scan in each
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include "heldout.cuh"
namespace cg = cooperative_groups;
extern "C" __global__ void cg_labeled_binary_tile16(int *out) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int t = threadIdx.x;
    int x = (int)(hval(t) % 100);
    int *o = out + 6 * t;
    auto lp = cg::labeled_partition(tile, x % 3);
    o[0] = (int)lp.size() | (int)lp.thread_rank() << 8;
    o[1] = cg::reduce(lp, x, cg::plus<int>());
    o[2] = cg::exclusive_scan(lp, x, cg::plus<int>());
    auto bp = cg::binary_partition(tile, x >= 50);
    o[3] = (int)bp.size() | (int)bp.thread_rank() << 8;
    o[4] = cg::reduce(bp, x, cg::less<int>());
    o[5] = cg::inclusive_scan(bp, x, cg::plus<int>());
}
