/* barrier: block barriers and the fallbacks of a stuck block (barrier.h). */
#include "barrier.h"
#include "diag.h"
#include "shadow.h"
#include "warp.h"

int ws_block_release_barriers(ws_block *b, int force)
{
    uint32_t exited = b->lanes_exited; /* counted as they end: no walk over the warps per call */
    int released = 0;
    for (unsigned id = 0; id < 16; id++) {
        if (!b->bar_arrived[id])
            continue;
        uint32_t expected = b->bar_expected[id];
        uint32_t need = expected > exited ? expected - exited : 0;
        if (b->bar_expected[id] < b->nthreads)
            need = expected; /* a counted barrier waits for its count */
        if (b->bar_arrived[id] < need && !force)
            continue;
        if (force && b->bar_arrived[id] < need) {
            ws_exec x = {.L = b->L, .blk = b, .w = &b->warps[0]};
            for (uint32_t wi = 0; wi < b->nwarps; wi++) {
                uint32_t at_bar = ws_warp_lanes_in_state(&b->warps[wi], LANE_WAIT_BAR);
                if (at_bar) { /* the first warp's lowest lane speaks for the report */
                    x.w = &b->warps[wi];
                    x.pc = ws_warp_lane_pc(x.w, (unsigned)__builtin_ctz(at_bar)) - 1;
                    break;
                }
            }
            ws_diag_report(&x, WS_DIAG_BARRIER_PARTIAL, 0,
                           "barrier %u: %u of %u threads arrived; the others can never arrive (divergent or "
                           "missing bar.sync); released to go on",
                           id, b->bar_arrived[id], need);
        }
        for (uint32_t wi = 0; wi < b->nwarps; wi++)
            ws_warp_release_barrier(&b->warps[wi], id);
        b->bar_arrived[id] = 0;
        released = 1;
        ws_shadow_barrier(b); /* check_uninitialized: a new race epoch */
        if (b->L->sim->cfg.on_event) {
            ws_event ev = ws_event_of(b->L, WS_EV_BARRIER, b->id, b->cycle);
            ev.pc = id;
            ws_emit(b->L, &ev);
        }
        if (force)
            return 1;
    }
    return released;
}

/* Nothing in the block can run: the fallbacks, in order. Returns 0 if none applied. */
int ws_block_resolve_stuck(ws_block *b, ws_exec *x)
{
    int resolved = 0;
    for (uint32_t wi = 0; wi < b->nwarps && !resolved; wi++) {
        x->w = &b->warps[wi];
        x->regs = x->w->regs;
        resolved = ws_warp_resolve_sync(x, x->w);
    }
    if (!resolved)
        resolved = ws_block_release_barriers(b, 1);
    for (uint32_t wi = 0; wi < b->nwarps && !resolved; wi++)
        resolved = ws_warp_resolve_reconv(&b->warps[wi]);
    return resolved;
}
