/* test_split.c: where the H200's answer depends on what ptxas made of the PTX, and warpsim says
 * so (sim/ptxas.c, ws_nan_fold in sim/exec_arith.c; docs/hardware.md points 15 and 17):
 *   - split-after-call: a call of a recursive function by part of the warp; later activemask,
 *     constant-mask collectives and bar.sync are reported (the H200 ran them per group in fuzz v3
 *     seeds 1618 and 1819), collectives naming their lanes in a register are not;
 *   - split-warp: one note at a collective whose lanes named different membermasks;
 *   - nan-fold: min/max of a NaN with the same NaN, neg of a half NaN.
 * In ordinary runs warpsim keeps the PTX's answer; under --poison-undefined those results (and,
 * after a split bar.sync, shared-memory loads) are poisoned, with either poison value. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sim_harness.h"

/* rec(a, n) = n == 0 ? a : rec(a + 1, n - 1): lanes whose n differs leave it at different depths.
 * leaf(a, n) loops n times, calling nothing. Kernels (out: 128 words):
 *   divergent: r = rec(lane, lane & 3), then ballot(r & 2), activemask, and an exchange through
 *              shared memory across bar.sync (lane reads lane ^ 1)
 *   uniform:   the same with n = 2 in every lane (nobody diverges inside)
 *   leafcall:  the same with leaf(lane, lane & 3), called by the odd lanes only
 *   regmask:   divergent recursion, then a ballot whose membermask comes from memory (out[127]) */
static const char *const MODULE = ".version 8.0\n.target sm_90\n.address_size 64\n"
                                  ".func (.param .b32 r) rec(.param .b32 a, .param .b32 n)\n{\n"
                                  "\t.reg .b32 %x<5>;\n\t.reg .pred %q;\n"
                                  "\tld.param.b32 %x0, [a];\n\tld.param.b32 %x1, [n];\n"
                                  "\tsetp.eq.u32 %q, %x1, 0;\n\tmov.b32 %x2, %x0;\n\t@%q bra $done;\n"
                                  "\tadd.s32 %x3, %x0, 1;\n\tsub.s32 %x4, %x1, 1;\n"
                                  "\t{\n\t.param .b32 pa;\n\t.param .b32 pn;\n\t.param .b32 pr;\n"
                                  "\tst.param.b32 [pa], %x3;\n\tst.param.b32 [pn], %x4;\n"
                                  "\tcall.uni (pr), rec, (pa, pn);\n" /* RECURSIVE_CALL */
                                  "\tld.param.b32 %x2, [pr];\n\t}\n"
                                  "$done:\n\tst.param.b32 [r], %x2;\n\tret;\n}\n"
                                  ".func (.param .b32 r) leaf(.param .b32 a, .param .b32 n)\n{\n"
                                  "\t.reg .b32 %x<3>;\n\t.reg .pred %q;\n"
                                  "\tld.param.b32 %x0, [a];\n\tld.param.b32 %x1, [n];\n"
                                  "$top:\n\tsetp.eq.u32 %q, %x1, 0;\n\t@%q bra $out;\n"
                                  "\tmad.lo.s32 %x0, %x0, 3, 1;\n\tsub.s32 %x1, %x1, 1;\n\tbra $top;\n"
                                  "$out:\n\tst.param.b32 [r], %x0;\n\tret;\n}\n"
#define KERNEL(NAME, CALL)                                                                                             \
    ".visible .entry " NAME "(.param .u64 out)\n{\n"                                                                   \
    "\t.reg .b32 %r<12>;\n\t.reg .b64 %rd<4>;\n\t.reg .pred %p<4>;\n"                                                  \
    "\t.shared .align 4 .b32 sh[32];\n"                                                                                \
    "\tld.param.u64 %rd0, [out];\n\tmov.u32 %r0, %tid.x;\n\tmov.u32 %r9, 0;\n"                                         \
    "\tld.global.u32 %r10, [%rd0+508];\n" CALL "\tand.b32 %r3, %r2, 2;\n\tsetp.ne.u32 %p1, %r3, 0;\n"                  \
    "\tvote.sync.ballot.b32 %r4, %p1, -1;\n"    /* BALLOT */                                                           \
    "\tactivemask.b32 %r5;\n"                   /* ACTIVEMASK */                                                       \
    "\tvote.sync.ballot.b32 %r11, %p1, %r10;\n" /* REGMASK */                                                          \
    "\tmov.u32 %r6, sh;\n\tshl.b32 %r7, %r0, 2;\n\tadd.s32 %r8, %r6, %r7;\n"                                           \
    "\tst.shared.u32 [%r8], %r2;\n\tbar.sync 0;\n" /* BARRIER */                                                       \
    "\txor.b32 %r7, %r7, 4;\n\tadd.s32 %r8, %r6, %r7;\n\tld.shared.u32 %r6, [%r8];\n"                                  \
    "\tmul.wide.u32 %rd1, %r0, 4;\n\tadd.s64 %rd2, %rd0, %rd1;\n"                                                      \
    "\tst.global.u32 [%rd2], %r4;\n\tst.global.u32 [%rd2+128], %r5;\n"                                                 \
    "\tst.global.u32 [%rd2+256], %r6;\n\tst.global.u32 [%rd2+384], %r11;\n\tret;\n}\n"
#define CALL_OF(F, A, N)                                                                                               \
    "\t{\n\t.param .b32 pa;\n\t.param .b32 pn;\n\t.param .b32 pr;\n"                                                   \
    "\tst.param.b32 [pa], " A ";\n\tst.param.b32 [pn], " N ";\n"                                                       \
    "\tcall.uni (pr), " F ", (pa, pn);\n\tld.param.b32 %r2, [pr];\n\t}\n"
    KERNEL("divergent", "\tand.b32 %r1, %r0, 3;\n" CALL_OF("rec", "%r0", "%r1"))
        KERNEL("uniform", "\tmov.u32 %r1, 2;\n" CALL_OF("rec", "%r0", "%r1"))
            KERNEL("leafcall",
                   "\tand.b32 %r1, %r0, 3;\n\tmov.u32 %r2, %r0;\n\tand.b32 %r3, %r0, 1;\n"
                   "\tsetp.eq.u32 %p2, %r3, 0;\n\t@%p2 bra $skip;\n" CALL_OF("leaf", "%r0", "%r1") "$skip:\n");

/* The PTX line of the first line of MODULE after `after` (NULL: from the start) containing text. */
static unsigned line_of(const char *text, const char *after)
{
    const char *from = after ? strstr(MODULE, after) : MODULE;
    assert_non_null(from);
    const char *at = strstr(from, text);
    assert_non_null(at);
    unsigned line = 1;
    for (const char *c = MODULE; c < at; c++)
        line += *c == '\n';
    return line;
}

static void run_kernel(wsh_run *r, const char *kernel, uint32_t poison)
{
    static uint32_t init[128];
    memset(init, 0, sizeof init);
    init[127] = 0xffffffffu; /* the run-time membermask */
    const void *inits[1] = {init};
    size_t size = sizeof init;
    wsh_opts o = {.poison_undefined = poison != 0, .poison_value = poison};
    wsh_kernel(r, MODULE, kernel, &o, 1, &size, inits);
    WSH_EXPECT_OK(r);
}

/* What the PTX defines for a kernel whose lane l computed r(l). */
static void expect_ptx_answer(const wsh_run *r, const char *what, uint32_t (*rv)(unsigned))
{
    const uint32_t *out = (const uint32_t *)r->buf[0];
    uint32_t ballot = 0, want[128];
    for (unsigned l = 0; l < 32; l++)
        ballot |= (rv(l) & 2) ? 1u << l : 0;
    for (unsigned l = 0; l < 32; l++) {
        want[l] = ballot;
        want[32 + l] = 0xffffffffu;
        want[64 + l] = rv(l ^ 1);
        want[96 + l] = ballot;
    }
    WSH_CHECK(what, out, want, 127);
}

static uint32_t rec_divergent(unsigned l) { return l + (l & 3); }
static uint32_t rec_uniform(unsigned l) { return l + 2; }
static uint32_t leaf_odd(unsigned l)
{
    uint32_t a = l;
    for (unsigned i = 0; (l & 1) && i < (l & 3); i++)
        a = a * 3 + 1;
    return a;
}

static void test_split_after_call(void **state)
{
    (void)state;
    wsh_run r;
    /* the recursive call inside rec is made by the lanes that go deeper: the ballot, activemask
     * and bar.sync after it are reported (warpsim gives the PTX's answer); the ballot whose mask
     * is a register is not (ptxas syncs on the mask it cannot know) */
    run_kernel(&r, "divergent", 0);
    expect_ptx_answer(&r, "divergent recursion, ordinary run", rec_divergent);
    const unsigned body = line_of("vote.sync.ballot.b32 %r4", ".visible .entry divergent");
    WSH_EXPECT_DIAG(&r, WS_DIAG_SPLIT_CALL, body, 0xffffffffu);                                     /* ballot */
    WSH_EXPECT_DIAG(&r, WS_DIAG_SPLIT_CALL, line_of("activemask", ".visible .entry divergent"), 0); /* activemask */
    WSH_EXPECT_DIAG(&r, WS_DIAG_SPLIT_CALL, line_of("bar.sync", ".visible .entry divergent"), 0);
    assert_int_equal(wsh_ndiags(&r), 3);
    const ws_diag *d = WSH_EXPECT_DIAG(&r, WS_DIAG_SPLIT_CALL, body, 0);
    char cause[32];
    snprintf(cause, sizeof cause, "line %u", line_of("call.uni (pr), rec", NULL));
    assert_non_null(strstr(d->message, cause)); /* names the divergent call */
    wsh_free(&r);
    /* under --poison-undefined, with either poison: those results, and the shared-memory load
     * after the split bar.sync, are poisoned; the register-mask ballot is not */
    static const uint32_t poisons[2] = {WS_POISON, 0x21524110u};
    for (unsigned i = 0; i < 2; i++) {
        run_kernel(&r, "divergent", poisons[i]);
        const uint32_t *out = (const uint32_t *)r.buf[0];
        uint32_t want[128], ballot = 0;
        for (unsigned l = 0; l < 32; l++)
            ballot |= (rec_divergent(l) & 2) ? 1u << l : 0;
        for (unsigned l = 0; l < 32; l++) {
            want[l] = want[32 + l] = want[64 + l] = poisons[i];
            want[96 + l] = ballot;
        }
        WSH_CHECK("divergent recursion, poisoned", out, want, 127);
        wsh_free(&r);
    }
    /* nobody diverges inside (one depth for the whole warp), or the function called by part of
     * the warp does not recurse: nothing to say, even under --poison-undefined */
    run_kernel(&r, "uniform", WS_POISON);
    expect_ptx_answer(&r, "uniform recursion", rec_uniform);
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);
    run_kernel(&r, "leafcall", WS_POISON);
    expect_ptx_answer(&r, "a divergent call of a loop", leaf_odd);
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);
}

/* Each half-warp names its own half in a redux: one note there, counting the ballot and the
 * activemask after it that span both halves; under --poison-undefined they are poisoned. */
static void test_split_warp_note(void **state)
{
    (void)state;
    static const char *const body = "setp.lt.u32 %p1, %r0, 16;\n"
                                    "selp.b32 %r4, 0x0000ffff, 0xffff0000, %p1;\n"
                                    "redux.sync.add.u32 %r5, %r0, %r4;\n"
                                    "vote.sync.ballot.b32 %r2, %p1, -1;\n"
                                    "activemask.b32 %r3;";
    for (int poison = 0; poison < 2; poison++) {
        wsh_run r;
        wsh_opts o = {.poison_undefined = poison != 0};
        wsh_body(&r, body, &o);
        WSH_EXPECT_OK(&r);
        const ws_diag *d = WSH_EXPECT_DIAG(&r, WS_DIAG_SPLIT_WARP, WSH_BODY_LINE + 2, 0xffffffffu);
        assert_int_equal(d->severity, WS_SEV_NOTE);
        assert_int_equal(d->count, 2); /* the ballot and the activemask */
        assert_int_equal(wsh_ndiags(&r), 1);
        uint32_t w2[32], w3[32];
        for (unsigned l = 0; l < 32; l++) {
            w2[l] = poison ? WS_POISON : 0x0000ffffu;
            w3[l] = poison ? WS_POISON : 0xffffffffu;
        }
        WSH_CHECK("ballot after per-half masks", r.out, w2, 32);
        WSH_CHECK("activemask after per-half masks", r.out2, w3, 32);
        wsh_free(&r);
    }
}

/* The same split in the middle of a converged warp's stretch, between two constant shuffles that the
 * decoded run loop runs itself (interp_run.h, h_SHFL_PERM): the first, before the split, finds the
 * warp whole; the second, a butterfly across the halves after the redux split the warp, must not
 * trust that any more and goes to its executor, which counts it at the note and, under
 * --poison-undefined, poisons its result. The run loop's fast path without the second look reads
 * lane l ^ 16 and notes nothing. */
static void test_split_warp_between_shuffles(void **state)
{
    (void)state;
    static const char *const body = "shfl.sync.bfly.b32 %r3, %r0, 1, 31, -1;\n"
                                    "setp.lt.u32 %p1, %r0, 16;\n"
                                    "selp.b32 %r4, 0x0000ffff, 0xffff0000, %p1;\n"
                                    "redux.sync.add.u32 %r5, %r0, %r4;\n"
                                    "shfl.sync.bfly.b32 %r2, %r0, 16, 31, -1;";
    for (int poison = 0; poison < 2; poison++) {
        wsh_run r;
        wsh_opts o = {.poison_undefined = poison != 0};
        wsh_body(&r, body, &o);
        WSH_EXPECT_OK(&r);
        const ws_diag *d = WSH_EXPECT_DIAG(&r, WS_DIAG_SPLIT_WARP, WSH_BODY_LINE + 3, 0xffffffffu);
        assert_int_equal(d->count, 1); /* the second shuffle */
        assert_int_equal(wsh_ndiags(&r), 1);
        uint32_t w2[32], w3[32];
        for (unsigned l = 0; l < 32; l++) {
            w2[l] = poison ? WS_POISON : l ^ 16;
            w3[l] = l ^ 1;
        }
        WSH_CHECK("shuffle across the halves after per-half masks", r.out, w2, 32);
        WSH_CHECK("shuffle before the split", r.out2, w3, 32);
        wsh_free(&r);
    }
}

/* nan-fold: in = NaN words (both halves NaN, and NaN as f32) in lanes 0-15, 1.0 elsewhere */
static void nan_inputs(uint32_t in[32], uint32_t in2[32])
{
    for (unsigned l = 0; l < 32; l++) {
        in[l] = l < 16 ? 0x7fc17f81u + (l << 1) : 0x3f803c00u; /* NaN as f16, bf16 and f32 */
        in2[l] = l < 16 ? 0xffa5fd01u : 0x3f803c00u;           /* other NaNs */
    }
}

static void expect_fold(const char *what, const char *body, int reported, uint32_t want_lo_nan, bool f32)
{
    static uint32_t in[32], in2[32];
    nan_inputs(in, in2);
    for (int poison = 0; poison < 2; poison++) {
        wsh_run r;
        wsh_opts o = {.in = in, .in2 = in2, .poison_undefined = poison != 0};
        wsh_body(&r, body, &o);
        WSH_EXPECT_OK(&r);
        uint32_t want[32];
        for (unsigned l = 0; l < 32; l++) {
            uint32_t canonical = f32 ? 0x7fffffffu : (in[l] & 0xffff0000u) | want_lo_nan;
            uint32_t poisoned = f32 ? WS_POISON : (in[l] & 0xffff0000u) | (WS_POISON & 0xffffu);
            want[l] = l >= 16 ? r.out[l] : reported && poison ? poisoned : canonical;
        }
        WSH_CHECK(what, r.out, want, 32);
        if (reported)
            WSH_EXPECT_DIAG(&r, WS_DIAG_NAN_FOLD, 0, 0x0000ffffu);
        else
            assert_int_equal(wsh_ndiags(&r), 0);
        wsh_free(&r);
    }
}

/* programs/probe_minmax_same (H200, driver 580.159.04, 2026-12-01): ptxas folds min/max.f16 and
 * .f32 of one value to that value; .bf16, .f16x2 and .NaN run the instruction (canonical NaN) */
static void test_nan_fold(void **state)
{
    (void)state;
    expect_fold("min.f16 x, x", "mov.b32 {%rs1, %rs2}, %r1;\nmin.f16 %rs3, %rs1, %rs1;\nmov.b32 %r2, {%rs3, %rs2};", 1,
                0x7fff, false);
    expect_fold("max.f16 x, x", "mov.b32 {%rs1, %rs2}, %r1;\nmax.f16 %rs3, %rs1, %rs1;\nmov.b32 %r2, {%rs3, %rs2};", 1,
                0x7fff, false);
    expect_fold("min.f32 x, x", "mov.b32 %f1, %r1;\nmin.f32 %f2, %f1, %f1;\nmov.b32 %r2, %f2;", 1, 0, true);
    expect_fold("neg.f16 of a NaN", "mov.b32 {%rs1, %rs2}, %r1;\nneg.f16 %rs3, %rs1;\nmov.b32 %r2, {%rs3, %rs2};", 1,
                0x7fff, false);
    /* forms ptxas does not fold, and NaNs that differ: the canonical NaN, nothing to say */
    expect_fold("min.bf16 x, x", "mov.b32 {%rs1, %rs2}, %r1;\nmin.bf16 %rs3, %rs1, %rs1;\nmov.b32 %r2, {%rs3, %rs2};",
                0, 0x7fff, false);
    expect_fold("min.NaN.f16 x, x",
                "mov.b32 {%rs1, %rs2}, %r1;\nmin.NaN.f16 %rs3, %rs1, %rs1;\nmov.b32 %r2, {%rs3, %rs2};", 0, 0x7fff,
                false);
    expect_fold("min.f16 of two NaNs",
                "mov.b32 {%rs1, %rs2}, %r1;\nmov.b32 {%rs4, %rs5}, %r4;\nmin.f16 %rs3, %rs1, %rs4;\n"
                "mov.b32 %r2, {%rs3, %rs2};",
                0, 0x7fff, false);
    expect_fold("min.ftz.f32 x, x", "mov.b32 %f1, %r1;\nmin.ftz.f32 %f2, %f1, %f1;\nmov.b32 %r2, %f2;", 0, 0, true);
    expect_fold("abs.f16 of a NaN", "mov.b32 {%rs1, %rs2}, %r1;\nabs.f16 %rs3, %rs1;\nmov.b32 %r2, {%rs3, %rs2};", 0,
                0x7fff, false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_after_call),
        cmocka_unit_test(test_split_warp_note),
        cmocka_unit_test(test_split_warp_between_shuffles),
        cmocka_unit_test(test_nan_fold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
