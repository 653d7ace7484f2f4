/* test_contract.c: the mul + add/sub pairs ptxas fuses into one fma (isa/contract.c).
 *
 * test_cases: every case of tests/ptx/contract/cases.txt (the SASS ptxas 13.0 gave for it kept
 * beside it) loads and warpsim fuses exactly the pairs ptxas fused. The others run fused bodies
 * and compare with the host's single rounding (fmaf, fma, a double rounded once to a half), and
 * with --no-contract (ws_config.no_contract) with the product rounded first. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_harness.h"

/* ---- the cases, against ptxas's SASS ------------------------------------------------------- */

/* What warpsim fused in kernel k: "ADD<-MUL{a|b}[-] ..." with body-relative lines, or "none". */
static void fused_of(const ws_kernel *k, unsigned first_line, char *buf, size_t cap)
{
    size_t o = 0;
    buf[0] = 0;
    for (uint32_t i = 0; i < k->nbody; i++) {
        const ws_insn *in = &k->insns[i];
        if (!in->fused_mul)
            continue;
        o += (size_t)snprintf(buf + o, cap - o, "%s%u<-%u%c%s", o ? " " : "", in->line - first_line + 1,
                              k->insns[in->fused_mul - 1].line - first_line + 1,
                              (in->fused_how & WS_FUSE_B) ? 'b' : 'a', (in->fused_how & WS_FUSE_NEG) ? "-" : "");
    }
    if (!o)
        snprintf(buf, cap, "none");
}

static void test_cases(void **state)
{
    (void)state;
    size_t len;
    char *text = wsh_read_file("tests/ptx/contract/cases.txt", &len);
    assert_non_null(text);
    /* the kernel's head, before strtok cuts the text into lines */
    const char *h = strstr(text, "== header\n"), *h_end = h ? strstr(h + 10, "\n== ") : NULL;
    assert_non_null(h_end);
    int header_len = (int)(h_end + 1 - (h + 10));
    char *header = malloc((size_t)header_len + 1);
    memcpy(header, h + 10, (size_t)header_len);
    header[header_len] = 0;
    unsigned header_lines = 0, ncases = 0, nfused = 0, nrefused = 0;
    for (const char *c = header; *c; c++)
        header_lines += *c == '\n';
    char *name = NULL, *body = NULL, *want = NULL;
    /* sections: "== name" then body lines, "-- sass" lines, "-- fused" one line */
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#')
            continue;
        if (!strncmp(line, "== ", 3)) {
            name = line + 3;
            body = want = NULL;
            continue;
        }
        if (!name || !strcmp(name, "header"))
            continue;
        if (!body)
            body = line; /* its first line: the body runs to "-- sass" */
        if (!strcmp(line, "-- fused")) {
            want = strtok(NULL, "\n");
            assert_non_null(want);
            /* rebuild the kernel: header, the body's lines up to "-- sass", the end */
            char ptx[8192];
            /* lines "+ TEXT" of the body go before the .entry (a .func the body calls) */
            const char *entry = strstr(header, ".visible .entry");
            size_t o = (size_t)snprintf(ptx, sizeof ptx, "%.*s", (int)(entry - header), header);
            for (const char *b = body; strncmp(b, "-- sass", 7) != 0; b += strlen(b) + 1)
                if (b[0] == '+')
                    o += (size_t)snprintf(ptx + o, sizeof ptx - o, "%s\n", b + 2);
            o += (size_t)snprintf(ptx + o, sizeof ptx - o, "%s", entry);
            unsigned prelude = 0;
            for (const char *b = body; strncmp(b, "-- sass", 7) != 0; b += strlen(b) + 1)
                if (b[0] != '+')
                    o += (size_t)snprintf(ptx + o, sizeof ptx - o, "%s\n", b);
                else
                    prelude++;
            snprintf(ptx + o, sizeof ptx - o, " ret;\n}\n");
            ws_parse_error err;
            ws_module *m = wsh_parse(ptx, &err);
            char got[512];
            if (!m) {
                snprintf(got, sizeof got, "refused");
                if (!strstr(err.message, "ptxas fuses this"))
                    fail_msg("case %s: refused for another reason: %s", name, err.message);
            } else {
                fused_of(&m->kernels[0], header_lines + prelude + 1, got, sizeof got);
                ws_module_free(m);
            }
            if (strcmp(got, want) != 0)
                fail_msg("case %s: ptxas fused '%s', warpsim '%s'", name, want, got);
            ncases++;
            nfused += strcmp(want, "none") != 0 && strcmp(want, "refused") != 0;
            nrefused += !strcmp(want, "refused");
        }
    }
    /* the file is whole: its cases cover both answers */
    assert_true(ncases >= 100);
    assert_true(nfused >= 40);
    assert_true(ncases - nfused - nrefused >= 40);
    assert_int_equal(nrefused, 1);
    free(header);
    free(text);
}

/* ---- values ----------------------------------------------------------------------------------- */

static float f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}
static uint32_t bits32(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* body run with ws_config.no_contract: %r2 (and %r3 when want3) as the PTX reads, rounded twice */
static void check_apart(const char *what, const char *body, const uint32_t *a, const uint32_t *b, const uint32_t *want,
                        const uint32_t *want3)
{
    wsh_run r;
    wsh_opts o = {.in = a, .in2 = b, .no_contract = true};
    wsh_body(&r, body, &o);
    WSH_EXPECT_OK(&r);
    WSH_CHECK(what, r.out, want, 32);
    if (want3)
        WSH_CHECK(what, r.out2, want3, 32);
    wsh_free(&r);
}

/* Operands near 1 whose product, less 1, loses bits when the product is rounded first. */
static void operands(uint32_t *a, uint32_t *b)
{
    uint32_t s = 12345;
    for (int l = 0; l < 32; l++) {
        s = s * 1103515245u + 12345u;
        a[l] = 0x3f800000u | ((s >> 8) & 0x7fffu) << 1 | 1u;
        s = s * 1103515245u + 12345u;
        b[l] = 0x3f7f0000u | ((s >> 8) & 0xffffu);
    }
}

enum { ADD, SUB_PRODUCT_FIRST, SUB_PRODUCT_SECOND, NEG_ADD, SAT };

static uint32_t reference(int form, float a, float b, float c, int fused)
{
    volatile float p = a * b; /* rounded to f32 */
    float r;
    switch (form) {
    case ADD: r = fused ? fmaf(a, b, c) : p + c; break;
    case SUB_PRODUCT_FIRST: r = fused ? fmaf(a, b, -c) : p - c; break;
    case SUB_PRODUCT_SECOND: r = fused ? fmaf(-a, b, c) : c - p; break;
    case NEG_ADD: r = fused ? fmaf(-a, b, c) : -p + c; break;
    default:
        r = fused ? fmaf(a, b, c) : p + c;
        r = r > 0.0f ? (r < 1.0f ? r : 1.0f) : 0.0f;
        break;
    }
    return bits32(r);
}

static void run_f32(const char *what, const char *body, int form, float c)
{
    uint32_t a[32], b[32], fused[32], apart[32];
    operands(a, b);
    unsigned differ = 0;
    for (int l = 0; l < 32; l++) {
        fused[l] = reference(form, f32(a[l]), f32(b[l]), c, 1);
        apart[l] = reference(form, f32(a[l]), f32(b[l]), c, 0);
        differ += fused[l] != apart[l];
    }
    if (differ < 16) /* the operands must tell one rounding from two */
        fail_msg("%s: only %u of 32 lanes tell one rounding from two", what, differ);
    wsh_check_lanes(what, body, a, b, fused, NULL, 32);
    check_apart(what, body, a, b, apart, NULL);
}

/* c = -1 in a register (%f3); the result in %r2 */
#define F32_IN " mov.b32 %f1, %r1;\n mov.b32 %f2, %r4;\n mov.f32 %f3, 0fBF800000;\n"

static void test_f32_forms(void **state)
{
    (void)state;
    run_f32("add", F32_IN " mul.f32 %f5, %f1, %f2;\n add.f32 %f6, %f5, %f3;\n mov.b32 %r2, %f6;\n", ADD, -1.0f);
    run_f32("add, the product second", F32_IN " mul.f32 %f5, %f1, %f2;\n add.f32 %f6, %f3, %f5;\n mov.b32 %r2, %f6;\n",
            ADD, -1.0f);
    /* c = +1 here: the results near 0 */
    run_f32("sub, product - c",
            " mov.b32 %f1, %r1;\n mov.b32 %f2, %r4;\n mov.f32 %f3, 0f3F800000;\n"
            " mul.f32 %f5, %f1, %f2;\n sub.f32 %f6, %f5, %f3;\n mov.b32 %r2, %f6;\n",
            SUB_PRODUCT_FIRST, 1.0f);
    run_f32("sub, c - product",
            " mov.b32 %f1, %r1;\n mov.b32 %f2, %r4;\n mov.f32 %f3, 0f3F800000;\n"
            " mul.f32 %f5, %f1, %f2;\n sub.f32 %f6, %f3, %f5;\n mov.b32 %r2, %f6;\n",
            SUB_PRODUCT_SECOND, 1.0f);
    run_f32("neg then add",
            " mov.b32 %f1, %r1;\n mov.b32 %f2, %r4;\n mul.f32 %f5, %f1, %f2;\n neg.f32 %f7, %f5;\n"
            " add.f32 %f6, %f7, 0f3F800000;\n mov.b32 %r2, %f6;\n",
            NEG_ADD, 1.0f);
    /* c = -0.99: the results (0.006 to 0.014) keep the bits one rounding leaves */
    run_f32("add.sat (FFMA.SAT)",
            " mov.b32 %f1, %r1;\n mov.b32 %f2, %r4;\n mov.f32 %f3, 0fBF7D70A4;\n"
            " mul.f32 %f5, %f1, %f2;\n add.sat.f32 %f6, %f5, %f3;\n mov.b32 %r2, %f6;\n",
            SAT, f32(0xbf7d70a4u));
}

/* A product with another use, or an add with a rounding modifier, stays apart. */
static void test_f32_not_fused(void **state)
{
    (void)state;
    uint32_t a[32], b[32], want[32], want3[32];
    operands(a, b);
    for (int l = 0; l < 32; l++) {
        want[l] = reference(ADD, f32(a[l]), f32(b[l]), -1.0f, 0);
        volatile float p = f32(a[l]) * f32(b[l]);
        want3[l] = bits32(p);
    }
    wsh_check_lanes("product also moved out",
                    F32_IN " mul.f32 %f5, %f1, %f2;\n add.f32 %f6, %f5, %f3;\n mov.b32 %r2, %f6;\n mov.b32 %r3, %f5;\n",
                    a, b, want, want3, 32);
    wsh_check_lanes("add.rn", F32_IN " mul.f32 %f5, %f1, %f2;\n add.rn.f32 %f6, %f5, %f3;\n mov.b32 %r2, %f6;\n", a, b,
                    want, NULL, 32);
    wsh_check_lanes("across a branch",
                    F32_IN " mul.f32 %f5, %f1, %f2;\n setp.ne.u32 %p1, %r1, 0;\n @%p1 bra $Lx;\n mov.f32 %f9, %f1;\n"
                           "$Lx:\n add.f32 %f6, %f5, %f3;\n mov.b32 %r2, %f6;\n",
                    a, b, want, NULL, 32);
}

/* f64: operands with more bits than a product of floats keeps (mul.rn is not fused) */
static void test_f64(void **state)
{
    (void)state;
    uint32_t a[32], b[32], lo[32], hi[32], alo[32], ahi[32];
    operands(a, b);
    const double k = 1.0 + 0x1p-44; /* 0d3FF0000000000100 */
    unsigned differ = 0;
    for (int l = 0; l < 32; l++) {
        volatile double x = (double)f32(a[l]) * k, y = (double)f32(b[l]) * k, p = x * y;
        double r = fma(x, y, -1.0), s = p - 1.0;
        uint64_t rb, sb;
        memcpy(&rb, &r, 8);
        memcpy(&sb, &s, 8);
        lo[l] = (uint32_t)rb;
        hi[l] = (uint32_t)(rb >> 32);
        alo[l] = (uint32_t)sb;
        ahi[l] = (uint32_t)(sb >> 32);
        differ += rb != sb;
    }
    assert_true(differ >= 16);
    const char *body = " mov.b32 %f1, %r1;\n mov.b32 %f2, %r4;\n cvt.f64.f32 %fd1, %f1;\n cvt.f64.f32 %fd2, %f2;\n"
                       " mul.rn.f64 %fd1, %fd1, 0d3FF0000000000100;\n mul.rn.f64 %fd2, %fd2, 0d3FF0000000000100;\n"
                       " mul.f64 %fd3, %fd1, %fd2;\n sub.f64 %fd4, %fd3, 0d3FF0000000000000;\n"
                       " mov.b64 {%r2, %r3}, %fd4;\n";
    wsh_check_lanes("f64 sub", body, a, b, lo, hi, 32);
    check_apart("f64 sub, --no-contract", body, a, b, alo, ahi);
}

/* f16x2: c - a*b, both halves (the product negated through the pair's two sign bits) */
static void test_f16x2(void **state)
{
    (void)state;
#ifdef __FLT16_MAX__
    __extension__ typedef _Float16 half_t; /* GCC and Clang on x86-64: binary16, rounded to nearest even */
    uint32_t a[32], b[32], want[32], apart[32];
    uint32_t s = 777;
    unsigned differ = 0;
    for (int l = 0; l < 32; l++) {
        uint16_t h[4];
        for (int i = 0; i < 4; i++) {
            s = s * 1103515245u + 12345u;
            h[i] = (uint16_t)(0x3c00u | ((s >> 12) & 0x3ffu)); /* [1, 2) */
        }
        a[l] = h[0] | (uint32_t)h[1] << 16;
        b[l] = h[2] | (uint32_t)h[3] << 16;
        want[l] = apart[l] = 0;
        for (int i = 0; i < 2; i++) {
            half_t x, y;
            memcpy(&x, &h[i], 2);
            memcpy(&y, &h[2 + i], 2);
            half_t r = (half_t)(3.0 - (double)x * (double)y); /* exact, rounded once */
            volatile half_t p = (half_t)((double)x * (double)y);
            half_t q = (half_t)(3.0 - (double)p);
            uint16_t rb, qb;
            memcpy(&rb, &r, 2);
            memcpy(&qb, &q, 2);
            want[l] |= (uint32_t)rb << (16 * i);
            apart[l] |= (uint32_t)qb << (16 * i);
        }
        differ += want[l] != apart[l];
    }
    assert_true(differ >= 8);
    const char *body = " mov.b32 %r10, 0x42004200;\n mul.f16x2 %r5, %r1, %r4;\n sub.f16x2 %r2, %r10, %r5;\n";
    wsh_check_lanes("f16x2 c - product", body, a, b, want, NULL, 32);
    check_apart("f16x2, --no-contract", body, a, b, apart, NULL);
#else
    skip();
#endif
}

/* A source of the mul written between the mul and the add: refused with the add's line. */
static void test_refused(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = {0};
    ws_status st = wsh_body(&r, F32_IN " mul.f32 %f5, %f1, %f2;\n mov.f32 %f1, %f3;\n add.f32 %f6, %f5, %f1;\n", &o);
    assert_int_equal(st, WS_ERR_INPUT);
    assert_false(r.parsed);
    assert_non_null(strstr(r.perr.message, "ptxas fuses this add with the mul on line"));
    assert_int_equal(r.perr.line, WSH_BODY_LINE + 5);
    assert_int_equal(r.perr.column, 2);
    wsh_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases), cmocka_unit_test(test_f32_forms), cmocka_unit_test(test_f32_not_fused),
        cmocka_unit_test(test_f64),   cmocka_unit_test(test_f16x2),     cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
