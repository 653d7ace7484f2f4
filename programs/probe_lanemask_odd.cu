// Per-lane membermasks that the CUDA rules call undefined or that may fault or hang: one case
// per launch (mode), so that a fault or a hang loses only that case. out[lane] = the result,
// out[32 + lane] = 1 for each lane that got past the collective.
//  0 overlapping: lanes 0-15 name the full warp, lanes 16-31 their half: redux add
//  1 the same: ballot
//  2 nested: lanes 0-7 name 0xff, lanes 8-31 the full warp: redux add
//  3 lane 5 not in its own mask (0xffffffdf), every other lane the full warp: redux add
//  4 the same: ballot
//  5 the same: shfl idx 0
//  6 lanes 0-15 run it with the full mask (16-31 take the other branch): redux add
//  7 the same: ballot
//  8 the same: shfl down 1
//  9 the same: __syncwarp(full), then a shared-memory read of lane ^ 1
// 10 overlapping as 0: shfl idx lane ^ 16
// 11 swapped halves: lanes 0-15 name 0xffff0000, lanes 16-31 0x0000ffff: redux add
#define FULL 0xffffffffu

extern "C" __global__ void probe_lanemask_odd(const unsigned *in, unsigned *out, int mode)
{
    __shared__ unsigned sm[32];
    unsigned lane = threadIdx.x & 31;
    unsigned v = in[lane];
    unsigned r = 0xcccccccc;
    unsigned overlap = lane < 16 ? FULL : 0xffff0000u;
    unsigned self_out = lane == 5 ? 0xffffffdfu : FULL;
    sm[lane] = v;
    switch (mode) {
    case 0: r = __reduce_add_sync(overlap, v); break;
    case 1: r = __ballot_sync(overlap, v & 1); break;
    case 2: r = __reduce_add_sync(lane < 8 ? 0xffu : FULL, v); break;
    case 3: r = __reduce_add_sync(self_out, v); break;
    case 4: r = __ballot_sync(self_out, v & 1); break;
    case 5: r = __shfl_sync(self_out, v, 0); break;
    case 6: if (lane < 16) r = __reduce_add_sync(FULL, v); break;
    case 7: if (lane < 16) r = __ballot_sync(FULL, v & 1); break;
    case 8: if (lane < 16) r = __shfl_down_sync(FULL, v, 1); break;
    case 9: if (lane < 16) { __syncwarp(FULL); r = sm[lane ^ 1]; } break;
    case 10: r = __shfl_sync(overlap, v, lane ^ 16); break;
    case 11: r = __reduce_add_sync(lane < 16 ? 0xffff0000u : 0x0000ffffu, v); break;
    default: break;
    }
    out[lane] = r;
    out[32 + lane] = 1;
}
