/* diag: diagnostics, the stop of a launch, printf text, and the names of the public lists
 * (diagnostic kinds, severities, stall reasons, modes) from warpsim.h's X-macro tables. */
#include "diag.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>

static const struct {
    const char *name;
    ws_severity severity; /* without --werror */
} diag_kinds[WS_DIAG_KIND_COUNT] = {
#define KIND(id, name, sev, what, h200) [WS_DIAG_##id] = {name, sev},
    WS_DIAG_KINDS(KIND)
#undef KIND
};

const char *ws_diag_kind_name(ws_diag_kind k) { return (unsigned)k < WS_DIAG_KIND_COUNT ? diag_kinds[k].name : "?"; }

const char *ws_severity_name(ws_severity s)
{
    return s == WS_SEV_ERROR ? "error" : s == WS_SEV_NOTE ? "note" : "warning";
}

const char *ws_stall_reason_name(ws_stall_reason r)
{
    static const char *const names[WS_STALL_REASON_COUNT] = {"none",
#define REASON(id, name, what) name,
                                                             WS_STALL_REASONS(REASON)
#undef REASON
    };
    return (unsigned)r < WS_STALL_REASON_COUNT ? names[r] : "unknown";
}

const char *ws_mode_name(ws_mode m) { return m == WS_MODE_TIMING ? "timing" : "functional"; }

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

void ws_limit_message(const ws_launch_ctx *L, int limit, uint32_t block, char *buf, size_t cap)
{
    const ws_config *c = &L->sim->cfg;
    if (limit == LIMIT_OUTPUT)
        snprintf(buf, cap, "printf output limit reached: %" PRIu64 " bytes, in block %u; raise it with --max-output",
                 c->max_output, block);
    else if (limit == LIMIT_CYCLES)
        snprintf(buf, cap, "cycle limit reached: %" PRIu64 " cycles, in block %u; raise it with --max-cycles",
                 c->max_cycles, block);
    else /* printf's formatting counts (printf.c): named only where it took part */
        snprintf(buf, cap,
                 "instruction limit reached: %" PRIu64 " warp instructions%s, in block %u; raise it with "
                 "--max-instructions",
                 c->max_warp_instructions, L->extra_work ? " (with printf's formatting)" : "", block);
}

void ws_limit_stop(ws_launch_ctx *L, int limit, uint32_t block, uint32_t warp, uint32_t pc)
{
    if (L->stop)
        return;
    char msg[sizeof L->res->message];
    ws_limit_message(L, limit, block, msg, sizeof msg);
    ws_launch_stop(L, WS_ERR_LIMIT, "%s", msg);
    L->stop_limit = limit;
    L->res->stop_block = block;
    L->res->stop_warp = warp;
    L->res->stop_pc = pc < L->k->ninsns ? pc : WS_NOWHERE; /* else every lane exited */
}

/* The most diagnostics a launch of kernel k can list: one per (kind, pc), at most WS_MAX_DIAGS;
 * and the slots of the table that finds them (a power of two, at most half full). */
static size_t diag_max(const ws_kernel *k)
{
    uint64_t n = ((uint64_t)k->ninsns + 1) * WS_DIAG_KIND_COUNT;
    return n < WS_MAX_DIAGS ? (size_t)n : WS_MAX_DIAGS;
}
static size_t diag_nslots(const ws_kernel *k)
{
    const uint64_t m = 2 * (uint64_t)diag_max(k); /* the least power of two, at least 16, not below m */
    return m <= 16 ? 16 : (size_t)1 << (64 - __builtin_clzll(m - 1));
}

/* The record of (kind, pc) in L->diags, or where a new one goes: diag_index is an open-addressing
 * table, so that a launch with many diagnostics stays linear. */
static uint32_t *diag_slot(ws_launch_ctx *L, ws_diag_kind kind, uint32_t pc)
{
    const size_t nslots = L->diag_nslots;
    size_t i = ((uint64_t)pc * WS_DIAG_KIND_COUNT + kind) * 0x9e3779b97f4a7c15ull >> 40;
    for (i &= nslots - 1;; i = (i + 1) & (nslots - 1)) {
        uint32_t *slot = &L->diag_index[i];
        if (!*slot || (L->diags[*slot - 1].kind == kind && L->diags[*slot - 1].pc == pc))
            return slot;
    }
}

/* The table at its first diagnostic: 16 slots, not diag_nslots(k)'s for every (kind, pc) a kernel
 * could report (16 KiB to zero for a launch of a 100-instruction kernel with one diagnostic). */
enum { DIAG_FIRST_SLOTS = 16 };

/* Doubles the table when a new record would make it more than half full, up to diag_nslots(k)
 * (which holds WS_MAX_DIAGS at half): the records keep their order in L->diags, only where the
 * table finds them changes. -1: out of memory (the table is kept as it was). */
static int diag_grow(ws_launch_ctx *L)
{
    if (2 * (L->ndiags + 1) <= L->diag_nslots || L->diag_nslots >= diag_nslots(L->k))
        return 0;
    uint32_t *old = L->diag_index;
    size_t nslots = L->diag_nslots;
    uint32_t *idx = calloc(2 * nslots, sizeof *idx);
    if (!idx)
        return -1;
    L->diag_index = idx;
    L->diag_nslots = 2 * nslots;
    for (size_t i = 0; i < L->ndiags; i++)
        *diag_slot(L, L->diags[i].kind, L->diags[i].pc) = (uint32_t)i + 1;
    free(old);
    return 0;
}

uint64_t ws_diags_bytes(const ws_kernel *k)
{
    return (uint64_t)diag_max(k) * sizeof(ws_diag) + diag_nslots(k) * sizeof(uint32_t) +
           ((uint64_t)k->ninsns * WS_DIAG_KIND_COUNT + 63) / 64 * 8 + 8;
}

void ws_diags_free(ws_launch_ctx *L)
{
    free(L->diag_index);
    free(L->diag_seen);
    L->diag_index = NULL;
    L->diag_seen = NULL;
    L->diag_nslots = 0;
}

uint64_t ws_diags_not_listed(const ws_launch_ctx *L, const uint64_t *seen, const ws_diag *d, size_t nd)
{
    if (!seen)
        return 0;
    uint64_t n = 0;
    for (size_t i = 0; i < ((size_t)L->k->ninsns * WS_DIAG_KIND_COUNT + 63) / 64; i++)
        n += (uint64_t)__builtin_popcountll(seen[i]);
    for (size_t i = 0; i < nd; i++)
        n -= d[i].pc < L->k->ninsns;
    return n;
}

/* (kind, pc) happened, listed or not (ws_diags_not_listed counts those beyond WS_MAX_DIAGS) */
static void mark_seen(ws_launch_ctx *L, ws_diag_kind kind, uint32_t pc)
{
    if (pc < L->k->ninsns) {
        uint64_t bit = (uint64_t)pc * WS_DIAG_KIND_COUNT + kind;
        L->diag_seen[bit / 64] |= 1ull << (bit % 64);
    }
}

int ws_diag_again(ws_exec *x, ws_diag_kind kind, uint32_t lanes)
{
    ws_launch_ctx *L = x->L;
    if (!L->diag_index)
        return 0;
    uint32_t *slot = diag_slot(L, kind, x->pc);
    if (!*slot) {
        mark_seen(L, kind, x->pc); /* (a record's was marked when it was made) */
        return 0;
    }
    ws_diag *d = &L->diags[*slot - 1];
    d->count++;
    /* later lanes of the same warp and block join the report's lane mask */
    if (d->block == (x->blk ? x->blk->id : 0) && d->warp == (x->w ? x->w->index : 0))
        d->lanes |= lanes;
    return 1;
}

void ws_diag_report(ws_exec *x, ws_diag_kind kind, uint32_t lanes, const char *fmt, ...)
{
    if (ws_diag_again(x, kind, lanes))
        return;
    ws_launch_ctx *L = x->L;
    const ws_insn *in = x->pc < L->ptx->ninsns ? &L->ptx->insns[x->pc] : NULL; /* the PTX's, as events show it */
    if (!L->diag_index) { /* the launch's first diagnostic (ws_diag_again marked the others seen) */
        L->diag_index = calloc(DIAG_FIRST_SLOTS, sizeof *L->diag_index); /* diag_nslots(k) is 16 or more */
        L->diag_seen = calloc(((size_t)L->k->ninsns * WS_DIAG_KIND_COUNT + 63) / 64 + 1, sizeof *L->diag_seen);
        if (!L->diag_index || !L->diag_seen) {
            ws_diags_free(L);
            return;
        }
        L->diag_nslots = DIAG_FIRST_SLOTS;
        mark_seen(L, kind, x->pc);
    }
    if (L->ndiags == WS_MAX_DIAGS) /* counted in ndiags_not_listed from diag_seen */
        return;
    if (diag_grow(L) != 0)
        return;
    /* an empty slot: ws_diag_again found no record */
    uint32_t *slot = diag_slot(L, kind, x->pc);
    if (L->ndiags == L->cap_diags) {
        size_t nc = L->cap_diags ? L->cap_diags * 2 : 16;
        nc = nc < WS_MAX_DIAGS ? nc : WS_MAX_DIAGS;
        ws_diag *nd = realloc(L->diags, nc * sizeof *nd);
        if (!nd)
            return;
        L->diags = nd;
        L->cap_diags = nc;
    }
    ws_diag *d = &L->diags[L->ndiags++];
    *slot = (uint32_t)L->ndiags;
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
        if (nc > L->out_limit + 1 && L->out_len + len + 1 <= L->out_limit + 1) /* printf keeps within the limit */
            nc = L->out_limit + 1;
        /* the text counts towards the memory limit (printf runs on one host thread: the same
         * way every time) */
        if (ws_mem_charge(L->sim, nc - L->out_cap) != 0) {
            ws_launch_stop(L, WS_ERR_LIMIT,
                           "memory limit reached: %zu bytes of printf text do not fit in the limit of %" PRIu64
                           " bytes; raise it with --max-memory",
                           L->out_len + len, L->sim->cfg.max_memory);
            return;
        }
        L->out_charged += nc - L->out_cap;
        char *nb = realloc(L->out, nc);
        if (!nb)
            return;
        L->out = nb;
        L->out_cap = nc;
    }
    memcpy(L->out + L->out_len, text, len);
    L->out_len += len;
}
