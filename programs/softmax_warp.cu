// Row softmax with one warp per row, as llama.cpp's soft_max_f32 and PyTorch's warp softmax
// write it: a max reduction and a sum reduction with __shfl_xor_sync, expf (nvcc: ex2.approx.ftz
// after an fma range reduction) and one reciprocal of the sum. 64 rows of 96 logits
// x * scale, x in [0, 1) (rand), scale 12: every exp lands on a different 2^k.
#define WARP_SIZE 32

#ifdef WRITE_OUT_FFMA /* softmax_warp_fma.cu: x * scale - max as the FFMA ptxas makes of it */
#define SOFTMAX softmax_warp_fma
#define LOGIT_MINUS_MAX(x) __fmaf_rn(x, scale, -max_val)
#else
#define SOFTMAX softmax_warp
#define LOGIT_MINUS_MAX(x) (x * scale - max_val)
#endif

static __device__ __forceinline__ float warp_reduce_max(float x)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        x = fmaxf(x, __shfl_xor_sync(0xffffffff, x, offset, 32));
    return x;
}

static __device__ __forceinline__ float warp_reduce_sum(float x)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        x += __shfl_xor_sync(0xffffffff, x, offset, 32);
    return x;
}

extern "C" __global__ void SOFTMAX(const float *x, float *dst, const int ncols, const float scale)
{
    const int row = blockIdx.x;
    const int tid = threadIdx.x;
    const float *xr = x + (size_t)row * ncols;
    float *dr = dst + (size_t)row * ncols;

    float max_val = -INFINITY;
    for (int col = tid; col < ncols; col += WARP_SIZE)
        max_val = fmaxf(max_val, xr[col] * scale);
    max_val = warp_reduce_max(max_val);

    float tmp = 0.0f;
    for (int col = tid; col < ncols; col += WARP_SIZE) {
        const float val = expf(LOGIT_MINUS_MAX(xr[col]));
        tmp += val;
        dr[col] = val;
    }
    tmp = warp_reduce_sum(tmp);

    const float inv_sum = 1.0f / tmp;
    for (int col = tid; col < ncols; col += WARP_SIZE)
        dr[col] *= inv_sum;
}
