/* The stall charges (timing.c's issue path): why a warp with no runnable group waits, the stall events, a warp's
 * ready cycle moved (set_ready), and settle, which charges a warp's cycles between issues to its stall reason or to
 * issue as the pass that computed its when/why saw them (lazily, or every cycle with stall events).
 * Static functions, included by timing.c alone (after timing_state.h and its own helpers), so that the issue path and
 * the passes inline them as before; not a header of its own to include elsewhere.
 */
#ifndef WS_TIMING_STALL_H
#define WS_TIMING_STALL_H

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

/* Warp wi's ready cycle moves: what it waits for is computed again. */
static void set_ready(ws_timing *t, uint32_t wi, uint64_t ready, ws_stall_reason why)
{
    t->ws[wi].ready = ready;
    t->ws[wi].ready_why = (uint8_t)why;
    t->ws[wi].sb_valid = 0;
    t->dirty |= 1u << wi;
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

#endif
