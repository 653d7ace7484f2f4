// cooperative_groups::tiled_partition<2>: reduce(plus), inclusive_scan(plus), exclusive_scan(plus) on double
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include "heldout.cuh"
namespace cg = cooperative_groups;
extern "C" __global__ void cg_tile2_reduce_scan_double(double *red, double *inc, double *exc) {
    auto tile = cg::tiled_partition<2>(cg::this_thread_block());
    int t = threadIdx.x;
    double x = (double)((int)(hval(t) % 1001) - 500) * 0.125;
    red[t] = cg::reduce(tile, x, cg::plus<double>());
    inc[t] = cg::inclusive_scan(tile, x, cg::plus<double>());
    exc[t] = cg::exclusive_scan(tile, x, cg::plus<double>());
}
