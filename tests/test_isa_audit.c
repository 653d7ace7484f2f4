/* test_isa_audit.c: one directed test per instruction and type that had none, and the edge
 * values of the others, each against a value worked out by hand from the PTX ISA's text (the
 * sentence is quoted beside each table), never from warpsim's own helpers.
 *
 * Each test is a table of rows run one row per lane in sim_harness's standard kernel: %r1 = the
 * row's a, %r4 = its b; the body leaves its result in %r2 (and %r3), compared lane by lane. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sim_harness.h"

typedef wsh_row row;
#define run_rows              wsh_check_rows
#define RUN(what, body, rows) run_rows((what), (body), (rows), sizeof(rows) / sizeof(rows)[0], NULL)

/* The body must not load: the message names the line and says what is wrong. */
static void refused(const char *body, const char *needle) { WSH_EXPECT_REFUSED(body, needle, 0); }

/* f32 bit patterns used below */
#define ONE     0x3f800000u
#define MONE    0xbf800000u
#define INF     0x7f800000u
#define NINF    0xff800000u
#define QNAN    0x7fc00000u
#define CNAN    0x7fffffffu /* the canonical NaN the hardware writes */
#define NZERO   0x80000000u
#define DENORM1 0x00000001u
#define MINNORM 0x00800000u
#define MAXNORM 0x7f7fffffu

/* ---- ldu ---------------------------------------------------------------------------------------- */
/* "ldu: Load read-only data from an address that is common across threads in the warp": the
 * value is what ld gives, whether or not the address is uniform. */
static void test_ldu(void **state)
{
    (void)state;
    const row rows[] = {{0x11111111u, 0, 0x11111111u}, {0xdeadbeefu, 0, 0xdeadbeefu}, {7, 0, 7}};
    RUN("ldu.global.u32 per-lane address", "ldu.global.u32 %r2, [%rd4];", rows);
    /* a uniform address: every lane reads in[0] */
    const row uni[] = {{42, 0, 42}, {1, 0, 42}, {2, 0, 42}};
    RUN("ldu.global.u32 uniform address", "ldu.global.u32 %r2, [%rd0];", uni);
    /* .v2: in[0] and in[1] */
    const row v2[] = {{5, 0, 5}, {6, 0, 5}};
    uint32_t w3[] = {6, 6};
    run_rows("ldu.global.v2.u32", "ldu.global.v2.u32 {%r2, %r3}, [%rd0];", v2, 2, w3);
    /* .u64 */
    const row u64[] = {{0x89abcdefu, 0, 0x89abcdefu}, {0x01234567u, 0, 0x89abcdefu}};
    uint32_t hi[] = {0x01234567u, 0x01234567u};
    run_rows("ldu.global.u64", "ldu.global.u64 %rd20, [%rd0];\n\tmov.b64 {%r2, %r3}, %rd20;", u64, 2, hi);
}

/* ---- sad ---------------------------------------------------------------------------------------- */
/* "sad: d = c + ((a<b) ? b-a : a-b)" */
static void test_sad(void **state)
{
    (void)state;
    const row u[] = {{3, 5, 12}, {5, 3, 12}, {0, 0xffffffffu, 0xffffffffu + 10u}, {7, 7, 10}};
    RUN("sad.u32", "sad.u32 %r2, %r1, %r4, 10;", u);
    /* signed: |(-1) - 1| = 2; |INT_MIN - INT_MAX| = 2^32 - 1, plus 10 wraps to 9 */
    const row s[] = {{0xffffffffu, 1, 12}, {1, 0xffffffffu, 12}, {0x80000000u, 0x7fffffffu, 9}, {0xfffffffbu, 3, 18}};
    RUN("sad.s32", "sad.s32 %r2, %r1, %r4, 10;", s);
    /* .u16 and .s16 read the low 16 bits: 0x0001 - 0xffff unsigned is 0xfffe, signed |1 - -1| = 2 */
    const row s16[] = {{0xabcd0001u, 0x1234ffffu, 0xfffe}, {5, 2, 3}};
    uint32_t w16[] = {2, 3};
    run_rows("sad.u16/.s16",
             "cvt.u16.u32 %rs1, %r1;\n\tcvt.u16.u32 %rs2, %r4;\n\tsad.u16 %rs3, %rs1, %rs2, 0;\n\tcvt.u32.u16 %r2, %rs3;\n"
             "\tsad.s16 %rs4, %rs1, %rs2, 0;\n\tcvt.u32.u16 %r3, %rs4;",
             s16, 2, w16);
    /* .s64: |-2^63 - 1| wraps; take |(-5) - 7| = 12 */
    const row s64[] = {{0xfffffffbu, 7, 12}, {100, 1, 99}};
    /* |INT64_MIN - INT64_MAX| = 2^64 - 1; plus 0 (a = hi word of each, low words 0 and ~0) */
    const row s64x[] = {{0x80000000u, 0x7fffffffu, 0xffffffffu}};
    const uint32_t s64x_hi[] = {0xffffffffu};
    run_rows("sad.s64 extremes",
             "mov.b64 %rd20, {%r3, %r1};\n\tnot.b32 %r5, %r3;\n\tmov.b64 %rd21, {%r5, %r4};\n"
             "\tsad.s64 %rd22, %rd20, %rd21, 0;\n\tmov.b64 {%r2, %r3}, %rd22;",
             s64x, 1, s64x_hi);
    RUN("sad.s64",
        "cvt.s64.s32 %rd20, %r1;\n\tcvt.s64.s32 %rd21, %r4;\n\tsad.s64 %rd22, %rd20, %rd21, 0;\n"
        "\tcvt.u32.u64 %r2, %rd22;",
        s64);
}

/* ---- testp -------------------------------------------------------------------------------------- */
/* "testp.finite: True if the input is not infinite or NaN; .infinite: True if the input is positive
 * or negative infinity; .number: True if the input is not NaN; .notanumber: True if the input is
 * NaN; .normal: True if the input is a normal number (not NaN, not infinity); .subnormal: True if
 * the input is a subnormal number (not NaN, not infinity)". Zero is neither normal nor subnormal. */
static const uint32_t tp_in[] = {0,    NZERO,       ONE,     MONE,        INF,     NINF,
                                 QNAN, 0xffc00001u, DENORM1, 0x807fffffu, MINNORM, MAXNORM};
/*                                 0  -0  1  -1 inf -inf nan -nan den -den minn maxn */
static const uint8_t tp_finite[] = {1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1};
static const uint8_t tp_inf[] = {0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0};
static const uint8_t tp_number[] = {1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1};
static const uint8_t tp_nan[] = {0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0};
static const uint8_t tp_normal[] = {0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1};
static const uint8_t tp_sub[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0};

static void testp_kind(const char *kind, const uint8_t *want)
{
    size_t n = sizeof tp_in / sizeof tp_in[0];
    row rows[32];
    for (size_t i = 0; i < n; i++)
        rows[i] = (row){tp_in[i], 0, want[i]};
    char body[200];
    snprintf(body, sizeof body, "testp.%s.f32 %%p1, %%r1;\n\tselp.u32 %%r2, 1, 0, %%p1;", kind);
    run_rows(body, body, rows, n, NULL);
    /* the same classes in double precision: widen each f32 exactly (cvt.f64.f32 keeps subnormal
     * f32 values, which are normal f64 values: build f64 subnormals by hand below) */
}

static void test_testp(void **state)
{
    (void)state;
    testp_kind("finite", tp_finite);
    testp_kind("infinite", tp_inf);
    testp_kind("number", tp_number);
    testp_kind("notanumber", tp_nan);
    testp_kind("normal", tp_normal);
    testp_kind("subnormal", tp_sub);
    /* f64: a = low word, b = high word. 0x0000000000000001 subnormal, 0x0010000000000000 the
     * smallest normal, 0x7ff0000000000000 infinity, 0x7ff8000000000000 NaN, 0 zero */
    const char *kinds[] = {"finite", "infinite", "number", "notanumber", "normal", "subnormal"};
    const uint32_t lo[] = {1, 0, 0, 0, 0, 0xffffffffu};
    const uint32_t hi[] = {0, 0x00100000u, 0x7ff00000u, 0x7ff80000u, 0, 0x800fffffu};
    const uint8_t want[6][6] = {
        /*           sub  minn inf nan zero -sub */
        /* finite */ {1, 1, 0, 0, 1, 1},
        /* inf    */ {0, 0, 1, 0, 0, 0},
        /* number */ {1, 1, 1, 0, 1, 1},
        /* nan    */ {0, 0, 0, 1, 0, 0},
        /* normal */ {0, 1, 0, 0, 0, 0},
        /* subn.  */ {1, 0, 0, 0, 0, 1},
    };
    for (int k = 0; k < 6; k++) {
        row rows[6];
        for (int i = 0; i < 6; i++)
            rows[i] = (row){lo[i], hi[i], want[k][i]};
        char body[200];
        snprintf(body, sizeof body,
                 "mov.b64 %%fd1, {%%r1, %%r4};\n\ttestp.%s.f64 %%p1, %%fd1;\n\tselp.u32 %%r2, 1, 0, %%p1;", kinds[k]);
        run_rows(body, body, rows, 6, NULL);
    }
    /* without a class there is no rule to follow: refused */
    refused("testp.f32 %p1, %r1;", "testp needs a class");
}

/* ---- copysign ----------------------------------------------------------------------------------- */
/* "copysign: Copy sign of one input to another ... d = b with the sign of a" (copysign.type d, a, b) */
static void test_copysign(void **state)
{
    (void)state;
    const row f32[] = {{NZERO, ONE, MONE},
                       {ONE, MONE, ONE},
                       {MONE, 0x40490fdbu, 0xc0490fdbu},
                       {0, 0xffc00000u, 0x7fc00000u},
                       {0xffffffffu, INF, NINF},
                       {0x7fffffffu, NZERO, 0}};
    RUN("copysign.f32", "copysign.f32 %r2, %r1, %r4;", f32);
    /* f64: sign from a's high word (%r1), magnitude from 2.0 (0x4000000000000000) */
    const row f64[] = {{0x80000000u, 0, 0xc0000000u}, {0, 0, 0x40000000u}};
    RUN("copysign.f64",
        "mov.b64 %fd1, {%r4, %r1};\n\tmov.b64 %fd2, 0d4000000000000000;\n"
        "\tcopysign.f64 %fd3, %fd1, %fd2;\n\tmov.b64 {%r3, %r2}, %fd3;",
        f64);
}

/* ---- set ---------------------------------------------------------------------------------------- */
/* "set: Compare two numeric values with a relational operator, and optionally combine this result
 * with a predicate value by applying a Boolean operator. Destination d is ... 0xffffffff if the
 * result is true (integer) or 1.0f (float), and 0x00000000 or 0.0f otherwise." The unordered
 * comparisons (equ ... geu) are true when either source is NaN; num: both numbers; nan: either NaN. */
static void test_set_f32(void **state)
{
    (void)state;
    /* a, b: 1 < 2, 2 > 1, 2 == 2, NaN vs 1, -0 vs +0 (equal) */
    const uint32_t a[] = {ONE, 0x40000000u, 0x40000000u, QNAN, NZERO};
    const uint32_t b[] = {0x40000000u, ONE, 0x40000000u, ONE, 0};
    const struct {
        const char *cmp;
        uint8_t t[5];
    } cases[] = {
        {"eq", {0, 0, 1, 0, 1}},  {"ne", {1, 1, 0, 0, 0}},  {"lt", {1, 0, 0, 0, 0}},  {"le", {1, 0, 1, 0, 1}},
        {"gt", {0, 1, 0, 0, 0}},  {"ge", {0, 1, 1, 0, 1}},  {"equ", {0, 0, 1, 1, 1}}, {"neu", {1, 1, 0, 1, 0}},
        {"ltu", {1, 0, 0, 1, 0}}, {"leu", {1, 0, 1, 1, 1}}, {"gtu", {0, 1, 0, 1, 0}}, {"geu", {0, 1, 1, 1, 1}},
        {"num", {1, 1, 1, 0, 1}}, {"nan", {0, 0, 0, 1, 0}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        row rows[5];
        uint32_t w3[5];
        for (int i = 0; i < 5; i++) {
            rows[i] = (row){a[i], b[i], cases[c].t[i] ? 0xffffffffu : 0};
            w3[i] = cases[c].t[i] ? ONE : 0;
        }
        char body[200];
        snprintf(body, sizeof body, "set.%s.u32.f32 %%r2, %%r1, %%r4;\n\tset.%s.f32.f32 %%r3, %%r1, %%r4;",
                 cases[c].cmp, cases[c].cmp);
        run_rows(body, body, rows, 5, w3);
    }
}

static void test_set_int_and_bool(void **state)
{
    (void)state;
    /* s32: -1 < 1; u32: 0xffffffff > 1 */
    const uint32_t a[] = {0xffffffffu, 1, 5};
    const uint32_t b[] = {1, 0xffffffffu, 5};
    const struct {
        const char *cmp, *type;
        uint8_t t[3];
    } cases[] = {
        {"eq", "s32", {0, 0, 1}}, {"ne", "s32", {1, 1, 0}}, {"lt", "s32", {1, 0, 0}}, {"le", "s32", {1, 0, 1}},
        {"gt", "s32", {0, 1, 0}}, {"ge", "s32", {0, 1, 1}}, {"lt", "u32", {0, 1, 0}}, {"lo", "u32", {0, 1, 0}},
        {"ls", "u32", {0, 1, 1}}, {"hi", "u32", {1, 0, 0}}, {"hs", "u32", {1, 0, 1}}, {"eq", "b32", {0, 0, 1}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        row rows[3];
        uint32_t w3[3];
        for (int i = 0; i < 3; i++) {
            rows[i] = (row){a[i], b[i], cases[c].t[i] ? 0xffffffffu : 0};
            w3[i] = cases[c].t[i] ? ONE : 0;
        }
        char body[200];
        snprintf(body, sizeof body, "set.%s.s32.%s %%r2, %%r1, %%r4;\n\tset.%s.f32.%s %%r3, %%r1, %%r4;", cases[c].cmp,
                 cases[c].type, cases[c].cmp, cases[c].type);
        run_rows(body, body, rows, 3, w3);
    }
    /* BOOL: "d = BoolOp(a CmpOp b, c)"; %p1 = (lane is odd). Rows: lanes 0..3 with a < b on 0 and 1. */
    const row r_and[] = {{1, 2, 0}, {1, 2, 0xffffffffu}, {3, 2, 0}, {3, 2, 0}};
    const row r_or[] = {{1, 2, 0xffffffffu}, {1, 2, 0xffffffffu}, {3, 2, 0}, {3, 2, 0xffffffffu}};
    const row r_xor[] = {{1, 2, 0xffffffffu}, {1, 2, 0}, {3, 2, 0}, {3, 2, 0xffffffffu}};
    const char *pre = "and.b32 %r10, %r0, 1;\n\tsetp.ne.u32 %p1, %r10, 0;\n\t";
    char body[200];
    snprintf(body, sizeof body, "%sset.lt.and.u32.s32 %%r2, %%r1, %%r4, %%p1;", pre);
    RUN("set.and", body, r_and);
    snprintf(body, sizeof body, "%sset.lt.or.u32.s32 %%r2, %%r1, %%r4, %%p1;", pre);
    RUN("set.or", body, r_or);
    snprintf(body, sizeof body, "%sset.lt.xor.u32.s32 %%r2, %%r1, %%r4, %%p1;", pre);
    RUN("set.xor", body, r_xor);
    /* the negated predicate: and with !%p1 keeps lane 0 only */
    const row r_andn[] = {{1, 2, 0xffffffffu}, {1, 2, 0}, {3, 2, 0}, {3, 2, 0}};
    snprintf(body, sizeof body, "%sset.lt.and.u32.s32 %%r2, %%r1, %%r4, !%%p1;", pre);
    RUN("set.and !p", body, r_andn);
}

/* ---- lop3 --------------------------------------------------------------------------------------- */
/* "lop3: Arbitrary logical operation on 3 inputs ... immLut = F(0xF0, 0xCC, 0xAA)": a is 0xF0, b
 * 0xCC, c 0xAA in the truth table. With a = 0xff00ff00, b = 0xf0f0f0f0, c = 0xcccccccc: */
static void test_lop3(void **state)
{
    (void)state;
    const struct {
        unsigned lut;
        uint32_t want;
    } t[] = {
        {0x96, 0xc33cc33cu},                                           /* a ^ b ^ c */
        {0x80, 0xc000c000u},                                           /* a & b & c */
        {0xfe, 0xfffcfffcu},                                           /* a | b | c */
        {0xe8, 0xfcc0fcc0u},                                           /* majority */
        {0xf0, 0xff00ff00u},                                           /* a */
        {0xcc, 0xf0f0f0f0u},                                           /* b */
        {0xaa, 0xccccccccu},                                           /* c */
        {0x1e, 0x03fc03fcu},                                           /* a ^ (b | c) */
        {0x00, 0},           {0xff, 0xffffffffu}, {0x0f, 0x00ff00ffu}, /* ~a */
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        const row rows[] = {{0xff00ff00u, 0xf0f0f0f0u, t[i].want}};
        char body[160];
        snprintf(body, sizeof body, "lop3.b32 %%r2, %%r1, %%r4, 0xcccccccc, 0x%02x;", t[i].lut);
        RUN(body, body, rows);
    }
}

/* ---- shf ---------------------------------------------------------------------------------------- */
/* "shf.l: shift left the 64-bit value {b:a} ... d = the upper 32 bits; shf.r: shift right ... d =
 * the lower 32 bits. .clamp: the shift amount is clamped to the range 0..32; .wrap: the shift
 * amount is computed modulo 32". a = 0x89abcdef (low word), b = 0x01234567 (high word). */
static void test_shf(void **state)
{
    (void)state;
    const char *pre = "mov.b32 %r10, 0x89abcdef;\n\tmov.b32 %r11, 0x01234567;\n\t";
    const row lc[] = {{0, 0, 0x01234567u},  {0, 4, 0x12345678u},  {0, 8, 0x23456789u},  {0, 31, 0xc4d5e6f7u},
                      {0, 32, 0x89abcdefu}, {0, 33, 0x89abcdefu}, {0, 40, 0x89abcdefu}, {0, 0xffffffffu, 0x89abcdefu}};
    const row lw[] = {{0, 0, 0x01234567u},  {0, 4, 0x12345678u},  {0, 32, 0x01234567u},
                      {0, 36, 0x12345678u}, {0, 40, 0x23456789u}, {0, 0xffffffffu, 0xc4d5e6f7u}};
    const row rc[] = {{0, 0, 0x89abcdefu},  {0, 4, 0x789abcdeu},  {0, 8, 0x6789abcdu},          {0, 31, 0x02468acfu},
                      {0, 32, 0x01234567u}, {0, 40, 0x01234567u}, {0, 0x80000000u, 0x01234567u}};
    const row rw[] = {{0, 0, 0x89abcdefu},
                      {0, 4, 0x789abcdeu},
                      {0, 32, 0x89abcdefu},
                      {0, 40, 0x6789abcdu},
                      {0, 0xffffffffu, 0x02468acfu}};
    char body[200];
    snprintf(body, sizeof body, "%sshf.l.clamp.b32 %%r2, %%r10, %%r11, %%r4;", pre);
    RUN("shf.l.clamp", body, lc);
    snprintf(body, sizeof body, "%sshf.l.wrap.b32 %%r2, %%r10, %%r11, %%r4;", pre);
    RUN("shf.l.wrap", body, lw);
    snprintf(body, sizeof body, "%sshf.r.clamp.b32 %%r2, %%r10, %%r11, %%r4;", pre);
    RUN("shf.r.clamp", body, rc);
    snprintf(body, sizeof body, "%sshf.r.wrap.b32 %%r2, %%r10, %%r11, %%r4;", pre);
    RUN("shf.r.wrap", body, rw);
}

/* ---- mul24 -------------------------------------------------------------------------------------- */
/* "mul24: Compute the product of two 24-bit integer values held in 32-bit source registers, and
 * return either the high or low 32-bits of the 48-bit result ... .hi: d = t<47..16>; .lo: d =
 * t<31..0>". Bits 31..24 of the sources are ignored. */
static void test_mul24(void **state)
{
    (void)state;
    const row lo_u[] = {{0x01000003u, 0xff000005u, 15},
                        {0x00ffffffu, 2, 0x01fffffeu},
                        {0xab123456u, 0x00000100u, 0x12345600u}};
    RUN("mul24.lo.u32", "mul24.lo.u32 %r2, %r1, %r4;", lo_u);
    /* (2^24-1)^2 = 0xfffffe000001: bits 47..16 = 0xfffffe00 */
    const row hi_u[] = {{0x00ffffffu, 0xffffffffu, 0xfffffe00u}, {0x00010000u, 0x00010000u, 0x00010000u}, {3, 5, 0}};
    RUN("mul24.hi.u32", "mul24.hi.u32 %r2, %r1, %r4;", hi_u);
    /* signed: 0x00ffffff is -1 in 24 bits; 0x00800000 is -2^23 */
    const row lo_s[] = {{0x00ffffffu, 2, 0xfffffffeu},
                        {0xabffffffu, 0x12000002u, 0xfffffffeu},
                        {0x00800000u, 1, 0xff800000u}};
    RUN("mul24.lo.s32", "mul24.lo.s32 %r2, %r1, %r4;", lo_s);
    /* -2^23 * -2^23 = 2^46: bits 47..16 = 0x40000000; -1 * 1 = -1: all ones */
    const row hi_s[] = {{0x00800000u, 0xff800000u, 0x40000000u},
                        {0x00ffffffu, 1, 0xffffffffu},
                        {0x00ffffffu, 0x00ffffffu, 0}};
    RUN("mul24.hi.s32", "mul24.hi.s32 %r2, %r1, %r4;", hi_s);
}

/* ---- trap --------------------------------------------------------------------------------------- */
/* "trap: Perform trap operation ... abort execution and generate an interrupt to the host CPU" */
static void test_trap(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = {0};
    ws_status s = wsh_body(&r, "setp.eq.u32 %p1, %r0, 5;\n\t@%p1 trap;\n\tmov.u32 %r2, 1;", &o);
    assert_int_not_equal(s, WS_OK);
    WSH_EXPECT_STATUS(&r, WS_ERR_DIAG);
    WSH_EXPECT_DIAG(&r, WS_DIAG_TRAP, WSH_BODY_LINE + 1, 1u << 5);
    wsh_free(&r);
}

/* ---- integer edges ------------------------------------------------------------------------------ */
static void test_int_edges(void **state)
{
    (void)state;
    /* div: "d = a / b"; INT_MIN / -1 overflows: the two's complement result is INT_MIN
     * (rem: 0). The host's C division would trap here, not warpsim. */
    const row divs[] = {{0x80000000u, 0xffffffffu, 0x80000000u},
                        {7, 0xfffffffeu, 0xfffffffdu},
                        {0xfffffff9u, 2, 0xfffffffdu}};
    RUN("div.s32", "div.s32 %r2, %r1, %r4;", divs);
    /* "rem: the remainder has the sign of the dividend" */
    const row rems[] = {{0x80000000u, 0xffffffffu, 0}, {0xfffffff9u, 2, 0xffffffffu}, {7, 0xfffffffeu, 1}};
    RUN("rem.s32", "rem.s32 %r2, %r1, %r4;", rems);
    /* 64-bit INT64_MIN / -1 */
    const row div64[] = {{0, 0x80000000u, 0x80000000u}};
    RUN("div.s64",
        "mov.b64 %rd20, {%r1, %r4};\n\tmov.b64 %rd21, -1;\n\tdiv.s64 %rd22, %rd20, %rd21;\n"
        "\tmov.b64 {%r3, %r2}, %rd22;",
        div64);
    /* shl: "Shift amounts greater than the register width N are clamped to N": 0 */
    const row shl[] = {{0xffffffffu, 31, 0x80000000u}, {0xffffffffu, 32, 0}, {0xffffffffu, 33, 0}, {1, 0xffffffffu, 0}};
    RUN("shl.b32", "shl.b32 %r2, %r1, %r4;", shl);
    /* shr: "Signed shifts fill with the sign bit, unsigned and untyped shifts fill with 0" */
    const row shrs[] = {{0x80000000u, 31, 0xffffffffu},
                        {0x80000000u, 32, 0xffffffffu},
                        {0x80000000u, 100, 0xffffffffu},
                        {0x7fffffffu, 40, 0}};
    RUN("shr.s32", "shr.s32 %r2, %r1, %r4;", shrs);
    const row shru[] = {{0x80000000u, 31, 1}, {0x80000000u, 32, 0}, {0xffffffffu, 0x80000000u, 0}};
    RUN("shr.u32", "shr.u32 %r2, %r1, %r4;", shru);
    const row shl64[] = {{1, 63, 0x80000000u}, {1, 64, 0}, {1, 65, 0}};
    RUN("shl.b64", "cvt.u64.u32 %rd20, %r1;\n\tshl.b64 %rd21, %rd20, %r4;\n\tmov.b64 {%r3, %r2}, %rd21;", shl64);
    /* abs: "abs(INT_MIN) is INT_MIN" (the negation overflows back) */
    const row absr[] = {{0x80000000u, 0, 0x80000000u}, {0xffffffffu, 0, 1}, {5, 0, 5}};
    RUN("abs.s32", "abs.s32 %r2, %r1;", absr);
    /* add.sat.s32: "limits the result to MININT..MAXINT" */
    const row sat[] = {{0x7fffffffu, 1, 0x7fffffffu}, {0x80000000u, 0xffffffffu, 0x80000000u}, {5, 6, 11}};
    RUN("add.sat.s32", "add.sat.s32 %r2, %r1, %r4;", sat);
    /* mad.hi.sat.s32: "saturation applies only to .s32 type in .hi mode": (a*b).hi + c clamped */
    const row madsat[] = {{0x7fffffffu, 0x7fffffffu, 0x7fffffffu}, {2, 3, 0x7fffffffu}};
    RUN("mad.hi.sat.s32", "mad.hi.sat.s32 %r2, %r1, %r4, 0x7fffffff;", madsat);
}

/* bfind: "returns the bit position of the most significant non-sign bit ... If no bit is found,
 * 0xffffffff is returned. .shiftamt: returns the shift amount needed to left-shift the found bit
 * into the most-significant bit position" (31 - pos; still 0xffffffff when none is found) */
static void test_bfind_and_64bit_bits(void **state)
{
    (void)state;
    const row bu[] = {{0, 0, 0xffffffffu}, {1, 0, 0}, {0x80000000u, 0, 31}, {0x00012345u, 0, 16}};
    RUN("bfind.u32", "bfind.u32 %r2, %r1;", bu);
    /* signed: -1 and 0 have no non-sign bit; -16 = ...11110000: bit 3; 0x7fffffff: bit 30 */
    const row bs[] = {{0, 0, 0xffffffffu},  {0xffffffffu, 0, 0xffffffffu}, {0xfffffff0u, 0, 3},
                      {0x7fffffffu, 0, 30}, {0x80000000u, 0, 30},          {1, 0, 0}};
    RUN("bfind.s32", "bfind.s32 %r2, %r1;", bs);
    const row bsh[] = {{0xfffffff0u, 0, 28}, {1, 0, 31}, {0, 0, 0xffffffffu}};
    RUN("bfind.shiftamt.s32", "bfind.shiftamt.s32 %r2, %r1;", bsh);
    /* 64-bit: a = low word, b = high word */
    const row b64[] = {{0, 0x80000000u, 63}, {0, 0, 0xffffffffu}, {1, 0, 0}, {0, 1, 32}};
    RUN("bfind.u64", "mov.b64 %rd20, {%r1, %r4};\n\tbfind.u64 %r2, %rd20;", b64);
    const row b64s[] = {{0xfffffffeu, 0xffffffffu, 0}, {0, 0x80000000u, 62}, {0xffffffffu, 0xffffffffu, 0xffffffffu}};
    RUN("bfind.s64", "mov.b64 %rd20, {%r1, %r4};\n\tbfind.s64 %r2, %rd20;", b64s);
    /* popc/clz on 64 bits: "d = the number of one bits / leading zeros", a .u32 result */
    const row pop[] = {{0xffffffffu, 0xffffffffu, 64}, {1, 0x80000000u, 2}, {0, 0, 0}};
    RUN("popc.b64", "mov.b64 %rd20, {%r1, %r4};\n\tpopc.b64 %r2, %rd20;", pop);
    const row clz[] = {{1, 0, 63}, {0, 0, 64}, {0, 0x80000000u, 0}, {0, 1, 31}};
    RUN("clz.b64", "mov.b64 %rd20, {%r1, %r4};\n\tclz.b64 %r2, %rd20;", clz);
    /* brev.b64: "bit i of the result is bit 63-i of a"; out as (hi in %r2, lo in %r3) */
    const row brev[] = {{1, 0, 0x80000000u}, {0x12345678u, 0, 0x1e6a2c48u}, {0, 0x80000000u, 0}};
    const uint32_t brev_lo[] = {0, 0, 1};
    run_rows("brev.b64", "mov.b64 %rd20, {%r1, %r4};\n\tbrev.b64 %rd21, %rd20;\n\tmov.b64 {%r3, %r2}, %rd21;", brev, 3,
             brev_lo);
}

/* ---- min/max with NaN and signed zeros ---------------------------------------------------------- */
/* "If both a and b are NaN, d is canonical NaN. If only one is NaN, d is the other. -0.0 is less
 * than +0.0 ... .NaN: if either input is NaN, the result is canonical NaN" */
static void test_minmax_float(void **state)
{
    (void)state;
    const row mn[] = {{QNAN, ONE, ONE},  {ONE, QNAN, ONE},  {QNAN, 0xffc00000u, CNAN}, {NZERO, 0, NZERO},
                      {0, NZERO, NZERO}, {MONE, ONE, MONE}, {NINF, QNAN, NINF}};
    RUN("min.f32", "min.f32 %r2, %r1, %r4;", mn);
    const row mx[] = {{QNAN, ONE, ONE}, {ONE, QNAN, ONE}, {QNAN, QNAN, CNAN},
                      {NZERO, 0, 0},    {0, NZERO, 0},    {MONE, ONE, ONE}};
    RUN("max.f32", "max.f32 %r2, %r1, %r4;", mx);
    const row mnn[] = {{QNAN, ONE, CNAN}, {ONE, QNAN, CNAN}, {MONE, ONE, MONE}, {NZERO, 0, NZERO}};
    RUN("min.NaN.f32", "min.NaN.f32 %r2, %r1, %r4;", mnn);
    const row mxn[] = {{QNAN, ONE, CNAN}, {0, NZERO, 0}};
    RUN("max.NaN.f32", "max.NaN.f32 %r2, %r1, %r4;", mxn);
    /* .ftz: "subnormal inputs are flushed to sign-preserving zero": min(+denormal, -0) is -0 vs
     * +0 after the flush, so -0; max(-denormal, +0) is +0 */
    const row mnf[] = {{DENORM1, NZERO, NZERO}, {0x80000001u, 0, NZERO}};
    const uint32_t mxf[] = {0, 0};
    run_rows("min/max.ftz.f32", "min.ftz.f32 %r2, %r1, %r4;\n\tmax.ftz.f32 %r3, %r1, %r4;", mnf, 2, mxf);
    /* f64: min(-0, +0) = -0 */
    const row mn64[] = {{0x80000000u, 0, 0x80000000u}};
    RUN("min.f64",
        "mov.b64 %fd1, {%r3, %r1};\n\tmov.b64 %fd2, {%r3, %r4};\n\tmin.f64 %fd3, %fd1, %fd2;\n"
        "\tmov.b64 {%r3, %r2}, %fd3;",
        mn64);
}

/* ---- rounding modes, denormals, .ftz and .sat --------------------------------------------------- */
/* ".rn: mantissa LSB rounds to nearest even; .rz: towards zero; .rm: towards negative infinity;
 * .rp: towards positive infinity". ulp(1.0f) = 2^-23: 0x33800000 is 2^-24 (half an ulp, a tie),
 * 0x33c00000 is 1.5 * 2^-24 (0.75 ulp). */
static void rounding4(const char *op, const row *in, const uint32_t want[][4], size_t n)
{
    static const char *modes[] = {"rn", "rz", "rm", "rp"};
    for (int m = 0; m < 4; m++) {
        row rows[8];
        for (size_t i = 0; i < n; i++)
            rows[i] = (row){in[i].a, in[i].b, want[i][m]};
        char body[200];
        snprintf(body, sizeof body, "%s.%s.f32 %%r2, %%r1, %%r4;", op, modes[m]);
        run_rows(body, body, rows, n, NULL);
    }
}

static void test_rounding_add_mul(void **state)
{
    (void)state;
    const row add_in[] = {{ONE, 0x33800000u, 0},  {0x3f800001u, 0x33800000u, 0}, {ONE, 0x33c00000u, 0},
                          {MONE, 0xb3c00000u, 0}, {MONE, 0xb3800000u, 0},        {DENORM1, DENORM1, 0}};
    const uint32_t add_want[][4] = {
        /*           rn           rz           rm           rp */
        {ONE, ONE, ONE, 0x3f800001u},                         /* 1 + half ulp: tie to even (1.0) */
        {0x3f800002u, 0x3f800001u, 0x3f800001u, 0x3f800002u}, /* odd + half ulp: tie to even (up) */
        {0x3f800001u, ONE, ONE, 0x3f800001u},                 /* 1 + 0.75 ulp */
        {0xbf800001u, MONE, 0xbf800001u, MONE},               /* -(1 + 0.75 ulp) */
        {MONE, MONE, 0xbf800001u, MONE},                      /* -(1 + half ulp): tie to even */
        {2, 2, 2, 2},                                         /* denormals add exactly */
    };
    rounding4("add", add_in, add_want, 6);
    /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46; 3 * 2^-149 * 0.5 = 1.5 * 2^-149 (a denormal tie-free case
     * between 1 and 2 of the smallest denormal) */
    const row mul_in[] = {{0x3f800001u, 0x3f800001u, 0}, {3, 0x3f000000u, 0}, {0x80000003u, 0x3f000000u, 0}};
    const uint32_t mul_want[][4] = {
        {0x3f800002u, 0x3f800002u, 0x3f800002u, 0x3f800003u},
        {2, 1, 1, 2}, /* 1.5 denormal ulps: rn ties to even (2) */
        {0x80000002u, 0x80000001u, 0x80000002u, 0x80000001u},
    };
    rounding4("mul", mul_in, mul_want, 3);
    /* sub: 1 - 2^-25 is half an ulp (2^-24 below 1.0) under 1.0: a tie, to even (1.0) */
    const row sub_in[] = {{ONE, 0x33000000u, 0}};
    const uint32_t sub_want[][4] = {{ONE, 0x3f7fffffu, 0x3f7fffffu, ONE}};
    rounding4("sub", sub_in, sub_want, 1);
}

/* fma: "computes the product of a and b to infinite precision and then adds c to this product,
 * again in infinite precision. The resulting value is then rounded". (1+2^-23)^2 - 1 = 2^-22 +
 * 2^-46, which needs 25 significant bits: half an ulp of 2^-22 above it, a tie. */
static void test_rounding_fma_div(void **state)
{
    (void)state;
    static const char *modes[] = {"rn", "rz", "rm", "rp"};
    const uint32_t fma_want[] = {0x34800000u, 0x34800000u, 0x34800000u, 0x34800001u};
    const uint32_t fma_neg[] = {0xb4800000u, 0xb4800000u, 0xb4800001u, 0xb4800000u};
    for (int m = 0; m < 4; m++) {
        const row rows[] = {{0x3f800001u, MONE, fma_want[m]}, {0xbf800001u, ONE, fma_neg[m]}};
        char body[200];
        snprintf(body, sizeof body, "fma.%s.f32 %%r2, %%r1, 0f3F800001, %%r4;", modes[m]);
        RUN(body, body, rows);
    }
    /* div: 1/3 = 0x3eaaaaab rounded to nearest (the exact value is 0x3eaaaaaa.aaa...) */
    const uint32_t third[] = {0x3eaaaaabu, 0x3eaaaaaau, 0x3eaaaaaau, 0x3eaaaaabu};
    for (int m = 0; m < 4; m++) {
        const row rows[] = {{ONE, 0x40400000u, third[m]}};
        char body[200];
        snprintf(body, sizeof body, "div.%s.f32 %%r2, %%r1, %%r4;", modes[m]);
        RUN(body, body, rows);
    }
    /* div.approx.f32: "__fdividef(x, y) returns 0 for 2^126 < |y| < 2^128 and x != infinity",
     * NaN for x infinite (libdevice __nv_fast_fdividef); at |y| = 2^126 the reciprocal is the
     * smallest normal, 2^-126. 1/4 is exact. */
    const row dapprox[] = {{ONE, 0x7f000000u, 0},       {MONE, 0x7f000000u, NZERO},      {INF, 0x7f000000u, CNAN},
                           {ONE, 0x7e800000u, MINNORM}, {ONE, 0x40800000u, 0x3e800000u}, {ONE, 0xfe800001u, NZERO}};
    RUN("div.approx.f32", "div.approx.f32 %r2, %r1, %r4;", dapprox);
    /* rcp.rn.f64(3) = 0x3fd5555555555555; sqrt.rn.f32(2) = 0x3fb504f3 */
    const row rcp64[] = {{0, 0x40080000u, 0x3fd55555u}};
    const uint32_t rcp_lo[] = {0x55555555u};
    run_rows("rcp.rn.f64", "mov.b64 %fd1, {%r1, %r4};\n\trcp.rn.f64 %fd2, %fd1;\n\tmov.b64 {%r3, %r2}, %fd2;", rcp64, 1,
             rcp_lo);
    const row sq[] = {{0x40000000u, 0, 0x3fb504f3u}, {0x40800000u, 0, 0x40000000u}};
    RUN("sqrt.rn.f32", "sqrt.rn.f32 %r2, %r1;", sq);
}

/* .ftz: "subnormal numbers are flushed to sign-preserving zero" (inputs and results);
 * .sat: "clamps the result to [0.0, 1.0]. NaN results are flushed to +0.0f". */
static void test_ftz_sat(void **state)
{
    (void)state;
    /* 2^-126 * 0.5 = 2^-127, a denormal: kept without .ftz, flushed with it */
    const row mul[] = {{MINNORM, 0x3f000000u, 0x00400000u}, {0x80800000u, 0x3f000000u, 0x80400000u}};
    const uint32_t mul_ftz[] = {0, NZERO};
    run_rows("mul.rn(.ftz).f32 denormal result", "mul.rn.f32 %r2, %r1, %r4;\n\tmul.rn.ftz.f32 %r3, %r1, %r4;", mul, 2,
             mul_ftz);
    /* denormal inputs flushed before the add: 1 + 1 (denormal ulps) is 0 */
    const row add[] = {{DENORM1, DENORM1, 2}, {0x80000001u, 0x80000001u, 0x80000002u}};
    const uint32_t add_ftz[] = {0, NZERO};
    run_rows("add(.ftz).f32 denormal inputs", "add.rn.f32 %r2, %r1, %r4;\n\tadd.rn.ftz.f32 %r3, %r1, %r4;", add, 2,
             add_ftz);
    const row sat[] = {{0x3f400000u, 0x3f000000u, ONE},
                       {0xc0000000u, ONE, 0},
                       {INF, NINF, 0},
                       {0x3e800000u, 0x3e800000u, 0x3f000000u}};
    RUN("add.sat.f32", "add.rn.sat.f32 %r2, %r1, %r4;", sat);
    const row fsat[] = {{0x40000000u, 0x40000000u, ONE}, {MONE, 0x40000000u, 0}, {0x3f000000u, 0x3f000000u, 0x3f000000u}};
    RUN("fma.rn.sat.f32 (a*b - 0.25... ) ", "fma.rn.sat.f32 %r2, %r1, %r4, 0f3E800000;", fsat);
    const row msat[] = {{0x40000000u, 0x40000000u, ONE}, {MONE, 0x40000000u, 0}};
    RUN("mul.rn.sat.f32", "mul.rn.sat.f32 %r2, %r1, %r4;", msat);
    /* abs/neg .ftz: |denormal| flushes to +0, -denormal to -0 */
    const row an[] = {{0x80000001u, 0, 0}, {DENORM1, 0, 0}};
    const uint32_t neg_ftz[] = {0, NZERO};
    run_rows("abs/neg.ftz.f32", "abs.ftz.f32 %r2, %r1;\n\tneg.ftz.f32 %r3, %r1;", an, 2, neg_ftz);
}

/* ---- forms that cannot run exactly are refused at load time ------------------------------------- */
static void test_refused_forms(void **state)
{
    (void)state;
    refused("add.sat.u32 %r2, %r1, %r4;", ".sat");
    refused("add.rn.u32 %r2, %r1, %r4;", "rounding");
    refused("mul.u32 %r2, %r1, %r4;", ".lo, .hi or .wide");
    refused("mad.lo.sat.s32 %r2, %r1, %r4, %r3;", ".sat");
    refused("fma.f32 %r2, %r1, %r4, %r3;", "rounding modifier");
    refused("div.f32 %r2, %r1, %r4;", ".approx, .full or a rounding");
    refused("shf.l.b32 %r2, %r1, %r4, %r3;", ".clamp or .wrap");
    refused("mul24.u32 %r2, %r1, %r4;", ".lo or .hi");
    refused("min.NaN.f64 %fd1, %fd2, %fd3;", ".NaN");
    refused("add.ftz.f64 %fd1, %fd2, %fd3;", ".ftz");
    refused("setp.lt.b32 %p1, %r1, %r4;", "comparison .lt");
    refused("add.u32 %r2, %r1, %p1;", "predicate");
    refused("add.u32 %r2, %r1, %f1;", ".f32");
    refused("bar.sync 16;", "barrier number 16");
    refused("bar.sync 0, 48;", "multiple of the warp size");
    refused("shfl.sync.idx.b32 %r2, %p1, 0, 31, -1;", "predicate");
    /* valid PTX whose H200 answer is not known: refused, not approximated */
    refused("rcp.approx.ftz.f64 %fd1, %fd2;", "not modelled");
    refused("rsqrt.approx.f64 %fd1, %fd2;", "not modelled");
    /* tanh exists as .approx of .f32 and the half types only, without .ftz */
    refused("tanh.f32 %f2, %f1;", "tanh needs .approx");
    refused("tanh.approx.ftz.f32 %f2, %f1;", "unknown suffix '.ftz'");
    refused("tanh.approx.f64 %fd1, %fd2;", ".f64 is not a type tanh takes");
}

/* The special functions are the H200's unit bit for bit, compared over every operand on the
 * device (tools/mufu/verify.cu, NVIDIA H200, driver 580.159.04, 2026-12-01): they run under
 * --werror without any diagnostic and give the unit's bits where the correctly rounded value
 * differs (rcp.approx of 33: 0x3cf83e0f, 1/33 rounds to 0x3cf83e10; ex2 of 1.4: 0x4028e5a3, not
 * 0x4028e5a2; sin of 0.1: 0x3dcc7566, not 0x3dcc7577; div.full.f32 1 / 33 as rcp). */
static void test_special_functions_silent(void **state)
{
    (void)state;
    const struct {
        const char *insn;
        uint32_t in, out;
    } cases[] = {
        {"rcp.approx.f32 %f2, %f1;", 0x42040000u, 0x3cf83e0fu},
        {"ex2.approx.ftz.f32 %f2, %f1;", 0x3fb33333u, 0x4028e5a3u},
        {"sin.approx.f32 %f2, %f1;", 0x3dcccccdu, 0x3dcc7566u},
        {"mov.f32 %f3, 0f3F800000;\ndiv.full.f32 %f2, %f3, %f1;", 0x42040000u, 0x3cf83e0fu},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char body[200];
        uint32_t in[32];
        for (int l = 0; l < 32; l++)
            in[l] = cases[i].in;
        snprintf(body, sizeof body, "mov.b32 %%f1, %%r1;\n%s\nmov.b32 %%r2, %%f2;", cases[i].insn);
        wsh_run r;
        wsh_opts o = {.diagnostics_are_errors = true, .in = in};
        wsh_body(&r, body, &o);
        WSH_EXPECT_OK(&r);
        assert_int_equal(wsh_ndiags(&r), 0);
        assert_int_equal(r.out[0], cases[i].out);
        assert_int_equal(r.out[31], cases[i].out);
        wsh_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ldu),
        cmocka_unit_test(test_sad),
        cmocka_unit_test(test_testp),
        cmocka_unit_test(test_copysign),
        cmocka_unit_test(test_set_f32),
        cmocka_unit_test(test_set_int_and_bool),
        cmocka_unit_test(test_lop3),
        cmocka_unit_test(test_shf),
        cmocka_unit_test(test_mul24),
        cmocka_unit_test(test_trap),
        cmocka_unit_test(test_int_edges),
        cmocka_unit_test(test_bfind_and_64bit_bits),
        cmocka_unit_test(test_minmax_float),
        cmocka_unit_test(test_rounding_add_mul),
        cmocka_unit_test(test_rounding_fma_div),
        cmocka_unit_test(test_ftz_sat),
        cmocka_unit_test(test_refused_forms),
        cmocka_unit_test(test_special_functions_silent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
