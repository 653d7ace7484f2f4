/* The PTX .approx.f32 special functions as ptxas 13.0 compiles them for sm_90 (cuobjdump -sass):
 * the .ftz forms are MUFU alone; the others scale operands outside MUFU's normal range first
 * and undo the scaling after, with FMUL/FADD rounding to nearest and keeping subnormals;
 * sin and cos multiply by 1 / (2 pi) with FMUL.RZ first; div.approx and div.full multiply the
 * dividend by MUFU.RCP of the divisor. */
#include <math.h>
#include <string.h>

#include "fpexact.h"
#include "mufu.h"

#define TWO_M126 0x1p-126f

WS_MUFU_FN static float f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

WS_MUFU_FN static uint32_t bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* FMUL and FADD round to nearest and give the canonical NaN */
WS_MUFU_FN static uint32_t sass_fmul(uint32_t a, float b)
{
    float r = f32(a) * b;
    return isnan(r) ? 0x7fffffffu : bits(r);
}

/* FMUL.FTZ: subnormal factors and products are zeros of their sign */
WS_MUFU_FN static uint32_t flush(uint32_t a) { return (a & 0x7f800000u) ? a : a & 0x80000000u; }
WS_MUFU_FN static uint32_t sass_fmul_ftz(uint32_t a, uint32_t b) { return flush(sass_fmul(flush(a), f32(flush(b)))); }

WS_MUFU_FN static uint32_t sass_fadd(uint32_t a, float b)
{
    float r = f32(a) + b;
    return isnan(r) ? 0x7fffffffu : bits(r);
}

/* !FSETP.GEU |x|, 2^-126: zeros and subnormals (GEU holds for NaN) */
WS_MUFU_FN static int tiny(uint32_t x) { return !(fabsf(f32(x)) >= TWO_M126) && !isnan(f32(x)); }

/* MOV 2^24; FSETP.GEU P1 |x|, 2^-126; FSETP.GT P0 |x|, 2^126; FSEL s, P1 ? 1 : 2^24;
 * FSEL s, P0 ? 0.25 : s; FMUL x s; MUFU.RCP; FMUL s r */
WS_MUFU_FN uint32_t ws_ptx_rcp_approx(uint32_t x, bool ftz)
{
    if (ftz)
        return ws_mufu_rcp(x);
    float a = fabsf(f32(x));
    float s = tiny(x) ? 0x1p24f : 1.0f;
    if (a > 0x1p126f)
        s = 0.25f;
    return sass_fmul(ws_mufu_rcp(sass_fmul(x, s)), s);
}

/* FSETP.GEU P0 |x|, 2^-126; @!P0 FMUL x 2^24; MUFU.SQRT; @!P0 FMUL r 2^-12 */
WS_MUFU_FN uint32_t ws_ptx_sqrt_approx(uint32_t x, bool ftz)
{
    if (ftz || !tiny(x))
        return ws_mufu_sqrt(x);
    return sass_fmul(ws_mufu_sqrt(sass_fmul(x, 0x1p24f)), 0x1p-12f);
}

/* the same with MUFU.RSQ and 2^12 */
WS_MUFU_FN uint32_t ws_ptx_rsqrt_approx(uint32_t x, bool ftz)
{
    if (ftz || !tiny(x))
        return ws_mufu_rsq(x);
    return sass_fmul(ws_mufu_rsq(sass_fmul(x, 0x1p24f)), 0x1p12f);
}

/* FSETP.GEU P0 x, -126; @!P0 FMUL x 0.5; MUFU.EX2; @!P0 FMUL r r (the subnormal results) */
WS_MUFU_FN uint32_t ws_ptx_ex2_approx(uint32_t x, bool ftz)
{
    if (ftz || f32(x) >= -126.0f || isnan(f32(x)))
        return ws_mufu_ex2(x);
    uint32_t r = ws_mufu_ex2(sass_fmul(x, 0.5f));
    return sass_fmul(r, f32(r));
}

/* FSETP.GEU P0 |x|, 2^-126; @!P0 FMUL x 2^24; MUFU.LG2; @!P0 FADD r -24 */
WS_MUFU_FN uint32_t ws_ptx_lg2_approx(uint32_t x, bool ftz)
{
    if (ftz || !tiny(x))
        return ws_mufu_lg2(x);
    return sass_fadd(ws_mufu_lg2(sass_fmul(x, 0x1p24f)), -24.0f);
}

/* FMUL.RZ x 0.15915494 (1 / 2 pi in single precision): the exact product, rounded toward zero */
WS_MUFU_FN static uint32_t turns(uint32_t x)
{
    double p = (double)f32(x) * (double)0.15915493667125701904f;
    float r = (float)p;
    if (fabs((double)r) > fabs(p))
        r = ws_nextafterf(r, 0.0f);
    return isnan(r) ? 0x7fffffffu : bits(r);
}

WS_MUFU_FN uint32_t ws_ptx_sin_approx(uint32_t x) { return ws_mufu_sin(turns(x)); }
WS_MUFU_FN uint32_t ws_ptx_cos_approx(uint32_t x) { return ws_mufu_cos(turns(x)); }

/* div.approx.f32: FSETP.GEU P0 |b|, 2^-126; @!P0 FMUL b 2^24; @!P0 FMUL a 2^24; MUFU.RCP; FMUL;
 * .ftz: MUFU.RCP; FMUL.FTZ */
WS_MUFU_FN uint32_t ws_ptx_div_approx(uint32_t a, uint32_t b, bool ftz)
{
    if (ftz)
        return sass_fmul_ftz(a, ws_mufu_rcp(b));
    if (tiny(b)) {
        b = sass_fmul(b, 0x1p24f);
        a = sass_fmul(a, 0x1p24f);
    }
    return sass_fmul(ws_mufu_rcp(b), f32(a));
}

/* div.full.f32: as div.approx, and a divisor above 2^126 scales both by 0.25 first (FSETP.GT);
 * .ftz: only that scaling, with FMUL.FTZ */
WS_MUFU_FN uint32_t ws_ptx_div_full(uint32_t a, uint32_t b, bool ftz)
{
    if (fabsf(f32(ftz ? flush(b) : b)) > 0x1p126f) {
        b = ftz ? sass_fmul_ftz(b, bits(0.25f)) : sass_fmul(b, 0.25f);
        a = ftz ? sass_fmul_ftz(a, bits(0.25f)) : sass_fmul(a, 0.25f);
    }
    if (ftz)
        return sass_fmul_ftz(ws_mufu_rcp(b), a);
    if (tiny(b)) {
        b = sass_fmul(b, 0x1p24f);
        a = sass_fmul(a, 0x1p24f);
    }
    return sass_fmul(ws_mufu_rcp(b), f32(a));
}
