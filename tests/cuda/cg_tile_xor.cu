// A kernel, not a program: warpsim compiles it with NVRTC (`warpsim run tests/cuda/cg_tile_xor.cu
// @tests/cuda/cg_tile_xor.args`), which needs cooperative_groups from the CUDA headers. The
// template is instantiated by the name --kernel gives (NVRTC's name expressions).
// Each 16-thread tile sums its values twice: with __shfl_xor_sync of width 16, and with the
// tile's own shfl_xor; each thread also records its tile and rank and the tile's ballot.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <int TILE>
__global__ void tile_allreduce(const int *in, int *sum, int *tile_sum, unsigned *ballot, int *rank)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
    unsigned i = block.thread_rank();
    int v = in[i], w = in[i];
    for (int m = TILE / 2; m > 0; m /= 2) {
        v += __shfl_xor_sync(0xffffffffu, v, m, TILE);
        w += tile.shfl_xor(w, m);
    }
    sum[i] = v;
    tile_sum[i] = w;
    ballot[i] = tile.ballot(in[i] & 1);
    rank[i] = tile.meta_group_rank() * 100 + tile.thread_rank();
}
