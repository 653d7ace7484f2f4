// Planted bug: a misaligned 4-byte load. Thread 5 reads an int at byte offset 22.
// warpsim: misaligned (lane 5).
extern "C" __global__ void bug_misaligned(const char *in, int *out) {
    unsigned t = threadIdx.x;
    const int *p = (const int *)(in + t * 4 + (t == 5 ? 2 : 0));
    out[t] = *p;
}
