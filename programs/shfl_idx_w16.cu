// Seed 002, section 1.1: width 16 splits the warp into two groups; each reads its own lane 5 (5 and 21).
#include <cstdio>

// `id` is unused: the seed launches test<<<1, 32>>>(0).
extern "C" __global__ void shfl_idx_w16(int id) {
    int tid = threadIdx.x;
    int value = tid;

    int ret = __shfl_sync(0xFFFFFFFF, value, 5, 16);
    printf("thread id = %d, before shuffle value = %d, after shuffle value=%d\n", tid, value, ret);
}
