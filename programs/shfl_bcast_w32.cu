// Seed 002, section 1.1, first example: __shfl_sync broadcasts lane 5 to the whole warp (width 32).
#include <cstdio>

// `id` is unused: the seed launches test<<<1, 32>>>(0).
extern "C" __global__ void shfl_bcast_w32(int id) {
    int tid = threadIdx.x;
    int value = tid;

    int ret = __shfl_sync(0xFFFFFFFF, value, 5, 32);
    printf("thread id = %d, before shuffle value = %d, after shuffle value=%d\n", tid, value, ret);
}
