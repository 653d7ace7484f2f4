/* draw_banks: a shared-memory access in the band between its operand and result rows. Bank b
 * stands under lane column b; each distinct word a bank serves is a cell, stacked by the
 * wavefront that serves it, so a conflict is a tall stack and its height is the wavefronts the
 * access needs. A line runs from each lane to the bank of each word it touches, in the colour
 * of that word's wavefront (a vector access: one line to a bar over its run of banks, one
 * height per wavefront); a cell that several lanes share (a broadcast) is framed. */
#include "draw_util.h"

#include <math.h>
#include <stdio.h>

void viz_draw_banks(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_scene *sc)
{
    const viz_banks *B = &sc->banks;
    float s = L->s;
    int y_top = L->y_band + (int)(2 * s);
    int y_lbl = L->y_band + (int)(L->h_band * .34f), h_lbl = (int)(20 * s);
    int y_stack = y_lbl + h_lbl + (int)(2 * s), y_end = L->y_res - (int)(6 * s);
    unsigned rows = B->map.wavefronts ? B->map.wavefronts : 1;
    float cell = fminf(L->h_row * .8f, (float)(y_end - y_stack) / (float)rows);
    int gap = L->col_w > 20 ? 3 : 1;
    /* labels: the bank numbers, and what the stacks mean */
    viz_text_mid(c, f->small, L->pad, y_lbl, h_lbl, "bank", VIZ_C_DIM);
    for (unsigned b = 0; b < 32; b++) {
        char num[8];
        snprintf(num, sizeof num, "%u", b);
        viz_text_centre(c, f->small, viz_lane_cx(L, b), y_lbl, h_lbl, num,
                        B->words_in_bank[b] ? VIZ_C_TEXT : VIZ_C_INACT_TXT);
    }
    char buf[64];
    int lh = viz_font_height(f->small);
    snprintf(buf, sizeof buf, "%u wavefront%s", B->map.wavefronts, B->map.wavefronts == 1 ? "" : "s");
    viz_text(c, f->small, L->pad, y_stack, buf, B->map.wavefronts > B->map.min_wavefronts ? VIZ_C_BAD : VIZ_C_TEXT);
    if (B->degree > 1) {
        snprintf(buf, sizeof buf, "%u-way", B->degree);
        viz_text(c, f->small, L->pad, y_stack + lh, buf, VIZ_C_BAD);
        viz_text(c, f->small, L->pad, y_stack + 2 * lh, "conflict", VIZ_C_BAD);
    }
    /* lines first, then the cells over their ends */
    float lw = fmaxf(1.f, .9f * s), y1 = y_lbl - 2 * s;
    unsigned nw = B->map.wavefronts ? B->map.wavefronts : 1;
    float step = fminf(10 * s, (y1 - (float)y_top) * .6f / (float)nw);
    for (unsigned l = 0; l < 32; l++) {
        if (!((B->lanes >> l) & 1))
            continue;
        float x0 = viz_lane_cx(L, l);
        unsigned b0 = 0, wave = 0;
        if (viz_bank_run(B, l, &b0, &wave)) {
            /* a vector access: one line to a bar over the run of banks it spans, at the height of its
             * wavefront (the first nearest the lanes), so 32 lines show 128 words */
            uint32_t col = viz_group_colour[wave % VIZ_NGROUPS];
            float yb = y1 - (float)(nw - 1 - wave) * step - 1.5f * s;
            /* the bar stops short of its run's edges, so neighbouring runs stay apart */
            float inset = gap + L->col_w * .15f;
            float bx0 = (float)viz_lane_x0(L, b0) + inset, bx1 = (float)viz_lane_x1(L, b0 + B->map.words - 1) - inset;
            viz_line(c, x0, (float)y_top, (bx0 + bx1) / 2, yb, lw + 1.2f * s, VIZ_C_BG);
            viz_line(c, x0, (float)y_top, (bx0 + bx1) / 2, yb, lw, col);
            viz_line(c, bx0, yb, bx1, yb, fmaxf(1.f, 1.6f * s), col);
            viz_disc(c, x0, (float)y_top + lw, lw + .9f * s, col);
            continue;
        }
        for (unsigned w = 0; w < B->map.words; w++) {
            unsigned b = B->map.bank[l][w];
            uint32_t col = viz_group_colour[B->map.wave[l][w] % VIZ_NGROUPS];
            float x1 = viz_lane_cx(L, b);
            viz_line(c, x0, (float)y_top, x1, y1, lw + 1.2f * s, VIZ_C_BG);
            viz_line(c, x0, (float)y_top, x1, y1, lw, col);
        }
    }
    for (unsigned l = 0; l < 32; l++)
        for (unsigned w = 0; ((B->lanes >> l) & 1) && w < B->map.words; w++) {
            if (B->map.first[l][w] != (int8_t)l)
                continue; /* the cell is drawn once, by the lane that brings the word */
            unsigned b = B->map.bank[l][w], wave = B->map.wave[l][w], nlanes = 0, only = l;
            for (unsigned k = 0; k < 32; k++)
                for (unsigned x = 0; ((B->lanes >> k) & 1) && x < B->map.words; x++)
                    if (B->map.first[k][x] == (int8_t)l && B->map.bank[k][x] == b && B->map.wave[k][x] == wave)
                        nlanes++, only = k;
            int x0 = viz_lane_x0(L, b) + gap, x1 = viz_lane_x1(L, b) - gap;
            int y0 = y_stack + (int)lroundf(wave * cell), h = (int)fmaxf(1, lroundf(cell) - (cell >= 4 ? 1 : 0));
            uint32_t col = viz_group_colour[wave % VIZ_NGROUPS];
            viz_fill(c, x0, y0, x1 - x0, h, col);
            if (nlanes > 1)
                viz_frame(c, x0 - gap + 1, y0, x1 - x0 + 2 * gap - 2, h, (int)fmaxf(1, 2 * s), VIZ_C_TRUE);
            if (cell >= 13 * s) {
                char t[16];
                if (nlanes > 1)
                    snprintf(t, sizeof t, "\xc3\x97%u", nlanes); /* x4: a broadcast to 4 lanes */
                else
                    snprintf(t, sizeof t, "%u", only);
                viz_fit_text(f->small, t, sizeof t, x1 - x0, false);
                viz_text_centre(c, f->small, (x0 + x1) / 2.f, y0, h, t, VIZ_C_BG);
            }
        }
}
