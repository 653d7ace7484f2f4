/* The timing mode: which instruction issues in which cycle (DESIGN.md "Timing").
 *
 * Model (sm_90):
 *  - Four sub-partitions; warp w lives on w % 4. Each cycle each sub-partition issues at most
 *    one instruction, from its ready warps in loose round robin: the search starts after the
 *    warp that issued last on that sub-partition.
 *  - Each warp issues in order, at most one instruction a cycle. ws_warp_pick (warp.c)
 *    chooses its next group of lanes exactly as the functional scheduler would.
 *  - A scoreboard holds, per warp and register, the cycle its value is ready and the pc of the
 *    instruction that writes it; an instruction issues when all its source registers (guard,
 *    operands, address bases, membermask) are ready. Its destinations are ready `latency`
 *    cycles after issue; the latency comes from the opcode table's class through the preset.
 *  - Shared memory: each access needs ws_bank_wavefronts() wavefronts; each extra one adds
 *    shared.wavefront cycles of load latency. Two limits on its issue (bench_mio_w*: one, four
 *    and eight warps): each sub-partition's MIO pipe takes a shared access or a shuffle every
 *    mio.issue cycles at most, a shared load holding it mio.wavefront cycles a wavefront and a
 *    store as the store.* keys say; the block's shared pipe serves one wavefront a cycle.
 *    An access or shuffle waits until both are free.
 *  - bar.sync: when the last thread arrives, the waiting warps issue again bar + per_warp x
 *    (warps - 1) cycles later.
 *  - Every cycle a live warp does not issue is charged to one ws_stall_reason, in this order:
 *    barrier / .sync / convergence wait (no group can run), a pending barrier release,
 *    scoreboard (with the producing instruction's pc), bank (the shared pipe is busy), issue
 *    (its sub-partition issued another warp this cycle, or the warp issued the cycle before).
 * Executors run when the instruction issues, so results are those of the functional mode for
 * every program whose threads synchronise (races may see another interleaving); an instruction the
 * decoded kernel has a handler for runs through that handler (interp_issue.c), the functional
 * mode's code, unless --slow-path interp.
 *
 * Host cost (docs/performance.md, issue 14): the cycles with nothing to issue are skipped at once;
 * what a warp's picked instruction waits for (its ready cycle and source registers) and what its
 * memory access costs are computed once per pick and kept until the pick issues (only the shared
 * pipe, which other warps move, is compared each cycle); a warp blocked at a barrier is picked
 * again only when a barrier releases; the latencies that do not depend on the data are integers
 * computed once per instruction of the kernel (timing_info). --slow-path timing turns the caches
 * off: everything is recomputed where it is used, as the reference they must agree with.
 *
 * This file makes a launch's state and runs its blocks: the issue (issue, update) and the top-level loop
 * (ws_timing_run_block). Its cold parts are files of their own (CONTRIBUTING.md "Layers of sim/"): timing_state.h (the
 * state, ws_timing and ws_timing_kernel), timing_tables.c (the kernel's tables and ptxas's rules, once per kernel),
 * timing_info.c (each instruction's timing_info) and timing_latency.h (latencies by class and form). The hot parts are
 * headers of static functions that this file alone includes, where they were, so that the compiler inlines them as
 * before (one translation unit): timing_stall.h (the stall charges: settle, the stall reasons), timing_wheel.h (the
 * warps filed by cycle), timing_retime.h (the retiming and the lazy pipe waits), timing_pipes.h (hold_math, hold_mio,
 * queue_enter) and timing_passes.h (the scheduler's passes, run_passes).
 */
#include "timing.h"
#include "timing_info.h"
#include "timing_latency.h"
#include "timing_state.h"
#include "timing_tables.h"
#include "banks.h"
#include "barrier.h"
#include "cfg.h"
#include "cga.h"
#include "ifetch.h"
#include "diag.h"
#include "memory.h"
#include "fold.h"
#include "fpexact.h"
#include "narrow.h"
#include "schedule.h"
#include "stq.h"
#include "stq_regs.h"
#include "subwarp.h"
#include "warp.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

/* The first whole cycle at or after v, a pipe's or queue's end (a sum of fractional cycles, so
 * within 1e-9): ceil(v - 1e-9) for v > -1 + 1e-9, without the rounding call (x86-64 before SSE4.1
 * has no instruction for it; a shuffle's hold_mio paid ~20 host instructions for ceil). */
static inline uint64_t whole_cycle(double v)
{
    double c = v - 1e-9;
    int64_t i = (int64_t)c; /* toward 0: floor(c) for c >= 0, 0 for -1 < c < 0 */
    return (uint64_t)(i + ((double)i < c));
}

/* The store queue's bounds (stq.h) from the preset. */
static ws_stq_bounds stq_bounds(const ws_timing *t)
{
    return (ws_stq_bounds){t->p.stq_bytes, t->p.stq_wavefronts, t->p.stq_stores, t->p.stq_bank_bytes, t->p.stq_entries};
}

/* The warp's last queued stores a shuffle need not wait for (stq.shfl_left, 0 to STQ_TAIL - 1). */
static uint32_t shfl_left(const ws_preset *p)
{
    double n = p->stq_shfl_left;
    return n <= 0 ? 0 : n >= STQ_TAIL - 1 ? STQ_TAIL - 1 : (uint32_t)n;
}

/* A block's first load of global lines waits for L2 or HBM (charged by sim/grid.c): beyond the
 * first load's ld.first (or the L1 hit) its own cycles keep, ld.l2 when the lines are in L2, else
 * ld.miss. The measurement launches each grid 23 times over the same buffers
 * (tests/calibration/launch.txt), so with l2.warm what the previous launch read is still in L2 when
 * all of the launch's allocations (what it can read: the sum of the device buffers, an upper bound
 * of what it reads) fit in the L2's l2.kib; the launches read their buffers in the same order each
 * time, so a footprint beyond the L2 misses throughout (an LRU cache evicts each line before its
 * next use). docs/calibration.md "Whole launches". */
static double launch_miss(const ws_launch_ctx *L, const ws_preset *p)
{
    uint64_t bytes = 0;
    for (size_t i = 0; i < L->sim->nallocs; i++)
        bytes += L->sim->allocs[i].size;
    int in_l2 = p->l2_warm != 0 && (double)bytes <= p->l2_kib * 1024;
    /* the block's own cycles have the first load's ld.first (an L2 hit) where it is waited for */
    return (in_l2 ? p->ld_l2 : p->ld_miss) - (p->ld_first > 0 ? p->ld_first : p->ld_global);
}

void ws_timing_kernel_free(ws_timing_kernel *tk)
{
    if (!tk)
        return;
    free(tk->info);
    free(tk->narrow);
    free(tk->add_imad);
    free(tk->half_mma);
    free(tk->half_value);
    free(tk->imad_read);
    free(tk->young);
    free(tk->fma_read3);
    free(tk->halves);
    free(tk->kept);
    free(tk->stall);
    free(tk->join_at);
    free(tk->bra_kept);
    ws_fold_free(&tk->fold);
    ws_subwarp_free(&tk->subwarp);
    ws_cga_free(&tk->cga);
    ws_schedule_free(&tk->sched);
    free(tk->line_of);
    free(tk->line_sched);
    free(tk->fetch_held);
    free(tk);
}

uint64_t ws_timing_kernel_bytes(const ws_kernel *k)
{
    uint64_t n = (uint64_t)k->ninsns + 1;
    return sizeof(ws_timing_kernel) + n * (sizeof(timing_info) + 2) + ws_schedule_bytes(k->ninsns) +
           n * sizeof(double) /* build_schedule's latencies, while it runs */ + n * 2 /* subwarp */ +
           n * (sizeof(uint32_t) + 5) /* cga */ + n * (2 + sizeof(uint32_t)) /* fold */ +
           2 * n * sizeof(uint32_t) /* line_of, line_sched */ + n /* fetch_held */ +
           n * (sizeof(uint32_t) + 2) /* join_at, ws_cga_rejoins' two */ +
           n * 3 /* bra_kept and ws_cga_kept_branches' seen */;
}

#define KEPT(field)                                                                                                    \
    {                                                                                                                  \
        offsetof(ws_timing, field), sizeof(((ws_timing *)0)->field)                                                    \
    }
/* What a kept state keeps: its buffers and their room, the lines' generation (the lines of its blocks
 * are not the next block's) and the queues the next block empties (stq_used) */
static const struct {
    size_t off, size;
} kept_fields[] = {KEPT(alloc),       KEPT(regs_cap),     KEPT(ws_cap),       KEPT(stq_read_cap), KEPT(reg_ready),
                   KEPT(reg_prod),    KEPT(ws),           KEPT(stq_read),     KEPT(stores),       KEPT(stores_cap),
                   KEPT(ifetch),      KEPT(gen),          KEPT(stq_used),     KEPT(plan_s),       KEPT(plan_e),
                   KEPT(plan_in),     KEPT(plan_krp),     KEPT(plan_krr),     KEPT(plan_s_cap),   KEPT(plan_e_cap),
                   KEPT(plan_in_cap), KEPT(plan_krp_cap), KEPT(plan_krr_cap), KEPT(stq),          KEPT(stq_cap),
                   KEPT(stq_mem),     KEPT(queue_start),  KEPT(queue_cap),    KEPT(queue_mem)};
#undef KEPT

/* spare (a state ws_timing_keep kept) zeroed up to its large tables as calloc would leave it, but
 * for kept_fields; a new state if NULL. NULL: out of memory. */
static ws_timing *timing_state(ws_timing *spare)
{
    if (!spare) { /* on pages of its own, as zeroed's buffers; ws_timing_destroy frees t->alloc */
        void *mem;
        ws_timing *t = ws_thread_calloc(sizeof(ws_timing), &mem);
        if (t)
            t->alloc = mem;
        return t;
    }
    unsigned char keep[offsetof(ws_timing, stq_tail)]; /* the kept fields are among those zeroed */
    size_t at = 0;
    for (size_t i = 0; i < sizeof kept_fields / sizeof *kept_fields; at += kept_fields[i++].size)
        memcpy(keep + at, (char *)spare + kept_fields[i].off, kept_fields[i].size);
    /* but mem[], read only while its warp's mem_valid (zeroed with ws): 12 KB a launch less */
    const size_t mem_end = offsetof(ws_timing, mem) + sizeof spare->mem;
    memset(spare, 0, offsetof(ws_timing, mem));
    memset((char *)spare + mem_end, 0, offsetof(ws_timing, stq_tail) - mem_end);
    at = 0;
    for (size_t i = 0; i < sizeof kept_fields / sizeof *kept_fields; at += kept_fields[i++].size)
        memcpy((char *)spare + kept_fields[i].off, keep + at, kept_fields[i].size);
    return spare;
}

/* *buf with room for n entries of size bytes, zeroed (*cap: its room, grown to n when smaller), on
 * pages of its own: a --jobs thread's state, written at every instruction (WS_THREAD_PAGE). -1: out
 * of memory. */
static int zeroed(void **buf, size_t *cap, size_t n, size_t size)
{
    n = n ? n : 1;
    if (*cap < n) {
        free(*buf);
        *buf = ws_thread_alloc(n * size);
        *cap = *buf ? n : 0;
        if (!*buf)
            return -1;
    }
    memset(*buf, 0, n * size);
    return 0;
}

/* *buf with room for a row of `size` bytes per sub-partition the block's warps issue on (wi % subpartitions: at most
 * one a warp), zeroed on pages of their own where the kept room *cap is less (*mem: the allocation, for free), for a
 * feature that is on. 1: made anew, 0: kept (or off), -1: out of memory. */
static int per_subpartition(const ws_timing *t, int on, void **buf, size_t *cap, void **mem, size_t size)
{
    size_t n = t->p.subpartitions && t->p.subpartitions < t->nwarps ? t->p.subpartitions : t->nwarps;
    if (!on || n <= *cap)
        return 0;
    free(*mem);
    *buf = ws_thread_calloc(n * size, mem);
    *cap = *buf ? n : 0;
    return *buf ? 1 : -1;
}

/* The store queues (stq.bytes > 0: ws_timing.stq) and shared.queue's starts (queue_start), sized by the block's
 * sub-partitions, only where on. 0, or -1 when out of memory. */
static int subpartition_tables(ws_timing *t)
{
    int made = per_subpartition(t, t->p.stq_bytes > 0, (void **)&t->stq, &t->stq_cap, &t->stq_mem, sizeof *t->stq);
    if (made > 0)
        t->stq_used = 0; /* the new queues are empty */
    if (made < 0 || per_subpartition(t, ws_llround(t->p.shared_queue) != 0, (void **)&t->queue_start, &t->queue_cap,
                                     &t->queue_mem, sizeof *t->queue_start) < 0)
        return -1;
    return 0;
}

/* Whether the instruction at a position can be in a plan: a common pick (not rare) that reads nothing but its
 * sources' ready cycles, its ready cycle and, a shuffle, its sub-partition's MIO pipe (no access, no hoisted
 * setp, no free shuffle, no lanes meeting: branch.rejoin, no taken bra's hold: branch.taken), with a feed below
 * PLAN_OLD. */
static int plannable(const timing_info *f)
{
    return !f->rare && !f->memory && f->branch >= 0 && !(f->checks & (CHECK_BASE | CHECK_STQ | CHECK_JOIN)) &&
           !(f->free_mov && (f->shfl || f->latency > 0)) && f->feed >= 0 && f->feed < PLAN_OLD;
}

/* The launch's plannable segments (plan_seg.ok) and their live-in registers: the sources (and a folded
 * load's register) that no earlier position of the segment writes, in ptxas's order, the order a warp
 * entering at the first position converged issues them (ws_schedule_pick). Plans need that order and
 * MIO holds that sum exactly (multiples of 1/1024). 0, or -1 when out of memory. */
static int plans_init(ws_timing *t)
{
    uint32_t n = t->ninfo;
    for (uint32_t wi = 0; wi < 32; wi++) { /* no warp follows a plan (ws_timing_run_block reads these) */
        t->plan_pos[wi] = UINT32_MAX;
        t->plan_rec[wi] = 0;
    }
    double hold = t->p.mio_issue * 1024;
    /* not with pipe.fma_half's rule: the FMA pipe's cycles are not in a plan's key (plan_key) */
    t->plan_ok = t->sched.order && !t->slow && n && hold >= 0 && hold < 1e9 && (double)(int64_t)hold == hold &&
                 !t->fma_rule &&
                 !t->imad_read && /* nor with pipe.imad_read's: a hold from the producers at issue (imad_read_issue) */
                 !t->halves && !t->kept; /* nor with pipe.fma_halves' or pick.yield's (halves_issue, rr_pick) */
    if (!t->plan_ok)
        return 0;
    if (zeroed((void **)&t->plan_s, &t->plan_s_cap, n, sizeof *t->plan_s) != 0 ||
        zeroed((void **)&t->plan_e, &t->plan_e_cap, n, sizeof *t->plan_e) != 0)
        return -1;
    uint32_t *mark = calloc((size_t)t->nregs * 2, sizeof *mark); /* written, seen: the segment's first + 1 */
    if (!mark)
        return -1;
    uint32_t total = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass) {
            if (zeroed((void **)&t->plan_in, &t->plan_in_cap, total, sizeof *t->plan_in) != 0 ||
                zeroed((void **)&t->plan_krp, &t->plan_krp_cap, total, sizeof *t->plan_krp) != 0 ||
                zeroed((void **)&t->plan_krr, &t->plan_krr_cap, total, sizeof *t->plan_krr) != 0) {
                free(mark);
                return -1;
            }
            memset(mark, 0, (size_t)t->nregs * 2 * sizeof *mark);
            total = 0;
        }
        for (uint32_t p = 0; p < n;) {
            uint32_t end = p + 1;
            while (end < n && t->sched.first[end] == p)
                end++;
            int ok = t->sched.first[p] == p && end - p >= PLAN_MIN;
            for (uint32_t q = p; ok && q < end; q++)
                ok = t->sched.order[q] < n && plannable(&t->info[t->sched.order[q]]);
            if (ok) {
                plan_seg *g = &t->plan_s[p];
                g->ok = pass;
                g->end = end;
                g->in = total;
                for (uint32_t q = p; q < end; q++) {
                    uint32_t pc = t->sched.order[q];
                    const ws_reg_use *u = &t->uses[pc];
                    for (uint32_t i = 0; i <= u->nsrc; i++) {
                        uint32_t r = i < u->nsrc ? u->src[i] : t->info[pc].free_mov ? t->info[pc].same : WS_NO_REG;
                        if (r >= t->nregs || mark[r] == p + 1 || mark[t->nregs + r] == p + 1)
                            continue;
                        mark[t->nregs + r] = p + 1;
                        if (pass)
                            t->plan_in[total] = r;
                        total++;
                    }
                    for (uint32_t i = 0; i < u->ndst; i++)
                        if (u->dst[i] < t->nregs)
                            mark[u->dst[i]] = p + 1;
                }
                g->nin = total - g->in;
            }
            p = end;
        }
    }
    free(mark);
    return 0;
}

/* A preset's pipe.* figure as whole cycles a slot holds its pipe (key_cycles): 0 where it gives no rate (0 or 1). */
static uint64_t hold_of(double cycles) { return cycles > 1 ? key_cycles(cycles, 0) : 0; }

/* ifetch.keep_* (docs/calibration.md "(keep56)"): which lines past the window this launch finds in the far cache kept
 * between the process's launches (ifetch.h kept), once a launch, by its first timing state (a --jobs helper's reads
 * it): the cache takes this launch's stream, the previous launch's order (none: the layout's, after two launches of it
 * where this one is a later launch the process did not run before). */
static int far_keep_map(ws_timing *t, ws_launch_ctx *L, ws_prepared *pr)
{
    ws_ifetch *f = &t->ifetch;
    if (!f->nlines || !f->window || f->window >= f->nlines)
        return 0; /* nothing past the window */
    if (pr->far_kept_launch != L->sim->launches) {
        uint8_t *map = realloc(pr->far_kept, f->nlines);
        if (!map || ws_far_cache_shape(&L->sim->far_cache, (uint32_t)ws_llround(t->p.ifetch_keep_sets),
                                       (uint32_t)ws_llround(t->p.ifetch_keep_ways),
                                       t->p.ifetch_keep_rrip > 0 ? WS_FAR_RRIP : WS_FAR_LRU) != 0) {
            pr->far_kept = map;
            return -1;
        }
        pr->far_kept = map;
        int later = pr->code_warm || t->p.ifetch_line <= 0;
        ws_ifetch_keep(f, map, &L->sim->far_cache, pr->kernel, pr->far_order, pr->nfar_order,
                       t->p.ifetch_keep_past_end > 0 ? (uint32_t)ws_llround(t->p.ifetch_keep_past_end) : 0,
                       !pr->far_order && later ? 2 : 0);
        pr->far_kept_launch = L->sim->launches;
    }
    f->kept = pr->far_kept;
    t->far_record = 1;
    return 0;
}

ws_timing *ws_timing_create(ws_launch_ctx *L, ws_prepared *pr, ws_timing *spare, char *err, size_t errlen)
{
    ws_timing *t = timing_state(spare);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    ws_timing_kernel *tk = pr->timing_tables;
    if (tk)
        t->p = tk->p;
    else {
        char why[256];
        if (ws_preset_parse(L->sim->cfg.timing_preset, &t->p, why, sizeof why) != 0) {
            snprintf(err, errlen, "preset %s", why); /* LINE:COLUMN: what (the text has no file name here) */
            ws_timing_destroy(t);
            return NULL;
        }
    }
    t->miss = launch_miss(L, &t->p);
    uint64_t nthreads = (uint64_t)L->block[0] * L->block[1] * L->block[2];
    t->nwarps = (uint32_t)((nthreads + 31) / 32);
    t->nregs = L->k->nregs ? L->k->nregs : 1;
    t->slow = (L->slow & WS_SLOW_TIMING) != 0;
    t->bits_feed = ws_llround(t->p.bits_feed);
    t->shfl_feed = ws_llround(t->p.shfl_feed);
    t->shfl_waits_from = t->p.stq_shfl > 0 ? shfl_left(&t->p) : UINT32_MAX;
    t->sync_feed = ws_llround(t->p.sync_feed);
    t->guard_feed = ws_llround(t->p.guard_feed);
    t->branch_feed = t->p.branch_feed > 0 ? ws_llround(t->p.branch_feed) : 0;
    t->branch_taken = t->p.branch_taken >= 1 ? ws_llround(t->p.branch_taken) : 0;
    t->rejoin = t->p.branch_rejoin >= 0.5 ? (uint64_t)ws_llround(t->p.branch_rejoin) : 0;
    t->cross_feed = t->p.cross_feed > 0 ? ws_llround(t->p.cross_feed) : 0;
    t->mio_issue = (uint64_t)ws_llround(t->p.mio_issue);
    t->alu_hold = hold_of(t->p.pipe_alu); /* before the tables (math_slots, issue_cycles) */
    t->rcp_fixup = t->p.pipe_rcp_fixup > 0 ? (uint64_t)ws_llround(t->p.pipe_rcp_fixup < 3 ? t->p.pipe_rcp_fixup : 3) : 0;
    t->imad_hold = hold_of(t->p.pipe_imad);
    t->pick_pipe = t->p.pick_pipe >= 1;
    t->xu_hold = hold_of(t->p.pipe_xu);
    t->d2f_hold = t->xu_hold && hold_of(t->p.pipe_xu_d2f) ? hold_of(t->p.pipe_xu_d2f) : t->xu_hold;
    t->xu_stall = (uint8_t)hold_of(t->p.schedule_xu_stall);
    t->f64_hold = hold_of(t->p.pipe_f64);
    t->held_mov = t->p.pipe_held_mov > 0;
    t->half_hold = hold_of(t->p.pipe_half);
    t->hfma2_hold = hold_of(t->p.pipe_hfma2);
    /* an HFMA2.MMA's ALU cycle: 1 is a hold here (pipe.mma_alu 1 in sm_90), where hold_of's pipes take 1 as none */
    t->mma_alu_hold = t->alu_hold && t->p.pipe_mma_alu >= 1 ? key_cycles(t->p.pipe_mma_alu, 1) : 0;
    t->mma_prmt_hold = t->alu_hold && t->p.pipe_mma_prmt >= 1 ? key_cycles(t->p.pipe_mma_prmt, 1) : t->mma_alu_hold;
    t->prmt_hold = t->alu_hold && t->p.pipe_prmt > 0 ? hold_of(t->p.pipe_prmt) : t->alu_hold;
    t->fma_hold = hold_of(t->p.pipe_fma_half);
    t->half_window = t->p.pipe_half_window > 0 ? (uint64_t)ws_llround(t->p.pipe_half_window) : 0;
    t->half_own_rule = t->p.pipe_half_own > 0;
    t->half_alone = t->p.pipe_half_alone > 0;
    t->half_credits = t->p.pipe_half_credit > 0 ? (uint32_t)ws_llround(t->p.pipe_half_credit) : 0;
    t->mma_credit = t->half_credits && t->half_own_rule && t->p.pipe_mma_credit > 0;
    t->half_own_window = t->p.pipe_half_own_window > 0 ? (uint64_t)ws_llround(t->p.pipe_half_own_window) : t->half_window;
    t->imad_read_hold = t->imad_hold && t->p.pipe_imad_read > 1
                            ? (uint32_t)ws_llround((t->p.pipe_imad_read < 63 ? t->p.pipe_imad_read : 63) * IMAD_READ_ONE)
                            : 0;
    t->halves_hold = t->p.pipe_fma_halves >= 1 ? hold_of(t->p.pipe_fma_halves) : 0;
    t->imad_near =
        t->p.pipe_imad_near >= 1 ? (uint32_t)ws_llround(t->p.pipe_imad_near < 64 ? t->p.pipe_imad_near : 64) : 0;
    t->fma_rule = 0; /* build_tables decides it, before the tables (math_slots); else the kernel's, below */
    for (uint32_t wi = 0; wi < 32; wi++)
        t->sp_of[wi] = (uint8_t)(t->p.subpartitions ? wi % t->p.subpartitions : 0);
    size_t n = (size_t)t->nwarps * t->nregs, regs_cap = t->regs_cap;
    t->ninfo = L->k->ninsns;
    t->nfast = t->slow ? 0 : t->ninfo;
    t->uses = L->uses;
    if (t->nwarps > 32 || zeroed((void **)&t->reg_ready, &t->regs_cap, n, sizeof *t->reg_ready) != 0 ||
        zeroed((void **)&t->reg_prod, &regs_cap, n, sizeof *t->reg_prod) != 0 ||
        zeroed((void **)&t->ws, &t->ws_cap, t->nwarps, sizeof *t->ws) != 0 || subpartition_tables(t) != 0)
        goto oom;
    /* the store queue's register reads before the tables: timing_info_of reads t->stq_regs */
    if (t->p.stq_reads > 0 && t->p.stq_bytes > 0 && L->stq_regs->nslots) {
        t->stq_regs = *L->stq_regs;
        if (zeroed((void **)&t->stq_read, &t->stq_read_cap, (size_t)t->nwarps * t->stq_regs.nslots,
                   sizeof *t->stq_read) != 0)
            goto oom;
    } else { /* read where it is not NULL; no stale facts of another kernel (a kept state) */
        memset(&t->stq_regs, 0, sizeof t->stq_regs);
        free(t->stq_read);
        t->stq_read = NULL;
        t->stq_read_cap = 0;
    }
    if (!tk) { /* the kernel's first timing launch: its tables, kept with it (built on t's fields) */
        if (!(tk = calloc(1, sizeof *tk)))
            goto oom;
        tk->p = t->p;
        int built = ws_timing_build_tables(t, L, tk);
        if (built != 0) {
            ws_timing_kernel_free(tk);
            goto oom;
        }
        pr->timing_tables = tk;
    }
    t->info = tk->info;
    t->narrow = tk->narrow;
    t->add_imad = tk->add_imad;
    t->half_mma = tk->half_mma;
    t->half_value = tk->half_value;
    t->imad_read = tk->imad_read;
    t->young = tk->young;
    t->fma_read3 = tk->fma_read3;
    t->halves = tk->halves;
    t->kept = tk->kept;
    t->stall = tk->stall;
    t->join_at = tk->join_at;
    t->bra_kept = tk->bra_kept;
    t->fold = tk->fold;
    t->subwarp = tk->subwarp;
    t->cga = tk->cga;
    t->cga_used = tk->cga_used;
    t->xu_used = tk->xu_used;
    t->fma_rule = tk->fma_rule;
    t->sched = tk->sched;
    /* a kernel whose code passes what the instruction caches keep between launches (ifetch.hold KiB, its lines as
     * the layout counts them) fetches its lines again in every later launch (docs/calibration.md "(rcp27)") */
    int refetch = ws_ifetch_past(tk->line_of, t->ninfo, t->p.ifetch_hold);
    /* ... and one past ifetch.far KiB at the cold fetch's rate: no level nearer than the cold fetch's keeps it
     * (probe_fwin K 0, 64 KiB of straight-line code: 9100 cycles at one warp in every warm launch on the H200, the
     * first launch 9312, 17.8 cycles a line; rcp_m at 33 KiB 10.1-11.5; docs/calibration.md "(pack30)") */
    int far = t->p.ifetch_far_line > 0 && ws_ifetch_past(tk->line_of, t->ninfo, t->p.ifetch_far);
    /* ifetch.order: a first launch's lines in the schedule's order; a later launch's refetch (ifetch.hold, .far) keeps
     * the PTX's, on which ifetch.warm_line and ifetch.far_line were fitted (docs/calibration.md "(fetch32)") */
    const uint32_t *lines = !pr->code_warm && t->p.ifetch_line > 0 && tk->line_sched ? tk->line_sched : tk->line_of;
    /* ifetch.near_sets (docs/calibration.md "(near55)", "(near56)", "(near58)"): a kernel past ifetch.hold keeps the
     * lines the near caches keep (a tree pseudo-LRU cache by address, ifetch.near_*), and fetches the others at the far
     * fetch's pace (fwin53's 32 KiB kernel: near in runs of two to five chunks every 8 KiB, where they fall by its load
     * address, the rest at 15-18.5 cycles a line) */
    int near = refetch && !far && t->p.ifetch_near_sets > 0 && t->p.ifetch_near_ways > 0 && t->p.ifetch_far_line > 0;
    /* a later launch's refetch: far code at the cold fetch's keys, the lines the near caches did not keep at
     * ifetch.near_line and .near_latency (0: the far keys), any other kernel past ifetch.hold at the warm keys */
    double warm_line = far || near ? t->p.ifetch_far_line : refetch ? t->p.ifetch_warm_line : 0;
    double warm_latency = far || near ? t->p.ifetch_latency : t->p.ifetch_warm_latency;
    if (near && t->p.ifetch_near_line > 0)
        warm_line = t->p.ifetch_near_line;
    if (near && t->p.ifetch_near_latency > 0)
        warm_latency = t->p.ifetch_near_latency;
    if (ws_ifetch_init(&t->ifetch, t->ninfo, lines, t->p.ifetch_line, t->p.ifetch_ahead, t->p.ifetch_latency,
                       t->p.ifetch_restart, warm_line, warm_latency,
                       far || near ? t->p.ifetch_restart : t->p.ifetch_warm_restart) != 0)
        goto oom;
    if (near) {
        ws_near_cache nc = {(uint32_t)ws_llround(t->p.ifetch_near_sets),
                            (uint32_t)ws_llround(t->p.ifetch_near_ways),
                            (uint32_t)ws_llround(t->p.ifetch_near_entry_set),
                            (uint32_t)ws_llround(t->p.ifetch_near_skip),
                            (uint32_t)ws_llround(t->p.ifetch_near_other_set),
                            (uint32_t)ws_llround(t->p.ifetch_near_other_lines),
                            (uint32_t)ws_llround(t->p.ifetch_near_after)};
        /* a process's second launch of the kernel keeps its own lines; a later one, or a first launch made warm by
         * ifetch.line 0 (the checks' single warm launches), the pattern that repeats */
        if (!(t->ifetch.near_kept = ws_ifetch_near_kept(t->ifetch.nlines, &nc, pr->code_warm == 1 ? 1 : 2)))
            goto oom;
    }
    /* ifetch.far_keep and pick.far_order: far code's (docs/calibration.md "(fwin45)") */
    t->ifetch.far_keep = far && t->p.ifetch_far_keep > 0 ? (uint32_t)ws_llround(t->p.ifetch_far_keep) : 0;
    t->far_code = far;
    /* ifetch.window (docs/calibration.md "(win53)", "(keep56)"): a launch brings the first ifetch.window KiB from the
     * kernel's entry; past them a first launch's lines come at ifetch.window_line, and a later launch's at
     * ifetch.window_refetch where the far cache kept between the process's launches lost them (ifetch.keep_*) */
    if (t->p.ifetch_window > 0 && t->p.ifetch_window_line > 0) {
        t->ifetch.window = ws_ifetch_window_line(t->p.ifetch_window);
        t->ifetch.window_cold = (uint64_t)ws_llround(t->p.ifetch_window_line);
        t->ifetch.window_warm = t->p.ifetch_window_refetch > 0 ? (uint64_t)ws_llround(t->p.ifetch_window_refetch) : 0;
        if (t->p.ifetch_keep_sets <= 0 || t->p.ifetch_keep_ways <= 0)
            t->ifetch.window_warm = 0; /* no cache model: every line past the window kept */
        else if (t->ifetch.window_warm && far_keep_map(t, L, pr) != 0)
            goto oom;
    }
    t->ifetch.late = t->p.ifetch_late > 0;
    /* ifetch.rerequest: in far code, a warp out of its release's group fetches for itself (ifetch.h) */
    t->ifetch.rerequest = far && t->p.ifetch_rerequest > 0;
    t->ifetch.held_of = tk->fetch_held; /* ifetch.held (NULL: off, or no half fma) */
    t->ifetch.deep = t->p.ifetch_deep > 0 ? (uint32_t)ws_llround(t->p.ifetch_deep) : 0;
    t->ifetch.catch_period = t->p.ifetch_caught > 0 ? (uint64_t)ws_llround(t->p.ifetch_caught) : 0;
    t->ifetch.flight_period = t->p.ifetch_caught_flight > 0 ? (uint64_t)ws_llround(t->p.ifetch_caught_flight) : 0;
    t->code_warm = pr->code_warm;
    if (plans_init(t) != 0)
        goto oom;
    for (uint32_t wi = 0; wi < t->nwarps; wi++) {
        t->ws[wi].rr = &t->reg_ready[(size_t)wi * t->nregs];
        t->ws[wi].rp = &t->reg_prod[(size_t)wi * t->nregs];
    }
    return t;
oom:
    ws_timing_destroy(t);
    snprintf(err, errlen, "out of memory");
    return NULL;
}

const ws_preset *ws_timing_preset(const ws_timing *t) { return &t->p; }

uint32_t *ws_timing_take_far_order(ws_timing *t, uint32_t *n)
{
    uint32_t *order = t->far_order;
    *n = t->nfar_order;
    t->far_order = NULL;
    t->nfar_order = 0;
    return order;
}

const ws_grid_store *ws_timing_block_stores(const ws_timing *t, size_t *n)
{
    *n = t->nstores;
    return t->stores;
}

uint64_t ws_timing_block_memory(const ws_timing *t)
{
    return t->block_missed && t->miss > 0 ? (uint64_t)ws_llround(t->miss) : 0;
}

uint64_t ws_timing_bytes(const ws_kernel *k, uint32_t nwarps, const ws_stq_regs *stq)
{
    uint64_t nregs = k->nregs ? k->nregs : 1;
    return sizeof(ws_timing) + nwarps * nregs * (sizeof(uint64_t) + sizeof(uint32_t)) + nwarps * sizeof(warp_state) +
           ((uint64_t)(k->ninsns >> 3) + 1) * (sizeof(uint64_t) + 1) /* ifetch */ +
           (uint64_t)nwarps * stq->nslots * sizeof(double) +
           (uint64_t)nwarps * (sizeof(ws_stq) + QUEUE_RING * sizeof(double)) /* per_subpartition: a row a warp at most */;
}

/* What a kept state may hold besides itself: as much as a block's kept buffer (block.h) */
#define TIMING_SPARE_BYTES ((uint64_t)1 << 20)

ws_timing *ws_timing_keep(ws_timing *t)
{
    if (!t)
        return NULL;
    uint64_t buffers = t->regs_cap * (sizeof *t->reg_ready + sizeof *t->reg_prod) +
                       t->stq_read_cap * sizeof *t->stq_read + t->stores_cap * sizeof *t->stores +
                       t->plan_s_cap * sizeof *t->plan_s + t->plan_e_cap * sizeof *t->plan_e +
                       t->plan_in_cap * (sizeof *t->plan_in + sizeof *t->plan_krp + sizeof *t->plan_krr);
    if (buffers > TIMING_SPARE_BYTES) {
        ws_timing_destroy(t);
        return NULL;
    }
    return t;
}

void ws_timing_destroy(ws_timing *t)
{
    if (!t)
        return;
    free(t->far_order);
    free(t->reg_ready);
    free(t->reg_prod);
    free(t->ws);
    ws_ifetch_free(&t->ifetch);
    free(t->stq_read);
    free(t->stq_mem);
    free(t->queue_mem);
    free(t->stores);
    free(t->plan_s);
    free(t->plan_e);
    free(t->plan_in);
    free(t->plan_krp);
    free(t->plan_krr);
    free(t->alloc);
}

/* The registers instruction pc reads and writes (ws_insn_reg_use, computed once per kernel). */
static const ws_reg_use *uses_of(ws_timing *t, const ws_launch_ctx *L, uint32_t pc)
{
    if (pc < t->nfast)
        return &t->uses[pc];
    ws_insn_reg_use(&L->code[pc], &t->tmp_use);
    return &t->tmp_use;
}

/* The block touches the global line: the cycle the line is in L1 if it had touched it before (0:
 * the set is full here, counted as touched), else UINT64_MAX, and the line is in L1 from at. */
static uint64_t touch_line(ws_timing *t, uint64_t line, uint64_t at)
{
    for (unsigned k = 0; k < 16; k++) {
        unsigned i = (unsigned)((line * 0x9e3779b97f4a7c15ull) >> 52) + k * 7;
        i %= LINE_SET;
        if (t->lines[i].gen == t->gen && t->lines[i].line == line)
            return t->lines[i].at;
        if (t->lines[i].gen != t->gen) {
            t->lines[i].gen = t->gen;
            t->lines[i].line = line;
            t->lines[i].at = at;
            return UINT64_MAX;
        }
    }
    return 0;
}

/* The access group's lanes make, with what it costs; touches nothing (mem_commit does). Out of
 * line: access_of's test of its cache is inline. */
static __attribute__((noinline)) void mem_access_of(ws_timing *t, ws_exec *x, const ws_insn *in, uint32_t group,
                                                    mem_access *m)
{
    mem_cost *c = &m->c;
    *c = (mem_cost){0};
    c->space = WS_SPACE_NONE;
    m->exec = 0;
    if (!ws_op_is_memory(in->op))
        return;
    uint32_t exec = ws_guard_mask(x, in, group);
    m->exec = exec;
    if (!exec)
        return;
    ws_space space = ws_access_space(in);
    c->space = space;
    /* only a global or shared access's lanes' addresses are read (mem_commit's lines, the banks);
     * a generic one's tell which it is: ld.param and the local and constant spaces need none */
    if (space != WS_SPACE_GLOBAL && space != WS_SPACE_SHARED && space != WS_SPACE_GENERIC)
        return;
    unsigned bytes = ws_type_bits((ws_type)in->type) / 8 * (in->vec ? in->vec : 1);
    uint64_t *addr = m->addr;
    const ws_operand *a = &in->ops[ws_op_address_operand(in->op)];
    ws_access_addresses(x, a, exec, addr); /* the executors' decoder (memory.h) */
    if (space == WS_SPACE_GENERIC)
        FOR_EACH_LANE(exec, l)
            c->space = ws_resolve_generic(space, &addr[l]);
    int returns = ws_op_writes_op0(in->op); /* ld, ldu, atom: a result, with a load's latency */
    if (ws_op_class_of(in->op) == CLS_ATOMIC &&
        returns) /* lanes on one word take turns: bench_atom[1] (shared), [3] (global) */
        c->extra_latency = (ws_bank_same_word_lanes(addr, exec, 4) - 1) * t->p.atom_same_word;
    if (c->space != WS_SPACE_SHARED)
        return;
    c->shared = 1;
    c->wavefronts = ws_bank_wavefronts(addr, exec, bytes, m->bank);
    c->min_wavefronts = ws_bank_min_wavefronts(exec, bytes);
    c->hold = c->wavefronts;        /* the block's shared pipe: a wavefront a cycle (bench_mio_w4, _w8) */
    unsigned waves = c->wavefronts; /* what a load costs the pipes, in wavefronts */
    /* every lane at one address (a broadcast, or one lane): 8 and 16 bytes (shared.bcast64, shared.128_one) */
    int one = returns && (bytes == 8 || bytes == 16) &&
              ws_bank_same_word_lanes(addr, exec, bytes) == (unsigned)__builtin_popcount(exec);
    if (one && bytes == 8 && t->p.shared_bcast64 > 0) {
        /* an 8-byte broadcast takes one wavefront, not its two 16-lane phases: lds28's chain of LDS.64 at one address
         * by warp 0 whole as by thread 0 alone (h100e c8_b 381 = c8_o 381; LDS 377) */
        waves = (unsigned)ws_llround(t->p.shared_bcast64);
        c->hold = waves;
    }
    /* with shared.128_one a lane alone keeps its one wavefront (lds28 h100e: c16_o 2 cycles a load under c16_b) */
    if (one && bytes == 16 && t->p.shared_bcast128 > 0 && (__builtin_popcount(exec) > 1 || !(t->p.shared_128_one > 0))) {
        /* every lane reads one 16-byte chunk (BlockScan's warp aggregates, `LDS.128 [UR4+0x20]`): the H200 serves
         * it in less than its four 8-lane phases (probe_v4: 32 warps x 16 loads 1,365 cycles, 16 bytes a lane 2,408) */
        waves = (unsigned)ws_llround(t->p.shared_bcast128);
        c->hold = waves;
    }
    if (!returns) { /* st, red: the MIO pipe as bench_shared_st and bench_throughput measure one warp */
        double h = c->wavefronts * t->p.store_wavefront - t->p.store_overlap;
        c->mio = h > t->p.store_issue ? h : t->p.store_issue;
        /* wide stores: the data path takes store.bandwidth bytes a cycle (bench_throughput) */
        double data = t->p.store_bandwidth > 0 ? bytes * __builtin_popcount(exec) / t->p.store_bandwidth : 0;
        c->mio = data > c->mio ? data : c->mio;
        /* lanes storing to one word take turns, but not lanes storing its different bytes: a
         * consecutive st.shared.u16 (two lanes a word) takes 4 cycles like a u32 (bench_st_wide[7]) */
        double same = (ws_bank_same_word_lanes(addr, exec, bytes < 4 ? bytes : 4) - 1) * t->p.store_same_word;
        c->mio += same;
        if (t->p.stq_bytes > 0) { /* queued, then drained as probe_stq measures (stq.h) */
            c->queued = 1;
            c->stq.bytes = bytes * __builtin_popcount(exec);
            c->stq.wavefronts = c->wavefronts;
            c->stq.data = t->p.stq_data + (t->p.stq_bandwidth > 0 ? c->stq.bytes / t->p.stq_bandwidth : 0);
            double w = c->wavefronts * t->p.stq_wavefront;
            /* lanes of a st on one word do not take turns: 64 broadcast STS [UR4] take 254 cycles
             * after a drain (probe_stq_ctx); a red's lanes on one word do */
            c->stq.write = (w > t->p.stq_min ? w : t->p.stq_min) + (ws_op_class_of(in->op) == CLS_ATOMIC ? same : 0);
        }
    } else { /* one warp's loads: mio.wavefront a wavefront, mio.issue at least (bench_shared_ilp) */
        c->mio = waves * t->p.mio_wavefront;
        c->mio = c->mio > t->p.mio_issue ? c->mio : t->p.mio_issue;
        /* a 16-byte load of one address: shared.128_one more, not shared.128 (lds28 h100e: one lane 1.5 cycles a
         * load over LDS, a warp's broadcast 3.5, its second wavefront's 2 with it; 16 bytes a lane 9.4, H200 9.6) */
        double wide = bytes < 16 ? 0 : one && t->p.shared_128_one > 0 ? t->p.shared_128_one : t->p.shared_128;
        c->extra_latency += (waves - 1) * t->p.shared_wavefront + wide;
    }
}

/* A store or atomic to a global word at this cycle of the block: one per word an instruction. */
static void record_store(ws_timing *t, uint64_t word, uint64_t cycle)
{
    if (t->nstores && t->stores[t->nstores - 1].word == word && t->stores[t->nstores - 1].cycle == cycle)
        return; /* lanes of one access on one word: one request to L2 */
    if (t->nstores == t->stores_cap) {
        size_t cap = t->stores_cap ? 2 * t->stores_cap : 64;
        ws_grid_store *n = realloc(t->stores, cap * sizeof *n);
        if (!n) {
            t->stores_failed = 1;
            return;
        }
        t->stores = n;
        t->stores_cap = cap;
    }
    t->stores[t->nstores++] = (ws_grid_store){word, cycle};
}

/* Whether all 32 lanes of a whole warp's access are on one 128-byte line (a loop without a branch
 * the compiler vectorises): mem_commit's walk then takes the first lane alone, since the others
 * touch that line again, which changes nothing. */
static inline int one_line(const mem_access *m)
{
    if (m->exec != UINT32_MAX)
        return 0;
    uint64_t line = m->addr[0] >> 7, apart = 0;
    for (unsigned l = 1; l < 32; l++)
        apart |= (m->addr[l] >> 7) ^ line;
    return !apart;
}

/* The access issues now (at cycle): its global lines become the block's. Returns the cycles a load
 * waits beyond ld.global's L1 hit for lines not yet in L1: a line the block has not touched is an
 * L2 hit (ld.first, probe_sync10: 32 shuffles whose first step reads a word loaded just before
 * the region, 1,207 cycles; with the load waited for before the region, 933), and a load of a
 * line another load has asked for waits for it too. */
static double mem_commit(ws_timing *t, const ws_insn *in, const mem_access *m, uint64_t cycle)
{
    if (!m->exec || m->c.space != WS_SPACE_GLOBAL)
        return 0;
    double wait = 0;
    if (ws_op_writes_op0(in->op) && ws_op_class_of(in->op) != CLS_ATOMIC && !ws_insn_is_strong_load(in)) {
        /* a load of a line the block has not touched: the block also waits for L2/HBM once
         * (ld.l2/ld.miss beyond ld.first, charged by the whole-launch model, sim/grid.c); consecutive
         * lanes share lines, and touching the lane before's line again changes nothing */
        int first = t->p.ld_first > 0 && !(in->mods & WS_MOD_CG); /* .cg skips L1: ld.cg */
        uint64_t fill = first ? cycle + (uint64_t)ws_llround(t->p.ld_first) : cycle, last = UINT64_MAX;
        FOR_EACH_LANE(one_line(m) ? m->exec & -m->exec : m->exec, l) { /* one line: its first lane's alone */
            if (m->addr[l] >> 7 != last) {
                uint64_t at = touch_line(t, m->addr[l] >> 7, fill);
                t->block_missed |= at == UINT64_MAX;
                at = at == UINT64_MAX ? fill : at;
                double w = at > cycle ? (double)(at - cycle) - t->p.ld_global : 0;
                wait = w > wait ? w : wait;
            }
            last = m->addr[l] >> 7;
        }
    } else {
        int queued = !ws_op_writes_op0(in->op) || ws_op_class_of(in->op) == CLS_ATOMIC; /* not a strong load */
        uint64_t last = UINT64_MAX;
        FOR_EACH_LANE(!queued && one_line(m) ? m->exec & -m->exec : m->exec, l) {
            if (m->addr[l] >> 7 != last)
                touch_line(t, m->addr[l] >> 7, cycle); /* stores and atomics bring their lines in too */
            last = m->addr[l] >> 7;
            if (queued)
                record_store(t, m->addr[l] >> 2, cycle);
        }
    }
    return wait;
}

/* match.any costs by the number of distinct values among its lanes (bench_match); match.all one
 * latency. Reads the operand before the instruction executes. */
static double match_latency(const ws_preset *p, ws_exec *x, const ws_insn *in, uint32_t group)
{
    if (in->sub == WS_VOTE_ALL)
        return p->match_all;
    uint32_t exec = ws_guard_mask(x, in, group);
    uint64_t tmp[32];
    const uint64_t *v = operand_row(x, &in->ops[1], exec, tmp);
    uint64_t width = ws_type_bits((ws_type)in->type) == 64 ? UINT64_MAX : UINT32_MAX;
    return ws_match_any_cycles(p, ws_distinct_values(v, exec, width));
}

/* How much later than `cycle` the access of a release issues: its MEMBAR issued when the warp was
 * ready (at `ready`, not waiting for the access's operands: bench_memord.sass, MEMBAR.ALL.CTA right
 * after the LDS whose value the STS stores) and holds the warp fence.stall cycles, its stall count
 * (S06 on every MEMBAR of the kept SASS); `fence` cycles after the warp's results are counted
 * already. An acq_rel atomic's chain feels it: its acquire holds the warp until the result, so the
 * next MEMBAR issues then (bench_memord[12]: MEMBAR.ALL.CTA, ATOMS, a NOP that waits for it; 35.0
 * cycles a step, 9.4 more than atom.shared's). */
static int64_t fence_stall_wait(const ws_preset *p, uint64_t ready, uint64_t cycle, int64_t fence)
{
    int64_t at = (int64_t)ready + ws_llround(p->fence_stall) - (int64_t)cycle - fence;
    return at > 0 ? at : 0;
}

/* The first cycle sub-partition sp's pipes have the slots of f free (an add's: the earlier of the two), from each
 * kind of slot it takes (--slow-path timing: the reference for math_one). */
static inline uint64_t math_free_slots_at(const uint64_t at[SLOT_KINDS], const timing_info *f)
{
    uint64_t free = 0;
    for (unsigned k = 0; k < SLOT_KINDS; k++)
        if (f->slots[k] && at[k] > free)
            free = at[k];
    return free;
}

/* math_free_slots_at, read at once for an instruction with one kind of slot. */
static inline uint64_t math_free_at(const uint64_t at[SLOT_KINDS], const timing_info *f)
{
    return f->math_one < SLOT_KINDS ? at[f->math_one] : math_free_slots_at(at, f);
}

/* math_free_slots_at and math_free_at for sub-partition sp. */
static inline uint64_t math_free_slots(const ws_timing *t, unsigned sp, const timing_info *f)
{
    return math_free_slots_at(t->math_at[sp], f);
}
static inline uint64_t math_free(const ws_timing *t, unsigned sp, const timing_info *f)
{
    return f->math_one < SLOT_KINDS ? t->math_at[sp][f->math_one] : math_free_slots(t, sp, f);
}

/* The timing facts of instruction pc: from the launch's table, or (--slow-path timing) computed
 * here into *tmp. */
static const timing_info *info_of(ws_timing *t, const ws_launch_ctx *L, uint32_t pc, timing_info *tmp)
{
    if (pc >= t->nfast) {
        *tmp = ws_timing_info_of(t, L->code, pc);
        return tmp;
    }
    return &t->info[pc];
}

/* ---- one block ---------------------------------------------------------------------------------- */

#include "timing_stall.h"

/* The memory access of warp wi's picked group, computed once per pick (every time with
 * --slow-path timing). */
static const mem_access *access_of(ws_timing *t, ws_exec *x, ws_warp *w, uint32_t wi)
{
    warp_state *s = &t->ws[wi];
    if (!s->mem_valid || t->slow) {
        x->w = w;
        x->regs = w->regs;
        mem_access_of(t, x, &x->L->code[s->pick.pc], s->pick.group, &t->mem[wi]);
        s->mem_valid = 1;
    }
    return &t->mem[wi];
}

/* The shared pipe as a queue (shared.queue > 0; docs/calibration.md "(mio19)", "(mio22)"). A shared load (an
 * unqueued store or atomic too) enters its sub-partition's queue, holding its MIO pipe shared.queue_issue cycles,
 * and its result waits until the pipe has served it (queue_enter). The queue holds what mio19's probe_queue
 * measured on the H200 (2026-12-03): 29, 41, 52 and 63-64 loads accepted with 1, 2, 3 and 4 sub-partitions busy,
 * about 12 a sub-partition (shared.queue) and 16 more that the busy sub-partitions share (shared.queue_shared),
 * here evenly (mio20's fair share: 28, 40, 51, 64). A load waits in the queue until the pipe starts it. */

/* The first cycle (or 0) from which sub-partition q's queue has room for a load: fewer of its loads wait than
 * its share, shared.queue + shared.queue_shared / busy, busy the sub-partitions with loads waiting, q counted.
 * Each sub-partition's loads start in the order they entered, so at cycle c its waiting loads are its last ones
 * (q has room once the start of its share-th last load is c or earlier) and another sub-partition is busy while
 * its last load's start is after c. Busy only falls as c grows, and the share grows with it: the answer is the
 * first c, walking up through the others' last starts (at most one step each), where q's own condition holds. */
static __attribute__((noinline)) uint64_t queue_room(const ws_timing *t, unsigned q)
{
    double c = 0;
    for (;;) {
        unsigned busy = 1;
        double next = DBL_MAX; /* the next cycle at which an other sub-partition's last load starts */
        for (unsigned o = 0; o < t->queue_sps; o++) {
            if (o == q || !t->queue_n[o])
                continue;
            double last = t->queue_start[o][(t->queue_n[o] - 1) % QUEUE_RING];
            if (last > c) {
                busy++;
                next = last < next ? last : next;
            }
        }
        uint32_t share = t->queue_depth + t->queue_shared / busy, n = t->queue_n[q];
        double need = n >= share ? t->queue_start[q][(n - share) % QUEUE_RING] : 0;
        if (need <= c)
            return whole_cycle(c);
        if (need <= next) /* busy stays until next: need is the first cycle with room */
            return whole_cycle(need);
        c = next;
    }
}

/* ifetch (ifetch.h): a kept pick (sb_valid) read its line's arrival once, where --slow-path timing reads it at every
 * pass. Where an ifetch call moved a line in flight (ws_ifetch.moved, from `moved`), every kept pick is made again;
 * where it requested a line (ifetch.far_keep: nreq moved), those whose line is gone again (a kept pick that read it
 * before the requests past it would issue from a line the caches lost; --slow-path timing's asks for it again) or now
 * comes later than the pick read (a line re-requested after the pick was made: keep58). */
static __attribute__((noinline)) void fetch_moved(ws_timing *t, uint32_t moved)
{
    const ws_ifetch *f = &t->ifetch;
    for (uint32_t w = 0; w < t->nwarps && w < 32; w++) {
        warp_state *s = &t->ws[w];
        uint32_t line = ws_ifetch_line(f, s->pick.pc);
        if (s->sb_valid &&
            (f->moved != moved || (line < f->nlines && (ws_ifetch_gone(f, line) || f->ready[line] > s->sb_when)))) {
            s->sb_valid = 0;
            t->dirty |= 1u << w;
        }
    }
}

/* Whether warp wi's pick, computed now, would have the fetch ask for its line (ws_ifetch_ready: one not requested,
 * or gone again), which moves the stream of the warp that asks first. */
static inline int fetch_asks(const ws_timing *t, uint32_t wi)
{
    const ws_ifetch *f = &t->ifetch;
    uint32_t line = ws_ifetch_line(f, t->ws[wi].pick.pc);
    return f->live && ((t->has_pick >> wi) & 1) && line < f->nlines && ws_ifetch_to_ask(f, line);
}

/* The first cycle warp wi could issue its picked group, and why it cannot before. Ready cycle and
 * scoreboard change only when the warp issues or a barrier releases it: they are kept while the
 * pick waits (sb_valid); the shared pipe, which every warp moves, is compared each time. */
static inline __attribute__((always_inline)) uint64_t earliest(ws_timing *t, ws_exec *x, ws_warp *w, uint32_t wi,
                                                               ws_stall_reason *why, uint32_t *prod, const int eager,
                                                               const int fresh)
{
    const int slow = eager && t->slow; /* a constant 0 in run_passes' copies without eager */
    warp_state *s = &t->ws[wi];
    uint32_t pc = s->pick.pc;
    timing_info tmp;
    const timing_info *ti = slow ? info_of(t, x->L, pc, &tmp) : s->f;
    uint64_t when;
    ws_stall_reason y;
    uint32_t pr;
    if (fresh || !s->sb_valid || slow) { /* fresh: a pick just made (sb_valid 0) */
        when = s->ready;
        y = (ws_stall_reason)s->ready_why;
        pr = UINT32_MAX;
        const ws_reg_use *u = slow ? uses_of(t, x->L, pc) : s->u;
        const uint64_t *rr = s->rr;
        const uint32_t *rp = s->rp;
        timing_info tp;
        /* --slow-path timing: the per-field tests, the reference for feed (timing_info_of) */
        int pbra = slow && fed_bra(t, pc);
        int64_t feed = slow ? feed_of(t, ti->bits, ti->shfl, ti->synced, pbra) : ti->feed;
        if (slow ? !ti->bits && !ti->shfl && !ti->synced && !(pbra && t->branch_feed) && !ti->side : !feed && !ti->side) {
            for (uint32_t i = 0; i < u->nsrc; i++)
                if (rr[u->src[i]] > when) {
                    when = rr[u->src[i]];
                    y = WS_STALL_SCOREBOARD;
                    pr = rp[u->src[i]];
                }
        } else {
            /* an XU bit operation reads a fixed-latency ALU op's result bits.feed later: ptxas
             * waits 6 cycles, not 4, between a LOP3 and the POPC or FLO reading it (bench_bits.sass),
             * and so the MUFU of a form without fix-ups (probe_lat16.sass lat16_ex2_l_1: `LOP3.LUT
             * R13` S06, `MUFU.EX2 R13, R13`; the H200's chain 23 cycles a step, not 21: "(mufu18)");
             * a shuffle shfl.feed later: ptxas puts 5 cycles, not 4, between an IADD3, IMAD.IADD or
             * FADD and the SHFL reading it in every region of the corpus (bench_reduce_shfl.sass,
             * time_cub_warp_scan_inclusive_sum_int_w32.sass); an op after a bar.warp.sync sync.feed
             * later: ptxas gives the producer a stall of 1 and the NOP between them the rest of the
             * latency plus one, 5 cycles between LOP3 and IMAD.IADD across 109 of bench_sync[2]'s 128
             * NOPs (4 across 17, between LOP3 and IADD3: bench_sync.sass) */
            uint64_t most = (uint64_t)feed + (ti->side ? (uint64_t)t->cross_feed : 0);
            for (uint32_t i = 0; i < u->nsrc; i++) {
                uint64_t r = rr[u->src[i]];
                if (r + most <= when)        /* not later even with the feeds (a shuffle's constant lane, */
                    continue;                /* clamp, mask): the producer need not be looked up */
                uint32_t by = rp[u->src[i]]; /* the producer: a fixed-latency ALU op? on another datapath? */
                const timing_info *pi = by < t->nfast ? &t->info[by] : by < t->ninfo ? info_of(t, x->L, by, &tp) : NULL;
                if (r && pi && pi->fixed)
                    r += (uint64_t)feed;
                if (r && pi && ws_side_crosses(pi->side, ti->side))
                    r += (uint64_t)t->cross_feed;
                if (r > when) {
                    when = r;
                    y = WS_STALL_SCOREBOARD;
                    pr = rp[u->src[i]];
                }
            }
        }
        if (slow || (ti->checks & (CHECK_BASE | CHECK_STQ | CHECK_JOIN))) {
            /* an access at [symbol]: the base (cga.h); a clock read after its SASS block's ULEA (CGA_CLOCK, which
             * ws_cga_build marks only with sreg.cga_clock) */
            uint64_t base = ws_cga_ready_as(&t->cga, wi, pc, ti->memory ? 1 : CGA_CLOCK, t->p.sreg_cga, t->p.sreg_s2r,
                                            t->p.sreg_s2r_lea);
            if (base > when) {
                when = base;
                y = WS_STALL_SCOREBOARD;
                pr = UINT32_MAX;
            }
            /* the warp's lanes met again at this position (w->met, warp.c) after a divergent branch that ptxas keeps
             * as a branch: the warp issues nothing for branch.rejoin more (lds28's one-lane bodies after BSYNC:
             * docs/calibration.md "(recon29)"); once, where the meeting is, its ready cycle kept */
            if ((ti->checks & CHECK_JOIN) && w->met && t->join_at[pc] == w->met) {
                w->met = 0;
                s->ready += t->rejoin;
                s->ready_why = WS_STALL_DIVERGENCE;
                if (s->ready > when) {
                    when = s->ready;
                    y = WS_STALL_DIVERGENCE;
                    pr = UINT32_MAX;
                }
            }
            if (t->stq_read && t->stq_regs.wait[pc]) { /* a register a queued store has yet to read (stq_regs.h) */
                uint64_t read = whole_cycle(t->stq_read[wi * t->stq_regs.nslots + t->stq_regs.wait[pc] - 1]);
                if (read > when) {
                    when = read;
                    y = WS_STALL_BANK;
                    pr = UINT32_MAX;
                }
            }
        }
        if (t->ifetch.live) { /* the code is cold (ifetch.h) */
            uint32_t moved = t->ifetch.moved, nreq = t->ifetch.nreq;
            uint64_t fetched = ws_ifetch_ready(&t->ifetch, wi, pc, when);
            if (t->ifetch.moved != moved || t->ifetch.nreq != nreq) /* wi's own pick is made here */
                fetch_moved(t, moved);
            if (fetched > when) {
                when = fetched;
                y = WS_STALL_ISSUE;
                pr = UINT32_MAX;
            }
        }
        s->sb_when = when;
        s->sb_why = (uint8_t)y;
        s->sb_prod = pr;
        s->sb_valid = 1;
    } else {
        when = s->sb_when;
        y = (ws_stall_reason)s->sb_why;
        pr = s->sb_prod;
    }
    *why = y;
    *prod = pr;
    if (!slow && !(ti->checks & (CHECK_PIPE | CHECK_MATH)))
        return when;
    if (ti->checks & CHECK_MATH) { /* the ALU, IMAD or XU pipe (stall: pipe) */
        uint64_t free = slow ? math_free_slots(t, t->sp_of[wi], ti) : math_free(t, t->sp_of[wi], ti);
        if (__builtin_expect(ti->checks & CHECK_XU, 0) && t->xu_at[wi] > free) /* ptxas's stall counts (xu_spaced) */
            free = t->xu_at[wi];
        if (free > when) {
            when = free;
            *why = WS_STALL_PIPE;
        }
        if (!slow && !(ti->checks & CHECK_PIPE)) /* most: no access, no shuffle */
            return when;
    }
    const mem_access *m = ti->memory ? access_of(t, x, w, wi) : NULL;
    int shared = m && m->c.shared;
    if (shared || ti->shfl) { /* the MIO and shared pipes (stall: bank) */
        unsigned sp = t->sp_of[wi];
        uint64_t free = t->mio_at[sp];
        /* a load: the warp's queued stores are written */
        if (shared && !m->c.queued && ws_op_writes_op0(x->L->code[pc].op)) {
            uint64_t drained = whole_cycle(s->stq_end);
            free = drained > free ? drained : free;
        }
        if (ti->shfl && t->stq_count[wi] > t->shfl_waits_from) { /* a shuffle: all but the warp's last
                                                                    stq.shfl_left stores */
            uint64_t written = whole_cycle(t->stq_tail[wi][(t->stq_count[wi] - 1 - t->shfl_waits_from) % STQ_TAIL]);
            free = written > free ? written : free;
        }
        if (shared && m->c.queued) { /* a queued store: the pipe's issue and the queue's room */
            double room = ws_stq_room(&t->stq[sp], 0, &m->c.stq, stq_bounds(t));
            free = whole_cycle(room);
            free = t->mio_next[sp] > free ? t->mio_next[sp] : free;
        }
        /* the block's shared pipe: not a queued store's (its wavefronts are written in the bank stage);
         * with shared.queue, room in the sub-partition's queue instead */
        if (shared && !m->c.queued) {
            uint64_t pipe = t->queue_depth ? queue_room(t, sp) : t->pipe_at;
            free = pipe > free ? pipe : free;
        }
        if (free > when) {
            when = free;
            *why = WS_STALL_BANK;
        }
    }
    return when;
}

/* pick.young: the warps of `ready` that sub-partition sp's round robin chooses among. A warp's first young op marks
 * it (young_mark); in a sub-partition of 4 the last unmarked warp, once the other three are marked, is left out while
 * another warp of the sub-partition is ready. */
static uint32_t young_ready(const ws_timing *t, uint32_t ready, unsigned sp)
{
    int y = sp < 32 ? t->young_of[sp] : -1;
    if (y < 0 || !(t->sp_warps[sp] & ready & ~(1u << y)))
        return ready;
    return ready & ~(1u << y);
}

/* pick.young 2: whether warp w, the fourth, is near the young op at pc p when the third marks: past every branch
 * before it (fm-a-late3's late warp, still in its clock spin, is not, and the H200 does not starve it). */
static int young_near(const ws_timing *t, const ws_launch_ctx *L, uint32_t w, uint32_t p)
{
    if (!((t->has_pick >> w) & 1))
        return 1;
    for (uint32_t pc = t->ws[w].pick.pc; pc < p && pc < t->ninfo; pc++)
        if (L->code[pc].op == WS_OP_BRA)
            return 0;
    return 1;
}

static void young_mark(ws_timing *t, const ws_launch_ctx *L, unsigned sp, uint32_t wi)
{
    uint32_t mine = t->sp_warps[sp];
    int n = __builtin_popcount(mine);
    uint8_t y = t->young[t->ws[wi].pick.pc];
    if (sp >= 32 || t->young_of[sp] != -1 || n < 4 || n > (t->p.pick_young_upto > 4 ? t->p.pick_young_upto : 4) || !y ||
        (n > 4 && (y & YOUNG_SHARED)))
        return; /* beyond 4 warps only an op without the reuse flag's stand-in (fda43: mad19 fmi, not fm) */
    t->young_seen |= 1u << wi;
    uint32_t left = mine & ~t->young_seen;
    if (__builtin_popcount(left) == 1) {
        uint32_t w = (uint32_t)__builtin_ctz(left);
        uint32_t p = t->ws[wi].pick.pc;
        t->young_of[sp] =
            t->p.pick_young >= 2 && !(t->young[p] & YOUNG_READS) && !young_near(t, L, w, p) ? -2 : (int8_t)w;
    }
}

/* ---- the issue path: the wheel (timing_wheel.h), the retiming and lazy pipe waits (timing_retime.h), the pipes
 * (timing_pipes.h), the issue; the passes are timing_passes.h ---- */

#include "timing_wheel.h"

/* Warp s's ready cycle once a free mov of it issues at `cycle`: a hold's end it waits out stays (mov_now; a free mov
 * takes no cycle of its own). */
static inline uint64_t mov_ready(const warp_state *s, uint64_t cycle) { return s->ready > cycle ? s->ready : cycle; }

#include "timing_retime.h"
#include "timing_pipes.h"

/* Cycles the SASS before a collective with a register membermask takes (subwarp.h): the warp
 * issues nothing else meanwhile and the collective's results come that much later. Reads the
 * membermask before the collective executes. */
static int64_t subwarp_before(ws_timing *t, ws_exec *x, const ws_insn *in, ws_pick pk, double lat, uint32_t wi,
                              uint64_t cycle)
{
    if (!t->subwarp.form || pk.pc >= t->ninfo || t->subwarp.form[pk.pc] == SUBWARP_NONE)
        return 0;
    uint32_t exec = ws_guard_mask(x, in, pk.group);
    uint64_t tmp[32];
    const uint64_t *mask = operand_row(x, &in->ops[in->nops - 1], exec, tmp);
    int64_t before = ws_llround(ws_subwarp_cycles(&t->subwarp, &t->p, pk.pc, lat, mask, exec));
    /* The MATCH.ANY check issues as soon as the mask is there, ahead of what the warp issues
     * before the collective (time_cg_escan_plus_tile16_unsigned.sass: MATCH.ANY and REDUX.OR at
     * 0x100, then thread_rank()'s IMADs, LOP3 P0 and BRA.DIV at 0x190): the cycles since the mask
     * was ready are spent, when the mask is written in the segment before the collective (the
     * check stays after an ordering point: a clock read, a branch). A mask there when the segment
     * starts leaves ptxas nothing to put the check's VOTEU.ANY behind: it issues after MATCH.ANY
     * and REDUX.OR, subwarp.exposed more (bench_sync.sass 0x0510-0x0550; probe_sync15: 75 cycles
     * at the kernel's start where the cg and CUB regions' checks, VOTEU.ANY first, take 54). */
    const ws_operand *m = &in->ops[in->nops - 1];
    if (t->subwarp.form[pk.pc] == SUBWARP_MATCH && m->kind == WS_OPND_REG && m->reg < t->nregs && t->sched.first &&
        pk.pc > 0 && pk.pc < t->ninfo) {
        uint64_t ready = t->reg_ready[(size_t)wi * t->nregs + m->reg];
        uint32_t prod = t->reg_prod[(size_t)wi * t->nregs + m->reg];
        if (prod < t->sched.first[pk.pc - 1] || prod >= pk.pc) {
            ready = cycle;
            if (!t->subwarp.covered[pk.pc])
                before += ws_llround(t->p.subwarp_exposed);
        }
        int64_t spent = cycle > ready ? (int64_t)(cycle - ready) : 0;
        before = before > spent ? before - spent : 0;
    }
    return before;
}

/* The scoreboard after warp wi issued instruction pc (in, its facts f and registers u): its
 * destinations are ready at `done` (a shuffle's predicate f->pred later), made by pc; a free mov
 * renames, ready when its source is, as made by the source's producer; a hoisted setp (a free mov
 * with a latency) is ready its latency after its sources. Returns `done` as written. slow: t->slow, a
 * constant 0 where issue_common inlines it. */
static inline __attribute__((always_inline)) uint64_t write_results(ws_timing *t, uint32_t wi, const timing_info *f,
                                                                    const ws_reg_use *u, const ws_insn *in, uint32_t pc,
                                                                    uint64_t done, const int slow)
{
    uint32_t prod = pc;
    uint64_t *rr = t->ws[wi].rr;
    uint32_t *rp = t->ws[wi].rp;
    /* most instructions: not a free mov, no predicate later (the last loop below); --slow-path timing
     * takes the per-field tests below, the reference for writes (timing_info_of) */
    if (!slow && !f->writes) {
        for (uint32_t i = 0; i < u->ndst; i++) {
            rr[u->dst[i]] = done;
            rp[u->dst[i]] = prod;
        }
        return done;
    }
    if (f->free_mov && f->latency > 0) { /* WS_FOLD_HOIST, issued above the bar.sync: its latency after its sources */
        done = (uint64_t)f->latency;
        for (uint32_t i = 0; i < u->nsrc; i++)
            if (u->src[i] < t->nregs && rr[u->src[i]] + (uint64_t)f->latency > done)
                done = rr[u->src[i]] + (uint64_t)f->latency;
    } else if (f->free_mov)
        for (uint32_t i = 0; i <= u->nsrc; i++) {
            uint32_t r = i < u->nsrc ? u->src[i] : f->same; /* a folded load: the earlier load's value */
            if (r < t->nregs && rr[r] > done) {
                done = rr[r];
                prod = rp[r];
            }
        }
    if (!f->pred) /* all destinations at once (most instructions) */
        for (uint32_t i = 0; i < u->ndst; i++) {
            rr[u->dst[i]] = done;
            rp[u->dst[i]] = prod;
        }
    else {
        uint64_t done_pred = done + (uint64_t)f->pred;
        for (uint32_t i = 0; i < u->ndst; i++) {
            rr[u->dst[i]] = u->dst[i] == in->dpred ? done_pred : done;
            rp[u->dst[i]] = prod;
        }
    }
    return done;
}

/* Warp wi issues instruction pc at cycle: the cold code's fetch and the shared window's stretches
 * follow it (neither reads the registers the instruction writes); hooks says whether either still
 * listens. */
static inline __attribute__((always_inline)) void issue_hooks(ws_timing *t, uint32_t wi, uint32_t pc, uint64_t cycle)
{
    if (t->ifetch.live) {
        uint32_t moved = t->ifetch.moved, nreq = t->ifetch.nreq;
        ws_ifetch_issue(&t->ifetch, wi, pc, cycle);
        if (t->ifetch.moved != moved || t->ifetch.nreq != nreq)
            fetch_moved(t, moved);
        if (!t->ifetch.live) /* all the code is there from now on */
            t->hooks = t->cga_used || t->xu_used;
    }
    if (t->cga_used) /* the stretches matter only to an instruction that needs the base */
        ws_cga_issue(&t->cga, wi, pc, cycle);
}

static inline int pick_early(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle, ws_warp *w, warp_state *s);

/* branch.taken: whether the bra at pc (in) that the warp's group just issued took every lane of the group to its
 * target (a uniform taken branch: a loop's back edge, a jump over a block; not a divergent one, whose lanes meet
 * again at branch.rejoin's cost, nor one that falls through). fetch31 on the H100: a one-warp loop of IADD3, 8 FFMA,
 * ISETP, BRA takes 27.1 cycles an iteration, the BRA 17 cycles after the loop's head (ptxas's stall counts) and the
 * next head 10 after it (docs/calibration.md "(loop32)"). */
/* A bra at pc that all of warp wi's lanes take: ifetch.rerequest, the warp fetches for itself from now on; pick.far_loop,
 * a branch back is a loop's, whose lines the warp issues from its caches until it passes its furthest line (k123) */
static void branch_fetch(ws_timing *t, uint32_t wi, const ws_insn *in, uint32_t pc)
{
    t->ifetch.together &= ~(1u << wi);
    if ((uint32_t)in->ops[0].imm <= pc)
        t->ifetch.looping |= 1u << wi;
}

static int taken_by_all(const ws_warp *w, const ws_insn *in, uint32_t group, uint32_t pc)
{
    if (in->op != WS_OP_BRA || !group)
        return 0;
    uint32_t target = (uint32_t)in->ops[0].imm;
    if (target == pc + 1)
        return 0;
    if (w->converged)
        return w->cpc == target;
    for (uint32_t g = group; g; g &= g - 1)
        if (ws_warp_lane_pc(w, (unsigned)__builtin_ctz(g)) != target)
            return 0;
    return 1;
}

/* issue() for an instruction that is not timing_info.rare, with the caches on (not --slow-path
 * timing): most of every kernel's issues. The same steps as issue() with every rare fact false
 * (no access, the latency an integer, nothing before it, the warp's lanes all still live), inline
 * in the scheduling pass: a call and the rare facts' tests cost ~30 host instructions an issue. */
static inline __attribute__((always_inline)) int issue_common(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi,
                                                              uint64_t cycle, const int then_pick, const int lazy)
{
    ws_warp *w = &b->warps[wi];
    warp_state *s = &t->ws[wi];
    const ws_pick pk = s->pick;
    const timing_info *f = s->f;
    const ws_reg_use *u = s->u;
    x->w = w;
    x->regs = w->regs;
    if (f->shfl)
        hold_mio(t, x, wi, cycle, t->p.mio_issue, 1);
    if (f->checks & CHECK_MATH)
        hold_math(t, x, wi, f, cycle, then_pick, lazy);
    b->cycle = cycle;
    if (t->hooks) { /* a kernel without XU ops to space has no test for them here (host cost) */
        issue_hooks(t, wi, pk.pc, cycle);
        if (t->xu_used)
            xu_spaced(t, wi, f, u, pk.pc, cycle);
    }
    t->has_pick &= ~(1u << wi);
    t->on_pipe &= ~(1u << wi);
    if (!(t->step_ok && !pk.merged ? ws_warp_issue_decoded(x, w, &pk) : ws_warp_issue_step(x, w, &pk)))
        ws_warp_issue(x, w, &pk);
    write_results(t, wi, f, u, &x->L->code[pk.pc], pk.pc, cycle + (uint64_t)f->latency, 0);
    /* set_ready's other two writes are the next pick's: the warp has no pick now, so the next pass
     * picks it, which marks it changed (or computes its figures at once) with sb_valid 0 */
    s->ready = f->free_mov ? mov_ready(s, cycle) : cycle + 1 + f->stall;
    s->ready_why = WS_STALL_ISSUE;
    if (f->branch < 0 && taken_by_all(w, &x->L->code[pk.pc], pk.group, pk.pc)) {
        branch_fetch(t, wi, &x->L->code[pk.pc], pk.pc);
        /* branch.taken: no early pick where the target's first is a free mov, which issue_movs would issue at
         * cycle + 1, inside the hold (the pass picks the warp once it is ready, as issue()'s); any other pick is made
         * early as ever (its figures read the ready cycle; a plan keys on it) */
        s->ready = cycle + (uint64_t)t->branch_taken;
        uint32_t at = w->cpc < t->ninfo && t->sched.order ? t->sched.order[w->cpc] : w->cpc;
        if (!then_pick || !w->converged || at >= t->ninfo || t->info[at].free_mov)
            return 0;
    }
    if (then_pick) /* the lone warps' pass (a constant where it is inlined): pick_early's answer */
        return pick_early(t, x, wi, cycle + 1, w, s);
    return 0;
}

static void issue(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi, uint64_t cycle)
{
    ws_launch_ctx *L = x->L;
    ws_warp *w = &b->warps[wi];
    warp_state *s = &t->ws[wi];
    ws_pick pk = s->pick;
    const ws_insn *in = &L->code[pk.pc];
    timing_info tmp;
    const timing_info *f = t->slow ? info_of(t, L, pk.pc, &tmp) : s->f;
    const mem_access *m = f->memory ? access_of(t, x, w, wi) : NULL;
    x->w = w;
    x->regs = w->regs;
    x->mem_wavefronts = m ? m->c.wavefronts : 0;
    int64_t lat = f->latency, before = 0, imc = 0;
    if (f->rare) {
        double cold = 0; /* a load's wait for its lines beyond an L1 hit (mem_commit) */
        if (m) {
            cold = mem_commit(t, in, m, cycle);
            if (t->stores_failed)
                ws_launch_stop(L, WS_ERR_INTERNAL, "out of memory");
            if (m->c.shared) {
                memcpy(x->mem_bank, m->bank, sizeof x->mem_bank);
                if (m->c.queued) { /* it holds the MIO pipe until it leaves the data stage; the bank
                                    * stages write the block's queued stores in turn (stq.h) */
                    unsigned sp = t->sp_of[wi];
                    double from = t->mio_free[sp] > (double)cycle ? t->mio_free[sp] : (double)cycle, moved;
                    t->stq_used |= 1ull << sp;
                    s->stq_end =
                        ws_stq_push(&t->stq[sp], (double)cycle, from, &m->c.stq, stq_bounds(t), &moved, &t->stq_pipe);
                    hold_mio(t, x, wi, cycle, moved - from, 0);
                    s->stq_moved = moved;
                    t->stq_tail[wi][t->stq_count[wi]++ % STQ_TAIL] = s->stq_end;
                } else if (t->queue_depth) {
                    cold += queue_enter(t, x, wi, m, cycle);
                } else {
                    double start = t->pipe_free > (double)cycle ? t->pipe_free : (double)cycle;
                    t->pipe_free = start + m->c.hold;
                    hold_mio(t, x, wi, cycle, m->c.mio, 0);
                    t->pipe_at = whole_cycle(t->pipe_free);
                }
                L->stats.shared_wavefronts += m->c.wavefronts;
                L->stats.bank_conflicts += m->c.wavefronts - m->c.min_wavefronts;
            }
            if (t->stq_read && t->stq_regs.slot[pk.pc]) { /* a store reads its registers after the queued ones */
                double read = m->c.queued || s->stq_moved > (double)cycle ? s->stq_moved : (double)cycle;
                t->stq_read[wi * t->stq_regs.nslots + t->stq_regs.slot[pk.pc] - 1] = read;
            }
        }
        if (lat < 0) /* from the data: read before the instruction executes */
            lat = ws_llround(ws_optable[in->op].latency == LAT_MATCH ? match_latency(&t->p, x, in, pk.group)
                                                                     : latency_of(t, in, &m->c) + cold);
        before = f->subwarp ? subwarp_before(t, x, in, pk, (double)lat, wi, cycle) : 0; /* the SASS ptxas puts before it */
        if (f->imc) { /* the immediate-constant miss of the launch's dimensions (reads_launch_dims) */
            if (!t->imc_at)
                t->imc_at = cycle + (uint64_t)ws_llround(t->p.imc_miss);
            imc = t->imc_at > cycle ? (int64_t)(t->imc_at - cycle) : 0;
        }
    }
    if (f->shfl) /* after the memory's hold: nothing between reads the MIO pipe */
        hold_mio(t, x, wi, cycle, t->p.mio_issue, 1);
    if (f->checks & CHECK_MATH)
        hold_math(t, x, wi, f, cycle, 0, 1); /* lazy_keys 0 and slotted ~0 in other blocks */
    const ws_reg_use *u = t->slow ? uses_of(t, L, pk.pc) : s->u;
    if (f->fma_pipe & (FMA_READS_IMAD | FMA_HALVES)) { /* one test where neither is there */
        if (f->fma_pipe & FMA_READS_IMAD)
            imad_read_issue(t, x, wi, u, cycle);
        if (f->fma_pipe & FMA_HALVES)
            halves_issue(t, x, wi, cycle);
    }
    xu_spaced(t, wi, f, u, pk.pc, cycle);
    b->cycle = cycle;
    if (t->hooks)
        issue_hooks(t, wi, pk.pc, cycle);
    t->has_pick &= ~(1u << wi);
    t->on_pipe &= ~(1u << wi);
    if (f->arrival) { /* it reads the clock on the warp's arrival, not after the release (bar.clock) */
        uint64_t read = t->bar_at[wi] + (uint64_t)ws_llround(t->p.bar_clock);
        b->clock_lag = read < cycle ? cycle - read : 0;
    }
    /* the step entry takes no instruction that moves lanes, but a rare one's handler where it has one
     * (ld.param, a special register, a gate's setp: the same as ws_warp_issue's, without its chain) */
    if ((f->rare && ws_op_moves_lanes(in->op)) || !ws_warp_issue_step(x, w, &pk))
        ws_warp_issue(x, w, &pk);
    b->clock_lag = 0;
    if (f->rare && !w->live) { /* it exited: no more cycles to charge, nothing to wait for */
        t->live &= ~(1u << wi);
        unfile(t, wi);
        t->when[wi] = UINT64_MAX;
    }
    x->mem_wavefronts = 0;
    if (f->rare && f->gate) /* the guarded S2R: guard.feed after its predicate (cga.h) */
        ws_cga_read_at(&t->cga, wi, cycle + (uint64_t)(lat + t->guard_feed));
    uint64_t done = cycle + (uint64_t)(before + imc + lat);
    if (f->rare) { /* a shared variable's address */
        uint64_t base = ws_cga_ready(&t->cga, wi, pk.pc, t->p.sreg_cga, t->p.sreg_s2r, t->p.sreg_s2r_lea);
        if (!f->memory && base > done)
            done = base;
    }
    done = write_results(t, wi, f, u, in, pk.pc, done, t->slow);
    uint64_t next = cycle + 1 + f->stall + (uint64_t)(before + imc);
    if (f->rare) {
        if (f->fence >= 0) { /* a MEMBAR waits for the warp's outstanding results, then holds the warp */
            uint64_t *rr = &t->reg_ready[(size_t)wi * t->nregs];
            /* a fence is the MEMBAR: its stall count holds the warp. A release's access (st, red, atom
             * .release/.acq_rel) issues that much after its MEMBAR, which issued when the warp was
             * ready (fence_stall_wait), so its results come that much later (fence_of after the
             * warp's results is in lat already) */
            uint64_t stalled = cycle + (uint64_t)ws_llround(t->p.fence_stall);
            if (ws_op_is_memory(in->op)) {
                int64_t membar = fence_stall_wait(&t->p, s->ready, cycle, f->fence);
                for (uint32_t i = 0; i < u->ndst; i++)
                    rr[u->dst[i]] += (uint64_t)membar;
                done += (uint64_t)membar;
                stalled = cycle + 1 + (uint64_t)membar;
            }
            uint64_t drained = cycle + 1;
            for (uint32_t r = 0; r < t->nregs; r++)
                drained = rr[r] > drained ? rr[r] : drained;
            next = drained + (uint64_t)f->fence;
            next = stalled > next ? stalled : next;
        }
        if (f->branch > 0)
            next = cycle + (uint64_t)(t->branch_taken && kept_bra(t, pk.pc) && taken_by_all(w, in, pk.group, pk.pc)
                                          ? t->branch_taken
                                          : f->branch);
        if (f->issue) { /* it holds its sub-partition's issue (issue_cycles): the warp's and the others' */
            uint64_t held = cycle + f->issue;
            next = held > next ? held : next;
            t->issue_at[t->sp_of[wi]] = held;
        }
        if (f->hold && done > next)
            next = done;
        if (ws_op_class_of(in->op) == CLS_BARRIER) {
            t->bar_wait |= 1u << wi;
            t->bar_at[wi] = cycle;
        }
        t->bar_moved = 1;
    }
    if (f->branch < 0 && taken_by_all(w, in, pk.group, pk.pc)) { /* branch.taken, as issue_common */
        next = cycle + (uint64_t)t->branch_taken;
        branch_fetch(t, wi, in, pk.pc);
    }
    set_ready(t, wi, f->free_mov ? mov_ready(s, cycle) : next,
              before ? WS_STALL_SYNC
              : imc  ? WS_STALL_SCOREBOARD
                     : WS_STALL_ISSUE);
}

/* Whether warp wi's pick issues through issue_common (eager: as for update). */
static inline int issues_common(const ws_timing *t, uint32_t wi, const int eager)
{
    return !(eager && t->slow) && !t->ws[wi].f->rare;
}

/* Warp wi issues its pick at `cycle`: the common path where it applies (common: issues_common, which
 * the lone warps' pass reads again for pick_early). */
static inline __attribute__((always_inline)) void issue_any(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi,
                                                            uint64_t cycle, const int common, const int lazy)
{
    if (common)
        issue_common(t, x, b, wi, cycle, 0, lazy);
    else
        issue(t, x, b, wi, cycle);
}

/* bar.stagger: how many warps of the block leave the barrier before warp wi. probe_bar_release (mio15, every run):
 * the loads after it end one a cycle, with 8 warps in the order w6 w7 w4 w1 w2 w3 w0 w5 for arrivals w6 w7 w2 w3 w4
 * w1 w5 w0 (w6 w7 w0 w1 w2 w3 w4 w5 without the spin): the sub-partitions in turn from the first arrival's, each its
 * earlier arrival first; with 4 warps (one a sub-partition) w0 w1 w2 w3, though w0 arrived last. */
static uint32_t leaving_before(const ws_timing *t, uint32_t nwarps, uint32_t wi)
{
    unsigned nsp = t->p.subpartitions;
    if (!nsp || nsp > 32)
        return 0;
    uint32_t first = 0;
    for (uint32_t wj = 1; wj < nwarps && wj < 32 && nwarps > nsp; wj++)
        first = t->bar_at[wj] < t->bar_at[first] ? wj : first;
    uint32_t rank = 0; /* wi's place among its sub-partition's warps by arrival */
    for (uint32_t wj = wi % nsp; wj < nwarps && wj < 32; wj += nsp)
        rank += wj != wi && (t->bar_at[wj] < t->bar_at[wi] || (t->bar_at[wj] == t->bar_at[wi] && wj < wi));
    uint32_t turn = (wi % nsp + nsp - first % nsp) % nsp, before = 0; /* its sub-partition's turn from the first's */
    for (unsigned sp = 0; sp < nsp && sp < nwarps; sp++) {            /* the warps of each round before it */
        uint32_t n = (nwarps - sp + nsp - 1) / nsp, t_sp = (sp + nsp - first % nsp) % nsp;
        before += rank < n ? rank : n;
        before += rank < n && t_sp < turn;
    }
    return before;
}

/* release_barriers once a barrier may have completed. */
static __attribute__((noinline)) int release_complete(ws_timing *t, ws_block *b, uint64_t cycle)
{
    t->bar_moved = 0; /* every complete barrier is released below */
    if (!ws_block_release_barriers(b, 0))
        return 0;
    t->blocked = 0; /* lanes run again: every warp picks anew */
    uint64_t period = (uint64_t)ws_llround(t->p.lat[LAT_BAR] + t->p.bar_per_warp * (b->nwarps - 1));
    uint64_t at = cycle + period;
    int short_release = t->p.bar_release > 0 && (t->p.bar_release_warps <= 0 || b->nwarps <= t->p.bar_release_warps);
    if (short_release) {
        /* the first load issues 6-8 cycles after the last arrival (1-8 warps), the next bar.sync the
         * period after the release before (probe_bar_release, mio15) */
        uint64_t soon = cycle + (uint64_t)ws_llround(t->p.bar_release);
        at = t->bar_last + period > soon ? t->bar_last + period : soon;
    }
    /* not before every warp's queued shared stores are written: after 64 stores of 32 wavefronts
     * in one warp, the other warps' loads past the bar.sync wait as long as its own (probe_stq2 s2) */
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        uint64_t drained = whole_cycle(t->ws[wi].stq_end);
        at = drained > at ? drained : at;
    }
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        if (!((t->bar_wait >> wi) & 1) || waits_at(&b->warps[wi], LANE_WAIT_BAR))
            continue;
        t->bar_wait &= ~(1u << wi);
        t->ifetch.together |= 1u << wi; /* ifetch.rerequest: released with the others, it fetches with them */
        uint64_t mine = at + (short_release && t->p.bar_stagger > 0
                                  ? (uint64_t)ws_llround(t->p.bar_stagger * leaving_before(t, b->nwarps, wi))
                                  : 0);
        if (t->ws[wi].ready < mine)
            set_ready(t, wi, mine, WS_STALL_BARRIER);
    }
    t->bar_last = at;
    return 1;
}

/* Releases every complete bar.sync; its warps issue again bar + per_warp x (warps - 1) later.
 * Inline: most passes that issue have nothing to release. */
static inline int release_barriers(ws_timing *t, ws_block *b, uint64_t cycle)
{
    if (!t->bar_wait || !(t->bar_moved || t->slow)) /* nothing arrived or ended since: none completes */
        return 0;
    return release_complete(t, b, cycle);
}

/* Warp wi's when/why from this cycle on (its earlier cycles are charged with the old ones).
 * filed, eager: t->filed and t->eager, constants where it is inlined (run_passes). */
static inline __attribute__((always_inline)) void update(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi,
                                                         uint64_t cycle, const int filed, const int eager)
{
    settle(t, x->L, b, wi, cycle, 0, eager);
    uint32_t bit = 1u << wi;
    ws_warp *w = &b->warps[wi];
    ws_stall_reason why;
    uint64_t when;
    t->prod[wi] = UINT32_MAX;
    t->dirty &= ~bit;
    t->timed &= ~bit;
    if (t->has_pick & bit) {
        /* lazy_file's: earliest's, read before its stores of bytes, which may alias it (filed blocks) */
        const timing_info *f = filed && !eager ? t->ws[wi].f : NULL;
        when = earliest(t, x, w, wi, &why, &t->prod[wi], eager, 0);
        if (filed && !eager)
            lazy_file(t, wi, f, when, why, cycle);
    } else if (t->ws[wi].ready > cycle) {
        when = t->ws[wi].ready; /* released from a barrier, not issuing yet */
        why = (ws_stall_reason)t->ws[wi].ready_why;
        t->timed |= bit;
    } else {
        when = UINT64_MAX;
        why = (t->blocked & bit) && !(eager && t->slow) ? (ws_stall_reason)t->ws[wi].blocked_why : blocked_reason(w);
    }
    if (filed)
        file_when(t, wi, when, cycle);
    else
        t->when[wi] = when;
    t->why[wi] = (uint8_t)why;
}

/* Warp wi's free mov at pc, its step done at `cycle` (pick_warp, issue_movs): the rest of its issue, no pipe
 * and no pick kept. The fetch and the shared window's stretches hear of it after the step (issue_common:
 * before): neither they nor the step read what the other writes. */
static inline __attribute__((always_inline)) void mov_issued(ws_timing *t, ws_exec *x, uint32_t wi, warp_state *s,
                                                             uint32_t pc, uint64_t cycle)
{
    const timing_info *f = &t->info[pc];
    if (t->hooks)
        issue_hooks(t, wi, pc, cycle);
    write_results(t, wi, f, &t->uses[pc], &x->L->code[pc], pc, cycle + (uint64_t)f->latency, 0);
    s->ready = mov_ready(s, cycle);
    s->ready_why = WS_STALL_ISSUE;
    s->sb_valid = s->mem_valid = 0;
}

/* Whether warp wi's pick f, a free mov, issues at once at `cycle` (pick_warp): when the warp is ready, and with
 * pipe.held_mov 1 while it waits out the issue hold of the instruction before it (issue_cycles: an f64 op's
 * pipe.f64, a half fma's, a MUFU's fix-ups; its ready cycle is its sub-partition's issue_at), the wait kept
 * (mov_issued, issue_common and issue keep the later ready cycle). A free mov is no SASS instruction (the LOP3 after a
 * DADD reads its register pair: probe_alu3.sass alu3_dadd_l), so it takes no cycle of the pass; kept as a pick until
 * the hold ends it issued in the pass and took the sub-partition's cycle there, one a step of a DADD and a LOP3 on the
 * pair's low half (docs/calibration.md "(f64r18)"). Not a mov with a latency (a hoisted one, WS_FOLD_HOIST). */
static inline int mov_now(const ws_timing *t, uint32_t wi, const timing_info *f, uint64_t cycle)
{
    uint64_t ready = t->ws[wi].ready;
    return ready <= cycle ||
           (t->held_mov && f->latency <= 0 && !f->rare && !f->shfl && ready == t->issue_at[t->sp_of[wi]]);
}

#include "timing_passes.h"

/* A process's first launch starts a block's warps in groups of 4, start.warp cycles apart within a
 * group, the last group first and each earlier one later (mio17, probe_start launch 0: 8 warps 7 9
 * 11 13 0 2 4 6 in 102 of 132 SMs, 16 warps groups at 11 9 7 0 the commonest; 32 warps, start32: in
 * 50 of 132 one group first and the others from the highest down at 7 9 11 13 15 18 22, the kind the
 * H200's BlockReduce raking<int, 1024> and BlockScan<int, 1024> timelines show, tl26); a later
 * launch's warps start 2 cycles apart in warp order (launches 1-24), which the sub-partitions' round
 * robin gives already. Before its start a warp waits as for its fetch (issue). */
static void cold_start(ws_timing *t, uint32_t nwarps)
{
    uint32_t groups = (nwarps + 3) / 4;
    for (uint32_t wi = 0; wi < nwarps && wi < 32; wi++) {
        uint32_t later = groups - 1 - wi / 4; /* groups that start before its own */
        double at = (wi % 4) * t->p.start_warp + (later ? t->p.start_group + (later - 1) * t->p.start_group_next : 0);
        uint64_t ready = (uint64_t)ws_llround(at);
        if (ready)
            set_ready(t, wi, ready, WS_STALL_ISSUE);
    }
}

void ws_timing_run_block(ws_launch_ctx *L, ws_block *b, ws_exec *x)
{
    ws_timing *t = L->timing;
    if (t->cga_used) /* the warps' reads of the base (no instruction asks for them otherwise) */
        ws_cga_reset(&t->cga);
    t->imc_at = 0;
    memset(t->bar_at, 0, sizeof t->bar_at);
    t->bar_last = 0;
    memset(t->reg_ready, 0, (size_t)t->nwarps * t->nregs * sizeof *t->reg_ready);
    if (t->stq_read)
        memset(t->stq_read, 0, (size_t)t->nwarps * t->stq_regs.nslots * sizeof *t->stq_read);
    for (uint32_t wi = 0; wi < t->nwarps; wi++) { /* t->mem is read only while mem_valid */
        warp_state *s = &t->ws[wi];
        s->pick = (ws_pick){0};
        s->ready = s->sb_when = 0;
        s->ready_why = s->blocked_why = s->sb_valid = s->mem_valid = s->sb_why = 0;
        s->sb_prod = 0;
        s->seg = UINT32_MAX;
        s->stq_end = 0;
        s->stq_moved = 0;
        t->stq_count[wi] = 0;
    }
    t->live = t->has_pick = t->blocked = t->bar_wait = t->on_pipe = t->on_shfl = t->timed = t->lazy = 0;
    memset(t->steps, 0, sizeof t->steps);
    t->bar_moved = 1;
    t->can_issue = t->far = 0; /* lazy: none since the last block's end (lazy_leave_bits) */
    memset(t->wheel, 0, sizeof t->wheel);
    t->wheel_used = 0;
    t->far_from = UINT64_MAX;
    t->woke = 0;
    unsigned nsp = t->p.subpartitions;
    t->filed = !t->slow && b->nwarps > 2 * nsp;
    memset(t->sp_warps, 0, sizeof t->sp_warps);
    for (uint32_t wi = 0; wi < 32; wi++) {
        t->when[wi] = UINT64_MAX;
        if (wi < b->nwarps && wi % nsp < 32)
            t->sp_warps[wi % nsp] |= 1u << wi;
    }
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        t->live |= b->warps[wi].live ? 1u << wi : 0;
        t->when[wi] = UINT64_MAX;
        t->charged[wi] = 0;
        t->why[wi] = WS_STALL_ISSUE;
        t->prod[wi] = UINT32_MAX;
    }
    t->dirty = t->live;
    if (!t->code_warm && t->p.start_warps > 0 && b->nwarps <= t->p.start_warps)
        cold_start(t, b->nwarps);
    t->eager = L->sim->cfg.on_event || t->slow;
    t->retime = t->filed && !t->eager ? retime_filed : retime_math;
    t->slotted = t->filed && !t->eager ? 0 : ~0u;
    memset(t->lazy_keys, 0, sizeof t->lazy_keys);
    t->step_ok = !x->ev && L->dk_issue && !b->shadow;
    rr_reset(t, nsp, b->nwarps);
    t->young_seen = 0;
    memset(t->young_of, -1, sizeof t->young_of);
    t->pipe_free = 0;
    queue_reset(t, nsp);
    t->stq_pipe = 0;
    t->pipe_at = 0;
    memset(t->mio_free, 0, sizeof t->mio_free);
    memset(t->math_at, 0, sizeof t->math_at);
    memset(t->half_end, 0, sizeof t->half_end);
    memset(t->half_own, 0, sizeof t->half_own);
    memset(t->half_credit, 0, sizeof t->half_credit);
    memset(t->imad_read_left, 0, sizeof t->imad_read_left);
    memset(t->lite_at, 0, sizeof t->lite_at);
    memset(t->issue_at, 0, sizeof t->issue_at);
    memset(t->xu_at, 0, sizeof t->xu_at);
    memset(t->xu_left, 0, sizeof t->xu_left);
    memset(t->xu_ready, 0, sizeof t->xu_ready);
    memset(t->xu_pc, 0, sizeof t->xu_pc);
    memset(t->late_due, 0, sizeof t->late_due);
    memset(t->late_wait, 0, sizeof t->late_wait);
    memset(t->mio_at, 0, sizeof t->mio_at);
    memset(t->mio_next, 0, sizeof t->mio_next);
    /* the queues empty: only the stores in a queue are read (zeroing all 64 was 197 KB a block), and
     * only a queue a store entered has any (the others are as calloc left them, or emptied before;
     * writing each sub-partition's head touched three pages of a one-warp launch) */
    for (uint64_t used = t->stq_used; used; used &= used - 1) {
        ws_stq *q = &t->stq[__builtin_ctzll(used)];
        q->head = q->n = 0;
    }
    t->stq_used = 0;
    /* a later launch of the kernel (or cold code free: ifetch.line 0): its code is cached (ifetch.h), but for a
     * kernel larger than ifetch.hold, whose lines come again at ifetch.warm_line */
    ws_ifetch_reset(&t->ifetch, t->code_warm || t->p.ifetch_line <= 0);
    if (++t->gen == 0) { /* a new block: no line touched (a kept state's generations wrapped: none is) */
        for (unsigned i = 0; i < LINE_SET; i++)
            t->lines[i].gen = 0;
        for (uint32_t pc = 0; t->plan_ok && pc < t->ninfo; pc++) /* the segments' code_gen too */
            t->plan_s[pc].code_gen = 0;
        t->gen = 1;
    }
    t->hooks = t->ifetch.live || t->cga_used || t->xu_used;
    /* plans for lone warps without stall events; none is running or recording at a block's start */
    t->plans = t->plan_ok && !t->eager && t->step_ok && b->nwarps <= nsp;
    for (uint32_t wi = 0; wi < 32; wi++)
        if (t->plan_rec[wi] || t->plan_pos[wi] != UINT32_MAX)
            plan_leave(t, wi);
    t->block_missed = 0;
    t->nstores = 0;
    uint64_t charged_to = 0; /* at the end: the cycles charged to every live warp */
    /* a copy for each way of finding the ready warps and each way of charging stalls, so that each
     * tests neither per warp (filed and eager are constants in it; eager covers --slow-path timing) */
    uint64_t cycle =
        t->filed   ? (t->eager ? run_passes_filed_eager(L, b, x, &charged_to) : run_passes_filed(L, b, x, &charged_to))
        : t->eager ? run_passes_unfiled_eager(L, b, x, &charged_to)
        : b->nwarps <= t->p.subpartitions ? run_passes_lone(L, b, x, &charged_to)
                                          : run_passes_unfiled(L, b, x, &charged_to);
    lazy_leave_bits(t, t->lazy, charged_to);
    /* far code that ran: its figure is one the card does not pin down (ws_far_note) */
    L->stats.far_blocks += t->far_code && ws_ifetch_reached(&t->ifetch, t->p.ifetch_far);
    /* ... and past ifetch.window: lines the launch does not bring (docs/calibration.md "(win53)") */
    L->stats.window_blocks += t->far_code && t->ifetch.window && ws_ifetch_reached(&t->ifetch, t->p.ifetch_window);
    /* ... and the order its lines came in, which the next launch feeds the far cache (ifetch.keep_*) */
    if (t->far_record && !t->far_order) {
        t->far_order = ws_ifetch_order(&t->ifetch, &t->nfar_order);
        t->far_record = 0;
    }
    L->stats.stalls[WS_STALL_PIPE] += t->acc_pipe;
    L->stats.stalls[WS_STALL_ISSUE] += t->acc_n - t->acc_pipe;
    t->acc_pipe = t->acc_n = 0;
    /* the cycles charged so far to every warp still live */
    for (uint32_t m = t->live; m; m &= m - 1)
        settle(t, L, b, (uint32_t)__builtin_ctz(m), charged_to, 0, t->eager);
    b->cycle = cycle;
}
