// RMS norm with one warp per row, as llama.cpp's rms_norm_f32 writes it: the sum of squares
// reduced with __shfl_xor_sync, then rsqrtf(mean + eps) (rsqrt.approx.f32) and a weight.
// 64 rows of 128 values x in [0, 1) (rand), scaled by the row so that every binade of the mean
// square from 2^-6 to 2^6 appears.
#define WARP_SIZE 32

static __device__ __forceinline__ float warp_reduce_sum(float x)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        x += __shfl_xor_sync(0xffffffff, x, offset, 32);
    return x;
}

extern "C" __global__ void rms_norm_warp(const float *x, const float *weight, float *dst, const int ncols,
                                         const float eps)
{
    const int row = blockIdx.x;
    const int tid = threadIdx.x;
    const float *xr = x + (size_t)row * ncols;
    const float row_scale = exp2f(0.1875f * row - 6.0f);

    float tmp = 0.0f;
    for (int col = tid; col < ncols; col += WARP_SIZE) {
        const float xi = (xr[col] - 0.5f) * row_scale;
        tmp += xi * xi;
    }
    tmp = warp_reduce_sum(tmp);

    const float mean = tmp / ncols;
    const float scale = rsqrtf(mean + eps);

    for (int col = tid; col < ncols; col += WARP_SIZE)
        dst[(size_t)row * ncols + col] = scale * ((xr[col] - 0.5f) * row_scale) * weight[col];
}
