// cub::BlockHistogram<unsigned char, 64, 4, 16, BLOCK_HISTO_SORT> and BLOCK_HISTO_ATOMIC: 16 bins of unsigned char samples
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_block_histogram_sort_uchar_b64_i4_bins16(unsigned *sorted_h, unsigned *atomic_h) {
    using BHS = cub::BlockHistogram<unsigned char, 64, 4, 16, cub::BLOCK_HISTO_SORT>;
    using BHA = cub::BlockHistogram<unsigned char, 64, 4, 16, cub::BLOCK_HISTO_ATOMIC>;
    __shared__ typename BHS::TempStorage ts;
    __shared__ unsigned hs[16], ha[16];
    int t = threadIdx.x;
    unsigned char s[4];
    for (int i = 0; i < 4; ++i) s[i] = (unsigned char)(hval(4 * t + i) % 16);
    BHS(ts).Histogram(s, hs);
    __syncthreads();
    BHA().Histogram(s, ha);
    __syncthreads();
    if (t < 16) { sorted_h[t] = hs[t]; atomic_h[t] = ha[t]; }
}
