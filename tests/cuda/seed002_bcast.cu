// Seed 002 (shared/seeds/002_143ab76cbcb90d1b.txt: "CUDA Warp Shuffle", Yu xin, 2026-07-22),
// section 2.1, broadcasting one lane's value (bcast).
// The article's complete program as printed there, with the #include <cstdio> it leaves out.
#include <cstdio>

__global__ void bcast(int arg) {
    int laneId = threadIdx.x & 0x1f;
    int value;
    // Note unused variable for all threads except lane 0
    if (laneId == 0)        
        value = arg;       
    // Synchronize all threads in warp, and get "value" from lane 0
    value = __shfl_sync(0xffffffff, value, 0);   
    if (value != arg)
        printf("Thread %d failed.\n", threadIdx.x);
}

int main() {
    bcast<<< 1, 32 >>>(1234);
    cudaDeviceSynchronize();

    return 0;
}
