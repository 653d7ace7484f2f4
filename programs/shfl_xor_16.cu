// Seed 002, section 1.3: xor 16 over the whole warp swaps the two half-warps.
#include <cstdio>

// `id` is unused: the seed launches test<<<1, 32>>>(0).
extern "C" __global__ void shfl_xor_16(int id) {
    int tid = threadIdx.x;
    int value = tid;

    int ret = __shfl_xor_sync(0xFFFFFFFF, value, 16, 32);
    printf("thread id = %d, before shuffle value = %d, after shuffle value=%d\n", tid, value, ret);
}
