/* test_half.c: directed tests of every half-precision form warpsim runs (isa/half.c), each
 * with hand-checked bit patterns: rounding ties, subnormals, overflow to infinity, NaN; and
 * the forms it refuses at load time, with their line and column.
 *
 * Each case is one lane: %r1 = a | b << 16 (two halves), %r4 = c, or whole words for the
 * paired and f32/f64 forms; the body leaves its results in %r2 (and %r3). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_harness.h"

typedef struct {
    uint32_t in, in2, want, want2;
} hcase;

/* Run body on one lane per case (lanes past n get zeros) and check %r2 (and %r3 if check2). */
static void run_cases(const char *what, const char *body, const hcase *c, size_t n, int check2)
{
    uint32_t in[32] = {0}, in2[32] = {0}, want[32], want2[32];
    assert_true(n <= 32);
    for (size_t i = 0; i < n; i++) {
        in[i] = c[i].in;
        in2[i] = c[i].in2;
        want[i] = c[i].want;
        want2[i] = c[i].want2;
    }
    wsh_check_lanes(what, body, in, in2, want, check2 ? want2 : NULL, n);
}

#define N(a)     (sizeof(a) / sizeof((a)[0]))
#define AB(a, b) ((uint32_t)(a) | (uint32_t)(b) << 16)

/* a scalar half instruction: d = INSN(a, b, c) with %rs1 = a, %rs2 = b, %rs3 = c, d in %rs5 */
#define SCALAR(insn) "mov.b32 {%rs1, %rs2}, %r1;\nmov.b32 {%rs3, %rs4}, %r4;\n" insn "\ncvt.u32.u16 %r2, %rs5;"

/* ---- add / sub / mul ----------------------------------------------------------------------- */
static void test_f16_add_sub_mul(void **state)
{
    (void)state;
    static const hcase add[] = {
        {AB(0x3c00, 0x3c00), 0, 0x4000, 0}, /* 1 + 1 = 2 */
        {AB(0x3c00, 0x1000), 0, 0x3c00, 0}, /* 1 + 2^-11: a tie, to even (down) */
        {AB(0x3c01, 0x1000), 0, 0x3c02, 0}, /* (1 + 2^-10) + 2^-11: a tie, to even (up) */
        {AB(0x3c00, 0x1001), 0, 0x3c01, 0}, /* just above the tie */
        {AB(0x7bff, 0x7bff), 0, 0x7c00, 0}, /* 65504 + 65504 overflows to inf */
        {AB(0x7bff, 0x4c00), 0, 0x7c00, 0}, /* 65504 + 16 = 65520: the tie with 2^16 rounds to inf */
        {AB(0x7bff, 0x4800), 0, 0x7bff, 0}, /* 65504 + 8 stays finite */
        {AB(0x0001, 0x0001), 0, 0x0002, 0}, /* subnormals are kept */
        {AB(0x03ff, 0x0001), 0, 0x0400, 0}, /* the largest subnormal + the smallest = the smallest normal */
        {AB(0x7c00, 0xfc00), 0, 0x7fff, 0}, /* inf - inf: the canonical NaN */
        {AB(0x7e00, 0x3c00), 0, 0x7fff, 0}, /* a NaN operand: the canonical NaN */
        {AB(0xfe01, 0x3c00), 0, 0x7fff, 0}, /* a negative NaN with a payload: the canonical NaN */
        {AB(0x3c00, 0xbc00), 0, 0x0000, 0}, /* 1 - 1 = +0 */
        {AB(0x8000, 0x8000), 0, 0x8000, 0}, /* -0 + -0 = -0 */
        {AB(0x8000, 0x0000), 0, 0x0000, 0}, /* -0 + +0 = +0 */
        {AB(0xfbff, 0xcc00), 0, 0xfc00, 0}, /* negative overflow: -inf */
    };
    run_cases("add.f16", SCALAR("add.f16 %rs5, %rs1, %rs2;"), add, N(add), 0);
    run_cases("add.rn.f16", SCALAR("add.rn.f16 %rs5, %rs1, %rs2;"), add, N(add), 0);
    static const hcase sub[] = {
        {AB(0x3c00, 0x3c00), 0, 0x0000, 0}, /* 1 - 1 = +0 */
        {AB(0x3c00, 0x9000), 0, 0x3c00, 0}, /* 1 - (-2^-11): the tie to even */
        {AB(0x0400, 0x0001), 0, 0x03ff, 0}, /* into the subnormals */
        {AB(0x7c00, 0x7c00), 0, 0x7fff, 0}, /* inf - inf */
        {AB(0xfbff, 0x7bff), 0, 0xfc00, 0}, /* -65504 - 65504 = -inf */
    };
    run_cases("sub.f16", SCALAR("sub.f16 %rs5, %rs1, %rs2;"), sub, N(sub), 0);
    static const hcase mul[] = {
        {AB(0x3c00, 0x3c00), 0, 0x3c00, 0}, /* 1 * 1 */
        {AB(0x0001, 0x3800), 0, 0x0000, 0}, /* 2^-24 * 0.5 = 2^-25: the tie with 0 goes to even 0 */
        {AB(0x0001, 0x3a00), 0, 0x0001, 0}, /* 2^-24 * 0.75 rounds up to 2^-24 */
        {AB(0x0003, 0x3800), 0, 0x0002, 0}, /* 3 * 2^-25: a tie, to even 2 * 2^-24 */
        {AB(0x7c00, 0x0000), 0, 0x7fff, 0}, /* inf * 0 */
        {AB(0x5c00, 0x5c00), 0, 0x7c00, 0}, /* 256^2 = 65536 > 65504 */
        {AB(0x5bff, 0x5bff), 0, 0x7bfe, 0}, /* 255.875^2 = 65472.015625 */
        {AB(0xbc00, 0x0000), 0, 0x8000, 0}, /* -1 * +0 = -0 */
        {AB(0x3c01, 0x3c01), 0, 0x3c02, 0}, /* (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20 rounds down */
        {AB(0x3e00, 0x3e00), 0, 0x4080, 0}, /* 1.5 * 1.5 = 2.25 */
    };
    run_cases("mul.f16", SCALAR("mul.f16 %rs5, %rs1, %rs2;"), mul, N(mul), 0);
    run_cases("mul.rn.f16", SCALAR("mul.rn.f16 %rs5, %rs1, %rs2;"), mul, N(mul), 0);

    static const hcase sat[] = {
        {AB(0x3c00, 0x3c00), 0, 0x3c00, 0}, /* 2 clamps to 1 */
        {AB(0xbc00, 0x3800), 0, 0x0000, 0}, /* -0.5 clamps to +0 */
        {AB(0x7e00, 0x3800), 0, 0x0000, 0}, /* NaN gives +0 */
        {AB(0x3400, 0x3400), 0, 0x3800, 0}, /* 0.25 + 0.25 = 0.5 stays */
        {AB(0x8000, 0x8000), 0, 0x0000, 0}, /* -0 gives +0 */
    };
    run_cases("add.sat.f16", SCALAR("add.sat.f16 %rs5, %rs1, %rs2;"), sat, N(sat), 0);
    static const hcase ftz[] = {
        {AB(0x0001, 0x0001), 0, 0x0000, 0}, /* subnormal inputs are zeros */
        {AB(0x0400, 0x8001), 0, 0x0400, 0}, /* min normal - subnormal: the subnormal is 0 */
        {AB(0x0400, 0x8200), 0, 0x0400, 0},
        {AB(0x0800, 0x8600), 0, 0x0000, 0}, /* 2^-13 - 1.5*2^-14 = 2^-15: a subnormal result flushes */
        {AB(0x8800, 0x0600), 0, 0x8000, 0}, /* and keeps its sign */
    };
    run_cases("add.ftz.f16", SCALAR("add.ftz.f16 %rs5, %rs1, %rs2;"), ftz, N(ftz), 0);
    static const hcase mulftz[] = {
        {AB(0x0400, 0x3800), 0, 0x0000, 0}, /* 2^-14 * 0.5 is subnormal: flushed */
        {AB(0x0400, 0x4000), 0, 0x0800, 0},
        {AB(0x0200, 0x4000), 0, 0x0000, 0}, /* a subnormal input is 0 */
    };
    run_cases("mul.ftz.f16", SCALAR("mul.ftz.f16 %rs5, %rs1, %rs2;"), mulftz, N(mulftz), 0);
    static const hcase mulsat[] = {
        {AB(0x4000, 0x3c00), 0, 0x3c00, 0},
        {AB(0xc000, 0x3c00), 0, 0x0000, 0},
        {AB(0x3800, 0x3800), 0, 0x3400, 0},
    };
    run_cases("mul.sat.f16", SCALAR("mul.sat.f16 %rs5, %rs1, %rs2;"), mulsat, N(mulsat), 0);
    run_cases("sub.sat.f16", SCALAR("sub.sat.f16 %rs5, %rs1, %rs2;"),
              (const hcase[]){{AB(0x3c00, 0xbc00), 0, 0x3c00, 0}, {AB(0x3800, 0x3c00), 0, 0x0000, 0}}, 2, 0);
}

static void test_bf16_add_sub_mul(void **state)
{
    (void)state;
    static const hcase add[] = {
        {AB(0x3f80, 0x3f80), 0, 0x4000, 0}, /* 1 + 1 = 2 */
        {AB(0x3f80, 0x3b80), 0, 0x3f80, 0}, /* 1 + 2^-8: a tie, to even (down) */
        {AB(0x3f81, 0x3b80), 0, 0x3f82, 0}, /* (1 + 2^-7) + 2^-8: to even (up) */
        {AB(0x3f80, 0x3b81), 0, 0x3f81, 0}, /* above the tie */
        {AB(0x7f7f, 0x7f7f), 0, 0x7f80, 0}, /* overflow: inf */
        {AB(0x3f80, 0x0001), 0, 0x3f80, 0}, /* 1 + 2^-133: far below half an ulp (not exact in a double) */
        {AB(0x0001, 0x0001), 0, 0x0002, 0}, /* subnormals kept */
        {AB(0x7f80, 0xff80), 0, 0x7fff, 0}, /* inf - inf */
        {AB(0x7fc1, 0x3f80), 0, 0x7fff, 0}, /* NaN: canonical */
        {AB(0x8000, 0x8000), 0, 0x8000, 0},
    };
    run_cases("add.bf16", SCALAR("add.bf16 %rs5, %rs1, %rs2;"), add, N(add), 0);
    run_cases("add.rn.bf16", SCALAR("add.rn.bf16 %rs5, %rs1, %rs2;"), add, N(add), 0);
    static const hcase sub[] = {
        {AB(0x3f80, 0x0001), 0, 0x3f80, 0}, /* 1 - 2^-133 rounds back to 1 */
        {AB(0x0080, 0x0001), 0, 0x007f, 0}, /* min normal - min subnormal */
        {AB(0x3f80, 0x3f80), 0, 0x0000, 0},
    };
    run_cases("sub.bf16", SCALAR("sub.bf16 %rs5, %rs1, %rs2;"), sub, N(sub), 0);
    static const hcase mul[] = {
        {AB(0x3f88, 0x3f88), 0, 0x3f90, 0}, /* (1 + 2^-4)^2 = 1.125 + 2^-8: a tie, to even */
        {AB(0x3fc0, 0x3fc0), 0, 0x4010, 0}, /* 1.5^2 = 2.25 */
        {AB(0x0001, 0x3f00), 0, 0x0000, 0}, /* 2^-133 * 0.5: a tie with 0 */
        {AB(0x0001, 0x3f40), 0, 0x0001, 0}, /* 2^-133 * 0.75 */
        {AB(0x7f00, 0x4000), 0, 0x7f80, 0}, /* 2^127 * 2 = inf */
    };
    run_cases("mul.bf16", SCALAR("mul.bf16 %rs5, %rs1, %rs2;"), mul, N(mul), 0);
    run_cases("mul.rn.bf16", SCALAR("mul.rn.bf16 %rs5, %rs1, %rs2;"), mul, N(mul), 0);
}

/* ---- fma ------------------------------------------------------------------------------------- */
static void test_fma(void **state)
{
    (void)state;
    static const hcase f16[] = {
        {AB(0x3c00, 0x3c00), 0x3c00, 0x4000, 0}, /* 1 * 1 + 1 */
        {AB(0x3c01, 0x3c01), 0x8000, 0x3c02, 0}, /* (1 + 2^-10)^2 rounds once */
        {AB(0x3c01, 0x3c01), 0xbc00, 0x1800, 0}, /* - 1 = 2^-9 + 2^-20: half an ulp of 2^-9, to even */
        {AB(0x7bff, 0x4000), 0xfbff, 0x7bff, 0}, /* 65504 * 2 - 65504: no overflow in between */
        {AB(0x0001, 0x0001), 0x0000, 0x0000, 0}, /* 2^-48 rounds to 0 */
        {AB(0x0001, 0x0001), 0x0001, 0x0001, 0}, /* 2^-24 + 2^-48 */
        {AB(0x7c00, 0x0000), 0x3c00, 0x7fff, 0}, /* inf * 0 + 1 */
        {AB(0x3c00, 0x3c00), 0xbc00, 0x0000, 0}, /* exact cancellation: +0 */
        {AB(0xbc00, 0x0000), 0x8000, 0x8000, 0}, /* -0 + -0 */
    };
    run_cases("fma.rn.f16", SCALAR("fma.rn.f16 %rs5, %rs1, %rs2, %rs3;"), f16, N(f16), 0);
    static const hcase relu[] = {
        {AB(0x3c00, 0xbc00), 0x0000, 0x0000, 0}, /* -1 becomes +0 */
        {AB(0x3c00, 0x3c00), 0x3c00, 0x4000, 0}, /* 2 stays */
        {AB(0x7e00, 0x3c00), 0x3c00, 0x7fff, 0}, /* NaN stays a NaN */
        {AB(0x3c00, 0x3c00), 0xbc00, 0x0000, 0},
    };
    run_cases("fma.rn.relu.f16", SCALAR("fma.rn.relu.f16 %rs5, %rs1, %rs2, %rs3;"), relu, N(relu), 0);
    static const hcase sat[] = {
        {AB(0x3c00, 0x3c00), 0x3c00, 0x3c00, 0},
        {AB(0x3c00, 0xbc00), 0x3800, 0x0000, 0},
        {AB(0x3800, 0x3800), 0x3400, 0x3800, 0}, /* 0.25 + 0.25 */
        {AB(0x7c00, 0x0000), 0x3c00, 0x0000, 0}, /* NaN: +0 */
    };
    run_cases("fma.rn.sat.f16", SCALAR("fma.rn.sat.f16 %rs5, %rs1, %rs2, %rs3;"), sat, N(sat), 0);
    run_cases("fma.rn.ftz.f16", SCALAR("fma.rn.ftz.f16 %rs5, %rs1, %rs2, %rs3;"),
              (const hcase[]){{AB(0x0200, 0x3c00), 0x3c00, 0x3c00, 0}, {AB(0x0400, 0x3800), 0x0000, 0x0000, 0}}, 2, 0);
    /* bf16: the exact product 1.125 + 2^-8 is a tie; the addend 2^-126 decides it. A double
     * holds the sum only rounded (to the tie itself), so double rounding would give 0x3f90. */
    static const hcase bf16[] = {
        {AB(0x3f88, 0x3f88), 0x0080, 0x3f91, 0}, /* tie + 2^-126: up */
        {AB(0x3f88, 0x3f88), 0x8080, 0x3f90, 0}, /* tie - 2^-126: down */
        {AB(0x3f88, 0x3f88), 0x0000, 0x3f90, 0}, /* the tie: to even */
        {AB(0x3f80, 0x3f80), 0xbf80, 0x0000, 0}, {AB(0x7f80, 0x0000), 0x3f80, 0x7fff, 0},
    };
    run_cases("fma.rn.bf16", SCALAR("fma.rn.bf16 %rs5, %rs1, %rs2, %rs3;"), bf16, N(bf16), 0);
    run_cases("fma.rn.relu.bf16", SCALAR("fma.rn.relu.bf16 %rs5, %rs1, %rs2, %rs3;"),
              (const hcase[]){{AB(0x3f80, 0xbf80), 0x0000, 0x0000, 0}, {AB(0x3f88, 0x3f88), 0x0080, 0x3f91, 0}}, 2, 0);
}

/* ---- paired forms: each half on its own, the low half first -------------------------------------- */
static void test_pairs(void **state)
{
    (void)state;
    /* %r1 and %r4 are two pairs; fma uses %r1 as the addend */
    static const hcase add[] = {
        {AB(0x3c00, 0x3c01), AB(0x1000, 0x1000), AB(0x3c00, 0x3c02), 0},
        {AB(0x7bff, 0x0001), AB(0x4c00, 0x0001), AB(0x7c00, 0x0002), 0},
        {AB(0x7e00, 0x3c00), AB(0x3c00, 0x7c00), AB(0x7fff, 0x7c00), 0},
    };
    run_cases("add.f16x2", "add.f16x2 %r2, %r1, %r4;", add, N(add), 0);
    run_cases("add.rn.f16x2", "add.rn.f16x2 %r2, %r1, %r4;", add, N(add), 0);
    run_cases("sub.f16x2", "sub.f16x2 %r2, %r1, %r4;",
              (const hcase[]){{AB(0x3c00, 0x4000), AB(0x3c00, 0x3c00), AB(0x0000, 0x3c00), 0}}, 1, 0);
    run_cases("mul.f16x2", "mul.f16x2 %r2, %r1, %r4;",
              (const hcase[]){{AB(0x0001, 0x3e00), AB(0x3800, 0x3e00), AB(0x0000, 0x4080), 0}}, 1, 0);
    run_cases("add.sat.f16x2 / mul.sat.f16x2", "add.sat.f16x2 %r2, %r1, %r4;\nmul.sat.f16x2 %r3, %r1, %r4;",
              (const hcase[]){{AB(0x3c00, 0xbc00), AB(0x3c00, 0x3800), AB(0x3c00, 0x0000), AB(0x3c00, 0x0000)}}, 1, 1);
    run_cases("sub.sat.f16x2 / add.ftz.f16x2", "sub.sat.f16x2 %r2, %r1, %r4;\nadd.ftz.f16x2 %r3, %r1, %r4;",
              (const hcase[]){{AB(0x3800, 0x0001), AB(0x3c00, 0x0001), AB(0x0000, 0x0000), AB(0x3e00, 0x0000)}}, 1, 1);
    run_cases("fma.rn.f16x2", "fma.rn.f16x2 %r2, %r1, %r4, %r1;",
              (const hcase[]){{AB(0x3c00, 0x4000), AB(0x3c00, 0xc000), AB(0x4000, 0xc000), 0}}, 1, 0);
    run_cases("fma.rn.relu.f16x2 / fma.rn.sat.f16x2",
              "fma.rn.relu.f16x2 %r2, %r1, %r4, %r1;\nfma.rn.sat.f16x2 %r3, %r1, %r4, %r1;",
              (const hcase[]){{AB(0x3c00, 0x4000), AB(0x3c00, 0xc000), AB(0x4000, 0x0000), AB(0x3c00, 0x0000)}}, 1, 1);
    run_cases("add.bf16x2 / sub.bf16x2", "add.bf16x2 %r2, %r1, %r4;\nsub.rn.bf16x2 %r3, %r1, %r4;",
              (const hcase[]){{AB(0x3f80, 0x3f81), AB(0x3b80, 0x3b80), AB(0x3f80, 0x3f82), AB(0x3f7f, 0x3f80)}}, 1, 1);
    run_cases("mul.bf16x2 / fma.rn.bf16x2", "mul.rn.bf16x2 %r2, %r1, %r4;\nfma.rn.bf16x2 %r3, %r1, %r1, %r4;",
              (const hcase[]){{AB(0x3f88, 0x3fc0), AB(0x0080, 0x3f80), AB(0x0088, 0x3fc0), AB(0x3f91, 0x4050)}}, 1, 1);
    run_cases("fma.rn.relu.bf16x2", "fma.rn.relu.bf16x2 %r2, %r1, %r4, %r1;",
              (const hcase[]){{AB(0x3f80, 0x4000), AB(0xc000, 0x3f80), AB(0x0000, 0x4080), 0}}, 1, 0);
}

/* ---- neg, abs, min, max ------------------------------------------------------------------------ */
static void test_neg_abs_min_max(void **state)
{
    (void)state;
    static const hcase negabs[] = {
        {AB(0x3c00, 0), 0, 0xbc00, 0x3c00}, /* neg / abs of 1 */
        {AB(0xbc00, 0), 0, 0x3c00, 0x3c00},
        {AB(0x7e01, 0), 0, 0x7fff, 0x7fff}, /* NaN: the canonical NaN (as cuda_fp16.h's host __hneg/__habs) */
        {AB(0xfe01, 0), 0, 0x7fff, 0x7fff},
        {AB(0x7c00, 0), 0, 0xfc00, 0x7c00}, /* infinities change sign */
        {AB(0x0000, 0), 0, 0x8000, 0x0000},
        {AB(0x0001, 0), 0, 0x8001, 0x0001}, /* subnormals kept */
    };
    run_cases("neg.f16 / abs.f16",
              "mov.b32 {%rs1, %rs2}, %r1;\nneg.f16 %rs5, %rs1;\nabs.f16 %rs6, %rs1;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              negabs, N(negabs), 1);
    static const hcase bnegabs[] = {
        {AB(0x3f80, 0), 0, 0xbf80, 0x3f80}, {AB(0x7e01, 0), 0, 0xfe01, 0x7e01}, /* a number in bf16 */
        {AB(0x7fc1, 0), 0, 0x7fff, 0x7fff},                                     /* NaN: canonical */
        {AB(0xff81, 0), 0, 0x7fff, 0x7fff}, {AB(0xff80, 0), 0, 0x7f80, 0x7f80}, /* -inf */
        {AB(0x0001, 0), 0, 0x8001, 0x0001},
    };
    run_cases("neg.bf16 / abs.bf16",
              "mov.b32 {%rs1, %rs2}, %r1;\nneg.bf16 %rs5, %rs1;\nabs.bf16 %rs6, %rs1;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              bnegabs, N(bnegabs), 1);
    run_cases("neg.ftz.f16 / abs.ftz.f16",
              "mov.b32 {%rs1, %rs2}, %r1;\nneg.ftz.f16 %rs5, %rs1;\nabs.ftz.f16 %rs6, %rs1;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{AB(0x0001, 0), 0, 0x8000, 0x0000},
                              {AB(0x8200, 0), 0, 0x0000, 0x0000},
                              {AB(0x0400, 0), 0, 0x8400, 0x0400}},
              3, 1);
    run_cases("neg.f16x2 / abs.f16x2", "neg.f16x2 %r2, %r1;\nabs.f16x2 %r3, %r1;",
              (const hcase[]){{AB(0x3c00, 0xfe00), 0, AB(0xbc00, 0x7fff), AB(0x3c00, 0x7fff)},
                              {AB(0x8001, 0xfc00), 0, AB(0x0001, 0x7c00), AB(0x0001, 0x7c00)}},
              2, 1);
    run_cases("neg.bf16x2 / abs.bf16x2", "neg.bf16x2 %r2, %r1;\nabs.bf16x2 %r3, %r1;",
              (const hcase[]){{AB(0x3f80, 0xbf80), 0, AB(0xbf80, 0x3f80), AB(0x3f80, 0x3f80)},
                              {AB(0x7fc0, 0x8000), 0, AB(0x7fff, 0x0000), AB(0x7fff, 0x0000)}},
              2, 1);

    /* min / max: a NaN loses to a number; two NaNs give the canonical NaN; -0 < +0 */
    static const hcase mm[] = {
        {AB(0x3c00, 0x4000), 0, 0x3c00, 0x4000}, {AB(0x3c00, 0x7e00), 0, 0x3c00, 0x3c00}, /* 1 and NaN: 1 */
        {AB(0xfe01, 0xbc00), 0, 0xbc00, 0xbc00},                                          /* NaN and -1: -1 */
        {AB(0x7e01, 0x7e02), 0, 0x7fff, 0x7fff},                                          /* two NaNs */
        {AB(0x8000, 0x0000), 0, 0x8000, 0x0000},                                          /* -0 and +0 */
        {AB(0x0000, 0x8000), 0, 0x8000, 0x0000}, {AB(0xfc00, 0x7c00), 0, 0xfc00, 0x7c00},
        {AB(0x0001, 0x8001), 0, 0x8001, 0x0001},
    };
    const char *mmbody = "mov.b32 {%rs1, %rs2}, %r1;\nmin.f16 %rs5, %rs1, %rs2;\nmax.f16 %rs6, %rs1, %rs2;\n"
                         "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;";
    run_cases("min.f16 / max.f16", mmbody, mm, N(mm), 1);
    static const hcase mmnan[] = {
        {AB(0x3c00, 0x7e00), 0, 0x7fff, 0x7fff}, /* .NaN: any NaN gives the canonical NaN */
        {AB(0xfe01, 0xbc00), 0, 0x7fff, 0x7fff},
        {AB(0x3c00, 0x4000), 0, 0x3c00, 0x4000},
    };
    run_cases("min.NaN.f16 / max.NaN.f16",
              "mov.b32 {%rs1, %rs2}, %r1;\nmin.NaN.f16 %rs5, %rs1, %rs2;\nmax.NaN.f16 %rs6, %rs1, %rs2;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              mmnan, N(mmnan), 1);
    run_cases("min.ftz.f16 / max.ftz.f16",
              "mov.b32 {%rs1, %rs2}, %r1;\nmin.ftz.f16 %rs5, %rs1, %rs2;\nmax.ftz.f16 %rs6, %rs1, %rs2;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{AB(0x0001, 0x8000), 0, 0x8000, 0x0000}, {AB(0x8001, 0x0000), 0, 0x8000, 0x0000}}, 2, 1);
    static const hcase bmm[] = {
        {AB(0x3f80, 0x4000), 0, 0x3f80, 0x4000},
        {AB(0x3f80, 0x7fc0), 0, 0x3f80, 0x3f80},
        {AB(0x7fc1, 0xffc1), 0, 0x7fff, 0x7fff},
        {AB(0x8000, 0x0000), 0, 0x8000, 0x0000},
    };
    run_cases("min.bf16 / max.bf16",
              "mov.b32 {%rs1, %rs2}, %r1;\nmin.bf16 %rs5, %rs1, %rs2;\nmax.bf16 %rs6, %rs1, %rs2;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              bmm, N(bmm), 1);
    run_cases("min.NaN.bf16 / max.NaN.bf16",
              "mov.b32 {%rs1, %rs2}, %r1;\nmin.NaN.bf16 %rs5, %rs1, %rs2;\nmax.NaN.bf16 %rs6, %rs1, %rs2;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{AB(0x3f80, 0x7fc0), 0, 0x7fff, 0x7fff}}, 1, 1);
    run_cases("min.f16x2 / max.NaN.f16x2", "min.f16x2 %r2, %r1, %r4;\nmax.NaN.f16x2 %r3, %r1, %r4;",
              (const hcase[]){{AB(0x3c00, 0x7e00), AB(0x4000, 0x3c00), AB(0x3c00, 0x3c00), AB(0x4000, 0x7fff)}}, 1, 1);
    run_cases("min.NaN.bf16x2 / max.bf16x2", "min.NaN.bf16x2 %r2, %r1, %r4;\nmax.bf16x2 %r3, %r1, %r4;",
              (const hcase[]){{AB(0x3f80, 0x7fc0), AB(0x4000, 0x3f80), AB(0x3f80, 0x7fff), AB(0x4000, 0x3f80)}}, 1, 1);
}

/* ---- comparisons ------------------------------------------------------------------------------- */
static void test_compare(void **state)
{
    (void)state;
    /* %r2 = lt, %r3 = ltu (bit 0) and equ (bit 1), nan (bit 2), ne (bit 3) */
    const char *body = "mov.b32 {%rs1, %rs2}, %r1;\n"
                       "setp.lt.f16 %p1, %rs1, %rs2;\nselp.u32 %r2, 1, 0, %p1;\n"
                       "setp.ltu.f16 %p2, %rs1, %rs2;\nselp.u32 %r5, 1, 0, %p2;\n"
                       "setp.equ.f16 %p3, %rs1, %rs2;\nselp.u32 %r6, 2, 0, %p3;\n"
                       "setp.nan.f16 %p4, %rs1, %rs2;\nselp.u32 %r7, 4, 0, %p4;\n"
                       "setp.ne.f16 %p5, %rs1, %rs2;\nselp.u32 %r8, 8, 0, %p5;\n"
                       "or.b32 %r3, %r5, %r6;\nor.b32 %r3, %r3, %r7;\nor.b32 %r3, %r3, %r8;";
    static const hcase c[] = {
        {AB(0x3c00, 0x4000), 0, 1, 1 | 8}, /* 1 < 2 */
        {AB(0x4000, 0x3c00), 0, 0, 8},         {AB(0x3c00, 0x3c00), 0, 0, 2},
        {AB(0x3c00, 0x7e00), 0, 0, 1 | 2 | 4}, /* unordered: only the u forms and nan */
        {AB(0x8000, 0x0000), 0, 0, 2},         /* -0 == +0 */
        {AB(0x0001, 0x0002), 0, 1, 1 | 8},     /* subnormals compare */
        {AB(0xfc00, 0xfbff), 0, 1, 1 | 8},
    };
    run_cases("setp.f16", body, c, N(c), 1);
    run_cases("setp.ftz.f16", "mov.b32 {%rs1, %rs2}, %r1;\nsetp.lt.ftz.f16 %p1, %rs1, %rs2;\nselp.u32 %r2, 1, 0, %p1;",
              (const hcase[]){{AB(0x0001, 0x0002), 0, 0, 0}, {AB(0x0400, 0x0800), 0, 1, 0}}, 2, 0);
    run_cases("setp.bf16 / setp.nan.bf16",
              "mov.b32 {%rs1, %rs2}, %r1;\nsetp.gt.bf16 %p1, %rs1, %rs2;\nsetp.nan.bf16 %p2, %rs1, %rs2;\n"
              "selp.u32 %r2, 1, 0, %p1;\nselp.u32 %r3, 1, 0, %p2;",
              (const hcase[]){{AB(0x4000, 0x3f80), 0, 1, 0}, {AB(0x3f80, 0x4000), 0, 0, 0}, {AB(0x7fc0, 0x4000), 0, 0, 1}},
              3, 1);
    run_cases("setp.f16 with .and",
              "mov.b32 {%rs1, %rs2}, %r1;\nsetp.ne.u32 %p3, %r4, 0;\nsetp.le.and.f16 %p1, %rs1, %rs2, %p3;\n"
              "selp.u32 %r2, 1, 0, %p1;",
              (const hcase[]){{AB(0x3c00, 0x3c00), 1, 1, 0}, {AB(0x3c00, 0x3c00), 0, 0, 0}}, 2, 0);
    /* f16x2: p gets the low halves, q the high halves */
    run_cases("setp.f16x2 p|q", "setp.lt.f16x2 %p1|%p2, %r1, %r4;\nselp.u32 %r2, 1, 0, %p1;\nselp.u32 %r3, 1, 0, %p2;",
              (const hcase[]){{AB(0x3c00, 0x4000), AB(0x4000, 0x3c00), 1, 0},
                              {AB(0x4000, 0x3c00), AB(0x3c00, 0x4000), 0, 1}},
              2, 1);
    run_cases("setp.bf16x2 p|q", "setp.geu.bf16x2 %p1|%p2, %r1, %r4;\nselp.u32 %r2, 1, 0, %p1;\nselp.u32 %r3, 1, 0, %p2;",
              (const hcase[]){{AB(0x7fc0, 0x3f80), AB(0x4000, 0x4000), 1, 0}}, 1, 1);

    /* set: 1.0 (0x3c00 / 0x3f80) or all ones per half */
    run_cases("set.eq.f16.f16 / set.nan.f16.f16",
              "mov.b32 {%rs1, %rs2}, %r1;\nset.eq.f16.f16 %rs5, %rs1, %rs2;\n"
              "set.nan.f16.f16 %rs6, %rs1, %rs2;\ncvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{AB(0x3c00, 0x3c00), 0, 0x3c00, 0}, {AB(0x3c00, 0x7e00), 0, 0, 0x3c00}}, 2, 1);
    run_cases("set.lt.u32.f16 / set.lt.s16.f16",
              "mov.b32 {%rs1, %rs2}, %r1;\nset.lt.u32.f16 %r2, %rs1, %rs2;\n"
              "set.lt.s16.f16 %rs5, %rs1, %rs2;\ncvt.u32.u16 %r3, %rs5;",
              (const hcase[]){{AB(0x3c00, 0x4000), 0, 0xffffffffu, 0xffff}, {AB(0x4000, 0x3c00), 0, 0, 0}}, 2, 1);
    run_cases("set.f16x2.f16x2 / set.u32.f16x2", "set.gt.f16x2.f16x2 %r2, %r1, %r4;\nset.gt.u32.f16x2 %r3, %r1, %r4;",
              (const hcase[]){{AB(0x4000, 0x3c00), AB(0x3c00, 0x4000), AB(0x3c00, 0), AB(0xffff, 0)},
                              {AB(0x7e00, 0x4400), AB(0x3c00, 0x4000), AB(0, 0x3c00), AB(0, 0xffff)}},
              2, 1);
    run_cases("set.bf16x2.bf16x2 / set.s32.bf16x2",
              "set.equ.bf16x2.bf16x2 %r2, %r1, %r4;\nset.ne.s32.bf16x2 %r3, %r1, %r4;",
              (const hcase[]){{AB(0x3f80, 0x7fc0), AB(0x3f80, 0x3f80), AB(0x3f80, 0x3f80), AB(0, 0)},
                              {AB(0x3f80, 0x4000), AB(0x4000, 0x3f80), AB(0, 0), AB(0xffff, 0xffff)}},
              2, 1);
    run_cases("set.eq.bf16.bf16 / set.ltu.f16.f32",
              "mov.b32 {%rs1, %rs2}, %r1;\nset.eq.bf16.bf16 %rs5, %rs1, %rs2;\n"
              "cvt.u32.u16 %r2, %rs5;\nmov.b32 %f1, %r4;\nset.ltu.f16.f32 %rs6, %f1, 0f00000000;\n"
              "cvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{AB(0x3f80, 0x3f80), 0xbf800000u, 0x3f80, 0x3c00}, {AB(0x3f80, 0x4000), 0x3f800000u, 0, 0}},
              2, 1);
    run_cases("set.and with a half source",
              "setp.ne.u32 %p3, %r4, 0;\nmov.b32 {%rs1, %rs2}, %r1;\n"
              "set.le.and.u32.f16 %r2, %rs1, %rs2, %p3;",
              (const hcase[]){{AB(0x3c00, 0x3c00), 1, 0xffffffffu, 0}, {AB(0x3c00, 0x3c00), 0, 0, 0}}, 2, 0);
}

/* ---- conversions ------------------------------------------------------------------------------- */
#define TO_HALF(insn) "mov.b32 %f1, %r1;\n" insn "\ncvt.u32.u16 %r2, %rs5;"

static void test_cvt_to_half(void **state)
{
    (void)state;
    /* f32 -> f16 with each rounding mode: %r2 = rn, %r3 = rz | rm << 16; rp checked below */
    const char *body = "mov.b32 %f1, %r1;\ncvt.rn.f16.f32 %rs5, %f1;\ncvt.rz.f16.f32 %rs6, %f1;\n"
                       "cvt.rm.f16.f32 %rs7, %f1;\ncvt.u32.u16 %r2, %rs5;\nmov.b32 %r3, {%rs6, %rs7};";
    static const hcase c[] = {
        {0x3f800000u, 0, 0x3c00, AB(0x3c00, 0x3c00)}, /* 1 */
        {0x477ff000u, 0, 0x7c00, AB(0x7bff, 0x7bff)}, /* 65520: the tie rounds to inf; rz/rm: 65504 */
        {0x477fefffu, 0, 0x7bff, AB(0x7bff, 0x7bff)}, /* just under 65520 */
        {0xc77ff000u, 0, 0xfc00, AB(0xfbff, 0xfc00)}, /* -65520 */
        {0x33000000u, 0, 0x0000, AB(0x0000, 0x0000)}, /* 2^-25: tie with 0, to even */
        {0x33400000u, 0, 0x0001, AB(0x0000, 0x0000)}, /* 1.5 * 2^-25 */
        {0xb3400000u, 0, 0x8001, AB(0x8000, 0x8001)}, /* -1.5 * 2^-25 */
        {0x3f801000u, 0, 0x3c00, AB(0x3c00, 0x3c00)}, /* 1 + 2^-11: tie, even */
        {0x3f803000u, 0, 0x3c02, AB(0x3c01, 0x3c01)}, /* 1 + 3 * 2^-11: tie, even (up) */
        {0x3f801001u, 0, 0x3c01, AB(0x3c00, 0x3c00)}, {0xbf801001u, 0, 0xbc01, AB(0xbc00, 0xbc01)},
        {0x7fc00000u, 0, 0x7fff, AB(0x7fff, 0x7fff)},                                               /* NaN */
        {0xff800001u, 0, 0x7fff, AB(0x7fff, 0x7fff)}, {0x7f800000u, 0, 0x7c00, AB(0x7c00, 0x7c00)}, /* inf */
        {0x80000000u, 0, 0x8000, AB(0x8000, 0x8000)},                                               /* -0 */
        {0x38800000u, 0, 0x0400, AB(0x0400, 0x0400)}, /* 2^-14: the smallest normal */
        {0x387fc000u, 0, 0x03ff, AB(0x03ff, 0x03ff)}, /* the largest subnormal */
        {0x00000001u, 0, 0x0000, AB(0x0000, 0x0000)}, /* an f32 subnormal */
    };
    run_cases("cvt.{rn,rz,rm}.f16.f32", body, c, N(c), 1);
    run_cases("cvt.rp.f16.f32", TO_HALF("cvt.rp.f16.f32 %rs5, %f1;"),
              (const hcase[]){{0x00000001u, 0, 0x0001, 0},
                              {0x80000001u, 0, 0x8000, 0},
                              {0x477ff000u, 0, 0x7c00, 0},
                              {0xc77ff000u, 0, 0xfbff, 0},
                              {0x3f801000u, 0, 0x3c01, 0}},
              5, 0);
    run_cases("cvt.rn.sat.f16.f32", TO_HALF("cvt.rn.sat.f16.f32 %rs5, %f1;"),
              (const hcase[]){{0x40000000u, 0, 0x3c00, 0},
                              {0xbf800000u, 0, 0x0000, 0},
                              {0x7fc00000u, 0, 0x0000, 0},
                              {0x3f000000u, 0, 0x3800, 0}},
              4, 0);
    run_cases("cvt.rn.relu.f16.f32", TO_HALF("cvt.rn.relu.f16.f32 %rs5, %f1;"),
              (const hcase[]){{0x40000000u, 0, 0x4000, 0}, {0xbf800000u, 0, 0x0000, 0}, {0x7fc00000u, 0, 0x7fff, 0}}, 3,
              0);

    /* f32 -> bf16 */
    static const hcase b[] = {
        {0x3f800000u, 0, 0x3f80, AB(0x3f80, 0x3f80)}, {0x3f808000u, 0, 0x3f80, AB(0x3f80, 0x3f80)}, /* tie, to even */
        {0x3f818000u, 0, 0x3f82, AB(0x3f81, 0x3f81)}, /* tie, to even (up) */
        {0x3f808001u, 0, 0x3f81, AB(0x3f80, 0x3f80)}, {0xbf808001u, 0, 0xbf81, AB(0xbf80, 0xbf81)},
        {0x7f7fffffu, 0, 0x7f80, AB(0x7f7f, 0x7f7f)}, /* FLT_MAX: rn overflows */
        {0x00000001u, 0, 0x0000, AB(0x0000, 0x0000)}, /* an f32 subnormal below half a bf16 step */
        {0x00008000u, 0, 0x0000, AB(0x0000, 0x0000)}, /* exactly half: to even 0 */
        {0x00018000u, 0, 0x0002, AB(0x0001, 0x0001)}, {0x7fc00001u, 0, 0x7fff, AB(0x7fff, 0x7fff)},
    };
    run_cases("cvt.{rn,rz,rm}.bf16.f32",
              "mov.b32 %f1, %r1;\ncvt.rn.bf16.f32 %rs5, %f1;\ncvt.rz.bf16.f32 %rs6, %f1;\n"
              "cvt.rm.bf16.f32 %rs7, %f1;\ncvt.u32.u16 %r2, %rs5;\nmov.b32 %r3, {%rs6, %rs7};",
              b, N(b), 1);
    run_cases("cvt.rp.bf16.f32", TO_HALF("cvt.rp.bf16.f32 %rs5, %f1;"),
              (const hcase[]){{0x3f800001u, 0, 0x3f81, 0}, {0xbf800001u, 0, 0xbf80, 0}, {0x7f7fffffu, 0, 0x7f80, 0}}, 3,
              0);
    run_cases("cvt.rn.relu.bf16.f32", TO_HALF("cvt.rn.relu.bf16.f32 %rs5, %f1;"),
              (const hcase[]){{0xc0000000u, 0, 0x0000, 0}, {0x40000000u, 0, 0x4000, 0}}, 2, 0);

    /* two f32 to a pair: a to the high half, b to the low */
    run_cases("cvt.rn.f16x2.f32 / cvt.rn.relu.f16x2.f32",
              "mov.b32 %f1, %r1;\nmov.b32 %f2, %r4;\ncvt.rn.f16x2.f32 %r2, %f1, %f2;\n"
              "cvt.rn.relu.f16x2.f32 %r3, %f1, %f2;",
              (const hcase[]){{0x3f800000u, 0x40000000u, AB(0x4000, 0x3c00), AB(0x4000, 0x3c00)},
                              {0xbf800000u, 0x3f801000u, AB(0x3c00, 0xbc00), AB(0x3c00, 0x0000)}},
              2, 1);
    run_cases("cvt.rn.bf16x2.f32 / cvt.rn.relu.bf16x2.f32",
              "mov.b32 %f1, %r1;\nmov.b32 %f2, %r4;\ncvt.rn.bf16x2.f32 %r2, %f1, %f2;\n"
              "cvt.rn.relu.bf16x2.f32 %r3, %f1, %f2;",
              (const hcase[]){{0x3f808001u, 0xc0000000u, AB(0xc000, 0x3f81), AB(0x0000, 0x3f81)}}, 1, 1);

    run_cases("cvt.rz.f16x2.f32 / cvt.rz.relu.bf16x2.f32",
              "mov.b32 %f1, %r1;\nmov.b32 %f2, %r4;\ncvt.rz.f16x2.f32 %r2, %f1, %f2;\n"
              "cvt.rz.relu.bf16x2.f32 %r3, %f1, %f2;",
              (const hcase[]){{0x3f803000u, 0xbf801001u, AB(0xbc00, 0x3c01), AB(0x0000, 0x3f80)}}, 1, 1);
    run_cases("cvt.rz.relu.bf16.f32 / cvt.rz.relu.f16.f32",
              "mov.b32 %f1, %r1;\ncvt.rz.relu.bf16.f32 %rs5, %f1;\ncvt.rz.relu.f16.f32 %rs6, %f1;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{0x3f80ffffu, 0, 0x3f80, 0x3c07}, {0xb3000000u, 0, 0x0000, 0x0000}}, 2,
              1); /* 1 + 2^-7 - 2^-23 */
    /* f64 -> half: one rounding from the double */
    run_cases("cvt.rn.f16.f64 / cvt.rn.bf16.f64",
              "mov.b64 %fd1, {%r4, %r1};\ncvt.rn.f16.f64 %rs5, %fd1;\ncvt.rn.bf16.f64 %rs6, %fd1;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{0x3ff00200u, 0x00000001u, 0x3c01, 0x3f80}, /* 1 + 2^-11 + 2^-52: above the f16 tie */
                              {0x3ff00200u, 0x00000000u, 0x3c00, 0x3f80}, /* the tie itself */
                              {0x3ff01000u, 0x00000001u, 0x3c04, 0x3f81}, /* 1 + 2^-8 + 2^-52: above the bf16 tie */
                              /* a NaN keeps sign and payload top, quiet (corpus fp16_cvt_f64, H200) */
                              {0x7ff80000u, 0x00000000u, 0x7e00, 0x7fc0},
                              {0xfff40000u, 0x00000000u, 0xff00, 0xffe0},  /* payload bit 50, quiet added */
                              {0x47efffffu, 0xe0000000u, 0x7c00, 0x7f80}}, /* FLT_MAX as a double, rounded up: inf */
              6, 1);
    /* integers -> half */
    run_cases("cvt.{rn,rz}.f16.s32",
              "cvt.rn.f16.s32 %rs5, %r1;\ncvt.rz.f16.s32 %rs6, %r1;\ncvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{2049, 0, 0x6800, 0x6800},  /* tie, to even 2048 */
                              {2051, 0, 0x6802, 0x6801},  /* tie, to even 2052 */
                              {65520, 0, 0x7c00, 0x7bff}, /* overflow by rn, 65504 by rz */
                              {(uint32_t)-3, 0, 0xc200, 0xc200},
                              {0x80000000u, 0, 0xfc00, 0xfbff},
                              {0, 0, 0x0000, 0x0000}},
              6, 1);
    run_cases("cvt.{rm,rp}.f16.s32",
              "cvt.rm.f16.s32 %rs5, %r1;\ncvt.rp.f16.s32 %rs6, %r1;\ncvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{2049, 0, 0x6800, 0x6801}, {(uint32_t)-2049, 0, 0xe801, 0xe800}}, 2, 1);
    run_cases("cvt.rn.f16.{u16,s16,u32}",
              "cvt.u16.u32 %rs1, %r1;\ncvt.rn.f16.u16 %rs5, %rs1;\ncvt.rn.f16.s16 %rs6, %rs1;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.rn.f16.u32 %rs7, %r1;\ncvt.u32.u16 %r5, %rs6;\n"
              "cvt.u32.u16 %r6, %rs7;\nshl.b32 %r6, %r6, 16;\nor.b32 %r3, %r5, %r6;",
              (const hcase[]){{0xffffu, 0, 0x7c00, AB(0xbc00, 0x7c00)}, {0x7ffu, 0, 0x67ff, AB(0x67ff, 0x67ff)}}, 2, 1);
    /* 64-bit: 2^63 + 2^55 + 1 is just above a bf16 tie; a double holds only the tie */
    run_cases("cvt.rn.{bf16,f16}.{u64,s64}",
              "mov.b64 %rd20, {%r4, %r1};\ncvt.rn.bf16.u64 %rs5, %rd20;\ncvt.rn.f16.s64 %rs6, %rd20;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{0x80800000u, 0x00000001u, 0x5f01, 0xfc00},
                              {0x80800000u, 0x00000000u, 0x5f00, 0xfc00},
                              {0xffffffffu, 0xffffffffu, 0x5f80, 0xbc00},
                              {0x00000000u, 0x00000101u, 0x4380, 0x5c04}}, /* 257: tie to 256 for bf16 */
              4, 1);
    run_cases("cvt.{rz,rm,rp}.bf16.s32",
              "cvt.rz.bf16.s32 %rs5, %r1;\ncvt.rm.bf16.s32 %rs6, %r1;\ncvt.rp.bf16.s32 %rs7, %r1;\n"
              "cvt.u32.u16 %r2, %rs5;\nmov.b32 %r3, {%rs6, %rs7};",
              (const hcase[]){{(uint32_t)-257, 0, 0xc380, AB(0xc381, 0xc380)}}, 1, 1);
    /* half -> half: the other format, and integral rounding */
    run_cases("cvt.rn.bf16.f16 / cvt.rn.f16.bf16",
              "mov.b32 {%rs1, %rs2}, %r1;\ncvt.rn.bf16.f16 %rs5, %rs1;\ncvt.rn.f16.bf16 %rs6, %rs2;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{AB(0x3c01, 0x3f81), 0, 0x3f80, 0x3c08}, {AB(0x7bff, 0x4780), 0, 0x4780, 0x7c00}}, 2, 1);
}

static void test_cvt_from_half(void **state)
{
    (void)state;
    run_cases("cvt.f32.f16 / cvt.f32.bf16",
              "mov.b32 {%rs1, %rs2}, %r1;\ncvt.f32.f16 %f1, %rs1;\ncvt.f32.bf16 %f2, %rs2;\n"
              "mov.b32 %r2, %f1;\nmov.b32 %r3, %f2;",
              (const hcase[]){{AB(0x3c00, 0x3f80), 0, 0x3f800000u, 0x3f800000u},
                              {AB(0x0001, 0x0001), 0, 0x33800000u, 0x00010000u}, /* subnormals: exact */
                              {AB(0x7bff, 0x7f7f), 0, 0x477fe000u, 0x7f7f0000u},
                              {AB(0x7c00, 0xff80), 0, 0x7f800000u, 0xff800000u},
                              {AB(0x8000, 0x8000), 0, 0x80000000u, 0x80000000u},
                              {AB(0x7e01, 0xffc1), 0, 0x7fffffffu, 0xffc10000u}}, /* NaN: f16 canonical, bf16 kept */
              6, 1);
    run_cases("cvt.ftz.f32.bf16 / cvt.sat.f32.f16",
              "mov.b32 {%rs1, %rs2}, %r1;\ncvt.ftz.f32.bf16 %f1, %rs2;\ncvt.sat.f32.f16 %f2, %rs1;\n"
              "mov.b32 %r2, %f1;\nmov.b32 %r3, %f2;",
              (const hcase[]){{AB(0x4000, 0x0001), 0, 0x00000000u, 0x3f800000u}, {AB(0xbc00, 0x3f80), 0, 0x3f800000u, 0}},
              2, 1);
    run_cases("cvt.f64.f16 / cvt.f64.bf16",
              "mov.b32 {%rs1, %rs2}, %r1;\ncvt.f64.f16 %fd1, %rs1;\ncvt.f64.bf16 %fd2, %rs2;\n"
              "mov.b64 {_, %r2}, %fd1;\nmov.b64 {_, %r3}, %fd2;",
              (const hcase[]){{AB(0x3c00, 0xc000), 0, 0x3ff00000u, 0xc0000000u},
                              {AB(0x0001, 0x0001), 0, 0x3e700000u, 0x37a00000u}},
              2, 1);
    /* to integers: %r2 = rni, %r3 = rzi | rmi << 8 | rpi << 16 (low bytes of s32 results) */
    const char *body =
        "mov.b32 {%rs1, %rs2}, %r1;\ncvt.rni.s32.f16 %r2, %rs1;\ncvt.rzi.s32.f16 %r5, %rs1;\n"
        "cvt.rmi.s32.f16 %r6, %rs1;\ncvt.rpi.s32.f16 %r7, %rs1;\nand.b32 %r5, %r5, 255;\nand.b32 %r6, %r6, 255;\n"
        "and.b32 %r7, %r7, 255;\nshl.b32 %r6, %r6, 8;\nshl.b32 %r7, %r7, 16;\nor.b32 %r3, %r5, %r6;\nor.b32 %r3, %r3, %r7;";
    static const hcase c[] = {
        {AB(0x3e00, 0), 0, 2, 1 | 1 << 8 | 2 << 16},                     /* 1.5 */
        {AB(0xbe00, 0), 0, (uint32_t)-2, 0xff | 0xfe << 8 | 0xff << 16}, /* -1.5 */
        {AB(0x4100, 0), 0, 2, 2 | 2 << 8 | 3 << 16},                     /* 2.5: rni to even */
        {AB(0x7e00, 0), 0, 0, 0},                                        /* NaN: 0 */
        {AB(0x7c00, 0), 0, 0x7fffffffu, 0xff | 0xff << 8 | 0xff << 16},  /* inf: INT_MAX */
        {AB(0xfc00, 0), 0, 0x80000000u, 0},                              /* -inf: INT_MIN */
        {AB(0x0001, 0), 0, 0, 0 | 0 << 8 | 1 << 16},                     /* 2^-24 */
    };
    run_cases("cvt.{rni,rzi,rmi,rpi}.s32.f16", body, c, N(c), 1);
    run_cases("cvt.rzi.{u8,s8,u16,u64}.f16",
              "mov.b32 {%rs1, %rs2}, %r1;\ncvt.rzi.u8.f16 %rs5, %rs1;\ncvt.rzi.s8.f16 %rs6, %rs1;\n"
              "cvt.u32.u16 %r5, %rs5;\ncvt.u32.u16 %r6, %rs6;\nshl.b32 %r6, %r6, 16;\nor.b32 %r2, %r5, %r6;\n"
              "cvt.rzi.u16.f16 %rs7, %rs1;\ncvt.rzi.u64.f16 %rd20, %rs1;\ncvt.u32.u16 %r5, %rs7;\n"
              "cvt.u32.u64 %r6, %rd20;\nshl.b32 %r6, %r6, 16;\nor.b32 %r3, %r5, %r6;",
              (const hcase[]){{AB(0x7bff, 0), 0, AB(0x00ff, 0x007f), AB(0xffe0, 0xffe0)},  /* 65504 saturates u8/s8 */
                              {AB(0xd640, 0), 0, AB(0x0000, 0x009c), AB(0x0000, 0x0000)}}, /* -100: the s8 bits */
              2, 1);
    run_cases("cvt.rni.s16.bf16 / cvt.rpi.u32.bf16",
              "mov.b32 {%rs1, %rs2}, %r1;\ncvt.rni.s16.bf16 %rs5, %rs2;\ncvt.u32.u16 %r2, %rs5;\n"
              "cvt.rpi.u32.bf16 %r3, %rs2;",
              (const hcase[]){{AB(0, 0x4020), 0, 2, 3},
                              {AB(0, 0xc7c0), 0, 0x8000, 0},
                              {AB(0, 0x4f80), 0, 0x7fff, 0xffffffffu}},
              3, 1);
    /* to an integral half */
    run_cases("cvt.{rni,rzi}.f16.f16",
              "mov.b32 {%rs1, %rs2}, %r1;\ncvt.rni.f16.f16 %rs5, %rs1;\ncvt.rzi.f16.f16 %rs6, %rs1;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{AB(0x4100, 0), 0, 0x4000, 0x4000},
                              {AB(0x3e00, 0), 0, 0x4000, 0x3c00},
                              {AB(0xb800, 0), 0, 0x8000, 0x8000},
                              {AB(0x7e01, 0), 0, 0x7fff, 0x7fff},
                              {AB(0x0001, 0), 0, 0x0000, 0x0000}},
              5, 1);
    run_cases("cvt.rpi.sat.f16.f16",
              "mov.b32 {%rs1, %rs2}, %r1;\ncvt.rpi.sat.f16.f16 %rs5, %rs1;\ncvt.u32.u16 %r2, %rs5;",
              (const hcase[]){{AB(0x3800, 0), 0, 0x3c00, 0},
                              {AB(0x4100, 0), 0, 0x3c00, 0},
                              {AB(0xb800, 0), 0, 0x0000, 0},
                              {AB(0x7e00, 0), 0, 0x0000, 0}},
              4, 0);
    run_cases("cvt.{rmi,rpi}.bf16.bf16",
              "mov.b32 {%rs1, %rs2}, %r1;\ncvt.rmi.bf16.bf16 %rs5, %rs1;\ncvt.rpi.bf16.bf16 %rs6, %rs1;\n"
              "cvt.u32.u16 %r2, %rs5;\ncvt.u32.u16 %r3, %rs6;",
              (const hcase[]){{AB(0xbf00, 0), 0, 0xbf80, 0x8000}, {AB(0x3fc0, 0), 0, 0x3f80, 0x4000}}, 2, 1);
}

/* ---- moves, atomics and what nvcc's headers write ---------------------------------------------- */
static void test_moves_and_atomics(void **state)
{
    (void)state;
    /* cuda_bf16.h: { .reg.b8 myreg; cvt.rzi.s8.bf16 myreg, %rs1; mov.b16 %rs, {myreg, 0}; } */
    run_cases("mov.b16 {byte, 0} and .reg.b8 without a space",
              "mov.b32 {%rs1, %rs2}, %r1;\n"
              "{ .reg.b8 myreg;\ncvt.rzi.s8.bf16 myreg, %rs1;\nmov.b16 %rs5, {myreg, 0};\n}\n"
              "cvt.u32.u16 %r2, %rs5;",
              (const hcase[]){{AB(0xc2c8, 0), 0, 0x9c, 0}, {AB(0x4300, 0), 0, 0x7f, 0}}, 2, 0);
    /* cuda_bf16.h before sm_90: bf16 to f32 as { mov.b32 %0, {0,%1};} */
    run_cases("mov.b32 f, {0, h}", "mov.b32 {%rs1, %rs2}, %r1;\n{ mov.b32 %f1, {0,%rs1};}\nmov.b32 %r2, %f1;",
              (const hcase[]){{AB(0x3f80, 0x1234), 0, 0x3f800000u, 0}, {AB(0xffc1, 0), 0, 0xffc10000u, 0}}, 2, 0);
    /* cuda_fp16.h's inline asm declares a name in a nested block that an outer block declared */
    run_cases("a nested block shadows an outer register",
              "{ .reg.b32 p;\nmov.b32 p, 7;\n{ .reg.b32 p;\nmov.b32 p, 9;\n"
              "mov.b32 %r3, p;\n}\nmov.b32 %r2, p;\n}",
              (const hcase[]){{0, 0, 7, 9}}, 1, 1);
    /* atom.add.noftz: halves added with one rounding, subnormals kept; lanes in lane order */
    wsh_run r;
    uint32_t in[32] = {0};
    wsh_opts o = {.in = in};
    for (int l = 0; l < 32; l++)
        in[l] = AB(0x0001, 0x3c00); /* each lane adds 2^-24 to the low half, 1 to the high */
    wsh_body(&r,
             "mov.b32 {%rs1, %rs2}, %r1;\nst.shared.v4.u32 [sh], {%r2, %r2, %r2, %r2};\nbar.warp.sync -1;\n"
             "atom.shared.add.noftz.f16 %rs5, [sh], %rs1;\natom.shared.add.noftz.f16x2 %r5, [sh+4], %r1;\n"
             "red.shared.add.noftz.bf16 [sh+8], %rs2;\nred.shared.add.noftz.bf16x2 [sh+12], %r1;\nbar.warp.sync -1;\n"
             "ld.shared.u32 %r2, [sh+4];\nld.shared.u16 %rs6, [sh];\nld.shared.u16 %rs7, [sh+8];\nmov.b32 %r3, {%rs6, %rs7};",
             &o);
    WSH_EXPECT_OK(&r);
    /* f16: 32 * 2^-24 = 0x0020; 32 ones = 32.0 = 0x5000 */
    assert_int_equal(r.out[0], AB(0x0020, 0x5000));
    assert_int_equal(r.out2[0], AB(0x0020, 0x3e80)); /* bf16 0x3c00 is 2^-7: 32 of them 0.25 */
    wsh_free(&r);
}

/* ---- refused at load time, with the line and column ---------------------------------------------- */
static void test_refused(void **state)
{
    (void)state;
    static const struct {
        const char *insn, *message;
        unsigned col; /* 0: the mnemonic's, 1 */
    } bad[] = {
        {"ex2.approx.ftz.f16 %rs5, %rs1;", "write ex2.approx.f16 (no .ftz)", 0},
        {"ex2.approx.bf16x2 %r5, %r1;", "write ex2.approx.ftz.bf16x2", 0},
        {"rsqrt.approx.f16 %rs5, %rs1;", "rsqrt.f16 is not modelled", 0},
        {"tanh.f16 %rs5, %rs1;", "tanh.f16: write tanh.approx.f16", 0},
        {"tanh.approx.ftz.bf16x2 %r5, %r1;", "unknown suffix '.ftz' for 'tanh'", 0},
        {"add.f16 %rs5, %rs1, 0x3c00;", "immediates of .f16", 21},
        {"add.rz.f16 %rs5, %rs1, %rs2;", "only .rn rounding", 0},
        {"add.sat.bf16 %rs5, %rs1, %rs2;", "only .rn is a modifier", 0},
        {"add.ftz.bf16x2 %r5, %r1, %r1;", "only .rn is a modifier", 0},
        {"fma.f16 %rs5, %rs1, %rs2, %rs3;", "fma.f16 needs .rn", 0},
        {"fma.rn.sat.relu.f16 %rs5, %rs1, %rs2, %rs3;", "exclude each other", 0},
        {"fma.rn.sat.bf16 %rs5, %rs1, %rs2, %rs3;", "only .relu", 0},
        {"abs.ftz.bf16 %rs5, %rs1;", "takes no modifier", 0},
        {"min.xorsign.abs.f16 %rs5, %rs1, %rs2;", "unknown suffix '.xorsign'", 0},
        {"selp.f16 %rs5, %rs1, %rs2, %p1;", "selp.f16 is not modelled", 0},
        {"mov.f16 %rs5, %rs1;", "mov.f16 is not modelled", 0},
        {"ld.global.f16 %rs5, [%rd4];", "ld.f16 is not modelled", 0},
        {"div.rn.f16 %rs5, %rs1, %rs2;", "div.f16 is not modelled", 0},
        {"cvt.f16.f32 %rs5, %f1;", "needs a rounding mode", 0},
        {"cvt.f16.f16 %rs5, %rs1;", "needs .rni", 0},
        {"cvt.rn.f32.f16 %f1, %rs1;", "is exact", 0},
        {"cvt.s32.f16 %r5, %rs1;", "needs .rni", 0},
        {"cvt.rn.f16.f32 %rs5, %f1, %f2;", "takes one source", 0},
        {"cvt.rn.sat.f16x2.f32 %r5, %f1, %f2;", "takes .rn or .rz, and .relu", 0},
        {"cvt.rm.f16x2.f32 %r5, %f1, %f2;", "takes .rn or .rz, and .relu", 0},
        {"cvt.rp.relu.f16.f32 %rs5, %f1;", ".relu is for cvt.{rn,rz}.relu.f16.f32 alone", 0},
        {"cvt.rn.f16x2.f32 %r5, %f1;", "two .f32 sources", 0},
        {"cvt.f32.s32 %f1, %r1, %r2;", "cvt takes one source", 0},
        {"cvt.rn.relu.f32.s32 %f1, %r1;", ".relu is for half destinations", 0},
        {"cvt.rn.relu.f16.f64 %rs5, %fd1;", ".relu is for cvt.{rn,rz}.relu.f16.f32 alone", 0},
        {"cvt.rn.ftz.f16.f32 %rs5, %f1;", ".ftz is not modelled", 0},
        {"cvt.f32.f16x2 %f1, %r1;", "converted half by half", 0},
        {"setp.lt.f16x2 %p1, %r1, %r4;", "writes two predicates", 0},
        {"setp.gt.f16 %p1|%p2, %rs1, %rs2;", "writes one predicate", 0},
        {"cvt.rn.sat.bf16.f32 %rs5, %f1;", ".sat does not apply to a .bf16", 0},
        {"cvt.sat.f32.bf16 %f1, %rs1;", ".sat does not apply to a .bf16", 0},
        {"cvt.ftz.f64.f16 %fd1, %rs1;", ".ftz applies to an .f32 destination only", 0},
        {"cvt.rn.relu.sat.f16.f32 %rs5, %f1;", ".relu is for cvt.{rn,rz}.relu.f16.f32 alone", 0},
        {"set.lt.f16.bf16 %rs5, %rs1, %rs2;", "set.*.f16.bf16 is not an instruction", 0},
        {"setp.lo.f16 %p1, %rs1, %rs2;", "unsigned comparisons", 0},
        {"setp.lt.ftz.bf16 %p1, %rs1, %rs2;", ".ftz is for .f16", 0},
        {"set.lt.f32.f16 %f1, %rs1, %rs2;", "the destination is .u16/.s16/.u32/.s32/.f16/.bf16", 0},
        {"set.lt.f16x2.f32 %r5, %f1, %f2;", "needs .f16x2 sources", 0},
        {"set.lt.bf16x2.f16x2 %r5, %r1, %r4;", "the destination is .u32, .s32 or the source type", 0},
        {"atom.global.add.f16 %rs5, [%rd4], %rs1;", "only atom.add.noftz.f16", 0},
        {"atom.global.max.noftz.f16 %rs5, [%rd4], %rs1;", "only atom.add.noftz.f16", 0},
        {"atom.global.add.noftz.f32 %f1, [%rd4], %f1;", ".noftz is for half additions", 0},
        {"shfl.sync.idx.f16x2 %r5, %r1, 0, 31, -1;", "shfl.sync moves .b32", 0},
        {"testp.finite.f16 %p1, %rs1;", "testp.f16 is not modelled", 0},
    };
    int wrong = 0;
    for (size_t i = 0; i < N(bad); i++) {
        char body[300];
        snprintf(body, sizeof body, "mov.b32 {%%rs1, %%rs2}, %%r1;\n%s", bad[i].insn);
        wsh_run r;
        wsh_body(&r, body, NULL);
        if (r.parsed || !strstr(r.perr.message, bad[i].message) || r.perr.line != WSH_BODY_LINE + 1 ||
            r.perr.column != (bad[i].col ? bad[i].col : 1)) {
            fprintf(stderr, "%s: expected '%s' at line %u, got %s%u:%u: %s\n", bad[i].insn, bad[i].message,
                    WSH_BODY_LINE + 1, r.parsed ? "(parsed) " : "", r.perr.line, r.perr.column, r.perr.message);
            wrong++;
        }
        wsh_free(&r);
    }
    assert_int_equal(wrong, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f16_add_sub_mul),
        cmocka_unit_test(test_bf16_add_sub_mul),
        cmocka_unit_test(test_fma),
        cmocka_unit_test(test_pairs),
        cmocka_unit_test(test_neg_abs_min_max),
        cmocka_unit_test(test_compare),
        cmocka_unit_test(test_cvt_to_half),
        cmocka_unit_test(test_cvt_from_half),
        cmocka_unit_test(test_moves_and_atomics),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
