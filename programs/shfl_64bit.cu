// Seed 000, section 2: 64-bit values (double, long long) move as two 32-bit shuffles with the
// same lane and width operands. The values differ per lane in both 32-bit halves, so a
// swapped or missing half shows:
//   long long: high word 1000 + lane, low word lane
//   double:    lane + 0.25 + lane * 2^-32 (exact; the lane * 2^-32 part lies in the low word)
// For each type: shfl_down by 3, shfl_xor with 9, and shfl (idx) from lane 30, width 32.

extern "C" __global__ void shfl_64bit(long long *ll_down, long long *ll_xor, long long *ll_idx,
                                      double *d_down, double *d_xor, double *d_idx) {
    unsigned lane = threadIdx.x & 31;
    long long x = ((long long)(1000 + lane) << 32) | lane;
    double d = (lane + 0.25) + lane * 0x1p-32;

    ll_down[lane] = __shfl_down_sync(0xffffffffu, x, 3);  // lanes 29-31 keep their own
    ll_xor[lane] = __shfl_xor_sync(0xffffffffu, x, 9);
    ll_idx[lane] = __shfl_sync(0xffffffffu, x, 30);
    d_down[lane] = __shfl_down_sync(0xffffffffu, d, 3);
    d_xor[lane] = __shfl_xor_sync(0xffffffffu, d, 9);
    d_idx[lane] = __shfl_sync(0xffffffffu, d, 30);
}
