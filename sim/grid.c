/* Whole launches: the blocks of a grid on the SMs (grid.h, docs/calibration.md "Whole launches").
 *
 * Model, fitted to whole-launch durations measured on an H200 (tests/calibration/launch.txt):
 *  - An SM holds as many blocks at once as its limits allow (ws_grid_occupancy): threads, warps,
 *    blocks, shared memory and registers per SM (preset keys sm.*).
 *  - Blocks are dispatched in order, one every launch.dispatch cycles for the whole GPU, each to
 *    the free place that frees first (the first sms blocks one to each SM).
 *  - A block takes the cycles it took alone, or longer when the blocks sharing its SM need more
 *    issue slots than the SM has: with k blocks resident, k x its warp instructions / the
 *    sub-partitions (each issues one instruction a cycle).
 *  - The launch's cycles are the makespan, the end of the last block. launch_cycles, the duration
 *    a program sees, is the makespan of the same schedule with each block's first L2/HBM round
 *    trip added (ld.miss, when it loads global memory: timing.c ws_timing_block_memory), plus the
 *    launch overhead (launch.overhead: what a cuEvent pair around a one-block launch sees besides
 *    the block).
 */
#include "grid.h"

#include <stdlib.h>

typedef struct {
    uint64_t free_at; /* the place is free from this cycle */
    uint64_t rank;    /* ties: the first SM's first place, then the next SM's (blocks spread) */
    uint32_t sm;
} place;

/* One list schedule of the blocks on the SMs' places. */
typedef struct {
    place *heap;    /* a min-heap of (free_at, rank) */
    uint64_t *busy; /* per SM: cycles its blocks ran */
    uint64_t makespan;
} schedule;

struct ws_grid {
    const ws_preset *p;
    unsigned per_sm, resident; /* occupancy; blocks resident on one SM in this launch */
    unsigned regs;             /* registers a thread */
    size_t nplaces;
    uint64_t next;
    /* [0]: the blocks' own cycles (the run's cycles); [1]: with each block's first L2/HBM round
     * trip (launch_cycles, the duration a program sees) */
    schedule s[2];
};

unsigned ws_grid_regs(const ws_preset *p, unsigned regs) { return regs ? regs : (unsigned)p->regs_default; }

uint64_t ws_grid_block_regs(const ws_preset *p, uint32_t threads, unsigned regs)
{
    /* registers are given out per warp, in units of 256 */
    return ((uint64_t)ws_grid_regs(p, regs) * 32 + 255) / 256 * 256 * ((threads + 31) / 32);
}

unsigned ws_grid_occupancy(const ws_preset *p, uint32_t threads, uint64_t shared_bytes, unsigned regs)
{
    uint32_t warps = (threads + 31) / 32;
    uint64_t block_regs = ws_grid_block_regs(p, threads, regs);
    uint64_t n = (uint64_t)p->sm_blocks;
    uint64_t lim[] = {(uint64_t)p->sm_threads / (warps * 32), (uint64_t)p->sm_warps / warps,
                      shared_bytes ? (uint64_t)p->sm_shared / shared_bytes : n,
                      block_regs ? (uint64_t)p->sm_regs / block_regs : n};
    for (size_t i = 0; i < sizeof lim / sizeof lim[0]; i++)
        n = lim[i] < n ? lim[i] : n;
    return n ? (unsigned)n : 1; /* a block that fits nowhere still runs (the launch would fail on a GPU) */
}

static int before(const place *a, const place *b)
{
    return a->free_at < b->free_at || (a->free_at == b->free_at && a->rank < b->rank);
}

static void sift_down(place *h, size_t n, size_t i)
{
    for (;;) {
        size_t m = i, l = 2 * i + 1, r = l + 1;
        if (l < n && before(&h[l], &h[m]))
            m = l;
        if (r < n && before(&h[r], &h[m]))
            m = r;
        if (m == i)
            return;
        place t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

ws_grid *ws_grid_create(const ws_preset *p, uint32_t threads, uint64_t shared_bytes, unsigned regs, uint64_t nblocks)
{
    ws_grid *g = calloc(1, sizeof *g);
    unsigned nsm = p->sms >= 1 ? (unsigned)p->sms : 1;
    if (!g)
        return NULL;
    g->p = p;
    g->per_sm = ws_grid_occupancy(p, threads, shared_bytes, regs);
    g->regs = ws_grid_regs(p, regs);
    uint64_t waves_first = (nblocks + nsm - 1) / nsm;
    g->resident = waves_first < g->per_sm ? (unsigned)waves_first : g->per_sm;
    g->nplaces = (size_t)nsm * g->per_sm;
    for (int k = 0; k < 2; k++) {
        g->s[k].heap = calloc(g->nplaces, sizeof *g->s[k].heap);
        g->s[k].busy = calloc(nsm, sizeof *g->s[k].busy);
        if (!g->s[k].heap || !g->s[k].busy) {
            for (int j = 0; j <= k; j++) {
                free(g->s[j].heap);
                free(g->s[j].busy);
            }
            free(g);
            return NULL;
        }
        for (size_t i = 0; i < g->nplaces; i++) /* sorted by rank: already a heap */
            g->s[k].heap[i] = (place){0, i, (uint32_t)(i % nsm)};
    }
    return g;
}

static void place_block(ws_grid *g, schedule *sc, uint64_t dispatch, uint64_t took)
{
    place *top = &sc->heap[0];
    uint64_t start = top->free_at > dispatch ? top->free_at : dispatch;
    sc->busy[top->sm] += took;
    top->free_at = start + took;
    top->rank += g->nplaces; /* after every other place freeing at the same cycle */
    if (top->free_at > sc->makespan)
        sc->makespan = top->free_at;
    sift_down(sc->heap, g->nplaces, 0);
}

void ws_grid_block(ws_grid *g, uint64_t cycles, uint64_t memory, uint64_t warp_instructions)
{
    const ws_preset *p = g->p;
    uint64_t dispatch = (uint64_t)((double)g->next++ * p->launch_dispatch);
    /* the SM's issue slots, shared by the blocks resident on it */
    uint64_t issue = (uint64_t)g->resident * warp_instructions / (p->subpartitions ? p->subpartitions : 1);
    uint64_t took = cycles > issue ? cycles : issue;
    place_block(g, &g->s[0], dispatch, took);
    place_block(g, &g->s[1], dispatch, took + memory);
}

void ws_grid_finish(ws_grid *g, ws_stats *s)
{
    unsigned nsm = g->p->sms >= 1 ? (unsigned)g->p->sms : 1;
    s->cycles = g->s[0].makespan;
    s->launch_cycles = g->s[1].makespan + (uint64_t)g->p->launch_overhead;
    s->blocks_per_sm = g->per_sm;
    s->regs_per_thread = g->regs;
    s->sm_busy_min = UINT64_MAX;
    s->sm_busy_max = 0;
    s->sms_used = 0;
    for (unsigned i = 0; i < nsm; i++) {
        uint64_t b = g->s[0].busy[i];
        s->sms_used += b != 0;
        s->sm_busy_min = b < s->sm_busy_min ? b : s->sm_busy_min;
        s->sm_busy_max = b > s->sm_busy_max ? b : s->sm_busy_max;
    }
    for (int k = 0; k < 2; k++) {
        free(g->s[k].heap);
        free(g->s[k].busy);
    }
    free(g);
}
