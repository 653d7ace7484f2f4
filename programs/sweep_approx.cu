// The .approx float functions (the SFU's MUFU on the GPU) over 16,384 inputs: threads 0-8191
// take random bit patterns (every exponent, denormals, infinities, NaNs), threads 8192-16383
// the grid k / 1024 for k in -8192..8191 ([-8, 8)). r[f * 16384 + t] = the result's bits for
// function f: 0 rcp.approx.f32, 1 rcp.approx.ftz.f32, 2 sqrt.approx.f32, 3 sqrt.approx.ftz.f32,
// 4 rsqrt.approx.f32, 5 rsqrt.approx.ftz.f32, 6 ex2.approx.f32, 7 ex2.approx.ftz.f32,
// 8 lg2.approx.f32, 9 lg2.approx.ftz.f32, 10 sin.approx.f32, 11 cos.approx.f32.
#define N 16384

#define APPROX(F, OP)                                                        \
    asm volatile(OP " %0, %1;" : "=f"(d) : "f"(x));                          \
    r[(F) * N + t] = __float_as_uint(d);

extern "C" __global__ void sweep_approx(const unsigned *bits, unsigned *r)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = t < N / 2 ? __uint_as_float(bits[t]) : (float)((int)t - N / 2 - N / 4) / 1024.0f;
    float d;
    APPROX(0, "rcp.approx.f32")
    APPROX(1, "rcp.approx.ftz.f32")
    APPROX(2, "sqrt.approx.f32")
    APPROX(3, "sqrt.approx.ftz.f32")
    APPROX(4, "rsqrt.approx.f32")
    APPROX(5, "rsqrt.approx.ftz.f32")
    APPROX(6, "ex2.approx.f32")
    APPROX(7, "ex2.approx.ftz.f32")
    APPROX(8, "lg2.approx.f32")
    APPROX(9, "lg2.approx.ftz.f32")
    APPROX(10, "sin.approx.f32")
    APPROX(11, "cos.approx.f32")
}
