// Planted bug: a shared-memory read of words nobody wrote. Only threads 0-15 fill s[], then
// every thread reads s[t]: lanes 16-31 read uninitialized shared memory.
// warpsim: uninitialized-shared (lanes 16-31).
extern "C" __global__ void bug_uninit_shared(int *out) {
    __shared__ int s[32];
    unsigned t = threadIdx.x;
    if (t < 16)
        s[t] = (int)t * 3;
    __syncthreads();
    out[t] = s[t];
}
