/* test_ptx_features.c: the PTX that CUDA's headers and nvcc's code generation are made of,
 * beyond the warp instructions: WARP_SZ, device-function calls (the PTX calling convention,
 * recursion, per-call local frames, collectives inside a callee), -lineinfo, and the sm_90
 * integer instructions nvcc emits. Each test computes its expectation by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "sim_harness.h"

static void run_ok(wsh_run *r, const char *body, const wsh_opts *o)
{
    wsh_body(r, body, o);
    WSH_EXPECT_OK(r);
}

/* ---- WARP_SZ ------------------------------------------------------------------------------------ */
/* nvcc writes warpSize as the predefined constant WARP_SZ: mov.u32 %r15, WARP_SZ; */
static void test_warp_sz(void **state)
{
    (void)state;
    wsh_run r;
    run_ok(&r, "mov.u32 %r2, WARP_SZ;\nadd.u32 %r3, %r0, WARP_SZ;\n", NULL);
    uint32_t w2[32], w3[32];
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = 32;
        w3[l] = l + 32;
    }
    WSH_CHECK("WARP_SZ", r.out, w2, 32);
    WSH_CHECK("tid + WARP_SZ", r.out2, w3, 32);
    wsh_free(&r);
}

/* ---- calls of .func bodies (tests/ptx/calls.cu, compiled by nvcc) ------------------------------- */
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

/* nest(up, n) as calls.cu writes it: each call's a[4] in a frame of its own, the callee adding
 * 100 to its caller's a[0] through a pointer */
static int nest(int top, int n)
{
    int below = n > 0 ? nest(0, n - 1) : 0;
    return below + 40 * n + 6 + (n > 0 ? 100 : 0) + (top ? 1000 : 0);
}

static void test_calls_nvcc(void **state)
{
    (void)state;
    char *ptx = wsh_read_file("tests/ptx/calls.ptx", NULL);
    assert_non_null(ptx);
    wsh_run r;
    size_t size = 192 * 4;
    wsh_opts o = {.block = {32, 1, 1}, .check_uninitialized = true};
    wsh_kernel(&r, ptx, "calls", &o, 1, &size, NULL);
    WSH_EXPECT_OK(&r);
    assert_int_equal(wsh_ndiags(&r), 0);
    const uint32_t *out = (const uint32_t *)r.buf[0];
    /* warp_sum: the 5-step shfl.down reduction inside the callee; a lane whose source is out of
     * range adds its own value */
    uint32_t v[32], nv[32];
    for (unsigned l = 0; l < 32; l++)
        v[l] = l;
    for (unsigned o2 = 16; o2 > 0; o2 /= 2) {
        for (unsigned l = 0; l < 32; l++)
            nv[l] = v[l] + (l + o2 < 32 ? v[l + o2] : v[l]);
        memcpy(v, nv, sizeof v);
    }
    uint32_t want[192];
    for (unsigned t = 0; t < 32; t++) {
        unsigned tile = t / 8, sum = 0;
        for (unsigned j = 0; j < 8; j++)
            sum += tile * 8 + j;
        want[t] = (uint32_t)fib((int)(t % 12));     /* recursion, lanes diverging inside it */
        want[32 + t] = v[t];
        want[64 + t] = (uint32_t)nest(1, (int)(t % 4)) + 32; /* + warpSize */
        want[96 + t] = sum;                          /* cg::reduce over a tile of 8 */
        want[128 + t] = 0xaa;                        /* tile.ballot(t & 1): its odd lanes */
        want[160 + t] = (t & 1) ? t * 7 : 0;         /* a call only odd lanes make */
    }
    WSH_CHECK("fib, warp_sum, nest, tile reduce, tile ballot, guarded call", out, want, 192);
    assert_string_equal(r.output, "hello from lane 3\n"); /* printf inside a .func */
    wsh_free(&r);
    free(ptx);
}

/* recursion as deep as asked; past the per-lane call stack, a located error */
static void test_call_depth(void **state)
{
    (void)state;
    char *ptx = wsh_read_file("tests/ptx/calls.ptx", NULL);
    assert_non_null(ptx);
    wsh_run r;
    size_t size = 32 * 4;
    uint32_t depth[32], want[32];
    for (unsigned l = 0; l < 32; l++) {
        depth[l] = l * 30;
        want[l] = l * 30 + 1;
    }
    const void *init = depth;
    wsh_opts o = {.block = {32, 1, 1}};
    wsh_kernel(&r, ptx, "recurse", &o, 1, &size, &init);
    WSH_EXPECT_OK(&r);
    WSH_CHECK("deep(n) = n + 1", (const uint32_t *)r.buf[0], want, 32);
    wsh_free(&r);
    for (unsigned l = 0; l < 32; l++)
        depth[l] = l == 5 ? 100000 : 3;
    wsh_kernel(&r, ptx, "recurse", &o, 1, &size, &init);
    WSH_EXPECT_STATUS(&r, WS_ERR_LIMIT);
    assert_non_null(strstr(r.res.message, "call stack overflow at PTX line"));
    assert_non_null(strstr(r.res.message, "lane 5 of warp 0"));
    wsh_free(&r);
    free(ptx);
}

#define FUNC_HEAD ".version 8.0\n.target sm_90\n.address_size 64\n"

static void expect_parse_error(const char *ptx, unsigned line, unsigned col, const char *msg)
{
    ws_parse_error err;
    ws_module *m = wsh_parse(ptx, &err);
    if (m) {
        ws_module_free(m);
        fail_msg("parsed, expected an error '%s'", msg);
    }
    if (err.line != line || err.column != col || !strstr(err.message, msg))
        fail_msg("got %u:%u: %s; expected %u:%u: ...%s...", err.line, err.column, err.message, line, col, msg);
}

static void test_call_errors(void **state)
{
    (void)state;
    expect_parse_error(FUNC_HEAD ".func f(.param .b32 a);\n.visible .entry k()\n{\n.param .b32 p;\n"
                                 "call.uni f, (p);\n}\n",
                       8, 1, "call to 'f': the module has no body for it");
    expect_parse_error(FUNC_HEAD ".func f(.param .b32 a)\n{\nret;\n}\n.visible .entry k()\n{\n.param .b32 p;\n"
                                 "call.uni f, (p, p);\n}\n",
                       11, 1, "passes 2 argument(s); it takes 1");
    expect_parse_error(FUNC_HEAD ".func f(.param .b32 a)\n{\nret;\n}\n.visible .entry k()\n{\n.param .b32 p;\n"
                                 ".param .b32 r;\ncall.uni (r), f, (p);\n}\n",
                       12, 1, "reads a return value; the function returns none");
    expect_parse_error(FUNC_HEAD ".visible .entry k()\n{\n.reg .b64 %rd<2>;\n.param .b32 p;\n"
                                 "call (p), %rd1, (p), proto;\n}\n",
                       8, 11, "indirect call through register '%rd1'");
    expect_parse_error(FUNC_HEAD ".func f()\n{\nret;\n}\n.func f()\n{\nret;\n}\n", 8, 7, "function 'f' is defined twice");
}

/* ---- -lineinfo and -G ---------------------------------------------------------------------------- */
static void check_lines_run(const char *path)
{
    char *ptx = wsh_read_file(path, NULL);
    assert_non_null(ptx);
    wsh_run r;
    size_t size = 32 * 4;
    wsh_kernel(&r, ptx, "lines", NULL, 1, &size, NULL);
    WSH_EXPECT_OK(&r);
    uint32_t want[32];
    for (unsigned t = 0; t < 32; t++) /* v = 3t plus lane t+1's v (lane 31: its own), + warpSize */
        want[t] = 3 * t + (t < 31 ? 3 * (t + 1) : 3 * t) + 32;
    WSH_CHECK(path, (const uint32_t *)r.buf[0], want, 32);
    wsh_free(&r);
    free(ptx);
}

static void test_lineinfo(void **state)
{
    (void)state;
    char *ptx = wsh_read_file("tests/ptx/lineinfo.ptx", NULL);
    assert_non_null(ptx);
    ws_parse_error err;
    ws_module *m = wsh_parse(ptx, &err);
    if (!m)
        fail_msg("%u:%u: %s", err.line, err.column, err.message);
    const ws_kernel *k = ws_module_kernel(m, "lines");
    char src[64];
    unsigned seen = 0;
    for (uint32_t i = 0; i < k->ninsns; i++) {
        const ws_insn *in = &k->insns[i];
        ws_insn_source(m, in, src, sizeof src);
        if (in->op == WS_OP_SHFL) { /* inlined from sm_30_intrinsics.hpp: the line it was inlined at */
            assert_string_equal(src, "lineinfo.cu:8");
            seen++;
        } else if (in->op == WS_OP_MUL && in->sub == WS_MUL_LO) { /* v = t * 3 */
            assert_string_equal(src, "lineinfo.cu:7");
            seen++;
        } else if (in->op == WS_OP_ST) {
            assert_string_equal(src, "lineinfo.cu:9");
            seen++;
        }
    }
    assert_int_equal(seen, 3);
    ws_module_free(m);
    free(ptx);
    check_lines_run("tests/ptx/lineinfo.ptx");
    check_lines_run("tests/ptx/lineinfo_g.ptx"); /* -G: DWARF sections skipped, calls of the intrinsics */
}

static void test_section_not_debug(void **state)
{
    (void)state;
    expect_parse_error(FUNC_HEAD ".section .text\n{\n}\n", 4, 1, "only DWARF sections");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_warp_sz),
        cmocka_unit_test(test_calls_nvcc),
        cmocka_unit_test(test_call_depth),
        cmocka_unit_test(test_call_errors),
        cmocka_unit_test(test_lineinfo),
        cmocka_unit_test(test_section_not_debug),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
