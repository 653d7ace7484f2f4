// Seed 002, section 2.1 (bcast): broadcast lane 0's value to the warp with __shfl_sync.
// Only lane 0 sets `value`; the shuffle copies it to every lane. Prints nothing when correct.
//
// One change from the seed: the seed leaves `value` uninitialised in lanes 1-31. nvcc then
// treats the read as undefined and folds it to `arg` in every lane, so its PTX shuffles `arg`
// from all lanes and never shows the broadcast. Starting from 0 keeps lane 0 the only lane
// that holds `arg` before the shuffle, which is what the seed means.
#include <cstdio>

extern "C" __global__ void bcast_lane0(int arg) {
    int laneId = threadIdx.x & 31;
    int value = 0;
    // Note unused variable for all threads except lane 0
    if (laneId == 0)
        value = arg;
    // Synchronize all threads in warp, and get "value" from lane 0
    value = __shfl_sync(0xffffffff, value, 0);
    if (value != arg)
        printf("Thread %d failed.\n", threadIdx.x);
}
