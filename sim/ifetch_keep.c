/* Which of a kernel's lines a later launch finds in an instruction cache kept between launches (ifetch.h
 * ws_ifetch_lru_kept; docs/calibration.md "(near55)", "(near56)").
 *
 * fwin53's later launches on the H100 h100u run a kernel's code near (at its own pace) where the near caches kept its
 * line, and at the far pace where they did not. One LRU cache of 128-byte lines, 64 sets of 4 ways (32 KiB), each
 * launch loading 8 lines in the sets before the entry's and then the kernel's lines in order, gets 95.9% of the
 * chunks of its 16-40 KiB kernels right (.devjobs/near55/near55.py --before): the 32 KiB kernel near in runs of three
 * chunks every 8 KiB, where the sets hold 4 of its lines, not 5, nor 4 and one of the 8. What the 8 lines are the data do
 * not say (code or data the launch reads through the same cache); with none (near55) the runs are a chunk longer.
 * The model runs every line of the kernel in order (straight-line code, the probes'); warpsim lays a kernel out from
 * set 0, and alone in the cache the sets' rotation does not matter. The third launch's hits are the pattern that
 * repeats (the card's launches 2-11). */
#include <stdint.h>
#include <stdlib.h>

#include "ifetch.h"

/* Accesses line in the sets x ways cache tag/used (-1: an empty way; used: the access count at its last use); 1 where
 * it was there. A miss takes an empty way, else the least recently used. */
static int lru_access(int64_t *tag, uint64_t *used, uint32_t sets, uint32_t ways, uint64_t clock, int64_t line)
{
    tag += (size_t)(line % sets) * ways;
    used += (size_t)(line % sets) * ways;
    uint32_t victim = 0;
    for (uint32_t w = 0; w < ways; w++) {
        if (tag[w] == line) {
            used[w] = clock;
            return 1;
        }
        if (tag[victim] >= 0 && (tag[w] < 0 || used[w] < used[victim]))
            victim = w;
    }
    tag[victim] = line;
    used[victim] = clock;
    return 0;
}

uint8_t *ws_ifetch_lru_kept(uint32_t nlines, uint32_t sets, uint32_t ways, uint32_t before)
{
    uint8_t *kept = calloc(nlines ? nlines : 1, 1);
    int64_t *tag = malloc((size_t)sets * ways * sizeof *tag);
    uint64_t *used = calloc((size_t)sets * ways, sizeof *used), clock = 0;
    if (!kept || !tag || !used || !sets || !ways) {
        free(kept);
        free(tag);
        free(used);
        return NULL;
    }
    for (size_t i = 0; i < (size_t)sets * ways; i++)
        tag[i] = -1;
    /* the lines before the entry: in the sets before set 0 (other = -before modulo sets), tagged past the kernel's */
    int64_t other = (((int64_t)nlines + before) / sets + 1) * sets - before;
    for (int launch = 0; launch < 3; launch++) { /* the first launch, the next, the one that repeats */
        for (uint32_t b = 0; b < before; b++)
            lru_access(tag, used, sets, ways, ++clock, other + b);
        for (uint32_t l = 0; l < nlines; l++) {
            int there = lru_access(tag, used, sets, ways, ++clock, l);
            if (launch == 2)
                kept[l] = (uint8_t)there;
        }
    }
    free(tag);
    free(used);
    return kept;
}
