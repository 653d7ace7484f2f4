/* The .approx functions as the H200's special-function unit computes them, as far as measured
 * (tests/golden/sweep_approx, H200, driver 580.159.04, 2026-11-29; docs/hardware.md point 14).
 *
 * sin.approx.f32 and cos.approx.f32 work in revolutions: ptxas multiplies x by 1/(2 pi) with
 * round-toward-zero (FMUL.RZ) and the unit keeps the fraction of a revolution as a fixed-point
 * number of 25 bits. So large arguments are reduced in single precision (sin of 16318127.0 is
 * -1 on the H200, -0.45 in exact arithmetic) and |x| below about 1.9e-7 gives a signed 0. The
 * unit's own table-and-interpolation error (a few ulp) is not modelled: warpsim evaluates the
 * reduced fraction exactly. */
#include <math.h>

#include "approx.h"

#define SIN_FRACTION_BITS 25
#define TWO_PI            6.283185307179586476925286766559

/* x / (2 pi) as the FMUL.RZ gives it; the product of two floats is exact in a double */
static float revolutions(float x)
{
    double p = (double)x * (double)0.15915493667125701904f;
    float r = (float)p;
    if (fabs((double)r) > fabs(p))
        r = nextafterf(r, 0.0f);
    return r;
}

/* the fraction of |revolutions| that the unit keeps, in [0, 1) */
static double fraction_of_turn(float r)
{
    double a = fabs((double)r);
    double f = a - floor(a);
    return floor(f * (double)(1u << SIN_FRACTION_BITS)) / (double)(1u << SIN_FRACTION_BITS);
}

float ws_sin_approx(float x)
{
    if (!isfinite(x))
        return NAN;
    float r = revolutions(x);
    double v = sin(TWO_PI * fraction_of_turn(r));
    return (float)(signbit(r) ? -v : v); /* odd: the sign of the turn */
}

float ws_cos_approx(float x)
{
    if (!isfinite(x))
        return NAN;
    return (float)cos(TWO_PI * fraction_of_turn(revolutions(x)));
}
