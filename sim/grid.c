/* Whole launches: the blocks of a grid on the SMs (grid.h, docs/calibration.md "Whole launches").
 *
 * Model, fitted to whole-launch durations measured on an H200 (tests/calibration/launch.txt):
 *  - An SM holds as many blocks at once as its limits allow (ws_grid_occupancy): threads, warps,
 *    blocks, shared memory and registers per SM (preset keys sm.*).
 *  - Blocks are dispatched in order, one every launch.dispatch cycles for the whole GPU, each to
 *    the free place that freed first (the first sms blocks one to each SM).
 *  - A block first waits for its memory (its first L2/HBM round trip: `memory`, 0 in the schedule
 *    of the run's own cycles), issuing nothing, then runs: alone it would take its `cycles`. The
 *    blocks running on one SM share its issue slots (the sub-partitions issue one instruction a
 *    cycle each): when the instructions they need a cycle (each its warp instructions / the
 *    sub-partitions / its cycles) add up to more than one issue cycle, they all slow down in
 *    proportion. A block waiting for memory leaves the slots to the others, so co-resident
 *    blocks that started apart overlap their waits with each other's issue, and blocks that
 *    started together (2 blocks of 1024 threads) wait together and then compete.
 *  - The stores and atomics of all blocks to one global word queue at L2, atom.same_word cycles
 *    each (bench_atom); a block whose store waits there ends the launch that much later.
 *  - The launch's cycles are the makespan, the end of the last block. launch_cycles, the duration
 *    a program sees, is the makespan of the same schedule with each block's memory wait, plus the
 *    launch overhead (launch.overhead: what a cuEvent pair around a one-block launch sees besides
 *    the block).
 * The schedule is an event simulation in time order, advanced as the blocks come in (in block
 * order): a block starts once it is dispatched and a place is free.
 */
#include "grid.h"
#include "fpexact.h"

#include <math.h>
#include <stdlib.h>

typedef struct {
    double free_at; /* the place is free from this cycle */
    uint64_t rank;  /* ties: the first SM's first place, then the next SM's (blocks spread) */
} place;

typedef struct {
    double wait_end; /* it issues from this cycle on */
    double progress; /* of its run, 0 to 1 */
    double cycles;   /* alone */
    double demand;   /* issue cycles a cycle it needs alone: warp instructions / sub-partitions / cycles */
    double start;
    uint64_t rank;
} resident;

typedef struct {
    resident *blk; /* blk_cap of them (schedule's), at least per_sm */
    unsigned n;
    double t;    /* the residents' progress is known up to this cycle */
    double next; /* the next end of a wait or of a block (INFINITY: none resident) */
} sm_state;

/* A global word's queue at L2: the L2 takes the stores and atomics to one word one at a time,
 * atom.same_word cycles each (bench_atom: lanes of a warp on one word, 2.06 cycles each). */
typedef struct {
    uint64_t word;
    double free_at; /* the word's queue is empty from this cycle (0: the slot is empty) */
} l2_word;

/* One schedule of the blocks on the SMs. */
typedef struct {
    l2_word *l2; /* an open-addressing table of the words whose queue is not empty yet */
    size_t l2_cap, l2_used;
    /* the free places: the places never used yet, ranks fresh..nplaces-1 (free from cycle 0, so
     * they come before every place freed again), then a min-heap of (free_at, rank) of the places
     * blocks freed. Made as blocks come: a one-block launch touches one place, not 132 x 32. */
    uint64_t fresh;
    place *heap;
    size_t nfree, heap_cap;
    sm_state *sm;     /* each SM's blk array is allocated at its first block */
    unsigned blk_cap; /* the residents the blk arrays hold (kept from launch to launch while per_sm fits) */
    uint64_t *busy;   /* per SM: cycles its blocks ran */
    double makespan;
    /* The SMs' next events as a tournament: a complete binary tree of leaves nodes, SM i at leaf
     * leaves + i, each node the SM of its leaves whose event comes first (its resident SMs by next,
     * the lower SM on ties; nsm: none resident), so that first_event reads it at the root and a
     * change of one SM's event moves one path (log2(leaves) nodes), not a scan of every SM at each
     * block (132 on the H200; some 6,000 host instructions a block of block_reduce). */
    unsigned *win;
    unsigned leaves;
} schedule;

struct ws_grid {
    const ws_preset *p;
    unsigned nsm, per_sm; /* SMs; occupancy */
    unsigned regs;        /* registers a thread */
    size_t nplaces;
    uint64_t next;
    /* [0]: the blocks' own cycles (the run's cycles); [1]: with each block's memory wait
     * (launch_cycles, the duration a program sees) */
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

/* The heap has room for every place handed out (reserve_places). */
static void heap_push(schedule *sc, place x)
{
    size_t i = sc->nfree++;
    sc->heap[i] = x;
    while (i && before(&sc->heap[i], &sc->heap[(i - 1) / 2])) {
        place t = sc->heap[i];
        sc->heap[i] = sc->heap[(i - 1) / 2];
        sc->heap[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

/* The free place the next block takes (the first by (free_at, rank)); 0 when none is free. */
static int first_free(const ws_grid *g, const schedule *sc, place *pl)
{
    if (sc->fresh < g->nplaces)
        *pl = (place){0, sc->fresh};
    else if (sc->nfree)
        *pl = sc->heap[0];
    else
        return 0;
    return 1;
}

/* Room in the heap for every place handed out, each of which a block may free again. -1: out of
 * memory. */
static int reserve_places(schedule *sc, size_t n)
{
    if (n <= sc->heap_cap)
        return 0;
    size_t cap = sc->heap_cap ? 2 * sc->heap_cap : 64;
    cap = cap < n ? n : cap;
    place *h = realloc(sc->heap, cap * sizeof *h);
    if (!h)
        return -1;
    sc->heap = h;
    sc->heap_cap = cap;
    return 0;
}

/* Takes that place (first_free said there is one). */
static place take_free(const ws_grid *g, schedule *sc)
{
    if (sc->fresh < g->nplaces)
        return (place){0, sc->fresh++};
    place top = sc->heap[0];
    sc->heap[0] = sc->heap[--sc->nfree];
    sift_down(sc->heap, sc->nfree, 0);
    return top;
}

/* A schedule of nsm SMs with nothing placed yet, its buffers kept where they fit. -1: out of memory. */
static int schedule_start(schedule *sc, unsigned nsm, unsigned per_sm)
{
    if (!sc->sm) {
        sc->sm = calloc(nsm, sizeof *sc->sm);
        sc->busy = malloc(nsm * sizeof *sc->busy);
        for (sc->leaves = 1; sc->leaves < nsm; sc->leaves *= 2)
            ;
        sc->win = malloc(2 * (size_t)sc->leaves * sizeof *sc->win);
        if (!sc->sm || !sc->busy || !sc->win)
            return -1;
    }
    for (unsigned i = 0; i < nsm; i++) {
        if (sc->blk_cap < per_sm) { /* made again, larger, at the SM's first block */
            free(sc->sm[i].blk);
            sc->sm[i].blk = NULL;
        }
        sc->sm[i].n = 0;
        sc->sm[i].t = 0;
        sc->sm[i].next = INFINITY;
        sc->busy[i] = 0;
    }
    sc->blk_cap = sc->blk_cap < per_sm ? per_sm : sc->blk_cap;
    for (unsigned i = 0; i < sc->leaves; i++) /* the leaves their SMs; none resident yet */
        sc->win[i] = nsm, sc->win[sc->leaves + i] = i < nsm ? i : nsm;
    free(sc->l2); /* no word queued */
    sc->l2 = NULL;
    sc->l2_cap = sc->l2_used = 0;
    sc->fresh = 0;
    sc->nfree = 0;
    sc->makespan = 0;
    return 0;
}

ws_grid *ws_grid_create(const ws_preset *p, uint32_t threads, uint64_t shared_bytes, unsigned regs, uint64_t nblocks,
                        ws_grid *spare)
{
    (void)nblocks;
    unsigned nsm = p->sms >= 1 ? (unsigned)p->sms : 1;
    if (spare && spare->nsm != nsm) { /* another preset's SMs */
        ws_grid_free(spare);
        spare = NULL;
    }
    ws_grid *g = spare ? spare : calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->p = p;
    g->nsm = nsm;
    g->per_sm = ws_grid_occupancy(p, threads, shared_bytes, regs);
    g->regs = ws_grid_regs(p, regs);
    g->nplaces = (size_t)g->nsm * g->per_sm;
    g->next = 0;
    for (int k = 0; k < 2; k++)
        if (schedule_start(&g->s[k], g->nsm, g->per_sm) != 0) {
            ws_grid_free(g);
            return NULL;
        }
    return g;
}

/* The share of its speed alone each running block of the SM gets at cycle m->t. */
static double share(const sm_state *m)
{
    double demand = 0;
    for (unsigned i = 0; i < m->n; i++)
        if (m->blk[i].wait_end <= m->t)
            demand += m->blk[i].demand;
    return demand > 1 ? 1 / demand : 1;
}

/* When the SM's next wait or block ends (the residents' shares are constant until then). */
static void plan(sm_state *m)
{
    double sh = share(m);
    m->next = INFINITY;
    for (unsigned i = 0; i < m->n; i++) {
        const resident *r = &m->blk[i];
        double e = r->wait_end > m->t ? r->wait_end : m->t + (1 - r->progress) * r->cycles / sh;
        m->next = e < m->next ? e : m->next;
    }
}

/* Advances the SM's residents to cycle t (no wait or block ends before it). */
static void advance(sm_state *m, double t)
{
    double sh = share(m);
    for (unsigned i = 0; i < m->n; i++) {
        resident *r = &m->blk[i];
        if (r->wait_end <= m->t && r->cycles > 0)
            r->progress += (t - m->t) * sh / r->cycles;
    }
    m->t = t;
}

/* Of SMs a and b (nsm: none), the one whose event comes first, as first_event's scan chose: a
 * resident SM before none, the earlier next, on ties a (the lower: a's leaves are left of b's). */
static unsigned first_of(const ws_grid *g, const schedule *sc, unsigned a, unsigned b)
{
    if (b == g->nsm || !sc->sm[b].n)
        return a;
    if (a == g->nsm || !sc->sm[a].n)
        return b;
    return sc->sm[b].next < sc->sm[a].next ? b : a;
}

/* SM smi's event (or its residents) changed: the path from its leaf to the root. */
static void event_moved(const ws_grid *g, schedule *sc, unsigned smi)
{
    for (unsigned i = (sc->leaves + smi) / 2; i >= 1; i /= 2)
        sc->win[i] = first_of(g, sc, sc->win[2 * i], sc->win[2 * i + 1]);
}

/* Runs the SM's next event: the blocks that end free their places. */
static void step(ws_grid *g, schedule *sc, unsigned smi)
{
    sm_state *m = &sc->sm[smi];
    double t = m->next;
    advance(m, t);
    for (unsigned i = 0; i < m->n;) {
        resident *r = &m->blk[i];
        /* ends now: its run is done up to rounding (1e-9 of a block is far below a cycle) */
        if (r->wait_end <= t && (r->cycles <= 0 || r->progress >= 1 - 1e-9)) {
            sc->busy[smi] += (uint64_t)ws_llround(t - r->start);
            sc->makespan = t > sc->makespan ? t : sc->makespan;
            heap_push(sc, (place){t, r->rank + g->nplaces}); /* after every place freeing at t */
            *r = m->blk[--m->n];
        } else
            i++;
    }
    plan(m);
    event_moved(g, sc, smi);
}

/* The SM whose next event comes first (the lowest index on ties); g->nsm when none is resident. */
static unsigned first_event(const ws_grid *g, const schedule *sc)
{
    unsigned best = sc->win[1];
    return best < g->nsm && sc->sm[best].n ? best : g->nsm;
}

static size_t l2_slot(uint64_t word, size_t cap) { return (size_t)((word * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1); }

/* Keeps the words whose queue is busy after cycle `dead` (blocks start in order, so no later store
 * comes before it) in a table of at least four times their number. -1: out of memory. */
static int l2_rebuild(schedule *sc, double dead)
{
    size_t live = 0;
    for (size_t i = 0; i < sc->l2_cap; i++)
        live += sc->l2[i].free_at > dead;
    size_t cap = 256;
    while (cap < 4 * live)
        cap *= 2;
    l2_word *t = calloc(cap, sizeof *t);
    if (!t)
        return -1;
    for (size_t i = 0; i < sc->l2_cap; i++)
        if (sc->l2[i].free_at > dead) {
            size_t j = l2_slot(sc->l2[i].word, cap);
            while (t[j].free_at > 0)
                j = (j + 1) & (cap - 1);
            t[j] = sc->l2[i];
        }
    free(sc->l2);
    sc->l2 = t;
    sc->l2_cap = cap;
    sc->l2_used = live;
    return 0;
}

/* A store to `word` reaches L2 at cycle `at` (no block starts before `dead`): how long it waits
 * behind the stores of other blocks to the same word. -1: out of memory. */
static double l2_wait(schedule *sc, uint64_t word, double at, double dead, double rate)
{
    if (2 * (sc->l2_used + 1) > sc->l2_cap && l2_rebuild(sc, dead) != 0)
        return -1;
    size_t i = l2_slot(word, sc->l2_cap), reuse = SIZE_MAX;
    for (; sc->l2[i].free_at > 0 && sc->l2[i].word != word; i = (i + 1) & (sc->l2_cap - 1))
        if (reuse == SIZE_MAX && sc->l2[i].free_at <= dead)
            reuse = i; /* a queue that emptied before any later store: free to take */
    double wait = 0;
    if (sc->l2[i].free_at > 0)
        wait = sc->l2[i].free_at > at ? sc->l2[i].free_at - at : 0;
    else if (reuse != SIZE_MAX)
        i = reuse;
    else
        sc->l2_used++;
    sc->l2[i] = (l2_word){word, at + wait + rate};
    return wait;
}

static int place_block(ws_grid *g, schedule *sc, double dispatch, uint64_t cycles, uint64_t wait, double demand,
                       const ws_grid_store *stores, size_t nstores)
{
    for (;;) {
        unsigned e = first_event(g, sc);
        place pl;
        int any = first_free(g, sc, &pl);
        double start = any && pl.free_at > dispatch ? pl.free_at : dispatch;
        if (any && (e == g->nsm || start <= sc->sm[e].next))
            break;
        step(g, sc, e); /* a place is always resident or free: e < nsm when none is free */
    }
    if (sc->fresh < g->nplaces && reserve_places(sc, sc->fresh + 1) != 0)
        return -1;
    place pl = take_free(g, sc);
    double start = pl.free_at > dispatch ? pl.free_at : dispatch;
    sm_state *m = &sc->sm[pl.rank % g->nsm];
    if (!m->blk && !(m->blk = malloc(sc->blk_cap * sizeof *m->blk)))
        return -1;
    advance(m, start);
    m->blk[m->n++] = (resident){start + (double)wait, 0, (double)cycles, demand, start, pl.rank};
    plan(m);
    event_moved(g, sc, (unsigned)(pl.rank % g->nsm));
    /* its stores queue at L2 behind other blocks' stores to the same words: the launch ends no
     * sooner than the block alone would, delayed by the longest of those waits */
    double delay = 0, rate = g->p->atom_same_word > 0 ? g->p->atom_same_word : 0;
    for (size_t i = 0; rate > 0 && i < nstores; i++) {
        double w = l2_wait(sc, stores[i].word, start + (double)wait + (double)stores[i].cycle, start, rate);
        if (w < 0)
            return -1;
        delay = w > delay ? w : delay;
    }
    double end = start + (double)wait + (double)cycles + delay;
    if (delay > 0 && end > sc->makespan)
        sc->makespan = end;
    return 0;
}

int ws_grid_block(ws_grid *g, uint64_t cycles, uint64_t memory, uint64_t warp_instructions, const ws_grid_store *stores,
                  size_t nstores)
{
    const ws_preset *p = g->p;
    double dispatch = floor((double)g->next++ * p->launch_dispatch);
    /* the SM's issue cycles a cycle the block needs alone */
    double demand = cycles ? (double)warp_instructions / (p->subpartitions ? p->subpartitions : 1) / (double)cycles : 0;
    if (place_block(g, &g->s[0], dispatch, cycles, 0, demand, stores, nstores) != 0)
        return -1;
    return place_block(g, &g->s[1], dispatch, cycles, memory, demand, stores, nstores);
}

void ws_grid_end(ws_grid *g, ws_stats *s)
{
    for (int k = 0; k < 2; k++) /* the blocks still resident end */
        for (unsigned e; g->s[k].sm && (e = first_event(g, &g->s[k])) < g->nsm;)
            step(g, &g->s[k], e);
    s->cycles = (uint64_t)ws_llround(g->s[0].makespan);
    s->launch_cycles = (uint64_t)ws_llround(g->s[1].makespan) + (uint64_t)g->p->launch_overhead;
    s->blocks_per_sm = g->per_sm;
    s->regs_per_thread = g->regs;
    s->sm_busy_min = UINT64_MAX;
    s->sm_busy_max = 0;
    s->sms_used = 0;
    for (unsigned i = 0; g->s[0].busy && i < g->nsm; i++) {
        uint64_t b = g->s[0].busy[i];
        s->sms_used += b != 0;
        s->sm_busy_min = b < s->sm_busy_min ? b : s->sm_busy_min;
        s->sm_busy_max = b > s->sm_busy_max ? b : s->sm_busy_max;
    }
}

void ws_grid_free(ws_grid *g)
{
    if (!g)
        return;
    for (int k = 0; k < 2; k++) {
        for (unsigned i = 0; g->s[k].sm && i < g->nsm; i++)
            free(g->s[k].sm[i].blk);
        free(g->s[k].sm);
        free(g->s[k].heap);
        free(g->s[k].busy);
        free(g->s[k].l2);
        free(g->s[k].win);
    }
    free(g);
}

void ws_grid_finish(ws_grid *g, ws_stats *s)
{
    ws_grid_end(g, s);
    ws_grid_free(g);
}
