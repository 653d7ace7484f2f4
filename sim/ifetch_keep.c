/* Which of a kernel's lines a later launch finds in an instruction cache kept between launches (ifetch.h
 * ws_ifetch_near_kept; docs/calibration.md "(near55)", "(near56)", "(near58)").
 *
 * fwin53's later launches on the H100s run a kernel's code near (at its own pace) where the near caches kept its
 * line, and at the far pace where they did not. near58 moved the 32 KiB kernel through 32 load addresses 256 bytes
 * apart: the near runs follow the ABSOLUTE address, 8 KiB periodic. One cache of 128-byte lines indexed by address,
 * 64 sets of 4 ways with tree pseudo-LRU replacement, where each launch reads the kernel's lines in order but keeps
 * none of its first 2 (the entry's 256 bytes) and other code of the process then reads 4 lines at sets 36-39, gets
 * 7 of the 1024 chunks of near58's steady launch wrong (near56's rule: 211), 7 of near57's 560 (35) and 6 of each
 * of fwin53's 256 (10): .devjobs/near58/model58.py. Tree pseudo-LRU, not LRU, gives the second launch's longer near
 * runs (a set swept by 5 lines a launch keeps one of them once, then none). The model runs every line of the kernel
 * in order (straight-line code, the probes'); the third launch's hits are the pattern that repeats (the card's
 * launches 2-11). */
#include <stdint.h>
#include <stdlib.h>

#include "ifetch.h"

/* The ways of a tree of `leaves` (a power of two) under node n (heap order: children 2n+1, 2n+2): its first. */
static uint32_t first_way(uint32_t n, uint32_t leaves)
{
    while (n < leaves - 1)
        n = 2 * n + 1;
    return n - (leaves - 1);
}

/* Accesses line in one set of ways (tag: -1 an empty way; bits: the tree's leaves - 1 nodes, 0 pointing to the
 * left child as the next to replace); 1 where it was there. A miss takes the first empty way, else the way the bits
 * point to (a subtree with no way, where ways is not a power of two, is passed over); an access points the bits on
 * its way's path away from it. */
static int plru_access(int64_t *tag, uint8_t *bits, uint32_t ways, uint32_t leaves, int64_t line)
{
    uint32_t way = ways;
    for (uint32_t w = 0; w < ways && way == ways; w++)
        if (tag[w] == line)
            way = w;
    int hit = way < ways;
    for (uint32_t w = 0; w < ways && way == ways; w++)
        if (tag[w] < 0)
            way = w;
    if (way == ways) {
        uint32_t n = 0;
        while (n < leaves - 1) {
            uint32_t child = 2 * n + 1 + bits[n];
            n = first_way(child, leaves) < ways ? child : 2 * n + 1;
        }
        way = n - (leaves - 1);
    }
    tag[way] = line;
    for (uint32_t n = way + leaves - 1; n > 0; n = (n - 1) / 2)
        bits[(n - 1) / 2] = (uint8_t)(n == 2 * ((n - 1) / 2) + 1); /* a left child points its parent right */
    return hit;
}

uint8_t *ws_ifetch_near_kept(uint32_t nlines, const ws_near_cache *c, int launch)
{
    uint32_t sets = c->sets, ways = c->ways, leaves = 1;
    while (leaves < ways)
        leaves *= 2;
    uint8_t *kept = calloc(nlines ? nlines : 1, 1);
    int64_t *tag = malloc((size_t)sets * ways * sizeof *tag);
    uint8_t *bits = calloc((size_t)sets * leaves, 1);
    if (!kept || !tag || !bits || !sets || !ways) {
        free(kept);
        free(tag);
        free(bits);
        return NULL;
    }
    for (size_t i = 0; i < (size_t)sets * ways; i++)
        tag[i] = -1;
    /* the kernel's lines from set entry_set on; the other code's tagged past them, one line a set */
    int64_t other = ((int64_t)c->entry_set + nlines) / sets * sets + sets;
    int last = launch < 2 ? 1 : 2;       /* the second launch's hits, or the third's (the pattern that repeats) */
    for (int at = 0; at <= last; at++) { /* the first launch, the next, the one that repeats */
        for (uint32_t l = c->skip; l < nlines; l++) {
            int64_t line = (int64_t)c->entry_set + l;
            size_t set = (size_t)(line % sets);
            int there = plru_access(tag + set * ways, bits + set * leaves, ways, leaves, line);
            if (at == last)
                kept[l] = (uint8_t)there;
        }
        for (uint32_t o = 0; o < c->other_lines; o++) {
            size_t set = (size_t)((c->other_set + o) % sets);
            plru_access(tag + set * ways, bits + set * leaves, ways, leaves, other + (int64_t)set);
        }
    }
    /* near_after (docs/calibration.md "(fsize60)"): a missed line's fetch brings the next lines from the far level too,
     * kept or not: fwin53's seq-32 chunks with one line missed and eight kept take the far chunk's 124-153 cycles */
    for (uint32_t l = 0, since = c->after; l < nlines; l++)
        if (!kept[l])
            since = 0;
        else if (since < c->after) {
            since++;
            kept[l] = 0;
        }
    free(tag);
    free(bits);
    return kept;
}
