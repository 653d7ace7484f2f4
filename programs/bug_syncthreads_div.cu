// Planted bug: __syncthreads() in divergent code. Block of 64 threads: threads 0-39 reach the
// barrier (all of warp 0, lanes 0-7 of warp 1); lanes 8-31 of warp 1 skip it.
// warpsim: barrier-divergent (warp 1, lanes 0-7).
extern "C" __global__ void bug_syncthreads_div(int *out) {
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = (int)t;
    if (t < 40) {
        __syncthreads();
        out[t] = s[63 - t];
    }
}
