// thread_block_tile<16>: match_any, match_all, ballot, any, all, shfl_down, shfl_xor, shfl on a tile
#include <cooperative_groups.h>
#include "heldout.cuh"
namespace cg = cooperative_groups;
extern "C" __global__ void cg_tile16_match_shfl_vote(unsigned *out) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int t = threadIdx.x;
    unsigned x = hval(t) % 4;
    int pred = 0;
    unsigned *o = out + 8 * t;
    o[0] = tile.match_any(x);
    o[1] = tile.match_all(t / 16 == 1 ? 5u : x, pred);
    o[2] = (unsigned)pred;
    o[3] = tile.ballot(x == 2);
    o[4] = (unsigned)tile.any(x == 3) | (unsigned)tile.all(x < 4) << 1;
    o[5] = tile.shfl_down(hval(t), 5);
    o[6] = tile.shfl_xor(hval(t), 9);
    o[7] = tile.shfl(hval(t), (int)x + 3);
}
