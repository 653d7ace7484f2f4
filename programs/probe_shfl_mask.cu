// Lanes that execute a shfl.sync outside its membermask (undefined behaviour): what does the GPU
// do? mode 0: all 32 lanes run __shfl_down_sync(0xff, v, 1) (converged); 1: lanes 0-15 run it
// (divergent: bug_shfl_mask); 2: lanes 0-15 run __shfl_xor_sync(0xff, v, 1) (no source outside
// the mask); 3: all 32 lanes run __shfl_sync(0xff, v, 0). Not a golden: run on the GPU by
// scripts/gpu-probes.sh, results in docs/hardware.md.
extern "C" __global__ void probe_shfl_mask(int *out, int mode)
{
    unsigned lane = threadIdx.x & 31;
    int v = lane * 10;
    if (mode == 0)
        v = __shfl_down_sync(0x000000ffu, v, 1);
    else if (mode == 1) {
        if (lane < 16)
            v = __shfl_down_sync(0x000000ffu, v, 1);
    } else if (mode == 2) {
        if (lane < 16)
            v = __shfl_xor_sync(0x000000ffu, v, 1);
    } else
        v = __shfl_sync(0x000000ffu, v, 0);
    out[threadIdx.x] = v;
}
