/* warp: a warp's lanes, where they go, and the independent-thread scheduler (warp.h).
 *
 * Scheduling policy (documented in docs/semantics.md):
 *  - A converged warp (all live lanes at one pc, none waiting) runs as one group of lanes.
 *  - A diverged warp runs the group of runnable lanes with the lowest pc first.
 *  - A divergent branch pushes a convergence barrier at its immediate post-dominator: lanes
 *    that reach it wait until every live lane of the group that diverged arrives, as the
 *    BSSY/BSYNC pairs that ptxas inserts make an sm_70+ warp do.
 *  - A .sync collective (shfl, vote, match, redux, bar.warp.sync) waits until every live lane
 *    of its membermask has arrived at a collective of the same kind; lanes arriving at two
 *    different instructions execute them as one collective, each with its own operands, as
 *    the H200 does.
 *  - When nothing can run (barrier.c), the oldest waiting collective runs with the lanes that
 *    arrived (a diagnostic says which lanes never did), then block barriers, then convergence
 *    barriers: undefined programs finish, as on the hardware, instead of hanging.
 */
#include "warp.h"
#include "calls.h"
#include "cdp.h"
#include "diag.h"
#include "exec_warp.h"
#include "ptxas.h"
#include "memory.h"
#include "printf.h"
#include "shadow.h"

#include <stdlib.h>

/* ---- collectives -------------------------------------------------------------------------------------- */

static int is_collective(const ws_insn *in) { return ws_op_class_of(in->op) == CLS_COLLECTIVE; }

/* One instruction that is not control flow, for the lanes of exec, through its executor (a
 * collective's runs ws_collective; with no lane executing, nothing happens). */
static inline void run_insn(ws_exec *x, const ws_insn *in, uint32_t pc, uint32_t exec)
{
    if (exec)
        x->L->xfn[pc](x, in, exec);
}

/* Two waiting collectives can run as one when they are the same instruction kind. */
static int collectives_compatible(const ws_insn *a, const ws_insn *b)
{
    /* shuffles of different modes merge too: the H200 ran a down on one side of an if/else
     * and an idx (or a bfly and an up) on the other as one collective, each lane with its own
     * instruction's mode, b and c (programs/div_merge.cu, HARDWARE-NOTES.md); the shfl
     * executor reads the mode per lane. (tests/test_warp.c: test_shfl_merged_if_else) */
    if (a->op == WS_OP_SHFL && b->op == WS_OP_SHFL)
        return a->type == b->type;
    return a->op == b->op && a->sub == b->sub && a->type == b->type;
}

/* Of the candidate lanes, those waiting at a collective that `in` can run with as one. */
static uint32_t lanes_joining(const ws_warp *w, const ws_insn *code, const ws_insn *in, uint32_t candidates)
{
    uint32_t m = 0;
    if (w->converged) /* nobody waits */
        return 0;
    for (unsigned i = 0; i < w->ngroups; i++)
        if (w->gstate[i] == LANE_WAIT_SYNC && (w->glanes[i] & candidates) && collectives_compatible(&code[w->gpc[i]], in))
            m |= w->glanes[i] & candidates;
    return m;
}

/* The membermask operand is the last one of every collective. */
static uint32_t membermask_of(ws_exec *x, const ws_insn *in, uint32_t lanes)
{
    /* lanes naming different masks are diagnosed when the collective runs (exec_warp.c) */
    return (uint32_t)opnd(x, &in->ops[in->nops - 1], (unsigned)__builtin_ctz(lanes));
}

/* ---- a diverged warp's groups (ws_warp.gpc, glanes, gstate) ---- */

static void drop_lanes(ws_warp *w, uint32_t lanes)
{
    for (unsigned i = 0; i < w->ngroups;) {
        w->glanes[i] &= ~lanes;
        if (w->glanes[i]) {
            i++;
            continue;
        }
        w->ngroups--; /* the order of the groups means nothing: the last one fills the hole */
        w->gpc[i] = w->gpc[w->ngroups];
        w->glanes[i] = w->glanes[w->ngroups];
        w->gstate[i] = w->gstate[w->ngroups];
    }
}

/* Lanes that are in no group go to pc in state, joining the group already there (runnable lanes
 * that join runnable ones meet: w->met). */
static inline void join_group(ws_warp *w, uint32_t lanes, uint32_t pc, int state)
{
    for (unsigned i = 0; i < w->ngroups; i++)
        if (w->gpc[i] == pc && w->gstate[i] == state) {
            w->glanes[i] |= lanes;
            w->met = state == LANE_RUN ? pc + 1 : w->met;
            return;
        }
    w->gpc[w->ngroups] = pc;
    w->glanes[w->ngroups] = lanes;
    w->gstate[w->ngroups] = (uint8_t)state;
    w->ngroups++;
}

/* Lanes go to pc in state, joining the group already there. */
static void move_lanes(ws_warp *w, uint32_t lanes, uint32_t pc, int state)
{
    if (!lanes)
        return;
    unsigned whole = w->ngroups, there = w->ngroups; /* the group that is exactly these lanes; the one at (pc, state) */
    for (unsigned i = 0; i < w->ngroups; i++) {
        whole = w->glanes[i] == lanes ? i : whole;
        there = w->gpc[i] == pc && w->gstate[i] == state ? i : there;
    }
    if (whole < w->ngroups && (there == w->ngroups || there == whole)) { /* a group moves on: the usual step */
        w->gpc[whole] = pc;
        w->gstate[whole] = (uint8_t)state;
        return;
    }
    drop_lanes(w, lanes);
    join_group(w, lanes, pc, state);
}

/* The group lane l belongs to (the lane is live and the warp diverged). */
static unsigned group_of(const ws_warp *w, unsigned l)
{
    unsigned i = 0;
    while (i + 1 < w->ngroups && !((w->glanes[i] >> l) & 1))
        i++;
    return i;
}

uint32_t ws_warp_lane_pc(const ws_warp *w, unsigned l) { return w->converged ? w->cpc : w->gpc[group_of(w, l)]; }

uint32_t ws_warp_next_pc(const ws_warp *w)
{
    if (w->converged || !w->live)
        return w->live ? w->cpc : UINT32_MAX;
    uint32_t run = UINT32_MAX, any = UINT32_MAX;
    for (uint32_t g = 0; g < w->ngroups; g++) {
        any = w->gpc[g] < any ? w->gpc[g] : any;
        if (w->gstate[g] == LANE_RUN && w->gpc[g] < run)
            run = w->gpc[g];
    }
    return run != UINT32_MAX ? run : any;
}

static int lane_state(const ws_warp *w, unsigned l) { return w->converged ? LANE_RUN : w->gstate[group_of(w, l)]; }

static void leave_converged(ws_warp *w)
{
    if (!w->converged)
        return;
    w->converged = 0;
    w->ngroups = 1;
    w->gpc[0] = w->cpc;
    w->glanes[0] = w->live;
    w->gstate[0] = LANE_RUN;
}

/* Converged: every live lane runnable at one pc, which is one group. */
static void try_converge(ws_warp *w)
{
    if (w->converged || !w->live)
        return;
    if (w->ngroups != 1 || w->gstate[0] != LANE_RUN)
        return;
    w->converged = 1;
    w->cpc = w->gpc[0];
}

static inline void push_reconv(ws_warp *w, uint32_t pc, uint32_t lanes)
{
    for (unsigned i = 0; i < w->nreconv; i++)
        if (w->reconv[i].pc == pc) {
            w->reconv[i].lanes |= lanes;
            return;
        }
    if (w->nreconv == MAX_RECONV) { /* deep unstructured divergence: forget the oldest */
        memmove(w->reconv, w->reconv + 1, (MAX_RECONV - 1) * sizeof w->reconv[0]);
        w->nreconv--;
    }
    w->reconv[w->nreconv].pc = pc;
    w->reconv[w->nreconv].lanes = lanes;
    w->nreconv++;
}

static void remove_reconv(ws_warp *w, unsigned i) { w->reconv[i] = w->reconv[--w->nreconv]; }

/* A converged warp: the whole warp is at its pc, so a convergence barrier there has nothing to
 * wait for. ws_warp_pick drops it before the warp runs on; the fast path (ws_warp_step_stretch)
 * drops it as soon as the warp converges, so that the warp goes on in ws_warp_run_converged
 * (block.c runs that for a converged warp with no barrier pending) instead of one
 * instruction a step. */
static void drop_reconv_here(ws_warp *w)
{
    if (!w->converged)
        return;
    for (unsigned i = 0; i < w->nreconv; i++)
        if (w->reconv[i].pc == w->cpc)
            remove_reconv(w, i--);
}

/* The lanes in a state that share the lowest pc among such lanes (0 if none); the scheduler's
 * policy: the oldest work first. */
static uint32_t lowest_pc_group(const ws_warp *w, int state, uint32_t *pc_out)
{
    uint32_t pc = UINT32_MAX, lanes = 0;
    *pc_out = pc;
    if (w->converged) /* no lane waits; runnable ones are asked only of a diverged warp */
        return 0;
    for (unsigned i = 0; i < w->ngroups; i++)
        if (w->gstate[i] == state && w->gpc[i] < pc) {
            pc = w->gpc[i];
            lanes = w->glanes[i];
        }
    *pc_out = pc;
    return lanes;
}

static uint32_t lanes_waiting_at(const ws_warp *w, int state, uint32_t pc)
{
    if (w->converged)
        return 0;
    for (unsigned i = 0; i < w->ngroups; i++)
        if (w->gstate[i] == state && w->gpc[i] == pc)
            return w->glanes[i];
    return 0;
}

/* Release every convergence barrier whose live lanes have all arrived. Returns lanes released. */
static uint32_t release_complete_reconv(ws_warp *w)
{
    uint32_t released = 0;
    for (unsigned i = 0; i < w->nreconv;) {
        uint32_t members = w->reconv[i].lanes & w->live;
        uint32_t waiting = lanes_waiting_at(w, LANE_WAIT_RECONV, w->reconv[i].pc);
        if ((members & ~waiting) == 0) {
            move_lanes(w, waiting, w->reconv[i].pc, LANE_RUN);
            released |= waiting;
            remove_reconv(w, i);
        } else {
            i++;
        }
    }
    return released;
}

/* The lanes of a state, wherever they are. */
uint32_t ws_warp_lanes_in_state(const ws_warp *w, int state)
{
    uint32_t m = 0;
    if (!w->converged) /* a converged warp's lanes all run */
        for (unsigned i = 0; i < w->ngroups; i++)
            m |= w->gstate[i] == state ? w->glanes[i] : 0;
    return m;
}

/* Lanes waiting at barrier id run again, each at its pc. */
void ws_warp_release_barrier(ws_warp *w, unsigned id)
{
    uint32_t gpc[32], glanes[32]; /* gathered first: moving lanes reorders the groups */
    unsigned n = 0;
    for (unsigned i = 0; !w->converged && i < w->ngroups; i++) {
        if (w->gstate[i] != LANE_WAIT_BAR)
            continue;
        uint32_t m = w->glanes[i] & w->bar_lanes[id];
        if (m) {
            gpc[n] = w->gpc[i];
            glanes[n++] = m;
        }
    }
    for (unsigned j = 0; j < n; j++)
        move_lanes(w, glanes[j], gpc[j], LANE_RUN);
    try_converge(w);
}

/* ---- executing one group ---------------------------------------------------------------------- */

/* Register reg's row as the event's row of register shown, 64 bits a lane whatever the layout. */
static void ev_row(ws_exec *x, uint32_t reg, uint32_t shown)
{
    uint64_t *row = &x->L->ev_regs[(size_t)shown * 32];
    const uint64_t *r = ws_reg_row(x, reg, row);
    if (r != row)
        memcpy(row, r, 32 * sizeof *row);
}

static void emit_exec(ws_exec *x, const ws_insn *in, uint32_t active, uint32_t exec)
{
    ws_launch_ctx *L = x->L;
    ws_event *ev = x->ev;
    ev->kind = WS_EV_EXEC;
    ev->cycle = x->blk->cycle;
    ev->block = x->blk->id;
    ev->warp = x->w->index;
    ev->pc = x->pc;
    ev->kernel = L->ptx;
    ev->insn = &L->ptx->insns[x->pc];
    for (uint32_t r = 0; r < L->ptx->nregs; r++) /* as 64-bit rows, whatever the layout */
        ev_row(x, r, r);
    const ws_reg_use *u = &L->uses[x->pc];
    if (L->ptx_reg) { /* renamed (rename.h): the PTX's registers show the values this instruction read and wrote */
        for (uint32_t i = 0; i < u->nsrc; i++)
            if (u->src[i] != WS_NO_REG && u->src[i] >= L->ptx->nregs && !ws_reg_use_writes(u, L->ptx_reg[u->src[i]]))
                ev_row(x, u->src[i], L->ptx_reg[u->src[i]]);
        for (uint32_t i = 0; i < u->ndst; i++)
            if (u->dst[i] >= L->ptx->nregs)
                ev_row(x, u->dst[i], L->ptx_reg[u->dst[i]]);
    }
    ev->regfile = L->ev_regs;
    ev->active = active;
    ev->exec = exec;
    ev->ndst = u->ndst;
    for (uint32_t i = 0; i < u->ndst; i++) {
        ev->dst_reg[i] = L->ptx_reg ? L->ptx_reg[u->dst[i]] : u->dst[i];
        ev->dst_val[i] = &L->ev_regs[(size_t)ev->dst_reg[i] * 32];
    }
    if (ws_op_is_memory(in->op)) {
        ev->mem_space = (uint8_t)ws_access_space(in);
        ev->mem_store = ws_op_class_of(in->op) != CLS_LOAD;
        ev->mem_bytes = (uint8_t)(ws_type_bits((ws_type)in->type) / 8 * in->vec);
        ev->mem_addr = x->mem_addr;
    }
    ev->mem_wavefronts = x->mem_wavefronts; /* timing mode: shared-memory banks */
    ev->mem_bank = x->mem_wavefronts ? x->mem_bank : NULL;
    ws_emit(L, ev); /* and the stop a trace at its size limit asks for */
}

/* The lanes go on to pc: a converged warp as a whole, a diverged one's lanes as a group. */
static void advance(ws_warp *w, uint32_t lanes, uint32_t pc)
{
    if (w->converged) {
        w->cpc = pc;
        return;
    }
    move_lanes(w, lanes, pc, LANE_RUN);
}

/* ---- control flow: the executors of the rows whose class moves the lanes (ws_op_moves_lanes).
 * Each gets the issuing group in x->active and the lanes whose guard is true as mask (possibly
 * none), and says where every lane of the group goes next. */

/* A divergent branch at pc: of the running group (its own record, wherever it is; in a converged
 * warp the whole warp), the lanes of taken go to target, the others to pc + 1, each joining a
 * runnable group already there. What leave_converged, move_lanes(group, pc), move_lanes(taken,
 * target) and move_lanes(group & ~taken, pc + 1) leave (the order of the groups means nothing),
 * in one pass over the groups; anything unusual takes those, and so does --slow-path converged
 * (reference), which the tests compare with. */
static void split_at_branch(ws_warp *w, uint32_t group, uint32_t taken, uint32_t target, uint32_t pc, int reference)
{
    const uint32_t not_taken = group & ~taken, next = pc + 1;
    if (reference) /* --slow-path converged: the moves one by one, what the tests compare with */
        goto one_by_one;
    if (w->converged && group == w->live) {
        w->converged = 0;
        if (target == next) {
            w->ngroups = 1;
            w->gpc[0] = next;
            w->glanes[0] = group;
            w->gstate[0] = LANE_RUN;
            return;
        }
        w->ngroups = 2;
        w->gpc[0] = next;
        w->glanes[0] = not_taken;
        w->gstate[0] = LANE_RUN;
        w->gpc[1] = target;
        w->glanes[1] = taken;
        w->gstate[1] = LANE_RUN;
        return;
    }
    const unsigned none = w->converged ? 0 : w->ngroups;
    unsigned ng = none, gi = none, gt = none, gn = none, gp = none;
    for (unsigned i = 0; i < ng; i++) {
        if (w->glanes[i] == group)
            gi = i;
        else if (w->gstate[i] == LANE_RUN) {
            gt = w->gpc[i] == target ? i : gt;
            gn = w->gpc[i] == next ? i : gn;
            gp = w->gpc[i] == pc ? i : gp;
        }
    }
    if (gi == none || gp != none || w->gstate[gi] != LANE_RUN) {
    one_by_one:
        leave_converged(w);
        move_lanes(w, group, pc, LANE_RUN);
        move_lanes(w, taken, target, LANE_RUN);
        move_lanes(w, not_taken, next, LANE_RUN);
        return;
    }
    uint32_t stay = not_taken; /* the lanes that go to next */
    if (target == next) {
        stay = group;
    } else if (gt != none) {
        w->glanes[gt] |= taken;
        w->met = target + 1; /* lanes that meet (join_group) */
    } else {
        w->gpc[ng] = target;
        w->glanes[ng] = taken;
        w->gstate[ng] = LANE_RUN;
        w->ngroups = ++ng;
    }
    if (gn != none) { /* the group's record empties: the last one fills the hole */
        w->glanes[gn] |= stay;
        w->met = next + 1;
        w->ngroups = --ng;
        w->gpc[gi] = w->gpc[ng];
        w->glanes[gi] = w->glanes[ng];
        w->gstate[gi] = w->gstate[ng];
    } else {
        w->gpc[gi] = next;
        w->glanes[gi] = stay;
    }
}

/* bra: the lanes of mask jump, the others fall through; a divergent branch pushes the
 * convergence barrier at its immediate post-dominator (cfg.c) for the whole group. */
void ex_bra(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ws_warp *w = x->w;
    uint32_t group = x->active, pc = x->pc, target = (uint32_t)in->ops[0].imm;
    uint32_t not_taken = group & ~mask;
    if (!mask || !not_taken) {
        advance(w, group, mask ? target : pc + 1);
        return;
    }
    split_at_branch(w, group, mask, target, pc, x->L->slow & WS_SLOW_CONVERGED);
    if (x->L->reconv_pc[pc] != UINT32_MAX)
        push_reconv(w, x->L->reconv_pc[pc], group);
}

/* The lanes of mask go each to its own to[lane] (a call's callee, a ret's return address), the
 * rest of the group to next. Usually the whole group goes to one place together. */
static void send_lanes(ws_warp *w, uint32_t group, uint32_t mask, const uint32_t to[32], uint32_t next)
{
    uint32_t first = mask ? to[__builtin_ctz(mask)] : next;
    int same = 1;
    FOR_EACH_LANE(mask, l)
        same &= to[l] == first;
    if (mask == group && same) {
        advance(w, group, first);
        return;
    }
    leave_converged(w);
    move_lanes(w, group & ~mask, next, LANE_RUN);
    for (uint32_t left = mask; left;) {
        uint32_t at = to[__builtin_ctz(left)], lanes = 0;
        FOR_EACH_LANE(left, l)
            lanes |= to[l] == at ? 1u << l : 0;
        move_lanes(w, lanes, at, LANE_RUN);
        left &= ~lanes;
    }
}

/* call: vprintf prints (printf.c); a .func call pushes each lane's frame (calls.c) and jumps,
 * through a function pointer each lane to its own function. */
void ex_call(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ws_warp *w = x->w;
    uint32_t group = x->active, pc = x->pc, entry[32];
    const ws_call_site *cs = &x->L->k->calls[in->call];
    if (cs->builtin != WS_BUILTIN_NONE) {
        if (mask && cs->builtin == WS_BUILTIN_VPRINTF)
            ws_vprintf_call(x, in, mask);
        else if (mask)
            ws_cdp_call(x, in, mask);
        advance(w, group, pc + 1);
        return;
    }
    if (!mask) {
        advance(w, group, pc + 1);
        return;
    }
    ws_split_call(x, in, mask); /* part of the warp calls: the H200 may split it (ptxas.c) */
    if (ws_call_enter(x, in, mask, entry) != 0)
        return; /* the launch stopped */
    /* The group meets again after the call, as a BSSY/BSYNC pair around it would make it: lanes
     * that return early (a shorter recursion), skip the call (guard false) or call another
     * function through a pointer wait there for the others. */
    push_reconv(w, pc + 1, group);
    send_lanes(w, group, mask, entry, pc + 1);
}

/* exit, and the kernel's own ret: the lanes of mask end. */
void ex_exit(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    (void)in;
    ws_warp *w = x->w;
    if (mask) {
        leave_converged(w);
        drop_lanes(w, mask);
        x->blk->lanes_exited += (uint32_t)__builtin_popcount(mask & w->live);
        w->live &= ~mask;
        /* collectives that waited for these lanes wait no more: they are picked again */
        uint32_t wpc[32], wlanes[32];
        unsigned nw = 0;
        for (unsigned i = 0; i < w->ngroups; i++)
            if (w->gstate[i] == LANE_WAIT_SYNC) {
                wpc[nw] = w->gpc[i];
                wlanes[nw++] = w->glanes[i];
            }
        for (unsigned i = 0; i < nw; i++)
            move_lanes(w, wlanes[i], wpc[i], LANE_RUN);
    }
    advance(w, x->active & ~mask, x->pc + 1);
}

/* ret: in a .func, each lane of mask goes back to its own caller (calls.c pops its frame). */
void ex_ret(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (!(in->mods & WS_MOD_INFUNC)) { /* the kernel's ret ends the lane, as exit does */
        ex_exit(x, in, mask);
        return;
    }
    ws_warp *w = x->w;
    uint32_t group = x->active, pc = x->pc, ret_pc[32];
    ws_call_return(x, mask, ret_pc);
    send_lanes(w, group, mask, ret_pc, pc + 1);
}

/* trap: the launch stops with an error; the lanes go on only to be stopped. A trap guarded by a
 * %brx$ register is the one the parser puts after a brx.idx's targets (isa/parser.c parse_brx;
 * the name survives printing), reached by lanes whose index is past the .branchtargets list,
 * where the H200's jump is undefined. */
void ex_trap(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    if (mask && in->guard != WS_NO_REG && strncmp(x->L->k->regs[in->guard].name, "%brx$", 5) == 0) {
        ws_diag_report(x, WS_DIAG_UNSUPPORTED, mask,
                       "brx.idx: lanes 0x%08x have an index past the .branchtargets list (undefined on the H200)", mask);
        ws_launch_stop(x->L, WS_ERR_DIAG, "brx.idx at line %u: an index past its .branchtargets list",
                       x->L->k->insns[x->pc].line);
    } else if (mask) {
        ws_diag_report(x, WS_DIAG_TRAP, mask, "trap executed");
        ws_launch_stop(x->L, WS_ERR_DIAG, "the kernel executed trap at line %u", x->L->k->insns[x->pc].line);
    }
    advance(x->w, x->active, x->pc + 1);
}

/* bar.sync id[, n], barrier.sync: the lanes of mask arrive at block barrier id and wait there
 * (barrier.c releases it when every thread, or n, arrived); the others go on. */
void ex_bar(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    ws_warp *w = x->w;
    uint32_t pc = x->pc;
    if (mask) {
        ws_block *b = x->blk;
        unsigned id = (unsigned)(opnd(x, &in->ops[0], (unsigned)__builtin_ctz(mask)) & 15);
        uint32_t expected = b->nthreads;
        if (in->nops > 1)
            expected = (uint32_t)opnd(x, &in->ops[1], (unsigned)__builtin_ctz(mask));
        if (mask != w->live)
            ws_diag_report(x, WS_DIAG_BARRIER_DIVERGENT, mask,
                           "bar.sync executed by lanes 0x%08x of warp %u while lanes 0x%08x are elsewhere "
                           "(bar.sync is .aligned: the whole warp must execute it together)",
                           mask, w->index, w->live & ~mask);
        ws_split_barrier(x, in, mask); /* a warp the H200 may have split passes it group by group */
        leave_converged(w);
        for (unsigned i = 0; i < 16; i++) /* a lane waits at one barrier: the one it arrives at */
            w->bar_lanes[i] &= ~mask;
        w->bar_lanes[id] |= mask;
        move_lanes(w, mask, pc + 1, LANE_WAIT_BAR);
        b->bar_arrived[id] += (uint32_t)__builtin_popcount(mask);
        b->bar_expected[id] = expected;
        x->L->stats.bar_syncs++;
    }
    advance(w, x->active & ~mask, pc + 1);
}

/* What every issued instruction does first: the executor's context, the event record, the
 * counts and (functional mode) the cycle. */
static inline void begin_issue(ws_exec *x, ws_warp *w, const ws_insn *in, uint32_t pc, uint32_t active, uint32_t exec)
{
    ws_launch_ctx *L = x->L;
    if (x->ev)
        memset(x->ev, 0, sizeof *x->ev);
    x->in = in;
    x->pc = pc;
    x->active = active;
    ws_warp_count_issue(L, w, exec);
    if (!L->timing) /* the timing mode sets the cycle of issue */
        x->blk->cycle++;
}

/* One instruction for a group of lanes at one pc, through its row's executor: control flow and
 * barriers move the lanes themselves; every other instruction's group goes on to next (pc + 1,
 * unless the timing mode issues another position's instruction: ws_pick). */
static void exec_group(ws_exec *x, ws_warp *w, uint32_t pc, uint32_t group, uint32_t next)
{
    ws_launch_ctx *L = x->L;
    const ws_insn *in = &L->code[pc];
    uint32_t exec = ws_guard_mask(x, in, group);
    begin_issue(x, w, in, pc, group, exec);
    const unsigned need = x->blk->shadow ? ws_shadow_need(L, pc) : 0; /* check_uninitialized */
    if (need & WS_UNINIT_READS)
        ws_shadow_reads(x, in, group, exec);
    if (ws_op_moves_lanes(in->op)) {
        L->xfn[pc](x, in, exec);
    } else {
        /* the timing mode: through the decoded handler when it has one and nobody listens (an
         * event carries what only the executors record) */
        if (!L->dk_issue || x->ev || !L->interp_issue(x, L->dk_issue, pc))
            run_insn(x, in, pc, exec);
        advance(w, group, next);
    }
    if (need & WS_UNINIT_WRITES)
        ws_shadow_writes(x, in, exec);
    if (x->ev)
        emit_exec(x, in, group, exec);
}

/* Each lane's pc and instruction (x->lane_insn) from the groups of a merged collective: what
 * the check and ws_collective read; the merged constant shuffle needs neither. */
static void lanes_of_groups(ws_exec *x, const uint32_t *gpc, const uint32_t *glanes, unsigned ng, uint32_t lpc[32])
{
    for (unsigned j = 0; j < ng; j++)
        FOR_EACH_LANE(glanes[j], l) {
            lpc[l] = gpc[j];
            x->lane_insn[l] = &x->L->code[gpc[j]];
        }
}

static inline void region_put(struct ws_region *R, uint32_t pc, uint32_t lanes);

/* Run a collective whose lanes may wait at different pcs (merged collectives). Its groups go on
 * after it as records, or (R: the region loop's) into R, the list of runnable groups; with R, the
 * group of run_lanes at run_pc (the region loop's running group: in no record) is one of them. */
static void exec_merged(ws_exec *x, ws_warp *w, uint32_t lanes, struct ws_region *R, uint32_t run_pc, uint32_t run_lanes)
{
    ws_launch_ctx *L = x->L;
    /* the lanes' groups, before they move on */
    uint32_t gpc[32], glanes[32], lpc[32];
    unsigned ng = 0;
    uint32_t exec = 0;
    for (unsigned i = 0; i <= w->ngroups; i++) {
        const uint32_t at = i < w->ngroups ? w->gpc[i] : run_pc, m = (i < w->ngroups ? w->glanes[i] : run_lanes) & lanes;
        if (m) {
            gpc[ng] = at;
            glanes[ng] = m;
            /* each lane its own instruction's guard */
            exec |= ws_guard_mask(x, &L->code[at], m);
            ng++;
        }
    }
    /* the lowest pc speaks for the event; every lane runs its own instruction */
    uint32_t pc = UINT32_MAX;
    for (unsigned j = 0; j < ng; j++)
        pc = gpc[j] < pc ? gpc[j] : pc;
    const ws_insn *in = &L->code[pc];
    begin_issue(x, w, in, pc, lanes, exec);
    const int per_lane = x->blk->shadow != NULL; /* lpc and x->lane_insn filled */
    if (per_lane)
        lanes_of_groups(x, gpc, glanes, ng, lpc);
    if (x->blk->shadow) /* check_uninitialized: every lane reads its own instruction's operands */
        FOR_EACH_LANE(lanes, l) {
            x->pc = lpc[l];
            if (ws_shadow_need(L, lpc[l]) & WS_UNINIT_READS)
                ws_shadow_reads(x, x->lane_insn[l], 1u << l, exec & (1u << l));
        }
    x->pc = pc;
    uint32_t elsewhere = 0; /* lanes at another instruction than the lowest pc's */
    for (unsigned j = 0; j < ng; j++)
        elsewhere |= gpc[j] != pc ? glanes[j] : 0;
    if (elsewhere && !ws_diag_again(x, WS_DIAG_MERGED_COLLECTIVE, elsewhere))
        ws_diag_report(x, WS_DIAG_MERGED_COLLECTIVE, elsewhere,
                       "%s: lanes 0x%08x arrived at a different %s on another path and ran with this one as one "
                       "collective, each with its own operands (undefined: the H200 merged such a pair in one "
                       "kernel and hung in another, programs/div_merge)",
                       ws_optable[in->op].mnemonic, elsewhere, ws_optable[in->op].mnemonic);
    x->merged = 1;
    /* the merged constant shuffle in either mode: its outcome is ws_collective's, and the timing
     * mode's costs come from the instruction, not from how it ran */
    const struct ws_dkernel *dk = L->dk ? L->dk : L->dk_issue;
    if (!dk || in->op != WS_OP_SHFL || !L->merged_shfl(x, dk, gpc, glanes, ng, exec)) {
        if (!per_lane)
            lanes_of_groups(x, gpc, glanes, ng, lpc);
        ws_collective(x, exec);
    }
    x->merged = 0;
    if (x->blk->shadow)
        FOR_EACH_LANE(lanes, l)
            if (ws_shadow_need(L, lpc[l]) & WS_UNINIT_WRITES)
                ws_shadow_writes(x, x->lane_insn[l], exec & (1u << l));
    if (R) {
        drop_lanes(w, lanes & ~run_lanes);
        for (unsigned j = 0; j < ng; j++)
            region_put(R, gpc[j] + 1, glanes[j]);
    } else {
        for (unsigned j = 0; j < ng; j++)
            move_lanes(w, glanes[j], gpc[j] + 1, LANE_RUN);
    }
    if (x->ev)
        emit_exec(x, in, lanes, exec);
}

/* Lanes at pc leave the kernel there: an unguarded exit, or the kernel's own ret. */
static int ends_at(const ws_launch_ctx *L, uint32_t pc)
{
    const ws_insn *at = pc < L->k->ninsns ? &L->code[pc] : NULL;
    return at && at->guard == WS_NO_REG &&
           (ws_op_class_of(at->op) == CLS_EXIT || (ws_op_class_of(at->op) == CLS_RETURN && !(at->mods & WS_MOD_INFUNC)));
}

/* ws_warp_pick_any, inline in the functional mode's loop over a diverged warp's steps
 * (ws_warp_run_diverged); *end: the pc of the next runnable group after the one picked
 * (UINT32_MAX if none, or when the warp is converged), found in the same pass over the groups. */
static inline __attribute__((always_inline)) int pick_group(ws_exec *x, ws_warp *w, ws_pick *p, uint32_t *end)
{
    ws_launch_ctx *L = x->L;
    uint32_t pc, group;
    *end = UINT32_MAX;
    if (w->converged) {
        pc = w->cpc;
        group = w->live;
        drop_reconv_here(w);
    } else {
        /* lowest_pc_group(w, LANE_RUN) and the lowest pc above it: at most one group is at a
         * (pc, state), so the second is another group's (--slow-path converged, which runs no
         * stretch, takes lowest_pc_group: what the tests compare with) */
        uint32_t runnable = 0, next = UINT32_MAX;
        pc = UINT32_MAX;
        if (L->slow & WS_SLOW_CONVERGED)
            runnable = lowest_pc_group(w, LANE_RUN, &pc);
        for (unsigned i = 0; i < w->ngroups && !(L->slow & WS_SLOW_CONVERGED); i++) {
            if (w->gstate[i] != LANE_RUN)
                continue;
            uint32_t gp = w->gpc[i];
            if (gp < pc) {
                next = pc;
                pc = gp;
                runnable = w->glanes[i];
            } else if (gp != pc && gp < next) {
                next = gp;
            }
        }
        if (!runnable)
            return release_complete_reconv(w) != 0;
        group = runnable;
        *end = next;
        /* a convergence barrier here? Not before an exit: lanes that branch to the kernel's end
         * leave at once, as the H200 does (ptxas makes such a branch a predicated EXIT, so a
         * collective after it does not wait for them: programs/probe_lanemask case H). */
        for (unsigned i = 0; i < w->nreconv; i++) {
            if (w->reconv[i].pc != pc || !(w->reconv[i].lanes & group))
                continue;
            if (ends_at(L, pc))
                break;
            uint32_t members = w->reconv[i].lanes & w->live;
            uint32_t arrived = group | lanes_waiting_at(w, LANE_WAIT_RECONV, pc);
            if (members & ~arrived) {
                move_lanes(w, group, pc, LANE_WAIT_RECONV);
                return 1;
            }
            remove_reconv(w, i);
            if (arrived != group) { /* the lanes waiting there meet the group (join_group) */
                move_lanes(w, arrived, pc, LANE_RUN);
                w->met = pc + 1;
                try_converge(w);
                return 1; /* pick again: the group is larger now */
            }
            /* the group was all the barrier waited for: picking again would pick it as it is
             * (one barrier a pc: push_reconv) */
            try_converge(w);
            break;
        }
    }
    if (pc >= L->k->ninsns) {
        ws_launch_stop(L, WS_ERR_INTERNAL, "warp %u of block %u ran past the end of the kernel", w->index, x->blk->id);
        return 0;
    }
    const ws_insn *in = &L->code[pc];
    if (is_collective(in) && group != w->live) { /* with the whole warp here, no member can be missing */
        x->pc = pc;
        uint32_t exec = ws_guard_mask(x, in, group);
        uint32_t mask = exec ? membermask_of(x, in, exec) : group;
        uint32_t missing = mask & w->live & ~group;
        if (missing) {
            /* lanes already waiting at a compatible collective join this one */
            uint32_t joinable = lanes_joining(w, L->code, in, missing);
            if (missing & ~joinable) {
                leave_converged(w);
                move_lanes(w, group, pc, LANE_WAIT_SYNC);
                return 1;
            }
            p->pc = pc;
            p->next = pc + 1;
            p->group = group | joinable;
            p->merged = 1;
            return WS_PICK_EXEC;
        }
    }
    p->pc = pc;
    p->next = pc + 1;
    p->group = group;
    p->merged = 0;
    return WS_PICK_EXEC;
}

/* Choose the next group of a warp: WS_PICK_EXEC with the group in *p (nothing executed yet),
 * WS_PICK_CHANGED after a bookkeeping step (lanes started waiting, a barrier released), or
 * WS_PICK_BLOCKED when the warp cannot run. The timing mode calls it, then ws_warp_issue. */
int ws_warp_pick_any(ws_exec *x, ws_warp *w, ws_pick *p)
{
    uint32_t end;
    return pick_group(x, w, p, &end);
}

void ws_warp_group_done(ws_warp *w, uint32_t group, uint32_t next)
{
    advance(w, group, next);
    try_converge(w);
}

/* Execute the group ws_warp_pick chose. */
void ws_warp_issue(ws_exec *x, ws_warp *w, const ws_pick *p)
{
    if (p->merged) {
        exec_merged(x, w, p->group, NULL, 0, 0);
        try_converge(w);
        return;
    }
    exec_group(x, w, p->pc, p->group, p->next);
    if (!w->converged)
        try_converge(w);
}

/* One scheduling step of a warp. Returns 0 if the warp is blocked, 2 if it ran a strong load
 * (its turn ends: ws_insn_is_strong_load), 1 if anything else changed. */
int ws_warp_step(ws_exec *x, ws_warp *w)
{
    ws_pick p;
    int r = ws_warp_pick(x, w, &p);
    if (r == WS_PICK_EXEC) {
        ws_warp_issue(x, w, &p);
        return ws_insn_is_strong_load(&x->L->code[p.pc]) ? 2 : 1;
    }
    return r != WS_PICK_BLOCKED;
}

/* ---- a diverged warp's region loop (ws_warp_run_diverged) ----
 * Between a divergent branch and the reconvergence, most steps are a pick of the lowest runnable
 * group and its stretch, and the records ws_warp.gpc, glanes and gstate are passed over again
 * at every one (the pick, the move after the stretch, the split at each divergent branch). The
 * region loop keeps the runnable groups in a list ordered by pc instead: the pick is its head,
 * a stretch's group runs out of the list and goes back in where it stopped, joining a runnable
 * group there (as move_lanes), and a divergent branch inside the stretch puts the lanes that
 * leave it in the list (as split_at_branch). The waiting groups stay in the records; the list
 * goes back into them (region_close) before any step the loop does not take itself: a
 * convergence barrier that makes lanes wait or merges them, a collective, a stretch that runs
 * nothing, a warp that converges, or no runnable group. The groups left are those of the steps
 * one by one (their order in the records means nothing: every reader takes a group by its pc
 * and state or ORs lanes). */
typedef struct ws_region {
    uint32_t n; /* runnable groups, pc descending (one a pc; the lowest last), but the one whose stretch runs */
    uint32_t pc[32], lanes[32];
} ws_region;

/* A new group of lanes at pc, which no group in the list has, in its place in the order (the
 * lowest pcs, last, move up: usually none or one). */
static inline void region_insert(ws_region *R, uint32_t pc, uint32_t lanes)
{
    unsigned j = R->n++;
    while (j && R->pc[j - 1] < pc) {
        R->pc[j] = R->pc[j - 1];
        R->lanes[j] = R->lanes[j - 1];
        j--;
    }
    R->pc[j] = pc;
    R->lanes[j] = lanes;
}

/* Lanes go to pc, runnable: joining the group there or a new one (region_insert). */
static inline void region_put(struct ws_region *R, uint32_t pc, uint32_t lanes)
{
    unsigned i = R->n;
    while (i && R->pc[i - 1] < pc)
        i--;
    if (i && R->pc[i - 1] == pc)
        R->lanes[i - 1] |= lanes;
    else
        region_insert(R, pc, lanes);
}

/* The runnable groups out of the records into the list; the waiting ones stay. */
static void region_open(ws_warp *w, ws_region *R)
{
    unsigned k = 0;
    R->n = 0;
    for (unsigned i = 0; i < w->ngroups; i++) {
        if (w->gstate[i] == LANE_RUN) { /* one a pc: its place in the order, nothing to join */
            region_insert(R, w->gpc[i], w->glanes[i]);
            continue;
        }
        w->gpc[k] = w->gpc[i];
        w->glanes[k] = w->glanes[i];
        w->gstate[k++] = w->gstate[i];
    }
    w->ngroups = k;
}

/* The list back into the records. */
static void region_close(ws_warp *w, ws_region *R)
{
    for (unsigned j = 0; j < R->n; j++) {
        w->gpc[w->ngroups] = R->pc[j];
        w->glanes[w->ngroups] = R->lanes[j];
        w->gstate[w->ngroups++] = LANE_RUN;
    }
    R->n = 0;
}

void ws_stretch_branch(ws_exec *x, uint32_t pc, uint32_t target, uint32_t reconv, uint32_t mask)
{
    ws_region *R = x->region;
    if (!R) {
        ex_bra(x, x->in, mask); /* the group's record, left at the stretch's start: split_at_branch */
        return;
    }
    /* split_at_branch's outcome: the part with the lower pc goes on (the run loop's), the other
     * joins the list; the convergence barrier as ex_bra pushes it */
    const uint32_t group = x->active, next = pc + 1;
    if (target > next)
        region_put(R, target, mask);
    else if (target < next)
        region_put(R, next, group & ~mask);
    if (reconv != UINT32_MAX)
        push_reconv(x->w, reconv, group);
}

uint32_t ws_region_hop(ws_exec *x, uint32_t pc)
{
    ws_region *R = x->region;
    ws_warp *w = x->w;
    const uint32_t group = x->active;
    if (!R->n) /* (a run reaches its end before its budget only where the list holds a group there) */
        return UINT32_MAX;
    const uint32_t hp = R->pc[R->n - 1]; /* the lowest pc: the next pick (the run stopped at or past it) */
    if (pc < hp)
        return UINT32_MAX;
    const uint32_t next = R->lanes[R->n - 1] | (pc == hp ? group : 0); /* the next group, as region_put leaves it */
    if (pc == hp && R->n == 1 && !w->ngroups) {
        /* the warp converges (region_steps: try_converge, drop_reconv_here); with a barrier left
         * elsewhere it is step_stretch's */
        for (unsigned i = 0; i < w->nreconv; i++)
            if (w->reconv[i].pc != hp)
                return UINT32_MAX;
        w->nreconv = 0;
        R->n = 0;
        w->converged = 1;
        w->cpc = hp;
        w->ngroups = 1;
        w->gpc[0] = hp;
        w->glanes[0] = next;
        w->gstate[0] = LANE_RUN;
        x->active = w->live;
        x->stretch_end = 0;
        return hp;
    }
    /* region_steps' convergence barrier: the group goes on when it is all the barrier waits for */
    for (unsigned i = 0; i < w->nreconv; i++) {
        if (w->reconv[i].pc != hp || !(w->reconv[i].lanes & next))
            continue;
        if ((w->reconv[i].lanes & w->live & ~next) || lanes_waiting_at(w, LANE_WAIT_RECONV, hp))
            return UINT32_MAX;
        remove_reconv(w, i);
        break;
    }
    region_put(R, pc, group); /* the group where it stopped (joining the next one at hp) */
    x->active = R->lanes[--R->n];
    x->stretch_end = R->n ? R->pc[R->n - 1] : UINT32_MAX;
    return hp;
}

void ws_region_diverge(ws_exec *x)
{
    x->w->converged = 0;
    x->w->ngroups = 0; /* its one group runs, out of the records; nothing waits */
    x->stretch_end = UINT32_MAX;
}

/* ws_warp_step for the functional mode's fast path (ws_warp_run_diverged; nobody listens): the group the
 * scheduler picks runs its straight-line stretch decoded (interp.h), each instruction on the
 * group's lanes only, for as long as the scheduler would keep picking it: the lowest pc runs
 * first, so it stops before the pc of the next runnable group (where the two would merge), a
 * reconvergence point and a collective (where lanes may wait: ws_warp_pick's business), what
 * moves lanes, a strong load (the warp's turn ends) and an instruction
 * the uninitialised-value check must look at. A divergent branch runs through ex_bra
 * (ws_stretch_branch) and the part of the group with the lower pc goes on: the scheduler's next
 * pick. Until then the scheduler would pick this group at
 * every step and nothing else of the block would run (a warp runs until it blocks or yields),
 * so the instructions run in the same order, memory and %clock included; the group's lanes
 * then move to where it stopped, as the steps would have moved them one by one, and results,
 * statistics and cycles are those of ws_warp_step. budget 0: ws_warp_step. */
static inline __attribute__((always_inline)) int step_stretch(ws_exec *x, ws_warp *w, uint64_t budget)
{
    ws_launch_ctx *L = x->L;
    ws_pick p;
    uint32_t end; /* the next runnable group's pc */
    int r = pick_group(x, w, &p, &end);
    if (r != WS_PICK_EXEC)
        return r != WS_PICK_BLOCKED;
    if (budget && L->dk && !p.merged && !w->converged) {
        uint32_t pc = p.pc;
        uint64_t lanes = 0;
        int yield = 0, ended = 0;
        x->active = p.group;
        x->stretch_end = end;
        uint64_t n = L->interp_run(x, L->dk, &pc, budget, &lanes, &yield, &ended);
        x->stretch_end = 0;
        if (n) { /* the group may have become part of itself at divergent branches */
            move_lanes(w, x->active, pc, LANE_RUN);
            try_converge(w);
            drop_reconv_here(w);
            w->instructions += n;
            L->stats.warp_instructions += n;
            L->stats.lane_instructions += lanes;
            return yield ? 2 : 1;
        }
    }
    ws_warp_issue(x, w, &p);
    drop_reconv_here(w);
    return ws_insn_is_strong_load(&L->code[p.pc]) ? 2 : 1;
}

/* A step's budget, as ws_block_run computes it: the instructions left, and the cycles left (one
 * a warp instruction). */
static inline uint64_t step_budget(const ws_exec *x, uint64_t max_cycles)
{
    uint64_t budget = ws_work_left(x->L);
    if (max_cycles) {
        uint64_t cycles_left = x->blk->cycle < max_cycles ? max_cycles - x->blk->cycle : 0;
        budget = budget < cycles_left ? budget : cycles_left;
    }
    return budget;
}

/* After a step that ran: whether ws_block_run would stop calling the fast path (a stop, the warp
 * ended or converged with no convergence barrier pending, a limit reached: the next step's
 * budget, step_budget, 0). */
static inline int steps_stop(const ws_exec *x, const ws_warp *w, uint64_t budget)
{
    return x->L->stop || !w->live || (w->converged && !w->nreconv) || !budget;
}

/* The steps of ws_warp_run_diverged that the region loop takes: pick and stretch, as
 * step_stretch. Returns what ws_warp_run_diverged returns when the steps stop here (1, or 2
 * after a strong load; *ran set once a step ran), or -1, the records whole again, when the next
 * step is one step_stretch takes. */
static int region_steps(ws_exec *x, ws_warp *w, uint64_t max_cycles, int *ran)
{
    ws_launch_ctx *L = x->L;
    ws_region R;
    int rc = -1;
    uint64_t budget = step_budget(x, max_cycles);
    region_open(w, &R);
    while (R.n && !w->converged && budget) {
        const uint32_t pc = R.pc[R.n - 1], group = R.lanes[R.n - 1];
        if (pc >= L->k->ninsns)
            break;
        /* pick_group's convergence barrier: the group goes on when it is all the barrier waits
         * for and others run (the rest is pick_group's) */
        int others = 0;
        for (unsigned i = 0; i < w->nreconv; i++) {
            if (w->reconv[i].pc != pc || !(w->reconv[i].lanes & group))
                continue;
            if (ends_at(L, pc))
                break;
            others = (w->reconv[i].lanes & w->live & ~group) || lanes_waiting_at(w, LANE_WAIT_RECONV, pc) ||
                     (R.n == 1 && !w->ngroups);
            if (!others)
                remove_reconv(w, i);
            break;
        }
        if (others)
            break;
        const ws_insn *in = &L->code[pc];
        if (is_collective(in)) { /* pick_group's: the group waits for lanes, or merges with them */
            x->pc = pc;
            uint32_t exec = ws_guard_mask(x, in, group);
            uint32_t mask = exec ? membermask_of(x, in, exec) : group;
            uint32_t missing = mask & w->live & ~group;
            if (!missing || group == w->live)
                break; /* step_stretch's */
            uint32_t joinable = lanes_joining(w, L->code, in, missing);
            R.n--;                     /* the group leaves the list */
            if (missing & ~joinable) { /* it waits (move_lanes; the list's lanes are in no record) */
                join_group(w, group, pc, LANE_WAIT_SYNC);
            } else { /* the merged collective, as ws_warp_issue and step_stretch run it: exec_merged
                      * takes the waiting groups from the records (no runnable one is there while
                      * the list holds them), this one as the running group, and puts them into the
                      * list after it */
                exec_merged(x, w, group | joinable, &R, pc, group);
                if (R.n == 1 && !w->ngroups) { /* converged (try_converge) */
                    region_close(w, &R);
                    try_converge(w);
                    drop_reconv_here(w);
                }
                if (ws_insn_is_strong_load(in)) {
                    *ran = 1;
                    rc = 2;
                    break;
                }
            }
            *ran = 1;
            budget = step_budget(x, max_cycles);
            if (steps_stop(x, w, budget)) {
                rc = 1;
                break;
            }
            continue;
        }
        R.n--; /* the group runs out of the list */
        uint32_t at = pc;
        uint64_t lanes = 0;
        int yield = 0, ended = 0;
        x->active = group;
        x->stretch_end = R.n ? R.pc[R.n - 1] : UINT32_MAX;
        x->region = &R;
        uint64_t n = L->interp_run(x, L->dk, &at, budget, &lanes, &yield, &ended);
        x->region = NULL;
        x->stretch_end = 0;
        if (!n) { /* its first instruction is step_stretch's (the picked group as it was) */
            region_put(&R, pc, group);
            break;
        }
        if (w->converged) { /* converged in the run (ws_region_hop), which went on with the warp */
            w->cpc = at;
        } else {
            region_put(&R, at, x->active); /* the group where it stopped; as move_lanes */
            if (R.n == 1 && !w->ngroups) { /* converged (try_converge) */
                region_close(w, &R);
                try_converge(w);
                drop_reconv_here(w);
            }
        }
        w->instructions += n;
        L->stats.warp_instructions += n;
        L->stats.lane_instructions += lanes;
        *ran = 1;
        /* 0: the instruction or cycle limit reached. Each instruction of the stretch was a unit of
         * work and a cycle; only an instruction that ends a stretch (a printf's call) adds work */
        budget = ended ? step_budget(x, max_cycles) : budget - n;
        if (yield || steps_stop(x, w, budget)) {
            rc = yield ? 2 : 1;
            break;
        }
    }
    region_close(w, &R);
    return rc;
}

/* ws_block_run's loop over a diverged warp's steps (the fast path), in one call: the region
 * loop's steps (region_steps) and step_stretch's, each with the budget ws_block_run would give
 * it, for as long as ws_block_run would go on calling it (the warp not blocked, no strong load,
 * no stop, work and cycles left); a warp that converges with no barrier pending runs on in
 * ws_warp_run_converged, ws_block_run's next step, and comes back here if it diverges again.
 * Returns 0 if the first step found the warp blocked, 2 if the last ran a strong load, 1
 * otherwise; ws_block_run then does what it does after a step (a blocked step later on is picked
 * again there, with nothing changed). */
int ws_warp_run_diverged(ws_exec *x, ws_warp *w, uint64_t max_cycles)
{
    ws_launch_ctx *L = x->L;
    int ran = 0;
    for (;;) {
        int rc = -1;
        /* not for a warp whose lanes all wait in one group (at bar.sync, say): nothing runs */
        if (L->dk && !w->converged && (w->ngroups > 1 || w->gstate[0] == LANE_RUN))
            rc = region_steps(x, w, max_cycles, &ran);
        if (rc < 0) {
            int step = step_stretch(x, w, step_budget(x, max_cycles));
            if (!step)
                return ran;
            ran = 1;
            if (step == 2)
                return 2;
            if (!steps_stop(x, w, step_budget(x, max_cycles)))
                continue;
            rc = 1;
        }
        /* A warp that converged with no convergence barrier pending: ws_block_run's next step
         * is ws_warp_run_converged, taken here with the same budget and the same checks after
         * it, so that a warp that diverges again (a loop around an if/else) comes back to the
         * region loop without the round trip through ws_block_run. */
        uint64_t budget = step_budget(x, max_cycles);
        if (rc != 1 || L->stop || !w->live || !w->converged || w->nreconv || !budget)
            return rc;
        int yield = 0;
        if (!ws_warp_run_converged(x, w, budget, &yield))
            return 1;
        if (yield)
            return 2;
        if (steps_stop(x, w, step_budget(x, max_cycles)))
            return 1;
    }
}

/* The functional mode's fast path, when nobody listens: a converged
 * warp with no pending convergence barrier runs its instructions back to back, with none of
 * ws_warp_pick's choices to make (the whole warp is the group). An instruction that moves the
 * lanes runs through its executor as in exec_group (a uniform branch inline); the stretch ends
 * when the warp's shape changes (a divergent branch, an exit, bar.sync, a .func call), after a
 * strong load (*yield set: the warp's turn ends, as in ws_warp_step), after `budget`
 * instructions, or when the launch stops, and ws_warp_step takes the rest. Results, statistics
 * and cycles are those of ws_warp_step. Straight-line stretches run decoded (L->dk, interp.h)
 * unless that is off; what moves lanes runs here, and so, under check_uninitialized, does every
 * instruction the check must look at (ws_shadow_need), checked as exec_group checks it.
 * Returns the instructions run. */
uint64_t ws_warp_run_converged(ws_exec *x, ws_warp *w, uint64_t budget, int *yield)
{
    ws_launch_ctx *L = x->L;
    const ws_insn *code = L->code;
    const uint32_t ninsns = L->k->ninsns, live = w->live;
    uint32_t pc = w->cpc;
    uint64_t n = 0, lanes = 0;
    x->active = live;
    while (n < budget && pc < ninsns) {
        if (L->dk) {
            int ended;
            n += L->interp_run(x, L->dk, &pc, budget - n, &lanes, yield, &ended);
            if (ended || n >= budget || pc >= ninsns)
                break;
        }
        const ws_insn *in = &code[pc];
        uint32_t exec = ws_guard_mask(x, in, live);
        x->in = in;
        x->pc = pc;
        x->blk->cycle++; /* before the executor: %clock reads it */
        n++;
        lanes += (uint64_t)__builtin_popcount(exec);
        const unsigned need = x->blk->shadow ? ws_shadow_need(L, pc) : 0; /* as in exec_group */
        if (need & WS_UNINIT_READS)
            ws_shadow_reads(x, in, live, exec);
        if (!ws_op_moves_lanes(in->op)) {
            run_insn(x, in, pc, exec);
            if (need & WS_UNINIT_WRITES)
                ws_shadow_writes(x, in, exec);
            pc++;
            if ((*yield = ws_insn_is_strong_load(in)))
                break;
        } else if (ws_op_class_of(in->op) == CLS_BRANCH && (exec == live || !exec)) {
            pc = exec ? (uint32_t)in->ops[0].imm : pc + 1; /* ex_bra's uniform case */
            if (need & WS_UNINIT_WRITES)
                ws_shadow_writes(x, in, exec);
        } else {
            w->cpc = pc;
            L->xfn[pc](x, in, exec);
            if (need & WS_UNINIT_WRITES)
                ws_shadow_writes(x, in, exec);
            if (!w->converged)
                try_converge(w);
            pc = w->cpc;
            if (!w->converged || w->nreconv || w->live != live)
                break;
        }
        if (L->stop || in->op == WS_OP_CALL) /* a printf's work counts towards the budget: ws_block_run checks it */
            break;
    }
    if (w->converged)
        w->cpc = pc;
    w->instructions += n;
    L->stats.warp_instructions += n;
    L->stats.lane_instructions += lanes;
    return n;
}

/* Nothing in the block can run: let the oldest waiting collective go with the lanes it has. */
int ws_warp_resolve_sync(ws_exec *x, ws_warp *w)
{
    ws_launch_ctx *L = x->L;
    uint32_t pc, lanes = lowest_pc_group(w, LANE_WAIT_SYNC, &pc);
    if (!lanes)
        return 0;
    const ws_insn *in = &L->code[pc];
    x->pc = pc;
    uint32_t exec = ws_guard_mask(x, in, lanes);
    uint32_t mask = exec ? membermask_of(x, in, exec) : lanes;
    /* compatible lanes waiting elsewhere join, as in the merged case */
    uint32_t join = lanes_joining(w, L->code, in, w->live & mask & ~lanes);
    uint32_t never = mask & w->live & ~(lanes | join);
    char where[160] = "";
    size_t n = 0;
    FOR_EACH_LANE(never, l) {
        if (n > sizeof where - 40)
            break;
        uint32_t lp = ws_warp_lane_pc(w, l);
        int st = lane_state(w, l);
        n += (size_t)snprintf(where + n, sizeof where - n, "%slane %u at line %u (%s)", n ? ", " : "", l,
                              lp < L->k->ninsns ? L->k->insns[lp].line : 0,
                              st == LANE_WAIT_BAR      ? "bar.sync"
                              : st == LANE_WAIT_RECONV ? "reconvergence point"
                                                       : "elsewhere");
    }
    ws_diag_report(x, WS_DIAG_MASK_NEVER_ARRIVED, never,
                   "%s with membermask 0x%08x: lanes 0x%08x never arrived (%s); it ran with lanes 0x%08x",
                   ws_optable[in->op].mnemonic, mask, never, where, lanes | join);
    exec_merged(x, w, lanes | join, NULL, 0, 0);
    try_converge(w);
    return 1;
}

/* Last resort: release the convergence barrier that blocks the most lanes. */
int ws_warp_resolve_reconv(ws_warp *w)
{
    if (!w->nreconv)
        return 0;
    unsigned i = w->nreconv - 1;
    uint32_t waiting = lanes_waiting_at(w, LANE_WAIT_RECONV, w->reconv[i].pc);
    move_lanes(w, waiting, w->reconv[i].pc, LANE_RUN);
    remove_reconv(w, i);
    return 1;
}
