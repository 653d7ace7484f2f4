// warpsim bench: divergence. Each iteration runs an inner loop whose trip count depends on the
// lane (0 to 7 steps), then an if/else on the lane's parity with a different full-mask shuffle
// on each side (the H200 merges them into one collective; warpsim does the same), then the warp
// reconverges for a shfl_xor. Exercises the diverged scheduler, reconvergence and merging.
extern "C" __global__ void divergent(unsigned *out, int iters) {
    unsigned lane = threadIdx.x & 31;
    unsigned acc = lane;
    for (int i = 0; i < iters; i++) {
        unsigned trips = (lane + (unsigned)i) & 7u;
        for (unsigned j = 0; j < trips; j++)
            acc = acc * 1664525u + 1013904223u;
        if (lane & 1)
            acc += __shfl_down_sync(0xffffffffu, acc, 1);
        else
            acc ^= __shfl_up_sync(0xffffffffu, acc, 1);
        acc += __shfl_xor_sync(0xffffffffu, acc, 16);
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
