/* Which of a far kernel's lines past the launch's window a later launch finds kept (ifetch.keep_sets; docs/
 * calibration.md "(keep53)", "(keep56)"), and the order a launch asked for its lines in.
 *
 * fwin53's chunks on the H100 h100u fit one cache kept between launches (far_cache.h: 128 sets of 8 ways of 128-byte
 * lines). Each launch loads the window (the first ifetch.window KiB from the entry, ws_ifetch.window's lines), then
 * the lines its warps ask for, then keep_past_end lines past the kernel's last (the fetch runs on past the last
 * instruction); a line past the window is kept where the cache holds it when the launch asks for it. A launch does
 * not know its own order before it runs, so it feeds the one the kernel's previous launch in the process recorded
 * (ws_ifetch_order: by the simulated cycle its line came, so that region A's warps and region B's beside them
 * interleave by time, not by layout: docs/calibration.md "(beside54)"); a kernel with none recorded feeds its lines in
 * layout order, straight-line code's order. The card's launches 2-11 repeat one pattern (seq-128: the 82 lines of
 * each 16 KiB whose sets the kernel's tail and the lines past its end fill to a ninth line miss, the other 46 are
 * kept; seq-96 all kept; seq-160 none). warpsim lays a kernel out from 0; alone in the cache the sets' rotation does
 * not matter. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ifetch.h"

/* One launch's stream through c: the window, order's n lines (NULL: the layout's, every line), past_end lines past
 * the end. map (nlines, or NULL): per line past the window, 1 where the cache held it when asked for. */
static void feed(const ws_ifetch *f, ws_far_cache *c, const void *kernel, const uint32_t *order, uint32_t n,
                 uint32_t past_end, uint8_t *map)
{
    for (uint32_t l = 0; l < f->window && l < f->nlines; l++)
        ws_far_cache_access(c, kernel, l, 0);
    if (map)
        memset(map, 0, f->nlines);
    uint32_t asked = order ? n : f->nlines;
    for (uint32_t i = 0; i < asked; i++) {
        uint32_t l = order ? order[i] : i;
        int there = ws_far_cache_access(c, kernel, l, 1);
        if (map && l < f->nlines)
            map[l] = (uint8_t)(there | 2); /* 2: asked for */
    }
    for (uint32_t l = f->nlines; l < f->nlines + past_end; l++)
        ws_far_cache_access(c, kernel, l, 0);
    for (uint32_t l = 0; map && l < f->nlines; l++) /* a line the order lacks: kept where the launch left it */
        map[l] = map[l] & 2 ? map[l] & 1 : (uint8_t)ws_far_cache_holds(c, kernel, l);
}

void ws_ifetch_keep(const ws_ifetch *f, uint8_t *map, ws_far_cache *c, const void *kernel, const uint32_t *order,
                    uint32_t n, uint32_t past_end, unsigned lead)
{
    for (unsigned i = 0; i < lead; i++) /* launches before this one that the process did not run */
        feed(f, c, kernel, NULL, 0, past_end, NULL);
    feed(f, c, kernel, order, n, past_end, map);
}

uint32_t *ws_ifetch_order(const ws_ifetch *f, uint32_t *n)
{
    *n = 0;
    if (!f->ready || !f->period || !f->nlines)
        return NULL; /* no fetch this block: ready is not this block's */
    uint32_t *order = malloc((size_t)f->nlines * sizeof *order);
    if (!order)
        return NULL;
    for (uint32_t l = 0; l < f->nlines; l++)
        if (f->ready[l] != UINT64_MAX)
            order[(*n)++] = l;
    /* an insertion sort by arrival, then line: the lines come mostly in order already */
    for (uint32_t i = 1; i < *n; i++) {
        uint32_t l = order[i], j = i;
        for (; j > 0 &&
               (f->ready[order[j - 1]] > f->ready[l] || (f->ready[order[j - 1]] == f->ready[l] && order[j - 1] > l));
             j--)
            order[j] = order[j - 1];
        order[j] = l;
    }
    return order;
}
