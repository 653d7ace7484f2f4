// thread_block_tile<32>: cg::reduce and cg::inclusive_scan with a lambda (wrapping multiply), exclusive_scan(plus) of unsigned
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include "heldout.cuh"
namespace cg = cooperative_groups;
extern "C" __global__ void cg_tile32_lambda_reduce_scan(unsigned *red, unsigned *inc, unsigned *exc) {
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int t = threadIdx.x;
    unsigned x = hval(t) | 1u;
    auto mul = [](unsigned a, unsigned b) { return a * b; };
    red[t] = cg::reduce(tile, x, mul);
    inc[t] = cg::inclusive_scan(tile, x, mul);
    exc[t] = cg::exclusive_scan(tile, x);
}
