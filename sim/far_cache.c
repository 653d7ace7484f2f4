/* The cache of far code kept between launches (far_cache.h). */
#include "far_cache.h"

#include <stdlib.h>
#include <string.h>

enum { RRIP_MAX = 3, RRIP_INSERT = 0, RRIP_HIT = 1 }; /* beside54's "insert 0, hit 1, prefetch hit kept" */

int ws_far_cache_shape(ws_far_cache *c, uint32_t sets, uint32_t ways, int policy)
{
    if (c->kernel && c->sets == sets && c->ways == ways && c->policy == policy)
        return 0;
    ws_far_cache_free(c);
    size_t n = (size_t)sets * ways;
    c->kernel = calloc(n ? n : 1, sizeof *c->kernel);
    c->line = calloc(n ? n : 1, sizeof *c->line);
    c->state = calloc(n ? n : 1, sizeof *c->state);
    if (!c->kernel || !c->line || !c->state) {
        ws_far_cache_free(c);
        return -1;
    }
    c->sets = sets;
    c->ways = ways;
    c->policy = policy;
    return 0;
}

void ws_far_cache_free(ws_far_cache *c)
{
    free(c->kernel);
    free(c->line);
    free(c->state);
    memset(c, 0, sizeof *c);
}

/* The way of the set that holds kernel's line, or ways. */
static uint32_t way_of(const ws_far_cache *c, size_t at, const void *kernel, uint32_t line)
{
    for (uint32_t w = 0; w < c->ways; w++)
        if (c->kernel[at + w] == kernel && c->line[at + w] == line)
            return w;
    return c->ways;
}

int ws_far_cache_holds(const ws_far_cache *c, const void *kernel, uint32_t line)
{
    return c->sets && c->ways && way_of(c, (size_t)(line % c->sets) * c->ways, kernel, line) < c->ways;
}

/* The way a miss takes: an empty one first (the lowest), else LRU's least recently used, or RRIP's first way at
 * RRIP_MAX, the set aged until one is. */
static uint32_t victim(ws_far_cache *c, size_t at)
{
    for (uint32_t w = 0; w < c->ways; w++)
        if (!c->kernel[at + w])
            return w;
    uint32_t v = 0;
    if (c->policy == WS_FAR_LRU) {
        for (uint32_t w = 1; w < c->ways; w++)
            if (c->state[at + w] < c->state[at + v])
                v = w;
        return v;
    }
    for (;;) {
        for (uint32_t w = 0; w < c->ways; w++)
            if (c->state[at + w] >= RRIP_MAX)
                return w;
        for (uint32_t w = 0; w < c->ways; w++)
            c->state[at + w]++;
    }
}

int ws_far_cache_access(ws_far_cache *c, const void *kernel, uint32_t line, int demand)
{
    if (!c->sets || !c->ways)
        return 0;
    size_t at = (size_t)(line % c->sets) * c->ways;
    uint32_t w = way_of(c, at, kernel, line);
    c->clock++;
    if (w < c->ways) {
        if (c->policy == WS_FAR_LRU)
            c->state[at + w] = c->clock;
        else if (demand)
            c->state[at + w] = RRIP_HIT;
        return 1;
    }
    w = victim(c, at);
    c->kernel[at + w] = kernel;
    c->line[at + w] = line;
    c->state[at + w] = c->policy == WS_FAR_LRU ? c->clock : RRIP_INSERT;
    return 0;
}
