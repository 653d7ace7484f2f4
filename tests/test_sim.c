/* test_sim.c: directed tests per instruction family (one test per family, as blink's
 * test/asm/), each a PTX body run on a full warp with 32 different inputs and checked lane by
 * lane against what C computes for the same values by the PTX ISA's definition.
 *
 * The body runs inside sim_harness's standard kernel: %r0 = lane (tid.x), %r1 = A[lane],
 * %r4 = B[lane]; the body leaves its results in %r2 and %r3 (stored to out/out2). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fenv.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpexact.h"
#include "sim.h" /* the machine's register pool and kept block buffers, WS_THREAD_PAGE */
#include "sim_harness.h"

/* 32 interesting 32-bit values: zero, ones, signs, limits, patterns */
static const uint32_t A[32] = {0,          1,          2,          0xffffffffu, 0xfffffffeu, 0x7fffffffu, 0x80000000u,
                               0x80000001u, 0xffff,     0x10000,    0x12345678u, 0xdeadbeefu, 3,           5,
                               7,          31,         32,         33,          100,         (uint32_t)-100, 0x55555555u,
                               0xaaaaaaaau, 0xff00,     0x800000,   0x7f,        0x80,        0xff,        0x100,
                               0x40000000u, 0xc0000000u, 12345,     0x80000000u};
/* second operands: include zeros (lanes 0 and 13), -1 (lanes 6 and 31: INT_MIN / -1), large shifts */
static const uint32_t B[32] = {0,          3,          0xffffffffu, 2,          0xffffffffu, 0x7fffffffu, 0xffffffffu,
                               7,          16,         0x10000,     0x87654321u, 0x1234,     0,           1,
                               31,         32,         33,         64,          0xfffffff9u, 7,           0x33333333u,
                               0x0f0f0f0fu, 8,          0x80000000u, 0x7f,        0xffffff80u, 2,          255,
                               0x40000000u, 5,          0xfffffc00u, 0xffffffffu};

typedef uint32_t (*fn2)(uint32_t a, uint32_t b);

/* Run body with A and B; expect WS_OK and out = fa(A, B), out2 = fb(A, B) on every lane. */
static void check_body(const char *what, const char *body, fn2 fa, fn2 fb)
{
    wsh_run r;
    wsh_opts o = {.in = A, .in2 = B};
    wsh_body(&r, body, &o);
    WSH_EXPECT_OK(&r);
    uint32_t want[32];
    char label[160];
    if (fa) {
        for (int l = 0; l < 32; l++)
            want[l] = fa(A[l], B[l]);
        snprintf(label, sizeof label, "%s (%%r2)", what);
        WSH_CHECK(label, r.out, want, 32);
    }
    if (fb) {
        for (int l = 0; l < 32; l++)
            want[l] = fb(A[l], B[l]);
        snprintf(label, sizeof label, "%s (%%r3)", what);
        WSH_CHECK(label, r.out2, want, 32);
    }
    wsh_free(&r);
}

static int32_t S(uint32_t v) { return (int32_t)v; }

/* ---- integer add/sub/mul/mad ---------------------------------------------------------------------- */
static uint32_t f_add(uint32_t a, uint32_t b) { return a + b; }
static uint32_t f_sub(uint32_t a, uint32_t b) { return a - b; }
static uint32_t f_add_max(uint32_t a, uint32_t b) { (void)b; return a + 0x7fffffffu; }
static uint32_t f_add_sat(uint32_t a, uint32_t b)
{
    int64_t s = (int64_t)S(a) + S(b);
    return (uint32_t)(s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s);
}
static uint32_t f_sub_sat(uint32_t a, uint32_t b)
{
    int64_t s = (int64_t)S(a) - S(b);
    return (uint32_t)(s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s);
}
static uint32_t f_mul_lo(uint32_t a, uint32_t b) { return a * b; }
static uint32_t f_mul_hi_s(uint32_t a, uint32_t b) { return (uint32_t)((uint64_t)((int64_t)S(a) * S(b)) >> 32); }
static uint32_t f_mul_hi_u(uint32_t a, uint32_t b) { return (uint32_t)(((uint64_t)a * b) >> 32); }
static uint32_t f_wide_s_lo(uint32_t a, uint32_t b) { return (uint32_t)(int64_t)((int64_t)S(a) * S(b)); }
static uint32_t f_wide_s_hi(uint32_t a, uint32_t b) { return (uint32_t)((uint64_t)((int64_t)S(a) * S(b)) >> 32); }
static uint32_t f_wide_u_lo(uint32_t a, uint32_t b) { return (uint32_t)((uint64_t)a * b); }
static uint32_t f_wide_u_hi(uint32_t a, uint32_t b) { return (uint32_t)(((uint64_t)a * b) >> 32); }
static uint32_t f_mad_lo(uint32_t a, uint32_t b) { return a * b + 12345u; }
static uint32_t f_mad_hi_s(uint32_t a, uint32_t b) { return f_mul_hi_s(a, b) + a; }
static uint32_t f_mad_wide_lo(uint32_t a, uint32_t b) { return (uint32_t)((uint64_t)((int64_t)S(a) * S(b)) + 0x100000000ull - 1); }
static uint32_t f_mad_wide_hi(uint32_t a, uint32_t b) { return (uint32_t)(((uint64_t)((int64_t)S(a) * S(b)) + 0x100000000ull - 1) >> 32); }
static uint32_t f_add64_lo(uint32_t a, uint32_t b) { return (uint32_t)(((uint64_t)a << 32 | b) + 0xffffffffull); }
static uint32_t f_add64_hi(uint32_t a, uint32_t b) { return (uint32_t)((((uint64_t)a << 32 | b) + 0xffffffffull) >> 32); }

static void test_int_add_sub_mul_mad(void **state)
{
    (void)state;
    check_body("add/sub.s32", "add.s32 %r2, %r1, %r4;\nsub.s32 %r3, %r1, %r4;", f_add, f_sub);
    check_body("add.u32 wraps / add.sat.s32", "add.u32 %r2, %r1, 0x7fffffff;\nadd.sat.s32 %r3, %r1, %r4;", f_add_max, f_add_sat);
    check_body("sub.sat.s32", "sub.sat.s32 %r2, %r1, %r4;", f_sub_sat, NULL);
    check_body("mul.lo.s32 / mul.hi.s32", "mul.lo.s32 %r2, %r1, %r4;\nmul.hi.s32 %r3, %r1, %r4;", f_mul_lo, f_mul_hi_s);
    check_body("mul.hi.u32", "mul.hi.u32 %r2, %r1, %r4;", f_mul_hi_u, NULL);
    check_body("mul.wide.s32", "mul.wide.s32 %rd20, %r1, %r4;\nmov.b64 {%r2, %r3}, %rd20;", f_wide_s_lo, f_wide_s_hi);
    check_body("mul.wide.u32", "mul.wide.u32 %rd20, %r1, %r4;\nmov.b64 {%r2, %r3}, %rd20;", f_wide_u_lo, f_wide_u_hi);
    check_body("mad.lo.s32 / mad.hi.s32", "mad.lo.s32 %r2, %r1, %r4, 12345;\nmad.hi.s32 %r3, %r1, %r4, %r1;", f_mad_lo, f_mad_hi_s);
    check_body("mad.wide.s32", "mov.u64 %rd21, 0xffffffff;\nmad.wide.s32 %rd20, %r1, %r4, %rd21;\nmov.b64 {%r2, %r3}, %rd20;",
               f_mad_wide_lo, f_mad_wide_hi);
    check_body("add.u64 carries", "mov.b64 %rd20, {%r4, %r1};\nadd.u64 %rd20, %rd20, 0xffffffff;\nmov.b64 {%r2, %r3}, %rd20;",
               f_add64_lo, f_add64_hi);
}

/* ---- div/rem, by zero -------------------------------------------------------------------------- */
static uint32_t f_div_s(uint32_t a, uint32_t b)
{
    if (!b)
        return 0xffffffffu; /* the hardware's emulation sequence gives all ones */
    if (S(b) == -1)
        return 0u - a; /* INT_MIN / -1 wraps to INT_MIN */
    return (uint32_t)(S(a) / S(b));
}
static uint32_t f_rem_s(uint32_t a, uint32_t b)
{
    if (!b)
        return a; /* by zero: the dividend */
    if (S(b) == -1)
        return 0;
    return (uint32_t)(S(a) % S(b));
}
static uint32_t f_div_u(uint32_t a, uint32_t b) { return b ? a / b : 0xffffffffu; }
static uint32_t f_rem_u(uint32_t a, uint32_t b) { return b ? a % b : a; }

static void test_int_div_rem(void **state)
{
    (void)state;
    check_body("div/rem.s32", "div.s32 %r2, %r1, %r4;\nrem.s32 %r3, %r1, %r4;", f_div_s, f_rem_s);
    check_body("div/rem.u32", "div.u32 %r2, %r1, %r4;\nrem.u32 %r3, %r1, %r4;", f_div_u, f_rem_u);
    /* division by zero: a diagnostic at the div's line naming lanes 0 and 12 (B is 0 there) */
    wsh_run r;
    wsh_opts o = {.in = A, .in2 = B};
    wsh_body(&r, "div.u32 %r2, %r1, %r4;\nrem.u32 %r3, %r1, %r4;", &o);
    WSH_EXPECT_OK(&r);
    const ws_diag *d = WSH_EXPECT_DIAG(&r, WS_DIAG_DIV_BY_ZERO, WSH_BODY_LINE, (1u << 0) | (1u << 12));
    assert_non_null(strstr(d->message, "division by zero"));
    assert_int_equal(d->severity, WS_SEV_WARNING);
    WSH_EXPECT_DIAG(&r, WS_DIAG_DIV_BY_ZERO, WSH_BODY_LINE + 1, (1u << 0) | (1u << 12));
    assert_int_equal(r.out[12], 0xffffffffu);
    assert_int_equal(r.out2[12], A[12]);
    wsh_free(&r);
    /* as errors: the run stops with WS_ERR_DIAG */
    o.diagnostics_are_errors = true;
    wsh_body(&r, "div.u32 %r2, %r1, %r4;", &o);
    WSH_EXPECT_STATUS(&r, WS_ERR_DIAG);
    assert_non_null(strstr(r.res.message, "division-by-zero"));
    wsh_free(&r);
}

/* ---- min/max/abs/neg ---------------------------------------------------------------------------- */
static uint32_t f_min_s(uint32_t a, uint32_t b) { return S(a) < S(b) ? a : b; }
static uint32_t f_max_s(uint32_t a, uint32_t b) { return S(a) > S(b) ? a : b; }
static uint32_t f_min_u(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint32_t f_max_u(uint32_t a, uint32_t b) { return a > b ? a : b; }
static uint32_t f_abs(uint32_t a, uint32_t b) { (void)b; return S(a) < 0 ? 0u - a : a; } /* abs(INT_MIN) = INT_MIN */
static uint32_t f_neg(uint32_t a, uint32_t b) { (void)b; return 0u - a; }

static void test_int_min_max_abs_neg(void **state)
{
    (void)state;
    check_body("min/max.s32", "min.s32 %r2, %r1, %r4;\nmax.s32 %r3, %r1, %r4;", f_min_s, f_max_s);
    check_body("min/max.u32", "min.u32 %r2, %r1, %r4;\nmax.u32 %r3, %r1, %r4;", f_min_u, f_max_u);
    check_body("abs/neg.s32", "abs.s32 %r2, %r1;\nneg.s32 %r3, %r1;", f_abs, f_neg);
}

/* ---- shifts and logic ---------------------------------------------------------------------------- */
static uint32_t f_shl(uint32_t a, uint32_t b) { return b >= 32 ? 0 : a << b; }
static uint32_t f_shr_u(uint32_t a, uint32_t b) { return b >= 32 ? 0 : a >> b; }
static uint32_t f_shr_s(uint32_t a, uint32_t b) { return b >= 32 ? (S(a) < 0 ? 0xffffffffu : 0) : (uint32_t)(S(a) >> b); }
static uint32_t f_shl64_hi(uint32_t a, uint32_t b) { uint64_t v = (uint64_t)a << 32 | a; return b >= 64 ? 0 : (uint32_t)((v << b) >> 32); }
static uint32_t f_and(uint32_t a, uint32_t b) { return a & b; }
static uint32_t f_or(uint32_t a, uint32_t b) { return a | b; }
static uint32_t f_xor(uint32_t a, uint32_t b) { return a ^ b; }
static uint32_t f_not(uint32_t a, uint32_t b) { (void)b; return ~a; }
static uint32_t f_cnot(uint32_t a, uint32_t b) { (void)b; return a == 0; }

static void test_shifts_and_logic(void **state)
{
    (void)state;
    /* shift amounts: B holds 0..64 and 0x80000000, 0xffffffff: clamped at the width */
    check_body("shl.b32 / shr.u32", "shl.b32 %r2, %r1, %r4;\nshr.u32 %r3, %r1, %r4;", f_shl, f_shr_u);
    check_body("shr.s32", "shr.s32 %r2, %r1, %r4;", f_shr_s, NULL);
    check_body("shl.b64", "mov.b64 %rd20, {%r1, %r1};\nshl.b64 %rd21, %rd20, %r4;\nmov.b64 {%r5, %r2}, %rd21;", f_shl64_hi, NULL);
    check_body("and/or.b32", "and.b32 %r2, %r1, %r4;\nor.b32 %r3, %r1, %r4;", f_and, f_or);
    check_body("xor/not.b32", "xor.b32 %r2, %r1, %r4;\nnot.b32 %r3, %r1;", f_xor, f_not);
    check_body("cnot.b32", "cnot.b32 %r2, %r1;", f_cnot, NULL);
}

/* ---- bit manipulation ---------------------------------------------------------------------------- */
static uint32_t f_popc(uint32_t a, uint32_t b) { (void)b; return (uint32_t)__builtin_popcount(a); }
static uint32_t f_clz(uint32_t a, uint32_t b) { (void)b; return a ? (uint32_t)__builtin_clz(a) : 32; }
static uint32_t f_brev(uint32_t a, uint32_t b)
{
    (void)b;
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= ((a >> i) & 1u) << (31 - i);
    return r;
}
/* bfind: the most significant 1 (unsigned) or non-sign bit (signed), 0xffffffff if none */
static uint32_t f_bfind_u(uint32_t a, uint32_t b) { (void)b; return a ? 31u - (uint32_t)__builtin_clz(a) : 0xffffffffu; }
static uint32_t f_bfind_s(uint32_t a, uint32_t b)
{
    (void)b;
    uint32_t v = S(a) < 0 ? ~a : a;
    return v ? 31u - (uint32_t)__builtin_clz(v) : 0xffffffffu;
}
static uint32_t f_bfind_shamt(uint32_t a, uint32_t b) { (void)b; return a ? (uint32_t)__builtin_clz(a) : 0xffffffffu; }
/* bfe per the PTX ISA: msb = 31; sbit = signed && len ? a[min(pos+len-1, msb)] : 0;
 * d[i] = (i < len && pos + i <= msb) ? a[pos + i] : sbit */
static uint32_t bfe_ref(uint32_t a, unsigned pos, unsigned len, int sgn)
{
    pos &= 0xff;
    len &= 0xff;
    unsigned top = pos + len - 1 < 31 ? pos + len - 1 : 31;
    uint32_t sbit = (sgn && len) ? (a >> top) & 1u : 0;
    uint32_t d = 0;
    for (unsigned i = 0; i < 32; i++)
        d |= ((i < len && pos + i <= 31) ? (a >> (pos + i)) & 1u : sbit) << i;
    return d;
}
static uint32_t f_bfe_s_4_8(uint32_t a, uint32_t b) { (void)b; return bfe_ref(a, 4, 8, 1); }
static uint32_t f_bfe_u_28_8(uint32_t a, uint32_t b) { (void)b; return bfe_ref(a, 28, 8, 0); }
static uint32_t f_bfe_s_var(uint32_t a, uint32_t b) { return bfe_ref(a, b & 31, (b >> 3) & 31, 1); }
static uint32_t f_bfe_u_var(uint32_t a, uint32_t b) { return bfe_ref(a, b & 31, (b >> 3) & 31, 0); }
/* bfi: f = b; f[pos + i] = a[i] for i < len and pos + i <= 31 */
static uint32_t bfi_ref(uint32_t a, uint32_t b, unsigned pos, unsigned len)
{
    for (unsigned i = 0; i < len && pos + i <= 31; i++)
        b = (b & ~(1u << (pos + i))) | (((a >> i) & 1u) << (pos + i));
    return b;
}
static uint32_t f_bfi_8_12(uint32_t a, uint32_t b) { return bfi_ref(a, b, 8, 12); }
static uint32_t f_bfi_28_8(uint32_t a, uint32_t b) { return bfi_ref(a, b, 28, 8); }
/* prmt default mode: byte i of d = byte (c >> 4i) & 7 of {b, a}; bit 3 of the nibble
 * replicates that byte's sign bit */
static uint32_t prmt_ref(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t v = (uint64_t)b << 32 | a;
    uint32_t d = 0;
    for (int i = 0; i < 4; i++) {
        unsigned sel = (c >> (4 * i)) & 0xf;
        uint32_t byte = (uint32_t)(v >> (8 * (sel & 7))) & 0xff;
        if (sel & 8)
            byte = (byte & 0x80) ? 0xff : 0;
        d |= byte << (8 * i);
    }
    return d;
}
static uint32_t f_prmt_var(uint32_t a, uint32_t b) { return prmt_ref(a, b, b ^ a); }
static uint32_t f_prmt_5410(uint32_t a, uint32_t b) { return prmt_ref(a, b, 0x5410); }
static uint32_t f_prmt_8888(uint32_t a, uint32_t b) { return prmt_ref(a, b, 0x89ab); }

static void test_bit_manipulation(void **state)
{
    (void)state;
    check_body("popc/clz.b32", "popc.b32 %r2, %r1;\nclz.b32 %r3, %r1;", f_popc, f_clz);
    check_body("brev.b32 / bfind.u32", "brev.b32 %r2, %r1;\nbfind.u32 %r3, %r1;", f_brev, f_bfind_u);
    check_body("bfind.s32 / bfind.shiftamt.u32", "bfind.s32 %r2, %r1;\nbfind.shiftamt.u32 %r3, %r1;", f_bfind_s, f_bfind_shamt);
    check_body("bfe.s32 4,8 / bfe.u32 28,8", "bfe.s32 %r2, %r1, 4, 8;\nbfe.u32 %r3, %r1, 28, 8;", f_bfe_s_4_8, f_bfe_u_28_8);
    check_body("bfe.s32/u32 with register pos and len",
               "and.b32 %r5, %r4, 31;\nshr.u32 %r6, %r4, 3;\nand.b32 %r6, %r6, 31;\n"
               "bfe.s32 %r2, %r1, %r5, %r6;\nbfe.u32 %r3, %r1, %r5, %r6;",
               f_bfe_s_var, f_bfe_u_var);
    check_body("bfi.b32", "bfi.b32 %r2, %r1, %r4, 8, 12;\nbfi.b32 %r3, %r1, %r4, 28, 8;", f_bfi_8_12, f_bfi_28_8);
    check_body("prmt.b32 register selector / 0x5410", "xor.b32 %r5, %r4, %r1;\nprmt.b32 %r2, %r1, %r4, %r5;\nprmt.b32 %r3, %r1, %r4, 0x5410;",
               f_prmt_var, f_prmt_5410);
    check_body("prmt.b32 sign replication", "prmt.b32 %r2, %r1, %r4, 0x89ab;", f_prmt_8888, NULL);
}

/* ---- setp / selp ---------------------------------------------------------------------------------- */

/* A body that sets %r2 bit i from predicate %p<i+1> for the given setp lines. */
static void setp_body(char *buf, size_t cap, const char *const *lines, int n)
{
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s\nselp.u32 %%r9, 1, 0, %%p%d;\nshl.b32 %%r9, %%r9, %d;\nor.b32 %%r2, %%r2, %%r9;\n",
                                lines[i], i + 1, i);
}

static uint32_t f_setp_int(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    r |= (uint32_t)(S(a) < S(b)) << 0;
    r |= (uint32_t)(S(a) >= S(b)) << 1; /* the |q output of the first */
    r |= (uint32_t)(a < b) << 2;
    r |= (uint32_t)(a <= b) << 3;
    r |= (uint32_t)(a > b) << 4;
    r |= (uint32_t)(a >= b) << 5;
    r |= (uint32_t)(a == b) << 6;
    r |= (uint32_t)(a != b) << 7;
    r |= (uint32_t)(S(a) > 0 && S(a) < S(b)) << 8; /* .and with %p1 */
    r |= (uint32_t)(S(a) > 0 || S(a) < S(b)) << 9; /* .or */
    r |= (uint32_t)((S(a) <= S(b)) != (S(a) < S(b))) << 10; /* .xor: equal */
    r |= (uint32_t)(S(a) > 0 && !(S(a) < S(b))) << 11; /* .and with !%p1 */
    return r;
}

static void test_setp_selp_int(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "setp.lt.s32 %p1|%p2, %r1, %r4;", "", "setp.lo.u32 %p3, %r1, %r4;", "setp.ls.u32 %p4, %r1, %r4;",
        "setp.gt.u32 %p5, %r1, %r4;",     "setp.hs.u32 %p6, %r1, %r4;", "setp.eq.s32 %p7, %r1, %r4;",
        "setp.ne.b32 %p8, %r1, %r4;",     "setp.gt.and.s32 %p9, %r1, 0, %p1;", "setp.gt.or.s32 %p10, %r1, 0, %p1;",
        "setp.le.xor.s32 %p11, %r1, %r4, %p1;", "setp.gt.and.s32 %p12, %r1, 0, !%p1;",
    };
    char body[8192];
    setp_body(body, sizeof body, lines, 12);
    check_body("setp integer compares", body, f_setp_int, NULL);
    /* selp picks per lane */
    check_body("selp.b32", "setp.lt.u32 %p1, %r1, %r4;\nselp.b32 %r2, %r1, %r4, %p1;\nselp.b32 %r3, 111, 222, !%p1;",
               f_min_u, NULL);
}

/* float compares: A and B as floats, with NaNs among them */
static float F(uint32_t v) { float f; memcpy(&f, &v, 4); return f; }
static uint32_t U(float f) { uint32_t v; memcpy(&v, &f, 4); return v; }
static uint32_t f_setp_float(uint32_t ua, uint32_t ub)
{
    float a = F(ua), b = F(ub);
    int un = isnan(a) || isnan(b);
    uint32_t r = 0;
    r |= (uint32_t)(!un && a < b) << 0;
    r |= (uint32_t)(un || a < b) << 1;
    r |= (uint32_t)(!un && a == b) << 2;
    r |= (uint32_t)(un || a == b) << 3;
    r |= (uint32_t)(!un && a != b) << 4;
    r |= (uint32_t)(un || a != b) << 5;
    r |= (uint32_t)(!un) << 6;
    r |= (uint32_t)(un) << 7;
    r |= (uint32_t)(!un && a >= b) << 8;
    r |= (uint32_t)(un || a > b) << 9;
    return r;
}

static void test_setp_float_nan(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "setp.lt.f32 %p1, %f1, %f2;",  "setp.ltu.f32 %p2, %f1, %f2;", "setp.eq.f32 %p3, %f1, %f2;",
        "setp.equ.f32 %p4, %f1, %f2;", "setp.ne.f32 %p5, %f1, %f2;",  "setp.neu.f32 %p6, %f1, %f2;",
        "setp.num.f32 %p7, %f1, %f2;", "setp.nan.f32 %p8, %f1, %f2;", "setp.ge.f32 %p9, %f1, %f2;",
        "setp.gtu.f32 %p10, %f1, %f2;",
    };
    char body[8192] = "mov.b32 %f1, %r1;\nmov.b32 %f2, %r4;\n";
    setp_body(body + strlen(body), sizeof body - strlen(body), lines, 10);
    check_body("setp float ordered/unordered", body, f_setp_float, NULL);
    /* the NaN lanes really are there: A[3] = 0xffffffff is a NaN, so lane 3 is unordered */
    assert_true(f_setp_float(A[3], B[3]) & (1u << 7));
    assert_false(f_setp_float(A[3], B[3]) & (1u << 2));
}

/* ---- 16-bit add and sub (decoded forms ADD16, SUB16: rows of 32 bits, the low 16 kept) -------------- */
static uint32_t f_addsub16(uint32_t a, uint32_t b) { return (uint16_t)(a + b) | (uint32_t)(uint16_t)(a - b) << 16; }
static uint32_t f_addsub16_imm(uint32_t a, uint32_t b)
{
    (void)b;
    return (uint16_t)(a + 40000u) | (uint32_t)(uint16_t)(a - 7u) << 16;
}
/* the same in the lanes whose a is odd (a diverged group), 0 in the others */
static uint32_t f_addsub16_odd(uint32_t a, uint32_t b) { return (a & 1) ? f_addsub16(a, b) : 0; }
static uint32_t f_addsub16_imm_odd(uint32_t a, uint32_t b) { return (a & 1) ? f_addsub16_imm(a, b) : 0; }

#define ADDSUB16_BODY                                                                                                  \
    "cvt.u16.u32 %rs1, %r1;\ncvt.u16.u32 %rs2, %r4;\n"                                                                   \
    "add.s16 %rs3, %rs1, %rs2;\nsub.u16 %rs4, %rs1, %rs2;\n"                                                            \
    "add.u16 %rs5, %rs1, 40000;\nsub.s16 %rs6, %rs1, 7;\n"                                                              \
    "mov.b32 %r2, {%rs3, %rs4};\nmov.b32 %r3, {%rs5, %rs6};\n"

static void test_add_sub_16(void **state)
{
    (void)state;
    check_body("add/sub .u16 .s16, all lanes", ADDSUB16_BODY, f_addsub16, f_addsub16_imm);
    check_body("add/sub .u16 .s16, a diverged group",
               "and.b32 %r9, %r1, 1;\nsetp.eq.u32 %p1, %r9, 0;\n@%p1 bra $Lend;\n" ADDSUB16_BODY, f_addsub16_odd,
               f_addsub16_imm_odd);
}

/* ---- cvt ---------------------------------------------------------------------------------------- */
static uint32_t f_s8(uint32_t a, uint32_t b) { (void)b; return (uint32_t)(int32_t)(int8_t)a; }
static uint32_t f_u8(uint32_t a, uint32_t b) { (void)b; return a & 0xff; }
static uint32_t f_s16(uint32_t a, uint32_t b) { (void)b; return (uint32_t)(int32_t)(int16_t)a; }
static uint32_t f_sat_s8(uint32_t a, uint32_t b) { (void)b; int32_t v = S(a); return (uint32_t)(v > 127 ? 127 : v < -128 ? -128 : v) & 0xff; }
static uint32_t f_sat_u8(uint32_t a, uint32_t b) { (void)b; int32_t v = S(a); return (uint32_t)(v > 255 ? 255 : v < 0 ? 0 : v); }
static uint32_t f_sat_u32_s32(uint32_t a, uint32_t b) { (void)b; return S(a) < 0 ? 0 : a; }
static uint32_t f_sat_s32_u32(uint32_t a, uint32_t b) { (void)b; return a > 0x7fffffffu ? 0x7fffffffu : a; }
static uint32_t f_s64_hi(uint32_t a, uint32_t b) { (void)b; return S(a) < 0 ? 0xffffffffu : 0; }

static void test_cvt_int(void **state)
{
    (void)state;
    check_body("cvt.s32.s8 / cvt.u32.u8", "cvt.s32.s8 %r2, %r1;\ncvt.u32.u8 %r3, %r1;", f_s8, f_u8);
    check_body("cvt.s32.s16 / cvt.u16.u32 (via .b16)", "cvt.s32.s16 %r2, %r1;\ncvt.u16.u32 %rs1, %r1;\ncvt.u32.u16 %r3, %rs1;", f_s16,
               NULL);
    check_body("cvt.sat.s8.s32 / cvt.sat.u8.s32", "cvt.sat.s8.s32 %r2, %r1;\nand.b32 %r2, %r2, 255;\ncvt.sat.u8.s32 %r3, %r1;",
               f_sat_s8, f_sat_u8);
    check_body("cvt.sat.u32.s32 / cvt.sat.s32.u32", "cvt.sat.u32.s32 %r2, %r1;\ncvt.sat.s32.u32 %r3, %r1;", f_sat_u32_s32,
               f_sat_s32_u32);
    check_body("cvt.s64.s32 sign extension", "cvt.s64.s32 %rd20, %r1;\nmov.b64 {%r2, %r3}, %rd20;", NULL, f_s64_hi);
}

/* float inputs for conversions: halves (ties), signs, limits, NaN, infinities, denormals */
static const float FV[32] = {0.5f,          1.5f,  2.5f,   -0.5f,  -1.5f,        -2.5f,        3.7f,
                             -3.7f,         1e10f, -1e10f, NAN,    INFINITY,     -INFINITY,    2147483520.0f,
                             2147483648.0f, -2147483648.0f, -2147483904.0f, 4294967040.0f, 4294967296.0f,
                             0.0f,          -0.0f, 1e-45f, 16777216.0f, 0.49999997f, -0.49999997f, 100.25f,
                             -100.75f,      65535.5f, 1.0f, -1.0f, 8388609.5f, 0.99999994f};

static void check_float_to_int(const char *what, const char *body, int mode, int is_signed)
{
    uint32_t in[32], want[32];
    for (int l = 0; l < 32; l++)
        in[l] = U(FV[l]);
    wsh_run r;
    wsh_opts o = {.in = in};
    wsh_body(&r, body, &o);
    WSH_EXPECT_OK(&r);
    for (int l = 0; l < 32; l++) {
        double v = FV[l];
        if (isnan(v)) {
            want[l] = 0; /* NaN converts to 0 */
            continue;
        }
        v = mode == 0 ? nearbyint(v) : mode == 1 ? trunc(v) : mode == 2 ? floor(v) : ceil(v);
        if (is_signed)
            want[l] = v >= 2147483647.0 ? 0x7fffffffu : v <= -2147483648.0 ? 0x80000000u : (uint32_t)(int32_t)v;
        else
            want[l] = v >= 4294967295.0 ? 0xffffffffu : v <= 0 ? 0 : (uint32_t)v;
    }
    WSH_CHECK(what, r.out, want, 32);
    wsh_free(&r);
}

static void test_cvt_float_int(void **state)
{
    (void)state;
    /* rounding modes, saturation at the type's limits, NaN -> 0 */
    check_float_to_int("cvt.rni.s32.f32", "mov.b32 %f1, %r1;\ncvt.rni.s32.f32 %r2, %f1;", 0, 1);
    check_float_to_int("cvt.rzi.s32.f32", "mov.b32 %f1, %r1;\ncvt.rzi.s32.f32 %r2, %f1;", 1, 1);
    check_float_to_int("cvt.rmi.s32.f32", "mov.b32 %f1, %r1;\ncvt.rmi.s32.f32 %r2, %f1;", 2, 1);
    check_float_to_int("cvt.rpi.s32.f32", "mov.b32 %f1, %r1;\ncvt.rpi.s32.f32 %r2, %f1;", 3, 1);
    check_float_to_int("cvt.rzi.u32.f32", "mov.b32 %f1, %r1;\ncvt.rzi.u32.f32 %r2, %f1;", 1, 0);
    check_float_to_int("cvt.rni.u32.f32", "mov.b32 %f1, %r1;\ncvt.rni.u32.f32 %r2, %f1;", 0, 0);
    /* spot values the rule must give, independent of the reference above */
    wsh_run r;
    uint32_t in[32];
    for (int l = 0; l < 32; l++)
        in[l] = U(FV[l]);
    wsh_opts o = {.in = in};
    wsh_body(&r, "mov.b32 %f1, %r1;\ncvt.rni.s32.f32 %r2, %f1;\ncvt.rzi.u32.f32 %r3, %f1;", &o);
    WSH_EXPECT_OK(&r);
    assert_int_equal(r.out[0], 0);          /* 0.5 -> 0 (ties to even) */
    assert_int_equal(r.out[1], 2);          /* 1.5 -> 2 */
    assert_int_equal(r.out[2], 2);          /* 2.5 -> 2 */
    assert_int_equal(r.out[5], (uint32_t)-2); /* -2.5 -> -2 */
    assert_int_equal(r.out[10], 0);         /* NaN -> 0 */
    assert_int_equal(r.out[11], 0x7fffffffu); /* +inf saturates */
    assert_int_equal(r.out[12], 0x80000000u); /* -inf saturates */
    assert_int_equal(r.out2[4], 0);         /* -1.5 -> u32 0 */
    assert_int_equal(r.out2[18], 0xffffffffu); /* 2^32 -> u32 max */
    wsh_free(&r);
}

static uint32_t f_cvt_f32_s32(uint32_t a, uint32_t b) { (void)b; return U((float)S(a)); }
static uint32_t f_cvt_f32_u32(uint32_t a, uint32_t b) { (void)b; return U((float)a); }
/* toward zero: keep the 24 most significant bits (then the conversion is exact) */
static uint32_t f_cvt_rz_f32_u32(uint32_t a, uint32_t b)
{
    (void)b;
    if (a >= (1u << 24)) {
        int drop = 8 - __builtin_clz(a);
        a = (a >> drop) << drop;
    }
    return U((float)a);
}
/* cvt.f64.f32 widens exactly; a NaN keeps its sign and payload and becomes quiet (the H200's
 * f32 NaNs reached cvt.rn.f16.f64 with their sign: tests/corpus fp16_cvt_f64, 2026-12-01) */
static uint64_t widened_nan(uint32_t a) { return (uint64_t)(a >> 31) << 63 | 0x7ff8000000000000ull | (uint64_t)(a & 0x3fffffu) << 29; }
static uint32_t f_f64_lo(uint32_t a, uint32_t b) { (void)b; double d = (double)F(a); uint64_t u; memcpy(&u, &d, 8); return isnan(d) ? (uint32_t)widened_nan(a) : (uint32_t)u; }
static uint32_t f_f64_hi(uint32_t a, uint32_t b) { (void)b; double d = (double)F(a); uint64_t u; memcpy(&u, &d, 8); return isnan(d) ? (uint32_t)(widened_nan(a) >> 32) : (uint32_t)(u >> 32); }
static uint32_t f_f32_round_trip(uint32_t a, uint32_t b) { (void)b; return isnan(F(a)) ? 0x7fffffffu : a; }
static uint32_t f_f64_to_f32_rz(uint32_t a, uint32_t b)
{
    /* (double)a + 1/3 rounded toward zero to f32 */
    (void)b;
    volatile double d = (double)S(a) + 1.0 / 3.0;
    fesetround(FE_TOWARDZERO);
    volatile float f = (float)d;
    fesetround(FE_TONEAREST);
    return U(f);
}
static uint32_t f_f64_to_f32_rn(uint32_t a, uint32_t b) { (void)b; volatile double d = (double)S(a) + 1.0 / 3.0; return U((float)d); }

static void test_cvt_int_float_and_f32_f64(void **state)
{
    (void)state;
    check_body("cvt.rn.f32.s32 / cvt.rn.f32.u32", "cvt.rn.f32.s32 %f1, %r1;\nmov.b32 %r2, %f1;\ncvt.rn.f32.u32 %f2, %r1;\nmov.b32 %r3, %f2;",
               f_cvt_f32_s32, f_cvt_f32_u32);
    check_body("cvt.rz.f32.u32", "cvt.rz.f32.u32 %f1, %r1;\nmov.b32 %r2, %f1;", f_cvt_rz_f32_u32, NULL);
    /* f32 -> f64 is exact (a NaN becomes the canonical f64 NaN); and back again */
    check_body("cvt.f64.f32", "mov.b32 %f1, %r1;\ncvt.f64.f32 %fd1, %f1;\nmov.b64 {%r2, %r3}, %fd1;", f_f64_lo, f_f64_hi);
    check_body("cvt.rn.f32.f64 round trip", "mov.b32 %f1, %r1;\ncvt.f64.f32 %fd1, %f1;\ncvt.rn.f32.f64 %f2, %fd1;\nmov.b32 %r2, %f2;",
               f_f32_round_trip, NULL);
    check_body("cvt.rz/rn.f32.f64",
               "cvt.rn.f64.s32 %fd1, %r1;\nadd.f64 %fd1, %fd1, 0d3FD5555555555555;\ncvt.rz.f32.f64 %f1, %fd1;\nmov.b32 %r2, %f1;\n"
               "cvt.rn.f32.f64 %f2, %fd1;\nmov.b32 %r3, %f2;",
               f_f64_to_f32_rz, f_f64_to_f32_rn);
}

/* ---- float arithmetic: IEEE exactness, canonical NaN ----------------------------------------------- */
static uint32_t canon(float f) { return isnan(f) ? 0x7fffffffu : U(f); }
static uint32_t f_fadd(uint32_t a, uint32_t b) { return canon(F(a) + F(b)); }
static uint32_t f_fmul(uint32_t a, uint32_t b) { return canon(F(a) * F(b)); }
static uint32_t f_ffma(uint32_t a, uint32_t b) { return canon(fmaf(F(a), F(b), F(a))); }
static uint32_t f_fdiv(uint32_t a, uint32_t b) { return canon(F(a) / F(b)); }
static uint32_t f_fsqrt(uint32_t a, uint32_t b) { (void)b; return canon(sqrtf(F(a))); }
static uint32_t f_frcp(uint32_t a, uint32_t b) { (void)b; return canon(1.0f / F(a)); }
static uint32_t f_fsub_rz(uint32_t a, uint32_t b)
{
    volatile float x = F(a), y = F(b);
    fesetround(FE_TOWARDZERO);
    volatile float r = x - y;
    fesetround(FE_TONEAREST);
    return canon(r);
}
static uint32_t f_fadd_rm(uint32_t a, uint32_t b)
{
    volatile float x = F(a), y = F(b);
    fesetround(FE_DOWNWARD);
    volatile float r = x + y;
    fesetround(FE_TONEAREST);
    return canon(r);
}
static uint32_t f_fmul_rp(uint32_t a, uint32_t b)
{
    volatile float x = F(a), y = F(b);
    fesetround(FE_UPWARD);
    volatile float r = x * y;
    fesetround(FE_TONEAREST);
    return canon(r);
}
static uint32_t f_fabs(uint32_t a, uint32_t b) { (void)b; return a & 0x7fffffffu; }
static uint32_t f_fneg(uint32_t a, uint32_t b) { (void)b; return a ^ 0x80000000u; }
static uint32_t f_fmin(uint32_t a, uint32_t b)
{
    float x = F(a), y = F(b);
    if (isnan(x) && isnan(y))
        return 0x7fffffffu;
    if (isnan(x))
        return b;
    if (isnan(y))
        return a;
    if (x == y)
        return signbit(x) ? a : b; /* -0 < +0 */
    return x < y ? a : b;
}

static void test_float_arith(void **state)
{
    (void)state;
    /* A and B as f32 bits: 0, denormals (1, 2, 3...), NaNs (0xffffffff, 0x7fffffff), -0, huge */
    check_body("add/mul.f32", "mov.b32 %f1, %r1;\nmov.b32 %f2, %r4;\nadd.f32 %f3, %f1, %f2;\nmov.b32 %r2, %f3;\n"
                              "mul.rn.f32 %f4, %f1, %f2;\nmov.b32 %r3, %f4;",
               f_fadd, f_fmul);
    check_body("fma.rn/div.rn.f32", "mov.b32 %f1, %r1;\nmov.b32 %f2, %r4;\nfma.rn.f32 %f3, %f1, %f2, %f1;\nmov.b32 %r2, %f3;\n"
                                    "div.rn.f32 %f4, %f1, %f2;\nmov.b32 %r3, %f4;",
               f_ffma, f_fdiv);
    check_body("sqrt.rn/rcp.rn.f32", "mov.b32 %f1, %r1;\nsqrt.rn.f32 %f3, %f1;\nmov.b32 %r2, %f3;\nrcp.rn.f32 %f4, %f1;\nmov.b32 %r3, %f4;",
               f_fsqrt, f_frcp);
    check_body("sub.rz/add.rm.f32", "mov.b32 %f1, %r1;\nmov.b32 %f2, %r4;\nsub.rz.f32 %f3, %f1, %f2;\nmov.b32 %r2, %f3;\n"
                                    "add.rm.f32 %f4, %f1, %f2;\nmov.b32 %r3, %f4;",
               f_fsub_rz, f_fadd_rm);
    check_body("mul.rp.f32", "mov.b32 %f1, %r1;\nmov.b32 %f2, %r4;\nmul.rp.f32 %f3, %f1, %f2;\nmov.b32 %r2, %f3;", f_fmul_rp, NULL);
    check_body("abs/neg.f32 (sign bit only, NaN kept)", "mov.b32 %f1, %r1;\nabs.f32 %f3, %f1;\nmov.b32 %r2, %f3;\nneg.f32 %f4, %f1;\nmov.b32 %r3, %f4;",
               f_fabs, f_fneg);
    check_body("min.f32", "mov.b32 %f1, %r1;\nmov.b32 %f2, %r4;\nmin.f32 %f3, %f1, %f2;\nmov.b32 %r2, %f3;", f_fmin, NULL);

    /* known exact values: 0.1 + 0.2 = 0x3e99999a; 1/3 = 0x3eaaaaab; sqrt(2) = 0x3fb504f3;
     * inf - inf, 0 * inf and sqrt(-1) give the canonical NaN 0x7fffffff */
    static const uint32_t a[8] = {0x3dcccccdu, 0x3f800000u, 0x40000000u, 0x7f800000u, 0, 0xbf800000u, 0x00000001u, 0x7f7fffffu};
    static const uint32_t b[8] = {0x3e4ccccdu, 0x40400000u, 0, 0x7f800000u, 0x7f800000u, 0, 0x3f000000u, 0x40000000u};
    uint32_t in[32] = {0}, in2[32] = {0};
    memcpy(in, a, sizeof a);
    memcpy(in2, b, sizeof b);
    wsh_run r;
    wsh_opts o = {.in = in, .in2 = in2};
    wsh_body(&r,
             "mov.b32 %f1, %r1;\nmov.b32 %f2, %r4;\n"
             "setp.eq.u32 %p1, %r0, 0;\n@%p1 add.f32 %f3, %f1, %f2;\n"
             "setp.eq.u32 %p2, %r0, 1;\n@%p2 div.rn.f32 %f3, %f1, %f2;\n"
             "setp.eq.u32 %p3, %r0, 2;\n@%p3 sqrt.rn.f32 %f3, %f1;\n"
             "setp.eq.u32 %p4, %r0, 3;\n@%p4 sub.f32 %f3, %f1, %f2;\n"
             "setp.eq.u32 %p5, %r0, 4;\n@%p5 mul.f32 %f3, %f1, %f2;\n"
             "setp.eq.u32 %p6, %r0, 5;\n@%p6 sqrt.rn.f32 %f3, %f1;\n"
             "setp.eq.u32 %p7, %r0, 6;\n@%p7 mul.f32 %f3, %f1, %f2;\n"
             "setp.eq.u32 %p8, %r0, 7;\n@%p8 mul.f32 %f3, %f1, %f2;\n"
             "mov.b32 %r2, %f3;",
             &o);
    WSH_EXPECT_OK(&r);
    static const uint32_t want[8] = {0x3e99999au, 0x3eaaaaabu, 0x3fb504f3u, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu,
                                     0 /* smallest denormal * 0.5 rounds to even: 0 */, 0x7f800000u /* overflow: inf */};
    WSH_CHECK("exact float results", r.out, want, 8);
    wsh_free(&r);
}

/* ---- mov: vector pack/unpack, special registers -------------------------------------------------- */
static uint32_t f_swap16(uint32_t a, uint32_t b) { (void)b; return a >> 16 | a << 16; }
static uint32_t f_b(uint32_t a, uint32_t b) { (void)a; return b; }
static uint32_t f_a(uint32_t a, uint32_t b) { (void)b; return a; }

static void test_mov_pack_unpack(void **state)
{
    (void)state;
    /* {lo, hi}: the first element is the low half */
    check_body("mov.b64 pack {a,b}, shr 32 gives b; unpack gives a",
               "mov.b64 %rd20, {%r1, %r4};\nshr.u64 %rd21, %rd20, 32;\ncvt.u32.u64 %r2, %rd21;\nmov.b64 {%r3, _}, %rd20;", f_b, f_a);
    check_body("mov.b32 {lo16, hi16} swap", "mov.b32 {%rs1, %rs2}, %r1;\nmov.b32 %r2, {%rs2, %rs1};", f_swap16, NULL);
}

static void test_special_registers_lanemask(void **state)
{
    (void)state;
    wsh_run r;
    wsh_body(&r, "mov.u32 %r2, %lanemask_lt;\nmov.u32 %r3, %lanemask_ge;", NULL);
    WSH_EXPECT_OK(&r);
    uint32_t lt[32], ge[32], le[32], gt[32], eq[32], lane[32];
    for (unsigned l = 0; l < 32; l++) {
        eq[l] = 1u << l;
        lt[l] = eq[l] - 1;
        le[l] = lt[l] | eq[l];
        gt[l] = ~le[l];
        ge[l] = ~lt[l];
        lane[l] = l;
    }
    WSH_CHECK("%lanemask_lt", r.out, lt, 32);
    WSH_CHECK("%lanemask_ge", r.out2, ge, 32);
    wsh_free(&r);
    wsh_body(&r, "mov.u32 %r2, %lanemask_le;\nmov.u32 %r3, %lanemask_gt;", NULL);
    WSH_EXPECT_OK(&r);
    WSH_CHECK("%lanemask_le", r.out, le, 32);
    WSH_CHECK("%lanemask_gt", r.out2, gt, 32);
    wsh_free(&r);
    wsh_body(&r, "mov.u32 %r2, %lanemask_eq;\nmov.u32 %r3, %laneid;", NULL);
    WSH_EXPECT_OK(&r);
    WSH_CHECK("%lanemask_eq", r.out, eq, 32);
    WSH_CHECK("%laneid", r.out2, lane, 32);
    wsh_free(&r);
}

/* %tid/%ntid/%ctaid/%nctaid/%laneid/%warpid for 2-D and 3-D blocks and grids */
static const char sreg_kernel[] =
    ".version 9.0\n.target sm_90\n.address_size 64\n"
    ".visible .entry sregs(.param .u64 p0, .param .u64 p1, .param .u64 p2, .param .u64 p3)\n{\n"
    "\t.reg .b32 %r<40>;\n\t.reg .b64 %rd<16>;\n"
    "\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, %tid.y;\n\tmov.u32 %r3, %tid.z;\n"
    "\tmov.u32 %r4, %ntid.x;\n\tmov.u32 %r5, %ntid.y;\n\tmov.u32 %r6, %ntid.z;\n"
    "\tmov.u32 %r7, %ctaid.x;\n\tmov.u32 %r8, %ctaid.y;\n\tmov.u32 %r9, %ctaid.z;\n"
    "\tmov.u32 %r10, %nctaid.x;\n\tmov.u32 %r11, %nctaid.y;\n\tmov.u32 %r12, %nctaid.z;\n"
    /* linear thread index in the block, then in the grid */
    "\tmad.lo.u32 %r13, %r3, %r5, %r2;\n\tmad.lo.u32 %r13, %r13, %r4, %r1;\n"
    "\tmad.lo.u32 %r14, %r9, %r11, %r8;\n\tmad.lo.u32 %r14, %r14, %r10, %r7;\n"
    "\tmul.lo.u32 %r15, %r4, %r5;\n\tmul.lo.u32 %r15, %r15, %r6;\n"
    "\tmad.lo.u32 %r16, %r14, %r15, %r13;\n"
    "\tmul.wide.u32 %rd1, %r16, 4;\n"
    /* out0 = tid packed, out1 = ctaid packed, out2 = ntid/nctaid packed, out3 = laneid | warpid << 8 */
    "\tshl.b32 %r20, %r2, 8;\n\tor.b32 %r20, %r20, %r1;\n\tshl.b32 %r21, %r3, 16;\n\tor.b32 %r20, %r20, %r21;\n"
    "\tshl.b32 %r22, %r8, 8;\n\tor.b32 %r22, %r22, %r7;\n\tshl.b32 %r21, %r9, 16;\n\tor.b32 %r22, %r22, %r21;\n"
    "\tshl.b32 %r23, %r5, 4;\n\tor.b32 %r23, %r23, %r4;\n\tshl.b32 %r21, %r6, 8;\n\tor.b32 %r23, %r23, %r21;\n"
    "\tshl.b32 %r21, %r10, 12;\n\tor.b32 %r23, %r23, %r21;\n\tshl.b32 %r21, %r11, 16;\n\tor.b32 %r23, %r23, %r21;\n"
    "\tshl.b32 %r21, %r12, 20;\n\tor.b32 %r23, %r23, %r21;\n"
    "\tmov.u32 %r24, %laneid;\n\tmov.u32 %r25, %warpid;\n\tshl.b32 %r25, %r25, 8;\n\tor.b32 %r24, %r24, %r25;\n"
    "\tld.param.u64 %rd2, [p0];\n\tadd.s64 %rd3, %rd2, %rd1;\n\tst.global.u32 [%rd3], %r20;\n"
    "\tld.param.u64 %rd2, [p1];\n\tadd.s64 %rd3, %rd2, %rd1;\n\tst.global.u32 [%rd3], %r22;\n"
    "\tld.param.u64 %rd2, [p2];\n\tadd.s64 %rd3, %rd2, %rd1;\n\tst.global.u32 [%rd3], %r23;\n"
    "\tld.param.u64 %rd2, [p3];\n\tadd.s64 %rd3, %rd2, %rd1;\n\tst.global.u32 [%rd3], %r24;\n"
    "\tret;\n}\n";

static void check_sregs(unsigned bx, unsigned by, unsigned bz, unsigned gx, unsigned gy, unsigned gz)
{
    size_t nt = (size_t)bx * by * bz, n = nt * gx * gy * gz;
    size_t sizes[4] = {n * 4, n * 4, n * 4, n * 4};
    wsh_run r;
    wsh_opts o = {.grid = {gx, gy, gz}, .block = {bx, by, bz}};
    wsh_kernel(&r, sreg_kernel, "sregs", &o, 4, sizes, NULL);
    WSH_EXPECT_OK(&r);
    uint32_t *got[4], *want[4];
    for (int i = 0; i < 4; i++) {
        got[i] = (uint32_t *)(void *)r.buf[i];
        want[i] = malloc(n * 4);
        assert_non_null(want[i]);
    }
    for (unsigned cz = 0; cz < gz; cz++)
        for (unsigned cy = 0; cy < gy; cy++)
            for (unsigned cx = 0; cx < gx; cx++)
                for (unsigned tz = 0; tz < bz; tz++)
                    for (unsigned ty = 0; ty < by; ty++)
                        for (unsigned tx = 0; tx < bx; tx++) {
                            size_t t = ((size_t)tz * by + ty) * bx + tx;
                            size_t i = (((size_t)cz * gy + cy) * gx + cx) * nt + t;
                            want[0][i] = tx | ty << 8 | tz << 16;
                            want[1][i] = cx | cy << 8 | cz << 16;
                            want[2][i] = bx | by << 4 | bz << 8 | gx << 12 | gy << 16 | gz << 20;
                            want[3][i] = (uint32_t)(t % 32) | (uint32_t)(t / 32) << 8;
                        }
    char what[96];
    static const char *const names[4] = {"%tid", "%ctaid", "%ntid/%nctaid", "%laneid/%warpid"};
    for (int i = 0; i < 4; i++) {
        snprintf(what, sizeof what, "%s, block %ux%ux%u grid %ux%ux%u (index = global thread)", names[i], bx, by, bz, gx, gy, gz);
        WSH_CHECK(what, got[i], want[i], n);
        free(want[i]);
    }
    wsh_free(&r);
}

static void test_special_registers_2d_3d(void **state)
{
    (void)state;
    check_sregs(8, 4, 1, 1, 1, 1);
    check_sregs(4, 3, 5, 1, 1, 1);   /* 60 threads: two warps, the second partial */
    check_sregs(8, 8, 1, 3, 2, 1);   /* 2-D grid of 2-D blocks */
    check_sregs(2, 3, 2, 2, 2, 3);   /* 3-D grid of 3-D blocks */
}

/* ---- memory: ld/st in every space, vectors, sub-word, generic addressing ------------------------ */
static uint32_t f_byte1_s(uint32_t a, uint32_t b) { (void)b; return (uint32_t)(int32_t)(int8_t)(a >> 8); }
static uint32_t f_half1_u(uint32_t a, uint32_t b) { (void)b; return a >> 16; }
static uint32_t f_byte3_u(uint32_t a, uint32_t b) { (void)b; return a >> 24; }
static uint32_t f_half0_s(uint32_t a, uint32_t b) { (void)b; return (uint32_t)(int32_t)(int16_t)a; }

static void test_ld_st_subword(void **state)
{
    (void)state;
    /* store the word to shared, load bytes and halves back: sign or zero extension by type */
    check_body("ld.shared.s8 byte 1 / ld.shared.u16 half 1",
               "mov.u32 %r5, sh;\nshl.b32 %r6, %r0, 2;\nadd.u32 %r7, %r5, %r6;\nst.shared.u32 [%r7], %r1;\n"
               "ld.shared.s8 %r2, [%r7+1];\nld.shared.u16 %r3, [%r7+2];",
               f_byte1_s, f_half1_u);
    check_body("ld.global.u8 byte 3 / ld.global.s16 half 0",
               "ld.global.u8 %r2, [%rd4+3];\nld.global.s16 %r3, [%rd4];", f_byte3_u, f_half0_s);
    /* sub-word stores: st.u8 / st.u16 write only their bytes */
    uint32_t w2[32], w3[32];
    wsh_run r;
    wsh_opts o = {.in = A, .in2 = B};
    wsh_body(&r,
             "st.local.u32 [loc], %r4;\nst.local.u8 [loc+1], %r1;\nld.local.u32 %r2, [loc];\n"
             "st.local.u32 [loc+4], %r4;\nst.local.u16 [loc+6], %r1;\nld.local.u32 %r3, [loc+4];",
             &o);
    WSH_EXPECT_OK(&r);
    for (int l = 0; l < 32; l++) {
        w2[l] = (B[l] & 0xffff00ffu) | (A[l] & 0xff) << 8;
        w3[l] = (B[l] & 0xffffu) | A[l] << 16;
    }
    WSH_CHECK("st.local.u8 into byte 1", r.out, w2, 32);
    WSH_CHECK("st.local.u16 into half 1", r.out2, w3, 32);
    wsh_free(&r);
}

static void test_ld_st_vectors(void **state)
{
    (void)state;
    /* shared .v4: each lane stores {A, B, lane, A^B} at sh + 16*lane, then reads its
     * neighbour's (lane ^ 1) after bar.warp.sync */
    wsh_run r;
    wsh_opts o = {.in = A, .in2 = B};
    wsh_body(&r,
             "mov.u32 %r5, sh;\nshl.b32 %r6, %r0, 4;\nadd.u32 %r7, %r5, %r6;\nxor.b32 %r8, %r1, %r4;\n"
             "st.shared.v4.u32 [%r7], {%r1, %r4, %r0, %r8};\nbar.warp.sync -1;\n"
             "xor.b32 %r9, %r0, 1;\nshl.b32 %r9, %r9, 4;\nadd.u32 %r9, %r5, %r9;\n"
             "ld.shared.v4.u32 {%r10, %r11, %r12, %r13}, [%r9];\n"
             "mov.u32 %r2, %r11;\nadd.u32 %r3, %r12, %r13;",
             &o);
    WSH_EXPECT_OK(&r);
    uint32_t w2[32], w3[32];
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = B[l ^ 1];
        w3[l] = (l ^ 1) + (A[l ^ 1] ^ B[l ^ 1]);
    }
    WSH_CHECK("ld.shared.v4 element 1 of the neighbour", r.out, w2, 32);
    WSH_CHECK("ld.shared.v4 elements 2+3 of the neighbour", r.out2, w3, 32);
    wsh_free(&r);

    /* global .v2 and .v4 into the in2 buffer (global scratch): lanes 0-7 store v4 rows, all
     * lanes read back word lane; .v2 loads pairs of in */
    wsh_body(&r,
             "setp.lt.u32 %p1, %r0, 8;\nmul.wide.u32 %rd20, %r0, 16;\nadd.s64 %rd21, %rd7, %rd20;\n"
             "add.u32 %r10, %r0, 100;\nadd.u32 %r11, %r0, 200;\nadd.u32 %r12, %r0, 300;\n"
             "@%p1 st.global.v4.u32 [%rd21], {%r0, %r10, %r11, %r12};\nbar.warp.sync -1;\n"
             "ld.global.u32 %r2, [%rd8];\n"
             "and.b32 %r13, %r0, 0xfffffffe;\nmul.wide.u32 %rd22, %r13, 4;\nadd.s64 %rd23, %rd0, %rd22;\n"
             "ld.global.v2.u32 {%r14, %r15}, [%rd23];\nsub.u32 %r3, %r15, %r14;",
             &o);
    WSH_EXPECT_OK(&r);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = l / 4 + 100 * (l % 4);
        w3[l] = A[(l & ~1u) + 1] - A[l & ~1u];
    }
    WSH_CHECK("st.global.v4 rows read back by word", r.out, w2, 32);
    WSH_CHECK("ld.global.v2 pairs", r.out2, w3, 32);
    wsh_free(&r);

    /* local .v2 is per lane: each lane reads back its own pair */
    check_body("st/ld.local.v2 per lane", "st.local.v2.u32 [loc+8], {%r4, %r1};\nld.local.v2.u32 {%r2, %r3}, [loc+8];", f_b, f_a);
}

static void test_generic_addressing(void **state)
{
    (void)state;
    /* cvta.shared: a generic store lands in shared memory; cvta.to.shared gives the offset back */
    check_body("cvta.shared + st.u32 generic, ld.shared reads it",
               "mov.u64 %rd20, sh;\nmul.wide.u32 %rd21, %r0, 4;\nadd.s64 %rd20, %rd20, %rd21;\n"
               "cvta.shared.u64 %rd22, %rd20;\nst.u32 [%rd22], %r1;\n"
               "cvta.to.shared.u64 %rd23, %rd22;\nld.shared.u32 %r2, [%rd23];\nld.u32 %r3, [%rd22];",
               f_a, f_a);
    /* cvta.local: generic access to the lane's own local memory */
    check_body("cvta.local + st.u32 generic, ld.local reads it",
               "mov.u64 %rd20, loc;\ncvta.local.u64 %rd22, %rd20;\nst.u32 [%rd22+12], %r4;\nld.local.u32 %r2, [loc+12];\n"
               "st.local.u32 [loc+16], %r1;\nld.u32 %r3, [%rd22+16];",
               f_b, f_a);
    /* a 32-bit shared address below the variable's start with a positive immediate offset
     * (nvcc folds sm[lane - 16]-style indexing into the immediate): the sum wraps at 2^32 and
     * reads the right word, as on the H200 (issue: it was reported out of bounds) */
    check_body("ld.shared [%r + 128] with %r 128 bytes below the array",
               "mov.u32 %r5, sh;\nshl.b32 %r6, %r0, 2;\nadd.u32 %r7, %r5, %r6;\nst.shared.u32 [%r7], %r1;\n"
               "bar.warp.sync -1;\nsub.u32 %r8, %r7, 128;\nld.shared.u32 %r2, [%r8+128];\n"
               "add.u32 %r9, %r7, 64;\nld.shared.u32 %r3, [%r9+-64];",
               f_a, f_a);
    /* a generic address of global memory is the global address */
    check_body("generic ld of a global address", "cvta.global.u64 %rd20, %rd4;\nld.u32 %r2, [%rd20];", f_a, NULL);
}

/* ---- atomics ---------------------------------------------------------------------------------------- */
static void test_atomics_shared(void **state)
{
    (void)state;
    wsh_run r;
    uint32_t w2[32], w3[32];
    /* add: lanes apply in lane order, so lane l gets the sum of 0..l-1; the final value is 496 */
    wsh_body(&r, "atom.shared.add.u32 %r2, [sh], %r0;\nbar.warp.sync -1;\nld.shared.u32 %r3, [sh];", NULL);
    WSH_EXPECT_OK(&r);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = l * (l - 1) / 2;
        w3[l] = 496;
    }
    WSH_CHECK("atom.shared.add old values (lane order)", r.out, w2, 32);
    WSH_CHECK("atom.shared.add final", r.out2, w3, 32);
    wsh_free(&r);
    /* exch: lane l reads l - 1's value; cas expecting lane's own index succeeds for every lane
     * only in lane order */
    wsh_body(&r, "atom.shared.exch.b32 %r2, [sh+4], %r0;\nadd.u32 %r5, %r0, 1;\natom.shared.cas.b32 %r3, [sh+8], %r0, %r5;", NULL);
    WSH_EXPECT_OK(&r);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = l ? l - 1 : 0;
        w3[l] = l;
    }
    WSH_CHECK("atom.shared.exch", r.out, w2, 32);
    WSH_CHECK("atom.shared.cas chain", r.out2, w3, 32);
    wsh_free(&r);
    /* inc wraps at b: old = (old >= 5) ? 0 : old + 1; dec: (old == 0 || old > 3) ? 3 : old - 1 */
    wsh_body(&r, "atom.shared.inc.u32 %r2, [sh+12], 5;\natom.shared.dec.u32 %r3, [sh+16], 3;", NULL);
    WSH_EXPECT_OK(&r);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = l % 6;
        w3[l] = (uint32_t[]){0, 3, 2, 1}[l % 4];
    }
    WSH_CHECK("atom.shared.inc", r.out, w2, 32);
    WSH_CHECK("atom.shared.dec", r.out2, w3, 32);
    wsh_free(&r);
    /* min.s32 and max.u32: running extremes over A in lane order, starting from 0 */
    wsh_opts o = {.in = A};
    wsh_body(&r, "atom.shared.min.s32 %r2, [sh+20], %r1;\natom.shared.max.u32 %r3, [sh+24], %r1;", &o);
    WSH_EXPECT_OK(&r);
    int32_t mn = 0;
    uint32_t mx = 0;
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = (uint32_t)mn;
        w3[l] = mx;
        mn = S(A[l]) < mn ? S(A[l]) : mn;
        mx = A[l] > mx ? A[l] : mx;
    }
    WSH_CHECK("atom.shared.min.s32", r.out, w2, 32);
    WSH_CHECK("atom.shared.max.u32", r.out2, w3, 32);
    wsh_free(&r);
    /* and/or/xor and red.shared.add */
    wsh_body(&r,
             "shl.b32 %r5, 1, %r0;\natom.shared.or.b32 %r2, [sh+28], %r5;\nred.shared.add.u32 [sh+32], %r0;\n"
             "bar.warp.sync -1;\nld.shared.u32 %r3, [sh+32];",
             NULL);
    WSH_EXPECT_OK(&r);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = (1u << l) - 1;
        w3[l] = 496;
    }
    WSH_CHECK("atom.shared.or.b32", r.out, w2, 32);
    WSH_CHECK("red.shared.add.u32", r.out2, w3, 32);
    wsh_free(&r);
}

static void test_atomics_global(void **state)
{
    (void)state;
    /* in2 is a global buffer: atom.global.add on in2[0] and red.global.add on in2[1], xor on in2[2] */
    wsh_run r;
    wsh_body(&r,
             "atom.global.add.u32 %r2, [%rd7], 2;\nred.global.add.u32 [%rd7+4], %r0;\n"
             "shl.b32 %r5, 1, %r0;\natom.global.xor.b32 %r3, [%rd7+8], %r5;",
             NULL);
    WSH_EXPECT_OK(&r);
    uint32_t w2[32], w3[32];
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = 2 * l;
        w3[l] = (1u << l) - 1;
    }
    WSH_CHECK("atom.global.add", r.out, w2, 32);
    WSH_CHECK("atom.global.xor", r.out2, w3, 32);
    assert_int_equal(r.in2[0], 64);
    assert_int_equal(r.in2[1], 496);
    assert_int_equal(r.in2[2], 0xffffffffu);
    wsh_free(&r);
    /* atom.global.cas.b64 / exch.b64 on in2[4..5] and add.u64 carrying into the high word */
    wsh_body(&r,
             "mov.u64 %rd20, 0xfffffff0;\natom.global.add.u64 %rd21, [%rd7+16], %rd20;\n"
             "mov.b64 {%r2, %r3}, %rd21;",
             NULL);
    WSH_EXPECT_OK(&r);
    for (unsigned l = 0; l < 32; l++) {
        uint64_t old = 0xfffffff0ull * l;
        w2[l] = (uint32_t)old;
        w3[l] = (uint32_t)(old >> 32);
    }
    WSH_CHECK("atom.global.add.u64 low", r.out, w2, 32);
    WSH_CHECK("atom.global.add.u64 high", r.out2, w3, 32);
    wsh_free(&r);
}

/* ---- printf ---------------------------------------------------------------------------------------- */
/* A printf kernel whose arguments are exactly those of the format, compared with C's printf. */
static void test_printf_matches_c(void **state)
{
    (void)state;
    /* "d=%d u=%u x=%x f=%f s=%s c=%c ld=%ld lld=%lld w=[%5d] l=[%-5d] p=[%8.3f] X=%08X%%\n"
     * with arguments at offsets 0 4 8 16 24 32 40 48 56 60 64 72: 80 bytes */
    static const char fmt[] = "d=%d u=%u x=%x f=%f s=%s c=%c ld=%ld lld=%lld w=[%5d] l=[%-5d] p=[%8.3f] X=%08X%%\n";
    char bytes[1024] = "";
    size_t bl = 0;
    for (size_t i = 0; i <= strlen(fmt); i++)
        bl += (size_t)snprintf(bytes + bl, sizeof bytes - bl, "%s%d", i ? ", " : "", (unsigned char)fmt[i]);
    char *ptx = malloc(16384);
    assert_non_null(ptx);
    snprintf(ptx, 16384,
             ".version 9.0\n.target sm_90\n.address_size 64\n"
             ".extern .func (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n\t.param .b64 vprintf_param_1\n)\n;\n"
             ".global .align 1 .b8 $str[%zu] = {%s};\n"
             ".global .align 1 .b8 $str1[6] = {104, 101, 108, 108, 111, 0};\n"
             ".visible .entry pf(.param .u64 pf_out)\n{\n"
             "\t.local .align 8 .b8 __local_depot0[80];\n"
             "\t.reg .b64 %%SP;\n\t.reg .b64 %%SPL;\n\t.reg .b32 %%r<20>;\n\t.reg .b64 %%rd<20>;\n\t.reg .f64 %%fd<4>;\n"
             "\tmov.u64 %%SPL, __local_depot0;\n\tcvta.local.u64 %%SP, %%SPL;\n"
             "\tmov.u32 %%r1, %%tid.x;\n"
             "\tadd.u64 %%rd1, %%SP, 0;\n\tadd.u64 %%rd2, %%SPL, 0;\n"
             "\tsub.s32 %%r2, -7, %%r1;\n\tst.local.u32 [%%rd2], %%r2;\n"
             "\tmov.u32 %%r3, -294967296;\n\tst.local.u32 [%%rd2+4], %%r3;\n"
             "\tadd.u32 %%r4, %%r1, 0xbeef;\n\tst.local.u32 [%%rd2+8], %%r4;\n"
             "\tcvt.rn.f64.u32 %%fd1, %%r1;\n\tadd.f64 %%fd1, %%fd1, 0d400921F9F01B866E;\n\tst.local.f64 [%%rd2+16], %%fd1;\n"
             "\tmov.u64 %%rd3, $str1;\n\tcvta.global.u64 %%rd4, %%rd3;\n\tst.local.u64 [%%rd2+24], %%rd4;\n"
             "\tadd.u32 %%r5, %%r1, 65;\n\tst.local.u32 [%%rd2+32], %%r5;\n"
             "\tmov.u64 %%rd5, -1234567890123;\n\tst.local.u64 [%%rd2+40], %%rd5;\n"
             "\tmov.u64 %%rd6, 0x123456789abcdef;\n\tst.local.u64 [%%rd2+48], %%rd6;\n"
             "\tmov.u32 %%r6, 42;\n\tst.local.u32 [%%rd2+56], %%r6;\n"
             "\tmov.u32 %%r7, -3;\n\tst.local.u32 [%%rd2+60], %%r7;\n"
             "\tmov.f64 %%fd2, 0dC004000000000000;\n\tst.local.f64 [%%rd2+64], %%fd2;\n"
             "\tmul.lo.u32 %%r9, %%r1, 0x10001;\n\tst.local.u32 [%%rd2+72], %%r9;\n"
             "\t{\n\t.reg .b32 temp_param_reg;\n"
             "\t.param .b64 param0;\n\tmov.u64 %%rd7, $str;\n\tcvta.global.u64 %%rd8, %%rd7;\n\tst.param.b64 [param0], %%rd8;\n"
             "\t.param .b64 param1;\n\tst.param.b64 [param1], %%rd1;\n"
             "\t.param .b32 retval0;\n\tcall.uni (retval0), vprintf, (param0, param1);\n\tld.param.b32 %%r8, [retval0];\n\t}\n"
             "\tret;\n}\n",
             strlen(fmt) + 1, bytes);
    size_t sizes[1] = {64};
    wsh_run r;
    wsh_opts o = {.block = {3, 1, 1}};
    wsh_kernel(&r, ptx, "pf", &o, 1, sizes, NULL);
    WSH_EXPECT_OK(&r);
    /* what C's printf gives for the same values, lane after lane */
    char want[2048] = "";
    size_t wl = 0;
    for (int t = 0; t < 3; t++)
        wl += (size_t)snprintf(want + wl, sizeof want - wl, fmt, -7 - t, 4000000000u, 0xbeefu + (unsigned)t,
                               3.14159 + t, "hello", 'A' + t, -1234567890123L, 0x123456789abcdefLL, 42, -3, -2.5,
                               (unsigned)t * 0x10001u);
    if (strcmp(r.output, want) != 0)
        fail_msg("printf output differs:\n--- warpsim\n%s--- C printf\n%s", r.output, want);
    assert_int_equal(r.output_len, strlen(want));
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);
    free(ptx);
}

/* ---- limits: printf, work, cycles, memory, diagnostics ---------------------------------------------- */
/* A kernel that calls printf(fmt, ...) once (or in an endless loop), its arguments stored into the
 * 32-byte argument buffer at %rd2 by `store` (PTX; %r1 is %tid.x). */
static char *printf_kernel(const char *fmt, const char *store, bool loop)
{
    size_t n = strlen(fmt) + 1, cap = 8 * n + 4096, len = 0;
    char *ptx = malloc(cap);
    assert_non_null(ptx);
    len += (size_t)snprintf(ptx + len, cap - len,
                            ".version 9.0\n.target sm_90\n.address_size 64\n"
                            ".extern .func (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n"
                            "\t.param .b64 vprintf_param_1\n)\n;\n.global .align 1 .b8 $str[%zu] = {",
                            n);
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(ptx + len, cap - len, "%s%d", i ? ", " : "", (unsigned char)fmt[i]);
    snprintf(ptx + len, cap - len,
             "};\n.visible .entry pf()\n{\n\t.local .align 8 .b8 __local_depot0[32];\n"
             "\t.reg .b64 %%SP;\n\t.reg .b64 %%SPL;\n\t.reg .b32 %%r<10>;\n\t.reg .b64 %%rd<10>;\n"
             "\tmov.u64 %%SPL, __local_depot0;\n\tcvta.local.u64 %%SP, %%SPL;\n\tmov.u32 %%r1, %%tid.x;\n"
             "\tadd.u64 %%rd1, %%SP, 0;\n\tadd.u64 %%rd2, %%SPL, 0;\n%s\n%s"
             "\t{\n\t.param .b64 param0;\n\tmov.u64 %%rd7, $str;\n\tcvta.global.u64 %%rd8, %%rd7;\n"
             "\tst.param.b64 [param0], %%rd8;\n\t.param .b64 param1;\n\tst.param.b64 [param1], %%rd1;\n"
             "\t.param .b32 retval0;\n\tcall.uni (retval0), vprintf, (param0, param1);\n"
             "\tld.param.b32 %%r8, [retval0];\n\t}\n%s\tret;\n}\n",
             store, loop ? "$Ltop:\n" : "", loop ? "\tbra.uni $Ltop;\n" : "");
    return ptx;
}

/* Conversions longer than any fixed buffer are written whole, as C writes them. */
static void test_printf_long_conversions(void **state)
{
    (void)state;
    char *ptx = printf_kernel("[%600d|%-700u|%.650f|%*d]\n",
                              "\tst.local.u32 [%rd2], %r1;\n\tst.local.u32 [%rd2+4], %r1;\n"
                              "\tmov.b64 %rd3, 0d3FF8000000000000;\n\tst.local.u64 [%rd2+8], %rd3;\n"
                              "\tmov.u32 %r2, -900;\n\tst.local.u32 [%rd2+16], %r2;\n\tst.local.u32 [%rd2+20], %r1;",
                              false);
    wsh_run r;
    wsh_opts o = {.block = {2, 1, 1}};
    wsh_kernel(&r, ptx, "pf", &o, 0, NULL, NULL);
    WSH_EXPECT_OK(&r);
    char *want = malloc(8192);
    assert_non_null(want);
    size_t wl = 0;
    for (int t = 0; t < 2; t++)
        wl += (size_t)snprintf(want + wl, 8192 - wl, "[%600d|%-700u|%.650f|%*d]\n", t, (unsigned)t, 1.5, -900, t);
    assert_int_equal(r.output_len, wl);
    assert_string_equal(r.output, want);
    free(want);
    wsh_free(&r);
    free(ptx);
}

/* A width or precision of 2^31 - 1 makes output no host could hold: the output limit stops the
 * run at once (the host formats nothing of it), whatever the lanes' count. */
static void test_printf_huge_width_is_a_limit(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"%2147483647d\n", "\tst.local.u32 [%rd2], %r1;"},
        {"%.*f\n", "\tmov.u32 %r2, 2147483647;\n\tst.local.u32 [%rd2], %r2;\n\tmov.u64 %rd3, 0;\n\tst.local.u64 [%rd2+8], %rd3;"},
        {"%*s\n", "\tmov.u32 %r2, -2147483647;\n\tst.local.u32 [%rd2], %r2;\n\tst.local.u64 [%rd2+8], %rd8;"},
        {"%#.2000000000g\n", "\tmov.b64 %rd3, 0d3FF8000000000000;\n\tst.local.u64 [%rd2], %rd3;"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *ptx = printf_kernel(cases[i][0], cases[i][1], false);
        wsh_run r;
        wsh_opts o = {.block = {32, 1, 1}, .max_output = 1 << 20};
        wsh_kernel(&r, ptx, "pf", &o, 0, NULL, NULL);
        WSH_EXPECT_STATUS(&r, WS_ERR_LIMIT);
        if (!strstr(r.res.message, "printf output limit reached: 1048576 bytes, in block 0; raise it with --max-output"))
            fail_msg("%s: %s", cases[i][0], r.res.message);
        assert_true(r.output_len <= (1 << 20));
        wsh_free(&r);
        free(ptx);
    }
    /* %g drops trailing zeros: a huge precision without '#' writes what 1100 digits write */
    char *ptx = printf_kernel("%.2000000000g|%.*g\n",
                              "\tmov.b64 %rd3, 0d3FB999999999999A;\n\tst.local.u64 [%rd2], %rd3;\n"
                              "\tmov.u32 %r2, 2147483647;\n\tst.local.u32 [%rd2+8], %r2;\n\tst.local.u64 [%rd2+16], %rd3;",
                              false);
    wsh_run r;
    wsh_opts o = {.block = {1, 1, 1}};
    wsh_kernel(&r, ptx, "pf", &o, 0, NULL, NULL);
    WSH_EXPECT_OK(&r);
    char want[4096];
    snprintf(want, sizeof want, "%.1100g|%.1100g\n", 0.1, 0.1);
    assert_string_equal(r.output, want);
    wsh_free(&r);
    free(ptx);
}

/* Endless printf: the output stops exactly at the limit, with the status and the message naming it. */
static void test_printf_output_limit_exact(void **state)
{
    (void)state;
    char *ptx = printf_kernel("lane %d says hello\n", "\tst.local.u32 [%rd2], %r1;", true);
    wsh_run r;
    wsh_opts o = {.block = {64, 1, 1}, .max_output = 10000};
    wsh_kernel(&r, ptx, "pf", &o, 0, NULL, NULL);
    WSH_EXPECT_STATUS(&r, WS_ERR_LIMIT);
    assert_non_null(strstr(r.res.message, "printf output limit reached: 10000 bytes"));
    assert_int_equal(r.output_len, 10000);
    assert_int_equal(strncmp(r.output, "lane 0 says hello\nlane 1 says hello\n", 36), 0);
    wsh_free(&r);
    free(ptx);
}

/* printf's formatting counts towards the instruction limit: a loop of printf with a long format
 * stops after fewer warp instructions than a plain loop would run. */
static void test_printf_counts_as_work(void **state)
{
    (void)state;
    char fmt[4001];
    memset(fmt, 'x', 4000);
    fmt[4000] = 0;
    char *ptx = printf_kernel(fmt, "", true);
    wsh_run r;
    wsh_opts o = {.block = {32, 1, 1}, .max_warp_instructions = 100000, .max_output = 64 << 20};
    wsh_kernel(&r, ptx, "pf", &o, 0, NULL, NULL);
    WSH_EXPECT_STATUS(&r, WS_ERR_LIMIT);
    if (!strstr(r.res.message, "instruction limit reached: 100000 warp instructions"))
        fail_msg("%s", r.res.message);
    assert_non_null(strstr(r.res.message, "--max-instructions"));
    /* a warp's call reads and writes 32 x 8000 bytes: 4000 units */
    assert_true(r.res.stats.warp_instructions < 1000);
    wsh_free(&r);
    free(ptx);
}

#define LOOP_KERNEL ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry spin()\n{\n\t.reg .b32 %r<4>;\n" \
                    "\tmov.u32 %r1, %tid.x;\n$L:\n\tadd.u32 %r1, %r1, 1;\n\tbra.uni $L;\n}\n"

/* --max-cycles applies in the functional mode too (a cycle per warp instruction of the block). */
static void test_cycle_limit_functional(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = {.block = {64, 1, 1}, .max_cycles = 5000};
    wsh_kernel(&r, LOOP_KERNEL, "spin", &o, 0, NULL, NULL);
    WSH_EXPECT_STATUS(&r, WS_ERR_LIMIT);
    assert_string_equal(r.res.message, "cycle limit reached: 5000 cycles, in block 0; raise it with --max-cycles");
    assert_int_equal(r.res.stats.warp_instructions, 5000);
    wsh_free(&r);
}

/* The instruction limit stops the same way with one and with four host threads: the status and
 * the message (the first block, in block order, that reaches it). */
static void test_limit_same_with_jobs(void **state)
{
    (void)state;
    char msg[4][512];
    for (unsigned j = 1; j <= 4; j++) {
        wsh_run r;
        wsh_opts o = {.grid = {16, 1, 1}, .block = {64, 1, 1}, .max_warp_instructions = 12345, .jobs = j};
        wsh_kernel(&r, LOOP_KERNEL, "spin", &o, 0, NULL, NULL);
        WSH_EXPECT_STATUS(&r, WS_ERR_LIMIT);
        snprintf(msg[j - 1], sizeof msg[0], "%s", r.res.message);
        assert_string_equal(msg[j - 1], msg[0]);
        wsh_free(&r);
    }
    /* no printf: its formatting is not named */
    assert_non_null(strstr(msg[0], "instruction limit reached: 12345 warp instructions, in block 0; raise it"));
}

/* Where a limit stopped the launch (ws_result.stop_*): the block, the warp that ran the instruction
 * that reached the limit, and the instruction it would run next. LOOP_KERNEL's instructions: 0 mov,
 * 1 add (PTX line 9), 2 bra (line 10). One warp runs until the limit in the functional mode: mov and
 * 6172 (add, bra) pairs are 12345 warp instructions, so warp 0 of block 0 stops before the add;
 * with the cycle limit (a cycle a warp instruction) 5000 = mov + 2499 pairs + add, before the bra.
 * With four host threads the place is the same where the result knows it (the stopping block
 * given the whole limit, as block 0 is); printf's output limit names no warp. */
static void expect_loop_stop(const wsh_opts *o, uint32_t pc)
{
    wsh_run r;
    wsh_kernel(&r, LOOP_KERNEL, "spin", o, 0, NULL, NULL);
    WSH_EXPECT_STATUS(&r, WS_ERR_LIMIT);
    assert_int_equal(r.res.stop_block, 0);
    assert_int_equal(r.res.stop_warp, 0);
    assert_int_equal(r.res.stop_pc, pc);
    wsh_free(&r);
}

static void test_limit_where(void **state)
{
    (void)state;
    for (unsigned j = 1; j <= 4; j *= 4) {
        wsh_opts o = {.grid = {16, 1, 1}, .block = {64, 1, 1}, .max_warp_instructions = 12345, .jobs = j};
        expect_loop_stop(&o, 1);
        wsh_opts c = {.grid = {16, 1, 1}, .block = {64, 1, 1}, .max_cycles = 5000, .jobs = j};
        expect_loop_stop(&c, 2);
    }
    /* the timing mode: the warp that issued the most (ws_block_busiest_warp), at its next instruction */
    wsh_run r;
    wsh_opts t = {.block = {64, 1, 1}, .max_warp_instructions = 1000, .timing = true};
    wsh_kernel(&r, LOOP_KERNEL, "spin", &t, 0, NULL, NULL);
    WSH_EXPECT_STATUS(&r, WS_ERR_LIMIT);
    assert_int_equal(r.res.stop_block, 0);
    assert_true(r.res.stop_warp < 2);
    assert_true(r.res.stop_pc == 1 || r.res.stop_pc == 2);
    wsh_free(&r);
    /* a launch that ends well says nowhere */
    wsh_opts ok = {.block = {64, 1, 1}};
    wsh_kernel(&r, ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n", "k", &ok, 0,
               NULL, NULL);
    WSH_EXPECT_STATUS(&r, WS_OK);
    assert_int_equal(r.res.stop_warp, WS_NOWHERE);
    assert_int_equal(r.res.stop_pc, WS_NOWHERE);
    wsh_free(&r);
}

/* A stop deep in a large grid, inside one of the chunks of blocks a host thread takes at once
 * (sim/parallel.c): the instruction limit in block 637 (4 warp instructions a block), and a trap
 * in block 637 alone, give the same status, message and diagnostics with one, two and four threads. */
static void test_stop_mid_chunk_same_with_jobs(void **state)
{
    (void)state;
    static const char ptx[] = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry few()\n{\n"
                              "\t.reg .pred %p<2>;\n\t.reg .b32 %r<4>;\n"
                              "\tmov.u32 %r1, %ctaid.x;\n\tsetp.eq.u32 %p1, %r1, TRAPPED;\n\t@%p1 trap;\n\tret;\n}\n";
    char text[sizeof ptx + 16], msg[2][512];
    for (int trap = 0; trap < 2; trap++) {
        const char *at = strstr(ptx, "TRAPPED");
        snprintf(text, sizeof text, "%.*s%s%s", (int)(at - ptx), ptx, trap ? "637" : "9999", at + strlen("TRAPPED"));
        for (unsigned j = 1; j <= 4; j *= 2) {
            wsh_run r;
            wsh_opts o = {.grid = {1000, 1, 1}, .block = {32, 1, 1}, .jobs = j};
            if (!trap)
                o.max_warp_instructions = 4 * 637 + 2;
            wsh_kernel(&r, text, "few", &o, 0, NULL, NULL);
            WSH_EXPECT_STATUS(&r, trap ? WS_ERR_DIAG : WS_ERR_LIMIT);
            snprintf(msg[j > 1], sizeof msg[0], "%s", r.res.message);
            assert_string_equal(msg[j > 1], msg[0]);
            if (trap) {
                const ws_diag *d = wsh_diag(&r, WS_DIAG_TRAP);
                assert_non_null(d);
                assert_int_equal(d->block, 637);
                assert_int_equal(d->count, 1);
            } else
                assert_non_null(strstr(msg[0], "in block 637"));
            wsh_free(&r);
        }
    }
}

/* One machine, many launches of different grids and block sizes, some of which trap in a block:
 * with --jobs 2 and 4 (host threads kept parked between launches, their block buffers reused)
 * every launch gives what --jobs 1 gives (status, message, the trap's block, statistics, cycles in
 * the timing mode, and the output of the launches that finish), and a trap stops the launch
 * without keeping the next one from running in full. The trapping block runs long first, so that
 * the other threads finish blocks after it that the launch never counts: the next launch must not
 * take them for its own. */
#define MANY_LAUNCHES 24
typedef struct {
    ws_status status;
    char message[sizeof((ws_result *)0)->message];
    uint64_t warp_instructions, blocks, cycles, out_hash;
    uint32_t trap_block;
} launch_outcome;

static void many_launches(unsigned jobs, int timing, launch_outcome *got)
{
    static const char ptx[] = ".version 9.0\n.target sm_90\n.address_size 64\n"
                              ".visible .entry k(.param .u64 out, .param .u32 trap_at)\n{\n"
                              "\t.reg .pred %p<2>;\n\t.reg .b32 %r<12>;\n\t.reg .b64 %rd<4>;\n"
                              "\t.shared .align 4 .b8 s[1024];\n"
                              "\tld.param.u64 %rd1, [out];\n\tld.param.u32 %r9, [trap_at];\n"
                              "\tmov.u32 %r1, %ctaid.x;\n\tmov.u32 %r2, %tid.x;\n\tmov.u32 %r3, %ntid.x;\n"
                              "\tsetp.ne.u32 %p1, %r1, %r9;\n\t@%p1 bra $L_work;\n\tmov.u32 %r10, 0;\n"
                              "$L_spin:\n\tadd.u32 %r10, %r10, 1;\n\tsetp.lt.u32 %p1, %r10, 4000;\n\t@%p1 bra $L_spin;\n"
                              "\ttrap;\n$L_work:\n"
                              "\tmad.lo.u32 %r4, %r1, %r3, %r2;\n\tmul.lo.u32 %r5, %r4, %r4;\n"
                              "\tshl.b32 %r6, %r2, 2;\n\tst.shared.u32 [%r6], %r5;\n\tbar.sync 0;\n"
                              "\tsub.u32 %r7, %r3, 1;\n\tsub.u32 %r7, %r7, %r2;\n\tshl.b32 %r7, %r7, 2;\n"
                              "\tld.shared.u32 %r8, [%r7];\n\tadd.u32 %r8, %r8, %r1;\n"
                              "\tmul.wide.u32 %rd2, %r4, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tst.global.u32 [%rd3], %r8;\n"
                              "\tret;\n}\n";
    /* grid, block, the block that traps (0: none, else its id + 1); after a trap the same grid
     * with another block size, whose blocks' cycles differ from the trapped launch's */
    static const unsigned plan[MANY_LAUNCHES][3] = {
        {1, 32, 0},   {3, 96, 0},  {37, 256, 19}, {37, 32, 0},   {200, 96, 0}, {5, 256, 0},
        {64, 32, 33}, {64, 96, 0}, {3, 256, 2},   {3, 32, 0},    {37, 96, 0},  {1, 256, 1},
        {1, 32, 0},   {200, 96, 101}, {200, 32, 0}, {64, 256, 0}, {5, 32, 3},  {5, 96, 0},
        {37, 256, 0}, {2, 32, 0},  {37, 32, 2},   {37, 256, 0},  {64, 96, 0},  {200, 256, 0},
    };
    ws_parse_error perr;
    ws_module *m = wsh_parse(ptx, &perr);
    assert_non_null(m);
    const ws_kernel *k = ws_module_kernel(m, "k");
    assert_non_null(k);
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.jobs = jobs;
    cfg.mode = timing ? WS_MODE_TIMING : WS_MODE_FUNCTIONAL;
    ws_sim *sim = ws_sim_create(&cfg);
    assert_non_null(sim);
    size_t out_bytes = 200 * 256 * 4;
    uint64_t out = ws_sim_alloc(sim, out_bytes, NULL);
    assert_true(out != 0);
    uint8_t *host = malloc(out_bytes);
    assert_non_null(host);
    for (int i = 0; i < MANY_LAUNCHES; i++) {
        unsigned g[3] = {plan[i][0], 1, 1}, b[3] = {plan[i][1], 1, 1};
        uint32_t trap_at = plan[i][2] ? plan[i][2] - 1 : UINT32_MAX;
        uint8_t params[16] = {0};
        memcpy(params, &out, 8);
        memcpy(params + 8, &trap_at, 4);
        ws_result res;
        launch_outcome *o = &got[i];
        memset(o, 0, sizeof *o);
        o->status = ws_sim_launch(sim, m, k, g, b, params, k->param_bytes, &res);
        snprintf(o->message, sizeof o->message, "%s", res.message);
        o->warp_instructions = res.stats.warp_instructions;
        o->blocks = res.stats.blocks;
        o->cycles = res.stats.cycles;
        o->trap_block = UINT32_MAX;
        for (size_t d = 0; d < res.ndiags; d++)
            if (res.diags[d].kind == WS_DIAG_TRAP)
                o->trap_block = res.diags[d].block;
        ws_result_free(&res);
        /* a launch that traps may leave the blocks after the trap run or not (as on a GPU) */
        assert_int_equal(o->status, trap_at == UINT32_MAX ? WS_OK : WS_ERR_DIAG);
        assert_int_equal(o->trap_block, trap_at);
        if (o->status != WS_OK)
            continue;
        size_t n = (size_t)g[0] * b[0] * 4;
        assert_int_equal(ws_sim_read(sim, out, host, n), 0);
        o->out_hash = 0xcbf29ce484222325ull;
        for (size_t j = 0; j < n; j++)
            o->out_hash = (o->out_hash ^ host[j]) * 0x100000001b3ull;
        assert_int_equal(o->blocks, g[0]);
    }
    free(host);
    ws_sim_destroy(sim);
    ws_module_free(m);
}

static void test_many_launches_same_with_jobs(void **state)
{
    (void)state;
    for (int timing = 0; timing < 2; timing++) {
        launch_outcome one[MANY_LAUNCHES], more[MANY_LAUNCHES];
        many_launches(1, timing, one);
        for (unsigned j = 2; j <= 4; j *= 2) {
            many_launches(j, timing, more);
            for (int i = 0; i < MANY_LAUNCHES; i++) {
                assert_int_equal(more[i].status, one[i].status);
                assert_string_equal(more[i].message, one[i].message);
                assert_int_equal(more[i].trap_block, one[i].trap_block);
                if (one[i].status != WS_OK)
                    continue;
                assert_int_equal(more[i].warp_instructions, one[i].warp_instructions);
                assert_int_equal(more[i].blocks, one[i].blocks);
                assert_int_equal(more[i].cycles, one[i].cycles);
                assert_int_equal(more[i].out_hash, one[i].out_hash);
            }
        }
    }
}

/* The memory limit covers the machine's own memory: local memory x threads. */
static void test_memory_limit_local(void **state)
{
    (void)state;
    static const char ptx[] = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry big()\n{\n"
                              "\t.local .align 8 .b8 depot[400000];\n\t.reg .b64 %rd<3>;\n"
                              "\tmov.u64 %rd1, depot;\n\tst.local.u64 [%rd1+399992], %rd1;\n\tret;\n}\n";
    wsh_run r;
    wsh_opts o = {.block = {1024, 1, 1}, .max_memory = 256 << 20};
    wsh_kernel(&r, ptx, "big", &o, 0, NULL, NULL);
    WSH_EXPECT_STATUS(&r, WS_ERR_LIMIT);
    assert_non_null(strstr(r.res.message, "memory limit reached: a block of 1024 threads of kernel big needs"));
    assert_non_null(strstr(r.res.message, "raise it with --max-memory"));
    wsh_free(&r);
    o.max_memory = (uint64_t)1 << 30; /* fits with a higher limit; with --jobs 8, as many threads as fit */
    o.jobs = 8;
    o.grid[0] = 3;
    wsh_kernel(&r, ptx, "big", &o, 0, NULL, NULL);
    WSH_EXPECT_OK(&r);
    wsh_free(&r);
}

/* A host that cannot fuse a multiply-add exactly (no FMA instruction, no libm to load: simulated
 * by ws_fpexact_pretend_no_fma) refuses the kernels that would compute one, fma and mad of f32 and
 * f64 and a mul + add contracted into one, with a message that says why, and runs the others. */
static void test_no_fma_refused(void **state)
{
    (void)state;
    static const char *const fused[] = {
        "mov.b32 %f1, %r1;\nfma.rn.f32 %f2, %f1, %f1, %f1;\nmov.b32 %r2, %f2;\n",
        "cvt.rn.f64.u32 %fd1, %r1;\nmad.rn.f64 %fd2, %fd1, %fd1, %fd1;\ncvt.rzi.u32.f64 %r2, %fd2;\n",
        "mov.b32 %f1, %r1;\nmul.f32 %f2, %f1, %f1;\nadd.f32 %f3, %f2, %f1;\nmov.b32 %r2, %f3;\n",
    };
    static const char plain[] = "mad.lo.s32 %r2, %r1, %r1, %r1;\nmov.b32 %f1, %r1;\nmul.rn.f32 %f2, %f1, %f1;\n"
                                "add.rn.f32 %f3, %f2, %f1;\nmov.b32 %r3, %f3;\n";
    wsh_run r;
    assert_true(ws_fma_available()); /* the CPUs the tests run on */
    ws_fpexact_pretend_no_fma = 1;
    assert_false(ws_fma_available());
    for (size_t i = 0; i < sizeof fused / sizeof *fused; i++) {
        wsh_body(&r, fused[i], NULL);
        WSH_EXPECT_STATUS(&r, WS_ERR_INPUT);
        assert_non_null(strstr(r.res.message, "cannot be computed exactly here: this CPU has no FMA instruction"));
        assert_int_equal(r.res.stats.warp_instructions, 0); /* refused before it ran */
        wsh_free(&r);
    }
    wsh_body(&r, plain, NULL); /* .rn keeps mul and add apart */
    WSH_EXPECT_OK(&r);
    wsh_free(&r);
    ws_fpexact_pretend_no_fma = 0;
    wsh_body(&r, fused[0], NULL);
    WSH_EXPECT_OK(&r);
    wsh_free(&r);
}

/* At most WS_MAX_DIAGS diagnostics are listed; the others are counted (found in linear time). */
static void test_diagnostics_capped(void **state)
{
    (void)state;
    size_t cap = 64 * (WS_MAX_DIAGS + 200) + 1024, len = 0;
    char *ptx = malloc(cap);
    assert_non_null(ptx);
    len += (size_t)snprintf(ptx + len, cap - len, ".version 9.0\n.target sm_90\n.address_size 64\n"
                                                  ".visible .entry many()\n{\n\t.reg .b32 %%r<4>;\n\t.reg .b64 %%rd<4>;\n"
                                                  "\tmov.u64 %%rd1, 0;\n");
    for (int i = 0; i < WS_MAX_DIAGS + 123; i++)
        len += (size_t)snprintf(ptx + len, cap - len, "\tld.global.u32 %%r1, [%%rd1+%d];\n", 4 * i);
    snprintf(ptx + len, cap - len, "\tret;\n}\n");
    for (unsigned j = 1; j <= 2; j++) {
        wsh_run r;
        wsh_opts o = {.block = {32, 1, 1}, .grid = {2, 1, 1}, .jobs = j};
        wsh_kernel(&r, ptx, "many", &o, 0, NULL, NULL);
        WSH_EXPECT_OK(&r);
        assert_int_equal(r.res.ndiags, WS_MAX_DIAGS);
        assert_int_equal(r.res.ndiags_not_listed, 123);
        assert_int_equal(r.res.diags[WS_MAX_DIAGS - 1].count, 64);
        wsh_free(&r);
    }
    free(ptx);
}

/* ---- bad memory accesses: diagnostics, no crash ---------------------------------------------------- */
static void test_bad_memory_access(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = {.in = A};
    /* out of bounds: far past every buffer; the load gives 0 and the run goes on */
    wsh_body(&r, "ld.global.u32 %r2, [%rd4+0x1000000];\nadd.u32 %r3, %r1, 1;", &o);
    WSH_EXPECT_OK(&r);
    const ws_diag *d = WSH_EXPECT_DIAG(&r, WS_DIAG_OUT_OF_BOUNDS, WSH_BODY_LINE, 0);
    assert_int_equal(d->count, 32); /* every lane, reported once */
    assert_non_null(strstr(d->message, "outside every global allocation"));
    assert_non_null(strstr(d->message, "load"));
    uint32_t zero[32] = {0}, plus1[32];
    for (int l = 0; l < 32; l++)
        plus1[l] = A[l] + 1;
    WSH_CHECK("out-of-bounds load value", r.out, zero, 32);
    WSH_CHECK("the run goes on after it", r.out2, plus1, 32);
    wsh_free(&r);
    /* an out-of-bounds store by lane 5 only, one past the end of in (the gap after a buffer) */
    wsh_body(&r, "setp.eq.u32 %p1, %r0, 5;\n@%p1 st.global.u32 [%rd0+128], %r1;", &o);
    WSH_EXPECT_OK(&r);
    d = WSH_EXPECT_DIAG(&r, WS_DIAG_OUT_OF_BOUNDS, WSH_BODY_LINE + 1, 1u << 5);
    assert_int_equal(d->count, 1);
    assert_non_null(strstr(d->message, "store"));
    wsh_free(&r);
    /* misaligned: a 4-byte load at +2 */
    wsh_body(&r, "ld.global.u32 %r2, [%rd4+2];", &o);
    WSH_EXPECT_OK(&r);
    d = WSH_EXPECT_DIAG(&r, WS_DIAG_MISALIGNED, WSH_BODY_LINE, 0);
    assert_non_null(strstr(d->message, "not 4-byte aligned"));
    assert_null(wsh_diag(&r, WS_DIAG_OUT_OF_BOUNDS));
    wsh_free(&r);
    /* misaligned 8-byte shared store; shared out of bounds */
    wsh_body(&r, "st.shared.u64 [sh+4], %rd4;\nld.shared.u32 %r2, [sh+8192];", &o);
    WSH_EXPECT_OK(&r);
    WSH_EXPECT_DIAG(&r, WS_DIAG_MISALIGNED, WSH_BODY_LINE, 0);
    WSH_EXPECT_DIAG(&r, WS_DIAG_OUT_OF_BOUNDS, WSH_BODY_LINE + 1, 0);
    wsh_free(&r);
    /* as errors: WS_ERR_DIAG naming the kind and line */
    o.diagnostics_are_errors = true;
    wsh_body(&r, "ld.global.u32 %r2, [%rd4+0x1000000];", &o);
    WSH_EXPECT_STATUS(&r, WS_ERR_DIAG);
    char line[32];
    snprintf(line, sizeof line, "line %u", WSH_BODY_LINE);
    assert_non_null(strstr(r.res.message, "out-of-bounds"));
    assert_non_null(strstr(r.res.message, line));
    wsh_free(&r);
}

/* ---- the instruction limit stops an infinite loop ------------------------------------------------ */
static void test_instruction_limit(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = {.max_warp_instructions = 1000};
    wsh_body(&r, "$Lspin:\nadd.u32 %r2, %r2, 1;\nbra $Lspin;", &o);
    WSH_EXPECT_STATUS(&r, WS_ERR_LIMIT);
    assert_non_null(strstr(r.res.message, "instruction limit"));
    assert_int_equal(r.res.stats.warp_instructions, 1000);
    wsh_free(&r);
    /* the same kernel shape finishes under the limit when the loop ends */
    wsh_body(&r, "$Lspin:\nadd.u32 %r2, %r2, 1;\nsetp.lt.u32 %p1, %r2, 10;\n@%p1 bra $Lspin;", &o);
    WSH_EXPECT_OK(&r);
    for (int l = 0; l < 32; l++)
        assert_int_equal(r.out[l], 10);
    wsh_free(&r);
}

/* --jobs: what a host thread writes lies on pages of its own (WS_THREAD_PAGE): the register pool
 * starts on a page and holds each thread's files whole pages apart, and a block's kept buffers
 * start on a page (block.c), so that a core's prefetchers never fetch another thread's lines */
static void test_thread_pages(void **state)
{
    (void)state;
    static const char ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
                              ".reg .b32 %r<2>;\n.shared .align 4 .b32 s[32];\nmov.u32 %r1, %tid.x;\n"
                              "st.shared.u32 [s], %r1;\nbar.sync 0;\nret;\n}\n";
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "pages.ptx", &perr);
    assert_non_null(m);
    for (unsigned jobs = 1; jobs <= 2; jobs++)
        for (int timing = 0; timing <= 1; timing++) {
            ws_config cfg;
            memset(&cfg, 0, sizeof cfg);
            cfg.mode = timing ? WS_MODE_TIMING : WS_MODE_FUNCTIONAL;
            cfg.jobs = jobs;
            ws_sim *sim = ws_sim_create(&cfg);
            assert_non_null(sim);
            unsigned grid[3] = {8, 1, 1}, block[3] = {96, 1, 1};
            ws_result res;
            assert_int_equal(ws_sim_launch(sim, m, ws_module_kernel(m, NULL), grid, block, NULL, 0, &res), WS_OK);
            ws_result_free(&res);
            assert_non_null(sim->reg_pool);
            assert_int_equal((uintptr_t)sim->reg_pool % WS_THREAD_PAGE, 0);
            assert_int_equal(sim->reg_pool_words * sizeof *sim->reg_pool % WS_THREAD_PAGE, 0);
            /* each thread's files on whole pages, WS_POOL_GAP_PAGES untouched pages between two threads' (jobs29) */
            const size_t page = WS_THREAD_PAGE / sizeof(uint64_t);
            for (size_t words = 1; words <= 3 * page; words += page / 4) {
                size_t stride = ws_reg_pool_stride(words, jobs);
                assert_int_equal(stride % page, 0);
                assert_true(stride >= words + (jobs > 1 ? WS_POOL_GAP_PAGES * page : 0));
                assert_true(stride < words + (jobs > 1 ? WS_POOL_GAP_PAGES + 1 : 1) * page);
            }
            assert_true(sim->reg_pool_words >= jobs * ws_reg_pool_stride(3 * 4 /* 3 warps of 96 threads */, jobs));
            if (jobs > 1)
                assert_true(sim->reg_pool_words >= 2 * (1 + WS_POOL_GAP_PAGES) * page);
            if (jobs == 1) { /* --jobs 2 keeps its workers' buffers in its pool (parallel.c) */
                assert_non_null(sim->spare_block.shared);
                assert_non_null(sim->spare_block.warps);
                assert_int_equal((uintptr_t)sim->spare_block.shared % WS_THREAD_PAGE, 0);
                assert_int_equal((uintptr_t)sim->spare_block.warps % WS_THREAD_PAGE, 0);
            }
            ws_sim_destroy(sim);
        }
    ws_module_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_int_add_sub_mul_mad),
        cmocka_unit_test(test_int_div_rem),
        cmocka_unit_test(test_int_min_max_abs_neg),
        cmocka_unit_test(test_shifts_and_logic),
        cmocka_unit_test(test_bit_manipulation),
        cmocka_unit_test(test_setp_selp_int),
        cmocka_unit_test(test_setp_float_nan),
        cmocka_unit_test(test_add_sub_16),
        cmocka_unit_test(test_cvt_int),
        cmocka_unit_test(test_cvt_float_int),
        cmocka_unit_test(test_cvt_int_float_and_f32_f64),
        cmocka_unit_test(test_float_arith),
        cmocka_unit_test(test_mov_pack_unpack),
        cmocka_unit_test(test_special_registers_lanemask),
        cmocka_unit_test(test_special_registers_2d_3d),
        cmocka_unit_test(test_ld_st_subword),
        cmocka_unit_test(test_ld_st_vectors),
        cmocka_unit_test(test_generic_addressing),
        cmocka_unit_test(test_atomics_shared),
        cmocka_unit_test(test_atomics_global),
        cmocka_unit_test(test_printf_matches_c),
        cmocka_unit_test(test_printf_long_conversions),
        cmocka_unit_test(test_printf_huge_width_is_a_limit),
        cmocka_unit_test(test_printf_output_limit_exact),
        cmocka_unit_test(test_printf_counts_as_work),
        cmocka_unit_test(test_cycle_limit_functional),
        cmocka_unit_test(test_limit_same_with_jobs),
        cmocka_unit_test(test_limit_where),
        cmocka_unit_test(test_stop_mid_chunk_same_with_jobs),
        cmocka_unit_test(test_many_launches_same_with_jobs),
        cmocka_unit_test(test_memory_limit_local),
        cmocka_unit_test(test_no_fma_refused),
        cmocka_unit_test(test_diagnostics_capped),
        cmocka_unit_test(test_bad_memory_access),
        cmocka_unit_test(test_instruction_limit),
        cmocka_unit_test(test_thread_pages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
