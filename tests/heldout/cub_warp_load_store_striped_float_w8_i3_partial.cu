// cub::WarpLoad<float, 3, WARP_LOAD_STRIPED, 8> with 19 valid items and oob default -1, then WarpStore striped of 17
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_warp_load_store_striped_float_w8_i3_partial(float *out) {
    using WL = cub::WarpLoad<float, 3, cub::WARP_LOAD_STRIPED, 8>;
    using WSt = cub::WarpStore<float, 3, cub::WARP_STORE_STRIPED, 8>;
    __shared__ float src[64];
    __shared__ typename WL::TempStorage tl[2];
    __shared__ typename WSt::TempStorage tst[2];
    int t = threadIdx.x, w = t / 8;
    for (int i = t; i < 64; i += 16) src[i] = (float)(hval(i) % 1000);
    for (int i = t; i < 48; i += 16) out[i] = 7.0f;
    __syncthreads();
    float v[3];
    WL(tl[w]).Load(src + w * 24, v, 19, -1.0f);
    for (int i = 0; i < 3; ++i) v[i] = v[i] * 2.0f + (float)i;
    WSt(tst[w]).Store(out + w * 24, v, 17);
}
