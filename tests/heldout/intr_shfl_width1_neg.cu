// __shfl_sync width 1 (every lane its own segment), __shfl_up_sync / __shfl_down_sync by 0 and by 31, __shfl_xor_sync by 31
#include "heldout.cuh"
extern "C" __global__ void intr_shfl_width1_neg(int *out) {
    int t = threadIdx.x;
    int x = (int)hval(t);
    int *o = out + 6 * t;
    o[0] = __shfl_sync(0xffffffffu, x, 5, 1);
    o[1] = __shfl_up_sync(0xffffffffu, x, 0);
    o[2] = __shfl_down_sync(0xffffffffu, x, 31);
    o[3] = __shfl_up_sync(0xffffffffu, x, 31);
    o[4] = __shfl_xor_sync(0xffffffffu, x, 31);
    o[5] = __shfl_down_sync(0xffffffffu, x, 1, 1);
}
