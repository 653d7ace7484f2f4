// A kernel of your own, for README.md's "Your own kernel": a shfl_down reduction in segments of
// WIDTH lanes. warpsim compiles it with NVRTC and instantiates the template --kernel names:
//   warpsim run examples/reduce.cu --kernel 'reduce<16>' in=f32[32]:iota out=f32[2]
// prints out: 120 376 (the sums of 0..15 and 16..31).
template <int WIDTH>
__global__ void reduce(const float *in, float *out)
{
    float v = in[threadIdx.x];
    for (int d = WIDTH / 2; d > 0; d /= 2)
        v += __shfl_down_sync(0xffffffffu, v, d, WIDTH);
    if (threadIdx.x % WIDTH == 0)
        out[threadIdx.x / WIDTH] = v;
}
