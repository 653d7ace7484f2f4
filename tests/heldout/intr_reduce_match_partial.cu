// __reduce_{add,min,max,and,or,xor}_sync on a partial mask (odd lanes + lane 2), __match_any_sync / __match_all_sync on 64 bits
#include "heldout.cuh"
extern "C" __global__ void intr_reduce_match_partial(unsigned *out) {
    int t = threadIdx.x;
    unsigned *o = out + 9 * t;
    for (int i = 0; i < 9; ++i) o[i] = 0xdead;
    unsigned m = 0xaaaaaaaau | 4u;
    unsigned x = hval(t);
    if ((m >> t) & 1) {
        o[0] = __reduce_add_sync(m, x);
        o[1] = (unsigned)__reduce_min_sync(m, (int)x);
        o[2] = (unsigned)__reduce_max_sync(m, (int)x);
        o[3] = __reduce_min_sync(m, x);
        o[4] = __reduce_max_sync(m, x);
        o[5] = __reduce_and_sync(m, x | 0x10000001u) ^ __reduce_or_sync(m, x & 0xff) ^ __reduce_xor_sync(m, x);
        unsigned long long k = (unsigned long long)(x % 3) << 40 | 5;
        o[6] = __match_any_sync(m, k);
        int p;
        o[7] = __match_all_sync(m, k >> 40 == 7 ? 1ull : 2ull, &p);
        o[8] = (unsigned)p;
    }
}
