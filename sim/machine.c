/* The machine: launches, blocks, warps and the independent-thread scheduler.
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
 *  - When nothing can run, the oldest waiting collective runs with the lanes that arrived
 *    (a diagnostic says which lanes never did), then block barriers, then convergence
 *    barriers: undefined programs finish, as on the hardware, instead of hanging.
 */
#include "sim.h"
#include "timing.h"
#include "diagnose.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

/* ---- the sim object and its global memory ----------------------------------------------------- */

static void prepared_free(ws_prepared *p);

ws_sim *ws_sim_create(const ws_config *cfg)
{
    ws_sim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (cfg)
        s->cfg = *cfg;
    if (!s->cfg.max_warp_instructions)
        s->cfg.max_warp_instructions = 20000000ull; /* about a second of simulation: stops a runaway loop */
    if (!s->cfg.max_memory)
        s->cfg.max_memory = 4ull << 30;
    s->next_addr = GLOBAL_BASE;
    return s;
}

void ws_sim_destroy(ws_sim *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nallocs; i++)
        free(s->allocs[i].data);
    free(s->allocs);
    free(s->const_image);
    free(s->reg_pool);
    prepared_free(&s->prepared);
    free(s);
}

uint64_t ws_sim_alloc(ws_sim *s, size_t bytes, const void *init)
{
    if (bytes > s->cfg.max_memory || s->total_bytes + bytes > s->cfg.max_memory)
        return 0;
    if (s->nallocs == s->cap_allocs) {
        size_t nc = s->cap_allocs ? s->cap_allocs * 2 : 16;
        ws_alloc *na = realloc(s->allocs, nc * sizeof *na);
        if (!na)
            return 0;
        s->allocs = na;
        s->cap_allocs = nc;
    }
    uint8_t *data = calloc(1, bytes ? bytes : 1);
    if (!data)
        return 0;
    if (init && bytes)
        memcpy(data, init, bytes);
    ws_alloc *a = &s->allocs[s->nallocs++];
    a->base = s->next_addr;
    a->size = bytes;
    a->data = data;
    s->next_addr += (bytes + 255) / 256 * 256 + 256; /* a gap, so one past the end is out of bounds */
    s->total_bytes += bytes;
    return a->base;
}

ws_alloc *ws_find_alloc(const ws_sim *s, uint64_t addr, size_t size)
{
    /* allocations are sorted by base: binary search */
    size_t lo = 0, hi = s->nallocs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->allocs[mid].base <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    ws_alloc *a = &s->allocs[lo - 1];
    if (addr - a->base + size > a->size || addr < a->base)
        return NULL;
    return a;
}

int ws_sim_read(const ws_sim *s, uint64_t addr, void *dst, size_t n)
{
    ws_alloc *a = ws_find_alloc(s, addr, n);
    if (!a)
        return -1;
    memcpy(dst, a->data + (addr - a->base), n);
    return 0;
}

int ws_sim_write(ws_sim *s, uint64_t addr, const void *src, size_t n)
{
    ws_alloc *a = ws_find_alloc(s, addr, n);
    if (!a)
        return -1;
    memcpy(a->data + (addr - a->base), src, n);
    return 0;
}

void ws_result_free(ws_result *r)
{
    if (!r)
        return;
    free(r->diags);
    r->diags = NULL;
    r->ndiags = 0;
}

/* ---- diagnostics and output ------------------------------------------------------------------- */

static const struct {
    const char *name;
    ws_severity severity; /* without --werror */
} diag_kinds[WS_DIAG_KIND_COUNT] = {
#define KIND(id, name, sev, what, h200) [WS_DIAG_##id] = {name, sev},
    WS_DIAG_KINDS(KIND)
#undef KIND
};

const char *ws_diag_kind_name(ws_diag_kind k)
{
    return (unsigned)k < WS_DIAG_KIND_COUNT ? diag_kinds[k].name : "?";
}

const char *ws_severity_name(ws_severity s)
{
    return s == WS_SEV_ERROR ? "error" : s == WS_SEV_NOTE ? "note" : "warning";
}

const char *ws_stall_reason_name(ws_stall_reason r)
{
    static const char *const names[WS_STALL_REASON_COUNT] = {
        "none",
#define REASON(id, name, what) name,
        WS_STALL_REASONS(REASON)
#undef REASON
    };
    return (unsigned)r < WS_STALL_REASON_COUNT ? names[r] : "unknown";
}

const char *ws_mode_name(ws_mode m)
{
    return m == WS_MODE_TIMING ? "timing" : "functional";
}

void ws_launch_stop(ws_launch_ctx *L, ws_status st, const char *fmt, ...)
{
    if (L->stop)
        return;
    L->stop = 1;
    L->stop_status = st;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(L->res->message, sizeof L->res->message, fmt, ap);
    va_end(ap);
}

void ws_diag_report(ws_exec *x, ws_diag_kind kind, uint32_t lanes, const char *fmt, ...)
{
    ws_launch_ctx *L = x->L;
    const ws_insn *in = x->pc < L->k->ninsns ? &L->k->insns[x->pc] : NULL;
    for (size_t i = 0; i < L->ndiags; i++) {
        if (L->diags[i].kind == kind && L->diags[i].pc == x->pc) {
            L->diags[i].count++;
            /* later lanes of the same warp and block join the report's lane mask */
            if (L->diags[i].block == (x->blk ? x->blk->id : 0) && L->diags[i].warp == (x->w ? x->w->index : 0))
                L->diags[i].lanes |= lanes;
            return;
        }
    }
    if (L->ndiags == L->cap_diags) {
        size_t nc = L->cap_diags ? L->cap_diags * 2 : 16;
        ws_diag *nd = realloc(L->diags, nc * sizeof *nd);
        if (!nd)
            return;
        L->diags = nd;
        L->cap_diags = nc;
    }
    ws_diag *d = &L->diags[L->ndiags++];
    memset(d, 0, sizeof *d);
    d->kind = kind;
    int error = L->sim->cfg.diagnostics_are_errors && diag_kinds[kind].severity != WS_SEV_NOTE;
    d->severity = error ? WS_SEV_ERROR : diag_kinds[kind].severity;
    d->block = x->blk ? x->blk->id : 0;
    d->warp = x->w ? x->w->index : 0;
    d->pc = x->pc;
    d->line = in ? in->line : 0;
    d->lanes = lanes;
    d->count = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
    if (L->sim->cfg.on_event) {
        ws_event ev = ws_event_of(L, WS_EV_DIAG, d->block, x->blk ? x->blk->cycle : 0);
        ev.warp = d->warp;
        ev.pc = d->pc;
        ev.insn = in;
        ev.diag = d;
        ws_emit(L, &ev);
    }
    if (error)
        ws_launch_stop(L, WS_ERR_DIAG, "%s at line %u: %s", ws_diag_kind_name(kind), d->line, d->message);
}

void ws_output(ws_launch_ctx *L, const char *text, size_t len)
{
    if (L->out_len + len + 1 > L->out_cap) {
        size_t nc = (L->out_cap ? L->out_cap * 2 : 4096) + len;
        char *nb = realloc(L->out, nc);
        if (!nb)
            return;
        L->out = nb;
        L->out_cap = nc;
    }
    memcpy(L->out + L->out_len, text, len);
    L->out_len += len;
}

/* ---- special registers ------------------------------------------------------------------------ */

uint64_t ws_sreg_value(const ws_exec *x, unsigned sreg, unsigned lane)
{
    const ws_block *b = x->blk;
    const ws_launch_ctx *L = x->L;
    uint32_t t = x->w->index * 32 + lane; /* linear thread index in the block */
    switch (sreg) {
    case WS_SREG_TID_X: return t % L->block[0];
    case WS_SREG_TID_Y: return t / L->block[0] % L->block[1];
    case WS_SREG_TID_Z: return t / (L->block[0] * L->block[1]);
    case WS_SREG_NTID_X: return L->block[0];
    case WS_SREG_NTID_Y: return L->block[1];
    case WS_SREG_NTID_Z: return L->block[2];
    case WS_SREG_CTAID_X: return b->ctaid[0];
    case WS_SREG_CTAID_Y: return b->ctaid[1];
    case WS_SREG_CTAID_Z: return b->ctaid[2];
    case WS_SREG_NCTAID_X: return L->grid[0];
    case WS_SREG_NCTAID_Y: return L->grid[1];
    case WS_SREG_NCTAID_Z: return L->grid[2];
    case WS_SREG_LANEID: return lane;
    case WS_SREG_WARPID: return x->w->index;
    case WS_SREG_NWARPID: return 64;
    case WS_SREG_SMID: return 0;
    case WS_SREG_NSMID: return 132;
    case WS_SREG_GRIDID: return 1;
    case WS_SREG_LANEMASK_EQ: return 1u << lane;
    case WS_SREG_LANEMASK_LT: return (1u << lane) - 1;
    case WS_SREG_LANEMASK_LE: return (uint32_t)((2ull << lane) - 1);
    case WS_SREG_LANEMASK_GT: return (uint32_t)~((2ull << lane) - 1);
    case WS_SREG_LANEMASK_GE: return (uint32_t)~((1u << lane) - 1);
    case WS_SREG_CLOCK: return (uint32_t)b->cycle;
    case WS_SREG_CLOCK_HI: return (uint32_t)(b->cycle >> 32);
    case WS_SREG_CLOCK64: return b->cycle;
    case WS_SREG_GLOBALTIMER: return b->cycle * 1000 / 1980; /* ns at the H200's 1980 MHz */
    case WS_SREG_DYN_SMEM: return L->sim->cfg.dynamic_shared_bytes;
    /* the kernel's static and dynamic bytes in units of 128 (the PTX ISA's "static memory
     * allocation unit"; an H200 gives 1024 for 1000 bytes: programs/probe_reserved_smem) */
    case WS_SREG_TOTAL_SMEM: return (L->shared_bytes - RESERVED_SMEM_BYTES + 127) / 128 * 128;
    case WS_SREG_GLOBALTIMER_LO: return (uint32_t)(b->cycle * 1000 / 1980);
    case WS_SREG_GLOBALTIMER_HI: return (uint32_t)(b->cycle * 1000 / 1980 >> 32);
    /* the system's region ahead of the kernel's shared memory, as an H200 reports it
     * (programs/probe_reserved_smem, golden) */
    case WS_SREG_AGGR_SMEM: return L->shared_bytes;
    case WS_SREG_RSMEM_END: return RESERVED_SMEM_END;
    case WS_SREG_RSMEM_CAP: return RESERVED_SMEM_BYTES;
    case WS_SREG_RSMEM_BEGIN: case WS_SREG_RSMEM_0: case WS_SREG_RSMEM_1: return 0;
    default: return 0;
    }
}

void ws_sreg_row(const ws_exec *x, unsigned sreg, uint32_t mask, uint64_t *row)
{
    const ws_launch_ctx *L = x->L;
    switch (sreg) {
    case WS_SREG_TID_X:
        if (L->block[0] % 32 == 0) { /* a warp's lanes are consecutive x */
            uint32_t t0 = x->w->index * 32;
            for (unsigned l = 0; l < 32; l++)
                row[l] = (t0 + l) % L->block[0];
            return;
        }
        break;
    case WS_SREG_LANEID:
        for (unsigned l = 0; l < 32; l++)
            row[l] = l;
        return;
    default:
        if (sreg >= WS_SREG_NTID_X && sreg <= WS_SREG_NCTAID_Z) { /* the same in every lane */
            uint64_t v = ws_sreg_value(x, sreg, 0);
            for (unsigned l = 0; l < 32; l++)
                row[l] = v;
            return;
        }
        break;
    }
    FOR_EACH_LANE(mask, l) row[l] = ws_sreg_value(x, sreg, l);
}

/* ---- warps -------------------------------------------------------------------------------------- */

static int is_collective(const ws_insn *in)
{
    return ws_op_class_of(in->op) == CLS_COLLECTIVE;
}

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
    for (unsigned i = 0; i < w->ngroups; i++)
        if (w->gpc[i] == pc && w->gstate[i] == state) {
            w->glanes[i] |= lanes;
            return;
        }
    w->gpc[w->ngroups] = pc;
    w->glanes[w->ngroups] = lanes;
    w->gstate[w->ngroups] = (uint8_t)state;
    w->ngroups++;
}

/* The group lane l belongs to (the lane is live and the warp diverged). */
static unsigned group_of(const ws_warp *w, unsigned l)
{
    unsigned i = 0;
    while (i + 1 < w->ngroups && !((w->glanes[i] >> l) & 1))
        i++;
    return i;
}

static uint32_t lane_pc(const ws_warp *w, unsigned l)
{
    return w->converged ? w->cpc : w->gpc[group_of(w, l)];
}

static int lane_state(const ws_warp *w, unsigned l)
{
    return w->converged ? LANE_RUN : w->gstate[group_of(w, l)];
}

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

static void push_reconv(ws_warp *w, uint32_t pc, uint32_t lanes)
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

static void remove_reconv(ws_warp *w, unsigned i)
{
    w->reconv[i] = w->reconv[--w->nreconv];
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
static uint32_t lanes_in_state(const ws_warp *w, int state)
{
    uint32_t m = 0;
    if (!w->converged) /* a converged warp's lanes all run */
        for (unsigned i = 0; i < w->ngroups; i++)
            m |= w->gstate[i] == state ? w->glanes[i] : 0;
    return m;
}

/* Lanes waiting at barrier id run again, each at its pc. */
static void release_bar_lanes(ws_warp *w, unsigned id)
{
    uint32_t gpc[32], glanes[32]; /* gathered first: moving lanes reorders the groups */
    unsigned n = 0;
    for (unsigned i = 0; !w->converged && i < w->ngroups; i++) {
        if (w->gstate[i] != LANE_WAIT_BAR)
            continue;
        uint32_t m = 0;
        FOR_EACH_LANE(w->glanes[i], l) m |= w->bar_id[l] == id ? 1u << l : 0;
        if (m) {
            gpc[n] = w->gpc[i];
            glanes[n++] = m;
        }
    }
    for (unsigned j = 0; j < n; j++)
        move_lanes(w, glanes[j], gpc[j], LANE_RUN);
}

/* ---- executing one group ---------------------------------------------------------------------- */

static void emit_exec(ws_exec *x, const ws_insn *in, uint32_t active, uint32_t exec)
{
    ws_launch_ctx *L = x->L;
    ws_event *ev = x->ev;
    ev->kind = WS_EV_EXEC;
    ev->cycle = x->blk->cycle;
    ev->block = x->blk->id;
    ev->warp = x->w->index;
    ev->pc = x->pc;
    ev->kernel = L->k;
    ev->insn = &L->k->insns[x->pc];
    ev->regfile = x->regs;
    ev->active = active;
    ev->exec = exec;
    ev->ndst = 0;
    const ws_opinfo *info = &ws_optable[in->op];
    if (info->shape[0] == 'd' || info->shape[0] == 'D' || info->shape[0] == 'P') {
        const ws_operand *d = &in->ops[0];
        if (d->kind == WS_OPND_REG) {
            ev->dst_reg[ev->ndst] = d->reg;
            ev->dst_val[ev->ndst++] = &x->regs[(size_t)d->reg * 32];
        } else if (d->kind == WS_OPND_VEC) {
            for (unsigned i = 0; i < d->nvec && ev->ndst < 4; i++)
                if (d->regs[i] != WS_NO_REG) {
                    ev->dst_reg[ev->ndst] = d->regs[i];
                    ev->dst_val[ev->ndst++] = &x->regs[(size_t)d->regs[i] * 32];
                }
        }
    }
    if (ws_op_is_memory(in->op)) {
        ev->mem_space = (uint8_t)((in->mods & WS_MOD_CALLPARAM) ? WS_SPACE_LOCAL : in->space);
        ev->mem_store = ws_op_class_of(in->op) != CLS_LOAD;
        ev->mem_bytes = (uint8_t)(ws_type_bits((ws_type)in->type) / 8 * in->vec);
        ev->mem_addr = x->mem_addr;
    }
    ev->mem_wavefronts = x->mem_wavefronts; /* timing mode: shared-memory banks */
    ev->mem_bank = x->mem_wavefronts ? x->mem_bank : NULL;
    if (in->dpred != WS_NO_REG) {
        ev->dst_reg[ev->ndst] = in->dpred;
        ev->dst_val[ev->ndst++] = &x->regs[(size_t)in->dpred * 32];
    }
    L->sim->cfg.on_event(L->sim->cfg.event_user, ev);
}

static uint32_t guard_mask(ws_exec *x, const ws_insn *in, uint32_t group)
{
    if (in->guard == WS_NO_REG)
        return group;
    const uint64_t *g = &x->regs[(size_t)in->guard * 32];
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l += 4) { /* a branch-free pass over the whole row, then the group's lanes */
        m |= (uint32_t)(g[l] != 0) << l | (uint32_t)(g[l + 1] != 0) << (l + 1);
        m |= (uint32_t)(g[l + 2] != 0) << (l + 2) | (uint32_t)(g[l + 3] != 0) << (l + 3);
    }
    return (in->guard_neg ? ~m : m) & group;
}

static void advance(ws_warp *w, uint32_t lanes, uint32_t pc)
{
    if (w->converged) {
        w->cpc = pc;
        return;
    }
    move_lanes(w, lanes, pc, LANE_RUN);
}

/* Block barrier arrival; the block releases it when every thread has arrived. */
static void arrive_at_barrier(ws_exec *x, const ws_insn *in, uint32_t exec, uint32_t pc)
{
    ws_warp *w = x->w;
    ws_block *b = x->blk;
    unsigned id = (unsigned)(opnd(x, &in->ops[0], (unsigned)__builtin_ctz(exec)) & 15);
    uint32_t expected = b->nthreads;
    if (in->nops > 1)
        expected = (uint32_t)opnd(x, &in->ops[1], (unsigned)__builtin_ctz(exec));
    if (exec != w->live)
        ws_diag_report(x, WS_DIAG_BARRIER_DIVERGENT, exec,
                       "bar.sync executed by lanes 0x%08x of warp %u while lanes 0x%08x are elsewhere "
                       "(bar.sync is .aligned: the whole warp must execute it together)",
                       exec, w->index, w->live & ~exec);
    leave_converged(w);
    FOR_EACH_LANE(exec, l) w->bar_id[l] = id;
    move_lanes(w, exec, pc + 1, LANE_WAIT_BAR);
    b->bar_arrived[id] += (uint32_t)__builtin_popcount(exec);
    b->bar_expected[id] = expected;
    x->L->stats.bar_syncs++;
}

/* What every issued instruction does first: the executor's context, the event record, the
 * counts and (functional mode) the cycle. */
static void begin_issue(ws_exec *x, ws_warp *w, const ws_insn *in, uint32_t pc, uint32_t active, uint32_t exec)
{
    ws_launch_ctx *L = x->L;
    if (x->ev)
        memset(x->ev, 0, sizeof *x->ev);
    x->in = in;
    x->pc = pc;
    x->active = active;
    w->instructions++;
    L->stats.warp_instructions++;
    L->stats.lane_instructions += (uint64_t)__builtin_popcount(exec);
    if (!L->timing) /* the timing mode sets the cycle of issue */
        x->blk->cycle++;
}

/* The lanes of exec go each to its own to[lane] (a call's callee, a ret's return address), the
 * rest of the group to next. Usually the whole group goes to one place together. */
static void send_lanes(ws_warp *w, uint32_t group, uint32_t exec, const uint32_t to[32], uint32_t next)
{
    uint32_t first = exec ? to[__builtin_ctz(exec)] : next;
    int same = 1;
    FOR_EACH_LANE(exec, l) same &= to[l] == first;
    if (exec == group && same) {
        advance(w, group, first);
        return;
    }
    leave_converged(w);
    move_lanes(w, group & ~exec, next, LANE_RUN);
    for (uint32_t left = exec; left;) {
        uint32_t at = to[__builtin_ctz(left)], lanes = 0;
        FOR_EACH_LANE(left, l) lanes |= to[l] == at ? 1u << l : 0;
        move_lanes(w, lanes, at, LANE_RUN);
        left &= ~lanes;
    }
}

static void exec_group(ws_exec *x, ws_warp *w, uint32_t pc, uint32_t group)
{
    ws_launch_ctx *L = x->L;
    const ws_insn *in = &L->code[pc];
    uint32_t exec = guard_mask(x, in, group);
    begin_issue(x, w, in, pc, group, exec);
    if (x->blk->shadow) /* check_uninitialized */
        ws_diag_reads(x, in, group, exec);

    switch (in->op) {
    case WS_OP_BRA: {
        uint32_t target = (uint32_t)in->ops[0].imm;
        uint32_t taken = exec, not_taken = group & ~exec;
        if (!taken || !not_taken) {
            advance(w, group, taken ? target : pc + 1);
        } else {
            leave_converged(w);
            move_lanes(w, taken, target, LANE_RUN);
            move_lanes(w, not_taken, pc + 1, LANE_RUN);
            if (L->reconv_pc[pc] != UINT32_MAX)
                push_reconv(w, L->reconv_pc[pc], group);
        }
        break;
    }
    case WS_OP_CALL: {
        if (ws_call_is_vprintf(&L->k->calls[in->call])) {
            run_insn(x, in, pc, exec);
            advance(w, group, pc + 1);
            break;
        }
        uint32_t entry[32];
        if (exec && ws_call_enter(x, in, exec, entry) != 0)
            break;
        if (!exec) {
            advance(w, group, pc + 1);
            break;
        }
        /* The group meets again after the call, as a BSSY/BSYNC pair around it would make it:
         * lanes that return early (a shorter recursion), skip the call (guard false) or call
         * another function through a pointer wait there for the others. */
        push_reconv(w, pc + 1, group);
        send_lanes(w, group, exec, entry, pc + 1);
        break;
    }
    case WS_OP_RET:
        if (in->mods & WS_MOD_INFUNC) { /* a .func returns: each lane to its own caller */
            uint32_t ret_pc[32];
            ws_call_return(x, exec, ret_pc);
            send_lanes(w, group, exec, ret_pc, pc + 1);
            break;
        }
        /* the kernel's ret ends the lane, as exit does */
        /* fall through */
    case WS_OP_EXIT:
        if (exec) {
            leave_converged(w);
            drop_lanes(w, exec);
            w->live &= ~exec;
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
        advance(w, group & ~exec, pc + 1);
        break;
    case WS_OP_BAR:
    case WS_OP_BARRIER:
        if (exec)
            arrive_at_barrier(x, in, exec, pc);
        advance(w, group & ~exec, pc + 1);
        break;
    default:
        run_insn(x, in, pc, exec);
        advance(w, group, pc + 1);
        break;
    }
    if (x->blk->shadow)
        ws_diag_writes(x, in, exec);
    if (x->ev)
        emit_exec(x, in, group, exec);
}

/* Run a collective whose lanes may wait at different pcs (merged collectives). */
static void exec_merged(ws_exec *x, ws_warp *w, uint32_t lanes)
{
    ws_launch_ctx *L = x->L;
    /* the lanes' groups, before they move on */
    uint32_t gpc[32], glanes[32], lpc[32];
    unsigned ng = 0;
    for (unsigned i = 0; i < w->ngroups; i++)
        if (w->glanes[i] & lanes) {
            gpc[ng] = w->gpc[i];
            glanes[ng++] = w->glanes[i] & lanes;
            FOR_EACH_LANE(w->glanes[i] & lanes, l) lpc[l] = w->gpc[i];
        }
    /* the lowest pc speaks for the event; every lane runs its own instruction */
    uint32_t pc = UINT32_MAX;
    for (unsigned j = 0; j < ng; j++)
        pc = gpc[j] < pc ? gpc[j] : pc;
    uint32_t exec = 0;
    FOR_EACH_LANE(lanes, l) {
        const ws_insn *li = &L->code[lpc[l]];
        x->lane_insn[l] = li;
        if (li->guard == WS_NO_REG || ((x->regs[(size_t)li->guard * 32 + l] != 0) != li->guard_neg))
            exec |= 1u << l;
    }
    const ws_insn *in = &L->code[pc];
    begin_issue(x, w, in, pc, lanes, exec);
    if (x->blk->shadow) /* check_uninitialized: every lane reads its own instruction's operands */
        FOR_EACH_LANE(lanes, l) {
            x->pc = lpc[l];
            ws_diag_reads(x, x->lane_insn[l], 1u << l, exec & (1u << l));
        }
    x->pc = pc;
    uint32_t elsewhere = 0; /* lanes at another instruction than the lowest pc's */
    for (unsigned j = 0; j < ng; j++)
        elsewhere |= gpc[j] != pc ? glanes[j] : 0;
    if (elsewhere)
        ws_diag_report(x, WS_DIAG_MERGED_COLLECTIVE, elsewhere,
                       "%s: lanes 0x%08x arrived at a different %s on another path and ran with this one as one "
                       "collective, each with its own operands (undefined: the H200 merged such a pair in one "
                       "kernel and hung in another, programs/div_merge)",
                       ws_optable[in->op].mnemonic, elsewhere, ws_optable[in->op].mnemonic);
    x->merged = 1;
    ws_collective(x, exec);
    x->merged = 0;
    if (x->blk->shadow)
        FOR_EACH_LANE(lanes, l) ws_diag_writes(x, x->lane_insn[l], exec & (1u << l));
    for (unsigned j = 0; j < ng; j++)
        move_lanes(w, glanes[j], gpc[j] + 1, LANE_RUN);
    if (x->ev)
        emit_exec(x, in, lanes, exec);
}

/* Choose the next group of a warp: WS_PICK_EXEC with the group in *p (nothing executed yet),
 * WS_PICK_CHANGED after a bookkeeping step (lanes started waiting, a barrier released), or
 * WS_PICK_BLOCKED when the warp cannot run. The timing mode calls it, then ws_warp_issue. */
int ws_warp_pick(ws_exec *x, ws_warp *w, ws_pick *p)
{
    ws_launch_ctx *L = x->L;
    uint32_t pc, group;
    if (w->converged) {
        pc = w->cpc;
        group = w->live;
        /* the whole warp is here: a convergence barrier at this pc has nothing to wait for */
        for (unsigned i = 0; i < w->nreconv; i++)
            if (w->reconv[i].pc == pc)
                remove_reconv(w, i--);
    } else {
        uint32_t runnable = lowest_pc_group(w, LANE_RUN, &pc);
        if (!runnable)
            return release_complete_reconv(w) != 0;
        group = runnable;
        /* a convergence barrier here? Not before an exit: lanes that branch to the kernel's end
         * leave at once, as the H200 does (ptxas makes such a branch a predicated EXIT, so a
         * collective after it does not wait for them: programs/probe_lanemask case H). */
        const ws_insn *at = pc < L->k->ninsns ? &L->code[pc] : NULL;
        int ends = at && at->guard == WS_NO_REG &&
                   (at->op == WS_OP_EXIT || (at->op == WS_OP_RET && !(at->mods & WS_MOD_INFUNC)));
        for (unsigned i = 0; i < w->nreconv && !ends; i++) {
            if (w->reconv[i].pc != pc || !(w->reconv[i].lanes & group))
                continue;
            uint32_t members = w->reconv[i].lanes & w->live;
            uint32_t arrived = group | lanes_waiting_at(w, LANE_WAIT_RECONV, pc);
            if (members & ~arrived) {
                move_lanes(w, group, pc, LANE_WAIT_RECONV);
                return 1;
            }
            move_lanes(w, arrived, pc, LANE_RUN);
            remove_reconv(w, i);
            try_converge(w);
            return 1; /* pick again: the group is larger now */
        }
    }
    if (pc >= L->k->ninsns) {
        ws_launch_stop(L, WS_ERR_INTERNAL, "warp %u of block %u ran past the end of the kernel", w->index, x->blk->id);
        return 0;
    }
    const ws_insn *in = &L->code[pc];
    if (is_collective(in) && group != w->live) { /* with the whole warp here, no member can be missing */
        x->pc = pc;
        uint32_t exec = guard_mask(x, in, group);
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
            p->group = group | joinable;
            p->merged = 1;
            return WS_PICK_EXEC;
        }
    }
    p->pc = pc;
    p->group = group;
    p->merged = 0;
    return WS_PICK_EXEC;
}

/* Execute the group ws_warp_pick chose. */
void ws_warp_issue(ws_exec *x, ws_warp *w, const ws_pick *p)
{
    if (p->merged) {
        exec_merged(x, w, p->group);
        try_converge(w);
        return;
    }
    exec_group(x, w, p->pc, p->group);
    if (!w->converged)
        try_converge(w);
}

/* One scheduling step of a warp. Returns 0 if the warp is blocked, 2 if it ran a strong load
 * (its turn ends: ws_insn_is_strong_load), 1 if anything else changed. */
static int warp_step(ws_exec *x, ws_warp *w)
{
    ws_pick p;
    int r = ws_warp_pick(x, w, &p);
    if (r == WS_PICK_EXEC) {
        ws_warp_issue(x, w, &p);
        return ws_insn_is_strong_load(&x->L->code[p.pc]) ? 2 : 1;
    }
    return r != WS_PICK_BLOCKED;
}

/* The functional mode's fast path, when nobody listens and nothing is checked: a converged
 * warp with no pending convergence barrier runs its instructions back to back, with none of
 * ws_warp_pick's choices to make (the whole warp is the group). It stops before anything that
 * changes the warp's shape (a divergent branch, exit, bar.sync), after a strong load (*yield
 * set: the warp's turn ends, as in warp_step), after `budget` instructions, or when the launch
 * stops, and leaves the rest to warp_step. Results, statistics and cycles are those of
 * warp_step. Returns the instructions run. */
static uint64_t run_converged(ws_exec *x, ws_warp *w, uint64_t budget, int *yield)
{
    ws_launch_ctx *L = x->L;
    const ws_insn *code = L->code;
    const uint32_t ninsns = L->k->ninsns, live = w->live;
    uint32_t pc = w->cpc;
    uint64_t n = 0, lanes = 0;
    x->active = live;
    while (n < budget && pc < ninsns) {
        const ws_insn *in = &code[pc];
        uint32_t exec = guard_mask(x, in, live);
        switch (in->op) {
        case WS_OP_BRA:
            if (exec && exec != live)
                goto out; /* divergent: warp_step pushes the convergence barrier */
            x->blk->cycle++;
            pc = exec ? (uint32_t)in->ops[0].imm : pc + 1;
            break;
        case WS_OP_CALL:
            if (!ws_call_is_vprintf(&L->k->calls[in->call]))
                goto out; /* a .func call moves the lanes (exec_group) */
            goto plain;
        case WS_OP_RET:
        case WS_OP_EXIT:
        case WS_OP_BAR:
        case WS_OP_BARRIER:
            goto out;
        default:
        plain:
            x->in = in;
            x->pc = pc;
            x->blk->cycle++; /* before the executor: %clock reads it */
            run_insn(x, in, pc, exec);
            pc++;
            break;
        }
        n++;
        lanes += (uint64_t)__builtin_popcount(exec);
        if (L->stop || (*yield = ws_insn_is_strong_load(in)))
            break;
    }
out:
    w->cpc = pc;
    w->instructions += n;
    L->stats.warp_instructions += n;
    L->stats.lane_instructions += lanes;
    return n;
}

/* Nothing in the block can run: let the oldest waiting collective go with the lanes it has. */
static int resolve_sync_deadlock(ws_exec *x, ws_warp *w)
{
    ws_launch_ctx *L = x->L;
    uint32_t pc, lanes = lowest_pc_group(w, LANE_WAIT_SYNC, &pc);
    if (!lanes)
        return 0;
    const ws_insn *in = &L->code[pc];
    x->pc = pc;
    uint32_t exec = guard_mask(x, in, lanes);
    uint32_t mask = exec ? membermask_of(x, in, exec) : lanes;
    /* compatible lanes waiting elsewhere join, as in the merged case */
    uint32_t join = lanes_joining(w, L->code, in, w->live & mask & ~lanes);
    uint32_t never = mask & w->live & ~(lanes | join);
    char where[160] = "";
    size_t n = 0;
    FOR_EACH_LANE(never, l) {
        if (n > sizeof where - 40)
            break;
        uint32_t lp = lane_pc(w, l);
        int st = lane_state(w, l);
        n += (size_t)snprintf(where + n, sizeof where - n, "%slane %u at line %u (%s)", n ? ", " : "", l,
                              lp < L->k->ninsns ? L->k->insns[lp].line : 0,
                              st == LANE_WAIT_BAR ? "bar.sync" : st == LANE_WAIT_RECONV ? "reconvergence point" : "elsewhere");
    }
    ws_diag_report(x, WS_DIAG_MASK_NEVER_ARRIVED, never,
                   "%s with membermask 0x%08x: lanes 0x%08x never arrived (%s); it ran with lanes 0x%08x",
                   ws_optable[in->op].mnemonic, mask, never, where, lanes | join);
    exec_merged(x, w, lanes | join);
    try_converge(w);
    return 1;
}

static int release_block_barriers(ws_block *b, int force)
{
    uint32_t exited = 0;
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        ws_warp *w = &b->warps[wi];
        uint32_t exists = b->nthreads - wi * 32 >= 32 ? FULL_MASK : (1u << (b->nthreads - wi * 32)) - 1;
        exited += (uint32_t)__builtin_popcount(exists & ~w->live);
    }
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
                uint32_t at_bar = lanes_in_state(&b->warps[wi], LANE_WAIT_BAR);
                if (at_bar) { /* the first warp's lowest lane speaks for the report */
                    x.w = &b->warps[wi];
                    x.pc = lane_pc(x.w, (unsigned)__builtin_ctz(at_bar)) - 1;
                    break;
                }
            }
            ws_diag_report(&x, WS_DIAG_BARRIER_PARTIAL, 0,
                           "barrier %u: %u of %u threads arrived; the others can never arrive (divergent or "
                           "missing bar.sync); released to go on",
                           id, b->bar_arrived[id], need);
        }
        for (uint32_t wi = 0; wi < b->nwarps; wi++) {
            ws_warp *w = &b->warps[wi];
            release_bar_lanes(w, id);
            try_converge(w);
        }
        b->bar_arrived[id] = 0;
        released = 1;
        ws_diag_barrier(b); /* check_uninitialized: a new race epoch */
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

/* Last resort: release the convergence barrier that blocks the most lanes. */
static int resolve_reconv_deadlock(ws_warp *w)
{
    if (!w->nreconv)
        return 0;
    unsigned i = w->nreconv - 1;
    uint32_t waiting = lanes_waiting_at(w, LANE_WAIT_RECONV, w->reconv[i].pc);
    move_lanes(w, waiting, w->reconv[i].pc, LANE_RUN);
    remove_reconv(w, i);
    return 1;
}

/* Nothing in the block can run: the fallbacks, in order. Returns 0 if none applied. */
int ws_block_resolve_stuck(ws_launch_ctx *L, ws_block *b, ws_exec *x)
{
    (void)L;
    int resolved = 0;
    for (uint32_t wi = 0; wi < b->nwarps && !resolved; wi++) {
        x->w = &b->warps[wi];
        x->regs = x->w->regs;
        resolved = resolve_sync_deadlock(x, x->w);
    }
    if (!resolved)
        resolved = release_block_barriers(b, 1);
    for (uint32_t wi = 0; wi < b->nwarps && !resolved; wi++)
        resolved = resolve_reconv_deadlock(&b->warps[wi]);
    return resolved;
}

int ws_block_release_barriers(ws_block *b, int force) { return release_block_barriers(b, force); }

/* ---- blocks and launches ------------------------------------------------------------------------ */

static void run_block(ws_launch_ctx *L, ws_block *b, ws_event *ev)
{
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
        const int fast = !ev && !b->shadow && !(L->slow & WS_SLOW_CONVERGED); /* nobody listens, nothing is checked */
        for (uint32_t wi = 0; wi < b->nwarps && !L->stop; wi++) {
            ws_warp *w = &b->warps[wi];
            x.w = w;
            x.regs = w->regs;
            while (w->live) {
                /* a warp runs until it blocks or it has run a strong load: then the others run,
                 * so that a warp spinning on memory sees the store it waits for */
                int step = 0, yield = 0;
                if (fast && w->converged && !w->nreconv && !L->stop &&
                    L->insn_limit > L->stats.warp_instructions &&
                    run_converged(&x, w, L->insn_limit - L->stats.warp_instructions, &yield)) {
                    /* ran a stretch; the checks below as after a step */
                } else if (!(step = warp_step(&x, w))) {
                    break;
                }
                yield |= step == 2;
                progress = 1;
                if (L->stats.warp_instructions >= L->insn_limit) {
                    ws_launch_stop(L, WS_ERR_LIMIT,
                                   "instruction limit reached: %" PRIu64 " warp instructions (block %u, warp %u, "
                                   "line %u); raise it with --max-instructions",
                                   L->stats.warp_instructions, b->id, w->index,
                                   L->k->insns[lane_pc(w, (unsigned)__builtin_ctz(w->live))].line);
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
        if (release_block_barriers(b, 0))
            continue;
        int resolved = 0;
        for (uint32_t wi = 0; wi < b->nwarps && !resolved; wi++) {
            x.w = &b->warps[wi];
            x.regs = x.w->regs;
            resolved = resolve_sync_deadlock(&x, x.w);
        }
        if (!resolved)
            resolved = release_block_barriers(b, 1);
        for (uint32_t wi = 0; wi < b->nwarps && !resolved; wi++)
            resolved = resolve_reconv_deadlock(&b->warps[wi]);
        if (!resolved) {
            ws_launch_stop(L, WS_ERR_INTERNAL, "block %u: no lane can run and nothing waits", b->id);
            break;
        }
    }
    if (ev && L->sim->cfg.on_event) {
        ws_event be = ws_event_of(L, WS_EV_BLOCK_END, b->id, b->cycle);
        ws_emit(L, &be);
    }
}

/* Addresses of symbols in their spaces, folded into the operands once per launch. */
static uint64_t symbol_address(const ws_launch_ctx *L, const ws_symbol *s)
{
    switch (s->space) {
    case WS_SPACE_GLOBAL: return L->sim->module_global_base + s->offset;
    case WS_SPACE_CONST: return CONST_WINDOW + s->offset;
    case WS_SPACE_SHARED: return RESERVED_SMEM_BYTES + s->offset;
    default: return s->offset; /* local, param: space-relative */
    }
}

/* Folds the symbol addresses of the launch's module into code, a copy of its kernel's
 * instructions, or (check) says whether code already holds them. */
static int fold_symbols(const ws_launch_ctx *L, ws_insn *code, int check)
{
    const ws_kernel *k = L->k;
    for (uint32_t i = 0; i < k->ninsns; i++)
        for (unsigned o = 0; o < k->insns[i].nops; o++) {
            const ws_operand *op = &k->insns[i].ops[o];
            if ((op->kind != WS_OPND_ADDR && op->kind != WS_OPND_SYM) || op->sym == WS_NO_SYM)
                continue;
            uint64_t imm = op->imm + symbol_address(L, &L->m->symbols[op->sym]);
            if (check && code[i].ops[o].imm != imm)
                return 0;
            code[i].ops[o].imm = imm;
        }
    return 1;
}

static void prepared_free(ws_prepared *p)
{
    free(p->insns);
    free(p->code);
    free(p->reconv_pc);
    free(p->zero_regs);
    free(p->xfn);
    memset(p, 0, sizeof *p);
}

/* What a launch derives from its kernel alone (the code with symbol addresses folded in, the
 * reconvergence points, the registers to zero, the executors) is kept by the machine for the
 * next launch of the same kernel: a short launch (the numba peer's, a test's) would otherwise
 * spend a third of its time on it. The same kernel means the same instructions, byte for byte,
 * and the same symbol addresses, not only the same pointer: a module freed and parsed again may
 * come back at the address of another. */
static int prepare_kernel(ws_sim *sim, ws_launch_ctx *L)
{
    ws_prepared *p = &sim->prepared;
    const ws_kernel *k = L->k;
    size_t bytes = (size_t)k->ninsns * sizeof *k->insns;
    int same = p->code && p->ninsns == k->ninsns && p->nregs == k->nregs && p->slow == L->slow &&
               !memcmp(p->insns, k->insns, bytes) && fold_symbols(L, p->code, 1);
    if (!same) {
        prepared_free(p);
        p->insns = malloc(bytes ? bytes : 1);
        p->code = malloc(bytes ? bytes : 1);
        p->reconv_pc = ws_reconvergence_points(k);
        p->zero_regs = ws_registers_read_unwritten(k, &p->nzero_regs); /* NULL: zero them all */
        p->xfn = malloc(((size_t)k->ninsns + 1) * sizeof *p->xfn);
        if (!p->insns || !p->code || !p->reconv_pc || !p->xfn) {
            prepared_free(p);
            return -1;
        }
        memcpy(p->insns, k->insns, bytes);
        memcpy(p->code, k->insns, bytes);
        fold_symbols(L, p->code, 0);
        for (uint32_t i = 0; i < k->ninsns; i++)
            p->xfn[i] = (L->slow & WS_SLOW_EXEC) ? ws_executors[p->code[i].op] : ws_fast_executor(&p->code[i]);
        p->ninsns = k->ninsns;
        p->nregs = k->nregs;
        p->slow = L->slow;
    }
    L->code = p->code;
    L->reconv_pc = p->reconv_pc;
    L->zero_regs = p->zero_regs;
    L->nzero_regs = p->nzero_regs;
    L->xfn = p->xfn;
    return 0;
}

static int prepare_module_memory(ws_sim *s, const ws_module *m)
{
    if (s->globals_for == m)
        return 0;
    s->globals_for = m;
    s->module_global_base = 0;
    if (m->global_bytes) {
        uint8_t *img = calloc(1, m->global_bytes);
        if (!img)
            return -1;
        for (uint32_t i = 0; i < m->nsymbols; i++)
            if (m->symbols[i].space == WS_SPACE_GLOBAL && m->symbols[i].init)
                memcpy(img + m->symbols[i].offset, m->symbols[i].init, m->symbols[i].size);
        s->module_global_base = ws_sim_alloc(s, m->global_bytes, img);
        free(img);
        if (!s->module_global_base)
            return -1;
    }
    free(s->const_image);
    s->const_image = NULL;
    s->const_size = m->const_bytes;
    if (m->const_bytes) {
        s->const_image = calloc(1, m->const_bytes);
        if (!s->const_image)
            return -1;
        for (uint32_t i = 0; i < m->nsymbols; i++)
            if (m->symbols[i].space == WS_SPACE_CONST && m->symbols[i].init)
                memcpy(s->const_image + m->symbols[i].offset, m->symbols[i].init, m->symbols[i].size);
    }
    return 0;
}

static void init_block(ws_launch_ctx *L, ws_block *b, uint32_t id)
{
    b->id = id;
    b->ctaid[0] = id % L->grid[0];
    b->ctaid[1] = id / L->grid[0] % L->grid[1];
    b->ctaid[2] = id / (L->grid[0] * L->grid[1]);
    b->cycle = 0;
    memset(b->bar_arrived, 0, sizeof b->bar_arrived);
    memset(b->shared, 0, b->shared_size);
    if (b->local)
        memset(b->local, 0, (size_t)b->nthreads * L->local_bytes);
    size_t regs_per_warp = (size_t)L->k->nregs * 32;
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        ws_warp *w = &b->warps[wi];
        uint64_t *regs = w->regs;
        ws_lane_stack *stack = w->stack;
        memset(w, 0, sizeof *w);
        w->regs = regs;
        w->stack = stack;
        ws_call_stacks_reset(w);
        /* registers start at 0; only those a path may read unwritten need it, unless someone
         * watches (a trace or the viewer may show any lane of any register) */
        if (!L->zero_regs || L->sim->cfg.on_event)
            memset(w->regs, 0, regs_per_warp * sizeof *w->regs);
        else
            for (uint32_t i = 0; i < L->nzero_regs; i++)
                memset(&w->regs[(size_t)L->zero_regs[i] * 32], 0, 32 * sizeof *w->regs);
        w->blk = b;
        w->index = wi;
        uint32_t n = b->nthreads - wi * 32;
        w->live = n >= 32 ? FULL_MASK : (1u << n) - 1;
        w->converged = 1; /* and no groups until it diverges */
        w->cpc = 0;
    }
    if (L->sim->cfg.check_uninitialized && ws_diag_block_begin(L, b) != 0)
        ws_diag_block_free(b); /* out of memory: run without the checks */
}

/* ---- --jobs: blocks on several host threads ----------------------------------------------------
 *
 * Each host thread has its own copy of the launch context (statistics, diagnostics, printf text,
 * timing state, stop flag) and its own block storage, and takes the next block from a shared
 * counter. The results are those of one thread: statistics are sums; printf text is kept per
 * block and written in block order; diagnostics, reported once per (kind, pc), are merged so
 * that each keeps the record of the lowest block it happened in and the sum of the counts, in
 * the order one thread would have found them. Atomics are serialised by one lock (their order
 * across blocks may differ from run to run, as on a GPU). With an event consumer the launch
 * runs on one thread (events come in order). */
typedef struct par_launch par_launch;
typedef struct {
    /* Each worker on cache lines of its own (128 bytes: the line and the neighbour the hardware
     * fetches with it): L.stats and b.cycle change at every instruction, and writes to a line
     * another thread uses would make the two threads take it from each other (false sharing). */
    _Alignas(128) par_launch *P;
    ws_launch_ctx L;
    ws_result res;             /* ws_launch_stop's message */
    ws_block b;
    pthread_t th;
} par_worker;

struct par_launch {
    ws_launch_ctx *G;
    uint64_t nblocks;
    uint64_t next;             /* the next block to run (atomic) */
    int stop;                  /* a worker stopped: take no more blocks (atomic) */
    uint64_t insns;            /* warp instructions of finished blocks (atomic) */
    pthread_mutex_t atom_lock, stop_lock;
    char **out;                /* per block: its printf text, or NULL */
    size_t *out_len;
    uint64_t stop_block;
    ws_status stop_status;
    char stop_msg[512];
};

static int alloc_block(ws_launch_ctx *L, ws_block *b, uint32_t nthreads)
{
    memset(b, 0, sizeof *b);
    b->L = L;
    b->nthreads = nthreads;
    b->nwarps = (nthreads + 31) / 32;
    b->shared_size = L->shared_bytes;
    b->shared = calloc(1, L->shared_bytes ? L->shared_bytes : 1);
    b->local = L->local_bytes ? calloc(nthreads, L->local_bytes) : NULL;
    b->warps = calloc(b->nwarps, sizeof *b->warps);
    if (!b->shared || (L->local_bytes && !b->local) || !b->warps)
        return -1;
    for (uint32_t wi = 0; wi < b->nwarps; wi++)
        if (!(b->warps[wi].regs = calloc((size_t)(L->k->nregs ? L->k->nregs : 1) * 32, sizeof(uint64_t))))
            return -1;
    return 0;
}

static void free_block(ws_block *b)
{
    if (b->warps)
        for (uint32_t wi = 0; wi < b->nwarps; wi++) {
            free(b->warps[wi].regs);
            ws_call_stacks_free(&b->warps[wi]);
        }
    ws_diag_block_free(b);
    free(b->warps);
    free(b->shared);
    free(b->local);
    memset(b, 0, sizeof *b);
}

static void *par_worker_main(void *arg)
{
    par_worker *W = arg;
    par_launch *P = W->P;
    ws_launch_ctx *L = &W->L;
    for (;;) {
        if (__atomic_load_n(&P->stop, __ATOMIC_ACQUIRE))
            break;
        uint64_t id = __atomic_fetch_add(&P->next, 1, __ATOMIC_RELAXED);
        if (id >= P->nblocks)
            break;
        uint64_t before = L->stats.warp_instructions;
        init_block(L, &W->b, (uint32_t)id);
        run_block(L, &W->b, NULL);
        L->stats.cycles += W->b.cycle;
        L->stats.blocks++;
        L->stats.warps += W->b.nwarps;
        if (L->out_len) { /* the block's printf text, written in block order at the end */
            P->out[id] = L->out;
            P->out_len[id] = L->out_len;
            L->out = NULL;
            L->out_len = L->out_cap = 0;
        }
        uint64_t total = __atomic_add_fetch(&P->insns, L->stats.warp_instructions - before, __ATOMIC_RELAXED);
        if (!L->stop && total >= L->insn_limit)
            ws_launch_stop(L, WS_ERR_LIMIT,
                           "instruction limit reached: %" PRIu64 " warp instructions (at the end of block %u); raise it "
                           "with --max-instructions",
                           total, (unsigned)id);
        if (L->stop) {
            pthread_mutex_lock(&P->stop_lock);
            if (id < P->stop_block) { /* the lowest block's reason, as one thread would give it */
                P->stop_block = id;
                P->stop_status = L->stop_status;
                memcpy(P->stop_msg, W->res.message, sizeof P->stop_msg);
            }
            pthread_mutex_unlock(&P->stop_lock);
            __atomic_store_n(&P->stop, 1, __ATOMIC_RELEASE);
            break;
        }
    }
    return NULL;
}

typedef struct {
    ws_diag d;
    uint32_t worker;
    size_t index;
} diag_ref;

static int diag_ref_order(const void *a, const void *b)
{
    const diag_ref *x = a, *y = b;
    if (x->d.block != y->d.block)
        return x->d.block < y->d.block ? -1 : 1;
    if (x->worker != y->worker)
        return x->worker < y->worker ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Runs the blocks on `jobs` host threads; fills G's statistics, diagnostics and stop state. */
static ws_status run_parallel(ws_launch_ctx *G, unsigned jobs, uint64_t nblocks, uint32_t nthreads)
{
    ws_sim *sim = G->sim;
    par_launch P;
    memset(&P, 0, sizeof P);
    P.G = G;
    P.nblocks = nblocks;
    P.stop_block = UINT64_MAX;
    pthread_mutex_init(&P.atom_lock, NULL);
    pthread_mutex_init(&P.stop_lock, NULL);
    P.out = calloc(nblocks, sizeof *P.out);
    P.out_len = calloc(nblocks, sizeof *P.out_len);
    par_worker *W = aligned_alloc(_Alignof(par_worker), jobs * sizeof *W); /* sizeof is a multiple of it */
    if (W)
        memset(W, 0, jobs * sizeof *W);
    ws_status st = WS_OK;
    unsigned ready = 0;
    if (!P.out || !P.out_len || !W) {
        snprintf(G->res->message, sizeof G->res->message, "out of memory");
        st = WS_ERR_INTERNAL;
        goto out;
    }
    for (; ready < jobs; ready++) {
        par_worker *w = &W[ready];
        w->P = &P;
        memcpy(&w->L, G, sizeof w->L);
        memset(&w->L.stats, 0, sizeof w->L.stats);
        w->L.diags = NULL;
        w->L.ndiags = w->L.cap_diags = 0;
        w->L.out = NULL;
        w->L.out_len = w->L.out_cap = 0;
        w->L.res = &w->res;
        w->L.stop = 0;
        w->L.atom_lock = &P.atom_lock;
        w->L.timing = NULL;
        if (G->timing && !(w->L.timing = ws_timing_create(&w->L, sim->cfg.timing_preset, w->res.message,
                                                           sizeof w->res.message)))
            break;
        if (alloc_block(&w->L, &w->b, nthreads) != 0) {
            ws_timing_destroy(w->L.timing);
            free_block(&w->b);
            break;
        }
    }
    if (ready < jobs) {
        snprintf(G->res->message, sizeof G->res->message, "out of memory");
        st = WS_ERR_INTERNAL;
        goto out;
    }
    unsigned started = 1;
    for (; started < jobs; started++)
        if (pthread_create(&W[started].th, NULL, par_worker_main, &W[started]) != 0)
            break; /* fewer threads: the others take more blocks */
    par_worker_main(&W[0]);
    for (unsigned i = 1; i < started; i++)
        pthread_join(W[i].th, NULL);
    /* statistics: sums */
    for (unsigned i = 0; i < jobs; i++) {
        const ws_stats *s = &W[i].L.stats;
        ws_stats *g = &G->stats;
        g->cycles += s->cycles;
        g->warp_instructions += s->warp_instructions;
        g->lane_instructions += s->lane_instructions;
        g->blocks += s->blocks;
        g->warps += s->warps;
        g->shfl += s->shfl;
        g->vote += s->vote;
        g->bar_syncs += s->bar_syncs;
        g->shared_accesses += s->shared_accesses;
        g->bank_conflicts += s->bank_conflicts;
        g->shared_wavefronts += s->shared_wavefronts;
        for (unsigned r = 0; r < WS_STALL_REASON_COUNT; r++)
            g->stalls[r] += s->stalls[r];
    }
    /* diagnostics: one record per (kind, pc), from the lowest block, counts summed */
    size_t total = 0;
    for (unsigned i = 0; i < jobs; i++)
        total += W[i].L.ndiags;
    if (total) {
        diag_ref *m = calloc(total, sizeof *m);
        size_t n = 0;
        for (unsigned i = 0; m && i < jobs; i++)
            for (size_t j = 0; j < W[i].L.ndiags; j++) {
                const ws_diag *d = &W[i].L.diags[j];
                size_t k = 0;
                while (k < n && !(m[k].d.kind == d->kind && m[k].d.pc == d->pc))
                    k++;
                if (k == n) {
                    m[n].d = *d;
                    m[n].worker = i;
                    m[n].index = j;
                    n++;
                } else {
                    uint64_t count = m[k].d.count + d->count;
                    if (d->block < m[k].d.block) {
                        m[k].d = *d;
                        m[k].worker = i;
                        m[k].index = j;
                    }
                    m[k].d.count = count;
                }
            }
        if (m) {
            qsort(m, n, sizeof *m, diag_ref_order);
            G->diags = malloc(n * sizeof *G->diags);
            for (size_t k = 0; G->diags && k < n; k++)
                G->diags[k] = m[k].d;
            G->ndiags = G->cap_diags = G->diags ? n : 0;
        }
        free(m);
    }
    /* printf text in block order */
    for (uint64_t id = 0; id < nblocks; id++)
        if (P.out[id] && sim->cfg.on_output)
            sim->cfg.on_output(sim->cfg.output_user, P.out[id], P.out_len[id]);
    if (P.stop) {
        G->stop = 1;
        G->stop_status = P.stop_status;
        memcpy(G->res->message, P.stop_msg, sizeof G->res->message);
        st = P.stop_status;
    }
out:
    for (unsigned i = 0; W && i < ready; i++) {
        free_block(&W[i].b);
        ws_timing_destroy(W[i].L.timing);
        free(W[i].L.diags);
        free(W[i].L.out);
    }
    for (uint64_t id = 0; P.out && id < nblocks; id++)
        free(P.out[id]);
    free(P.out);
    free(P.out_len);
    free(W);
    pthread_mutex_destroy(&P.atom_lock);
    pthread_mutex_destroy(&P.stop_lock);
    return st;
}

ws_status ws_sim_launch(ws_sim *sim, const ws_module *m, const ws_kernel *k, const unsigned grid[3],
                        const unsigned block[3], const void *params, size_t param_bytes, ws_result *res)
{
    memset(res, 0, sizeof *res);
    uint64_t nthreads = (uint64_t)block[0] * block[1] * block[2];
    uint64_t nblocks = (uint64_t)grid[0] * grid[1] * grid[2];
    if (!k || nthreads == 0 || nthreads > WS_MAX_BLOCK_THREADS || nblocks == 0 || nblocks > (1ull << 32) - 1 ||
        grid[1] > 65535 || grid[2] > 65535 || block[2] > 64) {
        snprintf(res->message, sizeof res->message,
                 "bad launch: block %ux%ux%u (at most 1024 threads, z at most 64), grid %ux%ux%u", block[0],
                 block[1], block[2], grid[0], grid[1], grid[2]);
        return res->status = WS_ERR_INPUT;
    }
    const uint32_t *req = k ? k->reqntid : NULL, *max = k ? k->maxntid : NULL;
    if (k && ((req[0] && (block[0] != req[0] || block[1] != req[1] || block[2] != req[2])) ||
              (max[0] && nthreads > (uint64_t)max[0] * max[1] * max[2]))) {
        snprintf(res->message, sizeof res->message,
                 "kernel %s declares %s %ux%ux%u; a block of %ux%ux%u cannot launch it (the GPU refuses it too)",
                 k->name, req[0] ? ".reqntid" : ".maxntid", req[0] ? req[0] : max[0], req[0] ? req[1] : max[1],
                 req[0] ? req[2] : max[2], block[0], block[1], block[2]);
        return res->status = WS_ERR_INPUT;
    }
    if (k && k->param_bytes > sizeof ((ws_launch_ctx *)0)->params) { /* fuzz: L->params is 32 KiB */
        snprintf(res->message, sizeof res->message, "kernel %s takes %llu bytes of parameters; at most %zu are supported",
                 k->name, (unsigned long long)k->param_bytes, sizeof ((ws_launch_ctx *)0)->params);
        return res->status = WS_ERR_INPUT;
    }
    if (param_bytes < k->param_bytes) {
        snprintf(res->message, sizeof res->message, "kernel %s takes %llu bytes of parameters, got %zu", k->name,
                 (unsigned long long)k->param_bytes, param_bytes);
        return res->status = WS_ERR_INPUT;
    }
    ws_launch_ctx *L = malloc(sizeof *L);
    if (L) /* everything but params, which the kernel's parameter bytes fill below */
        memset(L, 0, offsetof(ws_launch_ctx, params));
    if (!L) {
        snprintf(res->message, sizeof res->message, "out of memory");
        return res->status = WS_ERR_INTERNAL;
    }
    L->sim = sim;
    L->m = m;
    L->k = k;
    L->res = res;
    memcpy(L->grid, grid, sizeof L->grid);
    memcpy(L->block, block, sizeof L->block);
    if (k->param_bytes) /* fuzz: memcpy from NULL params is undefined even for 0 bytes */
        memcpy(L->params, params, k->param_bytes);
    L->insn_limit = sim->cfg.max_warp_instructions;
    L->shared_bytes = RESERVED_SMEM_BYTES + k->shared_bytes + sim->cfg.dynamic_shared_bytes;
    L->local_bytes = k->local_bytes;
    L->slow = sim->cfg.slow_paths;
    if (sim->cfg.mode == WS_MODE_TIMING) {
        L->timing = ws_timing_create(L, sim->cfg.timing_preset, res->message, sizeof res->message);
        if (!L->timing) {
            free(L);
            return res->status = WS_ERR_INPUT;
        }
    }
    ws_status st = WS_OK;
    ws_block b;
    memset(&b, 0, sizeof b);
    ws_event ev;
    if (prepare_module_memory(sim, m) != 0) {
        snprintf(res->message, sizeof res->message, "out of memory for the module's .global variables");
        st = WS_ERR_LIMIT;
        goto done;
    }
    if (prepare_kernel(sim, L) != 0) {
        snprintf(res->message, sizeof res->message, "out of memory");
        st = WS_ERR_INTERNAL;
        goto done;
    }
    b.L = L;
    b.nthreads = (uint32_t)nthreads;
    b.nwarps = (uint32_t)((nthreads + 31) / 32);
    b.shared_size = L->shared_bytes;
    b.shared = malloc(L->shared_bytes ? L->shared_bytes : 1); /* init_block zeroes it */
    b.local = L->local_bytes ? calloc(nthreads, L->local_bytes) : NULL;
    b.warps = calloc(b.nwarps, sizeof *b.warps);
    if (!b.shared || (L->local_bytes && !b.local) || !b.warps) {
        snprintf(res->message, sizeof res->message, "out of memory");
        st = WS_ERR_INTERNAL;
        goto done;
    }
    /* the register files come from the machine's pool, kept from launch to launch: a launch of
     * one block of 1024 threads would otherwise spend more time zeroing them than running */
    size_t words = (size_t)(k->nregs ? k->nregs : 1) * 32;
    if (sim->reg_pool_words < words * b.nwarps) {
        free(sim->reg_pool);
        sim->reg_pool = calloc(words * b.nwarps, sizeof *sim->reg_pool);
        sim->reg_pool_words = sim->reg_pool ? words * b.nwarps : 0;
        if (!sim->reg_pool) {
            snprintf(res->message, sizeof res->message, "out of memory");
            st = WS_ERR_INTERNAL;
            goto done;
        }
    }
    for (uint32_t wi = 0; wi < b.nwarps; wi++)
        b.warps[wi].regs = sim->reg_pool + wi * words;
    unsigned jobs = sim->cfg.jobs > 1 && !sim->cfg.on_event ? sim->cfg.jobs : 1;
    if (jobs > nblocks)
        jobs = (unsigned)nblocks;
    if (jobs > 1) {
        st = run_parallel(L, jobs, nblocks, (uint32_t)nthreads);
        goto done;
    }
    for (uint64_t id = 0; id < nblocks && !L->stop; id++) {
        init_block(L, &b, (uint32_t)id);
        memset(&ev, 0, sizeof ev);
        run_block(L, &b, sim->cfg.on_event ? &ev : NULL);
        L->stats.cycles += b.cycle;
        L->stats.blocks++;
        L->stats.warps += b.nwarps;
        if (L->out_len && sim->cfg.on_output) {
            sim->cfg.on_output(sim->cfg.output_user, L->out, L->out_len);
            L->out_len = 0;
        }
    }
    if (L->stop)
        st = L->stop_status;
done:
    if (L->out_len && sim->cfg.on_output)
        sim->cfg.on_output(sim->cfg.output_user, L->out, L->out_len);
    /* b.warps[].regs belong to the machine's pool */
    ws_diag_block_free(&b);
    for (uint32_t wi = 0; b.warps && wi < b.nwarps; wi++)
        ws_call_stacks_free(&b.warps[wi]);
    free(b.warps);
    free(b.shared);
    free(b.local);
    res->stats = L->stats;
    res->diags = L->diags;
    res->ndiags = L->ndiags;
    for (size_t i = 0; st == WS_OK && sim->cfg.diagnostics_are_errors && i < L->ndiags; i++)
        if (L->diags[i].severity == WS_SEV_ERROR)
            st = WS_ERR_DIAG;
    res->status = st;
    /* L->code, reconv_pc, zero_regs and xfn belong to the machine (sim->prepared) */
    ws_timing_destroy(L->timing);
    free(L->out);
    free(L);
    return st;
}
