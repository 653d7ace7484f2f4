// Seed 000, section 4: the xor butterfly. At step s (1, 2, 4, 8, 16) lane k and lane k ^ s
// swap values; the lane on the left wing (bit s clear) keeps the sum, the right wing the
// difference. After 5 steps the 32 lanes hold a Walsh-Hadamard transform of the input:
// all lanes in, all lanes out (compare warp_reduce_down: all lanes in, one lane out).

extern "C" __global__ void butterfly_fft_step(const float *in, float *out) {
    float v = in[threadIdx.x];
#pragma unroll
    for (int step = 1; step < 32; step <<= 1) {
        float other = __shfl_xor_sync(0xffffffffu, v, step);
        // left wing (bit clear) adds, right wing subtracts
        v = ((threadIdx.x & step) == 0) ? v + other : other - v;
    }
    out[threadIdx.x] = v;
}
