// Seed 000, section 3: warp reduction in 5 steps with __shfl_down_sync.
// Offsets 16, 8, 4, 2, 1: each step folds the upper half of the live lanes onto the lower
// half; after 5 steps lane 0 holds the sum of all 32 values.

__device__ __forceinline__ float warp_reduce(float v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;  // the full sum is in lane 0
}

extern "C" __global__ void warp_reduce_down(const float *in, float *out) {
    unsigned lane = threadIdx.x & 31;
    float v = warp_reduce(in[threadIdx.x]);
    if (lane == 0)
        out[0] = v;
}
