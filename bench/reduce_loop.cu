// warpsim bench: the 5-step warp reduction (shfl_down 16, 8, 4, 2, 1) in a long loop.
// Each iteration reduces a value that depends on the loop counter, so nothing can be hoisted;
// the warp stays converged. out[thread] = xor of every iteration's reduced value (lane 0 holds
// the full sums, other lanes partial ones: all deterministic).
extern "C" __global__ void reduce_loop(unsigned *out, int iters) {
    unsigned lane = threadIdx.x & 31;
    unsigned acc = 0;
    for (int i = 0; i < iters; i++) {
        unsigned v = lane * 2654435761u + (unsigned)i;
#pragma unroll
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, off);
        acc ^= v;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
