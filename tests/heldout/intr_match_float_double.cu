// __match_any_sync / __match_all_sync on float and double bit patterns: -0.0 and +0.0 differ, equal NaNs match
#include "heldout.cuh"
extern "C" __global__ void intr_match_float_double(unsigned *out) {
    int t = threadIdx.x;
    unsigned h = hval(t) % 4;
    float f = h == 0 ? 0.0f : h == 1 ? -0.0f : h == 2 ? __int_as_float(0x7fc00000) : 1.0f;
    double d = (double)(hval(t + 32) % 3);
    int p;
    out[4 * t] = __match_any_sync(0xffffffffu, f);
    out[4 * t + 1] = __match_any_sync(0xffffffffu, d);
    out[4 * t + 2] = __match_all_sync(0xffffffffu, t < 16 ? 2.5 : d * 0.0 + 2.5, &p);
    out[4 * t + 3] = (unsigned)p;
}
