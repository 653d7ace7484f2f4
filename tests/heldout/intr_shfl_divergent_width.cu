// __shfl_sync / __shfl_up_sync / __shfl_xor_sync with width 8 inside a branch taken by lanes 8-23 only (mask 0x00ffff00)
#include "heldout.cuh"
extern "C" __global__ void intr_shfl_divergent_width(int *out) {
    int t = threadIdx.x;
    int x = (int)hval(t);
    out[3 * t] = out[3 * t + 1] = out[3 * t + 2] = -1;
    if (t >= 8 && t < 24) {
        unsigned m = 0x00ffff00u;
        out[3 * t] = __shfl_sync(m, x, t % 3, 8);
        out[3 * t + 1] = __shfl_up_sync(m, x, 2, 8);
        out[3 * t + 2] = __shfl_xor_sync(m, x, 3, 8);
    }
}
