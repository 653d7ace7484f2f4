/* test_shfl_rule.c: ws_shfl_rule and ws_shfl_c_for_width, the shuffle routing without a kernel.
 *
 * Three sources of truth:
 *   1. the PTX ISA pseudo-code for shfl.sync (written out again below, independently of
 *      sim/exec_warp.c, and compared over every lane, b and c);
 *   2. what an H200 did, from ../shared/HARDWARE-NOTES.md: "Measured on one NVIDIA H200 (sm_90,
 *      driver 580.159.04, CUDA 13.0, SM clock 1980 MHz), 2026-11-29"; each test that encodes
 *      one of its facts quotes it;
 *   3. the lane tables printed by real GPUs in seed 002 (shared/seeds/002_143ab76cbcb90d1b.txt,
 *      sections 1.1-1.3), encoded here as tables of source lanes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>

#include "warpsim/warpsim.h"

static const char *const mode_name[] = {"up", "down", "bfly", "idx"};

/* The PTX ISA's pseudo-code for shfl.sync (PTX ISA 9.0, "shfl.sync"):
 *     lane[4:0] = [Thread].laneid;  bval[4:0] = b[4:0];
 *     cval[4:0] = c[4:0];           segmask[4:0] = c[12:8];
 *     maxLane = (lane[4:0] & segmask[4:0]) | (cval[4:0] & ~segmask[4:0]);
 *     minLane = (lane[4:0] & segmask[4:0]);
 *     .up:   j = lane - bval; pval = (j >= maxLane);
 *     .down: j = lane + bval; pval = (j <= maxLane);
 *     .bfly: j = lane ^ bval; pval = (j <= maxLane);
 *     .idx:  j = minLane | (bval[4:0] & ~segmask[4:0]); pval = (j <= maxLane);
 *     if (!pval) j = lane;  // copy from own lane
 */
static void reference(ws_shfl_mode mode, unsigned lane, uint32_t b, uint32_t c, int *src, int *p)
{
    int bval = (int)(b & 0x1f), cval = (int)(c & 0x1f), segmask = (int)((c >> 8) & 0x1f);
    int l = (int)(lane & 0x1f);
    int max_lane = (l & segmask) | (cval & ~segmask);
    int min_lane = l & segmask;
    int j, pval;
    if (mode == WS_SHFL_UP) {
        j = l - bval;
        pval = j >= max_lane;
    } else if (mode == WS_SHFL_DOWN) {
        j = l + bval;
        pval = j <= max_lane;
    } else if (mode == WS_SHFL_BFLY) {
        j = l ^ bval;
        pval = j <= max_lane;
    } else {
        j = min_lane | (bval & ~segmask);
        pval = j <= max_lane;
    }
    *src = pval ? j : l;
    *p = pval;
}

/* Check one (mode, b, c) over the whole warp against expected source lanes and predicates. */
static void expect_routes(const char *what, ws_shfl_mode mode, uint32_t b, uint32_t c, const int src[32],
                          const int pred[32])
{
    int bad = 0;
    for (unsigned l = 0; l < 32; l++) {
        ws_shfl_route r = ws_shfl_rule(mode, l, b, c);
        if (r.src != src[l] || (pred && (int)r.in_range != pred[l])) {
            print_error("%s: shfl.%s b=0x%x c=0x%x lane %u: expected source %d p=%d, got source %d p=%d\n", what,
                        mode_name[mode], b, c, l, src[l], pred ? pred[l] : -1, r.src, (int)r.in_range);
            bad++;
        }
    }
    if (bad)
        fail_msg("%s: %d lanes differ", what, bad);
}

/* ---- 1. the PTX ISA formula over every lane, b (incl. negative and > 31) and c -------------- */
static void test_formula_exhaustive(void **state)
{
    (void)state;
    static const uint32_t extra_b[] = {32, 33, 63, 64, 0xffffffffu, 0xffffffe1u, 0x80000005u, 0x12345678u};
    unsigned checked = 0;
    for (int mode = 0; mode < 4; mode++)
        for (unsigned ci = 0; ci < 32 * 32 + 4; ci++) {
            /* every clamp and segment mask, then a few with the ignored bits set */
            uint32_t c = ci < 1024 ? ((ci >> 5) << 8) | (ci & 31)
                                   : (uint32_t[]){0xffffe0ffu, 0xdeadbeefu, 0x101fu | 0xff00e0u, 0xffffffffu}[ci - 1024];
            for (unsigned bi = 0; bi < 32 + 8; bi++) {
                uint32_t b = bi < 32 ? bi : extra_b[bi - 32];
                for (unsigned lane = 0; lane < 32; lane++) {
                    int src, p;
                    reference((ws_shfl_mode)mode, lane, b, c, &src, &p);
                    ws_shfl_route r = ws_shfl_rule((ws_shfl_mode)mode, lane, b, c);
                    if (r.src != src || (int)r.in_range != p)
                        fail_msg("shfl.%s lane %u b=0x%x c=0x%x: PTX ISA gives source %d p=%d, ws_shfl_rule %d p=%d",
                                 mode_name[mode], lane, b, c, src, p, r.src, (int)r.in_range);
                    if (r.src < 0 || r.src > 31)
                        fail_msg("source lane %d out of the warp", r.src);
                    checked++;
                }
            }
        }
    assert_int_equal(checked, 4 * 1028 * 40 * 32);
}

/* ---- 2. CUDA's width -> c ------------------------------------------------------------------------ */
static void test_c_for_width(void **state)
{
    (void)state;
    /* DESIGN.md: c = ((32 - w) << 8) | 31 for down, bfly and idx; c = (32 - w) << 8 for up */
    static const unsigned widths[] = {1, 2, 4, 8, 16, 32};
    for (unsigned i = 0; i < 6; i++) {
        unsigned w = widths[i];
        assert_int_equal(ws_shfl_c_for_width(WS_SHFL_UP, w), (32 - w) << 8);
        assert_int_equal(ws_shfl_c_for_width(WS_SHFL_DOWN, w), ((32 - w) << 8) | 31);
        assert_int_equal(ws_shfl_c_for_width(WS_SHFL_BFLY, w), ((32 - w) << 8) | 31);
        assert_int_equal(ws_shfl_c_for_width(WS_SHFL_IDX, w), ((32 - w) << 8) | 31);
    }
    /* the constants nvcc writes into the programs/ PTX */
    assert_int_equal(ws_shfl_c_for_width(WS_SHFL_DOWN, 16), 0x101f);
    assert_int_equal(ws_shfl_c_for_width(WS_SHFL_UP, 16), 0x1000);
    assert_int_equal(ws_shfl_c_for_width(WS_SHFL_IDX, 32), 0x1f);
    assert_int_equal(ws_shfl_c_for_width(WS_SHFL_UP, 32), 0);
}

/* HARDWARE-NOTES.md (H200, driver 580.159.04, CUDA 13.0, 2026-11-29): "CUDA's width w maps to
 * c exactly as DESIGN.md says, also for illegal widths (0 and 64 behave as 32)". */
static void test_width_0_and_64_act_as_32(void **state)
{
    (void)state;
    for (int mode = 0; mode < 4; mode++)
        for (unsigned b = 0; b < 40; b++)
            for (unsigned lane = 0; lane < 32; lane++) {
                ws_shfl_route r32 = ws_shfl_rule((ws_shfl_mode)mode, lane, b, ws_shfl_c_for_width((ws_shfl_mode)mode, 32));
                ws_shfl_route r0 = ws_shfl_rule((ws_shfl_mode)mode, lane, b, ws_shfl_c_for_width((ws_shfl_mode)mode, 0));
                ws_shfl_route r64 = ws_shfl_rule((ws_shfl_mode)mode, lane, b, ws_shfl_c_for_width((ws_shfl_mode)mode, 64));
                if (r0.src != r32.src || r0.in_range != r32.in_range || r64.src != r32.src ||
                    r64.in_range != r32.in_range)
                    fail_msg("shfl.%s b=%u lane %u: width 32 gives %d/%d, width 0 %d/%d, width 64 %d/%d", mode_name[mode],
                             b, lane, r32.src, r32.in_range, r0.src, r0.in_range, r64.src, r64.in_range);
            }
}

/* HARDWARE-NOTES.md (H200, 2026-11-29): "only b & 31, c & 31 and (c >> 8) & 31 matter; every
 * other bit of b and c is ignored". */
static void test_only_low_bits_matter(void **state)
{
    (void)state;
    static const uint32_t b_noise[] = {0x20, 0x40, 0x80, 0x100, 0x10000, 0x80000000u, 0xffffffe0u};
    static const uint32_t c_noise[] = {0x20, 0x40, 0x80, 0x2000, 0x4000, 0x8000, 0x10000, 0xff000000u, 0xffffe0e0u};
    for (int mode = 0; mode < 4; mode++)
        for (unsigned b = 0; b < 32; b += 3)
            for (unsigned c = 0; c < 0x2000; c += 0x101)
                for (unsigned lane = 0; lane < 32; lane++) {
                    ws_shfl_route base = ws_shfl_rule((ws_shfl_mode)mode, lane, b, c & 0x1f1f);
                    for (unsigned i = 0; i < 7; i++) {
                        ws_shfl_route r = ws_shfl_rule((ws_shfl_mode)mode, lane, b | b_noise[i], c & 0x1f1f);
                        if (r.src != base.src || r.in_range != base.in_range)
                            fail_msg("shfl.%s lane %u: b=0x%x gives %d/%d but b=0x%x gives %d/%d", mode_name[mode], lane, b,
                                     base.src, base.in_range, b | b_noise[i], r.src, r.in_range);
                    }
                    for (unsigned i = 0; i < 9; i++) {
                        ws_shfl_route r = ws_shfl_rule((ws_shfl_mode)mode, lane, b, (c & 0x1f1f) | c_noise[i]);
                        if (r.src != base.src || r.in_range != base.in_range)
                            fail_msg("shfl.%s lane %u: c=0x%x gives %d/%d but c=0x%x gives %d/%d", mode_name[mode], lane,
                                     c & 0x1f1f, base.src, base.in_range, (c & 0x1f1f) | c_noise[i], r.src, r.in_range);
                    }
                }
}

/* HARDWARE-NOTES.md (H200, 2026-11-29): "a delta of 32 is the identity (p = 1), 33 shifts by 1
 * (even at width 8), -1 acts as 31". */
static void test_delta_32_33_minus1(void **state)
{
    (void)state;
    int src[32], p[32];
    /* delta 32: identity with p = 1, for up, down and xor at every width */
    for (int mode = 0; mode < 3; mode++)
        for (unsigned w = 1; w <= 32; w *= 2) {
            for (int l = 0; l < 32; l++) {
                src[l] = l;
                p[l] = 1;
            }
            char what[64];
            snprintf(what, sizeof what, "delta 32, width %u", w);
            expect_routes(what, (ws_shfl_mode)mode, 32, ws_shfl_c_for_width((ws_shfl_mode)mode, w), src, p);
        }
    /* delta 33 at width 8: down moves by one inside each 8-lane segment; the top lane keeps */
    for (int l = 0; l < 32; l++) {
        src[l] = (l % 8 == 7) ? l : l + 1;
        p[l] = l % 8 != 7;
    }
    expect_routes("__shfl_down_sync(w=8, 33)", WS_SHFL_DOWN, 33, ws_shfl_c_for_width(WS_SHFL_DOWN, 8), src, p);
    for (int l = 0; l < 32; l++) {
        src[l] = (l % 8 == 0) ? l : l - 1;
        p[l] = l % 8 != 0;
    }
    expect_routes("__shfl_up_sync(w=8, 33)", WS_SHFL_UP, 33, ws_shfl_c_for_width(WS_SHFL_UP, 8), src, p);
    /* -1 acts as 31: down by 31 moves only lane 0 (it reads lane 31) */
    for (int l = 0; l < 32; l++) {
        src[l] = l == 0 ? 31 : l;
        p[l] = l == 0;
    }
    expect_routes("__shfl_down_sync(32, -1)", WS_SHFL_DOWN, (uint32_t)-1, ws_shfl_c_for_width(WS_SHFL_DOWN, 32), src, p);
    for (int l = 0; l < 32; l++) {
        src[l] = l == 31 ? 0 : l;
        p[l] = l == 31;
    }
    expect_routes("__shfl_up_sync(32, -1)", WS_SHFL_UP, (uint32_t)-1, ws_shfl_c_for_width(WS_SHFL_UP, 32), src, p);
}

/* HARDWARE-NOTES.md (H200, 2026-11-29): "__shfl_sync(w=8, -1) reads lane segbase+7;
 * __shfl_xor_sync(32, -1) reads lane 31-lane". */
static void test_minus1_idx_w8_and_xor(void **state)
{
    (void)state;
    int src[32], p[32];
    for (int l = 0; l < 32; l++) {
        src[l] = (l & ~7) + 7;
        p[l] = 1;
    }
    expect_routes("__shfl_sync(w=8, -1)", WS_SHFL_IDX, (uint32_t)-1, ws_shfl_c_for_width(WS_SHFL_IDX, 8), src, p);
    for (int l = 0; l < 32; l++) {
        src[l] = 31 - l;
        p[l] = 1;
    }
    expect_routes("__shfl_xor_sync(32, -1)", WS_SHFL_BFLY, (uint32_t)-1, ws_shfl_c_for_width(WS_SHFL_BFLY, 32), src, p);
}

/* HARDWARE-NOTES.md (H200, 2026-11-29): "idx wraps inside the caller's own segment
 * (__shfl_sync(w=16, 17) reads segbase+1)"; seed 002 §1.1 prints the same (lanes 0-15 get 1,
 * lanes 16-31 get 17). */
static void test_idx_wraps_in_segment(void **state)
{
    (void)state;
    int src[32], p[32];
    for (int l = 0; l < 32; l++) {
        src[l] = (l & ~15) + 1;
        p[l] = 1;
    }
    expect_routes("__shfl_sync(w=16, 17)", WS_SHFL_IDX, 17, ws_shfl_c_for_width(WS_SHFL_IDX, 16), src, p);
    /* every width: lane reads segbase + (b % w) */
    for (unsigned w = 1; w <= 32; w *= 2)
        for (unsigned b = 0; b < 64; b++) {
            for (int l = 0; l < 32; l++) {
                src[l] = (int)((unsigned)l & ~(w - 1)) + (int)(b % 32 % w);
                p[l] = 1;
            }
            char what[64];
            snprintf(what, sizeof what, "__shfl_sync(w=%u, %u)", w, b);
            expect_routes(what, WS_SHFL_IDX, b, ws_shfl_c_for_width(WS_SHFL_IDX, w), src, p);
        }
}

/* HARDWARE-NOTES.md (H200, 2026-11-29): "xor reaches an earlier segment but never a later one
 * (__shfl_xor_sync(w=16, 17): lanes 0-15 keep their own value, lane 16 reads lane 1, lane 17
 * reads lane 0, ...)". */
static void test_xor_w16_mask17(void **state)
{
    (void)state;
    int src[32], p[32];
    for (int l = 0; l < 32; l++) {
        src[l] = l < 16 ? l : l ^ 17;
        p[l] = l >= 16;
    }
    assert_int_equal(src[16], 1);
    assert_int_equal(src[17], 0);
    expect_routes("__shfl_xor_sync(w=16, 17)", WS_SHFL_BFLY, 17, ws_shfl_c_for_width(WS_SHFL_BFLY, 16), src, p);
}

/* HARDWARE-NOTES.md (H200, 2026-11-29), non-canonical c: "idx b=5 c=0x1c05 gives lanes 0-3 the
 * value of lane 1, lanes 4-7 lane 5, lanes 8-11 lane 9, ...; down b=5 c=0x7 moves only lanes
 * 0-2; up b=5 c=0x1c05 has p = 0 on every lane". */
static void test_noncanonical_c(void **state)
{
    (void)state;
    int src[32], p[32];
    for (int l = 0; l < 32; l++) {
        src[l] = (l & ~3) + 1;
        p[l] = 1;
    }
    assert_int_equal(src[0], 1);
    assert_int_equal(src[7], 5);
    assert_int_equal(src[11], 9);
    expect_routes("idx b=5 c=0x1c05", WS_SHFL_IDX, 5, 0x1c05, src, p);
    for (int l = 0; l < 32; l++) {
        src[l] = l <= 2 ? l + 5 : l;
        p[l] = l <= 2;
    }
    expect_routes("down b=5 c=0x7", WS_SHFL_DOWN, 5, 0x7, src, p);
    for (int l = 0; l < 32; l++) {
        src[l] = l;
        p[l] = 0;
    }
    expect_routes("up b=5 c=0x1c05", WS_SHFL_UP, 5, 0x1c05, src, p);
}

/* ---- 3. seed 002's printed tables (real GPU output), as source lanes ------------------------------ */

/* §1.2 __shfl_up_sync(FULL, v, 5, 16): "in each group, lanes 0 to delta-1 keep their value,
 * lanes delta to width-1 get lane - delta's" */
static const int seed_up_w16_d5[32] = {0,  1,  2,  3,  4,  0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                       16, 17, 18, 19, 20, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26};
/* §1.2 __shfl_down_sync(FULL, v, 5, 16): the 5 highest lanes of each group keep their value */
static const int seed_down_w16_d5[32] = {5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 11, 12, 13, 14, 15,
                                         21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 27, 28, 29, 30, 31};
/* §1.1 __shfl_sync(FULL, v, 5, 16): 5 for lanes 0-15, 21 for lanes 16-31 */
static const int seed_idx5_w16[32] = {5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
                                      21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21};
/* §1.1 __shfl_sync(FULL, v, 17, 16): 1 for lanes 0-15, 17 for lanes 16-31 */
static const int seed_idx17_w16[32] = {1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,
                                       17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17};
/* §1.3 __shfl_xor_sync(FULL, v, 16): "0 to 15 become 16 to 31, and 16 to 31 become 0 to 15" */
static const int seed_xor16[32] = {16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
                                   0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15};
/* §1.1 __shfl_sync(FULL, v, 5, 32): every lane reads 5 */
static const int seed_idx5_w32[32] = {5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
                                      5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};

static void test_seed002_tables(void **state)
{
    (void)state;
    expect_routes("seed 002 up w16 d5", WS_SHFL_UP, 5, ws_shfl_c_for_width(WS_SHFL_UP, 16), seed_up_w16_d5, NULL);
    expect_routes("seed 002 down w16 d5", WS_SHFL_DOWN, 5, ws_shfl_c_for_width(WS_SHFL_DOWN, 16), seed_down_w16_d5, NULL);
    expect_routes("seed 002 idx 5 w16", WS_SHFL_IDX, 5, ws_shfl_c_for_width(WS_SHFL_IDX, 16), seed_idx5_w16, NULL);
    expect_routes("seed 002 idx 17 w16", WS_SHFL_IDX, 17, ws_shfl_c_for_width(WS_SHFL_IDX, 16), seed_idx17_w16, NULL);
    expect_routes("seed 002 xor 16", WS_SHFL_BFLY, 16, ws_shfl_c_for_width(WS_SHFL_BFLY, 32), seed_xor16, NULL);
    expect_routes("seed 002 idx 5 w32", WS_SHFL_IDX, 5, ws_shfl_c_for_width(WS_SHFL_IDX, 32), seed_idx5_w32, NULL);
    /* the predicate: up w16 d5 is out of range exactly for the lanes that keep their value */
    for (unsigned l = 0; l < 32; l++) {
        ws_shfl_route r = ws_shfl_rule(WS_SHFL_UP, l, 5, ws_shfl_c_for_width(WS_SHFL_UP, 16));
        if (r.in_range != (l % 16 >= 5))
            fail_msg("up w16 d5 lane %u: p=%d, expected %d", l, r.in_range, l % 16 >= 5);
        r = ws_shfl_rule(WS_SHFL_DOWN, l, 5, ws_shfl_c_for_width(WS_SHFL_DOWN, 16));
        if (r.in_range != (l % 16 < 11))
            fail_msg("down w16 d5 lane %u: p=%d, expected %d", l, r.in_range, l % 16 < 11);
    }
}

/* The 5-step reduction (seed 000 §3) routes: down 16, 8, 4, 2, 1 at width 32; lane 0 reads
 * 16, 8, 4, 2, 1 and the top lanes keep their values with p = 0. */
static void test_reduction_routes(void **state)
{
    (void)state;
    for (unsigned d = 16; d >= 1; d /= 2) {
        int src[32], p[32];
        for (int l = 0; l < 32; l++) {
            src[l] = l + (int)d <= 31 ? l + (int)d : l;
            p[l] = l + (int)d <= 31;
        }
        expect_routes("reduction step", WS_SHFL_DOWN, d, 0x1f, src, p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formula_exhaustive),
        cmocka_unit_test(test_c_for_width),
        cmocka_unit_test(test_width_0_and_64_act_as_32),
        cmocka_unit_test(test_only_low_bits_matter),
        cmocka_unit_test(test_delta_32_33_minus1),
        cmocka_unit_test(test_minus1_idx_w8_and_xor),
        cmocka_unit_test(test_idx_wraps_in_segment),
        cmocka_unit_test(test_xor_w16_mask17),
        cmocka_unit_test(test_noncanonical_c),
        cmocka_unit_test(test_seed002_tables),
        cmocka_unit_test(test_reduction_routes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
