// warpsim bench: shared memory with bank conflicts. Each warp owns a row of 1024 words; each
// iteration every lane reads and writes a word at lane * stride with the stride cycling through
// 1, 2, 8 and 32 (1-, 2-, 8- and 32-way bank conflicts), so most accesses replay.
extern "C" __global__ void bank_conflicts(unsigned *out, int iters) {
    __shared__ unsigned tab[4][1024];
    unsigned lane = threadIdx.x & 31, wid = threadIdx.x / 32;
    unsigned *row = tab[wid & 3];
    for (unsigned k = lane; k < 1024; k += 32)
        row[k] = k * 7u;
    __syncwarp();
    unsigned acc = lane;
    for (int i = 0; i < iters; i++) {
        unsigned shift = ((unsigned)i & 3u) == 0 ? 0u : ((unsigned)i & 3u) == 1 ? 1u : ((unsigned)i & 3u) == 2 ? 3u : 5u;
        unsigned idx = ((lane << shift) + (unsigned)i) & 1023u;
        acc += row[idx];
        __syncwarp();
        row[idx] = acc;
        __syncwarp();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
