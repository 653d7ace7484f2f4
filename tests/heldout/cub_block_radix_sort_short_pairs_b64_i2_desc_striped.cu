// cub::BlockRadixSort<short, 64, 2, int>::SortDescendingBlockedToStriped (keys and values; duplicate keys: stable)
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_block_radix_sort_short_pairs_b64_i2_desc_striped(short *keys, int *vals) {
    using BRS = cub::BlockRadixSort<short, 64, 2, int>;
    __shared__ typename BRS::TempStorage ts;
    int t = threadIdx.x;
    short k[2];
    int v[2];
    for (int i = 0; i < 2; ++i) { k[i] = (short)((int)(hval(2 * t + i) % 61) - 30); v[i] = 2 * t + i; }
    BRS(ts).SortDescendingBlockedToStriped(k, v);
    for (int i = 0; i < 2; ++i) { keys[i * 64 + t] = k[i]; vals[i * 64 + t] = v[i]; }
}
