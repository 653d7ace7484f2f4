/* Which lines of a kernel past ifetch.hold a later launch finds in the near caches (sim/ifetch_keep.c
 * ws_ifetch_lru_kept; docs/calibration.md "(near55)", "(near56)"): an LRU cache of sets x ways 128-byte lines, each
 * launch loading `before` lines in the sets before the entry's, then the kernel's lines in order. A set that takes
 * more lines a launch than it has ways keeps none of them (LRU over a sweep); the others keep all. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "ifetch.h"

/* How many of lines [from, to) kept says are there. */
static unsigned count_kept(const uint8_t *kept, unsigned from, unsigned to)
{
    unsigned n = 0;
    for (unsigned l = from; l < to; l++)
        n += kept[l] != 0;
    return n;
}

/* fwin53's 32 KiB kernel (0x8b00 bytes, 278 lines) in the preset's cache (64 x 4, 8 lines before): sets 0-21 take its
 * lines 0-21, 64-85, ... and 256-277 (five), sets 56-63 four of its lines and one of the 8 before the entry: both
 * thrash. Lines 22-55 of every 64 stay, 34 of 64 (the card: runs of three 8.25-line chunks every 8 KiB). */
static void kernel_of_278_lines_keeps_runs_of_34(void **state)
{
    (void)state;
    uint8_t *kept = ws_ifetch_lru_kept(278, 64, 4, 8);
    assert_non_null(kept);
    for (unsigned l = 0; l < 278; l++)
        assert_int_equal(kept[l], l % 64 >= 22 && l % 64 < 56);
    assert_int_equal(count_kept(kept, 0, 278), 4 * 34);
    free(kept);
    /* with none before the entry the runs reach the end of each 64 (near55's cache: runs of 42, one chunk longer) */
    kept = ws_ifetch_lru_kept(278, 64, 4, 0);
    assert_non_null(kept);
    assert_int_equal(count_kept(kept, 0, 278), 4 * 42);
    assert_int_equal(kept[63], 1);
    assert_int_equal(kept[21], 0);
    free(kept);
}

/* A kernel whose lines and the 8 before fit the cache (fwin53's 24 KiB, 202 lines: every chunk near on the card) keeps
 * all; one past 4 lines in every set (320) none. */
static void kernels_within_and_past_the_cache(void **state)
{
    (void)state;
    uint8_t *kept = ws_ifetch_lru_kept(202, 64, 4, 8);
    assert_non_null(kept);
    assert_int_equal(count_kept(kept, 0, 202), 202);
    free(kept);
    kept = ws_ifetch_lru_kept(248, 64, 4, 8); /* 248 + 8 = 256 lines: the cache's, all kept */
    assert_non_null(kept);
    assert_int_equal(count_kept(kept, 0, 248), 248);
    free(kept);
    kept = ws_ifetch_lru_kept(320, 64, 4, 0);
    assert_non_null(kept);
    assert_int_equal(count_kept(kept, 0, 320), 0);
    free(kept);
}

/* No sets or no ways: no cache (the caller then fetches every line again at ifetch.warm_line). */
static void no_cache_without_sets_or_ways(void **state)
{
    (void)state;
    assert_null(ws_ifetch_lru_kept(278, 0, 4, 8));
    assert_null(ws_ifetch_lru_kept(278, 64, 0, 8));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kernel_of_278_lines_keeps_runs_of_34),
        cmocka_unit_test(kernels_within_and_past_the_cache),
        cmocka_unit_test(no_cache_without_sets_or_ways),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
