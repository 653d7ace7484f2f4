// GELU with the tanh approximation as FasterTransformer writes it (tanh_opt: tanh.approx.f32 by
// inline assembly on sm_75 and later; its half2 version tanh.approx.f16x2), on 8,192 floats and
// 4,096 half pairs: x in [-6, 6) from rand values in [0, 1). The half2 arithmetic is written with
// the _rn intrinsics (mul.rn/add.rn.f16x2), which ptxas does not contract into HFMA2: with
// __hmul2/__hadd2 it fuses some multiply-adds and the result depends on its schedule.
#include <cuda_fp16.h>

static __device__ __forceinline__ float tanh_opt(float x)
{
    float r;
    asm("tanh.approx.f32 %0,%1; \n\t" : "=f"(r) : "f"(x));
    return r;
}

static __device__ __forceinline__ half2 tanh_opt(half2 x)
{
    half2 r;
    asm("tanh.approx.f16x2 %0,%1; \n\t" : "=r"(*(unsigned *)&r) : "r"(*(const unsigned *)&x));
    return r;
}

static __device__ __forceinline__ float gelu(float x)
{
    const float cdf = 0.5f * (1.0f + tanh_opt((0.7978845608028654f * (x + 0.044715f * x * x * x))));
    return x * cdf;
}

static __device__ __forceinline__ half2 gelu(half2 x)
{
    const half2 c0 = __float2half2_rn(0.7978845608028654f), c1 = __float2half2_rn(0.044715f);
    const half2 one = __float2half2_rn(1.0f), half = __float2half2_rn(0.5f);
    const half2 x3 = __hmul2_rn(x, __hmul2_rn(x, x));
    const half2 inner = __hmul2_rn(c0, __hadd2_rn(x, __hmul2_rn(c1, x3)));
    const half2 cdf = __hmul2_rn(half, __hadd2_rn(one, tanh_opt(inner)));
    return __hmul2_rn(x, cdf);
}

extern "C" __global__ void gelu_tanh_warp(const float *in, float *out, half2 *out_h)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float x = in[i] * 12.0f - 6.0f;
    out[i] = gelu(x);
    if (i < 4096) {
        const float y = in[i + 4096] * 12.0f - 6.0f;
        out_h[i] = gelu(__floats2half2_rn(x, y));
    }
}
