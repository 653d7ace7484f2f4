// cub::WarpScan<double, 4>::ExclusiveScan(x, y, -100.0, cuda::maximum) and InclusiveScan(x, y, cuda::minimum, aggregate)
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_warp_scan_exclusive_init_max_double_w4(double *ex, double *inc, double *agg) {
    using WS = cub::WarpScan<double, 4>;
    __shared__ typename WS::TempStorage ts[8];
    int t = threadIdx.x;
    double x = (double)((int)(hval(t) % 801) - 400) * 0.25, y, z, a;
    WS(ts[t / 4]).ExclusiveScan(x, y, -100.0, cuda::maximum<>{});
    WS(ts[t / 4]).InclusiveScan(x, z, cuda::minimum<>{}, a);
    ex[t] = y;
    inc[t] = z;
    agg[t] = a;
}
