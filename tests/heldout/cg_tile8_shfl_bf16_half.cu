// thread_block_tile<8>: shfl / shfl_up / shfl_xor on __nv_bfloat16, __half and double
#include <cooperative_groups.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include "heldout.cuh"
namespace cg = cooperative_groups;
extern "C" __global__ void cg_tile8_shfl_bf16_half(unsigned short *bf, unsigned short *h2, double *d) {
    auto tile = cg::tiled_partition<8>(cg::this_thread_block());
    int t = threadIdx.x;
    unsigned x = hval(t);
    __nv_bfloat16 b = __int2bfloat16_rn((int)(x % 200) - 100);
    bf[t] = __bfloat16_as_ushort(tile.shfl(b, 6));
    __half hv = __int2half_rn((int)(x % 100) - t);  // __half2 is not trivially copyable: cg refuses it
    h2[t] = __half_as_ushort(tile.shfl_up(hv, 3));
    d[t] = tile.shfl_xor((double)x * 0.5, 5);
}
