/* diag: diagnostics, the stop of a launch, printf text, and the names of the public lists
 * (diagnostic kinds, severities, stall reasons, modes) from warpsim.h's X-macro tables. */
#include "diag.h"

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
