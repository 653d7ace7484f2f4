// Seed 002 (shared/seeds/002_143ab76cbcb90d1b.txt: "CUDA Warp Shuffle", Yu xin, 2026-07-22),
// section 1.1, the first example with the line the article gives for width 16.
// The article's complete program as printed there, with the #include <cstdio> it leaves out.
#include <cstdio>

__global__ static void test(int id) {
    int tid = threadIdx.x;
    int value = tid;

    int ret = __shfl_sync(0xFFFFFFFF, value, 5, 16);
    printf("thread id = %d, before shuffle value = %d, after shuffle value=%d\n", tid, value, ret);
}

int main() {
    test<<<1, 32>>>(0);
    cudaDeviceSynchronize();

    return 0;
}
