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
        cmocka_unit_test(test_uninit_shared),
        cmocka_unit_test(test_race),
        cmocka_unit_test(test_atomics_do_not_race),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
