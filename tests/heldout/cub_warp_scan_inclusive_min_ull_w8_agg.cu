// cub::WarpScan<unsigned long long, 8>::InclusiveScan(x, y, cuda::minimum, aggregate): 64-bit values above 2^32
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_warp_scan_inclusive_min_ull_w8_agg(unsigned long long *out, unsigned long long *agg) {
    using WS = cub::WarpScan<unsigned long long, 8>;
    __shared__ typename WS::TempStorage ts[8];
    int t = threadIdx.x;
    unsigned long long x = ((unsigned long long)hval(t) << 32) | hval(t + 1000), y, a;
    WS(ts[t / 8]).InclusiveScan(x, y, cuda::minimum<>{}, a);
    out[t] = y;
    agg[t] = a;
}
