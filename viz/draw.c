/* draw: a frame of the replay from its scene: the layout, the header, the instruction and its
 * sentence, and the lane columns (operand rows, the band, result rows, watched registers). The
 * bank band, the strip, the panels and the tree are in draw_banks.c, draw_strip.c,
 * draw_panels.c and draw_tree.c. */
#include "draw.h"
#include "draw_util.h"

#include "opcodes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- layout ------------------------------------------------------------------------------------ */

static unsigned lane_rows(const viz_scene *sc)
{
    unsigned n = 0;
    for (unsigned i = 0; sc && i < sc->nops; i++)
        n += !sc->ops[i].uniform || (sc->is_vote && i == 0);
    return n > 3 ? 3 : n;
}

void viz_layout_compute(viz_layout *L, int w, int h, const viz_scene *sc, unsigned nwatch)
{
    float s = fminf(w / 1280.f, h / 720.f);
    if (s < .4f)
        s = .4f;
    memset(L, 0, sizeof *L);
    L->w = w;
    L->h = h;
    L->s = s;
    L->pad = (int)(16 * s);
    L->header_h = (int)(40 * s);
    L->insn_y = L->header_h + (int)(6 * s);
    L->insn_h = (int)(72 * s);
    L->lanes_x = L->pad + (int)(116 * s);
    L->col_w = (float)(w - L->lanes_x - L->pad) / 32.f;
    L->y_lane = L->insn_y + L->insn_h + (int)(2 * s);
    L->h_lane = (int)(20 * s);
    L->h_row = (int)(30 * s);
    L->h_watch = (int)(26 * s);
    int gap = (int)(2 * s);
    L->nops = lane_rows(sc);
    L->nres =
        sc ? (sc->nres > (sc->kind == VIZ_FRAME_RESULT ? 4u : 2u) ? (sc->kind == VIZ_FRAME_RESULT ? 4u : 2u) : sc->nres)
           : 0;
    L->y_ops = L->y_lane + L->h_lane + (int)(4 * s);
    L->y_band = L->y_ops + (int)L->nops * (L->h_row + gap) + gap;
    /* the strip: a row per warp, thinner as there are more */
    unsigned nw = sc && sc->nwarps ? sc->nwarps : 1;
    float rowh = nw <= 4 ? 18 : nw <= 8 ? 15 : fmaxf(2.5f, 72.f / nw);
    L->h_strip = (int)((24 + rowh * nw) * s);
    int band = sc && sc->banks.present              ? 210
               : sc && (sc->is_shfl || sc->is_vote) ? 150
               : sc && sc->kind == VIZ_FRAME_RESULT ? 24
                                                    : 100;
    L->h_band = (int)(band * s);
    int below = (int)L->nres * (L->h_row + gap) + (int)(6 * s) + (int)nwatch * (L->h_watch + (int)(4 * s)) +
                (int)(8 * s) + L->h_strip + (int)(10 * s);
    int panel_min = (int)(190 * s);
    int spare = h - L->pad - panel_min - (L->y_band + L->h_band + gap + below);
    if (spare < 0)
        L->h_band = L->h_band + spare > (int)(60 * s) ? L->h_band + spare : (int)(60 * s);
    L->y_res = L->y_band + L->h_band + gap;
    L->y_watch = L->y_res + (int)L->nres * (L->h_row + gap) + (int)(6 * s);
    L->y_strip = L->y_watch + (int)nwatch * (L->h_watch + (int)(4 * s)) + (int)(8 * s);
    L->y_panel = L->y_strip + L->h_strip + (int)(10 * s);
}

int viz_lane_x0(const viz_layout *L, unsigned lane) { return L->lanes_x + (int)lroundf(lane * L->col_w); }
int viz_lane_x1(const viz_layout *L, unsigned lane) { return L->lanes_x + (int)lroundf((lane + 1) * L->col_w); }
float viz_lane_cx(const viz_layout *L, unsigned lane) { return L->lanes_x + (lane + .5f) * L->col_w; }

int viz_lane_at(const viz_layout *L, int x)
{
    for (unsigned l = 0; l < 32; l++)
        if (x >= viz_lane_x0(L, l) && x < viz_lane_x1(L, l))
            return (int)l;
    return -1;
}

int viz_fonts_open(viz_fonts *f, const char *path, int w, int h)
{
    float s = fminf(w / 1280.f, h / 720.f);
    if (s < .4f)
        s = .4f;
    memset(f, 0, sizeof *f);
    f->w = w;
    f->h = h;
    /* 14 px or more at 1280x720, scaled with the window */
    const float px[5] = {15, 14, 19, 14, 14};
    viz_font **slot[5] = {&f->ui, &f->small, &f->big, &f->code, &f->value};
    for (int i = 0; i < 5; i++) {
        f->px[i] = (int)lroundf(px[i] * s);
        *slot[i] = viz_font_open(path, f->px[i]);
        if (!*slot[i]) {
            viz_fonts_close(f);
            return -1;
        }
    }
    return 0;
}

void viz_fonts_close(viz_fonts *f)
{
    viz_font_close(f->ui);
    viz_font_close(f->small);
    viz_font_close(f->big);
    viz_font_close(f->code);
    viz_font_close(f->value);
    memset(f, 0, sizeof *f);
}

/* ---- helpers ------------------------------------------------------------------------------------- */

int viz_text_mid(viz_canvas *c, viz_font *f, int x, int y, int h, const char *s, uint32_t rgb)
{
    return viz_text(c, f, x, y + (h - viz_font_height(f)) / 2, s, rgb);
}

void viz_text_right(viz_canvas *c, viz_font *f, int xr, int y, int h, const char *s, uint32_t rgb)
{
    viz_text_mid(c, f, xr - viz_text_width(f, s), y, h, s, rgb);
}

void viz_text_centre(viz_canvas *c, viz_font *f, float cx, int y, int h, const char *s, uint32_t rgb)
{
    viz_text_mid(c, f, (int)lroundf(cx - viz_text_width(f, s) / 2.f), y, h, s, rgb);
}

void viz_fit_text(viz_font *f, char *s, size_t cap, int avail, bool is_float)
{
    if (viz_text_width(f, s) <= avail)
        return;
    if (is_float) {
        double x = 0;
        if (sscanf(s, "%lf", &x) == 1)
            for (int p = 4; p >= 1; p--) {
                snprintf(s, cap, "%.*g", p, x);
                if (viz_text_width(f, s) <= avail)
                    return;
            }
    }
    char *plus = strchr(s, '+');
    if (plus && plus != s && !is_float) /* in+124 -> +124 */
        memmove(s, plus, strlen(plus) + 1);
    int fit = avail / viz_font_advance(f);
    size_t len = strlen(s);
    if (fit < 1 || (size_t)fit >= len)
        return;
    if (s[0] == '0' && s[1] == 'x') { /* numbers differ in their low digits: keep the tail */
        memmove(s + 3, s + len - (size_t)(fit - 1), (size_t)fit);
        memcpy(s, "\xe2\x80\xa6", 3);
    } else if ((size_t)fit + 3 < cap) {
        strcpy(s + fit - 1, "\xe2\x80\xa6");
    }
}

void viz_arrow_head(viz_canvas *c, float x, float y, float size, uint32_t rgb)
{
    float t[6] = {x - size * .6f, y - size, x + size * .6f, y - size, x, y};
    viz_triangle(c, t, rgb);
}

static bool on(uint32_t mask, unsigned l) { return (mask >> l) & 1; }

/* ---- the header and the instruction ---------------------------------------------------------------- */

static void draw_header(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const viz_scene *sc)
{
    viz_fill(c, 0, 0, L->w, L->header_h, VIZ_C_PANEL);
    viz_fill(c, 0, L->header_h - 1, L->w, 1, VIZ_C_RULE);
    int x = viz_text_mid(c, f->big, L->pad, 0, L->header_h, "warpsim", VIZ_C_ACCENT);
    x = viz_text_mid(c, f->big, x, 0, L->header_h, " viz", VIZ_C_DIM);
    const char *file = v->path ? strrchr(v->path, '/') : NULL;
    file = file ? file + 1 : v->path ? v->path : "";
    char buf[300];
    snprintf(buf, sizeof buf, "   %s  \xc2\xb7  %s", file, v->rec->k->name);
    viz_text_mid(c, f->ui, x, 0, L->header_h, buf, VIZ_C_TEXT);
    snprintf(buf, sizeof buf, "block %u   warp %u of %u   frame %zu/%zu%s   cycle %llu of %llu", v->rec->block, v->warp,
             v->rec->nwarps, v->nframes ? v->pos + 1 : 0, v->nframes, v->only.bits ? " (filtered)" : "",
             (unsigned long long)sc->cycle, (unsigned long long)sc->end_cycle);
    viz_text_right(c, f->ui, L->w - L->pad, 0, L->header_h, buf, VIZ_C_TEXT);
}

/* A uniform operand as a chip in the detail line: "offset %r5 = 16". */
static int chips(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_scene *sc, int x, int y, int h)
{
    bool any = false;
    for (unsigned i = 0; i < sc->nops; i++) {
        const viz_row *r = &sc->ops[i];
        if (!r->uniform || (sc->is_vote && i == 0))
            continue;
        unsigned l = sc->exec ? (unsigned)__builtin_ctz(sc->exec) : 0;
        char buf[160];
        if (!strcmp(r->role, "c") && sc->is_shfl) /* clamp and segment mask read better in hex */
            snprintf(buf, sizeof buf, "%s %s = 0x%llx", r->role, r->label, (unsigned long long)(uint32_t)r->val[l]);
        else
            snprintf(buf, sizeof buf, "%s %s = %s", r->role, r->label, r->text[l]);
        int tw = viz_text_width(f->small, buf), pw = tw + (int)(14 * L->s);
        if (x + pw > L->w - L->pad)
            break;
        viz_fill(c, x, y + (int)(2 * L->s), pw, h - (int)(4 * L->s), VIZ_C_CELL);
        viz_text_mid(c, f->small, x + (int)(7 * L->s), y, h, buf, r->is_float ? VIZ_C_FLOAT : VIZ_C_TEXT);
        x += pw + (int)(8 * L->s);
        any = true;
    }
    if (any)
        x = viz_text_mid(c, f->small, x, y, h, "in every lane", VIZ_C_DIM) + (int)(16 * L->s);
    return x;
}

static void draw_insn(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_scene *sc)
{
    int y = L->insn_y, h1 = (int)(26 * L->s), h2 = (int)(23 * L->s), h3 = L->insn_h - h1 - h2;
    char buf[200];
    int x = L->pad;
    if (sc->kind == VIZ_FRAME_RESULT) {
        x = viz_text_mid(c, f->big, x, y, h1, "result", VIZ_C_PROV);
        viz_text_mid(c, f->ui, x + (int)(14 * L->s), y, h1, "what this warp stored to memory", VIZ_C_DIM);
    } else {
        snprintf(buf, sizeof buf, "line %u", sc->line);
        x = viz_text_mid(c, f->ui, x, y, h1, buf, VIZ_C_DIM);
        if (sc->source[0]) {
            snprintf(buf, sizeof buf, "  %s", sc->source);
            x = viz_text_mid(c, f->ui, x, y, h1, buf, VIZ_C_FLOAT);
        }
        viz_text_mid(c, f->big, x + (int)(16 * L->s), y, h1, sc->insn, VIZ_C_TEXT);
    }
    char rule[sizeof sc->rule];
    snprintf(rule, sizeof rule, "%s", sc->rule);
    viz_fit_text(f->ui, rule, sizeof rule, L->w - 2 * L->pad, false);
    viz_text_mid(c, f->ui, L->pad, y + h1, h2, rule, 0xffffffu);
    x = chips(c, f, L, sc, L->pad, y + h1 + h2, h3);
    char detail[sizeof sc->detail];
    snprintf(detail, sizeof detail, "%s", sc->detail);
    viz_fit_text(f->small, detail, sizeof detail, L->w - L->pad - x, false);
    viz_text_mid(c, f->small, x, y + h1 + h2, h3, detail, VIZ_C_DIM);
}

/* ---- the lane columns -------------------------------------------------------------------------------- */

static void row_label(viz_canvas *c, viz_fonts *f, const viz_layout *L, int y, int h, const char *label, const char *role)
{
    int th = viz_font_height(f->ui) + viz_font_height(f->small) - (int)(4 * L->s);
    char lab[64];
    snprintf(lab, sizeof lab, "%s", label);
    viz_fit_text(f->ui, lab, sizeof lab, L->lanes_x - L->pad - (int)(4 * L->s), false);
    if (role && th <= h + (int)(6 * L->s)) {
        int yy = y + (h - th) / 2;
        viz_text(c, f->ui, L->pad, yy, lab, VIZ_C_TEXT);
        viz_text(c, f->small, L->pad, yy + viz_font_height(f->ui) - (int)(4 * L->s), role, VIZ_C_DIM);
    } else {
        viz_text_mid(c, f->ui, L->pad, y, h, lab, VIZ_C_TEXT);
    }
}

/* A cell: filled when its lane executes, only outlined when its value is "don't care". */
static void cell(viz_canvas *c, const viz_layout *L, int x, int y, int w, int h, bool ex, bool live)
{
    if (!ex)
        return;
    if (live)
        viz_fill(c, x, y, w, h, VIZ_C_CELL);
    else
        viz_frame(c, x, y, w, h, (int)fmaxf(1, L->s), VIZ_C_DONTCARE);
}

/* One row of 32 cells. colour (may be NULL) gives each lane's text colour; dontcare greys the
 * executing lanes outside it (results that reach no output). */
static void value_row(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_scene *sc, const viz_row *r, int y,
                      int h, const uint32_t *colour, uint32_t keep)
{
    row_label(c, f, L, y, h, r->label, r->role);
    int gap = 1;
    for (unsigned l = 0; l < 32; l++) {
        int x0 = viz_lane_x0(L, l) + gap, x1 = viz_lane_x1(L, l) - gap;
        bool ex = on(sc->exec, l), live = on(keep, l);
        /* a run of executing lanes that all hold one value too wide for a cell (an address, a
         * ballot) shows it once, across the run; each lane's cell still says if it is live */
        unsigned run = l;
        while (ex && on(r->set, l) && run + 1 < 32 && on(sc->exec, run + 1) && on(r->set, run + 1) &&
               r->val[run + 1] == r->val[l] && (!colour || colour[run + 1] == colour[l]))
            run++;
        char buf[VIZ_TEXT + 8];
        snprintf(buf, sizeof buf, "%s", on(r->set, l) ? r->text[l] : "\xc2\xb7"); /* never written */
        uint32_t tc = !ex ? VIZ_C_INACT_TXT : colour ? colour[l] : r->is_float ? VIZ_C_FLOAT : VIZ_C_TEXT;
        if (run > l && viz_text_width(f->value, buf) > x1 - x0) {
            bool any = false;
            for (unsigned k = l; k <= run; k++) {
                cell(c, L, viz_lane_x0(L, k) + gap, y, viz_lane_x1(L, k) - viz_lane_x0(L, k) - 2 * gap, h, true,
                     on(keep, k));
                any |= on(keep, k);
            }
            int xe = viz_lane_x1(L, run) - gap;
            viz_fit_text(f->value, buf, sizeof buf, xe - x0 - 4, r->is_float);
            viz_text_centre(c, f->value, (x0 + xe) / 2.f, y, h, buf, any ? tc : VIZ_C_INACT_TXT);
            l = run;
            continue;
        }
        if (!live)
            tc = VIZ_C_INACT_TXT;
        cell(c, L, x0, y, x1 - x0, h, ex, live);
        if (!ex && !on(r->set, l) && sc->kind == VIZ_FRAME_RESULT)
            continue; /* a lane that stored nothing */
        viz_fit_text(f->value, buf, sizeof buf, x1 - x0, r->is_float);
        viz_text_centre(c, f->value, (x0 + x1) / 2.f, y, h, buf, tc);
    }
}

static void draw_shuffle_band(viz_canvas *c, const viz_layout *L, const viz_scene *sc)
{
    float y0 = (float)L->y_band + 2 * L->s, y1 = (float)L->y_res - 2 * L->s;
    float hb = y1 - y0, head = fminf(8 * L->s, L->col_w * .3f), lw = fmaxf(1.f, 1.2f * L->s);
    /* arrows: a dark outline first, so crossing routes stay apart */
    for (unsigned i = 0; i < sc->narrows; i++) {
        const viz_arrow *a = &sc->arrows[i];
        if (a->kind == VIZ_ARROW_SELF)
            continue;
        uint32_t col = a->kind == VIZ_ARROW_ZERO ? VIZ_C_BAD : viz_group_colour[a->group];
        float sx = viz_lane_cx(L, a->src), dx = viz_lane_cx(L, a->dst);
        float p[8] = {sx, y0, sx, y0 + hb * .45f, dx, y1 - head - hb * .4f, dx, y1 - head};
        viz_bezier(c, p, lw + 1.6f * L->s, VIZ_C_BG);
        viz_bezier(c, p, lw, col);
        viz_disc(c, sx, y0 + lw, lw + .9f * L->s, col);
        viz_arrow_head(c, dx, y1, head, col);
    }
    /* out of range: a small loop, the lane reads itself */
    float rr = fminf(7 * L->s, L->col_w * .22f);
    for (unsigned i = 0; i < sc->narrows; i++) {
        const viz_arrow *a = &sc->arrows[i];
        if (a->kind != VIZ_ARROW_SELF)
            continue;
        float cx = viz_lane_cx(L, a->dst), cy = y1 - head - rr;
        viz_ring(c, cx, cy, rr, fmaxf(1.5f, 2 * L->s), VIZ_C_SELF);
        viz_arrow_head(c, cx, y1, head, VIZ_C_SELF);
    }
}

static void draw_segments(viz_canvas *c, const viz_layout *L, const viz_scene *sc)
{
    unsigned seg = (sc->step->shfl_c >> 8) & 31;
    if (!seg)
        return; /* one group: the whole warp */
    for (unsigned l0 = 0; l0 < 32;) {
        unsigned l1 = l0;
        while (l1 + 1 < 32 && ((l1 + 1) & seg) == (l0 & seg))
            l1++;
        float x0 = viz_lane_x0(L, l0) + .5f, x1 = viz_lane_x1(L, l1) - .5f;
        float y0 = L->y_ops - 4 * L->s, y1 = L->y_res + L->nres * (L->h_row + 2 * L->s) + 2 * L->s;
        viz_round_frame(c, x0, y0, x1 - x0, y1 - y0, 6 * L->s, fmaxf(1.f, 1.5f * L->s), VIZ_C_SEGMENT);
        l0 = l1 + 1;
    }
}

static void draw_vote_band(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_scene *sc)
{
    char buf[64];
    const rec_step *s = sc->step;
    uint32_t p = s->vote_preds, got = ws_vote_rule((ws_vote_mode)s->insn->sub, p, s->exec);
    if (s->insn->sub == WS_VOTE_BALLOT)
        snprintf(buf, sizeof buf, "ballot = 0x%08x", got);
    else
        snprintf(buf, sizeof buf, "%s = %u", viz_vote_mode_name(s->insn->sub), got);
    float cx = (viz_lane_x0(L, 0) + viz_lane_x1(L, 31)) / 2.f, cy = L->y_band + L->h_band / 2.f;
    float pw = viz_text_width(f->ui, buf) + 28 * L->s, ph = 30 * L->s;
    float top = cy - ph / 2, bot = cy + ph / 2, lw = fmaxf(1.f, 1.f * L->s);
    for (unsigned l = 0; l < 32; l++) {
        if (!on(s->exec, l))
            continue;
        float tx = cx - pw / 2 + pw * (l + .5f) / 32;
        viz_line(c, viz_lane_cx(L, l), L->y_band + 2 * L->s, tx, top, lw, on(p, l) ? VIZ_C_TRUE : VIZ_C_FALSE);
        viz_line(c, tx, bot, viz_lane_cx(L, l), L->y_res - 8 * L->s, lw, VIZ_C_FLOW);
        viz_arrow_head(c, viz_lane_cx(L, l), L->y_res - 2 * L->s, 6 * L->s, VIZ_C_FLOW);
    }
    viz_fill(c, (int)(cx - pw / 2), (int)top, (int)pw, (int)ph, VIZ_C_PANEL);
    viz_round_frame(c, cx - pw / 2, top, pw, ph, 8 * L->s, fmaxf(1.f, 1.5f * L->s), VIZ_C_TRUE);
    viz_text_centre(c, f->ui, cx, (int)top, (int)ph, buf, VIZ_C_TEXT);
}

static void draw_flow_band(viz_canvas *c, const viz_layout *L, const viz_scene *sc)
{
    /* a lane-wise instruction: each lane computes from its own operands */
    float lw = fmaxf(1.f, .8f * L->s), head = fminf(6 * L->s, L->col_w * .25f);
    for (unsigned l = 0; l < 32; l++) {
        if (!on(sc->exec, l))
            continue;
        float x = viz_lane_cx(L, l);
        viz_line(c, x, L->y_band + 6 * L->s, x, L->y_res - 2 * L->s - head, lw, VIZ_C_FLOW);
        viz_arrow_head(c, x, L->y_res - 2 * L->s, head, VIZ_C_FLOW);
    }
}

/* The vote's predicate row: 1 on a green bar, 0 on grey. */
static void predicate_row(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_scene *sc, const viz_row *r, int y)
{
    char lab[64];
    snprintf(lab, sizeof lab, "%s%s", sc->step->insn->ops[1].neg ? "!" : "", r->label);
    row_label(c, f, L, y, L->h_row, lab, "predicate");
    int gap = L->col_w > 20 ? 2 : 1, bar = (int)fmaxf(2, 4 * L->s);
    for (unsigned l = 0; l < 32; l++) {
        if (!on(sc->exec, l))
            continue;
        bool t = on(sc->step->vote_preds, l);
        int x0 = viz_lane_x0(L, l) + gap, x1 = viz_lane_x1(L, l) - gap;
        viz_fill(c, x0, y, x1 - x0, L->h_row, VIZ_C_CELL);
        viz_fill(c, x0, y + L->h_row - bar, x1 - x0, bar, t ? VIZ_C_TRUE : VIZ_C_FALSE);
        viz_text_centre(c, f->value, (x0 + x1) / 2.f, y, L->h_row - bar, t ? "1" : "0", t ? VIZ_C_TRUE : VIZ_C_DIM);
    }
}

static void draw_lanes(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const viz_scene *sc, int sel)
{
    const recording *r = v->rec;
    int gap = L->col_w > 20 ? 2 : 1, rgap = (int)(2 * L->s);
    int ybot = L->y_res + (int)L->nres * (L->h_row + rgap) - rgap;
    if (r->nwatch)
        ybot = L->y_watch + (int)r->nwatch * (L->h_watch + (int)(4 * L->s)) - (int)(4 * L->s);
    /* lane columns that do not execute: grey from the operand rows to the last row */
    if (sc->kind == VIZ_FRAME_STEP)
        for (unsigned l = 0; l < 32; l++)
            if (!on(sc->exec, l))
                viz_fill(c, viz_lane_x0(L, l) + gap, L->y_ops, viz_lane_x1(L, l) - viz_lane_x0(L, l) - 2 * gap,
                         ybot - L->y_ops, VIZ_C_INACTIVE);
    /* the selected lane: a frame around its column, and a mark under the lanes its value came from */
    rec_prov prov = {0, 0};
    if (sel >= 0) {
        for (unsigned i = 0; i < sc->nres; i++)
            if (on(sc->res[i].live | sc->exec, (unsigned)sel) && on(sc->res[i].set, (unsigned)sel)) {
                prov = sc->res[i].prov[sel];
                break;
            }
        float x0 = viz_lane_x0(L, (unsigned)sel) + .5f, x1 = viz_lane_x1(L, (unsigned)sel) - .5f;
        viz_round_frame(c, x0, L->y_lane, x1 - x0, ybot + 3 * L->s - L->y_lane, 4 * L->s, fmaxf(1.5f, 2 * L->s),
                        VIZ_C_PROV);
    }
    /* lane numbers */
    viz_text_mid(c, f->small, L->pad, L->y_lane, L->h_lane, "lane", VIZ_C_DIM);
    for (unsigned l = 0; l < 32; l++) {
        char num[8];
        snprintf(num, sizeof num, "%u", l);
        uint32_t col = on(sc->exec, l) ? VIZ_C_ACCENT : on(sc->active, l) ? VIZ_C_DIM : VIZ_C_INACT_TXT;
        viz_text_centre(c, f->small, viz_lane_cx(L, l), L->y_lane, L->h_lane, num, (int)l == sel ? VIZ_C_PROV : col);
        if (on(prov.lanes, l))
            viz_fill(c, viz_lane_x0(L, l) + 2 * gap, L->y_lane + L->h_lane,
                     viz_lane_x1(L, l) - viz_lane_x0(L, l) - 4 * gap, (int)fmaxf(2, 3 * L->s), VIZ_C_PROV);
    }
    if (sc->is_shfl)
        draw_segments(c, L, sc);
    /* operand rows: those that differ between lanes (uniform ones are chips above) */
    unsigned shown = 0;
    for (unsigned i = 0; i < sc->nops && shown < L->nops; i++) {
        const viz_row *row = &sc->ops[i];
        if (row->uniform && !(sc->is_vote && i == 0))
            continue;
        int y = L->y_ops + (int)shown++ * (L->h_row + rgap);
        if (sc->is_vote && i == 0)
            predicate_row(c, f, L, sc, row, y);
        else
            value_row(c, f, L, sc, row, y, L->h_row, NULL, sc->exec);
    }
    /* the band */
    if (sc->banks.present)
        viz_draw_banks(c, f, L, sc);
    else if (sc->is_shfl)
        draw_shuffle_band(c, L, sc);
    else if (sc->is_vote)
        draw_vote_band(c, f, L, sc);
    else if (sc->kind == VIZ_FRAME_STEP && sc->nres)
        draw_flow_band(c, L, sc);
    /* results: a shuffle's received values in their route's colour */
    uint32_t colour[32];
    for (unsigned d = 0; d < L->nres; d++) {
        const viz_row *row = &sc->res[d];
        const uint32_t *cols = NULL;
        if (sc->is_shfl) {
            for (unsigned l = 0; l < 32; l++)
                colour[l] = VIZ_C_TEXT;
            for (unsigned i = 0; i < sc->narrows; i++) {
                const viz_arrow *a = &sc->arrows[i];
                colour[a->dst] = a->kind == VIZ_ARROW_SELF   ? VIZ_C_SELF
                                 : a->kind == VIZ_ARROW_ZERO ? VIZ_C_BAD
                                 : d == 0                    ? viz_group_colour[a->group]
                                                             : VIZ_C_TRUE;
            }
            cols = colour;
        }
        value_row(c, f, L, sc, row, L->y_res + (int)d * (L->h_row + rgap), L->h_row, cols, row->live);
    }
    /* watched registers */
    for (unsigned i = 0; sc->step && i < r->nwatch; i++) {
        viz_row w;
        memset(&w, 0, sizeof w);
        const rec_step *s = sc->step;
        w.reg = r->watch[i];
        w.set = s->watch_set[i];
        w.is_float = r->k->regs[w.reg].type == WS_T_F32 || r->is_float[w.reg];
        snprintf(w.label, sizeof w.label, "%s", r->k->regs[w.reg].name);
        snprintf(w.role, sizeof w.role, "watch");
        for (unsigned l = 0; l < 32; l++) {
            w.val[l] = s->watch_val[i * 32 + l];
            if (on(w.set, l))
                rec_format_value(r, w.reg, w.val[l], w.text[l], VIZ_TEXT);
        }
        value_row(c, f, L, sc, &w, L->y_watch + (int)i * (L->h_watch + (int)(4 * L->s)), L->h_watch, NULL, sc->exec);
    }
}

void viz_draw_scene(viz_canvas *c, viz_fonts *f, const viz_view *v, const viz_scene *sc)
{
    viz_layout L;
    viz_layout_compute(&L, c->w, c->h, sc, v->rec->nwatch);
    viz_fill(c, 0, 0, c->w, c->h, VIZ_C_BG);
    draw_header(c, f, &L, v, sc);
    int sel = viz_view_lane(v);
    if (sc->kind == VIZ_FRAME_STEP || sc->kind == VIZ_FRAME_RESULT) {
        if (sc->step || sc->kind == VIZ_FRAME_RESULT) {
            draw_insn(c, f, &L, sc);
            draw_lanes(c, f, &L, v, sc, sel);
        } else {
            viz_text_mid(c, f->big, L.pad, L.insn_y, L.insn_h, "this warp executed nothing in the chosen block",
                         VIZ_C_DIM);
        }
    }
    viz_draw_strip(c, f, &L, v, sc);
    int py = L.y_panel, ph = c->h - py - L.pad;
    if (ph <= 20)
        return;
    if (sel >= 0 && viz_scene_lane_value(sc, sel) != REC_NONE) {
        viz_draw_tree(c, f, &L, v, sc, sel, py, ph);
        return;
    }
    int sw = (int)((c->w - 3 * L.pad) * .64f);
    viz_draw_source(c, f, &L, v, sc, L.pad, py, sw, ph);
    viz_draw_legend(c, f, &L, v, sc, 2 * L.pad + sw, py, c->w - 3 * L.pad - sw, ph);
}

void viz_draw(viz_canvas *c, viz_fonts *f, const viz_view *v)
{
    static viz_scene sc; /* large: kept off the stack (one frame is drawn at a time) */
    viz_scene_build(&sc, v);
    viz_draw_scene(c, f, v, &sc);
}
