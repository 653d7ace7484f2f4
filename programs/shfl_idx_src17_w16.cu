// Seed 002, section 1.1: srcLane 17 >= width 16 wraps inside the subgroup (srcLane % width = 1: lanes read 1 and 17).
#include <cstdio>

// `id` is unused: the seed launches test<<<1, 32>>>(0).
extern "C" __global__ void shfl_idx_src17_w16(int id) {
    int tid = threadIdx.x;
    int value = tid;

    int ret = __shfl_sync(0xFFFFFFFF, value, 17, 16);
    printf("thread id = %d, before shuffle value = %d, after shuffle value=%d\n", tid, value, ret);
}
