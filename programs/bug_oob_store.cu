// Planted bug: an off-by-four global store. out has 32 elements; thread t writes out[t + 4],
// so lanes 28-31 store past the end of the buffer.
// warpsim: out-of-bounds (lanes 28-31).
extern "C" __global__ void bug_oob_store(int *out) {
    unsigned t = threadIdx.x;
    out[t + 4] = (int)t;
}
