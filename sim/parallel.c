/* parallel: --jobs, blocks on several host threads (parallel.h).
 *
 * Each host thread has its own copy of the launch context (statistics, diagnostics, timing state:
 * the first thread's is the launch's own, stop flag) and its own block storage, and takes the next blocks from a shared counter: a chunk
 * of consecutive blocks (chunk_size), so that the lock and the lines it and the counters share are
 * taken from the other thread once a chunk and not twice a block (blocks of block_reduce last
 * some 12 us, a handing over of a line between cores some 0.1 us). The
 * results are those of one thread: statistics are sums; diagnostics, reported once per (kind, pc),
 * are merged so that each keeps the record of the lowest block it happened in and the sum of the
 * counts, in the order one thread would have found them. Atomics are serialised by one lock (their
 * order across blocks may differ from run to run, as on a GPU). With an event consumer or printf
 * the launch runs on one thread (events and text come in order).
 *
 * How a run stops is also one thread's: finished blocks are taken in block order (at most
 * WINDOW_PER_JOB blocks a thread ahead of the lowest unfinished one), their work added up, and
 * the first block whose work reaches the instruction limit, or that stopped for another reason
 * (an error, the cycle limit), gives the status and the message. A block is given the limit less
 * the work known of the blocks before it (those taken in order when its chunk was handed out,
 * and the chunk's own before it), so it stops at or after the point one thread would; a chunk
 * ends at a block that stopped, whose stop (or an earlier one) is then the launch's. The status
 * and message are one thread's; where the block stopped (ws_result.stop_warp, stop_pc) is known
 * when its limit was (every block before it counted when it ran), else it ran past that point.
 * Statistics and memory then hold the work of that and of later blocks that one thread would not
 * have run: ws_result.jobs tells the caller, which may run the launch again on one thread
 * (cli/session.c does; docs/diagnostics.md, "Where a run stopped"). */
#include "parallel.h"
#include "block.h"
#include "diag.h"
#include "grid.h"
#include "timing.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>

#define WINDOW_PER_JOB 64
/* Chunks: a share of what is left, (left / (jobs x CHUNK_SHARE)), between 1 and CHUNK_MAX blocks:
 * the last blocks go one by one, so the threads finish together (guided self-scheduling) */
#define CHUNK_SHARE    4
#define CHUNK_MAX      16

typedef struct par_launch par_launch;
typedef struct {
    /* Each worker on pages of its own (pool_grow, WS_THREAD_PAGE): L.stats and b.cycle change at
     * every instruction, and writes to a line another thread uses, or fetches with the lines
     * next to it, would make the two threads take it from each other (false sharing). */
    _Alignas(128) par_launch *P; /* the launch in progress (set under the pool's lock) */
    ws_par_pool *pool;
    ws_result res; /* ws_launch_stop's message */
    ws_block b;
    ws_block_spare spare;           /* the block's buffers between launches (ws_block_keep) */
    struct ws_timing *spare_timing; /* a helper's timing state between launches (ws_timing_keep) */
    pthread_t th;                   /* a helper's thread (workers 1 and up) */
    pthread_cond_t wake;            /* a helper: run is set (pool's lock) */
    int run;                        /* a helper: take part in launch P */
    /* last: a launch copies its context but for the parameter bytes the kernel does not take */
    ws_launch_ctx L;
} par_worker;

/* What a finished block leaves besides its work and flags (par_launch.work, .flags), until the
 * blocks before it have finished too: what the timing mode's grid model takes, and a stop's reason. */
typedef struct {
    uint64_t cycles;       /* timing mode: the block's cycles */
    uint64_t memory;       /* and what its first global loads add to the launch (grid.h) */
    ws_grid_store *stores; /* its stores and atomics to global words (grid.h) */
    size_t nstores, stores_cap;
    ws_status status; /* BLOCK_STOPPED: why */
    char message[512];
    uint64_t known;              /* the work known of the blocks before it when it ran (its limit: the limit less it) */
    uint32_t stop_warp, stop_pc; /* where a limit stopped it (ws_result's) */
} block_record;

/* par_launch.flags: the block has finished (set under the lock); it stopped for a reason of its
 * own (not the work limit: status and message in its record); it stopped at the work limit it was
 * given (its message, which names its warp and instruction, in its record) */
enum { BLOCK_DONE = 1, BLOCK_STOPPED = 2, BLOCK_LIMITED = 4 };

struct par_launch {
    /* on pages of its own (ws_par_pool.launch, WS_THREAD_PAGE): its lock and counters go from
     * thread to thread at every chunk, and must not take a thread's stack or block with them (as a
     * local of the launching thread, it shared a page with the frames of the blocks it ran) */
    _Alignas(128) ws_launch_ctx *G;
    uint64_t nblocks;
    unsigned jobs;
    pthread_mutex_t lock, atom_lock;
    pthread_cond_t moved; /* done_upto moved on, or stop */
    uint64_t next;        /* the next block to hand out */
    uint64_t done_upto;   /* every block below it has finished and been counted */
    uint64_t work_before; /* the work of the blocks below done_upto */
    int stop;             /* hand out no more blocks */
    int decided;          /* the blocks in order reached a stop: status, message and where below */
    ws_status stop_status;
    uint32_t stop_block, stop_warp, stop_pc;
    char stop_msg[512];
    /* finished blocks from done_upto on, at id % window: their work (warp instructions and extra
     * work) and flags side by side, so that a chunk's come to the thread that takes them in a few
     * cache lines and not in a record's line a block; the rest in ring, where the timing mode or
     * a stop needs it */
    uint64_t *work;
    uint8_t *flags;
    block_record *ring;
    uint64_t window;
};

/* The machine's host threads and what they keep from launch to launch (sim->par). */
struct ws_par_pool {
    par_launch *launch; /* the launch in progress */
    par_worker **W;     /* W[0] is the launching thread's; W[1..nhelpers] have threads */
    unsigned nworkers;  /* allocated workers */
    unsigned nhelpers;  /* helper threads started (fewer than asked: the others take more blocks) */
    unsigned failed;    /* a thread could not be started: no more tries */
    pthread_mutex_t lock;
    pthread_cond_t done; /* busy reached 0 */
    unsigned busy;       /* helpers still in the launch in progress */
    int quit;            /* ws_par_pool_free: the helpers return */
    /* the ring of finished blocks (par_launch), window slots; the records keep their stores' room */
    block_record *ring;
    uint64_t *work;
    uint8_t *flags;
    uint64_t window;
};

/* Takes finished blocks in order (under P->lock): adds their work, and decides the stop at the
 * first that reaches the limit or stopped, as one thread would have. */
static void take_finished(par_launch *P)
{
    const uint64_t limit = P->G->sim->cfg.max_warp_instructions;
    while (!P->decided && P->done_upto < P->nblocks && (P->flags[P->done_upto % P->window] & BLOCK_DONE)) {
        uint64_t slot = P->done_upto % P->window;
        block_record *r = &P->ring[slot];
        int stopped = P->flags[slot] & BLOCK_STOPPED;
        uint64_t total = P->work_before + P->work[slot];
        /* one thread checks the limit after each step, and an error in a step stops it first */
        if (total > limit || (total == limit && !stopped)) {
            char msg[512];
            ws_limit_message(P->G, LIMIT_WORK, (uint32_t)P->done_upto, msg, sizeof msg);
            P->decided = 1;
            P->stop_status = WS_ERR_LIMIT;
            memcpy(P->stop_msg, msg, sizeof msg);
            /* where: known only if the block stopped at its limit and that was one thread's (the
             * work before it all known when it ran); else it ran past the point (ws_result.jobs) */
            int exact = (P->flags[slot] & BLOCK_LIMITED) && r->known == P->work_before;
            P->stop_block = (uint32_t)P->done_upto;
            P->stop_warp = exact ? r->stop_warp : WS_NOWHERE;
            P->stop_pc = exact ? r->stop_pc : WS_NOWHERE;
        } else if (stopped) { /* an error or the cycle limit: the block's own, where as it said */
            P->decided = 1;
            P->stop_status = r->status;
            memcpy(P->stop_msg, r->message, sizeof P->stop_msg);
            P->stop_block = (uint32_t)P->done_upto;
            P->stop_warp = r->stop_warp;
            P->stop_pc = r->stop_pc;
        }
        P->work_before = total;
        if (P->G->sms && /* in block order, as one host thread would */
            ws_grid_block(P->G->sms, r->cycles, r->memory, P->work[slot], r->stores, r->nstores) != 0 && !P->decided) {
            P->decided = 1;
            P->stop_status = WS_ERR_INTERNAL;
            snprintf(P->stop_msg, sizeof P->stop_msg, "out of memory");
        }
        P->flags[slot] = 0;
        P->done_upto++;
    }
    if (P->decided)
        P->stop = 1;
    pthread_cond_broadcast(&P->moved);
}

/* How many blocks the next chunk has (under P->lock, P->next below the window's end). */
static uint64_t chunk_size(const par_launch *P)
{
    uint64_t left = P->nblocks - P->next, room = P->done_upto + P->window - P->next;
    uint64_t n = left / ((uint64_t)P->jobs * CHUNK_SHARE);
    n = n < 1 ? 1 : n > CHUNK_MAX ? CHUNK_MAX : n;
    n = n < left ? n : left;
    return n < room ? n : room;
}

/* Keeps what the grid model and a stop take of block id in its slot's record (this thread's until
 * it is marked done, under the lock). Its work goes to P->work with the chunk's, under the lock
 * (par_worker_main): work[] holds 8 slots a 64-byte line, and a line written at every block by one thread
 * while the other writes its neighbours would go from core to core at every block. A block that
 * stopped is the chunk's last. */
static void record_block(par_worker *W, uint64_t id, uint64_t known)
{
    par_launch *P = W->P;
    ws_launch_ctx *L = &W->L;
    uint64_t slot = id % P->window;
    block_record *r = &P->ring[slot];
    if (L->timing) { /* what the grid model takes (P->G->sms: the timing mode's) */
        r->cycles = W->b.cycle;
        r->memory = ws_timing_block_memory(L->timing);
        size_t n;
        const ws_grid_store *st = ws_timing_block_stores(L->timing, &n);
        if (n > r->stores_cap) {
            ws_grid_store *grown = realloc(r->stores, n * sizeof *grown);
            if (grown) {
                r->stores = grown;
                r->stores_cap = n;
            } else if (!L->stop)
                ws_launch_stop(L, WS_ERR_INTERNAL, "out of memory");
        }
        if (n <= r->stores_cap && n)
            memcpy(r->stores, st, n * sizeof *st);
        r->nstores = n <= r->stores_cap ? n : 0;
    }
    if (L->stop) { /* BLOCK_STOPPED or BLOCK_LIMITED: the worker marks it, under the lock */
        int limit = L->stop_limit == LIMIT_WORK || L->stop_limit == LIMIT_CYCLES; /* else res's where is stale */
        r->known = known;
        r->stop_warp = limit ? W->res.stop_warp : WS_NOWHERE;
        r->stop_pc = limit ? W->res.stop_pc : WS_NOWHERE;
        r->status = L->stop_status;
        memcpy(r->message, W->res.message, sizeof r->message);
    }
}

static void par_worker_main(par_worker *W)
{
    par_launch *P = W->P;
    ws_launch_ctx *L = &W->L;
    const uint64_t limit = L->sim->cfg.max_warp_instructions;
    for (;;) {
        pthread_mutex_lock(&P->lock);
        while (!P->stop && P->next < P->nblocks && P->next >= P->done_upto + P->window)
            pthread_cond_wait(&P->moved, &P->lock);
        uint64_t first = P->next, known = P->work_before;
        uint64_t n = !P->stop && first < P->nblocks ? chunk_size(P) : 0;
        P->next += n;
        pthread_mutex_unlock(&P->lock);
        if (!n)
            break;
        uint64_t ran = 0, work[CHUNK_MAX];
        while (ran < n) {
            /* the limit less what is known of the blocks before this one: this block stops at or
             * after the point where one thread would */
            uint64_t before = L->stats.warp_instructions + L->extra_work;
            L->insn_limit = before + (known < limit ? limit - known : 0);
            ws_block_init(L, &W->b, (uint32_t)(first + ran));
            ws_block_run(L, &W->b, NULL);
            L->stats.cycles += W->b.cycle;
            L->stats.blocks++;
            L->stats.warps += W->b.nwarps;
            work[ran] = L->stats.warp_instructions + L->extra_work - before;
            known += work[ran];
            if (L->timing || L->stop)
                record_block(W, first + ran, known - work[ran]);
            ran++;
            if (L->stop) /* a limit or an error: the blocks after it need not run */
                break;
        }
        pthread_mutex_lock(&P->lock);
        for (uint64_t i = 0; i < ran; i++) {
            P->work[(first + i) % P->window] = work[i];
            P->flags[(first + i) % P->window] = BLOCK_DONE;
        }
        if (L->stop) /* the chunk's last block stopped */
            P->flags[(first + ran - 1) % P->window] |= L->stop_limit != LIMIT_WORK ? BLOCK_STOPPED : BLOCK_LIMITED;
        if (L->stop)
            P->stop = 1;
        take_finished(P);
        pthread_mutex_unlock(&P->lock);
        L->stop = 0; /* the decision is take_finished's */
        L->stop_limit = LIMIT_NONE;
    }
}

/* A helper thread: parked until a launch sets its run flag, then the launch's blocks with the
 * others; until ws_par_pool_free. */
static void *par_helper_main(void *arg)
{
    par_worker *W = arg;
    ws_par_pool *pool = W->pool;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!W->run && !pool->quit)
            pthread_cond_wait(&W->wake, &pool->lock);
        if (pool->quit)
            break;
        pthread_mutex_unlock(&pool->lock);
        par_worker_main(W);
        pthread_mutex_lock(&pool->lock);
        W->run = 0;
        if (--pool->busy == 0)
            pthread_cond_signal(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

typedef struct {
    ws_diag d;
    uint32_t worker;
    size_t index;
} diag_ref;

static int diag_ref_order(const void *a, const void *b)
{
    const diag_ref *x = a, *y = b;
    if (x->d.block != y->d.block)
        return x->d.block < y->d.block ? -1 : 1;
    if (x->worker != y->worker)
        return x->worker < y->worker ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The workers' diagnostics as one thread would have them: one record per (kind, pc), from the
 * lowest block, counts summed (a hash of (kind, pc) keeps it linear), the first WS_MAX_DIAGS in
 * block order. Returns -1 when out of memory. */
static int merge_diags(ws_launch_ctx *G, par_worker *const *W, unsigned jobs, uint64_t *not_listed)
{
    size_t total = 0, n = 0, nslots = 16;
    for (unsigned i = 0; i < jobs; i++)
        total += W[i]->L.ndiags;
    while (nslots < 2 * total)
        nslots *= 2;
    size_t seen_words = ((size_t)G->k->ninsns * WS_DIAG_KIND_COUNT + 63) / 64 + 1;
    diag_ref *m = calloc(total + 1, sizeof *m);
    uint32_t *slot = calloc(nslots, sizeof *slot);
    uint64_t *seen = calloc(seen_words, sizeof *seen);
    if (!m || !slot || !seen) {
        free(m);
        free(slot);
        free(seen);
        return -1;
    }
    for (unsigned i = 0; i < jobs; i++) {
        for (size_t j = 0; W[i]->L.diag_seen && j < seen_words; j++)
            seen[j] |= W[i]->L.diag_seen[j];
        for (size_t j = 0; j < W[i]->L.ndiags; j++) {
            const ws_diag *d = &W[i]->L.diags[j];
            size_t h = (((uint64_t)d->pc * WS_DIAG_KIND_COUNT + d->kind) * 0x9e3779b97f4a7c15ull >> 32) & (nslots - 1);
            while (slot[h] && !(m[slot[h] - 1].d.kind == d->kind && m[slot[h] - 1].d.pc == d->pc))
                h = (h + 1) & (nslots - 1);
            if (!slot[h]) {
                m[n] = (diag_ref){*d, i, j};
                slot[h] = (uint32_t)++n;
                continue;
            }
            diag_ref *k = &m[slot[h] - 1];
            uint64_t count = k->d.count + d->count;
            if (d->block < k->d.block)
                *k = (diag_ref){*d, i, j};
            k->d.count = count;
        }
    }
    qsort(m, n, sizeof *m, diag_ref_order);
    size_t keep = n < WS_MAX_DIAGS ? n : WS_MAX_DIAGS;
    G->diags = malloc((keep ? keep : 1) * sizeof *G->diags);
    for (size_t k = 0; G->diags && k < keep; k++)
        G->diags[k] = m[k].d;
    G->ndiags = G->cap_diags = G->diags ? keep : 0;
    *not_listed = ws_diags_not_listed(G, seen, G->diags, G->ndiags);
    free(m);
    free(slot);
    free(seen);
    return G->diags ? 0 : -1;
}

static ws_par_pool *pool_create(void)
{
    ws_par_pool *pool = calloc(1, sizeof *pool);
    if (pool && !(pool->launch = ws_thread_alloc(sizeof *pool->launch))) {
        free(pool);
        return NULL;
    }
    if (pool) {
        pthread_mutex_init(&pool->lock, NULL);
        pthread_cond_init(&pool->done, NULL);
    }
    return pool;
}

/* The pool with `jobs` workers, threads for workers 1 to jobs - 1 (as many as start: the others'
 * blocks go to those that run) and a ring of `window` slots. -1: out of memory. */
static int pool_grow(ws_par_pool *pool, unsigned jobs, uint64_t window)
{
    if (pool->nworkers < jobs) {
        par_worker **W = realloc(pool->W, jobs * sizeof *W);
        if (!W)
            return -1;
        pool->W = W;
        for (; pool->nworkers < jobs; pool->nworkers++) {
            /* on pages of its own (WS_THREAD_PAGE): L and b are written at every instruction */
            par_worker *w = ws_thread_alloc(sizeof *w);
            if (!w)
                return -1;
            memset(w, 0, sizeof *w);
            w->pool = pool;
            pthread_cond_init(&w->wake, NULL);
            W[pool->nworkers] = w;
        }
    }
    while (!pool->failed && pool->nhelpers + 1 < jobs) {
        par_worker *w = pool->W[pool->nhelpers + 1];
        if (pthread_create(&w->th, NULL, par_helper_main, w) != 0)
            pool->failed = 1;
        else
            pool->nhelpers++;
    }
    if (pool->window < window) { /* the records' stores move to the new ring */
        block_record *ring = calloc(window, sizeof *ring);
        uint64_t *work = calloc(window, sizeof *work);
        uint8_t *flags = calloc(window, sizeof *flags);
        if (!ring || !work || !flags) {
            free(ring);
            free(work);
            free(flags);
            return -1;
        }
        if (pool->window)
            memcpy(ring, pool->ring, pool->window * sizeof *ring);
        free(pool->ring);
        free(pool->work);
        free(pool->flags);
        pool->ring = ring;
        pool->work = work;
        pool->flags = flags;
        pool->window = window;
    }
    return 0;
}

void ws_par_pool_free(ws_par_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->quit = 1;
    for (unsigned i = 1; i <= pool->nhelpers; i++)
        pthread_cond_signal(&pool->W[i]->wake);
    pthread_mutex_unlock(&pool->lock);
    for (unsigned i = 1; i <= pool->nhelpers; i++)
        pthread_join(pool->W[i]->th, NULL);
    for (unsigned i = 0; i < pool->nworkers; i++) {
        ws_block_spare_free(&pool->W[i]->spare);
        ws_timing_destroy(pool->W[i]->spare_timing);
        pthread_cond_destroy(&pool->W[i]->wake);
        free(pool->W[i]);
    }
    for (uint64_t i = 0; i < pool->window; i++)
        free(pool->ring[i].stores);
    free(pool->W);
    free(pool->launch);
    free(pool->ring);
    free(pool->work);
    free(pool->flags);
    pthread_mutex_destroy(&pool->lock);
    pthread_cond_destroy(&pool->done);
    free(pool);
}

/* Runs the blocks on `jobs` host threads, each with its block storage (charged by the caller);
 * fills G's statistics, diagnostics and stop state. */
ws_status ws_run_parallel(ws_launch_ctx *G, unsigned jobs, uint64_t nblocks, uint32_t nthreads, uint64_t *regs,
                          size_t regs_stride, uint64_t *not_listed)
{
    ws_sim *sim = G->sim;
    ws_par_pool *pool = sim->par ? sim->par : pool_create(); /* taken for this launch */
    sim->par = NULL;
    if (!pool) {
        snprintf(G->res->message, sizeof G->res->message, "out of memory");
        return WS_ERR_INTERNAL;
    }
    par_launch *P = pool->launch;
    memset(P, 0, sizeof *P);
    P->G = G;
    P->nblocks = nblocks;
    pthread_mutex_init(&P->lock, NULL);
    pthread_mutex_init(&P->atom_lock, NULL);
    pthread_cond_init(&P->moved, NULL);
    ws_status st = WS_OK;
    unsigned ready = 0;
    if (pool_grow(pool, jobs, (uint64_t)WINDOW_PER_JOB * jobs) != 0)
        goto oom;
    if (jobs > pool->nhelpers + 1) /* fewer threads: the others take more blocks */
        jobs = pool->nhelpers + 1;
    P->jobs = jobs;
    P->window = (uint64_t)WINDOW_PER_JOB * jobs; /* of the pool's ring */
    P->ring = pool->ring;
    P->work = pool->work;
    P->flags = pool->flags;
    memset(P->flags, 0, P->window * sizeof *P->flags); /* a stop may have left blocks untaken */
    par_worker *const *W = pool->W;
    /* the context up to the kernel's parameter bytes: ld.param reads only those */
    size_t ctx_bytes = offsetof(ws_launch_ctx, params) + G->k->param_bytes;
    for (; ready < jobs; ready++) {
        par_worker *w = W[ready];
        w->P = P;
        memcpy(&w->L, G, ctx_bytes);
        memset(&w->L.stats, 0, sizeof w->L.stats);
        w->L.diags = NULL;
        w->L.ndiags = w->L.cap_diags = 0;
        w->L.diag_index = NULL;
        w->L.diag_nslots = 0;
        w->L.diag_seen = NULL;
        w->L.res = &w->res;
        w->L.stop = 0;
        w->L.atom_lock = &P->atom_lock;
        w->L.timing = NULL;
        w->L.sms = NULL; /* the blocks reach the grid model in order, through take_finished */
        /* the timing mode: the first worker runs on the launch's own timing state, idle while the
         * workers run (ws_sim_launch's to keep), as one thread would; the others on states of
         * their own, kept from launch to launch and made ready for this one with the kernel's
         * timing tables that the launch's own state built (sim->prepared: read, never written,
         * by the threads) */
        if (G->timing && ready == 0)
            w->L.timing = G->timing;
        else if (G->timing) {
            w->L.timing = ws_timing_create(&w->L, &sim->prepared, w->spare_timing, w->res.message, sizeof w->res.message);
            w->spare_timing = NULL;
            if (!w->L.timing)
                break;
        }
        if (ws_block_alloc_spare(&w->L, &w->b, nthreads, regs + ready * regs_stride, &w->spare) != 0) {
            if (w->L.timing != G->timing)
                w->spare_timing = ws_timing_keep(w->L.timing);
            ws_block_free(&w->b);
            break;
        }
    }
    if (ready < jobs)
        goto oom;
    pthread_mutex_lock(&pool->lock);
    pool->busy = jobs - 1;
    for (unsigned i = 1; i < jobs; i++)
        W[i]->run = 1;
    pthread_mutex_unlock(&pool->lock);
    /* woken after the unlock (a helper reads its run flag under the lock, so none is missed): a
     * helper woken while this thread held the lock went back to sleep on the lock, and was woken
     * again by its unlock (about half the launches) */
    for (unsigned i = 1; i < jobs; i++)
        pthread_cond_signal(&W[i]->wake);
    par_worker_main(W[0]);
    pthread_mutex_lock(&pool->lock);
    while (pool->busy)
        pthread_cond_wait(&pool->done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    /* statistics: sums */
    for (unsigned i = 0; i < jobs; i++) {
        const ws_stats *s = &W[i]->L.stats;
        ws_stats *g = &G->stats;
        g->cycles += s->cycles;
        g->warp_instructions += s->warp_instructions;
        g->lane_instructions += s->lane_instructions;
        g->blocks += s->blocks;
        g->warps += s->warps;
        g->shfl += s->shfl;
        g->vote += s->vote;
        g->bar_syncs += s->bar_syncs;
        g->shared_accesses += s->shared_accesses;
        g->bank_conflicts += s->bank_conflicts;
        g->shared_wavefronts += s->shared_wavefronts;
        g->far_blocks += s->far_blocks;
        g->window_blocks += s->window_blocks;
        for (unsigned r = 0; r < WS_STALL_REASON_COUNT; r++)
            g->stalls[r] += s->stalls[r];
    }
    if (merge_diags(G, W, jobs, not_listed) != 0)
        goto oom;
    if (P->decided) {
        G->stop = 1;
        G->stop_status = P->stop_status;
        memcpy(G->res->message, P->stop_msg, sizeof G->res->message);
        if (P->stop_status == WS_ERR_LIMIT) {
            G->res->stop_block = P->stop_block;
            G->res->stop_warp = P->stop_warp;
            G->res->stop_pc = P->stop_pc;
        }
        st = P->stop_status;
    }
    goto out;
oom:
    snprintf(G->res->message, sizeof G->res->message, "out of memory");
    st = WS_ERR_INTERNAL;
out:
    for (unsigned i = 0; i < ready; i++) { /* the block buffers stay with the worker */
        ws_block_keep(&pool->W[i]->b, &pool->W[i]->spare);
        if (pool->W[i]->L.timing != G->timing)
            pool->W[i]->spare_timing = ws_timing_keep(pool->W[i]->L.timing);
        free(pool->W[i]->L.diags);
        ws_diags_free(&pool->W[i]->L);
    }
    pthread_mutex_destroy(&P->lock);
    pthread_mutex_destroy(&P->atom_lock);
    pthread_cond_destroy(&P->moved);
    if (sim->par) /* a launch from inside this one kept its own */
        ws_par_pool_free(pool);
    else
        sim->par = pool;
    return st;
}
