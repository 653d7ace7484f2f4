/* The retiming (timing.c's issue path): when an issue moves a pipe, the warps of the sub-partition whose pick waits
 * for it wait longer. retime_math (unfiled blocks, or with stall events) and retime_filed (filed blocks: the slotted
 * warps) retime them through retime_warp, retime_shuffles (the MIO pipe's shuffles) in a loop of its own; the lazy
 * pipe waits (ws_timing.lazy: lazy_enter, lazy_file, lazy_issue, lazy_moved, lazy_moved_one, lazy_leave_bits) keep
 * the warps that wait for one pipe alone filed at its free cycle, moved as one when it moves, instead of retiming
 * each.
 * Static functions, included by timing.c alone (after timing_stall.h and timing_wheel.h, which they call); the
 * out-of-line ones are noinline as before, the rest inline into hold_math, hold_mio and update.
 */
#ifndef WS_TIMING_RETIME_H
#define WS_TIMING_RETIME_H

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

/* Sub-partition sp's pipes moved at `cycle` (hold_math, imad_read_issue), kind k (`key`, its one bit) from was[k] to its
 * math_at, with its lazy warps: they count its new busy cycles (from the cycle after this one, or from its last free
 * cycle where later) and move as one from where they were filed (was[k]: can_issue where it has come) to its new free
 * cycle, as retime_filed retimed them (those that could issue) or the next pass's update (the others). Moved WHEEL
 * cycles or more ahead, they leave their wait and are filed far with their own `when`. Called for each key alone
 * (most issues move one: hold_math's slots[SLOT_MOVES]); no loop here, and the far groups' call last, so that the
 * common path saves no registers. */
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

/* lazy_moved_one for each of `keys` (lazy_keys[sp], or those of them the issue's slots may move). */
static void lazy_moved(ws_timing *t, unsigned sp, const uint64_t *was, uint64_t cycle, uint32_t keys)
{
    for (; keys; keys &= keys - 1)
        lazy_moved_one(t, sp, was, cycle, keys & -keys);
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

/* A retiming's step for warp wj, whose pick now waits for a pipe until `free` (retime_math, retime_filed): nothing
 * where it waits as long already; where it could not issue in this pass anyway (its `when` after the cycle), or with
 * stall events (eager: their order is the pass's), it computes its figures again in the next pass (dirty). Else it
 * could issue in this pass and now waits for `why`: its cycles to this one are charged with its old figures, as the
 * next pass's update would charge them, and it answers 1 (its `when`, free, is the caller's to write or file). L: x->L, read once by the caller (the stores here are of bytes, which may alias x). */
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

/* Warp wi's access or shuffle has moved its sub-partition's MIO pipe (hold_mio) in a filed block
 * with shuffles waiting. A shuffle waits for its sub-partition's MIO pipe alone (earliest: its
 * `when` is the later of its scoreboard's sb_when and mio_at), so only this sub-partition's
 * shuffles whose `when` is before the pipe's new free cycle change, and the other warps on a pipe
 * (shared accesses: the block's pipe, the store queues) compute their figures again. Each such
 * shuffle waits for the pipe until then (bank): it is retimed here, its cycles to this one charged
 * with the old figures, as the next pass's update (at cycle + 1) would do, and filed at the pipe's
 * free cycle, out of can_issue (one that could issue in this pass) or its slot of the wheel or far
 * (one waiting past the cycle, for its operands or an earlier free cycle: the update would give it
 * that `when` and why, the later of its scoreboard's and the pipe's; its prod is no stat's); with
 * stall events, whose order is the pass's, all of them are made dirty and updated there. */
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
    uint32_t later = 0; /* shuffles waiting past the cycle, until before `at` */
    for (uint32_t m = t->on_shfl & t->sp_warps[sp] & ~t->dirty; m; m &= m - 1) {
        uint32_t wj = (uint32_t)__builtin_ctz(m);
        uint64_t when = t->when[wj];
        if (when >= at)
            continue;
        if (when > cycle) { /* out of its slot of the wheel (or far) */
            later |= m & -m;
            unfile(t, wj);
        } else
            waits |= m & -m;
        settle(t, L, b, wj, cycle + 1, 0, 0);
        t->why[wj] = WS_STALL_BANK;
        t->prod[wj] = UINT32_MAX;
        t->when[wj] = at;
    }
    if (waits | later) { /* filed at `at` (those that could issue: out of can_issue) */
        t->can_issue &= ~waits;
        file_bits(t, waits | later, at, cycle);
    }
}

#endif
