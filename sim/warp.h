/* warp: a warp's lanes and the independent-thread scheduler (warp.c). A converged warp runs as
 * one group of lanes; a diverged one as groups of lanes at one pc in one state (LANE_*), with
 * convergence barriers where divergent paths meet. ws_warp_pick chooses the next group and
 * ws_warp_issue executes it: the functional mode (block.c) calls both back to back, the timing
 * mode (timing.c) calls pick, waits until the instruction may issue, then issues. */
#ifndef WS_WARP_H
#define WS_WARP_H

#include "diag.h"
#include "shadow.h"
#include "sim.h"

/* ---- the scheduler's two halves ---------------------------------------------------------------- */
typedef struct {
    uint32_t pc, group;
    uint32_t next; /* where the group goes after it (not a lane-moving one): pc + 1, or the position
                      after the one it was issued at in ptxas's order (timing.c, schedule.h) */
    int merged;    /* a collective joined by lanes waiting at other pcs */
} ws_pick;
enum { WS_PICK_BLOCKED = 0, WS_PICK_CHANGED = 1, WS_PICK_EXEC = 2 };
/* Choose the next group of a warp: WS_PICK_EXEC with the group in *p (nothing executed yet),
 * WS_PICK_CHANGED after a bookkeeping step (lanes started waiting, a barrier released), or
 * WS_PICK_BLOCKED when the warp cannot run. */
int ws_warp_pick_any(ws_exec *x, ws_warp *w, ws_pick *p);
/* ws_warp_pick_any, the converged warp with no convergence barrier inline (the timing mode
 * picks once per instruction): its live lanes at its pc, with nothing to wait for or join. */
static inline int ws_warp_pick(ws_exec *x, ws_warp *w, ws_pick *p)
{
    if (!w->converged || w->nreconv || w->cpc >= x->L->k->ninsns)
        return ws_warp_pick_any(x, w, p);
    p->pc = w->cpc;
    p->next = w->cpc + 1;
    p->group = w->live;
    p->merged = 0;
    return WS_PICK_EXEC;
}
/* Execute the group ws_warp_pick chose. */
void ws_warp_issue(ws_exec *x, ws_warp *w, const ws_pick *p);
/* What every issued instruction counts: the warp's and the launch's instructions, the lanes whose
 * guard is true. */
static inline void ws_warp_count_issue(ws_launch_ctx *L, ws_warp *w, uint32_t exec)
{
    w->instructions++;
    L->stats.warp_instructions++;
    L->stats.lane_instructions += (uint64_t)__builtin_popcount(exec);
}
/* A diverged warp's group that ran an instruction of its pc goes on to next (exec_group's advance
 * and ws_warp_issue's reconvergence test). */
void ws_warp_group_done(ws_warp *w, uint32_t group, uint32_t next);
/* ws_warp_issue for the timing mode's commonest case, a group's instruction that the decoded
 * kernel's step entry runs (L->interp_step: ALU forms, setp, mov, cvt, constant shuffles), without
 * the executor chain around it (exec_group, ws_interp_issue; about 100 host instructions an
 * issue): the same context, counts and handler, and the group goes on to p->next as exec_group
 * moves it. Returns 0 having done nothing where that is not the case (a merged collective, a
 * listener, the decoded handlers off, an instruction the uninitialised-value check looks at, a
 * form, a guard or a stop the step does not take): the caller takes ws_warp_issue then. */
static inline int ws_warp_issue_decoded(ws_exec *x, ws_warp *w, const ws_pick *p);
static inline int ws_warp_issue_step(ws_exec *x, ws_warp *w, const ws_pick *p)
{
    ws_launch_ctx *L = x->L;
    if (p->merged || x->ev || !L->dk_issue || (x->blk->shadow && ws_shadow_need(L, p->pc)))
        return 0; /* the check's reads and writes are exec_group's (its plan, or all under --slow-path uninit) */
    return ws_warp_issue_decoded(x, w, p);
}
/* ws_warp_issue_step once its tests have passed: a caller that knows for the whole block that
 * nobody listens, the decoded handlers are on and the check is off (timing.c) tests only p->merged. */
static inline int ws_warp_issue_decoded(ws_exec *x, ws_warp *w, const ws_pick *p)
{
    ws_launch_ctx *L = x->L;
    x->in = &L->code[p->pc];
    x->pc = p->pc;
    x->active = p->group;
    const uint32_t exec = L->interp_step(x, L->dk_issue, p->pc);
    if (!exec)
        return 0;
    ws_warp_count_issue(L, w, exec);
    if (w->converged)
        w->cpc = p->next;
    else
        ws_warp_group_done(w, p->group, p->next);
    return 1;
}
/* Both: one scheduling step. Returns 0 if the warp is blocked, 2 if it ran a strong load (the
 * functional mode then lets the other warps run), 1 if anything else changed. */
int ws_warp_step(ws_exec *x, ws_warp *w);
/* ws_warp_step again and again, but a diverged warp's group runs its straight-line stretch
 * decoded, each step within the instruction and cycle limits (the functional mode when nobody
 * listens; see warp.c), and a warp that converges with no convergence barrier pending runs
 * ws_warp_run_converged, as ws_block_run would next: until the warp blocks (0 if at once), runs
 * a strong load (2), or a limit or stop that ws_block_run reports (1). */
int ws_warp_run_diverged(ws_exec *x, ws_warp *w, uint64_t max_cycles);
/* The decoded run loop's divergent branch at pc to target, reconverging at reconv (L->reconv_pc's),
 * in a diverged warp's group (x->active): ex_bra (x->in, x->pc set), the group's lanes first
 * brought to pc; in the region loop (x->region, warp.c), the lanes that leave the group join its
 * list of runnable groups. */
void ws_stretch_branch(ws_exec *x, uint32_t pc, uint32_t target, uint32_t reconv, uint32_t mask);
/* The region loop's next step, taken by the run loop itself (x->region, warp.c): the running group
 * (x->active) stopped at pc, at or past the next runnable group's pc, with budget left. Unless
 * lanes wait at a convergence barrier there or merge, the group goes back into the list and the
 * next one comes out (the barrier removed when the group is all it waits for): its pc is returned,
 * its lanes in x->active and its end in x->stretch_end; or, where the warp converged there with no
 * convergence barrier left elsewhere, the whole warp's (x->stretch_end 0: the run goes on as
 * ws_warp_run_converged's). The run loop runs on from there, or stops at once where its first
 * instruction is one it stops at (region_steps takes that step with the group as it left it).
 * UINT32_MAX, nothing changed, otherwise (the run ends). */
uint32_t ws_region_hop(ws_exec *x, uint32_t pc);
/* A divergent branch of the warp that converged in the run loop (ws_region_hop): the warp is a
 * diverged one again, its one group the running one, so that the branch splits it as a diverged
 * group's (ws_stretch_branch) and the run goes on in the region loop. */
void ws_region_diverge(ws_exec *x);
/* The functional mode's fast path for a converged warp that nobody watches: up to budget
 * instructions back to back, stopping before anything that changes the warp's shape and after a
 * strong load (*yield set). Returns the instructions run (0: take ws_warp_step). */
uint64_t ws_warp_run_converged(ws_exec *x, ws_warp *w, uint64_t budget, int *yield);

/* ---- what the block asks of its warps -------------------------------------------------------- */
/* The lanes of a state, wherever they are; the pc lane l is at. */
uint32_t ws_warp_lanes_in_state(const ws_warp *w, int state);
uint32_t ws_warp_lane_pc(const ws_warp *w, unsigned l);
/* The pc a warp runs next: a converged warp's, else the lowest pc of its runnable groups (of any
 * group when none can run); k->ninsns or more when it has none (every lane exited). */
uint32_t ws_warp_next_pc(const ws_warp *w);
/* The timing mode's warp to name at a limit: the one of block b that has issued the most
 * instructions (the lowest of those that tie), the runaway one of a loop. Not the warp that issued
 * last: up to four issue in a cycle, and the fast passes issue some movs of the next cycle early
 * (timing_passes.h), which --slow-path timing does not. */
static inline const ws_warp *ws_block_busiest_warp(const ws_block *b)
{
    const ws_warp *best = NULL;
    for (uint32_t wi = 0; wi < b->nwarps; wi++)
        if (!best || b->warps[wi].instructions > best->instructions)
            best = &b->warps[wi];
    return best;
}
/* ws_limit_stop in block b, where warp w stopped (NULL: not known): its index and next pc. */
static inline void ws_warp_limit_stop(ws_launch_ctx *L, int limit, const ws_block *b, const ws_warp *w)
{
    ws_limit_stop(L, limit, b->id, w ? w->index : WS_NOWHERE, w ? ws_warp_next_pc(w) : WS_NOWHERE);
}
/* Block barrier id was released: the lanes waiting at it run again. */
void ws_warp_release_barrier(ws_warp *w, unsigned id);
/* Deadlock fallbacks (barrier.c calls them when nothing in the block can run): the oldest waiting
 * collective runs with the lanes that arrived; the last convergence barrier lets its lanes go.
 * Each returns 1 if it applied. */
int ws_warp_resolve_sync(ws_exec *x, ws_warp *w);
int ws_warp_resolve_reconv(ws_warp *w);

#endif
