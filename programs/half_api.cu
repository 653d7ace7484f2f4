// cuda_fp16.h and cuda_bf16.h as a user calls them: the exactly rounded functions (arithmetic,
// fused multiply-add with saturation and relu, comparisons, min/max, conversions with each
// rounding mode, packing), each thread on its own inputs: x[t] and y[t] as two __half2 / two
// __nv_bfloat162, f[2t] and f[2t+1] as floats. out[t * K + k] = the bits of result k (list in the body).
// Left out: the functions built on .approx instructions (hexp, hlog, hsqrt, hrcp, h2sin, __hdiv,
// htanh_approx ...: not bit-exact, see sweep_approx), and the shuffles of halves (__shfl_*_sync
// of __half, whose PTX names WARP_SZ).
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#define K 64

extern "C" __global__ void half_api(const unsigned *x, const unsigned *y, const float *f, unsigned *out)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned *o = out + t * K;
    unsigned xv = x[t], yv = y[t];
    __half2 X = *(const __half2 *)&xv, Y = *(const __half2 *)&yv;
    __half a = __low2half(X), b = __high2half(X), c = __low2half(Y);
    __nv_bfloat162 P = *(const __nv_bfloat162 *)&xv, Q = *(const __nv_bfloat162 *)&yv;
    __nv_bfloat16 p = __low2bfloat16(P), q = __high2bfloat16(P), r = __low2bfloat16(Q);
    // signed, scaled by 2^-12..2^19 (exact): across the f16 subnormals, ties and overflow
    float fa = (f[2 * t] - 0.5f) * ldexpf(1.0f, (int)(xv & 31) - 12), fb = (f[2 * t + 1] - 0.5f) * ldexpf(1.0f, (int)(yv & 31) - 12);
    int k = 0;
#define H(v) o[k++] = (unsigned)__half_as_ushort(v)
#define H2(v) { __half2 v_ = (v); o[k++] = *(unsigned *)&v_; }
#define B(v) o[k++] = (unsigned)__bfloat16_as_ushort(v)
#define B2(v) { __nv_bfloat162 v_ = (v); o[k++] = *(unsigned *)&v_; }
    H(__hadd(a, b)); H(__hsub(a, b)); H(__hmul(a, b)); H(__hfma(a, b, c));               // 0-3
    H(__hadd_sat(a, b)); H(__hfma_sat(a, b, c)); H(__hfma_relu(a, b, c)); H(__hneg(a));   // 4-7
    H(__habs(a)); H(__hmax(a, b)); H(__hmin(a, b)); H(__hmax_nan(a, b));                  // 8-11
    H2(__hadd2(X, Y)); H2(__hmul2(X, Y)); H2(__hfma2(X, Y, X)); H2(__hfma2_relu(X, Y, X)); // 12-15
    H2(__hsub2_sat(X, Y)); H2(__hmin2_nan(X, Y)); H2(__habs2(X)); H2(__hneg2(X));          // 16-19
    B(__hadd(p, q)); B(__hsub(p, q)); B(__hmul(p, q)); B(__hfma(p, q, r));                 // 20-23
    B(__hfma_relu(p, q, r)); B(__hmax(p, q)); B(__hmin_nan(p, q)); B(__habs(p));           // 24-27
    B2(__hadd2(P, Q)); B2(__hfma2(P, Q, P)); B2(__hmax2(P, Q)); B2(__hneg2(P));            // 28-31
    o[k++] = __heq(a, b) | __hlt(a, b) << 1 | __hgeu(a, b) << 2 | __hisnan(a) << 3 | __hisinf(a) << 4 |
             __hbgt2(X, Y) << 5 | __hbleu2(X, Y) << 6;                                    // 32
    o[k++] = __heq(p, q) | __hlt(p, q) << 1 | __hgeu(p, q) << 2 | __hisnan(p) << 3 | __hisinf(p) << 4 |
             __hbgt2(P, Q) << 5 | __hbleu2(P, Q) << 6;                                    // 33
    H2(__hlt2(X, Y)); o[k++] = __hgeu2_mask(X, Y); B2(__hne2(P, Q)); o[k++] = __hlt2_mask(P, Q); // 34-37
    H(__float2half_rn(fa)); H(__float2half_rz(fa)); H(__float2half_rd(fa)); H(__float2half_ru(fa)); // 38-41
    B(__float2bfloat16_rn(fa)); B(__float2bfloat16_rz(fa)); B(__float2bfloat16_rd(fa)); B(__float2bfloat16_ru(fa)); // 42-45
    H2(__floats2half2_rn(fa, fb)); B2(__floats2bfloat162_rn(fa, fb));                       // 46-47
    float2 F = __half22float2(X);
    o[k++] = __float_as_uint(F.x); o[k++] = __float_as_uint(F.y);                          // 48-49
    o[k++] = __float_as_uint(__bfloat162float(p));                                          // 50
    o[k++] = (unsigned)__half2int_rn(a); o[k++] = (unsigned)__half2int_rd(b);               // 51-52
    o[k++] = __half2uint_ru(a); o[k++] = (unsigned)__half2short_rz(b) & 0xffffu;             // 53-54
    o[k++] = (unsigned)__bfloat162int_rn(p); o[k++] = (unsigned)__bfloat162ll_rz(q);        // 55-56
    H(__int2half_rn((int)xv >> 16)); H(__uint2half_rz(yv >> 12)); H(__ll2half_rd((long long)(int)xv)); // 57-59
    B(__int2bfloat16_rn((int)yv)); B(__ull2bfloat16_rn((unsigned long long)xv << 24 | yv));  // 60-61
    H(hrint(a)); H(hfloor(b));                                                               // 62-63
}
