/* fpexact: see fpexact.h. Each function gives the bits glibc's x86-64 libm gives: the same
 * instruction (sqrt, fma), or an exact computation of a value the standard defines to the bit. */
#include "fpexact.h"

int ws_fpexact_pretend_no_fma;

#ifdef WS_FPEXACT_OWN
#include <dlfcn.h>
#include <fenv.h>
#include <immintrin.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "cpu.h"

double ws_sqrt(double x)
{
    __m128d v = _mm_set_sd(x);
    return _mm_cvtsd_f64(_mm_sqrt_sd(v, v));
}

float ws_sqrtf(float x) { return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x))); }

__attribute__((target("fma"))) static double fma_hw(double x, double y, double z)
{
    return _mm_cvtsd_f64(_mm_fmadd_sd(_mm_set_sd(x), _mm_set_sd(y), _mm_set_sd(z)));
}

__attribute__((target("fma"))) static float fmaf_hw(float x, float y, float z)
{
    return _mm_cvtss_f32(_mm_fmadd_ss(_mm_set_ss(x), _mm_set_ss(y), _mm_set_ss(z)));
}

/* A CPU without FMA (before 2013): the C library's fma and fmaf, looked up at the first use (a
 * fused multiply-add without the instruction is glibc's long exact emulation: not repeated here). */
static double (*lib_fma)(double, double, double);
static float (*lib_fmaf)(float, float, float);
static pthread_once_t lib_once = PTHREAD_ONCE_INIT;

static void *lib_symbol(const char *name)
{
    void *f = dlsym(RTLD_DEFAULT, name); /* a C library with fma in it (musl), or libm already loaded */
    if (!f) {
        void *lib = dlopen("libm.so.6", RTLD_NOW | RTLD_LOCAL); /* kept open for the process */
        f = lib ? dlsym(lib, name) : NULL;
    }
    return f;
}

static void lib_lookup(void)
{
    void *d = lib_symbol("fma"), *f = lib_symbol("fmaf");
    memcpy(&lib_fma, &d, sizeof d); /* ISO C has no cast from void * to a function pointer */
    memcpy(&lib_fmaf, &f, sizeof f);
}

int ws_fma_available(void)
{
    if (ws_fpexact_pretend_no_fma)
        return 0;
    if (ws_cpu_has(WS_CPU_FMA))
        return 1;
    pthread_once(&lib_once, lib_lookup);
    return lib_fma && lib_fmaf;
}

/* NaN without FMA or libm: never reached from a kernel, as its launch is refused (ws_fma_available) */
double ws_fma(double x, double y, double z)
{
    if (ws_cpu_has(WS_CPU_FMA))
        return fma_hw(x, y, z);
    pthread_once(&lib_once, lib_lookup);
    return lib_fma ? lib_fma(x, y, z) : __builtin_nan("");
}

float ws_fmaf(float x, float y, float z)
{
    if (ws_cpu_has(WS_CPU_FMA))
        return fmaf_hw(x, y, z);
    pthread_once(&lib_once, lib_lookup);
    return lib_fmaf ? lib_fmaf(x, y, z) : __builtin_nanf("");
}

/* |x| < 2^52: x + 2^52 lies in [2^52, 2^53), whose doubles are the integers, so the addition rounds
 * x to an integer in the current rounding mode and the subtraction is exact (for x < 0 the other
 * way round). -frounding-math (sim/'s flags) keeps the compiler from folding the two. A zero result
 * takes x's sign, as rounding never changes the sign. Larger x are integers; NaN is quietened. */
double ws_nearbyint(double x)
{
    double a = __builtin_fabs(x);
    if (a != a)
        return x + x;
    if (a >= 0x1p52)
        return x;
    double r = x >= 0 ? (x + 0x1p52) - 0x1p52 : (x - 0x1p52) + 0x1p52;
    return __builtin_copysign(r, x);
}

/* Below 2^52 the truncation is exact in an int64_t and a - t is x's fraction, exactly. */
double ws_round(double x)
{
    double a = __builtin_fabs(x);
    if (a != a || a == __builtin_inf())
        return x + x;
    if (a >= 0x1p52)
        return x;
    double t = (double)(int64_t)a;
    if (a - t >= 0.5)
        t += 1.0;
    return __builtin_copysign(t, x);
}

long long ws_llround(double x)
{
    if (!(__builtin_fabs(x) < 0x1p63))
        return LLONG_MIN; /* what glibc's (long long) x gives (CVTTSD2SI's integer indefinite) */
    return (long long)ws_round(x);
}

float ws_nextafterf(float x, float y)
{
    if (x != x || y != y)
        return x + y;
    if (x == y)
        return y;
    uint32_t ux, uy;
    memcpy(&ux, &x, sizeof ux);
    memcpy(&uy, &y, sizeof uy);
    uint32_t ax = ux & 0x7fffffffu;
    if (ax == 0) /* the smallest subnormal of y's sign */
        ux = (uy & 0x80000000u) | 1u;
    else if ((x < y) == !(ux >> 31)) /* away from zero: towards y on x's side */
        ux++;
    else
        ux--;
    float r;
    memcpy(&r, &ux, sizeof r);
    return r;
}

/* By powers of two that are exact products while the result stays normal; the last product rounds,
 * once: a result in the subnormal range is reached from a normal one at least 2^-53 away, so that
 * no earlier product rounded (musl's scalbn). */
double ws_ldexp(double x, int n)
{
    double y = x;
    if (n > 1023) {
        y *= 0x1p1023;
        n -= 1023;
        if (n > 1023) {
            y *= 0x1p1023;
            n -= 1023;
            if (n > 1023)
                n = 1023;
        }
    } else if (n < -1022) {
        y *= 0x1p-1022 * 0x1p53;
        n += 1022 - 53;
        if (n < -1022) {
            y *= 0x1p-1022 * 0x1p53;
            n += 1022 - 53;
            if (n < -1022)
                n = -1022;
        }
    }
    uint64_t bits = (uint64_t)(0x3ff + n) << 52;
    double scale;
    memcpy(&scale, &bits, sizeof scale);
    return y * scale;
}

int ws_fesetround(int mode)
{
    if (mode & ~0xc00) /* FE_TONEAREST 0, FE_DOWNWARD 0x400, FE_UPWARD 0x800, FE_TOWARDZERO 0xc00 */
        return 1;
    unsigned short cw;
    __asm__ volatile("fnstcw %0" : "=m"(cw));
    cw = (unsigned short)((cw & ~0xc00) | mode);
    __asm__ volatile("fldcw %0" : : "m"(cw));
    _mm_setcsr((_mm_getcsr() & ~0x6000u) | ((unsigned)mode << 3));
    return 0;
}
#endif
