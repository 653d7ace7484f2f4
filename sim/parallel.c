/* parallel: --jobs, blocks on several host threads (parallel.h).
 *
 * Each host thread has its own copy of the launch context (statistics, diagnostics, printf text,
 * timing state, stop flag) and its own block storage, and takes the next block from a shared
 * counter. The results are those of one thread: statistics are sums; printf text is kept per
 * block and written in block order; diagnostics, reported once per (kind, pc), are merged so
 * that each keeps the record of the lowest block it happened in and the sum of the counts, in
 * the order one thread would have found them. Atomics are serialised by one lock (their order
 * across blocks may differ from run to run, as on a GPU). With an event consumer the launch
 * runs on one thread (events come in order). */
#include "parallel.h"
#include "block.h"
#include "diag.h"
#include "timing.h"

#include <inttypes.h>
#include <stdlib.h>

typedef struct par_launch par_launch;
typedef struct {
    /* Each worker on cache lines of its own (128 bytes: the line and the neighbour the hardware
     * fetches with it): L.stats and b.cycle change at every instruction, and writes to a line
     * another thread uses would make the two threads take it from each other (false sharing). */
    _Alignas(128) par_launch *P;
    ws_launch_ctx L;
    ws_result res; /* ws_launch_stop's message */
    ws_block b;
    pthread_t th;
} par_worker;

struct par_launch {
    ws_launch_ctx *G;
    uint64_t nblocks;
    uint64_t next;  /* the next block to run (atomic) */
    int stop;       /* a worker stopped: take no more blocks (atomic) */
    uint64_t insns; /* warp instructions of finished blocks (atomic) */
    pthread_mutex_t atom_lock, stop_lock;
    char **out; /* per block: its printf text, or NULL */
    size_t *out_len;
    uint64_t stop_block;
    ws_status stop_status;
    char stop_msg[512];
};

static void *par_worker_main(void *arg)
{
    par_worker *W = arg;
    par_launch *P = W->P;
    ws_launch_ctx *L = &W->L;
    for (;;) {
        if (__atomic_load_n(&P->stop, __ATOMIC_ACQUIRE))
            break;
        uint64_t id = __atomic_fetch_add(&P->next, 1, __ATOMIC_RELAXED);
        if (id >= P->nblocks)
            break;
        uint64_t before = L->stats.warp_instructions;
        ws_block_init(L, &W->b, (uint32_t)id);
        ws_block_run(L, &W->b, NULL);
        L->stats.cycles += W->b.cycle;
        L->stats.blocks++;
        L->stats.warps += W->b.nwarps;
        if (L->out_len) { /* the block's printf text, written in block order at the end */
            P->out[id] = L->out;
            P->out_len[id] = L->out_len;
            L->out = NULL;
            L->out_len = L->out_cap = 0;
        }
        uint64_t total = __atomic_add_fetch(&P->insns, L->stats.warp_instructions - before, __ATOMIC_RELAXED);
        if (!L->stop && total >= L->insn_limit)
            ws_launch_stop(L, WS_ERR_LIMIT,
                           "instruction limit reached: %" PRIu64 " warp instructions (at the end of block %u); raise it "
                           "with --max-instructions",
                           total, (unsigned)id);
        if (L->stop) {
            pthread_mutex_lock(&P->stop_lock);
            if (id < P->stop_block) { /* the lowest block's reason, as one thread would give it */
                P->stop_block = id;
                P->stop_status = L->stop_status;
                memcpy(P->stop_msg, W->res.message, sizeof P->stop_msg);
            }
            pthread_mutex_unlock(&P->stop_lock);
            __atomic_store_n(&P->stop, 1, __ATOMIC_RELEASE);
            break;
        }
    }
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

/* Runs the blocks on `jobs` host threads; fills G's statistics, diagnostics and stop state. */
ws_status ws_run_parallel(ws_launch_ctx *G, unsigned jobs, uint64_t nblocks, uint32_t nthreads)
{
    ws_sim *sim = G->sim;
    par_launch P;
    memset(&P, 0, sizeof P);
    P.G = G;
    P.nblocks = nblocks;
    P.stop_block = UINT64_MAX;
    pthread_mutex_init(&P.atom_lock, NULL);
    pthread_mutex_init(&P.stop_lock, NULL);
    P.out = calloc(nblocks, sizeof *P.out);
    P.out_len = calloc(nblocks, sizeof *P.out_len);
    par_worker *W = aligned_alloc(_Alignof(par_worker), jobs * sizeof *W); /* sizeof is a multiple of it */
    if (W)
        memset(W, 0, jobs * sizeof *W);
    ws_status st = WS_OK;
    unsigned ready = 0;
    if (!P.out || !P.out_len || !W) {
        snprintf(G->res->message, sizeof G->res->message, "out of memory");
        st = WS_ERR_INTERNAL;
        goto out;
    }
    for (; ready < jobs; ready++) {
        par_worker *w = &W[ready];
        w->P = &P;
        memcpy(&w->L, G, sizeof w->L);
        memset(&w->L.stats, 0, sizeof w->L.stats);
        w->L.diags = NULL;
        w->L.ndiags = w->L.cap_diags = 0;
        w->L.out = NULL;
        w->L.out_len = w->L.out_cap = 0;
        w->L.res = &w->res;
        w->L.stop = 0;
        w->L.atom_lock = &P.atom_lock;
        w->L.timing = NULL;
        if (G->timing &&
            !(w->L.timing = ws_timing_create(&w->L, sim->cfg.timing_preset, w->res.message, sizeof w->res.message)))
            break;
        if (ws_block_alloc(&w->L, &w->b, nthreads) != 0) {
            ws_timing_destroy(w->L.timing);
            ws_block_free(&w->b);
            break;
        }
    }
    if (ready < jobs) {
        snprintf(G->res->message, sizeof G->res->message, "out of memory");
        st = WS_ERR_INTERNAL;
        goto out;
    }
    unsigned started = 1;
    for (; started < jobs; started++)
        if (pthread_create(&W[started].th, NULL, par_worker_main, &W[started]) != 0)
            break; /* fewer threads: the others take more blocks */
    par_worker_main(&W[0]);
    for (unsigned i = 1; i < started; i++)
        pthread_join(W[i].th, NULL);
    /* statistics: sums */
    for (unsigned i = 0; i < jobs; i++) {
        const ws_stats *s = &W[i].L.stats;
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
        for (unsigned r = 0; r < WS_STALL_REASON_COUNT; r++)
            g->stalls[r] += s->stalls[r];
    }
    /* diagnostics: one record per (kind, pc), from the lowest block, counts summed */
    size_t total = 0;
    for (unsigned i = 0; i < jobs; i++)
        total += W[i].L.ndiags;
    if (total) {
        diag_ref *m = calloc(total, sizeof *m);
        size_t n = 0;
        for (unsigned i = 0; m && i < jobs; i++)
            for (size_t j = 0; j < W[i].L.ndiags; j++) {
                const ws_diag *d = &W[i].L.diags[j];
                size_t k = 0;
                while (k < n && !(m[k].d.kind == d->kind && m[k].d.pc == d->pc))
                    k++;
                if (k == n) {
                    m[n].d = *d;
                    m[n].worker = i;
                    m[n].index = j;
                    n++;
                } else {
                    uint64_t count = m[k].d.count + d->count;
                    if (d->block < m[k].d.block) {
                        m[k].d = *d;
                        m[k].worker = i;
                        m[k].index = j;
                    }
                    m[k].d.count = count;
                }
            }
        if (m) {
            qsort(m, n, sizeof *m, diag_ref_order);
            G->diags = malloc(n * sizeof *G->diags);
            for (size_t k = 0; G->diags && k < n; k++)
                G->diags[k] = m[k].d;
            G->ndiags = G->cap_diags = G->diags ? n : 0;
        }
        free(m);
    }
    /* printf text in block order */
    for (uint64_t id = 0; id < nblocks; id++)
        if (P.out[id] && sim->cfg.on_output)
            sim->cfg.on_output(sim->cfg.output_user, P.out[id], P.out_len[id]);
    if (P.stop) {
        G->stop = 1;
        G->stop_status = P.stop_status;
        memcpy(G->res->message, P.stop_msg, sizeof G->res->message);
        st = P.stop_status;
    }
out:
    for (unsigned i = 0; W && i < ready; i++) {
        ws_block_free(&W[i].b);
        ws_timing_destroy(W[i].L.timing);
        free(W[i].L.diags);
        free(W[i].L.out);
    }
    for (uint64_t id = 0; P.out && id < nblocks; id++)
        free(P.out[id]);
    free(P.out);
    free(P.out_len);
    free(W);
    pthread_mutex_destroy(&P.atom_lock);
    pthread_mutex_destroy(&P.stop_lock);
    return st;
}
