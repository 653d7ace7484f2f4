/* The scheduler's passes (timing.c's run of a block): each pass picks the warps' next groups (pick_warp; the plans
 * of lone warps: plan_pick, plan_replay), updates their when/why, chooses the warp each sub-partition issues (rr_pick,
 * the round robin with pick.pipe and pick.group) and issues it; run_passes is the loop over the passes, copied per
 * kind of block (filed, unfiled, lone, with stall events) with its constants. ws_timing_run_block calls the copies.
 * Static functions, included by timing.c alone after the issue path (issue, update) that they call.
 */
#ifndef WS_TIMING_PASSES_H
#define WS_TIMING_PASSES_H

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
    /* a pick whose line the fetch is to ask for (ifetch.h: not requested, or gone again) waits for the pass's updates,
     * which ask in warp order, as --slow-path timing's do (the stream that asks first brings it) */
    if (!eager && fetch_asks(t, wi))
        t->dirty |= 1u << wi;
    else if (!eager)
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
    const ws_ifetch *f = &t->ifetch;
    /* a requested line's arrival moves only where a line is asked for again (ws_ifetch.moved) or, with
     * ifetch.far_keep, goes with later requests (nreq): kept for the block while neither changed */
    if (g->code_gen == t->gen && g->code_moved == f->moved && g->code_nreq == f->nreq)
        return g->code_at <= cycle;
    uint64_t at = 0;
    for (uint32_t q = from; q < g->end; q++) {
        uint32_t pc = t->sched.order[q];
        uint32_t line = ws_ifetch_line(f, pc);
        if (line >= f->nlines || ws_ifetch_to_ask(f, line)) /* to be asked for */
            return 0;
        at = f->ready[line] > at ? f->ready[line] : at;
    }
    g->code_gen = t->gen;
    g->code_moved = f->moved;
    g->code_nreq = f->nreq;
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
static __attribute__((noinline)) int pick_imad_filed(const ws_timing *t, uint32_t mine, uint32_t after, int wi);

static inline int rr_pick(ws_timing *t, ws_launch_ctx *L, uint32_t ready, unsigned sp, uint64_t cycle, const int filed,
                          const timing_info **fp)
{
    uint32_t mine = t->sp_warps[sp] & ready;
    if (!mine)
        return -1;
    if (t->pick_more) { /* pick.yield or pick.group (rr_reset): one test where neither is there */
        /* pick.yield: the warp that issued last, while it can and its instruction kept ptxas's yield bit (only in
         * schedule.fma_chain's segments: t->kept) */
        if (t->last_kept[sp % 64] && ((mine >> t->last_wi[sp % 64]) & 1)) {
            int last = t->last_wi[sp % 64];
            if (filed)
                *fp = t->ws[last].f;
            return last;
        }
        if (t->ngroups > 1) { /* pick.group: the highest group of slots with a ready warp */
            /* pick.far_loop: a warp issuing a loop's cached lines yields to those whose new lines just came (k123) */
            uint32_t fresh = t->far_loop ? mine & ~t->ifetch.looping : 0;
            mine = fresh ? fresh : mine;
            uint32_t past = t->far_past ? mine & t->ifetch.beyond : 0;
            for (uint32_t g = 0; g < t->ngroups; g++)
                if (mine & t->group_mask[g]) {
                    mine &= t->group_mask[g] | past;
                    break;
                }
        }
    }
    uint32_t first = t->rr_first[sp % 64];
    uint32_t after = first < 32 ? mine & (~0u << first) : 0;
    int wi = __builtin_ctz(after ? after : mine);
    /* pick.pipe: only before an FMA-pipe pick, with the IMAD pipe free (else no ready warp's pick takes it: its
     * `when` waits for the pipe, math_free). The same tests in another order in filed blocks (filed: a constant),
     * where several warps of a sub-partition are ready at most picks and few picks are FMA-pipe ones: the pick's
     * own test first (its timing_info always there: not --slow-path timing) */
    if (filed) {
        const timing_info *f = *fp = t->ws[wi].f; /* filed: the pick's, for the pass (issues_common) */
        if (!t->pick_pipe || !f->fma_pipe || !(mine & (mine - 1)) || t->math_at[sp % 64][SLOT_IMAD] > cycle)
            return wi;
        wi = pick_imad_filed(t, mine, after, wi);
        *fp = t->ws[wi].f;
        return wi;
    }
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

/* pick_imad in a filed block (not --slow-path timing: each pick's timing_info is there), which takes no copy of one
 * and so saves no registers for it. */
static int pick_imad_filed(const ws_timing *t, uint32_t mine, uint32_t after, int wi)
{
    uint32_t imad = 0;
    for (uint32_t m = mine; m; m &= m - 1)
        imad |= t->ws[__builtin_ctz(m)].f->slots[SLOT_IMAD] ? m & -m : 0;
    after &= imad;
    return imad ? __builtin_ctz(after ? after : imad) : wi;
}

/* The round robin's state at the start of a block: each sub-partition's search starts at its
 * first warp; after warp wi issues, at the next warp of its sub-partition (wrapping round). */
static void rr_reset(ws_timing *t, unsigned nsp, uint32_t nwarps)
{
    for (unsigned sp = 0; sp < 64; sp++)
        t->rr_first[sp] = sp;
    memset(t->last_kept, 0, sizeof t->last_kept); /* pick.yield: no warp kept */
    for (uint32_t wi = 0; wi < nwarps && wi < 32; wi++) {
        uint32_t sp = wi % nsp, nmine = (nwarps - sp + nsp - 1) / nsp;
        t->rr_after[wi] = sp + (wi / nsp + 1) % nmine * nsp;
    }
    /* pick.group: warp wi is slot wi / nsp of its sub-partition, in group slot / n; group_mask[0] the highest */
    uint32_t n = t->p.pick_group >= 1 ? (uint32_t)ws_llround(t->p.pick_group) : 0, nw = nwarps < 32 ? nwarps : 32;
    uint32_t slots = (nw + nsp - 1) / nsp;
    /* pick.far_order: in far code with that many warps a sub-partition or more, a group a slot (the highest ready slot
     * issues): the H100 runs far code's warps greedily, a pair to its end and the others in its gaps (fwin45) */
    t->far_loop = 0;
    t->far_past = 0;
    if (t->far_code && t->p.pick_far_order >= 1 && slots >= (uint32_t)ws_llround(t->p.pick_far_order)) {
        n = 1;
        t->far_loop = t->p.pick_far_loop >= 1 && slots > 1;
        t->far_past = t->p.pick_far_past >= 1 && t->ifetch.window;
    }
    t->ngroups = n ? (slots + n - 1) / n : 0;
    memset(t->group_mask, 0, sizeof t->group_mask);
    for (uint32_t wi = 0; n && wi < nw; wi++)
        t->group_mask[t->ngroups - 1 - wi / nsp / n] |= 1u << wi;
    t->pick_more = t->ngroups > 1 || t->kept; /* rr_pick's tests beyond the round robin */
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
            ws_warp_limit_stop(L, LIMIT_CYCLES, b, ws_block_busiest_warp(b));
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
                const timing_info *fw = NULL; /* filed: wi's pick (rr_pick) */
                int wi = filed || b->nwarps > sp
                             ? rr_pick(t, L, t->young ? young_ready(t, ready, sp) : ready, sp, cycle, filed, &fw)
                             : -1; /* filed: more than 2 warps a sp */
                if (wi < 0)
                    continue;
                if (t->issue_at[sp] > cycle) /* held by an instruction before (issue_cycles) */
                    continue;
                if (t->young || t->kept) { /* one test where neither is there */
                    if (t->young)
                        young_mark(t, L, sp, (uint32_t)wi);
                    if (t->kept) { /* pick.yield: rr_pick's next keeps this warp while its instruction kept the bit */
                        uint32_t pc = t->ws[wi].pick.pc;
                        t->last_wi[sp % 64] = (uint8_t)wi;
                        t->last_kept[sp % 64] = (uint8_t)(pc < t->ninfo && t->kept[pc]);
                    }
                }
                if (filed && !eager && ((t->lazy >> wi) & 1)) /* its lazy wait charged (ws_timing.lazy) */
                    lazy_issue(t, (uint32_t)wi, cycle);
                issue_in_pass(t, x, b, (uint32_t)wi, cycle, eager,
                              filed ? !fw->rare : issues_common(t, (uint32_t)wi, eager), filed && !eager);
                t->rr_first[sp % 64] = t->rr_after[wi];
            }
        /* the live warps that did not issue this cycle */
        if (eager)
            settle_all(t, L, b, cycle + 1, 1);
        *charged_to = cycle + 1;
        if (!ws_work_left(L)) {
            ws_warp_limit_stop(L, LIMIT_WORK, b, ws_block_busiest_warp(b));
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

#endif
