/* Diagnostics behind ws_config.check_uninitialized (sim/shadow.c): registers and shared
 * memory read before anything wrote them, and shared-memory races between barriers. Each
 * test runs a small body in the harness's standard kernel with the check on, and where it
 * matters also off (nothing reported) and with the fix applied (nothing reported). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "sim_harness.h"

static wsh_opts opts(unsigned threads, bool check)
{
    wsh_opts o;
    memset(&o, 0, sizeof o);
    o.block[0] = threads;
    o.check_uninitialized = check;
    return o;
}

static size_t count_kind(const wsh_run *r, ws_diag_kind k)
{
    size_t n = 0;
    for (size_t i = 0; i < r->res.ndiags; i++)
        n += r->res.diags[i].kind == k;
    return n;
}

/* %r50 is written by lanes 0-9 only, then every lane reads it */
static const char *uninit_reg_body = "setp.lt.u32 %p1, %r0, 10;\n"
                                     "@%p1 mov.u32 %r50, 7;\n"
                                     "add.u32 %r2, %r50, 1;\n";

static void test_uninit_register(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = opts(32, true);
    wsh_body(&r, uninit_reg_body, &o);
    WSH_EXPECT_OK(&r);
    const ws_diag *d = wsh_diag(&r, WS_DIAG_UNINIT_REG);
    assert_non_null(d);
    assert_int_equal(d->lanes, 0xfffffc00u); /* lanes 10-31: nothing wrote %r50 for them */
    assert_non_null(strstr(d->message, "%r50"));
    assert_non_null(strstr(d->message, "only lanes 0x000003ff wrote it"));
    wsh_free(&r);

    o.check_uninitialized = false;
    wsh_body(&r, uninit_reg_body, &o);
    assert_int_equal(count_kind(&r, WS_DIAG_UNINIT_REG), 0);
    wsh_free(&r);
}

/* a guarded read only in the lanes that wrote: fine */
static void test_guarded_read_is_fine(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = opts(32, true);
    wsh_body(&r, "setp.lt.u32 %p1, %r0, 10;\n@%p1 mov.u32 %r50, 7;\n@%p1 add.u32 %r2, %r50, 1;\n", &o);
    WSH_EXPECT_OK(&r);
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);
}

/* selp reads only the operand its predicate picks: lanes 10-31 pick the constant, not %r50
 * (nvcc's `t < 10 ? v : 0` of a v loaded only where t < 10); lanes 0-9 picking %r51, which
 * nothing wrote, are still reported */
static void test_selp_reads_the_picked_operand(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = opts(32, true);
    wsh_body(&r, "setp.lt.u32 %p1, %r0, 10;\n@%p1 mov.u32 %r50, 7;\nselp.b32 %r2, %r50, 0, %p1;\n", &o);
    WSH_EXPECT_OK(&r);
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);

    wsh_body(&r, "setp.lt.u32 %p1, %r0, 10;\nselp.b32 %r2, %r51, 0, %p1;\n", &o);
    WSH_EXPECT_OK(&r);
    const ws_diag *d = wsh_diag(&r, WS_DIAG_UNINIT_REG);
    assert_non_null(d);
    assert_int_equal(d->lanes, 0x000003ffu);
    wsh_free(&r);
}

/* cooperative_groups' shuffle of a 2-byte value: packed with %rs2, which nothing writes (LLVM's
 * undef), shuffled, and only the low half kept. */
#define PACK_SHFL "mov.b16 %rs1, 1;\nmov.b32 %r50, {%rs1, %rs2};\nshfl.sync.idx.b32 %r51, %r50, 0, 31, -1;\n"

/* Runs body with the check on in both modes; returns the uninitialized-register reports' count and
 * copies the first one (if any) into d; %r2 must end as want in every lane where want_r2. */
static size_t uninit_reports(const char *body, bool timing, ws_diag *d, bool want_r2, uint32_t want)
{
    wsh_run r;
    wsh_opts o = opts(32, true);
    o.timing = timing;
    wsh_body(&r, body, &o);
    WSH_EXPECT_OK(&r);
    size_t n = count_kind(&r, WS_DIAG_UNINIT_REG);
    const ws_diag *first = wsh_diag(&r, WS_DIAG_UNINIT_REG);
    if (first)
        *d = *first;
    for (size_t l = 0; want_r2 && l < 32; l++)
        assert_int_equal(r.out[l], want);
    wsh_free(&r);
    return n;
}

/* Each body, in both modes, reports nothing and leaves %r2 = 1 in every lane. */
static void expect_no_reports(const char *const *bodies, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (int timing = 0; timing < 2; timing++) {
            ws_diag d;
            if (uninit_reports(bodies[i], timing, &d, true, 1) != 0)
                fail_msg("body %zu (%s mode) reported: %s", i, timing ? "timing" : "functional", d.message);
        }
}

/* A body that reports one uninitialized read: at the body's line `line`, in lanes `lanes`, naming
 * register reg and the words `bytes` ("bytes 2-3 are"). */
typedef struct {
    const char *body;
    unsigned line; /* of the report, from the body's first */
    uint32_t lanes;
    const char *reg, *bytes;
} one_report;

/* Each case, in both modes, reports once, as it says. */
static void expect_one_report(const one_report *cases, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (int timing = 0; timing < 2; timing++) {
            ws_diag d;
            memset(&d, 0, sizeof d);
            size_t got = uninit_reports(cases[i].body, timing, &d, false, 0);
            if (got != 1 || d.line != WSH_BODY_LINE + cases[i].line || d.lanes != cases[i].lanes ||
                !strstr(d.message, cases[i].reg) || !strstr(d.message, cases[i].bytes))
                fail_msg("case %zu (%s mode): %zu reports, want 1 at line %u, lanes 0x%08x, naming %s's %s; got line "
                         "%u, lanes 0x%08x: %s",
                         i, timing ? "timing" : "functional", got, WSH_BODY_LINE + cases[i].line, cases[i].lanes,
                         cases[i].reg, cases[i].bytes, d.line, d.lanes, d.message);
        }
}

/* The upper half is dropped after the shuffle, by a cvt to 16 bits, an unpack, a 16-bit store or
 * an and-mask: no report (each was reported at the pack before bytes were tracked). */
static void test_pack_upper_half_dropped(void **state)
{
    (void)state;
    static const char *const bodies[] = {
        PACK_SHFL "cvt.u16.u32 %rs3, %r51;\ncvt.u32.u16 %r2, %rs3;\n",
        PACK_SHFL "mov.b32 {%rs4, %rs5}, %r51;\ncvt.u32.u16 %r2, %rs4;\n",
        PACK_SHFL "mov.b32 {%rs4, _}, %r51;\ncvt.u32.u16 %r2, %rs4;\n",
        PACK_SHFL "st.global.u16 [%rd10], %r51;\nld.global.u16 %r2, [%rd10];\n",
        PACK_SHFL "and.b32 %r2, %r51, 65535;\n",
        /* a zero extension's upper word is defined */
        PACK_SHFL "cvt.u64.u32 %rd20, %r51;\nmov.b64 {%r52, %r53}, %rd20;\nadd.u32 %r2, %r53, 1;\n",
        PACK_SHFL "mov.b32 %r52, %r51;\nshfl.sync.bfly.b32 %r53, %r52, 1, 31, -1;\ncvt.u16.u32 %rs3, %r53;\n"
                  "cvt.u32.u16 %r2, %rs3;\n",
    };
    expect_no_reports(bodies, sizeof bodies / sizeof bodies[0]);
}

/* A real use of the undefined half is reported where it is used, naming the bytes. */
static void test_pack_upper_half_used(void **state)
{
    (void)state;
    static const one_report cases[] = {
        /* the whole packed value computed with */
        {"mov.b16 %rs1, 1;\nmov.b32 %r50, {%rs1, %rs2};\nadd.u32 %r2, %r50, 1;\n", 2, ~0u, "%r50", "bytes 2-3 are"},
        /* the shuffled value stored whole */
        {PACK_SHFL "st.global.u32 [%rd10], %r51;\n", 3, ~0u, "%r51", "bytes 2-3 are"},
        /* the upper half brought down by a shift */
        {PACK_SHFL "shr.u32 %r52, %r51, 16;\ncvt.u16.u32 %rs3, %r52;\ncvt.u32.u16 %r2, %rs3;\n", 3, ~0u, "%r51",
         "bytes 2-3 are"},
        /* the upper half unpacked, then widened: nothing it moves is defined */
        {PACK_SHFL "mov.b32 {%rs4, %rs5}, %r51;\ncvt.u32.u16 %r2, %rs5;\n", 4, ~0u, "%rs5", "bytes 0-1 are"},
        /* a mask that keeps only the upper half: nothing it moves is defined */
        {PACK_SHFL "and.b32 %r52, %r51, -65536;\nadd.u32 %r2, %r52, 1;\n", 3, ~0u, "%r51", "bytes 2-3 are"},
        /* a sign extension copies the undefined sign byte into the upper word */
        {PACK_SHFL "cvt.s64.s32 %rd20, %r51;\nmov.b64 {%r52, %r53}, %rd20;\nadd.u32 %r2, %r53, 1;\n", 5, ~0u, "%r53",
         "bytes 0-3 are"},
    };
    expect_one_report(cases, sizeof cases / sizeof cases[0]);
}

/* prmt, the shifts and selp move bytes (sim/bytemove.h): the upper half they drop, or an operand
 * they take nothing of, is not read (each was reported before). %r60 is written nowhere. */
static void test_selection_drops_undefined_bytes(void **state)
{
    (void)state;
    static const char *const bodies[] = {
        /* prmt of a's bytes alone: b is not read (the default selector, a register selector, the
         * sign of a defined byte, the modes) */
        "mov.u32 %r52, 1;\nprmt.b32 %r2, %r52, %r60, 0x3210;\n",
        PACK_SHFL "prmt.b32 %r2, %r51, 0, 0x4410;\n",
        PACK_SHFL "mov.u32 %r53, 0x4410;\nprmt.b32 %r2, %r51, 0, %r53;\n",
        PACK_SHFL "prmt.b32 %r2, %r51, %r60, 0x8880;\n",
        PACK_SHFL "prmt.b32.ecr %r2, %r51, %r60, 1;\n",
        PACK_SHFL "prmt.b32.rc8 %r52, %r51, %r60, 0;\nand.b32 %r2, %r52, 255;\n",
        /* shifts push the undefined half out: by a constant, by a register, arithmetic, funnel */
        PACK_SHFL "shl.b32 %r52, %r51, 16;\nshr.u32 %r2, %r52, 16;\n",
        PACK_SHFL "mov.u32 %r53, 16;\nshl.b32 %r52, %r51, %r53;\nshr.u32 %r2, %r52, %r53;\n",
        PACK_SHFL "shl.b32 %r52, %r51, 16;\nshr.s32 %r2, %r52, 16;\n",
        PACK_SHFL "shl.b32 %r52, %r51, 4;\nand.b32 %r53, %r52, 65535;\nshr.u32 %r2, %r53, 4;\n",
        PACK_SHFL "shf.l.clamp.b32 %r52, %r60, %r51, 16;\nshr.u32 %r2, %r52, 16;\n",
        PACK_SHFL "shl.b32 %r52, %r51, 40;\nadd.u32 %r2, %r52, 1;\n",
        /* selp gives each lane the bytes of the operand it picks */
        PACK_SHFL "setp.lt.u32 %p1, %r0, 16;\nmov.u32 %r53, 1;\nselp.b32 %r52, %r51, %r53, %p1;\n"
                  "and.b32 %r2, %r52, 65535;\n",
    };
    expect_no_reports(bodies, sizeof bodies / sizeof bodies[0]);
}

/* A selection that takes undefined bytes carries them to the use, or, taking nothing defined, is
 * reported itself; an undefined control (a selector, a shift amount, a predicate) is reported. */
static void test_selection_undefined_bytes_used(void **state)
{
    (void)state;
    static const one_report cases[] = {
        /* prmt swaps the halves: the low half is undefined at the add */
        {PACK_SHFL "prmt.b32 %r52, %r51, 0, 0x1032;\nadd.u32 %r2, %r52, 1;\n", 4, ~0u, "%r52", "bytes 0-1 are"},
        /* prmt of only undefined bytes (the rest constants): reported at the prmt */
        {PACK_SHFL "prmt.b32 %r52, %r51, 0, 0x4432;\nadd.u32 %r2, %r52, 1;\n", 3, ~0u, "%r51", "bytes 2-3 are"},
        /* the sign of undefined byte 3 replicated into byte 2 */
        {PACK_SHFL "prmt.b32 %r52, %r51, 0, 0x0b10;\nadd.u32 %r2, %r52, 1;\n", 4, ~0u, "%r52", "byte 2 is"},
        /* a register selector, defined, that keeps the upper half: stored whole */
        {PACK_SHFL "mov.u32 %r53, 0x3210;\nprmt.b32 %r52, %r51, 0, %r53;\nst.global.u32 [%rd10], %r52;\n", 5, ~0u,
         "%r52", "bytes 2-3 are"},
        /* the modes: rc16 1 takes the upper half, ecl 1 bytes 1 1 2 3 */
        {PACK_SHFL "prmt.b32.rc16 %r52, %r51, 0, 1;\nadd.u32 %r2, %r52, 1;\n", 3, ~0u, "%r51", "bytes 2-3 are"},
        {PACK_SHFL "prmt.b32.ecl %r52, %r51, 0, 1;\nadd.u32 %r2, %r52, 1;\n", 4, ~0u, "%r52", "bytes 2-3 are"},
        /* shl by 8: byte 3 is a's byte 2 */
        {PACK_SHFL "shl.b32 %r52, %r51, 8;\nadd.u32 %r2, %r52, 1;\n", 4, ~0u, "%r52", "byte 3 is"},
        {PACK_SHFL "mov.u32 %r53, 8;\nshl.b32 %r52, %r51, %r53;\nadd.u32 %r2, %r52, 1;\n", 5, ~0u, "%r52", "byte 3 is"},
        /* an amount of 0, 8, 16 or 24 by lane (lane by lane: too many values for classes): the upper half
         * is pushed out in lanes shifting by 16 or 24 */
        {PACK_SHFL "and.b32 %r53, %r0, 3;\nshl.b32 %r54, %r53, 3;\nshl.b32 %r52, %r51, %r54;\nadd.u32 %r2, %r52, 1;\n",
         6, 0x33333333u, "%r52", "bytes 2-3 are"},
        /* shr.s fills with the sign's byte, undefined here (shr.u would fill with zeros) */
        {PACK_SHFL "shr.s32 %r52, %r51, 8;\nand.b32 %r53, %r52, -16777216;\nadd.u32 %r2, %r53, 1;\n", 4, ~0u, "%r52",
         "byte 3 is"},
        /* shf.r by 16 of {%r51, %r51}: the low half is %r51's upper half */
        {PACK_SHFL "shf.r.clamp.b32 %r52, %r51, %r51, 16;\nadd.u32 %r2, %r52, 1;\n", 4, ~0u, "%r52", "bytes 0-1 are"},
        /* selp: lanes 0-15 pick %r51, whose upper half is undefined */
        {PACK_SHFL "setp.lt.u32 %p1, %r0, 16;\nmov.u32 %r53, 1;\nselp.b32 %r52, %r51, %r53, %p1;\n"
                   "add.u32 %r2, %r52, 1;\n",
         6, 0x0000ffffu, "%r52", "bytes 2-3 are"},
        /* the control undefined: reported at the selection (its result then counts as defined) */
        {"mov.u32 %r53, 1;\nshl.b32 %r2, %r53, %r60;\n", 1, ~0u, "%r60", "before anything wrote it"},
        {"mov.u32 %r53, 1;\nprmt.b32 %r2, %r53, 0, %r60;\n", 1, ~0u, "%r60", "before anything wrote it"},
        {"mov.u32 %r53, 1;\nselp.b32 %r2, %r53, 0, %p9;\n", 1, ~0u, "%p9", "before anything wrote it"},
    };
    expect_one_report(cases, sizeof cases / sizeof cases[0]);
}

/* A shuffle's result takes the source lane's definedness: only lanes 0-15 wrote %rs2, and the
 * butterfly by 16 gives lanes 0-15 the values of lanes 16-31, whose upper halves are undefined. */
static void test_shfl_carries_source_lane_bytes(void **state)
{
    (void)state;
    const char *body = "setp.lt.u32 %p1, %r0, 16;\n"
                       "@%p1 mov.b16 %rs2, 7;\n"
                       "mov.b16 %rs1, 1;\n"
                       "mov.b32 %r50, {%rs1, %rs2};\n"
                       "shfl.sync.bfly.b32 %r51, %r50, 16, 31, -1;\n"
                       "add.u32 %r2, %r51, 1;\n";
    for (int timing = 0; timing < 2; timing++) {
        ws_diag d;
        memset(&d, 0, sizeof d);
        assert_int_equal(uninit_reports(body, timing, &d, false, 0), 1);
        assert_int_equal(d.line, WSH_BODY_LINE + 5);
        assert_int_equal(d.lanes, 0x0000ffffu);
    }
    /* the same value made in every lane by a pack of two registers nothing wrote: reported at the
     * pack, as a read of a register nothing wrote (nothing it moves is defined) */
    for (int timing = 0; timing < 2; timing++) {
        ws_diag d;
        memset(&d, 0, sizeof d);
        assert_int_equal(uninit_reports("mov.b32 %r50, {%rs1, %rs2};\nshfl.sync.idx.b32 %r2, %r50, 0, 31, -1;\n",
                                        timing, &d, false, 0),
                         1);
        assert_int_equal(d.line, WSH_BODY_LINE);
        assert_non_null(strstr(d.message, "%rs1 before anything wrote it"));
    }
}

static void test_uninit_shared(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = opts(32, true);
    /* lanes 0-15 write sh[lane]; everyone reads sh[lane] after a barrier */
    const char *body = "mov.u32 %r40, sh;\n"
                       "shl.b32 %r41, %r0, 2;\n"
                       "add.u32 %r42, %r40, %r41;\n"
                       "setp.lt.u32 %p1, %r0, 16;\n"
                       "@%p1 st.shared.u32 [%r42], %r0;\n"
                       "bar.sync 0;\n"
                       "ld.shared.u32 %r2, [%r42];\n";
    wsh_body(&r, body, &o);
    WSH_EXPECT_OK(&r);
    const ws_diag *d = wsh_diag(&r, WS_DIAG_UNINIT_SHARED);
    assert_non_null(d);
    assert_int_equal(d->lanes, 0xffff0000u);
    assert_int_equal(count_kind(&r, WS_DIAG_RACE), 0);
    wsh_free(&r);
}

/* two warps: each writes sh[tid], then reads sh[63 - tid] (the other warp's word) */
static const char *race_body_fmt = "mov.u32 %%r40, sh;\n"
                                   "shl.b32 %%r41, %%r0, 2;\n"
                                   "add.u32 %%r42, %%r40, %%r41;\n"
                                   "st.shared.u32 [%%r42], %%r0;\n"
                                   "%s"
                                   "sub.u32 %%r43, 63, %%r0;\n"
                                   "shl.b32 %%r44, %%r43, 2;\n"
                                   "add.u32 %%r45, %%r40, %%r44;\n"
                                   "ld.shared.u32 %%r2, [%%r45];\n";

static void test_race(void **state)
{
    (void)state;
    char body[1024];
    wsh_run r;
    wsh_opts o = opts(64, true);
    snprintf(body, sizeof body, race_body_fmt, "");
    wsh_body(&r, body, &o);
    WSH_EXPECT_OK(&r);
    assert_true(count_kind(&r, WS_DIAG_RACE) >= 1);
    const ws_diag *d = wsh_diag(&r, WS_DIAG_RACE);
    assert_non_null(strstr(d->message, "no bar.sync between"));
    wsh_free(&r);

    /* with the barrier: no race, nothing uninitialized */
    snprintf(body, sizeof body, race_body_fmt, "bar.sync 0;\n");
    wsh_body(&r, body, &o);
    WSH_EXPECT_OK(&r);
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);
}

/* two warps updating one counter with atomics: no race */
static void test_atomics_do_not_race(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = opts(64, true);
    wsh_body(&r, "mov.u32 %r40, sh;\natom.shared.add.u32 %r2, [%r40], 1;\n", &o);
    WSH_EXPECT_OK(&r);
    assert_int_equal(count_kind(&r, WS_DIAG_RACE), 0);
    wsh_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uninit_register),
        cmocka_unit_test(test_guarded_read_is_fine),
        cmocka_unit_test(test_selp_reads_the_picked_operand),
        cmocka_unit_test(test_pack_upper_half_dropped),
        cmocka_unit_test(test_pack_upper_half_used),
        cmocka_unit_test(test_selection_drops_undefined_bytes),
        cmocka_unit_test(test_selection_undefined_bytes_used),
        cmocka_unit_test(test_shfl_carries_source_lane_bytes),
        cmocka_unit_test(test_uninit_shared),
        cmocka_unit_test(test_race),
        cmocka_unit_test(test_atomics_do_not_race),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
