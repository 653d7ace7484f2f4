// coalesced_threads() in the lanes t % 3 == 1: inclusive/exclusive scan, reduce, shfl_up and thread_rank
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include "heldout.cuh"
namespace cg = cooperative_groups;
extern "C" __global__ void cg_coal_every3_scan_reduce(int *out) {
    int t = threadIdx.x;
    int *o = out + 5 * t;
    o[0] = o[1] = o[2] = o[3] = o[4] = -7;
    if (t % 3 == 1) {
        auto g = cg::coalesced_threads();
        int x = (int)(hval(t) % 1000);
        o[0] = cg::inclusive_scan(g, x, cg::plus<int>());
        o[1] = cg::exclusive_scan(g, x, cg::plus<int>());
        o[2] = cg::reduce(g, x, cg::greater<int>());
        o[3] = g.shfl_up(x, 2);
        o[4] = (int)g.thread_rank() | (int)g.size() << 8;
    }
}
