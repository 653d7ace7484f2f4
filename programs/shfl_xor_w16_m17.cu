// Seed 002, section 1.3 (text, no table): with width 16 a butterfly lane mask of 17 reaches past
// the subgroup. Hardware: lanes 0-15 would read a higher lane and keep their own value; lanes 16-31
// read lane (lane ^ 17), which lies in the lower subgroup (lane 16 reads 1, lane 17 reads 0, ...).
#include <cstdio>

// `id` is unused: the seed launches test<<<1, 32>>>(0).
extern "C" __global__ void shfl_xor_w16_m17(int id) {
    int tid = threadIdx.x;
    int value = tid;

    int ret = __shfl_xor_sync(0xFFFFFFFF, value, 17, 16);
    printf("thread id = %d, before shuffle value = %d, after shuffle value=%d\n", tid, value, ret);
}
