/* The wheel: the warps of a filed block by the cycle they can issue next (timing.c's issue path). can_issue holds
 * those that can issue now, the wheel's WHEEL slots the near ones by cycle, far those filed WHEEL cycles or more ahead;
 * file_when/file_bits put warps in, unfile/unwheel take them out, wake_near/wake_far move those whose cycle has come
 * to can_issue, next_filed finds the next cycle with one.
 * Static inline functions, included by timing.c alone (after timing_state.h), called at each issue and pass.
 */
#ifndef WS_TIMING_WHEEL_H
#define WS_TIMING_WHEEL_H

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

#endif
