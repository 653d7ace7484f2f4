/* test_isa19.c: directed tests for the instructions of issue #19's last list: dp4a, dp2a, mad24,
 * slct, cvt.pack, isspacep, brx.idx and mov between vector registers. Each table's values were
 * worked out from the PTX ISA's pseudo-code for the instruction (quoted beside it) by an
 * independent reading, never from warpsim's own helpers; the forms warpsim does not model are
 * refused at load time, each with a test.
 *
 * Tables run one row per lane in sim_harness's standard kernel: %r1 = the row's a, %r4 = its b;
 * the body leaves its result in %r2 (and %r3). */
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

static void refused(const char *body, const char *needle) { WSH_EXPECT_REFUSED(body, needle, 0); }

/* ---- dp4a --------------------------------------------------------------------------------------- */
/* "dp4a: Four-way byte dot product which is accumulated in 32-bit result ... d = c; for i in 0..3:
 * d += ta[i] * tb[i]", ta/tb the bytes of a and b sign-extended for .s32 and zero-extended for
 * .u32; the sum wraps (no saturation). */
static void test_dp4a(void **state)
{
    (void)state;
    const row ss[] = {{0x80808080u, 0x80808080u, 0x00010005u}, {0xffffffffu, 0x01020304u, 0xfffffffbu},
                      {0x7f7f7f7fu, 0x7f7f7f7fu, 0x0000fc09u}, {0x00000000u, 0x00000000u, 0x00000005u},
                      {0xff000000u, 0xff000000u, 0x00000006u}, {0x000000ffu, 0x00000002u, 0x00000003u},
                      {0x80808080u, 0xffffffffu, 0x00000205u}};
    RUN("dp4a.s32.s32 c=5", "dp4a.s32.s32 %r2, %r1, %r4, 5;", ss);
    /* the sum wraps past INT_MAX */
    const row wrap[] = {{0x80808080u, 0x80808080u, 0x8000ffffu},
                        {0xffffffffu, 0x01020304u, 0x7ffffff5u},
                        {0x7f7f7f7fu, 0x7f7f7f7fu, 0x8000fc03u}};
    RUN("dp4a.s32.s32 c=INT_MAX", "dp4a.s32.s32 %r2, %r1, %r4, 0x7fffffff;", wrap);
    const row uu[] = {{0x80808080u, 0x80808080u, 0x0000fff0u}, {0xffffffffu, 0x01020304u, 0x000009e6u},
                      {0x7f7f7f7fu, 0x7f7f7f7fu, 0x0000fbf4u}, {0x00000000u, 0x00000000u, 0xfffffff0u},
                      {0xff000000u, 0xff000000u, 0x0000fdf1u}, {0x000000ffu, 0x00000002u, 0x000001eeu},
                      {0x80808080u, 0xffffffffu, 0x0001fdf0u}};
    RUN("dp4a.u32.u32 c=-16", "dp4a.u32.u32 %r2, %r1, %r4, 0xfffffff0;", uu);
    const row us[] = {{0x80808080u, 0x80808080u, 0xffff0000u}, {0xffffffffu, 0x01020304u, 0x000009f6u},
                      {0x7f7f7f7fu, 0x7f7f7f7fu, 0x0000fc04u}, {0x00000000u, 0x00000000u, 0x00000000u},
                      {0xff000000u, 0xff000000u, 0xffffff01u}, {0x000000ffu, 0x00000002u, 0x000001feu},
                      {0x80808080u, 0xffffffffu, 0xfffffe00u}};
    RUN("dp4a.u32.s32", "dp4a.u32.s32 %r2, %r1, %r4, 0;", us);
    const row su[] = {{0x80808080u, 0x80808080u, 0xffff0000u}, {0xffffffffu, 0x01020304u, 0xfffffff6u},
                      {0x7f7f7f7fu, 0x7f7f7f7fu, 0x0000fc04u}, {0x00000000u, 0x00000000u, 0x00000000u},
                      {0xff000000u, 0xff000000u, 0xffffff01u}, {0x000000ffu, 0x00000002u, 0xfffffffeu},
                      {0x80808080u, 0xffffffffu, 0xfffe0200u}};
    RUN("dp4a.s32.u32", "dp4a.s32.u32 %r2, %r1, %r4, 0;", su);
}

/* ---- dp2a --------------------------------------------------------------------------------------- */
/* "dp2a: Two-way dot product which is accumulated in 32-bit result ... d = c; for i in 0..1: d +=
 * ta[i] * tb[i + (.hi ? 2 : 0)]", ta the half-words of a, tb the bytes of b, each extended by its
 * type. Here c = 7. */
static void test_dp2a(void **state)
{
    (void)state;
    const row lo_ss[] = {{0x8000ffffu, 0x0000ff02u, 0x00008005u},
                         {0x8000ffffu, 0x7f800000u, 0x00000007u},
                         {0x7fff0001u, 0x80ff7f80u, 0x003f7f08u},
                         {0x00010002u, 0x04030201u, 0x0000000bu},
                         {0xffffffffu, 0xffffffffu, 0x00000009u}};
    RUN("dp2a.lo.s32.s32", "dp2a.lo.s32.s32 %r2, %r1, %r4, 7;", lo_ss);
    const row lo_uu[] = {{0x8000ffffu, 0x0000ff02u, 0x00818005u},
                         {0x8000ffffu, 0x7f800000u, 0x00000007u},
                         {0x7fff0001u, 0x80ff7f80u, 0x003f8008u},
                         {0x00010002u, 0x04030201u, 0x0000000bu},
                         {0xffffffffu, 0xffffffffu, 0x01fdfe09u}};
    RUN("dp2a.lo.u32.u32", "dp2a.lo.u32.u32 %r2, %r1, %r4, 7;", lo_uu);
    const row lo_us[] = {{0x8000ffffu, 0x0000ff02u, 0x00018005u},
                         {0x8000ffffu, 0x7f800000u, 0x00000007u},
                         {0x7fff0001u, 0x80ff7f80u, 0x003f7f08u},
                         {0x00010002u, 0x04030201u, 0x0000000bu},
                         {0xffffffffu, 0xffffffffu, 0xfffe0009u}};
    RUN("dp2a.lo.u32.s32", "dp2a.lo.u32.s32 %r2, %r1, %r4, 7;", lo_us);
    const row lo_su[] = {{0x8000ffffu, 0x0000ff02u, 0xff808005u},
                         {0x8000ffffu, 0x7f800000u, 0x00000007u},
                         {0x7fff0001u, 0x80ff7f80u, 0x003f8008u},
                         {0x00010002u, 0x04030201u, 0x0000000bu},
                         {0xffffffffu, 0xffffffffu, 0xfffffe09u}};
    RUN("dp2a.lo.s32.u32", "dp2a.lo.s32.u32 %r2, %r1, %r4, 7;", lo_su);
    const row hi_ss[] = {{0x8000ffffu, 0x0000ff02u, 0x00000007u},
                         {0x8000ffffu, 0x7f800000u, 0xffc08087u},
                         {0x7fff0001u, 0x80ff7f80u, 0xffc00086u},
                         {0x00010002u, 0x04030201u, 0x00000011u},
                         {0xffffffffu, 0xffffffffu, 0x00000009u}};
    RUN("dp2a.hi.s32.s32", "dp2a.hi.s32.s32 %r2, %r1, %r4, 7;", hi_ss);
    const row hi_uu[] = {{0x8000ffffu, 0x0000ff02u, 0x00000007u},
                         {0x8000ffffu, 0x7f800000u, 0x00bf7f87u},
                         {0x7fff0001u, 0x80ff7f80u, 0x00400086u},
                         {0x00010002u, 0x04030201u, 0x00000011u},
                         {0xffffffffu, 0xffffffffu, 0x01fdfe09u}};
    RUN("dp2a.hi.u32.u32", "dp2a.hi.u32.u32 %r2, %r1, %r4, 7;", hi_uu);
    const row hi_us[] = {{0x8000ffffu, 0x0000ff02u, 0x00000007u},
                         {0x8000ffffu, 0x7f800000u, 0xffbf8087u},
                         {0x7fff0001u, 0x80ff7f80u, 0xffc00086u},
                         {0x00010002u, 0x04030201u, 0x00000011u},
                         {0xffffffffu, 0xffffffffu, 0xfffe0009u}};
    RUN("dp2a.hi.u32.s32", "dp2a.hi.u32.s32 %r2, %r1, %r4, 7;", hi_us);
    const row hi_su[] = {{0x8000ffffu, 0x0000ff02u, 0x00000007u},
                         {0x8000ffffu, 0x7f800000u, 0xffc07f87u},
                         {0x7fff0001u, 0x80ff7f80u, 0x00400086u},
                         {0x00010002u, 0x04030201u, 0x00000011u},
                         {0xffffffffu, 0xffffffffu, 0xfffffe09u}};
    RUN("dp2a.hi.s32.u32", "dp2a.hi.s32.u32 %r2, %r1, %r4, 7;", hi_su);
}

/* ---- mad24 -------------------------------------------------------------------------------------- */
/* "mad24: Multiply two 24-bit integer values and add a third value ... t = a * b; d = t<47..16> + c
 * (.hi); d = t<31..0> + c (.lo)"; ".sat: the result is clamped to MININT..MAXINT; applies only to
 * .s32 type in .hi mode". Bits 31..24 of a and b are ignored; here c = INT_MAX (and INT_MIN). */
static void test_mad24(void **state)
{
    (void)state;
    const row lo_u[] = {{0x007fffffu, 0x007fffffu, 0x7f000000u},
                        {0x00800000u, 0x007fffffu, 0x7f7fffffu},
                        {0x00ffffffu, 0xff000001u, 0x80fffffeu},
                        {0xab000003u, 0x12000005u, 0x8000000eu},
                        {0x00800000u, 0x00800000u, 0x7fffffffu}};
    RUN("mad24.lo.u32", "mad24.lo.u32 %r2, %r1, %r4, 0x7fffffff;", lo_u);
    const row hi_u[] = {{0x007fffffu, 0x007fffffu, 0xbffffeffu},
                        {0x00800000u, 0x007fffffu, 0xbfffff7fu},
                        {0x00ffffffu, 0xff000001u, 0x800000feu},
                        {0xab000003u, 0x12000005u, 0x7fffffffu},
                        {0x00800000u, 0x00800000u, 0xbfffffffu}};
    RUN("mad24.hi.u32", "mad24.hi.u32 %r2, %r1, %r4, 0x7fffffff;", hi_u);
    const row lo_s[] = {{0x007fffffu, 0x007fffffu, 0x7f000000u},
                        {0x00800000u, 0x007fffffu, 0x807fffffu},
                        {0x00ffffffu, 0xff000001u, 0x7ffffffeu},
                        {0xab000003u, 0x12000005u, 0x8000000eu},
                        {0x00800000u, 0x00800000u, 0x7fffffffu}};
    RUN("mad24.lo.s32", "mad24.lo.s32 %r2, %r1, %r4, 0x7fffffff;", lo_s);
    /* without .sat the sum wraps: (2^23-1)^2's bits 47..16 are 0x3fffff00, + INT_MAX = 0xbffffeff */
    const row hi_s[] = {{0x007fffffu, 0x007fffffu, 0xbffffeffu},
                        {0x00800000u, 0x007fffffu, 0x4000007fu},
                        {0x00ffffffu, 0xff000001u, 0x7ffffffeu},
                        {0xab000003u, 0x12000005u, 0x7fffffffu},
                        {0x00800000u, 0x00800000u, 0xbfffffffu}};
    RUN("mad24.hi.s32", "mad24.hi.s32 %r2, %r1, %r4, 0x7fffffff;", hi_s);
    const row sat[] = {{0x007fffffu, 0x007fffffu, 0x7fffffffu},
                       {0x00800000u, 0x007fffffu, 0x4000007fu},
                       {0x00ffffffu, 0xff000001u, 0x7ffffffeu},
                       {0xab000003u, 0x12000005u, 0x7fffffffu},
                       {0x00800000u, 0x00800000u, 0x7fffffffu}};
    RUN("mad24.hi.sat.s32 c=INT_MAX", "mad24.hi.sat.s32 %r2, %r1, %r4, 0x7fffffff;", sat);
    const row sat_neg[] = {{0x007fffffu, 0x007fffffu, 0xbfffff00u},
                           {0x00800000u, 0x007fffffu, 0x80000000u},
                           {0x00ffffffu, 0xff000001u, 0x80000000u},
                           {0xab000003u, 0x12000005u, 0x80000000u},
                           {0x00800000u, 0x00800000u, 0xc0000000u}};
    RUN("mad24.hi.sat.s32 c=INT_MIN", "mad24.hi.sat.s32 %r2, %r1, %r4, 0x80000000;", sat_neg);
}

/* ---- slct --------------------------------------------------------------------------------------- */
/* "slct: Select one source operand, based on the sign of the third operand ... d = (c >= 0) ? a :
 * b"; ".f32: ... .ftz: subnormal inputs are flushed to sign-preserving zero". -0.0 >= 0 holds;
 * NaN >= 0 does not. Here a = 111, b = 222, c = the row's a. */
static void test_slct(void **state)
{
    (void)state;
    const row s32[] = {{0, 0, 111}, {1, 0, 111}, {0x7fffffffu, 0, 111}, {0xffffffffu, 0, 222}, {0x80000000u, 0, 222}};
    RUN("slct.u32.s32", "slct.u32.s32 %r2, 111, 222, %r1;", s32);
    const row f32[] = {{0x00000000u, 0, 111}, {0x80000000u, 0, 111}, {0x00000001u, 0, 111}, {0x80000001u, 0, 222},
                       {0x7fc00000u, 0, 222}, {0xffc00000u, 0, 222}, {0x7f800000u, 0, 111}, {0xff800000u, 0, 222},
                       {0x3f800000u, 0, 111}, {0xbf800000u, 0, 222}, {0x807fffffu, 0, 222}};
    /* .ftz: a negative subnormal selector is -0.0, so it selects a */
    const uint32_t f32_ftz[] = {111, 111, 111, 111, 222, 222, 111, 222, 111, 222, 111};
    run_rows("slct.u32.f32 and slct.ftz.u32.f32",
             "mov.b32 %f1, %r1;\n\tslct.u32.f32 %r2, 111, 222, %f1;\n\tslct.ftz.u32.f32 %r3, 111, 222, %f1;", f32,
             sizeof f32 / sizeof f32[0], f32_ftz);
    /* other result types: the whole of a or b, at their width */
    const row wide[] = {{5, 0, 0x89abcdefu}, {0xfffffffbu, 0, 0x76543210u}};
    const uint32_t wide_hi[] = {0x01234567u, 0xfedcba98u};
    run_rows("slct.b64.s32",
             "slct.b64.s32 %rd20, 0x0123456789abcdef, 0xfedcba9876543210, %r1;\n\tmov.b64 {%r2, %r3}, %rd20;", wide, 2,
             wide_hi);
    const row f64[] = {{0x00000000u, 0, 0x3ff00000u}, {0xff800000u, 0, 0xc0000000u}};
    run_rows("slct.f64.f32",
             "mov.b32 %f1, %r1;\n\tslct.f64.f32 %fd1, 0d3ff0000000000000, 0dc000000000000000, %f1;\n"
             "\tmov.b64 {%r3, %r2}, %fd1;",
             f64, 2, NULL);
    const row h[] = {{0, 0, 0x1234}, {0x80000000u, 0, 0xfedc}};
    RUN("slct.s16.s32", "slct.s16.s32 %rs1, 0x1234, -292, %r1;\n\tcvt.u32.u16 %r2, %rs1;", h);
    const row f[] = {{7, 0, 0x3f800000u}, {0xfffffff9u, 0, 0xbf800000u}};
    RUN("slct.f32.s32", "slct.f32.s32 %f2, 0f3f800000, 0fbf800000, %r1;\n\tmov.b32 %r2, %f2;", f);
}

/* ---- cvt.pack ----------------------------------------------------------------------------------- */
/* "cvt.pack.sat.convertType.abType.cType d, a, b{, c}: ta = clamp(a), tb = clamp(b) to
 * convertType's range; d = tb with ta in the bits above it; for .u8/.s8 bits 31..16 of d are
 * c's bits 15..0". */
static void test_cvt_pack(void **state)
{
    (void)state;
    const row s16[] = {{0x7fffffffu, 0x80000000u, 0x7fff8000u},
                       {0xffffffffu, 1, 0xffff0001u},
                       {40000, 0xffff63c0u, 0x7fff8000u},
                       {5, 6, 0x00050006u}};
    RUN("cvt.pack.sat.s16.s32", "cvt.pack.sat.s16.s32 %r2, %r1, %r4;", s16);
    const row u16[] = {{0xffffffffu, 70000, 0x0000ffffu},
                       {65535, 0, 0xffff0000u},
                       {0x80000000u, 0x7fffffffu, 0x0000ffffu}};
    RUN("cvt.pack.sat.u16.s32", "cvt.pack.sat.u16.s32 %r2, %r1, %r4;", u16);
    const row u8[] = {{300, 0xfffffffbu, 0x1234ff00u}, {7, 8, 0x12340708u}, {255, 256, 0x1234ffffu}};
    RUN("cvt.pack.sat.u8.s32.b32", "cvt.pack.sat.u8.s32.b32 %r2, %r1, %r4, 0xabcd1234;", u8);
    const row s8[] = {{200, 0xffffff38u, 0x12347f80u}, {0xffffffffu, 1, 0x1234ff01u}, {127, 0xffffff80u, 0x12347f80u}};
    RUN("cvt.pack.sat.s8.s32.b32", "cvt.pack.sat.s8.s32.b32 %r2, %r1, %r4, 0xabcd1234;", s8);
    /* ptxas 13.0 also takes .u4 .s4 .u2 .s2: not modelled, refused */
    refused("cvt.pack.sat.u4.s32.b32 %r2, %r1, %r4, %r3;", "2- and 4-bit integers is not modelled");
}

/* ---- isspacep ----------------------------------------------------------------------------------- */
/* "isspacep.space: Write predicate register p with 1 if generic address a falls within the
 * specified state space window and with 0 otherwise"; "isspacep.global returns 1 for Kernel
 * Function Parameters as .param window is contained within .global window". %r2's bits: .global
 * .shared .shared::cta .shared::cluster .local .param .param::entry, for the generic address
 * that cvta made from each space (lane 0: global, 1: shared, 2: local, 3: param, 4: null). */
static void test_isspacep(void **state)
{
    (void)state;
    const char *body = "mov.u64 %rd20, sh;\n\tcvta.shared.u64 %rd21, %rd20;\n"
                       "\tmov.u64 %rd22, loc;\n\tcvta.local.u64 %rd23, %rd22;\n"
                       "\tmov.u64 %rd24, k_in;\n\tcvta.param.u64 %rd25, %rd24;\n"
                       "\tmov.u64 %rd26, %rd4;\n"
                       "\tsetp.eq.u32 %p2, %r0, 1;\n\t@%p2 mov.u64 %rd26, %rd21;\n"
                       "\tsetp.eq.u32 %p2, %r0, 2;\n\t@%p2 mov.u64 %rd26, %rd23;\n"
                       "\tsetp.eq.u32 %p2, %r0, 3;\n\t@%p2 mov.u64 %rd26, %rd25;\n"
                       "\tsetp.eq.u32 %p2, %r0, 4;\n\t@%p2 mov.u64 %rd26, 0;\n"
                       "\tisspacep.global %p1, %rd26;\n\tselp.u32 %r5, 1, 0, %p1;\n"
                       "\tisspacep.shared %p1, %rd26;\n\tselp.u32 %r6, 2, 0, %p1;\n"
                       "\tisspacep.shared::cta %p1, %rd26;\n\tselp.u32 %r7, 4, 0, %p1;\n"
                       "\tisspacep.shared::cluster %p1, %rd26;\n\tselp.u32 %r8, 8, 0, %p1;\n"
                       "\tisspacep.local %p1, %rd26;\n\tselp.u32 %r9, 16, 0, %p1;\n"
                       "\tisspacep.param %p1, %rd26;\n\tselp.u32 %r10, 32, 0, %p1;\n"
                       "\tisspacep.param::entry %p1, %rd26;\n\tselp.u32 %r11, 64, 0, %p1;\n"
                       "\tor.b32 %r2, %r5, %r6;\n\tor.b32 %r2, %r2, %r7;\n\tor.b32 %r2, %r2, %r8;\n"
                       "\tor.b32 %r2, %r2, %r9;\n\tor.b32 %r2, %r2, %r10;\n\tor.b32 %r2, %r2, %r11;";
    const row rows[] = {{0, 0, 1}, {0, 0, 2 | 4 | 8}, {0, 0, 16}, {0, 0, 1 | 32 | 64}, {0, 0, 1}};
    RUN("isspacep of each space's generic address", body, rows);
    /* an immediate address: 0 is no window's */
    const row imm[] = {{0, 0, 1}};
    RUN("isspacep.global 0", "isspacep.global %p1, 0;\n\tselp.u32 %r2, 1, 0, %p1;", imm);
}

/* __constant__ addresses: the const window is its own. On the H200 (tests/corpus/isa_isspacep,
 * driver 580.159.04, 2026-12-02) isspacep.const is 1 and .global 0 for a cvta.const address, and
 * .const is 0 for a global address and for null. out[k] holds, for address k (const, global,
 * null), bit 0 .const, 1 .global, 2 .shared, 3 .local, 4 .param. */
static void test_isspacep_const(void **state)
{
    (void)state;
    refused("isspacep.global %p1, %r1;", "32-bit register is not modelled");
    refused("isspacep %p1, %rd4;", "needs a state space");
    refused("isspacep.global.u64 %p1, %rd4;", "unknown suffix");
    const char *ptx = ".version 9.0\n.target sm_90\n.address_size 64\n.const .align 4 .b32 cv[4];\n"
                      ".visible .entry k(.param .u64 out)\n{\n\t.reg .pred %p<2>;\n\t.reg .b32 %r<8>;\n"
                      "\t.reg .b64 %rd<8>;\n\tmov.u64 %rd1, cv;\n\tcvta.const.u64 %rd2, %rd1;\n"
                      "\tld.param.u64 %rd3, [out];\n\tmov.u32 %r7, %tid.x;\n\tmov.u64 %rd4, %rd3;\n"
                      "\tsetp.eq.u32 %p1, %r7, 0;\n\t@%p1 mov.u64 %rd4, %rd2;\n"
                      "\tsetp.eq.u32 %p1, %r7, 2;\n\t@%p1 mov.u64 %rd4, 0;\n"
                      "\tisspacep.const %p1, %rd4;\n\tselp.u32 %r1, 1, 0, %p1;\n"
                      "\tisspacep.global %p1, %rd4;\n\tselp.u32 %r2, 2, 0, %p1;\n"
                      "\tisspacep.shared %p1, %rd4;\n\tselp.u32 %r3, 4, 0, %p1;\n"
                      "\tisspacep.local %p1, %rd4;\n\tselp.u32 %r4, 8, 0, %p1;\n"
                      "\tisspacep.param %p1, %rd4;\n\tselp.u32 %r5, 16, 0, %p1;\n"
                      "\tor.b32 %r1, %r1, %r2;\n\tor.b32 %r1, %r1, %r3;\n\tor.b32 %r1, %r1, %r4;\n"
                      "\tor.b32 %r1, %r1, %r5;\n\tmul.wide.u32 %rd5, %r7, 4;\n\tadd.s64 %rd6, %rd3, %rd5;\n"
                      "\tst.global.u32 [%rd6], %r1;\n\tret;\n}\n";
    wsh_run r;
    wsh_opts o = {0};
    o.block[0] = 3;
    size_t sizes[] = {3 * sizeof(uint32_t)};
    const void *inits[] = {NULL};
    ws_status s = wsh_kernel(&r, ptx, "k", &o, 1, sizes, inits);
    assert_int_equal(s, WS_OK);
    const uint32_t want[] = {1, 2, 2};
    wsh_check_u32("isspacep of a const, a global and a null address", (const uint32_t *)r.buf[0], want, 3, __FILE__,
                  __LINE__);
    wsh_free(&r);
}

/* ---- brx.idx ------------------------------------------------------------------------------------ */
/* "brx.idx: Branch to a label indexed from a list of potential branch targets ... the index is
 * used to select the target label ... the behavior of brx.idx is undefined if the index is out of
 * bounds". The lanes of each target go together and meet again at the join (activemask). */
#define BRX_TABLE                                                                                                      \
    "ts: .branchtargets L0, L1, L2;\n"                                                                                 \
    "\tbrx.idx %r1, ts;\n"                                                                                             \
    "L0:\n\tmov.u32 %r2, 10;\n\tbra.uni Lj;\n"                                                                         \
    "L1:\n\tmov.u32 %r2, 11;\n\tbra.uni Lj;\n"                                                                         \
    "L2:\n\tactivemask.b32 %r5;\n\tpopc.b32 %r2, %r5;\n\tadd.u32 %r2, %r2, 100;\n"                                     \
    "Lj:\n\tactivemask.b32 %r3;"

static void test_brx_idx(void **state)
{
    (void)state;
    /* divergent: lanes 2, 5 and 6 take L2 together (three lanes: 103) */
    const row div[] = {{0, 0, 10}, {1, 0, 11}, {2, 0, 103}, {1, 0, 11}, {0, 0, 10}, {2, 0, 103}, {2, 0, 103}};
    uint32_t all[32];
    for (int i = 0; i < 32; i++)
        all[i] = 0xffffffffu;
    run_rows("brx.idx divergent", BRX_TABLE, div, 7, all);
    /* converged: one index for the warp, an immediate */
    const row uni[] = {{0, 0, 132}, {0, 0, 132}};
    run_rows("brx.idx.uni converged",
             "ts: .branchtargets L0, L1, L2;\n\tbrx.idx.uni 2, ts;\n"
             "L0:\n\tmov.u32 %r2, 10;\n\tbra.uni Lj;\n"
             "L1:\n\tmov.u32 %r2, 11;\n\tbra.uni Lj;\n"
             "L2:\n\tactivemask.b32 %r5;\n\tpopc.b32 %r2, %r5;\n\tadd.u32 %r2, %r2, 100;\n"
             "Lj:\n\tactivemask.b32 %r3;",
             uni, 2, all);
    /* guarded: lanes 0 and 1 jump (lane 1 alone to L2); the others fall through to L0 */
    const row g[] = {{1, 0, 11}, {2, 0, 101}, {2, 0, 10}, {1, 0, 10}};
    run_rows("@p brx.idx",
             "setp.lt.u32 %p1, %r0, 2;\n"
             "ts: .branchtargets L0, L1, L2;\n"
             "\t@%p1 brx.idx %r1, ts;\n"
             "L0:\n\tmov.u32 %r2, 10;\n\tbra.uni Lj;\n"
             "L1:\n\tmov.u32 %r2, 11;\n\tbra.uni Lj;\n"
             "L2:\n\tactivemask.b32 %r5;\n\tpopc.b32 %r2, %r5;\n\tadd.u32 %r2, %r2, 100;\n"
             "Lj:\n\tactivemask.b32 %r3;",
             g, 4, all);
}

static void test_brx_idx_errors(void **state)
{
    (void)state;
    /* an index past the list is undefined on the H200: the launch stops, naming the lanes */
    wsh_run r;
    uint32_t in[32] = {0};
    in[5] = 3;
    wsh_opts o = {.in = in};
    ws_status s = wsh_body(&r, BRX_TABLE, &o);
    assert_int_equal(s, WS_ERR_DIAG);
    WSH_EXPECT_DIAG(&r, WS_DIAG_UNSUPPORTED, WSH_BODY_LINE + 1, 1u << 5);
    wsh_free(&r);
    refused("brx.idx %r1, nolist;\nnolist:\n\tret;", ".branchtargets list declared before it");
    refused("brx.idx %r1, L0;\nts: .branchtargets L0;\nL0:\n\tret;", ".branchtargets list declared before it");
    refused("ts: .branchtargets L0; brx.idx %f1, ts;\nL0:\n\tret;", "32-bit integer register");
    refused("ts: .branchtargets L0; brx.idx %rd1, ts;\nL0:\n\tret;", "32-bit integer register");
    refused("ts: .branchtargets L0; brx.idx.foo %r1, ts;\nL0:\n\tret;", "brx takes .idx");
    refused("ts: .branchtargets L0; brx %r1, ts;\nL0:\n\tret;", "unsupported instruction 'brx'");
    refused("ts: .branchtargets L0; brx.idx %r1, ts;", "undefined label 'L0'");
    refused("ts: .branchtargets L0; ts: .branchtargets L0;\nL0:\n\tret;", "defined twice");
}

/* ---- mov.v2/.v4 --------------------------------------------------------------------------------- */
/* "mov.type d, a: Set register d with the value of a" with vector operands of .v2/.v4: element i
 * of d is element i of a. */
static void test_mov_vector(void **state)
{
    (void)state;
    const row rows[] = {{1, 2, 2}, {0xffffffffu, 0x80000000u, 0x80000000u}};
    const uint32_t w3[] = {1, 0xffffffffu};
    run_rows("mov.v2.b32 vector to vector",
             "{\n\t.reg .v2 .b32 %v, %w;\n\tmov.v2.b32 %v, {%r1, %r4};\n\tmov.v2.b32 %w, %v;\n"
             "\tmov.b32 %r2, %w.y;\n\tmov.b32 %r3, %w.x;\n\t}",
             rows, 2, w3);
    /* a swap through brace lists: every source is read before any element is written */
    run_rows("mov.v2.b32 swap",
             "mov.b32 %r3, %r1;\n\tmov.b32 %r2, %r4;\n\tmov.v2.b32 {%r2, %r3}, {%r3, %r2};\n"
             "\tmov.v2.b32 {%r3, %r2}, {%r2, %r3};",
             rows, 2, w3);
    const row v4[] = {{1, 2, 2}, {5, 6, 10}};
    const uint32_t v4w[] = {2, 6};
    run_rows("mov.v4.u32",
             "{\n\t.reg .v4 .u32 %v, %w;\n\tmov.v4.u32 %v, {%r1, %r4, %r4, %r1};\n\tmov.v4.u32 %w, %v;\n"
             "\tadd.u32 %r2, %w.x, %w.w;\n\tmov.u32 %r3, %w.b;\n\t}",
             v4, 2, v4w);
    /* f64 elements keep every bit (a NaN payload) */
    const row f64[] = {{0x7ff00001u, 0x00000001u, 0x7ff00001u}};
    const uint32_t f64w[] = {1};
    run_rows("mov.v2.f64",
             "{\n\t.reg .v2 .f64 %v, %w;\n\tmov.b64 %fd1, {%r4, %r1};\n\tmov.v2.f64 %v, {%fd1, %fd1};\n"
             "\tmov.v2.f64 %w, %v;\n\tmov.b64 {%r3, %r2}, %w.y;\n\t}",
             f64, 1, f64w);
    refused("{ .reg .v2 .f32 %v; .reg .v4 .f32 %w; mov.v2.f32 %v, %w; }", "moves 2 elements");
    refused("{ .reg .v2 .f32 %v; mov.v2.f32 %f1, %v; }", "destination must be a .v2");
    refused("{ .reg .v2 .f32 %v; mov.v2.f64 %v, %v; }", "does not fit a .f64");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dp4a),           cmocka_unit_test(test_dp2a),     cmocka_unit_test(test_mad24),
        cmocka_unit_test(test_slct),           cmocka_unit_test(test_cvt_pack), cmocka_unit_test(test_isspacep),
        cmocka_unit_test(test_isspacep_const), cmocka_unit_test(test_brx_idx),  cmocka_unit_test(test_brx_idx_errors),
        cmocka_unit_test(test_mov_vector),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
