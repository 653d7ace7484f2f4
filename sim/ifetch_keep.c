/* Which of a kernel's lines a later launch finds in an instruction cache kept between launches (ifetch.h
 * ws_ifetch_lru_kept; docs/calibration.md "(near55)").
 *
 * fwin53's later launches on the H100 h100u run a kernel's code near (at its own pace) where the near caches kept its
 * line, and at the far pace where they did not: one LRU cache of 128-byte lines, 64 sets of 4 ways (32 KiB), each
 * launch loading the kernel's lines in order, gets 95.5% of the chunks of its 16-40 KiB kernels right (the 32 KiB
 * kernel near in runs every 8 KiB, where the sets hold 4 of its lines, not 5). The model runs every line of the kernel
 * in order (straight-line code, the probes'); warpsim lays a kernel out from 0, and alone in the cache the sets'
 * rotation does not matter. The third launch's hits are the pattern that repeats (the card's launches 2-11). */
#include <stdint.h>
#include <stdlib.h>

#include "ifetch.h"

/* Accesses line in the sets x ways cache tag/used (-1: an empty way; used: the access count at its last use); 1 where
 * it was there. A miss takes an empty way, else the least recently used. */
static int lru_access(int64_t *tag, uint64_t *used, uint32_t sets, uint32_t ways, uint64_t clock, uint32_t line)
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
    for (int launch = 0; launch < 3; launch++) /* the first launch, the next, the one that repeats */
        for (uint32_t l = 0; l < nlines + before; l++) {
            int there = lru_access(tag, used, sets, ways, ++clock, l < before ? sets * 1024 - before + l : l - before);
            if (launch == 2 && l >= before && l - before < nlines)
                kept[l - before] = (uint8_t)there;
        }
    free(tag);
    free(used);
    return kept;
}
