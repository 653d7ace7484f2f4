// warpsim bench: the 5-step inclusive warp scan (shfl_up 1, 2, 4, 8, 16, lanes below the
// offset keep their value) in a long loop, on a value that depends on the loop counter.
extern "C" __global__ void scan_loop(unsigned *out, int iters) {
    unsigned lane = threadIdx.x & 31;
    unsigned acc = 0;
    for (int i = 0; i < iters; i++) {
        unsigned v = (lane ^ (unsigned)i) + 1u;
#pragma unroll
        for (int off = 1; off < 32; off <<= 1) {
            unsigned u = __shfl_up_sync(0xffffffffu, v, off);
            if (lane >= (unsigned)off)
                v += u;
        }
        acc += v;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
