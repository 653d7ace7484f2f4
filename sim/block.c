/* block: a thread block's storage, its start, and the functional mode's loop over its warps
 * (block.h). */
#include "block.h"
#include "barrier.h"
#include "calls.h"
#include "diag.h"
#include "shadow.h"
#include "timing.h"
#include "warp.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>


/* spare's buffer *have of *cap bytes if it holds at least `need`, taken from it; else a new one */
static void *take(void **have, uint64_t *cap, uint64_t need)
{
    if (*have && *cap >= need) {
        void *p = *have;
        *have = NULL;
        *cap = 0;
        return p;
    }
    /* on pages of its own (WS_THREAD_PAGE): the blocks of --jobs' threads are allocated one
     * after another, and a warp's state or shared memory written by one thread must not share
     * them with another's */
    return ws_thread_alloc(need ? need : 1);
}

int ws_block_alloc(ws_launch_ctx *L, ws_block *b, uint32_t nthreads, uint64_t *regs)
{
    return ws_block_alloc_spare(L, b, nthreads, regs, NULL);
}

int ws_block_alloc_spare(ws_launch_ctx *L, ws_block *b, uint32_t nthreads, uint64_t *regs, ws_block_spare *spare)
{
    ws_block_spare none = {0};
    if (!spare)
        spare = &none;
    memset(b, 0, sizeof *b);
    b->L = L;
    b->nthreads = nthreads;
    b->nwarps = (nthreads + 31) / 32;
    b->shared_size = L->shared_bytes;
    /* not zeroed here: ws_block_init zeroes the shared and local memory and each warp before a
     * block runs (a short launch would otherwise zero them twice) */
    uint64_t warps_bytes = (uint64_t)spare->nwarps * sizeof *b->warps;
    b->shared = take((void **)&spare->shared, &spare->shared_bytes, L->shared_bytes);
    b->local =
        L->local_bytes ? take((void **)&spare->local, &spare->local_bytes, (uint64_t)nthreads * L->local_bytes) : NULL;
    b->warps = take((void **)&spare->warps, &warps_bytes, (uint64_t)b->nwarps * sizeof *b->warps);
    spare->nwarps = spare->warps ? spare->nwarps : 0;
    if (b->warps) /* what ws_block_free reads and ws_block_init keeps */
        for (uint32_t wi = 0; wi < b->nwarps; wi++)
            b->warps[wi].regs = NULL, b->warps[wi].stack = NULL;
    if (!b->shared || (L->local_bytes && !b->local) || !b->warps)
        return -1;
    b->regs_pooled = regs != NULL;
    for (uint32_t wi = 0; wi < b->nwarps; wi++)
        if (!(b->warps[wi].regs = regs ? regs + (size_t)wi * L->reg_words : calloc(L->reg_words, sizeof(uint64_t))))
            return -1;
    return 0;
}

/* Keeps buf of `bytes` in *have (of *cap bytes) if it is the larger and not too large; frees the other */
static void keep(void **have, uint64_t *cap, void *buf, uint64_t bytes)
{
    if (buf && bytes <= WS_BLOCK_SPARE_BYTES && (!*have || bytes > *cap)) {
        free(*have);
        *have = buf;
        *cap = bytes;
    } else {
        free(buf);
    }
}

void ws_block_keep(ws_block *b, ws_block_spare *spare)
{
    if (b->warps)
        for (uint32_t wi = 0; wi < b->nwarps; wi++) {
            if (!b->regs_pooled)
                free(b->warps[wi].regs);
            ws_call_stacks_free(&b->warps[wi]);
        }
    ws_shadow_block_free(b);
    uint64_t warps_bytes = (uint64_t)spare->nwarps * sizeof *b->warps;
    keep((void **)&spare->warps, &warps_bytes, b->warps, (uint64_t)b->nwarps * sizeof *b->warps);
    spare->nwarps = (uint32_t)(warps_bytes / sizeof *b->warps);
    keep((void **)&spare->shared, &spare->shared_bytes, b->shared, b->shared_size);
    keep((void **)&spare->local, &spare->local_bytes, b->local, b->local ? (uint64_t)b->nthreads * b->L->local_bytes : 0);
    memset(b, 0, sizeof *b);
}

void ws_block_spare_free(ws_block_spare *spare)
{
    free(spare->shared);
    free(spare->local);
    free(spare->warps);
    memset(spare, 0, sizeof *spare);
}

void ws_block_free(ws_block *b)
{
    ws_block_spare none = {0}; /* kept there, then freed */
    ws_block_keep(b, &none);
    ws_block_spare_free(&none);
}

void ws_block_init(ws_launch_ctx *L, ws_block *b, uint32_t id)
{
    b->id = id;
    b->ctaid[0] = id % L->grid[0];
    b->ctaid[1] = id / L->grid[0] % L->grid[1];
    b->ctaid[2] = id / (L->grid[0] * L->grid[1]);
    b->cycle = 0;
    b->saved_words = 0;
    memset(b->bar_arrived, 0, sizeof b->bar_arrived);
    b->lanes_exited = 0;
    b->poison_shared = 0;
    memset(b->shared, 0, b->shared_size);
    if (b->local)
        memset(b->local, 0, (size_t)b->nthreads * L->local_bytes);
    size_t regs_per_warp = L->reg_words;
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        ws_warp *w = &b->warps[wi];
        uint64_t *regs = w->regs;
        ws_lane_stack *stack = w->stack;
        memset(w, 0, offsetof(ws_warp, gpc)); /* the arrays after it are read up to their counts */
        for (unsigned k = 0; k < WS_SPLIT_KINDS; k++)
            w->split[k].n = w->split[k].pc = w->split[k].line = 0;
        w->regs = regs;
        w->stack = stack;
        ws_call_stacks_reset(w);
        /* registers start at 0; only those a path may read unwritten need it, unless someone
         * watches (a trace or the viewer may show any lane of any register) */
        if (!L->zero_regs || L->sim->cfg.on_event)
            memset(w->regs, 0, regs_per_warp * sizeof *w->regs);
        else
            for (uint32_t i = 0; i < L->nzero_regs; i++) {
                uint32_t r = L->zero_regs[i];
                memset(&w->regs[L->roff[r]], 0,
                       (L->rkind[r] == WS_ROW_64   ? 32
                        : L->rkind[r] == WS_ROW_32 ? 16
                                                   : 1) *
                           sizeof *w->regs);
            }
        w->blk = b;
        w->index = wi;
        uint32_t n = b->nthreads - wi * 32;
        w->live = n >= 32 ? FULL_MASK : (1u << n) - 1;
        w->converged = 1; /* and no groups until it diverges */
        w->cpc = 0;
    }
    if (L->sim->cfg.check_uninitialized && ws_shadow_block_begin(L, b) != 0)
        ws_shadow_block_free(b); /* out of memory: run without the checks */
}


void ws_block_run(ws_launch_ctx *L, ws_block *b, ws_event *ev)
{
    const uint64_t max_cycles = L->sim->cfg.max_cycles; /* functional mode: a cycle per warp instruction */
    ws_exec x;
    memset(&x, 0, sizeof x);
    x.L = L;
    x.blk = b;
    x.ev = ev;
    if (ev && L->sim->cfg.on_event) {
        ws_event be = ws_event_of(L, WS_EV_BLOCK_BEGIN, b->id, 0);
        ws_emit(L, &be);
    }
    for (;;) {
        if (L->timing) { /* the timing mode issues cycle by cycle (sim/timing.c) */
            ws_timing_run_block(L, b, &x);
            break;
        }
        int progress = 0, alive = 0;
        /* nobody listens; the uninitialised-value check runs in the fast path too (warp.c) */
        const int fast = !ev && !(L->slow & WS_SLOW_CONVERGED) && !(b->shadow && (L->slow & WS_SLOW_UNINIT));
        for (uint32_t wi = 0; wi < b->nwarps && !L->stop; wi++) {
            ws_warp *w = &b->warps[wi];
            x.w = w;
            x.regs = w->regs;
            while (w->live) {
                /* a warp runs until it blocks or it has run a strong load: then the others run,
                 * so that a warp spinning on memory sees the store it waits for */
                int step = 0, yield = 0;
                uint64_t budget = ws_work_left(L); /* and the cycle limit: one cycle a warp instruction */
                if (max_cycles) {
                    uint64_t cycles_left = b->cycle < max_cycles ? max_cycles - b->cycle : 0;
                    budget = budget < cycles_left ? budget : cycles_left;
                }
                if (fast && w->converged && !w->nreconv && !L->stop && budget &&
                    ws_warp_run_converged(&x, w, budget, &yield)) {
                    /* ran a stretch; the checks below as after a step */
                } else if (!(step = fast ? ws_warp_run_diverged(&x, w, max_cycles) : ws_warp_step(&x, w))) {
                    break;
                }
                yield |= step == 2;
                progress = 1;
                if (!ws_work_left(L)) {
                    ws_warp_limit_stop(L, LIMIT_WORK, b, w);
                    break;
                }
                if (max_cycles && b->cycle >= max_cycles) {
                    ws_warp_limit_stop(L, LIMIT_CYCLES, b, w);
                    break;
                }
                if (L->stop || yield)
                    break;
            }
            if (w->live)
                alive = 1;
        }
        if (L->stop || !alive)
            break;
        if (progress)
            continue;
        if (ws_block_release_barriers(b, 0))
            continue;
        if (!ws_block_resolve_stuck(b, &x)) {
            ws_launch_stop(L, WS_ERR_INTERNAL, "block %u: no lane can run and nothing waits", b->id);
            break;
        }
    }
    if (ev && L->sim->cfg.on_event) {
        ws_event be = ws_event_of(L, WS_EV_BLOCK_END, b->id, b->cycle);
        ws_emit(L, &be);
    }
}
