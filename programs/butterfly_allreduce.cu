// Seed 002, section 2.2 (warpReduce): butterfly all-reduce with __shfl_xor_sync.
// Lane k starts with 31 - k; after the 5 xor steps (16, 8, 4, 2, 1) every lane holds the
// sum 0 + 1 + ... + 31 = 496.
#include <cstdio>

extern "C" __global__ void butterfly_allreduce() {
    int laneId = threadIdx.x & 31;
    // Seed starting value as inverse lane ID
    int value = 31 - laneId;

    // Use XOR mode to perform butterfly reduction
    for (int i = 16; i >= 1; i /= 2)
        value += __shfl_xor_sync(0xffffffff, value, i, 32);

    // "value" now contains the sum across all threads
    printf("Thread %d final value = %d\n", threadIdx.x, value);
}
