// Seed 000, section 1, "the old way": the same 32-value reduction as warp_reduce_down, but
// lanes exchange values through a shared-memory mailbox. Each of the 5 halving rounds is
// "store the upper half, barrier, load the partner": st.shared, bar.sync, ld.shared.
// Launch with one warp (block 32).

extern "C" __global__ void mailbox_reduce(const float *in, float *out) {
    __shared__ float mailbox[32];
    unsigned lane = threadIdx.x & 31;
    float v = in[threadIdx.x];

    for (unsigned half = 16; half > 0; half >>= 1) {
        // Lanes half..2*half-1 post their value. Slots written in this round were not read
        // in the previous round (that round read slots 2*half..4*half-1), so one barrier
        // per round is enough.
        if (lane >= half && lane < 2 * half)
            mailbox[lane] = v;
        __syncthreads();
        if (lane < half)
            v += mailbox[lane + half];
    }
    if (lane == 0)
        out[0] = v;
}
