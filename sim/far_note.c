/* far_note.c: the note on a launch that ran far code (docs/diagnostics.md "Far code").
 *
 * Far code is a kernel whose code runs past what the instruction caches keep (the preset's ifetch.far KiB): its
 * lines are fetched again in every launch (sim/timing.c far_code). How fast that fetch goes is not one figure of the
 * hardware: one warp's pace differs card to card (the same kernel 8264 cycles on one H100, 9114 on another and on the
 * H200), at 4 warps a sub-partition the warps share the fetch in one of three shapes that can change between two
 * launches of one kernel (docs/calibration.md "(fwin49)"), and blocks on many SMs at once take longer than one alone.
 * Lines past the first 64 KiB of the kernel's entry are another matter (the preset's ifetch.window): a launch does not
 * bring them, and one card measured them at several times that pace (docs/calibration.md "(win53)"); a launch that
 * fetched them gets those figures too, with the one card they come from. warpsim gives one figure; the note says so,
 * with the spread the committed device runs measured. */
#include <stdio.h>

#include "warpsim/warpsim.h"

/* tests/calibration/far_spread.py derives these from every committed far-code device run and fails (ctest
 * calibration_far_spread) where they differ: change them only with the data, and docs/calibration.md "(farnote50)" */
static const ws_far_band measured = {
    .pace_min = 16.1,        /* h100b: fwin19 K 0 at 128 threads, 8264 cycles for 512 lines */
    .pace_max = 18.2,        /* h100q: fwin50 pace-scrub-e2, 9334 (launches after a scrub of the instruction caches) */
    .cards = 10,             /* h100, h100b, h100m, h100o, h100q, h100r, h100u, h100x, h100z, h200f */
    .launch_spread_pct = 29, /* h100q's fwin50 scrub-e12 at 512 threads: launches 16572 to 21475 */
    .grid_pct = 51,          /* h100q's fwin50 g132-e0: a block on each of 132 SMs, the longest 25200 against 16634 */
    .window_kib = 64,        /* h100u's, h100x's and h100z's fwin53: the bound from the kernel's entry */
    .past_first_min = 60.2,  /* ... h100z's launch 0 of seq-160 (its lines past the window in its first 130 chunks) */
    .past_first_max = 62.4,  /* ... h100x's launch 0 of seq-80 */
    .past_later = 45.7, /* ... seq-160, launches 2-11 (median of the cards'): none of its 132 KiB past the window kept */
    .past_cards = 3,    /* h100u, h100x, h100z */
};

ws_far_band ws_far_measured(void) { return measured; }

long ws_far_note(const ws_kernel *k, const ws_result *res, char *text, size_t text_cap)
{
    if (!res->stats.far_blocks || !text_cap)
        return -1;
    /* lines past the window: their figures, measured on fewer cards, only where the launch fetched such lines */
    char past[256] = "";
    if (res->stats.window_blocks)
        snprintf(past, sizeof past,
                 "; lines past the kernel's first %u KiB, one warp: %.1f-%.1f cycles a line in a first launch, %.1f "
                 "where a later launch fetches them again, on %u card%s",
                 measured.window_kib, measured.past_first_min, measured.past_first_max, measured.past_later,
                 measured.past_cards, measured.past_cards == 1 ? "" : "s");
    snprintf(text, text_cap,
             "far code: the kernel's code runs past what the instruction caches keep, so its time on the card varies "
             "by card and by launch (measured: one warp a sub-partition %.1f-%.1f cycles a line across %u cards; 4 "
             "warps a sub-partition: one kernel's launches up to %u%% apart; a block on each of 132 SMs: up to %u%% "
             "longer than one alone%s); the hardware does not pin this cycle figure down (docs/diagnostics.md \"Far "
             "code\")",
             measured.pace_min, measured.pace_max, measured.cards, measured.launch_spread_pct, measured.grid_pct, past);
    return k ? (long)k->line : 0;
}
