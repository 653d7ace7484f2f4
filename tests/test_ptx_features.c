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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_warp_sz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
