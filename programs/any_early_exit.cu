// Seed 000, section 5: warp-level early exit with __any_sync. Each lane runs the Collatz
// iteration (x = x even ? x / 2 : 3x + 1) on its own start value until it reaches 1, so
// lanes need very different numbers of steps. The warp keeps looping while ANY lane still
// works; finished lanes sit out the remaining rounds. steps[k] is lane k's own step count,
// rounds[0] the number of loop rounds the warp ran (the largest step count).

extern "C" __global__ void any_early_exit(const unsigned *in, unsigned *steps, unsigned *rounds) {
    unsigned lane = threadIdx.x & 31;
    unsigned x = in[threadIdx.x];
    unsigned count = 0, round = 0;
    bool working = x > 1;

    while (__any_sync(0xffffffffu, working)) {
        if (working) {
            x = (x & 1) ? 3 * x + 1 : x / 2;
            count++;
            working = x > 1;
        }
        round++;
    }
    steps[threadIdx.x] = count;
    if (lane == 0) rounds[0] = round;
}
