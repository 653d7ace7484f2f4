/* The special-function unit's model (sim/mufu.c, mufu_ptx.c; ex2 of halves in exec_half.c)
 * against outputs of an NVIDIA H200 (driver 580.159.04, 2026-12-01; tools/mufu/data, the set named
 * beside each row), each PTX form through the warpsim instruction as well. The whole measurement
 * (157 million outputs) is compared by ctest mufu_measured. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "half.h"
#include "mufu.h"
#include "sim_harness.h"

enum { F_RCP_FTZ, F_RCP, F_RSQ_FTZ, F_RSQ, F_SQRT_FTZ, F_SQRT, F_EX2_FTZ, F_EX2, F_LG2_FTZ, F_LG2, F_SIN, F_COS };

static const char *const ptx[] = {"rcp.approx.ftz.f32",  "rcp.approx.f32",  "rsqrt.approx.ftz.f32", "rsqrt.approx.f32",
                                  "sqrt.approx.ftz.f32", "sqrt.approx.f32", "ex2.approx.ftz.f32",   "ex2.approx.f32",
                                  "lg2.approx.ftz.f32",  "lg2.approx.f32",  "sin.approx.f32",       "cos.approx.f32"};

static uint32_t model(int form, uint32_t x)
{
    switch (form) {
    case F_RCP_FTZ:
    case F_RCP: return ws_ptx_rcp_approx(x, form == F_RCP_FTZ);
    case F_RSQ_FTZ:
    case F_RSQ: return ws_ptx_rsqrt_approx(x, form == F_RSQ_FTZ);
    case F_SQRT_FTZ:
    case F_SQRT: return ws_ptx_sqrt_approx(x, form == F_SQRT_FTZ);
    case F_EX2_FTZ:
    case F_EX2: return ws_ptx_ex2_approx(x, form == F_EX2_FTZ);
    case F_LG2_FTZ:
    case F_LG2: return ws_ptx_lg2_approx(x, form == F_LG2_FTZ);
    case F_SIN: return ws_ptx_sin_approx(x);
    default: return ws_ptx_cos_approx(x);
    }
}

/* clang-format off */
static const struct {
    int form;
    uint32_t x, h200;
} cases[] = {
        {F_RCP_FTZ, 0x3f800000, 0x3f800000}, /* rcp_1: 1: 1 */
        {F_RCP_FTZ, 0x3f800001, 0x3f7ffffe}, /* rcp_1: 1.00000012: 0.999999881 */
        {F_RCP_FTZ, 0x3f80ffff, 0x3f7e03fa}, /* rcp_1: 1.00781238: 0.992248178 */
        {F_RCP_FTZ, 0x3f810000, 0x3f7e03f8}, /* rcp_1: 1.0078125: 0.992248058 */
        {F_RCP_FTZ, 0x3fc00000, 0x3f2aaaab}, /* rcp_1: 1.5: 0.666666687 */
        {F_RCP_FTZ, 0x3fffffff, 0x3f000001}, /* rcp_1: 1.99999988: 0.50000006 */
        {F_RCP_FTZ, 0x4d50c4c7, 0x319cf55b}, /* r_rcp_ftz: 218909808: 4.56809124e-09 */
        {F_RCP_FTZ, 0x22fe7005, 0x5c00c938}, /* r_rcp_ftz: 6.89654432e-18: 1.45000157e+17 */
        {F_RCP_FTZ, 0xc125097d, 0xbdc68ca2}, /* r_rcp_ftz: -10.3148165: -0.0969479233 */
        {F_RCP_FTZ, 0xba706675, 0xc4884e58}, /* r_rcp_ftz: -0.000917054072: -1090.44824 */
        {F_RCP, 0x00000001, 0x7f800000}, /* e_rcp_sub: 1.40129846e-45: inf */
        {F_RCP, 0x0001f401, 0x7f800000}, /* e_rcp_sub: 1.79367605e-40: inf */
        {F_RCP, 0x7e800000, 0x00800000}, /* e_rcp_huge: 8.50705917e+37: 1.17549435e-38 */
        {F_RCP, 0x7eba9800, 0x0057ce44}, /* e_rcp_huge: 1.24012818e+38: 8.06368233e-39 */
        {F_RCP, 0xd389a3ac, 0xab6e124b}, /* r_rcp: -1.18231296e+12: -8.45799721e-13 */
        {F_RCP, 0x2e33120a, 0x50b6fd4b}, /* r_rcp: 4.07159098e-11: 2.4560425e+10 */
        {F_RSQ_FTZ, 0x3f800000, 0x3f800000}, /* rsq_1: 1: 1 */
        {F_RSQ_FTZ, 0x3f800001, 0x3f7ffffe}, /* rsq_1: 1.00000012: 0.999999881 */
        {F_RSQ_FTZ, 0x3fadc6c0, 0x3f5bb5bb}, /* rsq_1: 1.35762787: 0.858241737 */
        {F_RSQ_FTZ, 0x40000000, 0x3f3504f2}, /* rsq_2: 2: 0.707106709 */
        {F_RSQ_FTZ, 0x404c4b40, 0x3f0f4916}, /* rsq_2: 3.1920929: 0.559708953 */
        {F_RSQ, 0x00000001, 0x64b504f2}, /* e_rsq_sub: 1.40129846e-45: 2.67137362e+22 */
        {F_RSQ, 0x004e2001, 0x5f23d709}, /* e_rsq_sub: 7.17464954e-39: 1.18059148e+19 */
        {F_RSQ, 0x0280fff3, 0x5dff018a}, /* r_rsq: 1.89548173e-37: 2.29688996e+18 */
        {F_RSQ, 0x0cd2a124, 0x58c790c3}, /* r_rsq: 3.24526061e-31: 1.75539649e+15 */
        {F_RSQ, 0xbc4af5de, 0x7fffffff}, /* r_rsq: -0.0123877209: nan */
        {F_SQRT_FTZ, 0x3f800000, 0x3f800000}, /* sqrt_1: 1: 1 */
        {F_SQRT_FTZ, 0x3f800001, 0x3f800000}, /* sqrt_1: 1.00000012: 1 */
        {F_SQRT_FTZ, 0x3f8bde31, 0x3f85cd6d}, /* sqrt_1: 1.09271824: 1.0453316 */
        {F_SQRT_FTZ, 0x40000000, 0x3fb504f3}, /* sqrt_2: 2: 1.41421354 */
        {F_SQRT_FTZ, 0x407fffff, 0x3fffffff}, /* sqrt_2: 3.99999976: 1.99999988 */
        {F_SQRT, 0x00000001, 0x1a3504f3}, /* e_sqrt_sub: 1.40129846e-45: 3.74339207e-23 */
        {F_SQRT, 0x00181c81, 0x1f5e3757}, /* e_sqrt_sub: 2.21427718e-39: 4.70561046e-20 */
        {F_SQRT, 0xbc9d2f51, 0x7fffffff}, /* r_sqrt: -0.0191876013: nan */
        {F_SQRT, 0x8c39b24b, 0x7fffffff}, /* r_sqrt: -1.43055347e-31: nan */
        {F_SQRT, 0x7e3dbc04, 0x5edc63fe}, /* r_sqrt: 6.3050081e+37: 7.94040799e+18 */
        {F_EX2_FTZ, 0x3f800000, 0x40000000}, /* ex2_p1: 1: 2 */
        {F_EX2_FTZ, 0x3f800001, 0x40000001}, /* ex2_p1: 1.00000012: 2.00000024 */
        {F_EX2_FTZ, 0x3fffffff, 0x407fffff}, /* ex2_p1: 1.99999988: 3.99999976 */
        {F_EX2_FTZ, 0xbf800000, 0x3f000000}, /* ex2_m1: -1: 0.5 */
        {F_EX2_FTZ, 0xbf800001, 0x3efffffe}, /* ex2_m1: -1.00000012: 0.49999994 */
        {F_EX2_FTZ, 0xbfbd0900, 0x3eb7f2f8}, /* ex2_m1: -1.47683716: 0.359275579 */
        {F_EX2_FTZ, 0xb0000000, 0x3f800000}, /* s_ex2_neg: -4.65661287e-10: 1 */
        {F_EX2_FTZ, 0xb30d4000, 0x3f800000}, /* s_ex2_neg: -3.28873284e-08: 1 */
        {F_EX2_FTZ, 0x30000000, 0x3f800000}, /* s_ex2_pos: 4.65661287e-10: 1 */
        {F_EX2_FTZ, 0x3927c000, 0x3f8003a3}, /* s_ex2_pos: 0.000159978867: 1.00011098 */
        {F_EX2, 0xc2fc0000, 0x00800000}, /* e_ex2_low: -126: 1.17549435e-38 */
        {F_EX2, 0xc2fc0020, 0x007ffa74}, /* e_ex2_low: -126.000244: 1.17529537e-38 */
        {F_EX2, 0xc30aa600, 0x0000051b}, /* e_ex2_low: -138.648438: 1.83149709e-42 */
        {F_EX2, 0xc315ffe0, 0x00000001}, /* e_ex2_low: -149.999512: 1.40129846e-45 */
        {F_EX2, 0x9ba97cb3, 0x3f800000}, /* r_ex2: -2.80392897e-22: 1 */
        {F_EX2, 0x367026d3, 0x3f800015}, /* r_ex2: 3.57853855e-06: 1.0000025 */
        {F_EX2, 0x5c9d04bd, 0x7f800000}, /* r_ex2: 3.53574249e+17: inf */
        {F_LG2_FTZ, 0x3f800000, 0x00000000}, /* lg2_1: 1: 0 */
        {F_LG2_FTZ, 0x3f800001, 0x3495f600}, /* lg2_1: 1.00000012: 2.79324013e-07 */
        {F_LG2_FTZ, 0x3f800002, 0x34f24a00}, /* lg2_1: 1.00000024: 4.51298547e-07 */
        {F_LG2_FTZ, 0x3fdb8d80, 0x3f4746c7}, /* lg2_1: 1.71525574: 0.778423727 */
        {F_LG2_FTZ, 0x3f000000, 0xbf7ffffe}, /* lg2_05: 0.5: -0.999999881 */
        {F_LG2_FTZ, 0x3f7fffff, 0xb24b4000}, /* lg2_05: 0.99999994: -1.18307071e-08 */
        {F_LG2, 0x00000001, 0xc3150000}, /* e_lg2_sub: 1.40129846e-45: -149 */
        {F_LG2, 0x0061a801, 0xc2fcc7dd}, /* e_lg2_sub: 8.96831157e-39: -126.390358 */
        {F_LG2, 0xb6456073, 0x7fffffff}, /* r_lg2: -2.94114284e-06: nan */
        {F_LG2, 0xca0da8d1, 0x7fffffff}, /* r_lg2: -2320948.25: nan */
        {F_LG2, 0xacfd7fda, 0x7fffffff}, /* r_lg2: -7.20488686e-12: nan */
        {F_SIN, 0x3f800000, 0x3f576aa3}, /* sin_1: 1: 0.841470897 */
        {F_SIN, 0x3f800001, 0x3f576aa4}, /* sin_1: 1.00000012: 0.841470957 */
        {F_SIN, 0x3fbd0900, 0x3f7edeed}, /* sin_1: 1.47683716: 0.995589077 */
        {F_SIN, 0x40800000, 0xbf41bdcd}, /* sin_4: 4: -0.75680238 */
        {F_SIN, 0x40ffffff, 0x3f7d4697}, /* sin_4: 7.99999952: 0.989358366 */
        {F_SIN, 0x30000000, 0x00000000}, /* s_sin: 4.65661287e-10: 0 */
        {F_SIN, 0x361a8000, 0x3616cd80}, /* s_sin: 2.3022294e-06: 2.24713585e-06 */
        {F_SIN, 0xcca61f7b, 0x80000000}, /* r_sin: -87096280: -0 */
        {F_SIN, 0x38d2aeb2, 0x38d27ed8}, /* r_sin: 0.000100461199: 0.000100372068 */
        {F_SIN, 0x4d420168, 0x00000000}, /* r_sin: 203429504: 0 */
        {F_SIN, 0xf99f6280, 0x80000000}, /* r_sin: -1.03446627e+35: -0 */
        {F_COS, 0x3f800000, 0x3f0a5141}, /* cos_1: 1: 0.540302336 */
        {F_COS, 0x3fcc4b40, 0xbcced356}, /* cos_1: 1.59604645: -0.0252472572 */
        {F_COS, 0x4001e240, 0xbee2ad1c}, /* cos_2: 2.0294342: -0.44272697 */
        {F_COS, 0x30000000, 0x3f800000}, /* s_cos: 4.65661287e-10: 1 */
        {F_COS, 0x3c350000, 0x3f7ffc01}, /* s_cos: 0.0110473633: 0.999939024 */
        {F_COS, 0xca996f1d, 0xbf6c835e}, /* r_cos: -5027726.5: -0.923879504 */
        {F_COS, 0x7a300b55, 0x3f800000}, /* r_cos: 2.28518522e+35: 1 */
        {F_COS, 0x12ad47ec, 0x3f800000}, /* r_cos: 1.0935565e-27: 1 */
        {F_COS, 0x7b4e6e16, 0x3f800000}, /* r_cos: 1.07184596e+36: 1 */
};
/* clang-format on */

static void test_f32_forms(void **state)
{
    (void)state;
    int wrong = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t got = model(cases[i].form, cases[i].x);
        if (got != cases[i].h200) {
            fprintf(stderr, "%s of %08x: H200 %08x, warpsim %08x\n", ptx[cases[i].form], cases[i].x, cases[i].h200, got);
            wrong++;
        }
    }
    assert_int_equal(wrong, 0);
}

/* the same rows through the instructions, 32 lanes at a time */
static void test_instructions(void **state)
{
    (void)state;
    for (int form = F_RCP_FTZ; form <= F_COS; form++) {
        uint32_t in[32] = {0}, want[32] = {0};
        size_t n = 0;
        for (size_t i = 0; i < sizeof cases / sizeof cases[0] && n < 32; i++)
            if (cases[i].form == form) {
                in[n] = cases[i].x;
                want[n++] = cases[i].h200;
            }
        for (size_t l = n; l < 32; l++) { /* the other lanes repeat the first row */
            in[l] = in[0];
            want[l] = want[0];
        }
        char body[200];
        snprintf(body, sizeof body, "mov.b32 %%f1, %%r1;\n%s %%f2, %%f1;\nmov.b32 %%r2, %%f2;", ptx[form]);
        wsh_check_lanes(ptx[form], body, in, NULL, want, NULL, 32);
    }
}

/* ex2.approx.f16 (bf16 0) and ex2.approx.ftz.bf16 (1): h_ex2_f16 and h_ex2_bf16, all 2^16 measured */
static void test_half_ex2(void **state)
{
    (void)state;
    static const struct {
        int bf16;
        uint32_t h, h200;
    } half[] = {
        {0, 0x0000, 0x3c00}, {0, 0x8001, 0x3c00}, {0, 0x3c00, 0x4000}, {0, 0xbc00, 0x3800}, {0, 0xa39d, 0x3bea},
        {0, 0x4bff, 0x7bf4}, {0, 0x4c00, 0x7c00}, {0, 0xcc80, 0x0040}, {0, 0xcf00, 0x0000}, {0, 0x7c00, 0x7c00},
        {0, 0xfc00, 0x0000}, {0, 0x7e00, 0x7fff}, {1, 0x0000, 0x3f80}, {1, 0x8001, 0x3f80}, {1, 0x3f80, 0x4000},
        {1, 0xbf80, 0x3f00}, {1, 0xc2fc, 0x0080}, {1, 0xc2fe, 0x0000}, {1, 0x4300, 0x7f80}, {1, 0xff80, 0x0000},
        {1, 0x7fc0, 0x7fff}, {1, 0x3dcd, 0x3f89},
    };
    int wrong = 0;
    for (size_t i = 0; i < sizeof half / sizeof half[0]; i++) {
        uint32_t got = ws_half_ex2(half[i].h, half[i].bf16);
        if (got != half[i].h200) {
            fprintf(stderr, "ex2 %s of %04x: H200 %04x, warpsim %04x\n", half[i].bf16 ? "bf16" : "f16", half[i].h,
                    half[i].h200, got);
            wrong++;
        }
    }
    assert_int_equal(wrong, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f32_forms),
        cmocka_unit_test(test_instructions),
        cmocka_unit_test(test_half_ex2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
