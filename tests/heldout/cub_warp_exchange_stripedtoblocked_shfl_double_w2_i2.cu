// cub::WarpExchange<double, 2, 2, WARP_EXCHANGE_SHUFFLE>: StripedToBlocked then BlockedToStriped (round trip)
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_warp_exchange_stripedtoblocked_shfl_double_w2_i2(double *blocked, double *back) {
    using WE = cub::WarpExchange<double, 2, 2, cub::WARP_EXCHANGE_SHUFFLE>;
    __shared__ typename WE::TempStorage ts[16];
    int t = threadIdx.x, w = t / 2, l = t % 2;
    double v[2];
    for (int i = 0; i < 2; ++i) v[i] = (double)(hval(w * 4 + i * 2 + l) % 100000) + 0.5;
    WE(ts[w]).StripedToBlocked(v, v);
    for (int i = 0; i < 2; ++i) blocked[w * 4 + l * 2 + i] = v[i];
    WE(ts[w]).BlockedToStriped(v, v);
    for (int i = 0; i < 2; ++i) back[w * 4 + i * 2 + l] = v[i];
}
