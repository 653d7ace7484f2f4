// cub::BlockRadixSort<double, 32, 2, int>::SortBlockedToStriped: negatives, -0.0 and +0.0 mixed (keys written as bits; values: original index)
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_block_radix_sort_double_zero_b32_i2_striped(unsigned long long *keys, int *vals) {
    using BRS = cub::BlockRadixSort<double, 32, 2, int>;
    __shared__ typename BRS::TempStorage ts;
    int t = threadIdx.x;
    double k[2];
    int v[2];
    for (int i = 0; i < 2; ++i) {
        unsigned h = hval(2 * t + i);
        int q = (int)(h % 9) - 4;
        k[i] = q == 0 ? ((h >> 8) & 1 ? -0.0 : 0.0) : (double)q * 1.5;
        v[i] = 2 * t + i;
    }
    BRS(ts).SortBlockedToStriped(k, v);
    for (int i = 0; i < 2; ++i) { keys[i * 32 + t] = (unsigned long long)__double_as_longlong(k[i]); vals[i * 32 + t] = v[i]; }
}
