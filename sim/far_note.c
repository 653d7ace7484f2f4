/* far_note.c: the note on a launch that ran far code (docs/diagnostics.md "Far code").
 *
 * Far code is a kernel whose code runs past what the instruction caches keep (the preset's ifetch.far KiB): its
 * lines are fetched again in every launch (sim/timing.c far_code). How fast that fetch goes is not one figure of the
 * hardware: one warp's pace differs card to card (the same kernel 8264 cycles on one H100, 9114 on another and on the
 * H200), and at 4 warps a sub-partition the warps share the fetch in one of three shapes that can change between two
 * launches of one kernel (docs/calibration.md "(fwin49)"). warpsim gives one figure; the note says so, with the
 * spread the committed device runs measured. */
#include <stdio.h>

#include "warpsim/warpsim.h"

/* tests/calibration/far_spread.py derives these from every committed far-code device run and fails (ctest
 * calibration_far_spread) where they differ: change them only with the data, and docs/calibration.md "(farnote50)" */
static const ws_far_band measured = {
    .pace_min = 16.1, /* h100b: fwin19 K 0 at 128 threads, 8264 cycles for 512 lines */
    .pace_max = 17.8, /* h100, h100m, h200f: 9113-9114 */
    .cards = 5,       /* h100, h100b, h100m, h100o, h200f */
    .launch_spread_pct = 28, /* h100p's fwin48 e3 at 512 threads: warm launches 16687 to 21409 */
};

ws_far_band ws_far_measured(void) { return measured; }

long ws_far_note(const ws_kernel *k, const ws_result *res, char *text, size_t text_cap)
{
    if (!res->stats.far_blocks || !text_cap)
        return -1;
    snprintf(text, text_cap,
             "far code: the kernel's code runs past what the instruction caches keep, so its time on the card varies "
             "by card and by launch (measured: one warp a sub-partition %.1f-%.1f cycles a line across %u cards; 4 "
             "warps a sub-partition: one kernel's launches up to %u%% apart); the hardware does not pin this cycle "
             "figure down (docs/diagnostics.md \"Far code\")",
             measured.pace_min, measured.pace_max, measured.cards, measured.launch_spread_pct);
    return k ? (long)k->line : 0;
}
