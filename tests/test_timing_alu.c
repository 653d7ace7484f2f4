/* The timing mode's ALU forms: what ptxas makes of an instruction, as sim/timing.c and
 * sim/narrow.c charge it (docs/calibration.md "Issue 15", tests/calibration/sass/bench_mul,
 * bench_bits, bench_half). Each kernel reads %clock64 around a short chain; thread 0 writes the
 * difference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "run_ptx.h"

/* The %clock64 difference the one-warp kernel writes to out[0], with the preset text over sm_90. */
static uint64_t cycles_of(const char *body, const char *preset)
{
    char ptx[4096];
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
             ".reg .b32 %%r<8>;\n.reg .b64 %%rd<12>;\n.reg .f32 %%f<4>;\nld.param.u64 %%rd1, [o];\n"
             "ld.global.u32 %%r1, [%%rd1];\nst.global.u32 [%%rd1+12], %%r1;\nmov.u64 %%rd8, %%clock64;\n%smov.u64 %%rd9, %%clock64;\n"
             "sub.s64 %%rd10, %%rd9, %%rd8;\nst.global.u64 [%%rd1], %%rd10;\nst.global.u32 [%%rd1+8], %%r3;\n"
             "ret;\n}\n",
             body);
    uint64_t out = 0;
    run_ptx(ptx, 32, &out, 1, WS_MODE_TIMING, preset);
    return out;
}

/* mul.wide whose high half alone is read (shr by 32, cvt.u32.u64): IMAD.WIDE read at its high
 * register, mul.hi's 9 cycles; the shr and the cvt cost nothing. The clock issues the cycle
 * after the second mul.wide: 1 + 9 + 1. */
static void mul_wide_high_half(void **state)
{
    (void)state;
    const char *chain = "mul.wide.s32 %rd2, %r1, %r1;\nshr.u64 %rd2, %rd2, 32;\ncvt.u32.u64 %r2, %rd2;\n"
                        "mul.wide.s32 %rd2, %r2, %r1;\nshr.u64 %rd2, %rd2, 32;\ncvt.u32.u64 %r3, %rd2;\n";
    assert_int_equal(cycles_of(chain, NULL), 1 + 9 + 1);
    assert_int_equal(cycles_of(chain, "mul.hi 20\n"), 1 + 20 + 1);
    /* the whole value read (xor.b64): mul.wide is an IMAD (4), not the high half's 9 */
    const char *whole = "mul.wide.s32 %rd2, %r1, %r1;\nxor.b64 %rd3, %rd2, 1;\ncvt.u32.u64 %r2, %rd3;\n"
                        "mul.wide.s32 %rd4, %r2, %r1;\ncvt.u32.u64 %r3, %rd4;\n";
    assert_int_equal(cycles_of(whole, NULL), 1 + 4 + 4 + 1);
}

/* A free mov (cvt.u32.u64: the low register) is a rename: the mul.wide after it issues when the
 * first one's result is ready, not a cycle later. */
static void free_mov_is_a_rename(void **state)
{
    (void)state;
    const char *chain = "mul.wide.u32 %rd2, %r1, %r1;\ncvt.u32.u64 %r2, %rd2;\nmul.wide.u32 %rd3, %r2, %r1;\n"
                        "cvt.u32.u64 %r3, %rd3;\n";
    assert_int_equal(cycles_of(chain, NULL), 1 + 4 + 1);
    /* cvt.u64.u32 (zero extension) too: the xor.b64 issues 4 cycles after the add */
    const char *zext = "add.u32 %r2, %r1, 1;\ncvt.u64.u32 %rd2, %r2;\nxor.b64 %rd3, %rd2, 7;\ncvt.u32.u64 %r3, %rd3;\n";
    assert_int_equal(cycles_of(zext, NULL), 1 + 4 + 1);
}

/* popc/clz/bfind/brev read a fixed-latency ALU op's result bits.feed (2) cycles late; a popc
 * reading a popc does not. */
static void bit_ops_wait_for_alu_results(void **state)
{
    (void)state;
    const char *after_alu = "xor.b32 %r2, %r1, 5;\npopc.b32 %r3, %r2;\nxor.b32 %r4, %r3, 1;\n";
    assert_int_equal(cycles_of(after_alu, NULL), 1 + 4 + 2 + 17 + 1);
    assert_int_equal(cycles_of(after_alu, "bits.feed 0\n"), 1 + 4 + 17 + 1);
    const char *after_popc = "popc.b32 %r2, %r1;\npopc.b32 %r3, %r2;\nxor.b32 %r4, %r3, 1;\n";
    assert_int_equal(cycles_of(after_popc, NULL), 1 + 17 + 17 + 1);
}

/* mul.f16x2: HMUL2 and HFMA2.MMA in turn, 8 a step (bench_half[4]); add.f16x2 stays 4. */
static void half2_mul(void **state)
{
    (void)state;
    assert_int_equal(cycles_of("mul.f16x2 %r2, %r1, %r1;\nmul.f16x2 %r3, %r2, %r1;\n", NULL), 1 + 8 + 1);
    assert_int_equal(cycles_of("add.f16x2 %r2, %r1, %r1;\nadd.f16x2 %r3, %r2, %r1;\n", NULL), 1 + 4 + 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mul_wide_high_half),
        cmocka_unit_test(free_mov_is_a_rename),
        cmocka_unit_test(bit_ops_wait_for_alu_results),
        cmocka_unit_test(half2_mul),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
