// Seed 000, section 2: width 16 turns one warp into two independent 16-lane groups, so one
// loop of __shfl_down_sync(..., width 16) does two 16-point reductions at once (4 steps:
// offsets 8, 4, 2, 1). Values are doubles: each 64-bit shuffle is two 32-bit shuffles.
// Lane 0 writes the sum of lanes 0-15 to out[0], lane 16 the sum of lanes 16-31 to out[1].

extern "C" __global__ void reduce_w16_pair(const double *in, double *out) {
    unsigned lane = threadIdx.x & 31;
    double v = in[threadIdx.x];
#pragma unroll
    for (int offset = 8; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset, 16);
    if ((lane & 15) == 0)
        out[lane / 16] = v;
}
