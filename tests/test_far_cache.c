/* The far cache kept between a process's launches (sim/far_cache.c), the keep map a launch feeds it for
 * (sim/far_keep.c), and ptxas's block order that places the lines (sim/block_layout.c): docs/calibration.md
 * "(keep53)", "(beside54)", "(keep56)". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "block_layout.h"
#include "far_cache.h"
#include "ifetch.h"
#include "warpsim/isa.h"

static const int K; /* a kernel: the cache tags lines by kernel */

/* LRU (fwin53's fit): a set of 2 ways loses the line used least recently; a hit of any kind is a use. */
static void lru_loses_the_least_recent(void **state)
{
    (void)state;
    ws_far_cache c = {0};
    assert_int_equal(ws_far_cache_shape(&c, 4, 2, WS_FAR_LRU), 0);
    assert_false(ws_far_cache_access(&c, &K, 0, 1));
    assert_false(ws_far_cache_access(&c, &K, 4, 1)); /* set 0 full: 0, 4 */
    assert_true(ws_far_cache_access(&c, &K, 0, 0));  /* a prefetch hit is a use: 4 is the least recent */
    assert_false(ws_far_cache_access(&c, &K, 8, 1)); /* evicts 4 */
    assert_true(ws_far_cache_holds(&c, &K, 0));
    assert_false(ws_far_cache_holds(&c, &K, 4));
    assert_true(ws_far_cache_holds(&c, &K, 8));
    assert_false(ws_far_cache_holds(&c, (const void *)&c, 8)); /* another kernel's line 8 */
    ws_far_cache_free(&c);
}

/* RRIP (beside54's): a line a warp ran (a demand hit, 1) goes before one that came in since (0); a prefetch hit leaves
 * the line's value; with every way at the same value the first way goes. */
static void rrip_lets_run_code_go_first(void **state)
{
    (void)state;
    ws_far_cache c = {0};
    assert_int_equal(ws_far_cache_shape(&c, 1, 2, WS_FAR_RRIP), 0);
    ws_far_cache_access(&c, &K, 10, 1);
    ws_far_cache_access(&c, &K, 11, 1);
    assert_true(ws_far_cache_access(&c, &K, 11, 1));  /* 11 ran: 1, 10 stays 0 */
    assert_false(ws_far_cache_access(&c, &K, 12, 1)); /* 11 goes (LRU would evict 10) */
    assert_true(ws_far_cache_holds(&c, &K, 10));
    assert_false(ws_far_cache_holds(&c, &K, 11));
    assert_true(ws_far_cache_access(&c, &K, 10, 0));  /* a prefetch hit leaves 10 aged (2), 12 at 0 */
    assert_false(ws_far_cache_access(&c, &K, 13, 1)); /* 10 reaches 3 first and goes (LRU would evict 12) */
    assert_false(ws_far_cache_holds(&c, &K, 10));
    assert_true(ws_far_cache_holds(&c, &K, 12));
    ws_far_cache_free(&c);
}

/* The keep map of straight-line code (fwin53's seq-KB at warpsim's layout, 128 sets x 8 LRU ways, 24 lines past the
 * end): 768 lines (96 KiB: at most 6 a set with the window) all kept; 1070 (seq-128) in part, the sets the kernel's
 * tail and the lines past its end fill to a ninth line lost; 1280 (160 KiB: 10 a set) none. */
static unsigned kept_past_window(uint32_t nlines, int policy, const uint32_t *order, uint32_t n)
{
    ws_ifetch f;
    memset(&f, 0, sizeof f);
    f.nlines = nlines;
    f.window = 512;
    ws_far_cache c = {0};
    assert_int_equal(ws_far_cache_shape(&c, 128, 8, policy), 0);
    uint8_t *map = malloc(nlines);
    assert_non_null(map);
    ws_ifetch_keep(&f, map, &c, &K, order, n, 24, 2);
    unsigned kept = 0;
    for (uint32_t l = f.window; l < nlines; l++)
        kept += map[l];
    free(map);
    ws_far_cache_free(&c);
    return kept;
}

static void straight_code_keeps_by_size(void **state)
{
    (void)state;
    assert_int_equal(kept_past_window(768, WS_FAR_LRU, NULL, 0), 768 - 512);
    unsigned part = kept_past_window(1070, WS_FAR_LRU, NULL, 0);
    print_message("1070 lines: %u of %u past the window kept\n", part, 1070 - 512);
    assert_true(part >= 150 && part <= 300); /* the card: ~46 of each 128 */
    assert_int_equal(kept_past_window(1280, WS_FAR_LRU, NULL, 0), 0);
}

/* The order a launch asked for its lines in is what the cache takes (the previous launch's, by time): the same lines
 * laid out 0..1069 but asked for in two interleaved halves keep other lines than in layout order under RRIP. */
static void order_decides_what_is_kept(void **state)
{
    (void)state;
    uint32_t n = 1070, *order = malloc(n * sizeof *order);
    assert_non_null(order);
    uint32_t at = 0, half = 512 + (n - 512) / 2;
    for (uint32_t l = 0; l < 512; l++)
        order[at++] = l;
    for (uint32_t i = 0; 512 + i < half || half + i < n; i++) { /* A's and B's lines by turns */
        if (512 + i < half)
            order[at++] = 512 + i;
        if (half + i < n)
            order[at++] = half + i;
    }
    assert_int_equal(at, n);
    unsigned layout = kept_past_window(n, WS_FAR_RRIP, NULL, 0), mixed = kept_past_window(n, WS_FAR_RRIP, order, n);
    print_message("RRIP, 1070 lines: %u kept in layout order, %u interleaved\n", layout, mixed);
    assert_int_not_equal(layout, mixed);
    free(order);
}

/* ptxas's block order (fwin40's role dispatch, "(keep53)"): `@%p1 bra LOOP; bra.uni D; ... D: @%p2 bra B; bra.uni A;
 * B: ...; A: ...; END` lays out A, then B, then the loop, then the tail: the reverse postorder of a walk that takes a
 * branch's target before its fall-through. */
static void blocks_in_ptxas_order(void **state)
{
    (void)state;
    static const char ptx[] =
        ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<8>;\n.reg .pred %p<3>;\n"
        "mov.u32 %r1, %tid.x;\n"         /* 0 */
        "setp.eq.u32 %p1, %r1, 2;\n"     /* 1 */
        "@%p1 bra LOOP;\n"               /* 2 */
        "bra.uni D;\n"                   /* 3 */
        "LOOP:\nadd.u32 %r2, %r2, 1;\n"  /* 4 */
        "bra.uni END;\n"                 /* 5 */
        "D:\nsetp.eq.u32 %p2, %r1, 3;\n" /* 6 */
        "@%p2 bra B;\n"                  /* 7 */
        "bra.uni A;\n"                   /* 8 */
        "B:\nadd.u32 %r3, %r3, 1;\n"     /* 9 */
        "bra.uni END;\n"                 /* 10 */
        "A:\nadd.u32 %r4, %r4, 1;\n"     /* 11 */
        "END:\nret;\n}\n";               /* 12 */
    ws_parse_error err;
    ws_module *m = ws_module_parse(ptx, sizeof ptx - 1, "layout.ptx", &err);
    assert_non_null(m);
    const ws_kernel *k = &m->kernels[0];
    assert_int_equal(k->ninsns, 13);
    uint32_t *rank = ws_block_layout_rank(k->insns, k->ninsns);
    assert_non_null(rank);
    assert_int_equal(rank[0], 0);
    assert_true(rank[11] < rank[9]); /* A before B */
    assert_true(rank[9] < rank[4]);  /* B before the loop */
    assert_true(rank[4] < rank[12]); /* the loop before the tail */
    assert_true(rank[6] < rank[11]); /* the dispatch before A */
    uint32_t order[13];
    for (uint32_t pc = 0; pc < 13; pc++)
        order[pc] = pc;
    uint32_t *laid = ws_block_layout_sort(order, rank, 13);
    assert_non_null(laid);
    assert_int_equal(laid[0], 0);
    assert_int_equal(laid[12], 12);
    for (uint32_t p = 1; p < 13; p++) /* each block's instructions together and in order */
        assert_true(rank[laid[p - 1]] < rank[laid[p]] || laid[p - 1] < laid[p]);
    free(laid);
    free(rank);
    ws_module_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lru_loses_the_least_recent),  cmocka_unit_test(rrip_lets_run_code_go_first),
        cmocka_unit_test(straight_code_keeps_by_size), cmocka_unit_test(order_decides_what_is_kept),
        cmocka_unit_test(blocks_in_ptxas_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
