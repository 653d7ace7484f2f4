// Seed 000, section 3: block reduction. Each warp reduces its 32 values with 5 shfl_down
// steps, lane 0 of each warp posts its sum to shared memory, one barrier, then the first
// warp reduces the (up to) 32 warp sums. Shuffles inside a warp, shared memory between warps.
// Launch with blockDim 1024 (32 warps, so every warp_sum slot is written); block b writes
// out[b].

__device__ __forceinline__ float warp_reduce(float v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;  // the full sum is in lane 0
}

extern "C" __global__ void block_reduce(const float *in, float *out) {
    unsigned lane = threadIdx.x & 31;
    unsigned wid = threadIdx.x / 32;
    float v = warp_reduce(in[blockIdx.x * blockDim.x + threadIdx.x]);  // 5 steps per warp

    __shared__ float warp_sum[32];
    if (lane == 0)
        warp_sum[wid] = v;
    __syncthreads();

    v = (wid == 0) ? warp_reduce(warp_sum[lane]) : 0.0f;
    // v is now the block's sum, in thread 0
    if (threadIdx.x == 0)
        out[blockIdx.x] = v;
}
