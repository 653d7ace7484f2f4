// Planted bug: a shared-memory race. Two warps: every thread writes s[t], then (with the
// __syncthreads() missing) reads s[63 - t], which the other warp writes.
// warpsim: shared-race (read-after-write and write-after-read between warps 0 and 1).
extern "C" __global__ void bug_shared_race(int *out) {
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = (int)t;
    // __syncthreads(); is missing here
    out[t] = s[63 - t];
}
