// Planted bug: a shuffle executed by lanes outside its own membermask, in divergent code.
// Lanes 0-15 take the branch, but the membermask names only lanes 0-7: lanes 8-15 execute a
// shfl.sync they are not members of (undefined), and lane 7 reads lane 8, outside the mask.
// warpsim: not-in-membermask (lanes 8-15) and shfl-source-outside-membermask (lane 7).
extern "C" __global__ void bug_shfl_mask(int *out) {
    unsigned lane = threadIdx.x & 31;
    int v = lane * 10;
    if (lane < 16)
        v = __shfl_down_sync(0x000000ffu, v, 1);
    out[threadIdx.x] = v;
}
