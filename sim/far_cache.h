/* far_cache: the SM's cache of far code kept between the launches of a process (docs/calibration.md "(keep53)",
 * "(beside54)", "(keep56)").
 *
 * Lines past a launch's window (ifetch.window) stay from an earlier launch only where this cache kept them: 128-byte
 * lines in `sets` sets (line % sets) of `ways` ways, tagged by kernel and line. A launch feeds it its window (as the
 * launch's prefetch), its lines in the order its warps first asked for them (demand) and the lines its fetch runs on
 * past the kernel's end (prefetch). Two replacement rules: LRU (fwin53's fit, lru53.py: any hit is a use), and a
 * 2-bit RRIP (beside54's: a line enters at 0, a demand hit sets it to 1 so that code a warp ran loses its place to
 * code that came in since, a prefetch hit leaves it alone; the victim is the first way at 3, every way aged by one
 * until one is). */
#ifndef WS_FAR_CACHE_H
#define WS_FAR_CACHE_H

#include <stdint.h>

enum { WS_FAR_LRU = 0, WS_FAR_RRIP = 1 };

typedef struct {
    uint32_t sets, ways;
    int policy;          /* WS_FAR_LRU or WS_FAR_RRIP */
    const void **kernel; /* sets x ways: the kernel whose line the way holds (NULL: empty) */
    uint32_t *line;      /* sets x ways: that line */
    uint64_t *state;     /* sets x ways: LRU the access count at its last use; RRIP its re-reference value */
    uint64_t clock;      /* LRU: accesses so far */
} ws_far_cache;

/* Makes c an empty cache of sets x ways (a cache of that shape and policy already is kept as it is): 0, or -1 when
 * out of memory (c then empty, of no shape). */
int ws_far_cache_shape(ws_far_cache *c, uint32_t sets, uint32_t ways, int policy);
void ws_far_cache_free(ws_far_cache *c);
/* kernel's line is fetched (demand: a warp asked for it; else the launch's window or the fetch past the end):
 * 1 where it was there. A miss puts it in. */
int ws_far_cache_access(ws_far_cache *c, const void *kernel, uint32_t line, int demand);
/* Whether kernel's line is there, touching nothing. */
int ws_far_cache_holds(const ws_far_cache *c, const void *kernel, uint32_t line);

#endif
