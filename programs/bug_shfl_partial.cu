// Planted bug: a full-mask shuffle inside a branch that only half of the warp takes. Lanes
// 16-31 are in the membermask but never arrive (on the H200 lanes 0-15 read 0 from them).
// warpsim: membermask-never-arrived (lanes 16-31), shfl-source-not-executing (lanes 0-15).
extern "C" __global__ void bug_shfl_partial(int *out) {
    unsigned lane = threadIdx.x & 31;
    int v = lane + 100;
    if (lane < 16)
        v = __shfl_xor_sync(0xffffffffu, v, 16);
    out[threadIdx.x] = v;
}
