/* draw_panels: the bottom of a frame: the PTX around the current line (and, for -lineinfo PTX,
 * the CUDA source line it came from, side by side), and the legend with the frame's
 * diagnostic and, in the window, the keys. */
#include "draw_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void viz_cut_line(char *line, size_t cap, int maxch)
{
    size_t len = strlen(line);
    if (maxch < 2 || len <= (size_t)maxch)
        return;
    if ((size_t)maxch + 3 <= cap) /* maxch - 1 characters and the three bytes of U+2026 */
        memcpy(line + maxch - 1, "\xe2\x80\xa6", 4);
    else
        line[maxch] = 0;
}

/* One file around line `cur`, highlighted. */
static void listing(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_text_file *t, long cur,
                    const char *title, int x, int y, int w, int h)
{
    viz_fill(c, x, y, w, h, VIZ_C_PANEL);
    int lh = viz_font_height(f->code) + (int)(2 * L->s), th = (int)(24 * L->s);
    viz_text_mid(c, f->small, x + (int)(10 * L->s), y, th, title, VIZ_C_DIM);
    int nvis = (h - th - (int)(6 * L->s)) / lh;
    if (nvis < 1 || !t || !t->nlines)
        return;
    long first = cur - nvis / 2;
    if (first + nvis - 1 > (long)t->nlines)
        first = (long)t->nlines - nvis + 1;
    if (first < 1)
        first = 1;
    int adv = viz_font_advance(f->code), gutter = 5 * adv;
    int maxch = (w - gutter - (int)(24 * L->s)) / adv;
    for (int i = 0; i < nvis && first + i <= (long)t->nlines; i++) {
        long ln = first + i;
        int yy = y + th + i * lh;
        bool here = ln == cur;
        if (here) {
            viz_fill(c, x, yy, w, lh, VIZ_C_HILITE);
            viz_fill(c, x, yy, (int)fmaxf(2, 3 * L->s), lh, VIZ_C_ACCENT);
        }
        char num[24];
        snprintf(num, sizeof num, "%ld", ln);
        viz_text_right(c, f->code, x + gutter, yy, lh, num, here ? VIZ_C_ACCENT : VIZ_C_FALSE);
        char line[512];
        snprintf(line, sizeof line, "%s", t->lines[ln - 1]);
        viz_cut_line(line, sizeof line, maxch);
        const char *p = line;
        while (*p == ' ')
            p++;
        uint32_t col = here                           ? 0xffffffu
                       : (p[0] == '/' && p[1] == '/') ? VIZ_C_FALSE
                       : p[0] == '.'                  ? 0x9aa3b5u
                                                      : 0xb9c0cbu;
        viz_text_mid(c, f->code, x + gutter + (int)(12 * L->s), yy, lh, line, col);
    }
}

void viz_draw_source(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const viz_scene *sc, int x,
                     int y, int w, int h)
{
    const char *file = v->path ? strrchr(v->path, '/') : NULL;
    char title[300];
    snprintf(title, sizeof title, "PTX  %s", file ? file + 1 : v->path ? v->path : "");
    const ws_insn *in = sc->shown_insn;
    const viz_text_file *cu = in && in->src_file ? viz_view_cuda((viz_view *)v, in->src_file) : NULL;
    if (!cu) {
        listing(c, f, L, &v->ptx, sc->line ? (long)sc->line : 1, title, x, y, w, h);
        return;
    }
    /* CUDA beside PTX: the source line the instruction came from */
    int cw = (int)(w * .46f), gap = (int)(6 * L->s);
    char ctitle[300];
    snprintf(ctitle, sizeof ctitle, "CUDA  %s", sc->source);
    listing(c, f, L, cu, (long)in->src_line, ctitle, x, y, cw, h);
    listing(c, f, L, &v->ptx, (long)sc->line, title, x + cw + gap, y, w - cw - gap, h);
}

void viz_swatch(viz_canvas *c, const viz_layout *L, int x, int y, int h, const viz_legend_item *it)
{
    float s = L->s, cy = y + h / 2.f;
    unsigned n = it->ncolours ? it->ncolours : 1;
    float each = 28 * s / (float)n;
    for (unsigned k = 0; k < n; k++) {
        uint32_t col = it->colour[k];
        float x0 = x + k * each;
        switch (it->swatch) {
        case VIZ_SW_ARROW:
            if (n == 1) {
                viz_line(c, x, cy, x + 20 * s, cy, fmaxf(1.f, 1.2f * s), col);
                viz_triangle(c, (float[6]){x + 20 * s, cy - 4 * s, x + 20 * s, cy + 4 * s, x + 28 * s, cy}, col);
            } else {
                viz_line(c, x0 + 1, cy + 5 * s, x0 + each - 1, cy - 5 * s, fmaxf(1.f, 1.2f * s), col);
            }
            break;
        case VIZ_SW_LOOP: viz_ring(c, x + 12 * s, cy, 6 * s, fmaxf(1.5f, 2 * s), col); break;
        case VIZ_SW_BLOCK:
            viz_fill(c, (int)x0 + 2, (int)(cy - 7 * s), (int)fmaxf(2, each - 2), (int)(14 * s), col);
            break;
        case VIZ_SW_BAR:
            viz_fill(c, (int)x0 + 2, (int)(cy - 7 * s), (int)fmaxf(2, each - 2), (int)(14 * s), VIZ_C_CELL);
            viz_fill(c, (int)x0 + 2, (int)(cy + 3 * s), (int)fmaxf(2, each - 2), (int)fmaxf(2, 4 * s), col);
            break;
        default: viz_round_frame(c, x + 2, cy - 7 * s, 24 * s, 14 * s, 4 * s, fmaxf(1.f, 1.5f * s), col); break;
        }
    }
}

void viz_draw_legend(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const viz_scene *sc, int x,
                     int y, int w, int h)
{
    viz_fill(c, x, y, w, h, VIZ_C_PANEL);
    float s = L->s;
    int step = (int)(21 * s), xx = x + (int)(12 * s), yy = y + (int)(6 * s);
    int bottom = y + h - (v->interactive ? (int)(48 * s) : 0);
    viz_legend_item items[VIZ_MAX_LEGEND];
    unsigned n = viz_legend(sc, v, L, items);
    for (unsigned i = 0; i < n && yy + step <= bottom; i++) {
        if (items[i].where != VIZ_IN_PANEL)
            continue;
        viz_swatch(c, L, xx, yy, step, &items[i]);
        char label[sizeof items[i].label];
        snprintf(label, sizeof label, "%s", items[i].label);
        viz_fit_text(f->small, label, sizeof label, w - (int)(52 * s), false);
        viz_text_mid(c, f->small, xx + (int)(36 * s), yy, step, label, VIZ_C_TEXT);
        yy += step;
    }
    yy += (int)(6 * s);
    /* a diagnostic of this step, wrapped */
    if (sc->diag >= 0) {
        const char *msg = v->rec->diags[sc->diag].message;
        int per = (w - (int)(24 * s)) / viz_font_advance(f->small), lh = viz_font_height(f->small);
        int y0 = yy;
        viz_text_mid(c, f->small, xx, yy, lh, ws_diag_kind_name(v->rec->diags[sc->diag].kind), VIZ_C_BAD);
        yy += lh;
        size_t len = strlen(msg);
        for (int row = 0; row < 6 && len && per > 8 && yy + lh <= bottom; row++) {
            size_t take = len <= (size_t)per ? len : (size_t)per;
            while (take < len && take > 1 && msg[take] != ' ')
                take--;
            char line[256];
            snprintf(line, sizeof line, "%.*s", (int)take, msg);
            viz_text_mid(c, f->small, xx, yy, lh, line, VIZ_C_TEXT);
            yy += lh;
            msg += take;
            len -= take;
            while (*msg == ' ')
                msg++, len--;
        }
        viz_fill(c, x, y0, (int)fmaxf(2, 3 * s), yy - y0, VIZ_C_BAD);
    }
    if (v->interactive) {
        int by = y + h - (int)(44 * s);
        viz_fill(c, x, by - (int)(4 * s), w, 1, VIZ_C_RULE);
        char keys[160];
        snprintf(keys, sizeof keys,
                 "space play  \xe2\x86\x90/\xe2\x86\x92 step  n shfl  m shared  w warp  click a lane  q quit");
        viz_fit_text(f->small, keys, sizeof keys, w - (int)(20 * s), false);
        viz_text_mid(c, f->small, xx, by, (int)(20 * s), keys, VIZ_C_DIM);
        char st[96];
        snprintf(st, sizeof st, "%s  %.4g steps/s",
                 v->playing ? "\xe2\x96\xb6 playing" : "\xe2\x9d\x9a\xe2\x9d\x9a paused", v->speed);
        viz_text_mid(c, f->small, xx, by + (int)(20 * s), (int)(20 * s), st, v->playing ? VIZ_C_TRUE : VIZ_C_TEXT);
    }
}
