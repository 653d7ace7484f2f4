// Seed 002, section 2.3 (scan_block): inclusive scan of each block of BLOCK elements.
// Every warp scans its 32 values with shfl_up, the warp tails go to shared memory, warp 0
// scans the tails, and each warp adds the sum of the warps before it. Elements with
// gid >= n read as 0 and are not written. Launch with blockDim == BLOCK.

#define BLOCK 256

__device__ __forceinline__ float warp_inclusive_scan(float v) {
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        float t = __shfl_up_sync(0xffffffff, v, o);
        if ((threadIdx.x & 31) >= o) v += t;
    }
    return v;
}

extern "C" __global__ void block_scan(const float *in, float *out, int n) {
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (gid < n) ? in[gid] : 0;
    v = warp_inclusive_scan(v);

    __shared__ float warp_tails[32];
    int lane = tid & 31, wid = tid >> 5;
    if (lane == 31) warp_tails[wid] = v;
    __syncthreads();

    if (wid == 0) {
        float t = (tid < BLOCK / 32) ? warp_tails[lane] : 0;
        t = warp_inclusive_scan(t);
        if (tid < BLOCK / 32) warp_tails[tid] = t;
    }
    __syncthreads();

    if (wid > 0) v += warp_tails[wid - 1];
    if (gid < n) out[gid] = v;
}
