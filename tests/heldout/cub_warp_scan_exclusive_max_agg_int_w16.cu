// cub::WarpScan<int, 16>::ExclusiveScan(x, y, INT_MIN, cuda::maximum, aggregate)
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_warp_scan_exclusive_max_agg_int_w16(int *out, int *agg) {
    using WS = cub::WarpScan<int, 16>;
    __shared__ typename WS::TempStorage ts[4];
    int t = threadIdx.x;
    int x = (int)(hval(t) % 1000) - 500, y, a;
    WS(ts[t / 16]).ExclusiveScan(x, y, -2147483647 - 1, cuda::maximum<>{}, a);
    out[t] = y;
    agg[t] = a;
}
