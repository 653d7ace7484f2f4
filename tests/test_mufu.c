/* The special-function unit's model (sim/mufu.c, mufu_ptx.c; ex2 and tanh of halves in exec_half.c)
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

enum {
    F_RCP_FTZ,
    F_RCP,
    F_RSQ_FTZ,
    F_RSQ,
    F_SQRT_FTZ,
    F_SQRT,
    F_EX2_FTZ,
    F_EX2,
    F_LG2_FTZ,
    F_LG2,
    F_SIN,
    F_COS,
    F_TANH
};

static const char *const ptx[] = {"rcp.approx.ftz.f32",  "rcp.approx.f32",  "rsqrt.approx.ftz.f32", "rsqrt.approx.f32",
                                  "sqrt.approx.ftz.f32", "sqrt.approx.f32", "ex2.approx.ftz.f32",   "ex2.approx.f32",
                                  "lg2.approx.ftz.f32",  "lg2.approx.f32",  "sin.approx.f32",       "cos.approx.f32",
                                  "tanh.approx.f32"};

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
    case F_COS: return ws_ptx_cos_approx(x);
    default: return ws_mufu_tanh(x);
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
        /* tanh: the first operand of each binade's table (binades -8 .. 2), the edges */
        {F_TANH, 0x3b000000, 0x3b000000}, /* tanh_all: 0.001953125: 0.001953125 */
        {F_TANH, 0x3b7ffff0, 0x3b7ffff0}, /* tanh_all: 0.00390624627: 0.00390624627 */
        {F_TANH, 0x3b800000, 0x3b800000}, /* tanh_all: 0.00390625: 0.00390625 */
        {F_TANH, 0x3bfffff0, 0x3bfffec0}, /* tanh_all: 0.00781249255: 0.00781235099 */
        {F_TANH, 0x3c000000, 0x3bffff00}, /* tanh_all: 0.0078125: 0.00781238079 */
        {F_TANH, 0x3c800000, 0x3c7ffb00}, /* tanh_all: 0.015625: 0.0156238079 */
        {F_TANH, 0x3d000000, 0x3cffeac0}, /* tanh_all: 0.03125: 0.0312398672 */
        {F_TANH, 0x3d400000, 0x3d3fdc20}, /* tanh_all: 0.046875: 0.0468407869 */
        {F_TANH, 0x3d800000, 0x3d7faac0}, /* tanh_all: 0.0625: 0.0624186993 */
        {F_TANH, 0x3dc00000, 0x3dbf7060}, /* tanh_all: 0.09375: 0.0934760571 */
        {F_TANH, 0x3e000000, 0x3dfeacd0}, /* tanh_all: 0.125: 0.124353051 */
        {F_TANH, 0x3e600000, 0x3e5c7e80}, /* tanh_all: 0.21875: 0.215326309 */
        {F_TANH, 0x3e800000, 0x3e7acbc0}, /* tanh_all: 0.25: 0.24491787 */
        {F_TANH, 0x3ee00000, 0x3ed2b940}, /* tanh_all: 0.4375: 0.411569595 */
        {F_TANH, 0x3effffe0, 0x3eec9ab2}, /* tanh_all: 0.499999046: 0.462117732 */
        {F_TANH, 0x3f000000, 0x3eec9a50}, /* tanh_05: 0.5: 0.462114811 */
        {F_TANH, 0x3f3fffff, 0x3f229920}, /* tanh_05: 0.74999994: 0.635149002 */
        {F_TANH, 0x3f7fffff, 0x3f42f788}, /* tanh_05: 0.99999994: 0.761589527 */
        {F_TANH, 0x3f800000, 0x3f42f848}, /* tanh_1: 1: 0.761600971 */
        {F_TANH, 0x3f800007, 0x3f42f848}, /* tanh_1: 1.00000083: 0.761600971 (3 bits dropped) */
        {F_TANH, 0x3f800008, 0x3f42f84e}, /* tanh_1: 1.00000095: 0.761601329 */
        {F_TANH, 0x3fdfffff, 0x3f70fdba}, /* tanh_1: 1.74999988: 0.94137156 */
        {F_TANH, 0x3fffffff, 0x3f76ca58}, /* tanh_1: 1.99999988: 0.964025021 */
        {F_TANH, 0x40000000, 0x3f76caa0}, /* tanh_all: 2: 0.964029312 */
        {F_TANH, 0x40400000, 0x3f7ebbee}, /* tanh_all: 3: 0.995055079 */
        {F_TANH, 0x40800000, 0x3f7fd430}, /* tanh_all: 4: 0.999331474 */
        {F_TANH, 0x40a00000, 0x3f7ffa10}, /* tanh_all: 5: 0.999909401 */
        {F_TANH, 0x40fffff0, 0x3f7ffffc}, /* tanh_all: 7.99999237: 0.999999762 */
        {F_TANH, 0xd7ab0000, 0xbf800000}, /* r_tanh: -3.76032977e+14: -1 */
        {F_TANH, 0x00371efd, 0x00371efd}, /* r_tanh: 5.06206879e-39: 5.06206879e-39 */
        {F_TANH, 0x47cd95df, 0x3f800000}, /* r_tanh: 105259.742: 1 */
        {F_TANH, 0xbf18db0e, 0xbf08f3ef}, /* r_tanh: -0.597092509: -0.534972131 */
        {F_TANH, 0x7fb57ab0, 0x7fffffff}, /* r_tanh: nan: nan */
        /* tanh: the last measured operand of each of the 51 segments (binade -8 .. 2), where C1 and C2
         * weigh most: changing one of them changes the row */
        {F_TANH, 0x3bfffff0, 0x3bfffec0}, /* tanh_all: 0.00781249255: 0.00781235099 */
        {F_TANH, 0x3c7ffff0, 0x3c7ffa40}, /* tanh_all: 0.0156249851: 0.0156236291 */
        {F_TANH, 0x3cfffff0, 0x3cffea40}, /* tanh_all: 0.0312499702: 0.0312396288 */
        {F_TANH, 0x3d3ffff0, 0x3d3fdc00}, /* tanh_all: 0.0468749404: 0.0468406677 */
        {F_TANH, 0x3d7ffff0, 0x3d7faac1}, /* tanh_all: 0.0624999404: 0.062418703 */
        {F_TANH, 0x3dbffff0, 0x3dbf7082}, /* tanh_all: 0.0937498808: 0.0934763104 */
        {F_TANH, 0x3dfffff0, 0x3dfeacc4}, /* tanh_all: 0.124999881: 0.124352962 */
        {F_TANH, 0x3e1ffff0, 0x3e1eb5ea}, /* tanh_all: 0.156249762: 0.154990822 */
        {F_TANH, 0x3e3ffff0, 0x3e3dc80b}, /* tanh_all: 0.187499762: 0.185333416 */
        {F_TANH, 0x3e5ffff0, 0x3e5c7e84}, /* tanh_all: 0.218749762: 0.215326369 */
        {F_TANH, 0x3e7ffff0, 0x3e7acc04}, /* tanh_all: 0.249999762: 0.244918883 */
        {F_TANH, 0x3e9ffff0, 0x3e9afd0a}, /* tanh_all: 0.312499523: 0.302711785 */
        {F_TANH, 0x3ebffff0, 0x3eb77ad4}, /* tanh_all: 0.374999523: 0.358358979 */
        {F_TANH, 0x3edffff0, 0x3ed2b97d}, /* tanh_all: 0.437499523: 0.411571413 */
        {F_TANH, 0x3efffff0, 0x3eec9abf}, /* tanh_all: 0.499999523: 0.462118119 */
        {F_TANH, 0x3f1fffff, 0x3f0dfa76}, /* tanh_05: 0.62499994: 0.554602981 */
        {F_TANH, 0x3f3fffff, 0x3f229920}, /* tanh_05: 0.74999994: 0.635149002 */
        {F_TANH, 0x3f5fffff, 0x3f3432f8}, /* tanh_05: 0.87499994: 0.703902721 */
        {F_TANH, 0x3f7fffff, 0x3f42f788}, /* tanh_05: 0.99999994: 0.761589527 */
        {F_TANH, 0x3f8fffff, 0x3f4f2dfe}, /* tanh_1: 1.12499988: 0.809295535 */
        {F_TANH, 0x3f9fffff, 0x3f5928b5}, /* tanh_1: 1.24999988: 0.84827739 */
        {F_TANH, 0x3fafffff, 0x3f613bf3}, /* tanh_1: 1.37499988: 0.879821002 */
        {F_TANH, 0x3fbfffff, 0x3f67b775}, /* tanh_1: 1.49999988: 0.905143082 */
        {F_TANH, 0x3fcfffff, 0x3f6ce337}, /* tanh_1: 1.62499988: 0.925342023 */
        {F_TANH, 0x3fdfffff, 0x3f70fdba}, /* tanh_1: 1.74999988: 0.94137156 */
        {F_TANH, 0x3fefffff, 0x3f743c1d}, /* tanh_1: 1.87499988: 0.954042256 */
        {F_TANH, 0x3fffffff, 0x3f76ca58}, /* tanh_1: 1.99999988: 0.964025021 */
        {F_TANH, 0x4007fff0, 0x3f78cc7d}, /* tanh_all: 2.12499619: 0.971870244 */
        {F_TANH, 0x400ffff0, 0x3f7a5fca}, /* tanh_all: 2.24999619: 0.978024125 */
        {F_TANH, 0x4017fff0, 0x3f7b9ba2}, /* tanh_all: 2.37499619: 0.982843518 */
        {F_TANH, 0x401ffff0, 0x3f7c92ac}, /* tanh_all: 2.49999619: 0.986613035 */
        {F_TANH, 0x4027fff0, 0x3f7d53ba}, /* tanh_all: 2.62499619: 0.989558816 */
        {F_TANH, 0x402ffff0, 0x3f7dea78}, /* tanh_all: 2.74999619: 0.991858959 */
        {F_TANH, 0x4037fff0, 0x3f7e601c}, /* tanh_all: 2.87499619: 0.993654013 */
        {F_TANH, 0x403ffff0, 0x3f7ebbe0}, /* tanh_all: 2.99999619: 0.995054245 */
        {F_TANH, 0x4047fff0, 0x3f7f036f}, /* tanh_all: 3.12499619: 0.996146142 */
        {F_TANH, 0x404ffff0, 0x3f7f3b37}, /* tanh_all: 3.24999619: 0.996997297 */
        {F_TANH, 0x4057fff0, 0x3f7f66b1}, /* tanh_all: 3.37499619: 0.997660697 */
        {F_TANH, 0x405ffff0, 0x3f7f8892}, /* tanh_all: 3.49999619: 0.998177648 */
        {F_TANH, 0x4067fff0, 0x3f7fa2f9}, /* tanh_all: 3.62499619: 0.998580515 */
        {F_TANH, 0x406ffff0, 0x3f7fb78a}, /* tanh_all: 3.74999619: 0.998894334 */
        {F_TANH, 0x4077fff0, 0x3f7fc790}, /* tanh_all: 3.87499619: 0.999138832 */
        {F_TANH, 0x407ffff0, 0x3f7fd40b}, /* tanh_all: 3.99999619: 0.999329269 */
        {F_TANH, 0x408ffff0, 0x3f7fefb0}, /* tanh_all: 4.49999237: 0.999751091 */
        {F_TANH, 0x409ffff0, 0x3f7ffa00}, /* tanh_all: 4.99999237: 0.999908447 */
        {F_TANH, 0x40affff0, 0x3f7ffdd0}, /* tanh_all: 5.49999237: 0.999966621 */
        {F_TANH, 0x40bffff0, 0x3f7fff30}, /* tanh_all: 5.99999237: 0.999987602 */
        {F_TANH, 0x40cffff0, 0x3f7fffb4}, /* tanh_all: 6.49999237: 0.99999547 */
        {F_TANH, 0x40dffff0, 0x3f7fffe4}, /* tanh_all: 6.99999237: 0.999998331 */
        {F_TANH, 0x40effff0, 0x3f7ffff4}, /* tanh_all: 7.49999237: 0.999999285 */
        {F_TANH, 0x40fffff0, 0x3f7ffffc}, /* tanh_all: 7.99999237: 0.999999762 */
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
    for (int form = F_RCP_FTZ; form <= F_TANH; form++) {
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

/* Rows of a half function (bf16 0: binary16, 1: bfloat16): through the model, then the pair form
 * of each type through the instruction, each row in the low half and the row before it in the high. */
typedef struct {
    int bf16;
    uint32_t h, h200;
} half_row;

static void check_half(const char *name, uint32_t (*fn)(uint32_t, int), const half_row *rows, size_t nrows,
                       const char *const pair_form[2])
{
    int wrong = 0;
    uint32_t in[2][32], want[2][32];
    size_t n[2] = {0, 0};
    for (size_t i = 0; i < nrows; i++) {
        uint32_t got = fn(rows[i].h, rows[i].bf16);
        if (got != rows[i].h200) {
            fprintf(stderr, "%s %s of %04x: H200 %04x, warpsim %04x\n", name, rows[i].bf16 ? "bf16" : "f16", rows[i].h,
                    rows[i].h200, got);
            wrong++;
        }
        int b = rows[i].bf16;
        size_t k = n[b]++;
        in[b][k] = rows[i].h | (k ? in[b][k - 1] & 0xffffu : rows[i].h) << 16;
        want[b][k] = rows[i].h200 | (k ? want[b][k - 1] & 0xffffu : rows[i].h200) << 16;
    }
    assert_int_equal(wrong, 0);
    for (int b = 0; b < 2; b++) {
        for (size_t l = n[b]; l < 32; l++) {
            in[b][l] = in[b][0];
            want[b][l] = want[b][0];
        }
        char body[200];
        snprintf(body, sizeof body, "%s %%r2, %%r1;", pair_form[b]);
        wsh_check_lanes(pair_form[b], body, in[b], NULL, want[b], NULL, 32);
    }
}

/* ex2.approx.f16 and ex2.approx.ftz.bf16: h_ex2_f16 and h_ex2_bf16, all 2^16 measured */
static void test_half_ex2(void **state)
{
    (void)state;
    static const half_row rows[] = {
        {0, 0x0000, 0x3c00}, {0, 0x8001, 0x3c00}, {0, 0x3c00, 0x4000}, {0, 0xbc00, 0x3800}, {0, 0xa39d, 0x3bea},
        {0, 0x4bff, 0x7bf4}, {0, 0x4c00, 0x7c00}, {0, 0xcc80, 0x0040}, {0, 0xcf00, 0x0000}, {0, 0x7c00, 0x7c00},
        {0, 0xfc00, 0x0000}, {0, 0x7e00, 0x7fff}, {1, 0x0000, 0x3f80}, {1, 0x8001, 0x3f80}, {1, 0x3f80, 0x4000},
        {1, 0xbf80, 0x3f00}, {1, 0xc2fc, 0x0080}, {1, 0xc2fe, 0x0000}, {1, 0x4300, 0x7f80}, {1, 0xff80, 0x0000},
        {1, 0x7fc0, 0x7fff}, {1, 0x3dcd, 0x3f89},
    };
    static const char *const pairs[2] = {"ex2.approx.f16x2", "ex2.approx.ftz.bf16x2"};
    check_half("ex2", ws_half_ex2, rows, sizeof rows / sizeof rows[0], pairs);
}

/* tanh.approx.f16 and tanh.approx.bf16: h_tanh_f16 and h_tanh_bf16, all 2^16 measured */
static void test_half_tanh(void **state)
{
    (void)state;
    static const half_row rows[] = {
        {0, 0x0000, 0x0000}, {0, 0x8001, 0x8001}, {0, 0x0001, 0x0001}, {0, 0x1c00, 0x1c00}, {0, 0x1c08, 0x1c07},
        {0, 0x2e66, 0x2e60}, {0, 0x3800, 0x3764}, {0, 0x3c00, 0x3a17}, {0, 0xbc00, 0xba17}, {0, 0x4000, 0x3bb6},
        {0, 0x47ff, 0x3bff}, {0, 0x4800, 0x3c00}, {0, 0x7c00, 0x3c00}, {0, 0xfc00, 0xbc00}, {0, 0x7e00, 0x7fff},
        {1, 0x0000, 0x0000}, {1, 0x8001, 0x8001}, {1, 0x3b80, 0x3b80}, {1, 0x3b81, 0x3b80}, {1, 0x3e80, 0x3e7a},
        {1, 0x3f00, 0x3eec}, {1, 0x3f80, 0x3f42}, {1, 0xbf80, 0xbf42}, {1, 0x40ff, 0x3f7f}, {1, 0x4100, 0x3f80},
        {1, 0x7f80, 0x3f80}, {1, 0xff80, 0xbf80}, {1, 0x7fc0, 0x7fff}, {1, 0x3dcd, 0x3dcc},
    };
    static const char *const pairs[2] = {"tanh.approx.f16x2", "tanh.approx.bf16x2"};
    check_half("tanh", ws_half_tanh, rows, sizeof rows / sizeof rows[0], pairs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f32_forms),
        cmocka_unit_test(test_instructions),
        cmocka_unit_test(test_half_ex2),
        cmocka_unit_test(test_half_tanh),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
