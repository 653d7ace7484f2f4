/* fpexact (sim/fpexact.h) against the C library: every function gives libm's bits, NaNs included,
 * on the edge cases and on random inputs, in each of the four rounding modes. */
#include <fenv.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fpexact.h"

#define RANDOM_CASES 200000

static const int MODES[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Bits to values and back (type punning through a union, as C11 allows) */
typedef union {
    uint64_t b;
    double d;
} bits64;
typedef union {
    uint32_t b;
    float f;
} bits32;
static double bits_double(uint64_t b) { return (bits64){.b = b}.d; }
static float bits_float(uint32_t b) { return (bits32){.b = b}.f; }
static uint64_t double_bits(double d) { return (bits64){.d = d}.b; }
static uint32_t float_bits(float f) { return (bits32){.f = f}.b; }

/* clang-format off */
static const double SPECIAL[] = {
    0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 1.0, -1.0, 3.7, -3.7,
    0x1p52, -0x1p52, 0x1p52 + 1, 0x1p53 - 1, -0x1p53 + 1, 0x1p63, -0x1p63, 0x1p64, 4503599627370495.5,
    -4503599627370495.5, 0x1p-1074, -0x1p-1074, 0x1p-1022, 1.7976931348623157e308, -1.7976931348623157e308,
    HUGE_VAL, -HUGE_VAL, NAN, -NAN};
/* clang-format on */
#define NSPECIAL (sizeof SPECIAL / sizeof SPECIAL[0])

/* A double to test: a special one, a random bit pattern, or a random value of moderate size with
 * a fraction (where the rounding functions have work to do). */
static double pick_double(unsigned i)
{
    if (i < NSPECIAL)
        return SPECIAL[i];
    uint64_t r = next_random();
    switch (i % 3) {
    case 0: return bits_double(r);
    case 1: return (double)(int64_t)(r >> 8) / (double)(1ull << (r & 63));
    default: return (double)(int32_t)r + (double)((r >> 32) & 3) * 0.25;
    }
}

static float pick_float(unsigned i)
{
    if (i < NSPECIAL)
        return (float)SPECIAL[i];
    uint64_t r = next_random();
    return i % 2 ? bits_float((uint32_t)r) : (float)(int32_t)(r >> 40) / (float)(1u << (r & 31));
}

static void test_sqrt(void **state)
{
    (void)state;
    for (unsigned m = 0; m < 4; m++) {
        fesetround(MODES[m]);
        for (unsigned i = 0; i < RANDOM_CASES; i++) {
            double d = pick_double(i);
            float f = pick_float(i);
            assert_int_equal(double_bits(ws_sqrt(d)), double_bits(sqrt(d)));
            assert_int_equal(float_bits(ws_sqrtf(f)), float_bits(sqrtf(f)));
        }
        fesetround(FE_TONEAREST);
    }
}

static void test_fma(void **state)
{
    (void)state;
    for (unsigned m = 0; m < 4; m++) {
        fesetround(MODES[m]);
        for (unsigned i = 0; i < RANDOM_CASES; i++) {
            double a = pick_double(i), b = pick_double(i + 7), c = pick_double(i + 13);
            float x = pick_float(i), y = pick_float(i + 7), z = pick_float(i + 13);
            if (i % 4 == 0) { /* c near -a*b: the cancellation where one rounding matters */
                c = -(a * b);
                z = -(x * y);
            }
            assert_int_equal(double_bits(ws_fma(a, b, c)), double_bits(fma(a, b, c)));
            assert_int_equal(float_bits(ws_fmaf(x, y, z)), float_bits(fmaf(x, y, z)));
        }
        fesetround(FE_TONEAREST);
    }
}

static void test_rounding_to_integers(void **state)
{
    (void)state;
    for (unsigned m = 0; m < 4; m++) {
        fesetround(MODES[m]);
        for (unsigned i = 0; i < RANDOM_CASES; i++) {
            double d = pick_double(i);
            assert_int_equal(double_bits(ws_nearbyint(d)), double_bits(nearbyint(d)));
            assert_int_equal(double_bits(ws_round(d)), double_bits(round(d)));
            if (fabs(d) < 0x1p62) /* llround beyond: unspecified in C (both give LLONG_MIN here) */
                assert_int_equal(ws_llround(d), llround(d));
        }
        fesetround(FE_TONEAREST);
    }
    assert_int_equal(ws_llround(NAN), (long long)(-0x7fffffffffffffffll - 1));
    assert_int_equal(ws_llround(0x1p70), (long long)(-0x7fffffffffffffffll - 1));
}

static void test_nextafterf(void **state)
{
    (void)state;
    for (unsigned i = 0; i < RANDOM_CASES; i++) {
        float x = pick_float(i), y = i % 5 == 0 ? 0.0f : pick_float(i + 3);
        assert_int_equal(float_bits(ws_nextafterf(x, y)), float_bits(nextafterf(x, y)));
        assert_int_equal(float_bits(ws_nextafterf(x, x)), float_bits(nextafterf(x, x)));
    }
    assert_int_equal(float_bits(ws_nextafterf(0.0f, -1.0f)), float_bits(nextafterf(0.0f, -1.0f)));
    assert_int_equal(float_bits(ws_nextafterf(-0.0f, 0.0f)), float_bits(nextafterf(-0.0f, 0.0f)));
}

static void test_ldexp(void **state)
{
    (void)state;
    static const int EXPONENTS[] = {0,    1,    -1,    52,   -52,   1023, -1022, -1074, -1075,
                                    1024, 2046, -2098, 3000, -3000, 5000, -5000, 2097,  -2097};
    for (unsigned m = 0; m < 4; m++) {
        fesetround(MODES[m]);
        for (unsigned i = 0; i < RANDOM_CASES; i++) {
            double d = pick_double(i);
            int n = i % 3 ? (int)(next_random() % 4400) - 2200 : EXPONENTS[i % (sizeof EXPONENTS / sizeof EXPONENTS[0])];
            assert_int_equal(double_bits(ws_ldexp(d, n)), double_bits(ldexp(d, n)));
        }
        fesetround(FE_TONEAREST);
    }
}

/* Both units take the mode: fegetround reads the x87 control word, the division is SSE's. */
static void test_fesetround(void **state)
{
    (void)state;
    volatile double one = 1.0, three = 3.0;
    for (unsigned m = 0; m < 4; m++) {
        fesetround(MODES[m]);
        double want = one / three;
        fesetround(FE_TONEAREST);
        assert_int_equal(ws_fesetround(MODES[m]), 0);
        assert_int_equal(fegetround(), MODES[m]);
        double got = one / three;
        ws_fesetround(FE_TONEAREST);
        assert_int_equal(double_bits(got), double_bits(want));
    }
    assert_int_not_equal(ws_fesetround(0x1234), 0);
    assert_int_equal(fegetround(), FE_TONEAREST);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sqrt),       cmocka_unit_test(test_fma),   cmocka_unit_test(test_rounding_to_integers),
        cmocka_unit_test(test_nextafterf), cmocka_unit_test(test_ldexp), cmocka_unit_test(test_fesetround),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
