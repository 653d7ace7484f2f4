// Seed 002 (shared/seeds/002_143ab76cbcb90d1b.txt: "CUDA Warp Shuffle", Yu xin, 2026-07-22),
// section 2.3: the block scan (scan_block) as printed there. The article gives no main() and no
// BLOCK; both are ours: BLOCK 256, n = 500 over two blocks (the tail of the second block is past
// n), inputs 1, 2, 3, ... so every float sum is exact.
#include <cstdio>
#define BLOCK 256

__device__ __forceinline__ float warp_inclusive_scan(float v) {
    #pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        float t = __shfl_up_sync(0xffffffff, v, o);
        if ((threadIdx.x & 31) >= o) v += t;
    }
    return v;
}

__global__ void scan_block(const float* in, float* out, int n) {
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

int main() {
    const int n = 500;
    float h_in[n], h_out[n];
    for (int i = 0; i < n; i++)
        h_in[i] = (float)(i + 1);
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
    scan_block<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(d_in, d_out, n);
    cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        printf("%g%c", h_out[i], i % 10 == 9 ? '\n' : ' ');
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
