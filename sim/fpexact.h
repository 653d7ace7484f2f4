/* fpexact: the C library's math functions that warpsim uses, computed here, so that it does not
 * load libm at every start.
 *
 * Loading libm.so.6 (opening and mapping it, relocating it, running its ~30 ifunc resolvers) cost
 * each `warpsim` process about 60 us of its ~0.5 ms above the spawn floor on the H200 host's VM,
 * for ten functions whose results IEEE 754 or C define to the bit (docs/performance.md, issue 14
 * start-up). On x86-64 they are computed here with the same instructions glibc's x86-64 versions
 * use, or with exact integer and double steps; elsewhere (and with WARPSIM_LIBM defined) they are
 * libm's. tests/test_fpexact.c checks each against libm on the edge cases and random inputs, in
 * every rounding mode where the function depends on it. */
#ifndef WS_FPEXACT_H
#define WS_FPEXACT_H

/* Tests only: nonzero makes ws_fma_available answer as on a CPU without FMA whose C library has
 * no fma to load (tests/test_sim.c checks that a launch then refuses a kernel with fma). */
extern int ws_fpexact_pretend_no_fma;

#if defined(__x86_64__) && defined(__SSE2__) && !defined(WARPSIM_LIBM)
#define WS_FPEXACT_OWN 1

/* sqrt, sqrtf: the correctly rounded square root in the current rounding mode (SQRTSD, SQRTSS,
 * as glibc; no errno for a negative x) */
double ws_sqrt(double x);
float ws_sqrtf(float x);
/* fma, fmaf: x * y + z rounded once in the current rounding mode (VFMADD where the CPU has FMA, as
 * glibc's ifunc picks; elsewhere glibc's own, looked up once) */
double ws_fma(double x, double y, double z);
float ws_fmaf(float x, float y, float z);
/* Whether ws_fma and ws_fmaf can give the fused result: the CPU has FMA, or the C library's fma
 * and fmaf were found. Where they cannot (a CPU before 2013 without libm.so.6), they give NaN, and
 * a launch refuses a kernel that calls them (machine.c) rather than run it wrong. */
int ws_fma_available(void);
/* nearbyint: x rounded to an integer in the current rounding mode (the sign kept: -0.3 gives -0) */
double ws_nearbyint(double x);
/* round, llround: x rounded to an integer, halfway cases away from zero, in any rounding mode;
 * llround of NaN or of |x| >= 2^63 gives LLONG_MIN, as glibc's conversion does on x86-64 */
double ws_round(double x);
long long ws_llround(double x);
/* nextafterf: the float next to x towards y (y when x == y; a NaN when either is one) */
float ws_nextafterf(float x, float y);
/* ldexp: x * 2^n, rounded once (only where it is subnormal or overflows) in the current mode */
double ws_ldexp(double x, int n);
/* fesetround: the rounding mode of both the SSE unit (MXCSR) and the x87 unit, as glibc does;
 * 0, or nonzero for a mode that is not one of FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO */
int ws_fesetround(int mode);

#else
#define ws_fma_available() (!ws_fpexact_pretend_no_fma)
#include <fenv.h>
#include <math.h>
#define ws_sqrt       sqrt
#define ws_sqrtf      sqrtf
#define ws_fma        fma
#define ws_fmaf       fmaf
#define ws_nearbyint  nearbyint
#define ws_round      round
#define ws_llround    llround
#define ws_nextafterf nextafterf
#define ws_fesetround fesetround
#define ws_ldexp      ldexp
#endif

#endif
