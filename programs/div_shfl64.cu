// 64-bit values through shuffles: double and long long, full warp and inside lane < 16 with
// the matching mask; payloads with special bit patterns (NaN payloads, sNaN, -0, denormals,
// infinities, large integers) given as u64 bits. Each slot is two 32-bit shuffles with one b, c.
// d[s*32 + lane] (doubles as bits), ll[s*32 + lane]; 0xdeadbeefdeadbeef where not executed.
extern "C" __global__ void div_shfl64(const unsigned long long *bits, unsigned long long *d,
                                      unsigned long long *ll)
{
    unsigned lane = threadIdx.x & 31;
    double x = __longlong_as_double(bits[lane]);
    long long y = (long long)bits[32 + lane];
    unsigned full = 0xffffffffu;
    d[0 * 32 + lane] = __double_as_longlong(__shfl_down_sync(full, x, 3));
    d[1 * 32 + lane] = __double_as_longlong(__shfl_xor_sync(full, x, 9, 16));
    d[2 * 32 + lane] = __double_as_longlong(__shfl_sync(full, x, 17, 8));
    d[3 * 32 + lane] = __double_as_longlong(__shfl_up_sync(full, x, 5, 16));
    ll[0 * 32 + lane] = (unsigned long long)__shfl_down_sync(full, y, 3);
    ll[1 * 32 + lane] = (unsigned long long)__shfl_xor_sync(full, y, 31);
    ll[2 * 32 + lane] = (unsigned long long)__shfl_sync(full, y, lane * 7);
    ll[3 * 32 + lane] = (unsigned long long)__shfl_up_sync(full, y, 1);
    if (lane < 16) {
        d[4 * 32 + lane] = __double_as_longlong(__shfl_down_sync(0xffffu, x, 4));
        ll[4 * 32 + lane] = (unsigned long long)__shfl_sync(0xffffu, y, lane + 8);
    } else {
        d[4 * 32 + lane] = 0xdeadbeefdeadbeefull;
        ll[4 * 32 + lane] = 0xdeadbeefdeadbeefull;
    }
}
