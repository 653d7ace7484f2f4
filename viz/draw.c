/* draw: a frame of the replay. Top to bottom: a header (file, block, warp, step, cycle), the
 * instruction and what it does, the 32 lane columns of the warp (operand row, a band where
 * shuffles route values and votes gather predicates, result rows, watched registers), and the
 * PTX source with the current line highlighted beside a legend. */
#include "draw.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void viz_layout_compute(viz_layout *L, int w, int h, unsigned nwatch)
{
    float s = fminf(w / 1280.f, h / 720.f);
    if (s < .4f)
        s = .4f;
    L->w = w;
    L->h = h;
    L->s = s;
    L->pad = (int)(16 * s);
    L->header_h = (int)(40 * s);
    L->insn_y = L->header_h + (int)(8 * s);
    L->insn_h = (int)(50 * s);
    L->lanes_x = L->pad + (int)(92 * s);
    L->col_w = (float)(w - L->lanes_x - L->pad) / 32.f;
    L->y_lane = L->insn_y + L->insn_h + (int)(6 * s);
    L->h_lane = (int)(18 * s);
    L->h_row = (int)(28 * s);
    L->y_a = L->y_lane + L->h_lane + (int)(6 * s);
    L->y_band = L->y_a + L->h_row + (int)(2 * s);
    L->h_band = (int)((150 - 16 * (nwatch > 4 ? 4 : nwatch)) * s);
    L->y_b = L->y_band + L->h_band + (int)(2 * s);
    L->y_p = L->y_b + L->h_row + (int)(4 * s);
    L->h_watch = (int)(24 * s);
    L->y_watch = L->y_p + L->h_row + (int)(10 * s);
    L->y_panel = L->y_watch + (int)nwatch * (L->h_watch + (int)(4 * s)) + (int)(8 * s);
}

int viz_lane_x0(const viz_layout *L, unsigned lane) { return L->lanes_x + (int)lroundf(lane * L->col_w); }
int viz_lane_x1(const viz_layout *L, unsigned lane) { return L->lanes_x + (int)lroundf((lane + 1) * L->col_w); }
float viz_lane_cx(const viz_layout *L, unsigned lane) { return L->lanes_x + (lane + .5f) * L->col_w; }

int viz_fonts_open(viz_fonts *f, const char *path, int w, int h)
{
    viz_layout L;
    viz_layout_compute(&L, w, h, 0);
    float s = L.s;
    int vpx = (int)fminf(L.col_w / 3.2f, 14 * s);
    memset(f, 0, sizeof *f);
    f->w = w;
    f->h = h;
    f->ui = viz_font_open(path, (int)lroundf(14 * s));
    f->small = viz_font_open(path, (int)lroundf(11 * s));
    f->big = viz_font_open(path, (int)lroundf(18 * s));
    f->code = viz_font_open(path, (int)lroundf(13.5f * s));
    f->value = viz_font_open(path, vpx < 7 ? 7 : vpx);
    f->value_small = viz_font_open(path, vpx * 3 / 4 < 6 ? 6 : vpx * 3 / 4);
    if (!f->ui || !f->small || !f->big || !f->code || !f->value || !f->value_small) {
        viz_fonts_close(f);
        return -1;
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
    viz_font_close(f->value_small);
    memset(f, 0, sizeof *f);
}

/* ---- helpers --------------------------------------------------------------------------------- */

static int text_mid(viz_canvas *c, viz_font *f, int x, int y, int h, const char *s, uint32_t rgb)
{
    return viz_text(c, f, x, y + (h - viz_font_height(f)) / 2, s, rgb);
}

static void text_right(viz_canvas *c, viz_font *f, int xr, int y, int h, const char *s, uint32_t rgb)
{
    text_mid(c, f, xr - viz_text_width(f, s), y, h, s, rgb);
}

/* Writes the value of reg so that it fits avail pixels: floats lose digits, other text its
 * tail; returns the font to use. */
static viz_font *fit_value(const recording *r, viz_fonts *f, uint32_t reg, uint64_t v, int avail, char *out, size_t cap)
{
    rec_format_value(r, reg, v, out, cap);
    viz_font *fonts[2] = {f->value, f->value_small};
    bool is_float = reg < r->k->nregs && (r->k->regs[reg].type == WS_T_F32 || r->is_float[reg]);
    for (int i = 0; i < 2; i++) {
        if (viz_text_width(fonts[i], out) <= avail)
            return fonts[i];
        if (is_float && r->k->regs[reg].type != WS_T_F64) {
            uint32_t u = (uint32_t)v;
            float x;
            memcpy(&x, &u, 4);
            for (int p = 5; p >= 2; p--) {
                snprintf(out, cap, "%.*g", p, (double)x);
                if (viz_text_width(fonts[i], out) <= avail)
                    return fonts[i];
            }
            rec_format_value(r, reg, v, out, cap);
        }
    }
    int fit = avail / viz_font_advance(f->value_small);
    if (fit < 2)
        fit = 2;
    size_t len = strlen(out);
    if ((size_t)fit < len && (size_t)fit + 3 < cap) {
        if (out[0] == '0' && out[1] == 'x') {
            /* addresses differ in their low digits: keep the tail */
            memmove(out + 3, out + len - (size_t)(fit - 1), (size_t)fit);
            memcpy(out, "\xe2\x80\xa6", 3);
        } else {
            strcpy(out + fit - 1, "\xe2\x80\xa6"); /* ... */
        }
    }
    return f->value_small;
}

static const char *reg_name(const recording *r, uint32_t reg)
{
    return reg < r->k->nregs ? r->k->regs[reg].name : "";
}

static bool lane_on(uint32_t mask, unsigned l) { return (mask >> l) & 1; }

/* One row of 32 cells. vals may be NULL (nothing to show); set says which lanes hold a
 * written value. */
static void value_row(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, int y, int h,
                      uint32_t exec, uint32_t reg, const uint64_t *vals, uint32_t set, const char *label,
                      const char *role, const uint32_t *colour)
{
    const recording *r = v->rec;
    int lx = L->pad;
    if (label) {
        int yy = role ? y + (h - viz_font_height(f->ui) - viz_font_height(f->small) + 2) / 2 : y;
        if (role) {
            viz_text(c, f->ui, lx, yy, label, VIZ_C_TEXT);
            viz_text(c, f->small, lx, yy + viz_font_height(f->ui) - 2, role, VIZ_C_DIM);
        } else {
            text_mid(c, f->ui, lx, y, h, label, VIZ_C_TEXT);
        }
    }
    int gap = L->col_w > 20 ? 2 : 1;
    if (!vals) {
        for (unsigned l = 0; l < 32; l++)
            if (lane_on(exec, l))
                viz_fill(c, viz_lane_x0(L, l) + gap, y, viz_lane_x1(L, l) - viz_lane_x0(L, l) - 2 * gap, h, VIZ_C_CELL);
        return;
    }
    bool fl = reg < r->k->nregs && (r->k->regs[reg].type == WS_T_F32 || r->is_float[reg]);
    for (unsigned l = 0; l < 32; l++) {
        int x0 = viz_lane_x0(L, l) + gap, x1 = viz_lane_x1(L, l) - gap;
        bool on = lane_on(exec, l);
        /* a run of executing lanes that all hold one value too wide for a cell (an address, a
         * ballot) becomes one wide cell */
        unsigned run = l;
        while (!colour && on && lane_on(set, l) && run + 1 < 32 && lane_on(exec, run + 1) && lane_on(set, run + 1) &&
               vals[run + 1] == vals[l])
            run++;
        if (run > l) {
            char full[48];
            rec_format_value(r, reg, vals[l], full, sizeof full);
            if (viz_text_width(f->value_small, full) > x1 - x0 - 2) {
                int xe = viz_lane_x1(L, run) - gap;
                viz_fill(c, x0, y, xe - x0, h, VIZ_C_CELL);
                viz_font *ft = fit_value(r, f, reg, vals[l], xe - x0 - 4, full, sizeof full);
                text_mid(c, ft, (x0 + xe - viz_text_width(ft, full)) / 2, y, h, full, fl ? VIZ_C_FLOAT : VIZ_C_TEXT);
                l = run;
                continue;
            }
        }
        if (on)
            viz_fill(c, x0, y, x1 - x0, h, VIZ_C_CELL);
        char buf[48];
        viz_font *ft;
        uint32_t col = on ? (colour ? colour[l] : VIZ_C_TEXT) : VIZ_C_INACT_TXT;
        if (!lane_on(set, l)) {
            snprintf(buf, sizeof buf, "\xc2\xb7"); /* never written */
            ft = f->value;
        } else {
            ft = fit_value(r, f, reg, vals[l], x1 - x0 - 2, buf, sizeof buf);
            if (on && !colour && fl)
                col = VIZ_C_FLOAT;
        }
        int tw = viz_text_width(ft, buf);
        text_mid(c, ft, (x0 + x1 - tw) / 2, y, h, buf, col);
    }
}

static void arrow_head(viz_canvas *c, float x, float y, float size, uint32_t rgb)
{
    float t[6] = {x - size * .6f, y - size, x + size * .6f, y - size, x, y};
    viz_triangle(c, t, rgb);
}

static const char *shfl_mode_name(unsigned m)
{
    static const char *n[] = {"up", "down", "bfly", "idx"};
    return m < 4 ? n[m] : "?";
}

static const char *vote_mode_name(unsigned m)
{
    static const char *n[] = {"all", "any", "uni", "ballot"};
    return m < 4 ? n[m] : "?";
}

/* ---- the parts of a frame ---------------------------------------------------------------------- */

static void draw_header(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const rec_step *s)
{
    viz_fill(c, 0, 0, L->w, L->header_h, VIZ_C_PANEL);
    viz_fill(c, 0, L->header_h - 1, L->w, 1, VIZ_C_RULE);
    int x = text_mid(c, f->big, L->pad, 0, L->header_h, "warpsim", VIZ_C_ACCENT);
    x = text_mid(c, f->big, x, 0, L->header_h, " viz", VIZ_C_DIM);
    const char *file = v->path ? strrchr(v->path, '/') : NULL;
    file = file ? file + 1 : v->path ? v->path : "";
    char buf[256];
    snprintf(buf, sizeof buf, "   %s  \xc2\xb7  %s", file, v->rec->k->name);
    text_mid(c, f->ui, x, 0, L->header_h, buf, VIZ_C_TEXT);
    size_t total = 0;
    for (size_t i = 0; i < v->rec->nsteps; i++)
        total += v->rec->steps[i].warp == v->warp;
    snprintf(buf, sizeof buf, "block %u   warp %u/%u   step %zu/%zu%s   cycle %llu", v->rec->block, v->warp,
             v->rec->nwarps, v->norder ? v->pos + 1 : 0, v->norder, v->only ? " shown" : "",
             s ? (unsigned long long)s->cycle : 0ull);
    text_right(c, f->ui, L->w - L->pad, 0, L->header_h, buf, VIZ_C_TEXT);
}

static void draw_insn(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const rec_step *s)
{
    const recording *r = v->rec;
    char text[256], buf[512];
    ws_insn_print(r->m, r->k, s->insn, text, sizeof text);
    int y = L->insn_y, h1 = (int)(26 * L->s);
    snprintf(buf, sizeof buf, "line %u", s->line);
    int x = text_mid(c, f->ui, L->pad, y, h1, buf, VIZ_C_DIM);
    text_mid(c, f->big, x + (int)(16 * L->s), y, h1, text, VIZ_C_TEXT);
    unsigned n = (unsigned)__builtin_popcount(s->exec);
    if (s->is_shfl) {
        unsigned seg = (s->shfl_c >> 8) & 31, clamp = s->shfl_c & 31, width = 32 - seg, in = 0, self = 0, bad = 0;
        for (unsigned l = 0; l < 32; l++)
            if (lane_on(s->exec, l)) {
                if (!s->shfl_in_range[l])
                    self++;
                else if (!lane_on(s->exec, (unsigned)s->shfl_src[l]))
                    bad++;
                else
                    in++;
            }
        char wtxt[64];
        if ((width & (width - 1)) == 0 && (seg & (width - 1)) == 0)
            snprintf(wtxt, sizeof wtxt, "width %u", width);
        else
            snprintf(wtxt, sizeof wtxt, "segment mask 0x%02x", seg);
        int o = snprintf(buf, sizeof buf, "shuffle %s %s %u  \xc2\xb7  c = 0x%x: %s, clamp %u  \xc2\xb7  membermask 0x%08x",
                         shfl_mode_name(s->shfl_mode),
                         s->shfl_mode == WS_SHFL_IDX ? "lane" : s->shfl_mode == WS_SHFL_BFLY ? "xor" : "by", s->shfl_b & 31,
                         s->shfl_c, wtxt, clamp, s->member_mask);
        if (in)
            o += snprintf(buf + o, sizeof buf - (size_t)o, "  \xc2\xb7  %u read another lane", in);
        if (self)
            o += snprintf(buf + o, sizeof buf - (size_t)o, "  \xc2\xb7  %u out of range", self);
        if (bad)
            snprintf(buf + o, sizeof buf - (size_t)o, "  \xc2\xb7  %u read a lane that did not execute", bad);
    } else if (s->is_vote) {
        uint32_t p = s->vote_preds;
        unsigned m = s->insn->sub;
        if (m == WS_VOTE_BALLOT)
            snprintf(buf, sizeof buf, "vote.ballot: bit k of the result is lane k's predicate  \xc2\xb7  result 0x%08x", p);
        else
            snprintf(buf, sizeof buf, "vote.%s over the %u executing lanes: predicates 0x%08x \xe2\x86\x92 %u",
                     vote_mode_name(m), n, p,
                     m == WS_VOTE_ALL ? p == s->exec : m == WS_VOTE_ANY ? p != 0 : (p == s->exec || p == 0));
    } else {
        snprintf(buf, sizeof buf, "%u of 32 lanes execute (0x%08x)%s", n, s->exec,
                 s->exec != s->active ? "; the other active lanes' guard is false" : "");
    }
    text_mid(c, f->ui, L->pad, y + h1, L->insn_h - h1, buf, VIZ_C_DIM);
}

static void draw_shuffle_band(viz_canvas *c, const viz_layout *L, const rec_step *s)
{
    float y0 = (float)L->y_band + 2 * L->s, y1 = (float)L->y_b - 2 * L->s;
    float hb = y1 - y0, head = fminf(8 * L->s, L->col_w * .3f), lw = fmaxf(1.f, 1.1f * L->s);
    /* arrows: a dark outline first, so crossing routes stay apart */
    for (unsigned l = 0; l < 32; l++) {
        if (!lane_on(s->exec, l) || !s->shfl_in_range[l])
            continue;
        unsigned src = (unsigned)s->shfl_src[l] & 31;
        uint32_t col = lane_on(s->exec, src) ? VIZ_C_ARROW : VIZ_C_BAD;
        float sx = viz_lane_cx(L, src), dx = viz_lane_cx(L, l);
        float p[8] = {sx, y0, sx, y0 + hb * .45f, dx, y1 - head - hb * .4f, dx, y1 - head};
        viz_bezier(c, p, lw + 1.6f * L->s, VIZ_C_BG);
        viz_bezier(c, p, lw, col);
        viz_disc(c, sx, y0 + lw, lw + .9f * L->s, col);
        arrow_head(c, dx, y1, head, col);
    }
    /* out of range: a small loop, the lane reads itself */
    float rr = fminf(7 * L->s, L->col_w * .22f);
    for (unsigned l = 0; l < 32; l++) {
        if (!lane_on(s->exec, l) || s->shfl_in_range[l])
            continue;
        float cx = viz_lane_cx(L, l), cy = y1 - head - rr;
        viz_ring(c, cx, cy, rr, fmaxf(1.5f, 2 * L->s), VIZ_C_SELF);
        arrow_head(c, cx, y1, head, VIZ_C_SELF);
    }
}

static void draw_segments(viz_canvas *c, const viz_layout *L, const rec_step *s)
{
    unsigned seg = (s->shfl_c >> 8) & 31;
    for (unsigned l0 = 0; l0 < 32;) {
        unsigned l1 = l0;
        while (l1 + 1 < 32 && ((l1 + 1) & seg) == (l0 & seg))
            l1++;
        float x0 = viz_lane_x0(L, l0) + .5f, x1 = viz_lane_x1(L, l1) - .5f;
        float y0 = L->y_a - 4 * L->s, y1 = L->y_p + L->h_row + 4 * L->s;
        viz_round_frame(c, x0, y0, x1 - x0, y1 - y0, 6 * L->s, fmaxf(1.f, 1.5f * L->s), VIZ_C_SEGMENT);
        l0 = l1 + 1;
    }
}

static void draw_vote_band(viz_canvas *c, viz_fonts *f, const viz_layout *L, const rec_step *s)
{
    char buf[64];
    uint32_t p = s->vote_preds;
    unsigned m = s->insn->sub;
    if (m == WS_VOTE_BALLOT)
        snprintf(buf, sizeof buf, "ballot = 0x%08x", p);
    else
        snprintf(buf, sizeof buf, "%s = %u", vote_mode_name(m),
                 m == WS_VOTE_ALL ? p == s->exec : m == WS_VOTE_ANY ? p != 0 : (p == s->exec || p == 0));
    float cx = (viz_lane_x0(L, 0) + viz_lane_x1(L, 31)) / 2.f, cy = L->y_band + L->h_band / 2.f;
    float pw = viz_text_width(f->ui, buf) + 28 * L->s, ph = 30 * L->s;
    float top = cy - ph / 2, bot = cy + ph / 2, lw = fmaxf(1.f, 1.f * L->s);
    for (unsigned l = 0; l < 32; l++) {
        if (!lane_on(s->exec, l))
            continue;
        float tx = cx - pw / 2 + pw * (l + .5f) / 32;
        uint32_t col = lane_on(p, l) ? VIZ_C_TRUE : VIZ_C_FALSE;
        viz_line(c, viz_lane_cx(L, l), L->y_band + 2 * L->s, tx, top, lw, col);
        viz_line(c, tx, bot, viz_lane_cx(L, l), L->y_b - 8 * L->s, lw, VIZ_C_FLOW);
        arrow_head(c, viz_lane_cx(L, l), L->y_b - 2 * L->s, 6 * L->s, VIZ_C_FLOW);
    }
    viz_fill(c, (int)(cx - pw / 2), (int)top, (int)pw, (int)ph, VIZ_C_PANEL);
    viz_round_frame(c, cx - pw / 2, top, pw, ph, 8 * L->s, fmaxf(1.f, 1.5f * L->s), VIZ_C_TRUE);
    int tw = viz_text_width(f->ui, buf);
    text_mid(c, f->ui, (int)(cx - tw / 2.f), (int)top, (int)ph, buf, VIZ_C_TEXT);
}

static void draw_flow_band(viz_canvas *c, const viz_layout *L, const rec_step *s)
{
    /* a lane-wise instruction: each lane computes from its own operands */
    float lw = fmaxf(1.f, .8f * L->s), head = fminf(6 * L->s, L->col_w * .25f);
    for (unsigned l = 0; l < 32; l++) {
        if (!lane_on(s->exec, l))
            continue;
        float x = viz_lane_cx(L, l);
        viz_line(c, x, L->y_band + 6 * L->s, x, L->y_b - 2 * L->s - head, lw, VIZ_C_FLOW);
        arrow_head(c, x, L->y_b - 2 * L->s, head, VIZ_C_FLOW);
    }
}

static void draw_lanes(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const rec_step *s)
{
    const recording *r = v->rec;
    /* lane columns that do not execute: grey from the operand row to the last row */
    int ybot = L->y_p + L->h_row;
    if (r->nwatch)
        ybot = L->y_watch + (int)r->nwatch * (L->h_watch + (int)(4 * L->s)) - (int)(4 * L->s);
    int gap = L->col_w > 20 ? 2 : 1;
    for (unsigned l = 0; l < 32; l++)
        if (!lane_on(s->exec, l))
            viz_fill(c, viz_lane_x0(L, l) + gap, L->y_a, viz_lane_x1(L, l) - viz_lane_x0(L, l) - 2 * gap,
                     ybot - L->y_a, VIZ_C_INACTIVE);
    /* lane numbers */
    text_mid(c, f->small, L->pad, L->y_lane, L->h_lane, "lane", VIZ_C_DIM);
    for (unsigned l = 0; l < 32; l++) {
        char num[8];
        snprintf(num, sizeof num, "%u", l);
        int tw = viz_text_width(f->small, num);
        uint32_t col = lane_on(s->exec, l) ? VIZ_C_ACCENT : lane_on(s->active, l) ? VIZ_C_DIM : VIZ_C_INACT_TXT;
        text_mid(c, f->small, (int)(viz_lane_cx(L, l) - tw / 2.f), L->y_lane, L->h_lane, num, col);
    }
    if (s->is_shfl)
        draw_segments(c, L, s);
    /* operand row */
    if (s->is_vote) {
        uint64_t bits[32];
        uint32_t col[32];
        for (unsigned l = 0; l < 32; l++) {
            bits[l] = lane_on(s->vote_preds, l);
            col[l] = bits[l] ? VIZ_C_TRUE : VIZ_C_DIM;
        }
        uint32_t preg = s->insn->ops[1].kind == WS_OPND_REG ? s->insn->ops[1].reg : WS_NO_REG;
        char lab[40];
        snprintf(lab, sizeof lab, "%s%s", s->insn->ops[1].neg ? "!" : "", reg_name(r, preg));
        /* predicates print as 0/1 whatever the register: use a predicate-typed index */
        value_row(c, f, L, v, L->y_a, L->h_row, s->exec, WS_NO_REG, NULL, 0, lab, "pred", NULL);
        for (unsigned l = 0; l < 32; l++) {
            if (!lane_on(s->exec, l))
                continue;
            const char *t = bits[l] ? "1" : "0";
            int x0 = viz_lane_x0(L, l), x1 = viz_lane_x1(L, l);
            text_mid(c, f->value, (x0 + x1 - viz_text_width(f->value, t)) / 2, L->y_a, L->h_row, t, col[l]);
        }
    } else if (s->src_reg != WS_NO_REG) {
        value_row(c, f, L, v, L->y_a, L->h_row, s->exec, s->src_reg, s->src_val, s->src_set,
                  reg_name(r, s->src_reg), s->is_shfl ? "value" : "operand", NULL);
    }
    /* the band */
    if (s->is_shfl)
        draw_shuffle_band(c, L, s);
    else if (s->is_vote)
        draw_vote_band(c, f, L, s);
    else if (s->ndst)
        draw_flow_band(c, L, s);
    /* results */
    uint32_t colour[32];
    for (unsigned d = 0; d < 2; d++) {
        int y = d == 0 ? L->y_b : L->y_p;
        if (d >= s->ndst)
            continue;
        const uint32_t *cols = NULL;
        const char *role = d == 0 ? "result" : "2nd result";
        if (s->is_shfl) {
            for (unsigned l = 0; l < 32; l++) {
                bool bad = s->shfl_in_range[l] && !lane_on(s->exec, (unsigned)s->shfl_src[l] & 31);
                colour[l] = !s->shfl_in_range[l] ? VIZ_C_SELF : bad ? VIZ_C_BAD : d == 0 ? VIZ_C_FLOAT : VIZ_C_TRUE;
            }
            bool fl = r->k->regs[s->dst_reg[0]].type == WS_T_F32 || r->is_float[s->dst_reg[0]];
            if (d == 0 && !fl)
                for (unsigned l = 0; l < 32; l++)
                    if (colour[l] == VIZ_C_FLOAT)
                        colour[l] = VIZ_C_TEXT;
            cols = colour;
            role = d == 0 ? "received" : "in range";
        }
        value_row(c, f, L, v, y, L->h_row, s->exec, s->dst_reg[d], s->dst_val + d * 32, s->exec,
                  reg_name(r, s->dst_reg[d]), role, cols);
    }
    /* watched registers */
    for (unsigned i = 0; i < r->nwatch; i++) {
        int y = L->y_watch + (int)i * (L->h_watch + (int)(4 * L->s));
        value_row(c, f, L, v, y, L->h_watch, s->exec, r->watch[i], s->watch_val + i * 32, s->watch_set[i],
                  reg_name(r, r->watch[i]), "watch", NULL);
    }
}

static void draw_source(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const rec_step *s,
                        int x, int y, int w, int h)
{
    viz_fill(c, x, y, w, h, VIZ_C_PANEL);
    int lh = viz_font_height(f->code) + (int)(2 * L->s);
    int th = (int)(24 * L->s);
    const char *file = v->path ? strrchr(v->path, '/') : NULL;
    char title[300];
    snprintf(title, sizeof title, "PTX  %s", file ? file + 1 : v->path ? v->path : "");
    text_mid(c, f->small, x + (int)(10 * L->s), y, th, title, VIZ_C_DIM);
    int nvis = (h - th - (int)(6 * L->s)) / lh;
    if (nvis < 1 || !v->nlines)
        return;
    long cur = s ? (long)s->line : 1;
    long first = cur - nvis / 2;
    if (first + nvis - 1 > (long)v->nlines)
        first = (long)v->nlines - nvis + 1;
    if (first < 1)
        first = 1;
    int adv = viz_font_advance(f->code), gutter = 5 * adv;
    int maxch = (w - gutter - (int)(24 * L->s)) / adv;
    for (int i = 0; i < nvis && first + i <= (long)v->nlines; i++) {
        long ln = first + i;
        int yy = y + th + i * lh;
        bool here = ln == cur;
        if (here) {
            viz_fill(c, x, yy, w, lh, VIZ_C_HILITE);
            viz_fill(c, x, yy, (int)fmaxf(2, 3 * L->s), lh, VIZ_C_ACCENT);
        }
        char num[24];
        snprintf(num, sizeof num, "%ld", ln);
        text_right(c, f->code, x + gutter, yy, lh, num, here ? VIZ_C_ACCENT : VIZ_C_FALSE);
        char line[512];
        snprintf(line, sizeof line, "%s", v->lines[ln - 1]);
        if (maxch > 1 && (int)strlen(line) > maxch)
            line[maxch] = 0;
        const char *t = line;
        while (*t == ' ')
            t++;
        uint32_t col = here ? 0xffffffu : (t[0] == '/' && t[1] == '/') ? VIZ_C_FALSE : t[0] == '.' ? 0x9aa3b5u : 0xb9c0cbu;
        text_mid(c, f->code, x + gutter + (int)(12 * L->s), yy, lh, line, col);
    }
}

static void swatch_line(viz_canvas *c, viz_fonts *f, const viz_layout *L, int x, int y, int kind, uint32_t col,
                        const char *label)
{
    float s = L->s, h = 20 * s, cy = y + h / 2;
    switch (kind) {
    case 0: /* arrow */
        viz_line(c, x, cy, x + 22 * s, cy, fmaxf(1.f, 1.1f * s), col);
        viz_triangle(c, (float[6]){x + 20 * s, cy - 4 * s, x + 20 * s, cy + 4 * s, x + 28 * s, cy}, col);
        break;
    case 1: /* loop */
        viz_ring(c, x + 12 * s, cy, 6 * s, fmaxf(1.5f, 2 * s), col);
        break;
    case 2: /* block */
        viz_fill(c, x + 2, (int)(cy - 7 * s), (int)(24 * s), (int)(14 * s), col);
        break;
    default: /* frame */
        viz_round_frame(c, x + 2, cy - 7 * s, 24 * s, 14 * s, 4 * s, fmaxf(1.f, 1.5f * s), col);
        break;
    }
    text_mid(c, f->small, x + (int)(36 * s), y, (int)h, label, VIZ_C_TEXT);
}

static void draw_legend(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const rec_step *s,
                        int x, int y, int w, int h)
{
    viz_fill(c, x, y, w, h, VIZ_C_PANEL);
    float sc = L->s;
    int yy = y + (int)(8 * sc), step = (int)(21 * sc), xx = x + (int)(12 * sc);
    swatch_line(c, f, L, xx, yy, 0, VIZ_C_ARROW, "shuffle: source lane \xe2\x86\x92 destination");
    swatch_line(c, f, L, xx, yy += step, 1, VIZ_C_SELF, "out of range: the lane reads itself");
    swatch_line(c, f, L, xx, yy += step, 0, VIZ_C_BAD, "source did not execute: reads 0 (H200)");
    swatch_line(c, f, L, xx, yy += step, 3, VIZ_C_SEGMENT, "width subgroup (c operand, bits 8-12)");
    swatch_line(c, f, L, xx, yy += step, 2, VIZ_C_INACTIVE, "lane not executing this instruction");
    swatch_line(c, f, L, xx, yy += step, 2, VIZ_C_TRUE, "vote predicate true");
    yy += step + (int)(6 * sc);
    /* a diagnostic of this step, wrapped */
    int di = s ? rec_step_diag(v->rec, s) : -1;
    if (di >= 0) {
        const char *msg = v->rec->diags[di].message;
        int per = (w - (int)(24 * sc)) / viz_font_advance(f->small);
        viz_fill(c, x, yy, (int)fmaxf(2, 3 * sc), (int)(4 * 16 * sc), VIZ_C_BAD);
        text_mid(c, f->small, xx, yy, (int)(16 * sc), ws_diag_kind_name(v->rec->diags[di].kind), VIZ_C_BAD);
        yy += (int)(16 * sc);
        size_t n = strlen(msg);
        for (int row = 0; row < 5 && n && per > 8; row++) {
            size_t take = n <= (size_t)per ? n : (size_t)per;
            while (take < n && take > 1 && msg[take] != ' ')
                take--;
            char line[256];
            snprintf(line, sizeof line, "%.*s", (int)take, msg);
            text_mid(c, f->small, xx, yy, (int)(16 * sc), line, VIZ_C_TEXT);
            yy += (int)(16 * sc);
            msg += take;
            n -= take;
            while (*msg == ' ')
                msg++, n--;
        }
    }
    if (v->interactive) {
        int by = y + h - (int)(44 * sc);
        viz_fill(c, x, by - (int)(4 * sc), w, 1, VIZ_C_RULE);
        text_mid(c, f->small, xx, by, (int)(18 * sc),
                 "space play  \xe2\x86\x90/\xe2\x86\x92 step  +/- speed  n next shfl  w/W warp  q quit", VIZ_C_DIM);
        char st[96];
        snprintf(st, sizeof st, "%s  %.4g steps/s", v->playing ? "\xe2\x96\xb6 playing" : "\xe2\x9d\x9a\xe2\x9d\x9a paused",
                 v->speed);
        text_mid(c, f->small, xx, by + (int)(18 * sc), (int)(18 * sc), st, v->playing ? VIZ_C_TRUE : VIZ_C_TEXT);
    }
}

void viz_draw(viz_canvas *c, viz_fonts *f, const viz_view *v)
{
    viz_layout L;
    viz_layout_compute(&L, c->w, c->h, v->rec->nwatch);
    viz_fill(c, 0, 0, c->w, c->h, VIZ_C_BG);
    const rec_step *s = viz_view_step(v);
    draw_header(c, f, &L, v, s);
    if (s) {
        draw_insn(c, f, &L, v, s);
        draw_lanes(c, f, &L, v, s);
    } else {
        text_mid(c, f->big, L.pad, L.insn_y, L.insn_h, "this warp executed nothing in the chosen block", VIZ_C_DIM);
    }
    int py = L.y_panel, ph = c->h - py - L.pad;
    if (ph > 20) {
        int sw = (int)((c->w - 3 * L.pad) * .64f);
        draw_source(c, f, &L, v, s, L.pad, py, sw, ph);
        draw_legend(c, f, &L, v, s, 2 * L.pad + sw, py, c->w - 3 * L.pad - sw, ph);
    }
}
