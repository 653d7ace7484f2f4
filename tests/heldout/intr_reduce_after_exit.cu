// __reduce_add_sync / __reduce_max_sync / __ballot_sync after lanes with t % 5 == 0 exit (mask from __activemask)
#include "heldout.cuh"
extern "C" __global__ void intr_reduce_after_exit(unsigned *out) {
    int t = threadIdx.x;
    out[4 * t] = out[4 * t + 1] = out[4 * t + 2] = out[4 * t + 3] = 0xdead;
    if (t % 5 == 0) return;
    unsigned m = __activemask();
    unsigned x = hval(t) % 100000;
    out[4 * t] = m;
    out[4 * t + 1] = __reduce_add_sync(m, x);
    out[4 * t + 2] = (unsigned)__reduce_max_sync(m, (int)x - 50000);
    out[4 * t + 3] = __ballot_sync(m, x & 1);
}
