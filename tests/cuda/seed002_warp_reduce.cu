// Seed 002 (shared/seeds/002_143ab76cbcb90d1b.txt: "CUDA Warp Shuffle", Yu xin, 2026-07-22),
// section 2.2, the butterfly warp reduction (warpReduce).
// The article's complete program as printed there, with the #include <cstdio> it leaves out.
#include <cstdio>

__global__ void warpReduce() {
    int laneId = threadIdx.x & 0x1f;
    // Seed starting value as inverse lane ID
    int value = 31 - laneId;

    // Use XOR mode to perform butterfly reduction
    for (int i=16; i>=1; i/=2)
        value += __shfl_xor_sync(0xffffffff, value, i, 32);

    // "value" now contains the sum across all threads
    printf("Thread %d final value = %d\n", threadIdx.x, value);
}

int main() {
    warpReduce<<< 1, 32 >>>();
    cudaDeviceSynchronize();

    return 0;
}
