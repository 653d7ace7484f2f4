// Seed 000, section 4: inclusive prefix sum over a warp with __shfl_up_sync (Hillis-Steele,
// 5 steps). Lane k ends with in[0] + ... + in[k]. A lane whose source would be below lane 0
// gets its own value back, so it must skip the add.

extern "C" __global__ void warp_scan(const float *in, float *out) {
    unsigned lane = threadIdx.x & 31;
    float v = in[threadIdx.x];
#pragma unroll
    for (int delta = 1; delta < 32; delta <<= 1) {
        float n = __shfl_up_sync(0xffffffffu, v, delta);
        if (lane >= delta) v += n;  // out-of-range lanes read themselves: skip them
    }
    out[threadIdx.x] = v;
}
