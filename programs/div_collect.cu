// vote.sync all/any/uni/ballot, activemask, match.any/all (b32, b64) and redux.sync
// (add/min/max/and/or/xor, u32/s32) under partial masks: a lane < 10 branch, a parity branch and
// a nested lane % 3 == 0 branch inside lane >= 8, each with its exact membermask.
// out[(region * 32 + lane) * 20 + k]; lanes outside a region write 0xdeadbeef there.
// u32 inputs in[lane] (random), keys for match from in[] with few distinct values.
#define NK 20
__device__ __forceinline__ void collect(const unsigned *in, unsigned *o, unsigned m, unsigned lane)
{
    unsigned x = in[lane];
    unsigned key = in[32 + lane] & 3;
    unsigned long long key64 = ((unsigned long long)(in[64 + lane] & 1) << 32) | (key & 1);
    int s = (int)x;
    int pr;
    o[0] = __activemask();
    o[1] = __ballot_sync(m, x & 1);
    o[2] = __all_sync(m, x & 1);
    o[3] = __any_sync(m, (x & 7) == 0);
    o[4] = __uni_sync(m, key & 1);
    o[5] = __all_sync(m, 1);
    o[6] = __match_any_sync(m, key);
    o[7] = __match_all_sync(m, key, &pr);
    o[8] = pr;
    o[9] = __match_any_sync(m, key64);
    o[10] = __match_all_sync(m, key64 & 0xffffffff00000000ull, &pr);
    o[11] = pr;
    o[12] = __reduce_add_sync(m, x);
    o[13] = __reduce_min_sync(m, x);
    o[14] = __reduce_max_sync(m, x);
    o[15] = (unsigned)__reduce_min_sync(m, s);
    o[16] = (unsigned)__reduce_max_sync(m, s);
    o[17] = __reduce_and_sync(m, x | 0x01010101u);
    o[18] = __reduce_or_sync(m, x & 0x11111111u);
    o[19] = __reduce_xor_sync(m, x);
}

extern "C" __global__ void div_collect(const unsigned *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    for (int r = 0; r < 4; r++)
        for (int k = 0; k < NK; k++) out[(r * 32 + lane) * NK + k] = 0xdeadbeefu;
    if (lane < 10)
        collect(in, out + (0 * 32 + lane) * NK, 0x3ffu, lane);
    __syncwarp();
    if (lane & 1)
        collect(in, out + (1 * 32 + lane) * NK, 0xaaaaaaaau, lane);
    __syncwarp();
    if (lane >= 8) {
        if (lane % 3 == 0)
            collect(in, out + (2 * 32 + lane) * NK, 0x49249248u & 0xffffff00u, lane);
    }
    __syncwarp();
    collect(in, out + (3 * 32 + lane) * NK, 0xffffffffu, lane);
}
