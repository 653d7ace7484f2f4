// Seed 002, section 1.2: shfl_up by 5 in groups of 16; the 5 lowest lanes of each group keep their own value.
#include <cstdio>

// `id` is unused: the seed launches test<<<1, 32>>>(0).
extern "C" __global__ void shfl_up_w16_d5(int id) {
    int tid = threadIdx.x;
    int value = tid;

    int ret = __shfl_up_sync(0xFFFFFFFF, value, 5, 16);
    printf("thread id = %d, before shuffle value = %d, after shuffle value=%d\n", tid, value, ret);
}
