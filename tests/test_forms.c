/* test_forms.c: forms nvcc and people write that change no result, run as the H200 runs them, and
 * the forms warpsim does not take, each refused at its line with what is missing.
 *
 * Cache hints (L1 eviction priorities, L2 prefetch sizes) and fence.proxy.alias/.async order or
 * place memory traffic and change no value: a load still gives memory's word, a store still
 * writes it (PTX ISA "ld", "st", "fence"). Where ptxas 13.0 refuses a hint (its space, a cache
 * operator, .volatile, a store's prefetch size) warpsim refuses it too. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sim_harness.h"

/* body leaves in %r2 what it loaded back: every lane must give its input word */
static void same_word(const char *what, const char *body)
{
    uint32_t in[32], want[32];
    for (int l = 0; l < 32; l++)
        in[l] = want[l] = 0x9e3779b9u * (uint32_t)(l + 1);
    wsh_check_lanes(what, body, in, NULL, want, NULL, 32);
}

static void test_hints_change_nothing(void **state)
{
    (void)state;
    static const char *const hints[] = {"L1::evict_normal",
                                        "L1::evict_unchanged",
                                        "L1::evict_first",
                                        "L1::evict_last",
                                        "L1::no_allocate",
                                        "L2::64B",
                                        "L2::128B",
                                        "L2::256B",
                                        "nc.L1::evict_last.L2::128B"};
    char body[256];
    for (size_t i = 0; i < sizeof hints / sizeof hints[0]; i++) {
        snprintf(body, sizeof body, " ld.global.%s.u32 %%r2, [%%rd4];\n", hints[i]);
        same_word(hints[i], body);
    }
    same_word("generic load, .L1::evict_first", " cvta.global.u64 %rd20, %rd4;\n ld.L1::evict_first.u32 %r2, [%rd20];\n");
    same_word("relaxed load, .L1::evict_last", " ld.relaxed.gpu.global.L1::evict_last.u32 %r2, [%rd4];\n");
    /* the pair holding in[i]: i's own word, the first or the second */
    same_word("vector load, .L1::no_allocate",
              " and.b64 %rd20, %rd4, -8;\n ld.global.L1::no_allocate.v2.u32 {%r5, %r6}, [%rd20];\n"
              " and.b32 %r7, %r0, 1;\n setp.eq.u32 %p1, %r7, 0;\n selp.b32 %r2, %r5, %r6, %p1;\n");
    static const char *const st_hints[] = {"L1::evict_normal", "L1::evict_first", "L1::evict_last", "L1::no_allocate"};
    for (size_t i = 0; i < sizeof st_hints / sizeof st_hints[0]; i++) {
        snprintf(body, sizeof body, " st.global.%s.u32 [%%rd8], %%r1;\n ld.global.u32 %%r2, [%%rd8];\n", st_hints[i]);
        same_word(st_hints[i], body);
    }
}

static void test_fence_proxy(void **state)
{
    (void)state;
    same_word("fence.proxy.alias", " st.local.u32 [loc], %r1;\n fence.proxy.alias;\n ld.local.u32 %r2, [loc];\n");
    same_word("fence.proxy.async", " st.global.u32 [%rd8], %r1;\n fence.proxy.async;\n ld.global.u32 %r2, [%rd8];\n");
    same_word("fence.proxy.async.global",
              " st.global.u32 [%rd8], %r1;\n fence.proxy.async.global;\n ld.global.u32 %r2, [%rd8];\n");
    same_word("fence.proxy.async.shared::cta", " shl.b32 %r5, %r0, 2;\n mov.u32 %r6, sh;\n add.u32 %r6, %r6, %r5;\n"
                                               " st.shared.u32 [%r6], %r1;\n fence.proxy.async.shared::cta;\n"
                                               " ld.shared.u32 %r2, [%r6];\n");
}

static void test_refused_forms(void **state)
{
    (void)state;
    WSH_EXPECT_REFUSED(" ld.global.L2::evict_last.u32 %r2, [%rd4];\n", "only on 256-bit loads and stores", 2);
    WSH_EXPECT_REFUSED(" st.global.L2::evict_first.u32 [%rd8], %r1;\n", "only on 256-bit loads and stores", 2);
    WSH_EXPECT_REFUSED(" ld.global.L2::cache_hint.u32 %r2, [%rd4], %rd5;\n",
                       "createpolicy, which warpsim does not model", 2);
    WSH_EXPECT_REFUSED(" ld.global.v8.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, [%rd4];\n", "need .target sm_100", 2);
    WSH_EXPECT_REFUSED(" ld.global.v4.u64 {%rd20, %rd21, %rd22, %rd23}, [%rd4];\n", "need .target sm_100", 2);
    WSH_EXPECT_REFUSED(" ld.shared.L1::evict_last.u32 %r2, [sh];\n",
                       "applies to .global or generic addresses, not .shared", 2);
    WSH_EXPECT_REFUSED(" ld.local.L1::evict_last.u32 %r2, [loc];\n", "not .local", 2);
    WSH_EXPECT_REFUSED(" ld.global.L1::evict_last.L1::evict_first.u32 %r2, [%rd4];\n", "one L1 eviction priority", 2);
    WSH_EXPECT_REFUSED(" ld.global.cg.L1::evict_last.u32 %r2, [%rd4];\n", "cache operator .cg", 2);
    WSH_EXPECT_REFUSED(" ld.volatile.global.L1::evict_last.u32 %r2, [%rd4];\n", "does not go with .volatile", 2);
    WSH_EXPECT_REFUSED(" st.global.L2::128B.u32 [%rd8], %r1;\n", "st takes no L2 prefetch size", 2);
    WSH_EXPECT_REFUSED(" ld.global.L2::64B.L2::128B.u32 %r2, [%rd4];\n", "one L2 prefetch size", 2);
    WSH_EXPECT_REFUSED(" fence.proxy.tensormap::generic.release.gpu;\n", "tensor maps are not modelled", 2);
    WSH_EXPECT_REFUSED(" fence.mbarrier_init.release.cluster;\n", "does not model mbarrier objects", 2);
    WSH_EXPECT_REFUSED(" fence.proxy.async.shared;\n", "fence.proxy.async orders .global or .shared::cta", 2);
    WSH_EXPECT_REFUSED(" fence.proxy.async.local;\n", "not .local", 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hints_change_nothing),
        cmocka_unit_test(test_fence_proxy),
        cmocka_unit_test(test_refused_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
