/* draw_strip: every warp of the block over the cycles of the timing model, one row each: a tick
 * where the warp issued (shuffles, barriers and conflicting shared accesses in their own
 * colours), the stall reason where it could not, and a cursor at the frame's cycle. Beside each
 * row, what the warp does at that cycle. */
#include "draw_util.h"

#include "opcodes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* What kind of issue a step is, for its tick's colour (legend.c names them); a warp waiting at
 * a barrier shows in the barrier stall's colour. */
uint32_t viz_issue_colour(const rec_step *s)
{
    if (s->is_shfl)
        return VIZ_C_ARROW;
    if (viz_step_conflicts(s))
        return VIZ_C_BAD;
    return VIZ_C_ISSUED;
}

/* The cycles the strip shows: all of them when they fit two pixels each, else a window around
 * the frame's cycle. */
void viz_strip_window(const viz_layout *L, const viz_scene *sc, uint64_t *c0, uint64_t *c1, int *x0, int *x1)
{
    *x0 = L->lanes_x;
    *x1 = L->w - L->pad - (int)(200 * L->s);
    uint64_t span = (uint64_t)((*x1 - *x0) / 2);
    uint64_t total = sc->end_cycle + 1;
    if (total <= span) {
        *c0 = 0;
        *c1 = total;
        return;
    }
    *c0 = sc->cycle > span / 2 ? sc->cycle - span / 2 : 0;
    if (*c0 + span > total)
        *c0 = total - span;
    *c1 = *c0 + span;
}

static const char *doing(const viz_warp_now *n, char *buf, size_t cap)
{
    switch (n->what) {
    case VIZ_WARP_ISSUES: snprintf(buf, cap, "issues line %u", n->line); break;
    case VIZ_WARP_STALLED:
        if (n->producer_line)
            snprintf(buf, cap, "%s (line %u)", ws_stall_reason_name(n->reason), n->producer_line);
        else
            snprintf(buf, cap, "stalled: %s", ws_stall_reason_name(n->reason));
        break;
    case VIZ_WARP_DONE: snprintf(buf, cap, "finished"); break;
    default: snprintf(buf, cap, "not started"); break;
    }
    return buf;
}

void viz_draw_strip(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const viz_scene *sc)
{
    const recording *r = v->rec;
    float s = L->s;
    int y = L->y_strip, head = (int)(20 * s);
    unsigned nw = sc->nwarps ? sc->nwarps : 1;
    float rowh = (float)(L->h_strip - head - (int)(4 * s)) / (float)nw;
    uint64_t c0, c1;
    int x0, x1;
    viz_strip_window(L, sc, &c0, &c1, &x0, &x1);
    double ppc = (double)(x1 - x0) / (double)(c1 - c0); /* pixels per cycle */
    char buf[160];
    snprintf(buf, sizeof buf, "warps of block %u, cycles %llu-%llu", r->block, (unsigned long long)c0,
             (unsigned long long)(c1 - 1));
    viz_text_mid(c, f->small, L->pad, y, head, buf, VIZ_C_DIM);
    /* the strip's legend line, right-aligned: only the colours it shows */
    viz_legend_item items[VIZ_MAX_LEGEND];
    unsigned n = viz_legend(sc, v, L, items);
    int lx = x1 + (int)(200 * s);
    for (unsigned i = n; i-- > 0;) {
        if (items[i].where != VIZ_IN_STRIP)
            continue;
        int tw = viz_text_width(f->small, items[i].label);
        lx -= tw;
        viz_text_mid(c, f->small, lx, y, head, items[i].label, VIZ_C_TEXT);
        lx -= (int)(16 * s);
        viz_fill(c, lx, y + head / 2 - (int)(5 * s), (int)(12 * s), (int)(10 * s), items[i].colour[0]);
        lx -= (int)(14 * s);
    }
    int ry0 = y + head;
    for (unsigned w = 0; w < nw; w++) {
        int ry = ry0 + (int)lroundf(w * rowh), rh = (int)fmaxf(1, lroundf(rowh) - (rowh >= 6 ? 2 : 0));
        viz_fill(c, x0, ry, x1 - x0, rh, VIZ_C_PANEL);
        if (rowh >= 14 * s) {
            snprintf(buf, sizeof buf, "w%u", w);
            viz_text_mid(c, f->small, L->pad + (int)(4 * s), ry, rh, buf, w == v->warp ? VIZ_C_PROV : VIZ_C_DIM);
            doing(&sc->warps[w], buf, sizeof buf);
            viz_fit_text(f->small, buf, sizeof buf, L->w - L->pad - x1 - (int)(10 * s), false);
            viz_text_mid(c, f->small, x1 + (int)(10 * s), ry, rh, buf,
                         sc->warps[w].what == VIZ_WARP_STALLED ? viz_stall_colour(sc->warps[w].reason) : VIZ_C_TEXT);
        } else if (w == v->warp) {
            viz_fill(c, L->pad, ry, (int)(6 * s), rh, VIZ_C_PROV);
        }
        const viz_warp_index *x = &v->warps[w];
        for (size_t i = viz_warp_stall_at(v, w, c0); i < x->nstall && r->stalls[x->stall[i]].from < c1; i++) {
            const rec_stall *st = &r->stalls[x->stall[i]];
            uint64_t a = st->from > c0 ? st->from : c0, b = st->to < c1 ? st->to : c1;
            int xa = x0 + (int)floor((double)(a - c0) * ppc), xb = x0 + (int)floor((double)(b - c0) * ppc);
            viz_fill(c, xa, ry, xb - xa > 0 ? xb - xa : 1, rh, viz_stall_colour(st->reason));
        }
        for (size_t i = viz_warp_step_at(v, w, c0); i < x->nstep && r->steps[x->step[i]].cycle < c1; i++) {
            const rec_step *st = &r->steps[x->step[i]];
            int xa = x0 + (int)floor((double)(st->cycle - c0) * ppc);
            viz_fill(c, xa, ry, (int)fmax(1, floor(ppc)), rh, viz_issue_colour(st));
        }
    }
    /* the frame's cycle: lines on both sides of its column, which stays visible */
    if (sc->cycle >= c0 && sc->cycle < c1) {
        int xc = x0 + (int)floor((double)(sc->cycle - c0) * ppc), wc = (int)fmax(1, floor(ppc)), t = (int)fmaxf(1, s);
        int yt = ry0 - (int)(3 * s), hh = (int)(nw * rowh) + (int)(6 * s);
        viz_fill(c, xc - t - 1, yt, t, hh, VIZ_C_ACCENT);
        viz_fill(c, xc + wc + 1, yt, t, hh, VIZ_C_ACCENT);
    }
    if (rowh < 14 * s) {
        /* too many warps to label each: how many do what */
        unsigned count[WS_STALL_REASON_COUNT] = {0}, issuing = 0;
        for (unsigned w = 0; w < nw; w++) {
            issuing += sc->warps[w].what == VIZ_WARP_ISSUES;
            if (sc->warps[w].what == VIZ_WARP_STALLED)
                count[sc->warps[w].reason]++;
        }
        size_t o = (size_t)snprintf(buf, sizeof buf, "%u issue", issuing);
        for (int k = 1; k < WS_STALL_REASON_COUNT && o < sizeof buf; k++)
            if (count[k])
                o += (size_t)snprintf(buf + o, sizeof buf - o, ", %u %s", count[k],
                                      ws_stall_reason_name((ws_stall_reason)k));
        viz_text_mid(c, f->small, x1 + (int)(10 * s), ry0, (int)(nw * rowh), buf, VIZ_C_TEXT);
    }
}
