/* fp: the floating-point rules more than one executor family shares (fp.h). */
#include "fp.h"
#include "sim.h"

/* setp's comparison: NaN operands make the ordered comparisons false, the unordered ones true. */
int ws_float_compare(unsigned cmp, double fa, double fb)
{
    int un = isnan(fa) || isnan(fb);
    switch (cmp) {
    case WS_CMP_EQ: return !un && fa == fb;
    case WS_CMP_NE: return !un && fa != fb;
    case WS_CMP_LT: return !un && fa < fb;
    case WS_CMP_LE: return !un && fa <= fb;
    case WS_CMP_GT: return !un && fa > fb;
    case WS_CMP_GE: return !un && fa >= fb;
    case WS_CMP_EQU: return un || fa == fb;
    case WS_CMP_NEU: return un || fa != fb;
    case WS_CMP_LTU: return un || fa < fb;
    case WS_CMP_LEU: return un || fa <= fb;
    case WS_CMP_GTU: return un || fa > fb;
    case WS_CMP_GEU: return un || fa >= fb;
    case WS_CMP_NUM: return !un;
    case WS_CMP_NAN: return un;
    default: return 0;
    }
}

/* Float to integer: round by the .rni/.rzi/.rmi/.rpi mode, NaN gives 0, out-of-range values
 * saturate (float-to-integer conversions always clamp on sm_20 and later). */
uint64_t ws_float_to_int(double v, ws_type t, unsigned rnd)
{
    unsigned bits = ws_type_bits(t);
    if (isnan(v))
        return 0;
    switch (rnd) {
    case WS_RND_RMI:
    case WS_RND_RM: v = floor(v); break;
    case WS_RND_RPI:
    case WS_RND_RP: v = ceil(v); break;
    case WS_RND_RNI:
    case WS_RND_RN: v = ws_nearbyint(v); break;
    default: v = trunc(v); break;
    }
    if (ws_type_is_signed(t)) {
        double lo = -ws_ldexp(1.0, (int)bits - 1), hi = ws_ldexp(1.0, (int)bits - 1);
        if (v <= lo)
            return trunc_bits((uint64_t)(int64_t)lo, bits);
        if (v >= hi)
            return trunc_bits((1ull << (bits - 1)) - 1, bits);
        return trunc_bits((uint64_t)(int64_t)v, bits);
    }
    double hi = ws_ldexp(1.0, (int)bits);
    if (v <= 0)
        return 0;
    if (v >= hi)
        return trunc_bits(~0ull, bits);
    return (uint64_t)v;
}
