// cooperative_groups as nvcc compiles it (tests/test_ptx_features.c): nvcc -arch=sm_90 -ptx cg_groups.cu -o cg_groups.ptx
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
extern "C" __global__ void cg_groups(int *out)
{
    auto block = cg::this_thread_block();
    int t = block.thread_rank();
    auto warp = cg::tiled_partition<32>(block);
    auto t16 = cg::tiled_partition<16>(block);
    auto t4 = cg::tiled_partition(warp, 4);   // dynamic tile
    out[t] = cg::reduce(t16, t, cg::plus<int>());
    out[64 + t] = cg::inclusive_scan(warp, t, cg::plus<int>());
    out[128 + t] = (int)t4.thread_rank() + 1000 * (int)t4.size();
    auto odd = cg::binary_partition(warp, t & 1);
    out[192 + t] = odd.size() * 100 + odd.thread_rank();
    out[256 + t] = warp.shfl_down(t, 3) + t16.meta_group_rank() * 1000;
    auto lab = cg::labeled_partition(warp, t % 3);
    out[320 + t] = lab.size() * 100 + lab.thread_rank();
    block.sync();
    out[384 + t] = warp.any(t == 40) + 2 * warp.all(t < 64) + 4 * (int)__popc(warp.ballot(t % 5 == 0));
}
