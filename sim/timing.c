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
 * This file makes a launch's state and runs its blocks (the issue path). Its cold parts are files of their own
 * (CONTRIBUTING.md "Layers of sim/"): timing_state.h (the state, ws_timing and ws_timing_kernel), timing_tables.c (the
 * kernel's tables and ptxas's rules, once per kernel), timing_info.c (each instruction's timing_info) and
 * timing_latency.h (latencies by class and form, static: the issue path's calls stay within this file).
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
    free(tk->imad_read);
    free(tk->young);
    free(tk->stall);
    ws_fold_free(&tk->fold);
    ws_subwarp_free(&tk->subwarp);
    ws_cga_free(&tk->cga);
    ws_schedule_free(&tk->sched);
    free(tk->line_of);
    free(tk);
}

uint64_t ws_timing_kernel_bytes(const ws_kernel *k)
{
    uint64_t n = (uint64_t)k->ninsns + 1;
    return sizeof(ws_timing_kernel) + n * (sizeof(timing_info) + 2) + ws_schedule_bytes(k->ninsns) +
           n * sizeof(double) /* build_schedule's latencies, while it runs */ + n * 2 /* subwarp */ +
           n * (sizeof(uint32_t) + 5) /* cga */ + n * (2 + sizeof(uint32_t)) /* fold */ +
           n * sizeof(uint32_t) /* line_of */;
}

#define KEPT(field)                                                                                                    \
    {                                                                                                                  \
        offsetof(ws_timing, field), sizeof(((ws_timing *)0)->field)                                                    \
    }
/* What a kept state keeps: its buffers and their room, the lines' generation (the lines of its blocks
 * are not the next block's) and the queues the next block empties (stq_used) */
static const struct {
    size_t off, size;
} kept_fields[] = {KEPT(alloc),       KEPT(regs_cap),     KEPT(ws_cap),      KEPT(stq_read_cap), KEPT(reg_ready),
                   KEPT(reg_prod),    KEPT(ws),           KEPT(stq_read),    KEPT(stores),       KEPT(stores_cap),
                   KEPT(ifetch),      KEPT(gen),          KEPT(stq_used),    KEPT(plan_s),       KEPT(plan_e),
                   KEPT(plan_in),     KEPT(plan_krp),     KEPT(plan_krr),    KEPT(plan_s_cap),   KEPT(plan_e_cap),
                   KEPT(plan_in_cap), KEPT(plan_krp_cap), KEPT(plan_krr_cap)};
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
    unsigned char keep[offsetof(ws_timing, stq)]; /* the kept fields are among those zeroed */
    size_t at = 0;
    for (size_t i = 0; i < sizeof kept_fields / sizeof *kept_fields; at += kept_fields[i++].size)
        memcpy(keep + at, (char *)spare + kept_fields[i].off, kept_fields[i].size);
    /* but mem[], read only while its warp's mem_valid (zeroed with ws): 12 KB a launch less */
    const size_t mem_end = offsetof(ws_timing, mem) + sizeof spare->mem;
    memset(spare, 0, offsetof(ws_timing, mem));
    memset((char *)spare + mem_end, 0, offsetof(ws_timing, stq) - mem_end);
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

/* Whether the instruction at a position can be in a plan: a common pick (not rare) that reads nothing but its
 * sources' ready cycles, its ready cycle and, a shuffle, its sub-partition's MIO pipe (no access, no hoisted
 * setp, no free shuffle), with a feed below PLAN_OLD. */
static int plannable(const timing_info *f)
{
    return !f->rare && !f->memory && !(f->checks & (CHECK_BASE | CHECK_STQ)) &&
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
                 !t->imad_read; /* nor with pipe.imad_read's: a hold from the producers at issue (imad_read_issue) */
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

/* A preset's pipe.* figure as whole cycles a slot holds its pipe: 0 where it gives no rate (0 or 1); at most 63,
 * so that a slot's cycles (timing_info.slots: up to twice a hold, and a MUFU's fix-ups four) fit in a byte. */
static uint64_t hold_of(double cycles) { return cycles > 1 ? (uint64_t)(cycles < 63 ? ws_llround(cycles) : 63) : 0; }

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
    t->mma_alu_hold = t->alu_hold && t->p.pipe_mma_alu >= 1
                          ? (uint64_t)ws_llround(t->p.pipe_mma_alu < 63 ? t->p.pipe_mma_alu : 63)
                          : 0;
    t->prmt_hold = t->alu_hold && t->p.pipe_prmt > 0 ? hold_of(t->p.pipe_prmt) : t->alu_hold;
    t->fma_hold = hold_of(t->p.pipe_fma_half);
    t->half_window = t->p.pipe_half_window > 0 ? (uint64_t)ws_llround(t->p.pipe_half_window) : 0;
    t->imad_read_hold = t->imad_hold && t->p.pipe_imad_read > 1
                            ? (uint32_t)ws_llround((t->p.pipe_imad_read < 63 ? t->p.pipe_imad_read : 63) * IMAD_READ_ONE)
                            : 0;
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
        zeroed((void **)&t->ws, &t->ws_cap, t->nwarps, sizeof *t->ws) != 0)
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
    t->imad_read = tk->imad_read;
    t->young = tk->young;
    t->stall = tk->stall;
    t->fold = tk->fold;
    t->subwarp = tk->subwarp;
    t->cga = tk->cga;
    t->cga_used = tk->cga_used;
    t->xu_used = tk->xu_used;
    t->fma_rule = tk->fma_rule;
    t->sched = tk->sched;
    /* a kernel whose code passes what the instruction caches keep between launches (ifetch.hold KiB, its lines as
     * the layout counts them) fetches its lines again in every later launch (docs/calibration.md "(rcp27)") */
    int refetch =
        tk->line_of && t->p.ifetch_hold > 0 && ((double)tk->line_of[t->ninfo] + 1) * 128 > t->p.ifetch_hold * 1024;
    if (ws_ifetch_init(&t->ifetch, t->ninfo, tk->line_of, t->p.ifetch_line, t->p.ifetch_ahead, t->p.ifetch_latency,
                       t->p.ifetch_restart, refetch ? t->p.ifetch_warm_line : 0, t->p.ifetch_warm_latency,
                       t->p.ifetch_warm_restart) != 0)
        goto oom;
    t->ifetch.late = t->p.ifetch_late > 0;
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
           (uint64_t)nwarps * stq->nslots * sizeof(double);
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
    free(t->reg_ready);
    free(t->reg_prod);
    free(t->ws);
    ws_ifetch_free(&t->ifetch);
    free(t->stq_read);
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
    if (returns && bytes == 16 && t->p.shared_bcast128 > 0 &&
        ws_bank_same_word_lanes(addr, exec, 16) == (unsigned)__builtin_popcount(exec)) {
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
        c->extra_latency += (waves - 1) * t->p.shared_wavefront + (bytes >= 16 ? t->p.shared_128 : 0);
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

static int waits_at(const ws_warp *w, int state)
{
    for (unsigned i = 0; !w->converged && i < w->ngroups; i++) /* a converged warp's lanes all run */
        if (w->gstate[i] == state)
            return 1;
    return 0;
}

/* Why a warp with no runnable group waits. */
static ws_stall_reason blocked_reason(const ws_warp *w)
{
    if (waits_at(w, LANE_WAIT_BAR))
        return WS_STALL_BARRIER;
    if (waits_at(w, LANE_WAIT_SYNC))
        return WS_STALL_SYNC;
    if (waits_at(w, LANE_WAIT_RECONV))
        return WS_STALL_DIVERGENCE;
    return WS_STALL_ISSUE;
}

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
        int64_t feed = slow ? feed_of(t, ti->bits, ti->shfl, ti->synced) : ti->feed;
        if (slow ? !ti->bits && !ti->shfl && !ti->synced && !ti->side : !feed && !ti->side) {
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
        if (slow || (ti->checks & (CHECK_BASE | CHECK_STQ))) {
            if (ti->memory) { /* an access at [symbol]: the base (cga.h) */
                uint64_t base = ws_cga_ready(&t->cga, wi, pc, t->p.sreg_cga, t->p.sreg_s2r, t->p.sreg_s2r_lea);
                if (base > when) {
                    when = base;
                    y = WS_STALL_SCOREBOARD;
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
            uint64_t fetched = ws_ifetch_ready(&t->ifetch, wi, pc, when);
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

static void young_mark(ws_timing *t, unsigned sp, uint32_t wi)
{
    uint32_t mine = t->sp_warps[sp];
    if (sp >= 32 || t->young_of[sp] >= 0 || __builtin_popcount(mine) != 4 || !t->young[t->ws[wi].pick.pc])
        return;
    t->young_seen |= 1u << wi;
    uint32_t left = mine & ~t->young_seen;
    if (__builtin_popcount(left) == 1)
        t->young_of[sp] = (int8_t)__builtin_ctz(left);
}

/* ---- the issue path: stall events, the warps filed by cycle, the pipes, the issue, the passes --- */

static void emit_stall(ws_launch_ctx *L, ws_block *b, ws_warp *w, uint32_t pc, uint64_t cycle, ws_stall_reason why,
                       uint32_t prod)
{
    ws_event ev = ws_event_of(L, WS_EV_STALL, b->id, cycle);
    ev.warp = w->index;
    ev.pc = pc;
    ev.insn = pc < L->ptx->ninsns ? &L->ptx->insns[pc] : NULL;
    ev.stall = why;
    ev.stall_producer_pc = prod;
    ws_emit(L, &ev);
}

/* Takes the warps `bits`, near and filed under `when`, out of the wheel's slot of that cycle. */
static inline void unwheel(ws_timing *t, uint32_t bits, uint64_t when)
{
    unsigned slot = (unsigned)(when % WHEEL);
    t->wheel[slot] &= ~bits;
    t->wheel_used &= t->wheel[slot] ? ~0ull : ~(1ull << slot);
}

/* Takes warp wi out of the set file_when put it in (the sets are apart: one write). Near or in
 * none (`when` UINT64_MAX): out of the slot of its `when`, which holds it if it is near. */
static inline void unfile(ws_timing *t, uint32_t wi)
{
    uint32_t bit = 1u << wi;
    if (t->can_issue & bit) { /* first: a warp that issued is there until its next pick files it */
        t->can_issue &= ~bit;
    } else if (t->far & bit) {
        t->far &= ~bit;
    } else {
        unwheel(t, bit, t->when[wi]);
    }
}

/* Files the warps `bits`, out of every set, under their common `when` (computed in the pass at
 * `cycle`, after wake_near). */
static inline void file_bits(ws_timing *t, uint32_t bits, uint64_t when, uint64_t cycle)
{
    if (when <= cycle) {
        t->can_issue |= bits;
    } else if (when - cycle < WHEEL) {
        unsigned slot = (unsigned)(when % WHEEL);
        t->wheel[slot] |= bits;
        t->wheel_used |= 1ull << slot;
    } else if (when != UINT64_MAX) {
        t->far |= bits;
        t->far_from = when < t->far_from ? when : t->far_from;
    }
}

/* Files warp wi under its new `when`, computed in the pass at `cycle` (after wake_near). */
static inline void file_when(ws_timing *t, uint32_t wi, uint64_t when, uint64_t cycle)
{
    unfile(t, wi);
    t->when[wi] = when;
    file_bits(t, 1u << wi, when, cycle);
}

/* The near warps whose cycle has come, from woke + 1 to `cycle`, can issue. */
static inline void wake_near(ws_timing *t, uint64_t cycle)
{
    uint64_t n = cycle - t->woke;
    if (n == 1) { /* most passes: the cycle after the last, one slot */
        unsigned slot = (unsigned)(cycle % WHEEL);
        if ((t->wheel_used >> slot) & 1) {
            t->can_issue |= t->wheel[slot];
            t->wheel[slot] = 0;
            t->wheel_used &= ~(1ull << slot);
        }
    } else if (n && t->wheel_used) {
        unsigned from = (unsigned)((t->woke + 1) % WHEEL);
        uint64_t span = n >= WHEEL ? ~0ull : (1ull << n) - 1;
        uint64_t slots = from ? span << from | span >> (WHEEL - from) : span; /* the cycles' slots */
        for (uint64_t m = t->wheel_used & slots; m; m &= m - 1) {
            unsigned slot = (unsigned)__builtin_ctzll(m);
            t->can_issue |= t->wheel[slot];
            t->wheel[slot] = 0;
        }
        t->wheel_used &= ~slots;
    }
    t->woke = cycle;
}

/* The far warps whose cycle has come can issue; far_from becomes the earliest cycle of those
 * still far (UINT64_MAX: none). */
static void wake_far(ws_timing *t, uint64_t cycle)
{
    uint64_t from = UINT64_MAX;
    for (uint32_t m = t->far; m; m &= m - 1) {
        uint64_t when = t->when[__builtin_ctz(m)];
        if (when <= cycle) {
            t->can_issue |= m & -m;
            t->far &= ~(m & -m);
        } else
            from = when < from ? when : from;
    }
    t->far_from = from;
}

/* The first cycle after `cycle` a near or far warp can issue (UINT64_MAX: none), when none can
 * now (wake_near and wake_far ran for this cycle). */
static inline uint64_t next_filed(const ws_timing *t, uint64_t cycle)
{
    uint64_t next = t->far_from;
    if (t->wheel_used) {
        unsigned from = (unsigned)((cycle + 1) % WHEEL);
        uint64_t used = from ? t->wheel_used >> from | t->wheel_used << (WHEEL - from) : t->wheel_used;
        uint64_t near = cycle + 1 + (uint64_t)__builtin_ctzll(used);
        next = near < next ? near : next;
    }
    return next;
}

/* Warp s's ready cycle once a free mov of it issues at `cycle`: a hold's end it waits out stays (mov_now; a free mov
 * takes no cycle of its own). */
static inline uint64_t mov_ready(const warp_state *s, uint64_t cycle) { return s->ready > cycle ? s->ready : cycle; }

/* Warp wi's ready cycle moves: what it waits for is computed again. */
static void set_ready(ws_timing *t, uint32_t wi, uint64_t ready, ws_stall_reason why)
{
    t->ws[wi].ready = ready;
    t->ws[wi].ready_why = (uint8_t)why;
    t->ws[wi].sb_valid = 0;
    t->dirty |= 1u << wi;
}

static inline void settle(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint32_t wi, uint64_t to, int every,
                          const int eager);

/* The free cycle of lazy key k on pipes `at` (a sub-partition's math_at). */
static inline uint64_t pipe_free(const uint64_t *at, unsigned k)
{
    return k < LAZY_BOTH ? at[k] : at[SLOT_ALU] > at[SLOT_IMAD] ? at[SLOT_ALU] : at[SLOT_IMAD];
}

/* Warp wi, charged to `from` and filed at its sub-partition's free cycle `free` of its pick's key k (can_issue where
 * that has come), waits lazily for that pipe from then on (ws_timing.lazy). Its charges are sums (acc_pipe, acc_n):
 * its busy cycles and its cycles, each the count at its leaving less that at its entry. */
static inline void lazy_enter(ws_timing *t, uint32_t wi, unsigned k, uint64_t from, uint64_t free)
{
    uint32_t bit = 1u << wi;
    unsigned sp = t->sp_of[wi];
    t->lazy |= bit;
    t->lazy_of[sp][k] |= bit;
    t->lazy_keys[sp] |= (uint8_t)(1u << k);
    t->lazy_key[wi] = (uint8_t)k;
    t->acc_pipe -= t->busy[sp][k] - (free > from ? free - from : 0);
    t->acc_n -= from;
}

/* Lazy warp wi leaves its wait at `to`, the pipe free by then (its issue in the pass at `to`): its cycles from
 * charged[wi] to `to` are charged, to pipe those its pipe was busy, to issue the others, as the retiming at each move
 * of the pipe and the warp's settle would have charged them. */
static inline void lazy_issue(ws_timing *t, uint32_t wi, uint64_t to)
{
    uint32_t bit = 1u << wi;
    unsigned sp = t->sp_of[wi], k = t->lazy_key[wi];
    t->acc_pipe += t->busy[sp][k];
    t->acc_n += to;
    t->charged[wi] = to;
    t->lazy &= ~bit;
    if (!(t->lazy_of[sp][k] &= ~bit)) /* the last of its key: lazy_moved has nothing to move */
        t->lazy_keys[sp] &= (uint8_t) ~(1u << k);
}

/* lazy_issue for a warp whose pipe may be busy at `to` (its update in the pass at `to`, the block's end, the cycle
 * after a move far ahead); its figures are those the retiming would have left: `when` the pipe's free cycle (where it
 * is filed), why pipe, no producer; it is slotted again (a warp filed far is retime_filed's, as before). Out of line:
 * seldom. */
static __attribute__((noinline)) void lazy_leave_bits(ws_timing *t, uint32_t bits, uint64_t to)
{
    for (uint32_t m = bits & t->lazy; m; m &= m - 1) {
        uint32_t wi = (uint32_t)__builtin_ctz(m);
        unsigned sp = t->sp_of[wi], k = t->lazy_key[wi];
        uint64_t free = pipe_free(t->math_at[sp], k);
        lazy_issue(t, wi, to);
        t->acc_pipe -= free > to ? free - to : 0;
        t->when[wi] = free;
        t->why[wi] = WS_STALL_PIPE;
        t->prod[wi] = UINT32_MAX;
        t->slotted |= 1u << wi; /* retime_filed's again, until its update */
    }
}

/* Sub-partition sp's pipes moved at `cycle` (hold_math, imad_read_issue), each kind k from was[k] to its math_at, with
 * its lazy warps lz: the lazy warps of each kind that moved count its new busy cycles (from the cycle after this one,
 * or from its last free cycle where later) and move as one from where they were filed (was[k]: can_issue where it
 * has come) to its new free cycle, as retime_filed retimed them (those that could issue) or the next pass's update
 * (the others). Moved WHEEL cycles or more ahead, they leave their wait and are filed far with their own `when`.
 * keys: lazy_keys[sp], or those of them the issue's slots may move (hold_math: slots[SLOT_MOVES]). */
static __attribute__((noinline)) void lazy_moved(ws_timing *t, unsigned sp, const uint64_t *was, uint64_t cycle,
                                                 uint32_t keys)
{
    const uint64_t *at = t->math_at[sp];
    for (; keys; keys &= keys - 1) {
        unsigned k = (unsigned)__builtin_ctz(keys);
        uint32_t bits = t->lazy_of[sp][k]; /* not 0: lazy_issue clears the key of its last warp */
        uint64_t old = pipe_free(was, k), now = pipe_free(at, k);
        if (now == old)
            continue;
        uint64_t from = old > cycle + 1 ? old : cycle + 1;
        t->busy[sp][k] += now > from ? now - from : 0;
        if (old <= cycle)
            t->can_issue &= ~bits;
        else
            unwheel(t, bits, old);
        if (__builtin_expect(now >= cycle + WHEEL, 0))
            lazy_leave_bits(t, bits, cycle + 1);
        file_bits(t, bits, now, cycle);
    }
}

/* lazy_moved for hold_math's issues that may move one key alone (`key`, one bit; most of them): no loop over the keys,
 * and the far groups' call last, so that the common path saves no registers (lazy_moved's six pushes and pops). */
static __attribute__((noinline)) void lazy_moved_one(ws_timing *t, unsigned sp, const uint64_t *was, uint64_t cycle,
                                                     uint32_t key)
{
    unsigned k = (unsigned)__builtin_ctz(key);
    uint64_t old = pipe_free(was, k), now = pipe_free(t->math_at[sp], k);
    if (now == old)
        return;
    uint32_t bits = t->lazy_of[sp][k]; /* not 0: lazy_issue clears the key of its last warp */
    uint64_t from = old > cycle + 1 ? old : cycle + 1;
    t->busy[sp][k] += now > from ? now - from : 0;
    if (old <= cycle)
        t->can_issue &= ~bits;
    else
        unwheel(t, bits, old);
    file_bits(t, bits, now, cycle); /* apart from lazy_leave_bits' figures: either order */
    if (__builtin_expect(now >= cycle + WHEEL, 0))
        lazy_leave_bits(t, bits, cycle + 1);
}

/* The first cycle pick f's slots are free on a sub-partition's pipes `at` (math_free_at), through *slots and *free,
 * the last slots asked about and their answer (most picks of a sub-partition take the same slots; none: free at 0). */
static inline uint64_t slots_free(const uint64_t at[SLOT_KINDS], const timing_info *f, slot_word *slots, uint64_t *free)
{
    slot_word mine; /* with slots[SLOT_LAZY], 0 where it takes none (free at 0, the cache's start) */
    memcpy(&mine, f->slots, sizeof mine);
    if (mine != *slots) {
        *slots = mine;
        *free = math_free_at(at, f);
    }
    return *free;
}

/* A retiming's step for warp wj, whose pick now waits for a pipe until `free` (retime_math, retime_filed,
 * retime_shuffles): nothing where it waits as long already; where it could not issue in this pass anyway (its `when`
 * after the cycle), or with stall events (eager: their order is the pass's), it computes its figures again in the
 * next pass (dirty). Else it could issue in this pass and now waits for `why`: its cycles to this one are charged
 * with its old figures, as the next pass's update would charge them, and it answers 1 (its `when`, free, is the
 * caller's to write or file). L: x->L, read once by the caller (the stores here are of bytes, which may alias x). */
static inline int retime_warp(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint32_t wj, uint64_t free, uint64_t cycle,
                              int eager, ws_stall_reason why)
{
    if (t->when[wj] >= free)
        return 0;
    if (t->when[wj] > cycle || eager) {
        t->dirty |= 1u << wj;
        return 0;
    }
    settle(t, L, b, wj, cycle + 1, 0, 0);
    t->why[wj] = (uint8_t)why;
    t->prod[wj] = UINT32_MAX;
    return 1;
}

/* Warp wi took its sub-partition's ALU or IMAD pipe (hold_math): the sub-partition's other warps whose pick waits
 * for the pipe now wait longer. One that could issue in this pass (its `when` at most the cycle) waits until the
 * pipe is free, retimed here with its cycles to this one charged with the old figures, as the next pass's update
 * would do (retime_shuffles); the others compute their figures again in the next pass (all of them with stall
 * events, whose order is the pass's). Unfiled blocks, and every block with stall events (where nothing is retimed
 * here, so that a filed block's warps are filed by update alone); filed blocks without: retime_filed. */
static __attribute__((noinline)) void retime_math(ws_timing *t, ws_exec *x, uint32_t wi, unsigned sp, uint64_t cycle)
{
    ws_launch_ctx *L = x->L; /* read once: the stores below are of bytes, which may alias x */
    ws_block *b = x->blk;
    slot_word slots = 0; /* slots_free's cache */
    uint64_t free = 0;
    for (uint32_t m = t->sp_warps[sp] & t->has_pick & ~(1u << wi) & ~t->dirty; m; m &= m - 1) {
        uint32_t wj = (uint32_t)__builtin_ctz(m);
        timing_info tmp;
        const timing_info *f = t->ws[wj].f ? t->ws[wj].f : info_of(t, L, t->ws[wj].pick.pc, &tmp);
        if (retime_warp(t, L, b, wj, slots_free(t->math_at[sp], f, &slots, &free), cycle, t->eager, WS_STALL_PIPE))
            t->when[wj] = free;
    }
}

/* retime_math in a filed block without stall events, for the warps whose pick takes a slot and that are not lazy
 * (ws_timing.slotted: several kinds of slot, an FMA slot, a wait for something else, far): one retimed here (it could
 * issue in this pass) and whose pick takes one kind of slot waits lazily from now on (lazy_enter), as update makes it. */
static __attribute__((noinline)) void retime_filed(ws_timing *t, ws_exec *x, uint32_t wi, unsigned sp, uint64_t cycle)
{
    ws_launch_ctx *L = x->L; /* read once: the stores below are of bytes, which may alias x */
    ws_block *b = x->blk;
    const uint64_t *mat = t->math_at[sp];
    slot_word slots = 0; /* slots_free's cache */
    uint64_t free = 0;
    for (uint32_t m = t->sp_warps[sp] & t->has_pick & t->slotted & ~(1u << wi) & ~t->dirty & ~t->on_pipe; m; m &= m - 1) {
        uint32_t wj = (uint32_t)__builtin_ctz(m), bit = m & -m;
        const timing_info *f = t->ws[wj].f; /* not --slow-path timing, which files no block */
        if (!retime_warp(t, L, b, wj, slots_free(mat, f, &slots, &free), cycle, 0, WS_STALL_PIPE))
            continue;
        file_when(t, wj, free, cycle);
        unsigned k = f->slots[SLOT_LAZY]; /* 1 + its slots' key, on no other pipe, not held by schedule.xu_stall */
        if (k && free < cycle + WHEEL) {
            t->slotted &= ~bit;
            lazy_enter(t, wj, k - 1, cycle + 1, free);
        }
    }
}

/* pipe.fma_half: an instruction with an FMA slot (math_slots) issued at `cycle` on sub-partition sp. A half op (HADD2,
 * HMUL2, HFMA2: FMA_HALF) holds both halves of the FMA pipe its cycles, and opens the window (pipe.half_window) in
 * which the FFMAs, FADDs and FMULs after it hold the pipe whole, each its cycles (pipe.fma_half), against the next
 * FFMA or half op alike; outside it they pair as ever, one a cycle, holding nothing. The H200 issues hadd_f (HADD2 +
 * FFMA) 3.86 cycles a step with 8 warps a sub-partition and hadd2_f (a HADD2, an HFMA2.MMA and two FFMAs a two steps)
 * 2.96, where an FFMA beside an IMAD costs nothing (fma_m 2.07) and two FFMAs alone take a cycle (fma 1.08); NVIDIA
 * dual-issues FP16x2 to both halves of the FMA pipe, FMAheavy and FMAlite (docs/calibration.md "(half18)",
 * "(half19)"). */
static inline void hold_fma(ws_timing *t, unsigned sp, uint8_t slot, uint64_t cycle)
{
    uint64_t *at = t->math_at[sp];
    if (slot & FMA_HALF) {
        at[SLOT_FMA] = cycle + (slot & (FMA_HALF - 1));
        t->half_end[sp] = cycle + t->half_window;
    } else if (cycle < t->half_end[sp])
        at[SLOT_FMA] = cycle + slot;
}

/* pipe.imad_read: warp wi issues an FFMA, FADD or FMUL (timing_info.fma_pipe's FMA_READS_IMAD) at `cycle`, reading
 * the registers u names. Where one of them is a near IMAD's result (its producer an IMAD_RESULT at most pipe.imad_near
 * instructions before it), while its sub-partition's IMAD pipe is busy (another IMAD issued the cycle before), the
 * pipe stays busy until pipe.imad_read cycles after it at least: the FFMA does not wait for the pipe, but an IMAD
 * after it does. The key may hold part of a cycle (1.7: the pipe busy one cycle more after 7 of 10 such reads): each
 * read adds the key's part of a cycle to what its sub-partition has left over, and holds the pipe a cycle more when
 * that reaches a whole one (imad_read_left). The H100 (docs/calibration.md "(mad19h)", "(imadr23)", "(xdp24)"): mad19
 * mf (mad.lo then fma.rn reading it, 8 streams) 2.70-2.76 cycles a step at 2-8 warps a sub-partition where the same
 * two on independent chains (mfi) take 2.17-2.27 and an IMAD reading an FFMA (fm) 2.07-2.10; an FFMA reading a
 * HADD2.F32 of the IMAD pipe (h2f_f) 2.08: the IMAD's result, not its pipe. Whole cycles overshoot (3.0 a step). */
static inline void imad_read_issue(ws_timing *t, ws_exec *x, uint32_t wi, const ws_reg_use *u, uint64_t cycle)
{
    const warp_state *s = &t->ws[wi];
    int read = 0;
    for (uint32_t i = 0; i < u->nsrc && !read; i++) {
        uint32_t by = s->rp[u->src[i]], pc = s->pick.pc;
        uint64_t ready = s->rr[u->src[i]];
        read = ready && by < t->ninfo && (t->imad_read[by] & IMAD_RESULT) && by < pc && pc - by <= t->imad_near;
    }
    unsigned sp = t->sp_of[wi];
    uint64_t *at = t->math_at[sp];
    if (!read || at[SLOT_IMAD] <= cycle)
        return; /* a free pipe: one warp a sub-partition (ptxas's S02 after the IMAD) pays nothing (mf 3.27 a step) */
    uint32_t hold = t->imad_read_hold + t->imad_read_left[sp];
    t->imad_read_left[sp] = (uint16_t)(hold % IMAD_READ_ONE);
    if (at[SLOT_IMAD] >= cycle + hold / IMAD_READ_ONE)
        return;
    uint32_t lz = t->lazy_keys[sp]; /* 0 and slotted ~0 in other blocks than filed ones without stall events */
    uint64_t was[SLOT_FMA];
    memcpy(was, at, sizeof was);
    at[SLOT_IMAD] = cycle + hold / IMAD_READ_ONE;
    at[SLOT_ANY] = at[SLOT_ALU] < at[SLOT_IMAD] ? at[SLOT_ALU] : at[SLOT_IMAD];
    if (lz)
        lazy_moved(t, sp, was, cycle, lz);
    if (t->sp_warps[sp] & t->has_pick & t->slotted & ~(1u << wi))
        t->retime(t, x, wi, sp, cycle);
}

/* Warp wi issues instruction f at `cycle`, when its slots are free: it holds each pipe its slots' cycles. An add
 * takes the IMAD pipe when that is free, else the ALU (the ALU pipe has more takers: ISETP, SEL, LOP3, SHF; in mix,
 * BlockScan's step of IMAD.IADD, ISETP and SEL, ptxas gives the add to the IMAD pipe). The other warps of its
 * sub-partition that wait for a pipe are retimed (none where the warp is alone there; lone: a constant 1 where the
 * block is known to be of lone warps, the lone warps' issue in run_passes). */
static inline __attribute__((always_inline)) void hold_math(ws_timing *t, ws_exec *x, uint32_t wi, const timing_info *f,
                                                            uint64_t cycle, const int lone, const int lazy)
{
    unsigned sp = t->sp_of[wi];
    uint64_t *at = t->math_at[sp];
    /* lazy waits on this sub-partition that f's slots may move (lazy_moved) */
    uint32_t lz = lazy ? t->lazy_keys[sp] & f->slots[SLOT_MOVES] : 0;
    uint64_t was[SLOT_FMA];
    if (lz)
        memcpy(was, at, sizeof was);
    if (f->slots[SLOT_ANY]) {
        if (at[SLOT_IMAD] <= cycle)
            at[SLOT_IMAD] = cycle + t->imad_hold;
        else
            at[SLOT_ALU] = cycle + t->alu_hold;
    }
    if (f->math_one != SLOT_ANY) {
        if (f->slots[SLOT_ALU])
            at[SLOT_ALU] = cycle + f->slots[SLOT_ALU];
        if (f->slots[SLOT_IMAD])
            at[SLOT_IMAD] = cycle + f->slots[SLOT_IMAD];
        if (f->slots[SLOT_XU])
            at[SLOT_XU] = cycle + f->slots[SLOT_XU];
        if (__builtin_expect(f->slots[SLOT_FMA] != 0, 0))
            hold_fma(t, sp, f->slots[SLOT_FMA], cycle);
    }
    at[SLOT_ANY] = at[SLOT_ALU] < at[SLOT_IMAD] ? at[SLOT_ALU] : at[SLOT_IMAD];
    if (lz & (lz - 1))
        lazy_moved(t, sp, was, cycle, lz);
    else if (lz)
        lazy_moved_one(t, sp, was, cycle, lz);
    if (!lone && (t->sp_warps[sp] & t->has_pick & (lazy ? t->slotted : ~0u) & ~(1u << wi)))
        t->retime(t, x, wi, sp, cycle);
}

/* schedule.xu_stall and a late reader (timing_info.late): an instruction of ptxas's that reads an XU op's result and
 * that ptxas issues one XU op later, as the reader of an XU result, where warpsim issues nothing (it is part of an
 * instruction warpsim issues elsewhere):
 * - clz (schedule.xu_clz): FLO and an IADD3 (31 - it), the IADD3 one XU op later (probe_alu3.sass alu3_clz:
 *   `FLO.U32` S01, then the IADD3 of the FLO before it S07, waiting on that FLO's scoreboard; alu3_clz_l: FLO S01,
 *   LOP3 S02, that IADD3 S05): clz at one warp 12 cycles a step on the H200 (3085 for 256), where the FLOs alone
 *   give 8 (docs/calibration.md "(lat18)");
 * - a MUFU form whose SASS reads its source before the MUFU (ws_mufu_reads_first: the FSETP of ptxas's range
 *   fix-ups, sin's and cos's FMUL.RZ) reading a POPC's, FLO's, BREV's or F2F's value (schedule.xu_fixup): that
 *   FSETP or FMUL.RZ one XU op after the op, the MUFU later (probe_alu3.sass alu3_ex2_x: `POPC` S01, an FMUL S01,
 *   then the `FSETP.GEU.AND` of the POPC before S06, waiting on its scoreboard; alu3_sin_x: `POPC` S01, the
 *   `FMUL.RZ` of the POPC before S07): ex2_x at one warp 20.25 cycles a step on the H200, sin_x 19.9, where
 *   warpsim's POPCs 8 apart gave 16.1 (docs/calibration.md "(mufu19)").
 * Warp wi's next XU op then issues no earlier than that reader, ready with the op's result (late_wait) or a cycle
 * after the warp's last instruction, plus the spacing left less one (at least 1). */
static void xu_late(ws_timing *t, uint32_t wi)
{
    uint64_t wait = t->late_wait[wi], last = t->xu_at[wi] - t->xu_left[wi];
    if (wait <= last + 1) { /* the reader waits no longer than the slot after the last instruction: it binds nothing */
        t->late_wait[wi] = 0;
        return;
    }
    uint64_t at = wait + (t->xu_left[wi] > 2 ? t->xu_left[wi] - 1u : 1u);
    if (at > t->xu_at[wi])
        t->xu_at[wi] = at;
}

/* An instruction issued at `cycle` after warp wi's last XU op (xu_spaced): one fewer cycle of the spacing left after
 * it, or none where it reads that op's result (ptxas counts it issued the op's latency in its own model after the op,
 * 9 or more: bench_bits brev + xor, 23 cycles a step on the H200 where one cycle more would follow from the count;
 * bench_conv cvt.rzi.s32.f32 + cvt.rn.f32.s32). */
static void xu_counted(ws_timing *t, uint32_t wi, const ws_reg_use *u, uint64_t cycle)
{
    const uint64_t *rr = t->ws[wi].rr;
    const uint32_t *rp = t->ws[wi].rp;
    int reader = 0;
    for (uint32_t i = 0; i < u->nsrc && !reader; i++)
        reader = rp[u->src[i]] == t->xu_pc[wi] && rr[u->src[i]] == t->xu_ready[wi];
    if (reader || t->xu_left[wi] <= 1)
        t->xu_left[wi] = 1;
    else
        t->xu_left[wi]--;
    t->xu_at[wi] = cycle + t->xu_left[wi];
    xu_late(t, wi);
}

/* schedule.xu_stall: ptxas spaces a warp's XU ops (POPC, FLO, BREV, F2F, F2I, MUFU) with stall counts, not by the
 * hardware (probe_alu3.sass: alu3_popc `POPC` S08 each; alu3_popc_l `POPC` S01, then the `LOP3.LUT` that reads the
 * POPC before it S07, waiting on that POPC's scoreboard first). A stall count is a fixed wait after its instruction,
 * whatever the instruction waited for before it, so a scoreboard wait between two XU ops adds to their 8 cycles
 * (popc_l: 12 a step on the H200), where the XU pipe's hold (pipe.xu) overlaps it. Warp wi issued f at `cycle`: its
 * next XU op issues no earlier than the last instruction issued since its last XU op plus xu_stall less the number
 * of those instructions, at least 1 (xu_at, which earliest reads; docs/calibration.md "(xust17)"). An XU op that
 * holds the issue (a MUFU with its fix-ups, issue_cycles) counts its held cycles as instructions after it. A free
 * or folded instruction is no SASS instruction: it counts for nothing. The ops spaced (math_slots' answer): POPC, FLO
 * of bfind, BREV, F2I, F2F.F64.F32, F2F.F32.F64 (its neg operand folded: fold.neg), clz with schedule.xu_clz (its
 * IADD3 after the next XU op: xu_late; with schedule.xu_fixup a MUFU form's FSETP or FMUL.RZ reading a POPC, FLO,
 * BREV or F2F the same); the others are counted as instructions between (the MUFU forms, F2F to f16 or
 * bf16: warpsim issues apart what their SASS has in one, an FMUL.RZ, a neg operand, the zero-extension unless
 * fold.zext, so ptxas's spacing would wait on it). */
static __attribute__((noinline)) void xu_step(ws_timing *t, uint32_t wi, const timing_info *f, const ws_reg_use *u,
                                              uint32_t pc, uint64_t cycle)
{
    if (f->checks & CHECK_XU) {
        unsigned held = f->issue > 1 ? f->issue - 1u : 0;
        t->xu_at[wi] = cycle + t->xu_stall;
        t->xu_left[wi] = (uint8_t)(held + 1 < t->xu_stall ? t->xu_stall - held : 1);
        t->xu_ready[wi] = cycle + (uint64_t)f->latency;
        t->xu_pc[wi] = pc;
        /* the last op's late reader goes after this op (xu_late); this op's after the next */
        t->late_wait[wi] = t->late_due[wi];
        t->late_due[wi] = f->late ? cycle + f->late : 0;
        xu_late(t, wi);
    } else if (!f->free_mov)
        xu_counted(t, wi, u, cycle);
}

/* xu_step where it has something to do: an XU op, or a warp with spacing left (out of line: most issues have
 * neither, and the common issue stays as it was). */
static inline __attribute__((always_inline)) void xu_spaced(ws_timing *t, uint32_t wi, const timing_info *f,
                                                            const ws_reg_use *u, uint32_t pc, uint64_t cycle)
{
    if (__builtin_expect((f->checks & CHECK_XU) || t->xu_left[wi] > 1 || t->late_wait[wi], 0))
        xu_step(t, wi, f, u, pc, cycle);
}

/* Warp wi's access or shuffle has moved its sub-partition's MIO pipe (hold_mio) in a filed block
 * with shuffles waiting. A shuffle waits for its sub-partition's MIO pipe alone (earliest: its
 * `when` is the later of its scoreboard's sb_when and mio_at), so only this sub-partition's
 * shuffles whose `when` is before the pipe's new free cycle change, and the other warps on a pipe
 * (shared accesses: the block's pipe, the store queues) compute their figures again. A shuffle that
 * could issue in this pass waits for the pipe until then (bank): it is retimed here, its cycles to
 * this one charged with the old figures, as the next pass's update (at cycle + 1) would do; the
 * others are updated there (and all of them with stall events, whose order is the pass's). */
static __attribute__((noinline)) void retime_shuffles(ws_timing *t, ws_exec *x, uint32_t wi, unsigned sp, uint64_t cycle)
{
    uint64_t at = t->mio_at[sp];
    t->on_shfl &= ~(1u << wi); /* it issues (a shared access has no bit there) */
    t->dirty |= t->on_pipe & ~t->on_shfl;
    uint32_t waits = 0;      /* shuffles that could issue now */
    ws_launch_ctx *L = x->L; /* read once: the stores below are of bytes, which may alias x */
    ws_block *b = x->blk;
    if (t->eager) { /* retime_warp with eager: all of them made dirty */
        for (uint32_t m = t->on_shfl & t->sp_warps[sp] & ~t->dirty; m; m &= m - 1)
            t->dirty |= t->when[__builtin_ctz(m)] < at ? m & -m : 0;
        return;
    }
    for (uint32_t m = t->on_shfl & t->sp_warps[sp] & ~t->dirty; m; m &= m - 1) {
        uint32_t wj = (uint32_t)__builtin_ctz(m);
        if (retime_warp(t, L, b, wj, at, cycle, 0, WS_STALL_BANK)) {
            t->when[wj] = at;
            waits |= m & -m;
        }
    }
    if (waits) { /* out of can_issue (their `when` was at most the cycle) */
        t->can_issue &= ~waits;
        file_bits(t, waits, at, cycle);
    }
}

/* Warp wi's shared access or shuffle holds its sub-partition's MIO pipe `hold` cycles from now (or
 * from when the pipe frees); the warps waiting for a pipe wait longer: in blocks of up to 8 warps
 * (or with no shuffle waiting) every warp on a pipe computes its figures again, else see
 * retime_shuffles. A shuffle (shfl) moves only its sub-partition's MIO pipe, which only that
 * sub-partition's warps read (earliest), so only they compute theirs again (a shared access also
 * moves the block's shared pipe, which every warp's shared access reads). */
static inline __attribute__((always_inline)) void hold_mio(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle,
                                                           double hold, const int shfl)
{
    unsigned sp = t->sp_of[wi];
    double start = t->mio_free[sp] > (double)cycle ? t->mio_free[sp] : (double)cycle;
    t->mio_free[sp] = start + hold;
    t->mio_at[sp] = whole_cycle(t->mio_free[sp]);
    t->mio_next[sp] = cycle + t->mio_issue;
    if (t->on_shfl)
        retime_shuffles(t, x, wi, sp, cycle);
    else
        t->dirty |= shfl ? t->on_pipe & t->sp_warps[sp] : t->on_pipe;
}

/* Warp wi's shared access m enters its sub-partition's queue at `cycle` (shared.queue): the cycles from then until
 * its data is read, which its result waits beyond its latency. The pipe's wavefronts are shared among the k
 * sub-partitions holding the block's warps (queue_k): each sub-partition's loads start in the order they entered,
 * one every hold x k cycles, and each takes hold x k cycles, not hold (mio22's row x: four 32-way loads of four
 * sub-partitions take 128 cycles each and end together, as the H200's four warps of bench_mio_w4 end region 2
 * within 7 cycles (8218-8225) and each sub-partition's leaders of bench_mio_w8 within 65; a pipe that served the
 * sub-partitions one load after another would end them 32 cycles apart). A warp's own loads start one per its
 * load's MIO hold (mio17: a warp alone 66 cycles a 32-way load, two warps' together 32). */
static double queue_enter(ws_timing *t, ws_exec *x, uint32_t wi, const mem_access *m, uint64_t cycle)
{
    unsigned q = t->sp_of[wi];
    double now = (double)cycle;
    double start = t->queue_free[q] > now ? t->queue_free[q] : now;
    t->queue_free[q] = start + m->c.hold * t->queue_k;
    t->queue_start[q][t->queue_n[q]++ % QUEUE_RING] = start;
    double mine = t->queue_next[wi] > start ? t->queue_next[wi] : start;
    t->queue_next[wi] = mine + m->c.mio;
    hold_mio(t, x, wi, cycle, t->p.shared_queue_issue, 0);
    return mine + m->c.hold * (t->queue_k - 1) - now;
}

/* A block's start: shared.queue's counts from the preset, its queues empty. */
static void queue_reset(ws_timing *t, unsigned nsp)
{
    t->queue_depth = (uint32_t)ws_llround(t->p.shared_queue);
    if (!t->queue_depth)
        return;
    t->queue_shared = (uint32_t)ws_llround(t->p.shared_queue_shared);
    t->queue_sps = nsp < 32 ? nsp : 32;
    t->queue_k = 0;
    for (unsigned sp = 0; sp < t->queue_sps; sp++)
        t->queue_k += t->sp_warps[sp] != 0;
    memset(t->queue_n, 0, sizeof t->queue_n);
    memset(t->queue_free, 0, sizeof t->queue_free);
    memset(t->queue_next, 0, sizeof t->queue_next);
}

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
        ws_ifetch_issue(&t->ifetch, wi, pc, cycle);
        if (!t->ifetch.live) /* all the code is there from now on */
            t->hooks = t->cga_used || t->xu_used;
    }
    if (t->cga_used) /* the stretches matter only to an instruction that needs the base */
        ws_cga_issue(&t->cga, wi, pc, cycle);
}

static inline int pick_early(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle, ws_warp *w, warp_state *s);

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
    if (f->fma_pipe & FMA_READS_IMAD)
        imad_read_issue(t, x, wi, u, cycle);
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
        if (f->branch)
            next = cycle + (uint64_t)f->branch;
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

/* settle's stall events, one a cycle from `from` to `to` (excluded): why before split, issue from
 * it on (out of line: only a listener needs them). */
static __attribute__((noinline)) void emit_stalls(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint32_t wi,
                                                  uint64_t from, uint64_t split, uint64_t to, int every)
{
    for (uint64_t c = from; c < to && (every || !L->stop); c++)
        emit_stall(L, b, &b->warps[wi], (t->has_pick >> wi) & 1 ? t->ws[wi].pick.pc : 0, c,
                   c < split ? (ws_stall_reason)t->why[wi] : WS_STALL_ISSUE, t->prod[wi]);
}

/* Charges warp wi's cycles from the first uncharged one to `to` (excluded) as the scheduling pass
 * that computed its when/why saw them: a cycle before `when` to why, a cycle from `when` on (it
 * could issue, another warp did) to issue. The figures change only in a scheduling pass (update),
 * so a warp is charged lazily, when they change or it issues; with stall events (eager) every
 * cycle as it passes, in the order the events are emitted. eager: t->eager, a constant in
 * run_passes' copies (the lazy ones test no listener). */
static inline void settle(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint32_t wi, uint64_t to, int every,
                          const int eager)
{
    uint64_t from = t->charged[wi];
    if (to <= from)
        return;
    t->charged[wi] = to;
    uint64_t split = t->when[wi] < from ? from : t->when[wi] > to ? to : t->when[wi];
    L->stats.stalls[t->why[wi]] += split - from;
    L->stats.stalls[WS_STALL_ISSUE] += to - split;
    if (eager && L->sim->cfg.on_event)
        emit_stalls(t, L, b, wi, from, split, to, every);
}

/* Eager charging: every live warp up to `to`, in warp order (the order of the stall events).
 * every: a stop (the trace's output limit) does not end the events of this cycle early. */
static void settle_all(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint64_t to, int every)
{
    for (uint32_t m = t->live; m; m &= m - 1)
        settle(t, L, b, (uint32_t)__builtin_ctz(m), to, every, t->eager);
}

/* Warp wi, just updated in a filed block without stall events (its `when` filed, charged to `cycle`): where its pick
 * takes one kind of slot below FMA (math_one), is on no other pipe (no shuffle, no shared access) and from now on waits
 * for nothing but that pipe (its figures the pipe's: why pipe, or a `when` come already), not far and not held by
 * schedule.xu_stall, it waits lazily (lazy_enter); else it is slotted where its pick takes a slot (retime_filed). */
static inline __attribute__((always_inline)) void lazy_file(ws_timing *t, uint32_t wi, const timing_info *f,
                                                            uint64_t when, ws_stall_reason why, uint64_t cycle)
{
    uint32_t bit = 1u << wi;
    unsigned c = f->checks & (CHECK_MATH | CHECK_PIPE | CHECK_XU);
    if (!c) /* no slot (slotted may keep its bit from the warp's last pick: retime_filed finds such a pick free) */
        return;
    unsigned k = f->slots[SLOT_LAZY]; /* 1 + its key, decided once (c CHECK_MATH alone); 0: none */
    if (k && (why == WS_STALL_PIPE || when <= cycle) && when < cycle + WHEEL) {
        t->slotted &= ~bit;
        lazy_enter(t, wi, k - 1, cycle, when);
        return;
    }
    t->slotted = (t->slotted & ~bit) | (c & CHECK_MATH ? bit : 0);
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
        when = earliest(t, x, w, wi, &why, &t->prod[wi], eager, 0);
        if (filed && !eager)
            lazy_file(t, wi, t->ws[wi].f, when, why, cycle);
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

/* Warp wi picks its next group unless it has one or is blocked (bookkeeping steps cost nothing;
 * a free mov issues at once when it can). Unless every cycle is charged as it passes (eager), its
 * when/why are computed here too (update), not in the pass's loop over the changed warps: a pick
 * changes nothing another warp's figures read (a free mov holds no pipe), so the figures are those
 * that loop would compute, and without stall events the order of the charges does not show.
 * filed, eager: as for update. */
static inline __attribute__((always_inline)) void pick_warp(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi,
                                                            uint64_t cycle, const int filed, const int eager)
{
    const int slow = eager && t->slow; /* a constant 0 in run_passes' copies without eager */
    ws_warp *w = &b->warps[wi];
    warp_state *s = &t->ws[wi];
    x->w = w;
    x->regs = w->regs;
    int guard = filed || eager ? 0 : t->steps[wi]; /* issue_movs' steps for this pick loop */
    if (!filed && !eager)
        t->steps[wi] = 0;
    for (; !((t->has_pick >> wi) & 1) && guard < 4096; guard++) { /* until it keeps a pick */
        int r = ws_warp_pick(x, w, &s->pick);
        if (eager) /* else update() below, which clears it */
            t->dirty |= 1u << wi;
        if (r == WS_PICK_EXEC && t->sched.order) /* ptxas's order: the instruction at the group's position */
            ws_schedule_pick(&t->sched, w, &s->pick, &s->seg);
        if (r == WS_PICK_EXEC && !slow && t->info[s->pick.pc].free_mov && !t->info[s->pick.pc].rare &&
            !t->info[s->pick.pc].shfl && mov_now(t, wi, &t->info[s->pick.pc], cycle)) {
            /* a free mov issues at once (below), through issue_common's steps for it: no pipe, no pick kept */
            const ws_pick pk = s->pick;
            b->cycle = cycle;
            if (!(t->step_ok && !pk.merged ? ws_warp_issue_decoded(x, w, &pk) : ws_warp_issue_step(x, w, &pk)))
                ws_warp_issue(x, w, &pk);
            mov_issued(t, x, wi, s, pk.pc, cycle);
            x->w = w;
            x->regs = w->regs;
            continue;
        }
        if (r == WS_PICK_EXEC) {
            t->has_pick |= 1u << wi;
            s->sb_valid = s->mem_valid = 0;
            timing_info tmp;
            const timing_info *f = slow ? info_of(t, x->L, s->pick.pc, &tmp) : &t->info[s->pick.pc];
            s->f = slow ? NULL : f; /* --slow-path timing: computed where they are used */
            s->u = slow ? NULL : &t->uses[s->pick.pc];
            if (f->shfl || (f->memory && access_of(t, x, w, wi)->c.shared))
                t->on_pipe |= 1u << wi;
            if (filed && f->shfl && !f->memory)
                t->on_shfl |= 1u << wi;
            if (f->free_mov && mov_now(t, wi, f, cycle)) {
                /* no slot, no wait for its source: pick the next one */
                issue_any(t, x, b, wi, cycle, issues_common(t, wi, eager), filed && !eager);
                x->w = w;
                x->regs = w->regs;
            }
        } else if (r == WS_PICK_BLOCKED) {
            /* nothing of it runs until a barrier releases (release_barriers, resolve_stuck) */
            t->blocked |= 1u << wi;
            s->blocked_why = (uint8_t)blocked_reason(w);
            break;
        }
    }
    if (!eager)
        update(t, x, b, wi, cycle, filed, eager);
}

/* In a block of lone warps (at most one a sub-partition), unfiled and without stall events: warp wi
 * issued a common instruction (not timing_info.rare) in the pass before `cycle`, and the pass at
 * `cycle` would pick its next group first thing. Where that pick is the converged warp's next
 * position and neither a free mov (which issues at its pick) nor rare, it is made now, with its
 * figures (update at `cycle`): what they read is the warp's own (its registers' ready cycles, its
 * ready cycle, its sub-partition's MIO pipe, which no other warp moves; a shared access, which
 * reads the block's pipe, is rare); the pass at `cycle` then has no pick to make for it. Anything
 * else is left to that pass. */
static inline __attribute__((always_inline)) int pick_made(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle,
                                                           ws_warp *w, warp_state *s)
{
    uint32_t bit = 1u << wi;
    ws_pick pk = {.pc = w->cpc, .group = w->live, .next = w->cpc + 1, .merged = 0};
    if (t->sched.order) /* the same state whether this pick is kept or made again by the pass */
        ws_schedule_pick(&t->sched, w, &pk, &s->seg);
    const timing_info *f = &t->info[pk.pc];
    if (f->rare || f->free_mov) {
        if (f->rare || f->shfl)
            return 0;
        s->pick = pk; /* a free mov, for issue_movs (not a pick: has_pick stays clear) */
        return 1;
    }
    s->pick = pk;
    t->has_pick |= bit;
    s->sb_valid = s->mem_valid = 0;
    s->f = f;
    s->u = &t->uses[pk.pc];
    if (f->shfl)
        t->on_pipe |= bit;
    /* update(), but for its settle: the warp's cycles are charged to `cycle` (issue_in_pass) */
    ws_stall_reason why;
    t->dirty &= ~bit;
    t->timed &= ~bit;
    t->when[wi] = earliest(t, x, w, wi, &why, &t->prod[wi], 0, 1);
    t->why[wi] = (uint8_t)why;
    return 0;
}

/* pick_made out of line: a plan's recording (plan_slow). */
static __attribute__((noinline)) int pick_recorded(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle, ws_warp *w,
                                                   warp_state *s)
{
    return pick_made(t, x, wi, cycle, w, s);
}

/* Warp wi's pick at plan entry e, its plan entered at c0: what pick_made would make (plan_pick). */
static inline __attribute__((always_inline)) int plan_replay(ws_timing *t, uint32_t wi, ws_warp *w, warp_state *s,
                                                             const plan_entry *e, uint32_t pos, uint64_t c0)
{
    s->pick = (ws_pick){.pc = e->pc, .group = w->live, .next = pos + 1, .merged = 0};
    if (e->ret)
        return 1;
    uint32_t bit = 1u << wi;
    t->has_pick |= bit;
    s->mem_valid = 0;
    const timing_info *f = &t->info[e->pc];
    s->f = f;
    s->u = &t->uses[e->pc];
    if (f->shfl)
        t->on_pipe |= bit;
    t->dirty &= ~bit;
    t->timed &= ~bit;
    s->sb_when = c0 + (uint64_t)e->sb_when;
    s->sb_why = e->sb_why;
    s->sb_prod = e->sb_prod;
    s->sb_valid = 1;
    t->when[wi] = c0 + (uint64_t)e->when;
    t->why[wi] = e->why;
    t->prod[wi] = e->prod;
    return 0;
}

/* Warp wi follows no plan from here: a recording it made ends (finished or not), a plan it replayed has
 * one user fewer. */
static void plan_leave(ws_timing *t, uint32_t wi)
{
    plan_seg *g = &t->plan_s[t->plan_seg_of[wi]];
    if (t->plan_rec[wi])
        g->recorder = 0;
    else
        g->users--;
    t->plan_rec[wi] = 0;
    t->plan_pos[wi] = UINT32_MAX;
}

/* Whether every line of the segment's positions from..end (ptxas's order) has arrived by `cycle` (ifetch.h):
 * then no pick of the segment at `cycle` or later waits for its fetch (earliest's test reads a line's arrival
 * without a side effect once it is requested), in the recording as in a replay, and the plan holds while the
 * fetch model is live (a process's first launch, whose later lines the streams still bring in). */
static int code_there(const ws_timing *t, plan_seg *g, uint32_t from, uint64_t cycle)
{
    if (g->code_gen == t->gen) /* a requested line's arrival does not move (ifetch.c): kept for the block */
        return g->code_at <= cycle;
    const ws_ifetch *f = &t->ifetch;
    uint64_t at = 0;
    for (uint32_t q = from; q < g->end; q++) {
        uint32_t pc = t->sched.order[q];
        uint32_t line = pc < f->ninsns ? f->line_of[pc] : f->nlines;
        if (line >= f->nlines || f->ready[line] == UINT64_MAX) /* not requested yet */
            return 0;
        at = f->ready[line] > at ? f->ready[line] : at;
    }
    g->code_gen = t->gen;
    g->code_at = at;
    return at <= cycle;
}

/* Whether warp wi, about to pick at the first position pos of a plannable segment at `cycle`, has the key
 * of the segment's plan (store: writes it as the key instead). Its cycles are relative to `cycle`; a
 * register ready PLAN_OLD or more cycles before reads as any earlier one (earliest's feeds are below
 * PLAN_OLD and every figure of the segment is at `cycle` or later); NULL-free: -1 where the warp's state is
 * not one a plan covers (the segment's code not all there, queued stores a shuffle would wait for, a ready
 * cycle before `cycle`, a MIO pipe cycle that is not exact relative to it, too early in the block). */
static int plan_key(ws_timing *t, uint32_t wi, warp_state *s, plan_seg *g, uint64_t cycle, int store)
{
    if (cycle < 2 * PLAN_OLD || s->ready < cycle || t->stq_count[wi] > t->shfl_waits_from)
        return -1;
    if (t->ifetch.live && !code_there(t, g, (uint32_t)(g - t->plan_s), cycle))
        return -1;
    unsigned sp = t->sp_of[wi];
    double mio = t->mio_free[sp], rel = mio > (double)cycle ? mio - (double)cycle : 0;
    if (rel > 0 && ((double)cycle + rel != mio || rel * 1024 >= 1e9 || (double)(int64_t)(rel * 1024) != rel * 1024))
        return -1;
    const uint64_t *at = t->math_at[sp];
    int64_t alu = at[SLOT_ALU] > cycle ? (int64_t)(at[SLOT_ALU] - cycle) : 0;
    int64_t imad = at[SLOT_IMAD] > cycle ? (int64_t)(at[SLOT_IMAD] - cycle) : 0;
    int64_t xu = at[SLOT_XU] > cycle ? (int64_t)(at[SLOT_XU] - cycle) : 0;
    int64_t xu_at = t->xu_used && t->xu_at[wi] > cycle ? (int64_t)(t->xu_at[wi] - cycle) : 0;
    uint8_t xu_left = t->xu_used && t->xu_left[wi] > 1 ? t->xu_left[wi] : 0; /* 0, 1: none left, nothing else read */
    int64_t xu_ready = xu_left ? (int64_t)(t->xu_ready[wi] - cycle) : 0;
    uint32_t xu_pc = xu_left ? t->xu_pc[wi] : 0;
    /* a late reader's cycle bounds the xu_at of a later instruction (xu_late) while it is within the spacing of now */
    int64_t late_due = t->late_due[wi] > cycle ? (int64_t)(t->late_due[wi] - cycle) : INT64_MIN;
    int64_t late_wait = t->late_wait[wi] > cycle ? (int64_t)(t->late_wait[wi] - cycle) : INT64_MIN;
    const uint64_t *rr = s->rr;
    const uint32_t *rp = s->rp;
    if (store) {
        g->ready = (int64_t)(s->ready - cycle);
        g->ready_why = s->ready_why;
        g->mio = rel;
        g->alu = alu;
        g->imad = imad;
        g->xu = xu;
        g->xu_at = xu_at;
        g->xu_left = xu_left;
        g->xu_ready = xu_ready;
        g->xu_pc = xu_pc;
        g->late_due = late_due;
        g->late_wait = late_wait;
    } else if (g->ready != (int64_t)(s->ready - cycle) || g->ready_why != s->ready_why || g->mio != rel ||
               g->alu != alu || g->imad != imad || g->xu != xu || g->xu_at != xu_at || g->xu_left != xu_left ||
               g->xu_ready != xu_ready || g->xu_pc != xu_pc || g->late_due != late_due || g->late_wait != late_wait)
        return 0;
    for (uint32_t i = 0; i < g->nin; i++) {
        uint32_t r = t->plan_in[g->in + i];
        int64_t d = rr[r] + PLAN_OLD > cycle ? (int64_t)(rr[r] - cycle) : -PLAN_OLD;
        if (store) {
            t->plan_krr[g->in + i] = d;
            t->plan_krp[g->in + i] = rp[r];
        } else if (t->plan_krr[g->in + i] != d || t->plan_krp[g->in + i] != rp[r])
            return 0;
    }
    return 1;
}

/* plan_pick's cases but the replay of a running plan: a plan that does not match (its recording stops),
 * a plan's recording, a plan's entry. -1: pick_made to make the pick. */
static __attribute__((noinline)) int plan_slow(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle, ws_warp *w,
                                               warp_state *s)
{
    uint32_t pos = w->cpc;
    if (t->plan_pos[wi] != UINT32_MAX) {
        plan_seg *g = &t->plan_s[t->plan_seg_of[wi]];
        if (t->plan_rec[wi] && pos == t->plan_pos[wi]) { /* the pick, made and written down */
            uint64_t c0 = t->plan_c0[wi];
            plan_entry *e = &t->plan_e[pos];
            e->at = (int64_t)(cycle - c0);
            e->ready = (int64_t)(s->ready - c0);
            int r = pick_recorded(t, x, wi, cycle, w, s);
            e->ret = (uint8_t)r;
            e->pc = s->pick.pc;
            e->last = pos + 1 == g->end;
            int kept = r || ((t->has_pick >> wi) & 1 && t->when[wi] != UINT64_MAX);
            if (!r && kept) {
                e->when = (int64_t)(t->when[wi] - c0);
                e->why = t->why[wi];
                e->prod = t->prod[wi];
                e->sb_when = (int64_t)(s->sb_when - c0);
                e->sb_why = s->sb_why;
                e->sb_prod = s->sb_prod;
            }
            if (!kept || pos + 1 == g->end) {
                g->complete = kept;
                plan_leave(t, wi);
            } else
                t->plan_pos[wi] = pos + 1;
            return r;
        }
        plan_leave(t, wi); /* it left the plan's course: a recording ends, unfinished */
    }
    plan_seg *g = &t->plan_s[pos];
    if (!g->ok)
        return -1;
    if (g->complete && plan_key(t, wi, s, g, cycle, 0) == 1) {
        const plan_entry *e = &t->plan_e[pos];
        if (e->at != 0 || e->ready != (int64_t)(s->ready - cycle))
            return -1;
        if (t->sched.warp_wide[pos]) /* ws_schedule_pick's entry of the segment, converged */
            s->seg = pos;
        t->plan_c0[wi] = cycle;
        t->plan_seg_of[wi] = pos;
        t->plan_pos[wi] = pos + 1 == g->end ? UINT32_MAX : pos + 1;
        g->users += !e->last;
        return plan_replay(t, wi, w, s, e, pos, cycle);
    }
    if (g->recorder || g->users || plan_key(t, wi, s, g, cycle, 1) != 1)
        return -1;
    g->complete = 0;
    g->recorder = wi + 1;
    t->plan_rec[wi] = 1;
    t->plan_c0[wi] = cycle;
    t->plan_seg_of[wi] = pos;
    t->plan_pos[wi] = pos;
    return plan_slow(t, x, wi, cycle, w, s);
}

/* In a block of lone warps without stall events (t->plans), warp wi's pick by its segment's plan where it
 * follows one: the pick at each position, and its figures, are those recorded for a warp that entered the
 * segment with the same key, as long as each pick comes at the recorded cycle with the recorded ready
 * cycle (what the figures read is then the same relative to the entry: the warp's own registers, ready
 * cycle and MIO pipe, which no other warp moves). -1: pick_made. */
static inline __attribute__((always_inline)) int plan_pick(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle,
                                                           ws_warp *w, warp_state *s)
{
    uint32_t pos = w->cpc;
    if (t->plan_pos[wi] == pos && !t->plan_rec[wi]) {
        const plan_entry *e = &t->plan_e[pos];
        uint64_t c0 = t->plan_c0[wi];
        if (cycle - c0 == (uint64_t)e->at && s->ready - c0 == (uint64_t)e->ready) {
            t->plan_pos[wi] = pos + 1;
            if (e->last) {
                t->plan_pos[wi] = UINT32_MAX;
                t->plan_s[t->plan_seg_of[wi]].users--;
            }
            return plan_replay(t, wi, w, s, e, pos, c0);
        }
    }
    if (t->plan_pos[wi] == UINT32_MAX && !t->plan_s[pos].ok)
        return -1;
    return plan_slow(t, x, wi, cycle, w, s);
}

/* pick_early: by the warp's plan where it has one (plan_pick), else made (pick_made). */
static inline __attribute__((always_inline)) int pick_early(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle,
                                                            ws_warp *w, warp_state *s)
{
    if (!w->converged || w->nreconv || w->cpc >= t->ninfo || (t->bar_wait & (1u << wi)))
        return 0; /* not ws_warp_pick's inline case */
    if (__builtin_expect(t->plans, 0)) {
        int r = plan_pick(t, x, wi, cycle, w, s);
        if (r >= 0)
            return r;
    }
    return pick_made(t, x, wi, cycle, w, s);
}

/* In a block of lone warps without stall events, after the pass at `cycle` - 1 issued and nothing
 * stopped: warp wi's next instruction is a free mov (pick_early found it, in s->pick), which the pass
 * at `cycle` would issue first thing at its pick (pick_warp: a free mov whose warp is ready issues at
 * once), then pick on. Issued here, with pick_early after each, as that pass would: what they change
 * is the warp's own (its registers and their ready cycles, its position, the counts), the warps
 * after it in this loop are taken in the same order as that pass's picks, and the fetch and the
 * shared window's stretches are told in the same order. Where that pass might not issue it, it is
 * left to the pass: the instruction limit within reach (the pass at `cycle` - 1 must not stop for a
 * mov issued here: the pass's own check comes after this), a step that does not take it (the pass
 * issues it through the executor chain), or the pick loop's 4096 steps (t->steps, which pick_warp
 * counts on from). */
static __attribute__((noinline)) void issue_movs(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi, uint64_t cycle)
{
    ws_warp *w = &b->warps[wi];
    warp_state *s = &t->ws[wi];
    x->w = w;
    x->regs = w->regs;
    uint32_t n = 0; /* t->steps[wi] is 0 here: the warp kept a pick before its issue */
    while (n < 4096 && ws_work_left(x->L) > 1) {
        const ws_pick pk = s->pick;
        b->cycle = cycle;
        if (!ws_warp_issue_decoded(x, w, &pk)) /* nothing done: the pass issues it */
            break;
        mov_issued(t, x, wi, s, pk.pc, cycle);
        n++;
        if (!pick_early(t, x, wi, cycle, w, s))
            break;
    }
    t->steps[wi] = (uint16_t)((t->has_pick >> wi) & 1 ? 0 : n); /* kept a pick: its next loop starts afresh */
}

/* Warp wi issues in the pass at `cycle`: its cycles before are charged, this one is not a stall. */
static inline __attribute__((always_inline)) void issue_in_pass(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi,
                                                                uint64_t cycle, const int eager, const int common,
                                                                const int lazy)
{
    settle(t, x->L, b, wi, cycle, 0, eager);
    t->charged[wi] = cycle + 1;
    issue_any(t, x, b, wi, cycle, common, lazy);
}

/* The warp of sub-partition sp that issues among `ready`: loose round robin, the search starts
 * after the warp that issued last there (warps sp, sp + nsp, sp + 2 nsp, ...; rr_first, from
 * rr_after of the warp that issued, computed once per block: no division per pass). With pick.pipe,
 * where that warp's pick is an FMA-pipe one (FFMA, FADD, FMUL) and another's takes the IMAD pipe, the
 * round robin's next of those goes instead: at the cycle the IMAD pipe frees the H200 issues a warp's
 * IMAD, not another's FFMA, so the pipe of 2 cycles a slot never idles (probe_alu3 fma_m, fadd_m,
 * fmul_m, h2f_f at 8 and 32 warps: 2.08 cycles a step, 2.5 with the round robin alone). Only before
 * an FMA-pipe pick: before an ALU one it took CUB's integer regions 5 points faster (docs/calibration.md
 * "(pick18)"). With pick.group, only the highest group of slots with a ready warp takes part (rr_reset: the H200 ends
 * a sub-partition's slots 4-7 first with 8 warps there, docs/calibration.md "(f32w24)"). */
static __attribute__((noinline)) int pick_imad(ws_timing *t, ws_launch_ctx *L, uint32_t mine, uint32_t after, int wi);

static inline int rr_pick(ws_timing *t, ws_launch_ctx *L, uint32_t ready, unsigned sp, uint64_t cycle)
{
    uint32_t mine = t->sp_warps[sp] & ready;
    if (!mine)
        return -1;
    if (t->ngroups > 1) /* pick.group: the highest group of slots with a ready warp */
        for (uint32_t g = 0; g < t->ngroups; g++)
            if (mine & t->group_mask[g]) {
                mine &= t->group_mask[g];
                break;
            }
    uint32_t first = t->rr_first[sp % 64];
    uint32_t after = first < 32 ? mine & (~0u << first) : 0;
    int wi = __builtin_ctz(after ? after : mine);
    /* pick.pipe: only before an FMA-pipe pick, with the IMAD pipe free (else no ready warp's pick takes it: its
     * `when` waits for the pipe, math_free) */
    if (!t->pick_pipe || !(mine & (mine - 1)) || t->math_at[sp % 64][SLOT_IMAD] > cycle ||
        !(t->ws[wi].f ? t->ws[wi].f->fma_pipe : is_fma_pipe(&L->code[t->ws[wi].pick.pc])))
        return wi;
    return pick_imad(t, L, mine, after, wi);
}

/* rr_pick's choice wi of `mine` (after: those after rr_first), an FMA-pipe pick, with pick.pipe: the round robin's
 * next IMAD-pipe warp's instead where there is one. Apart, so that the round robin stays inlined in run_passes. */
static int pick_imad(ws_timing *t, ws_launch_ctx *L, uint32_t mine, uint32_t after, int wi)
{
    uint32_t imad = 0;
    for (uint32_t m = mine; m; m &= m - 1) {
        uint32_t wj = (uint32_t)__builtin_ctz(m);
        timing_info tmp;
        const timing_info *f = t->ws[wj].f ? t->ws[wj].f : info_of(t, L, t->ws[wj].pick.pc, &tmp);
        if (f->slots[SLOT_IMAD])
            imad |= m & -m;
    }
    after &= imad;
    return imad ? __builtin_ctz(after ? after : imad) : wi;
}

/* The round robin's state at the start of a block: each sub-partition's search starts at its
 * first warp; after warp wi issues, at the next warp of its sub-partition (wrapping round). */
static void rr_reset(ws_timing *t, unsigned nsp, uint32_t nwarps)
{
    for (unsigned sp = 0; sp < 64; sp++)
        t->rr_first[sp] = sp;
    for (uint32_t wi = 0; wi < nwarps && wi < 32; wi++) {
        uint32_t sp = wi % nsp, nmine = (nwarps - sp + nsp - 1) / nsp;
        t->rr_after[wi] = sp + (wi / nsp + 1) % nmine * nsp;
    }
    /* pick.group: warp wi is slot wi / nsp of its sub-partition, in group slot / n; group_mask[0] the highest */
    uint32_t n = t->p.pick_group >= 1 ? (uint32_t)ws_llround(t->p.pick_group) : 0, nw = nwarps < 32 ? nwarps : 32;
    uint32_t slots = (nw + nsp - 1) / nsp;
    t->ngroups = n ? (slots + n - 1) / n : 0;
    memset(t->group_mask, 0, sizeof t->group_mask);
    for (uint32_t wi = 0; n && wi < nw; wi++)
        t->group_mask[t->ngroups - 1 - wi / nsp / n] |= 1u << wi;
}

/* Unfiled warps: those whose ready cycle (when) has come by `cycle`, and, when next is not NULL (a
 * constant where it is inlined), in *next the first ready cycle of any (UINT64_MAX: none; a warp
 * not live waits for UINT64_MAX). */
static inline __attribute__((always_inline)) uint32_t ready_by(const ws_timing *t, uint32_t nwarps, uint64_t cycle,
                                                               uint64_t *next)
{
    uint32_t ready = 0;
    uint64_t first = UINT64_MAX;
    if (nwarps <= 4) { /* a block of up to 4 warps (lone warps on sm_90): no loop; the rest wait for UINT64_MAX */
        const uint64_t *w = t->when;
        uint64_t a = w[0] < w[1] ? w[0] : w[1], c = w[2] < w[3] ? w[2] : w[3];
        first = a < c ? a : c;
        ready = (uint32_t)(w[0] <= cycle) | (uint32_t)(w[1] <= cycle) << 1 | (uint32_t)(w[2] <= cycle) << 2 |
                (uint32_t)(w[3] <= cycle) << 3;
    } else
        for (uint32_t wi = 0; wi < nwarps; wi++) {
            first = t->when[wi] < first ? t->when[wi] : first;
            ready |= (uint32_t)(t->when[wi] <= cycle) << wi;
        }
    if (next)
        *next = first;
    return ready;
}

/* A block of lone warps without stall events, in the pass at `cycle` after its picks: the pass
 * updates nobody (every live warp has its pick or is blocked, so none waits for its ready cycle
 * without one, and none changed) and does not stop (nothing stopped, a warp is live, the cycle
 * limit is not reached at `cycle`), so it only finds the warps whose `when` has come, or jumps to
 * the first cycle one has (lone warps that picked early at their issue, or whose pick was a free
 * mov: most passes of reduce_loop). */
static inline int quiet_pass(const ws_timing *t, const ws_launch_ctx *L, uint64_t max_cycles, uint64_t cycle)
{
    return !(t->live & ~(t->has_pick | t->blocked)) && !(t->dirty & t->live) && t->live && !L->stop &&
           !(max_cycles && cycle >= max_cycles);
}

/* The block's scheduling passes, from cycle 0 until it ends or stops; returns the last cycle,
 * *charged_to the cycles charged to every live warp. filed, eager: t->filed and t->eager, constants
 * in each of the calls, so that each copy has only its own way to find the warps that can
 * issue and to charge stalls, and the copies without eager none of --slow-path timing's tests;
 * lone_k: 1 or 0 where the block is known to be of lone warps or not (the unfiled copies without
 * eager: each has only its own issue loop), 2 where the copy finds out (the eager copies). */
static inline __attribute__((always_inline)) uint64_t run_passes(ws_launch_ctx *L, ws_block *b, ws_exec *x,
                                                                 const int filed, const int eager, const int lone_k,
                                                                 uint64_t *charged_to)
{
    ws_timing *t = L->timing;
    uint64_t max_cycles = L->sim->cfg.max_cycles;
    unsigned nsp = t->p.subpartitions;
    uint64_t cycle = 0;
    const int slow = eager && t->slow; /* --slow-path timing makes every copy eager */
    uint64_t next_event = UINT64_MAX;
    uint32_t ready = 0;
    int jumped = 0; /* the pass jumped to this cycle with nothing to pick or update: ready as computed there */
    /* each warp alone on its sub-partition (warp wi on wi) */
    const int lone = lone_k == 2 ? !filed && b->nwarps <= nsp : lone_k;
    for (;;) {
        if (!jumped) {
            /* every live warp without a group picks one (in warp order: a free mov issues at once);
             * the warps whose figures changed (a new pick, a release, the shared pipe moved, a wait
             * that ended) compute when they could issue and why not before; the others keep theirs */
            if (filed) /* before any warp is filed in this pass */
                wake_near(t, cycle);
            uint32_t todo = slow ? t->live : t->live & ~(t->has_pick | t->blocked);
            for (uint32_t m = todo; m && !L->stop; m &= m - 1)
                pick_warp(t, x, b, (uint32_t)__builtin_ctz(m), cycle, filed, eager);
            if (lone && !eager && quiet_pass(t, L, max_cycles, cycle)) {
                /* nobody to update, no stop: the warps that can issue now, else the jump to the first
                 * cycle one can and its ready warps, as the rest of the pass and its jump find them */
                ready = ready_by(t, b->nwarps, cycle, &next_event);
                if (next_event != UINT64_MAX) {
                    if (next_event > cycle) {
                        cycle = next_event;
                        ready = ready_by(t, b->nwarps, cycle, NULL);
                    }
                    jumped = 1;
                    continue;
                }
            }
            uint32_t due = 0;
            for (uint32_t m = t->timed; m; m &= m - 1)
                due |= t->when[__builtin_ctz(m)] <= cycle ? m & -m : 0;
            todo = slow ? t->live : (t->dirty | due) & t->live;
            if (filed && !eager && (todo & t->lazy)) /* lazy warps made dirty (ws_timing.lazy) */
                lazy_leave_bits(t, todo, cycle);
            for (uint32_t m = todo; m && !L->stop; m &= m - 1)
                update(t, x, b, (uint32_t)__builtin_ctz(m), cycle, filed, eager);
            /* the warps that can issue now; else the first cycle one can (warps not live wait for
             * UINT64_MAX) */
            if (filed) {
                if (t->far_from <= cycle || !t->can_issue)
                    wake_far(t, cycle); /* far_from exact when no warp can issue */
                ready = t->can_issue;
                next_event = ready ? cycle : next_filed(t, cycle);
            } else
                ready = ready_by(t, b->nwarps, cycle, &next_event);
        }
        jumped = 0;
        *charged_to = cycle;
        if (L->stop || !t->live)
            break;
        if (max_cycles && cycle >= max_cycles) {
            ws_launch_stop(L, WS_ERR_LIMIT,
                           "cycle limit reached: %" PRIu64 " cycles, in block %u; raise it with --max-cycles",
                           max_cycles, b->id);
            break;
        }
        if (next_event == UINT64_MAX) {
            /* nothing can ever issue: a complete barrier releases, else the fallbacks */
            if (!release_barriers(t, b, cycle)) {
                if (!ws_block_resolve_stuck(b, x)) {
                    ws_launch_stop(L, WS_ERR_INTERNAL, "block %u: no lane can run and nothing waits", b->id);
                    break;
                }
                t->blocked = 0;
                t->dirty = t->live;
                t->bar_moved = 1; /* a forced release leaves the barriers after the first as they were */
            }
            if (eager)
                settle_all(t, L, b, cycle + 1, 0);
            cycle++;
            continue;
        }
        if (next_event > cycle) {
            /* nobody can issue before next_event: the cycles between are charged as they are */
            if (eager)
                settle_all(t, L, b, next_event, 0);
            cycle = next_event;
            if (!filed && !eager) {
                /* the pass at next_event would pick and update nobody unless a warp lacks a pick
                 * (its pick ran out of steps), a warp waits for its ready cycle (timed) and it has
                 * come, or a warp changed (dirty: nothing but a pass's picks and updates ran since
                 * they cleared it); else its ready warps are those whose `when` has come, and
                 * next_event stays */
                ready = ready_by(t, b->nwarps, cycle, NULL);
                jumped = !(t->live & ~(t->has_pick | t->blocked)) && !(t->dirty & t->live) && !(t->timed & ready);
            }
            continue; /* else pick again: released warps may have a group now */
        }
        /* each sub-partition issues one ready warp, loose round robin (the figures are the pass's:
         * an access issued here delays the others' from the next cycle on) */
        ready &= t->has_pick;
        if (lone) {
            /* every ready warp issues, in the sub-partitions' order, and the round robin has nothing
             * to choose (rr_after[wi] is wi's own sub-partition, so rr_first does not move) */
            uint32_t movs = 0; /* warps whose next instruction is a free mov (pick_early) */
            for (uint32_t m = ready; m && !L->stop; m &= m - 1) {
                uint32_t wi = (uint32_t)__builtin_ctz(m);
                const int common = issues_common(t, wi, eager);
                if (!eager && common) { /* then its next pick (pick_early), after a stop too: the block ends
                                         * with every cycle to cycle + 1 charged */
                    settle(t, L, b, wi, cycle, 0, eager); /* issue_in_pass */
                    t->charged[wi] = cycle + 1;
                    movs |= (uint32_t)issue_common(t, x, b, wi, cycle, 1, 0) << wi;
                } else
                    issue_in_pass(t, x, b, wi, cycle, eager, common, 0);
            }
            if (!eager && t->step_ok) /* the next pass's first issues (issue_movs), in its picks' order */
                for (uint32_t m = movs; m && !L->stop; m &= m - 1)
                    issue_movs(t, x, b, (uint32_t)__builtin_ctz(m), cycle + 1);
        } else
            for (unsigned sp = 0; sp < nsp && !L->stop; sp++) {
                int wi = filed || b->nwarps > sp ? rr_pick(t, L, t->young ? young_ready(t, ready, sp) : ready, sp, cycle)
                                                 : -1; /* filed: more than 2 warps a sp */
                if (wi < 0)
                    continue;
                if (t->issue_at[sp] > cycle) /* held by an instruction before (issue_cycles) */
                    continue;
                if (t->young)
                    young_mark(t, sp, (uint32_t)wi);
                if (filed && !eager && ((t->lazy >> wi) & 1)) /* its lazy wait charged (ws_timing.lazy) */
                    lazy_issue(t, (uint32_t)wi, cycle);
                issue_in_pass(t, x, b, (uint32_t)wi, cycle, eager, issues_common(t, (uint32_t)wi, eager),
                              filed && !eager);
                t->rr_first[sp % 64] = t->rr_after[wi];
            }
        /* the live warps that did not issue this cycle */
        if (eager)
            settle_all(t, L, b, cycle + 1, 1);
        *charged_to = cycle + 1;
        if (!ws_work_left(L)) {
            ws_limit_stop(L, LIMIT_WORK, b->id);
            break;
        }
        release_barriers(t, b, cycle);
        cycle++;
    }
    return cycle;
}

/* Each copy of run_passes a function of its own (its registers allocated for it alone). */
static __attribute__((noinline)) uint64_t run_passes_filed(ws_launch_ctx *L, ws_block *b, ws_exec *x, uint64_t *to)
{
    return run_passes(L, b, x, 1, 0, 0, to);
}
static __attribute__((noinline)) uint64_t run_passes_unfiled(ws_launch_ctx *L, ws_block *b, ws_exec *x, uint64_t *to)
{
    return run_passes(L, b, x, 0, 0, 0, to);
}
static __attribute__((noinline)) uint64_t run_passes_lone(ws_launch_ctx *L, ws_block *b, ws_exec *x, uint64_t *to)
{
    return run_passes(L, b, x, 0, 0, 1, to);
}
static __attribute__((noinline)) uint64_t run_passes_filed_eager(ws_launch_ctx *L, ws_block *b, ws_exec *x, uint64_t *to)
{
    return run_passes(L, b, x, 1, 1, 0, to);
}
static __attribute__((noinline)) uint64_t run_passes_unfiled_eager(ws_launch_ctx *L, ws_block *b, ws_exec *x, uint64_t *to)
{
    return run_passes(L, b, x, 0, 1, 2, to);
}

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
    memset(t->imad_read_left, 0, sizeof t->imad_read_left);
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
    L->stats.stalls[WS_STALL_PIPE] += t->acc_pipe;
    L->stats.stalls[WS_STALL_ISSUE] += t->acc_n - t->acc_pipe;
    t->acc_pipe = t->acc_n = 0;
    /* the cycles charged so far to every warp still live */
    for (uint32_t m = t->live; m; m &= m - 1)
        settle(t, L, b, (uint32_t)__builtin_ctz(m), charged_to, 0, t->eager);
    b->cycle = cycle;
}
