// tanh.approx (the SFU's MUFU.TANH on the GPU) in every PTX form over 16,384 inputs: threads
// 0-8191 take random bit patterns (every exponent, denormals, infinities, NaNs), threads
// 8192-16383 the grid k / 1024 for k in -8192..8191 ([-8, 8)). r[f * 16384 + t] = the result's
// bits for form f: 0 tanh.approx.f32, 1 tanh.approx.f16 (of the low half of the bits), 2
// tanh.approx.f16x2, 3 tanh.approx.bf16 (low half), 4 tanh.approx.bf16x2; on the grid the halves
// are the grid value rounded to f16 (1, 2) or bf16 (3, 4), in both halves of a pair.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#define N 16384

extern "C" __global__ void sweep_tanh(const unsigned *bits, unsigned *r)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = t < N / 2 ? __uint_as_float(bits[t]) : (float)((int)t - N / 2 - N / 4) / 1024.0f;
    unsigned h = t < N / 2 ? bits[t] : (unsigned)__half_as_ushort(__float2half_rn(x)) * 0x10001u;
    unsigned b = t < N / 2 ? bits[t] : (unsigned)__bfloat16_as_ushort(__float2bfloat16_rn(x)) * 0x10001u;
    float d;
    unsigned short hs;
    unsigned w;
    asm volatile("tanh.approx.f32 %0, %1;" : "=f"(d) : "f"(x));
    r[t] = __float_as_uint(d);
    asm volatile("tanh.approx.f16 %0, %1;" : "=h"(hs) : "h"((unsigned short)h));
    r[N + t] = hs;
    asm volatile("tanh.approx.f16x2 %0, %1;" : "=r"(w) : "r"(h));
    r[2 * N + t] = w;
    asm volatile("tanh.approx.bf16 %0, %1;" : "=h"(hs) : "h"((unsigned short)b));
    r[3 * N + t] = hs;
    asm volatile("tanh.approx.bf16x2 %0, %1;" : "=r"(w) : "r"(b));
    r[4 * N + t] = w;
}
