// cooperative_groups::tiled_partition<4>: exclusive_scan(greater) and inclusive_scan(less) on int, reduce(bit_xor)
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include "heldout.cuh"
namespace cg = cooperative_groups;
extern "C" __global__ void cg_tile4_scan_greater_less_int(int *exc, int *inc, int *red) {
    auto tile = cg::tiled_partition<4>(cg::this_thread_block());
    int t = threadIdx.x;
    int x = (int)hval(t);
    int e = cg::exclusive_scan(tile, x, cg::greater<int>());
    if (tile.thread_rank() == 0) e = 0;  // rank 0's exclusive result is undefined for greater
    exc[t] = e;
    inc[t] = cg::inclusive_scan(tile, x, cg::less<int>());
    red[t] = cg::reduce(tile, x, cg::bit_xor<int>());
}
