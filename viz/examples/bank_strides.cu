// Shared-memory bank patterns, one warp, one load each (tests/test_viz.c asserts on their bank
// view; docs/pictures/bank_*.png show them):
//   stride 1, 2, 32 and 33 words, a broadcast, and 64- and 128-bit loads of consecutive elements.
// PTX: nvcc -arch=sm_90 -ptx -lineinfo viz/examples/bank_strides.cu -o viz/examples/bank_strides.ptx
extern "C" __global__ void bank_strides(const float *in, float *out)
{
    __shared__ __align__(16) float s[32 * 33];
    unsigned lane = threadIdx.x;
    for (unsigned i = lane; i < 32 * 33; i += 32)
        s[i] = in[i];
    __syncwarp();
    float v = s[lane];                                     // stride 1: each lane its own bank
    v += s[lane * 2];                                      // stride 2: two lanes on each even bank
    v += s[lane * 32];                                     // stride 32: all 32 lanes on bank 0
    v += s[lane * 33];                                     // stride 33: padded, each lane its own bank again
    v += s[7];                                             // one word for all: a broadcast
    double d = reinterpret_cast<const double *>(s)[lane];  // 64 bits: two half-warp phases
    float4 q = reinterpret_cast<const float4 *>(s)[lane];  // 128 bits: four quarter-warp phases
    out[lane] = v + (float)d + q.x + q.y + q.z + q.w;
}
