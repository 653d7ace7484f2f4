// cooperative_groups::tiled_partition<8>: inclusive_scan(bit_and) and exclusive_scan(bit_or) on unsigned long long
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include "heldout.cuh"
namespace cg = cooperative_groups;
extern "C" __global__ void cg_tile8_scan_and_u64(unsigned long long *inc, unsigned long long *exc) {
    auto tile = cg::tiled_partition<8>(cg::this_thread_block());
    int t = threadIdx.x;
    unsigned long long x = ((unsigned long long)hval(t) << 32) | hval(t + 77) | 0x8000000100000001ull;
    inc[t] = cg::inclusive_scan(tile, x, cg::bit_and<unsigned long long>());
    exc[t] = cg::exclusive_scan(tile, x, cg::bit_or<unsigned long long>());
}
