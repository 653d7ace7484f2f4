// Layer norm with one warp per row, as llama.cpp's norm_f32 and PyTorch's warp LayerNorm write
// it: the sum and the sum of squares reduced with __shfl_xor_sync, then rsqrtf(var + eps)
// (rsqrt.approx.f32), a gain and a bias. 48 rows of 160 values x in [0, 1) (rand), shifted to
// [-2, 2) so that the variances differ from row to row.
#define WARP_SIZE 32

#ifdef WRITE_OUT_FFMA /* layer_norm_warp_fma.cu: mean square - mean * mean as the FFMA ptxas makes */
#define LAYER_NORM layer_norm_warp_fma
#define MEAN_SQUARE_MINUS(ms, m) __fmaf_rn(-(m), m, ms)
#else
#define LAYER_NORM layer_norm_warp
#define MEAN_SQUARE_MINUS(ms, m) (ms - m * m)
#endif

static __device__ __forceinline__ float2 warp_reduce_sum(float2 a)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) {
        a.x += __shfl_xor_sync(0xffffffff, a.x, offset, 32);
        a.y += __shfl_xor_sync(0xffffffff, a.y, offset, 32);
    }
    return a;
}

extern "C" __global__ void LAYER_NORM(const float *x, const float *gamma, const float *beta, float *dst,
                                           const int ncols, const float eps)
{
    const int row = blockIdx.x;
    const int tid = threadIdx.x;
    const float *xr = x + (size_t)row * ncols;

    float2 mean_var = make_float2(0.0f, 0.0f);
    for (int col = tid; col < ncols; col += WARP_SIZE) {
        const float xi = 4.0f * xr[col] - 2.0f + 0.25f * row;
        mean_var.x += xi;
        mean_var.y += xi * xi;
    }
    mean_var = warp_reduce_sum(mean_var);

    const float mean = mean_var.x / ncols;
    const float var = MEAN_SQUARE_MINUS(mean_var.y / ncols, mean);
    const float inv_std = rsqrtf(var + eps);

    for (int col = tid; col < ncols; col += WARP_SIZE) {
        const float xi = 4.0f * xr[col] - 2.0f + 0.25f * row;
        dst[(size_t)row * ncols + col] = (xi - mean) * inv_std * gamma[col] + beta[col];
    }
}
