/* Which lines of a kernel past ifetch.hold a later launch finds in the near caches (sim/ifetch_keep.c
 * ws_ifetch_near_kept; docs/calibration.md "(near58)"): 64 sets x 4 ways of 128-byte lines by address, tree
 * pseudo-LRU, the entry in set entry_set, none of the first 2 lines kept, then 4 lines of other code at sets 36-39
 * each launch. The chunk patterns below are the H100s' (launch 2: '#' under 100 cycles) at three load addresses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "ifetch.h"

/* The preset's near caches with the kernel's entry in set entry, every line they keep found there (after 0: the cache
 * alone; the preset's ifetch.near_after is checked by lines_just_past_a_miss_are_fetched_again). */
static ws_near_cache preset_at(uint32_t entry)
{
    ws_near_cache c = {64, 4, entry, 2, 36, 4, 0};
    return c;
}

/* How many of lines [from, to) kept says are there. */
static unsigned count_kept(const uint8_t *kept, unsigned from, unsigned to)
{
    unsigned n = 0;
    for (unsigned l = from; l < to; l++)
        n += kept[l] != 0;
    return n;
}

/* The 278-line kernel's kept lines at set 46 are the 8 runs [from, to) and no others. */
static void kept_runs_are(const uint8_t *kept, const unsigned runs[8][2])
{
    unsigned l = 0;
    for (unsigned r = 0; r < 8; r++) {
        assert_int_equal(count_kept(kept, l, runs[r][0]), 0);
        assert_int_equal(count_kept(kept, runs[r][0], runs[r][1]), runs[r][1] - runs[r][0]);
        l = runs[r][1];
    }
    assert_int_equal(count_kept(kept, l, 278), 0);
}

/* fwin53's 32 KiB kernel's 32 chunks (0x420 bytes from 0x120): '#' where every line a chunk spans is kept. */
static void chunks_of(const uint8_t *kept, char out[33])
{
    for (unsigned i = 0; i < 32; i++) {
        unsigned lo = 0x120 + 0x420 * i, hi = lo + 0x420;
        out[i] = count_kept(kept, lo / 128, (hi + 127) / 128) == (hi + 127) / 128 - lo / 128 ? '#' : '.';
    }
    out[32] = 0;
}

/* The 32 KiB kernel (0x8b00 bytes, 278 lines) at three of the cards' load addresses: the near runs move with the
 * address as the cards' do (near56's rule, lines counted from the entry, gave one pattern at every address). */
static void kernel_of_278_lines_follows_its_load_address(void **state)
{
    (void)state;
    static const struct {
        uint32_t entry_set;
        const char *card; /* launch 2's near chunks */
    } at[] = {
        {46, "...###.....###....###.....###..."}, /* 0x7ffddb7ad700: a process's first kernel (fwin53, near57 seq) */
        {2, ".....##......##...#.###...#.###."},  /* 0x7ffddb7ae100: near58 pad-0 */
        {18, "...####....####...#####...#####."}, /* 0x7ffddb7ae900: near58 pad-15, pad-16 */
    };
    for (unsigned i = 0; i < sizeof at / sizeof at[0]; i++) {
        ws_near_cache c = preset_at(at[i].entry_set);
        uint8_t *kept = ws_ifetch_near_kept(278, &c, 2);
        assert_non_null(kept);
        char got[33];
        chunks_of(kept, got);
        assert_string_equal(got, at[i].card);
        assert_int_equal(kept[0] | kept[1], 0); /* the entry's 256 bytes: never kept */
        free(kept);
    }
}

/* At the first kernel's place (set 46) lines 0-21 of every 64 share their sets with four more of the kernel's (five
 * a launch: none kept), and lines 54-57 sets 36-39 with the other code's (four of the kernel's and one: none kept):
 * lines 22-53 and 58-63 of every 64 are kept, 160 in all. */
static void first_kernels_place_keeps_160_of_278(void **state)
{
    (void)state;
    ws_near_cache c = preset_at(46);
    uint8_t *kept = ws_ifetch_near_kept(278, &c, 2);
    assert_non_null(kept);
    static const unsigned runs[8][2] = {{22, 54},   {58, 66},   {86, 118},  {122, 130},
                                        {150, 182}, {186, 194}, {214, 246}, {250, 258}};
    kept_runs_are(kept, runs);
    assert_int_equal(count_kept(kept, 0, 278), 160);
    free(kept);
}

/* probe_fsize<2304>'s 294 lines at the first kernel's place: the process's second launch finds 136 of them (a set
 * its lines sweep five times a launch keeps one of them once under tree pseudo-LRU), every later launch 96; the cards'
 * spans read 127 and 89 (docs/calibration.md "(fsize60)", "(second61)"). A later launch past the third is the third. */
static void the_second_launch_keeps_its_own_lines(void **state)
{
    (void)state;
    ws_near_cache c = preset_at(46);
    uint8_t *second = ws_ifetch_near_kept(294, &c, 1), *third = ws_ifetch_near_kept(294, &c, 2),
            *fourth = ws_ifetch_near_kept(294, &c, 3);
    assert_non_null(second);
    assert_non_null(third);
    assert_non_null(fourth);
    assert_int_equal(count_kept(second, 0, 294), 136);
    assert_int_equal(count_kept(third, 0, 294), 96);
    assert_memory_equal(third, fourth, 294);
    for (unsigned l = 0; l < 294; l++) /* the second launch keeps what the third does, and more */
        assert_true(second[l] >= third[l]);
    free(second);
    free(third);
    free(fourth);
}

/* A kernel of 202 lines keeps all but the entry's 2; one of 320 (past 4 lines in every set) 8. With 3 ways (no power
 * of two: the tree's missing way is passed over) 3 lines a set are all kept. */
static void kernels_within_and_past_the_cache(void **state)
{
    (void)state;
    ws_near_cache c = preset_at(46);
    uint8_t *kept = ws_ifetch_near_kept(202, &c, 2);
    assert_non_null(kept);
    assert_int_equal(count_kept(kept, 0, 202), 200);
    free(kept);
    kept = ws_ifetch_near_kept(320, &c, 2);
    assert_non_null(kept);
    assert_int_equal(count_kept(kept, 0, 320), 8);
    free(kept);
    c.ways = 3;
    c.other_lines = 0;
    kept = ws_ifetch_near_kept(192, &c, 2); /* 3 lines a set: all kept but the entry's */
    assert_non_null(kept);
    assert_int_equal(count_kept(kept, 0, 192), 190);
    free(kept);
}

/* ifetch.near_after 2 (docs/calibration.md "(fsize60)"): the first 2 kept lines past a missed one are fetched with
 * the missed ones (the H100s' seq-32 chunks with a line missed take a missed chunk's cycles): at the first kernel's
 * place each of the 8 kept runs starts 2 lines later, 144 of 278 kept; a 202-line kernel loses lines 2-3 (past the
 * entry's 2, never kept). */
static void lines_just_past_a_miss_are_fetched_again(void **state)
{
    (void)state;
    ws_near_cache c = preset_at(46);
    c.after = 2;
    uint8_t *kept = ws_ifetch_near_kept(278, &c, 2);
    assert_non_null(kept);
    static const unsigned runs[8][2] = {{24, 54},   {60, 66},   {88, 118},  {124, 130},
                                        {152, 182}, {188, 194}, {216, 246}, {252, 258}};
    kept_runs_are(kept, runs);
    assert_int_equal(count_kept(kept, 0, 278), 144);
    free(kept);
    kept = ws_ifetch_near_kept(202, &c, 2);
    assert_non_null(kept);
    assert_int_equal(count_kept(kept, 0, 4), 0);
    assert_int_equal(count_kept(kept, 0, 202), 198);
    free(kept);
}

/* No sets or no ways: no cache (the caller then fetches every line again at ifetch.warm_line). */
static void no_cache_without_sets_or_ways(void **state)
{
    (void)state;
    ws_near_cache c = preset_at(46);
    c.sets = 0;
    assert_null(ws_ifetch_near_kept(278, &c, 2));
    c = preset_at(46);
    c.ways = 0;
    assert_null(ws_ifetch_near_kept(278, &c, 2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kernel_of_278_lines_follows_its_load_address),
        cmocka_unit_test(first_kernels_place_keeps_160_of_278),
        cmocka_unit_test(the_second_launch_keeps_its_own_lines),
        cmocka_unit_test(kernels_within_and_past_the_cache),
        cmocka_unit_test(lines_just_past_a_miss_are_fetched_again),
        cmocka_unit_test(no_cache_without_sets_or_ways),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
