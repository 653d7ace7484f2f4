/* draw_tree: the provenance of the selected lane's value, in the lane columns: one row per
 * instruction it went through (earliest at the top, register moves and shuffles folded into
 * the edges), a node in the column of each lane that computed a part of it, an edge from each
 * part to what it fed. Its inputs are at the top, the value itself at the bottom. */
#include "draw_util.h"
#include "provenance.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void viz_draw_tree(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const viz_scene *sc, int lane,
                   int y, int h)
{
    const recording *r = v->rec;
    float s = L->s;
    viz_fill(c, L->pad, y, L->w - 2 * L->pad, h, VIZ_C_PANEL);
    viz_tree t;
    rec_ref root = viz_scene_lane_value(sc, lane);
    if (root == REC_NONE || viz_tree_build(&t, r, root, (unsigned)lane) != 0)
        return;
    /* the title: the value, where it came from */
    int th = (int)(26 * s);
    char val[VIZ_TEXT], lanes[128], title[400];
    viz_node_text(r, root, (unsigned)lane, val, sizeof val);
    int o = snprintf(title, sizeof title, "lane %d = %s", lane, val);
    if (t.prov.lanes)
        o += snprintf(title + o, sizeof title - (size_t)o, " = the inputs of lane%s %s",
                      __builtin_popcount(t.prov.lanes) > 1 ? "s" : "", viz_lanes_text(t.prov.lanes, lanes, sizeof lanes));
    if (t.prov.warps)
        o += snprintf(title + o, sizeof title - (size_t)o, "%s warp%s %s", t.prov.lanes ? " and of" : " = the inputs of",
                      __builtin_popcount(t.prov.warps) > 1 ? "s" : "", viz_lanes_text(t.prov.warps, lanes, sizeof lanes));
    snprintf(title + o, sizeof title - (size_t)o, ", through %u instruction%s%s", t.ninsns, t.ninsns == 1 ? "" : "s",
             t.cut ? " (earliest ones left out)" : "");
    /* the tree's legend line, right-aligned */
    viz_legend_item items[VIZ_MAX_LEGEND];
    unsigned n = viz_legend(sc, v, L, items);
    int lx = L->w - L->pad - (int)(10 * s);
    for (unsigned i = n; i-- > 0;) {
        if (items[i].where != VIZ_IN_TREE)
            continue;
        lx -= viz_text_width(f->small, items[i].label);
        viz_text_mid(c, f->small, lx, y, th, items[i].label, VIZ_C_TEXT);
        lx -= (int)(36 * s);
        viz_swatch(c, L, lx, y, th, &items[i]);
        lx -= (int)(12 * s);
    }
    viz_fit_text(f->ui, title, sizeof title, lx - L->pad - (int)(20 * s), false);
    viz_text_mid(c, f->ui, L->pad + (int)(10 * s), y, th, title, VIZ_C_PROV);
    if (!t.nrows) {
        viz_tree_free(&t);
        return;
    }
    /* rows */
    int y0 = y + th + (int)(4 * s);
    float rh = fminf(60 * s, (float)(y + h - (int)(6 * s) - y0) / (float)t.nrows);
    bool cells = rh >= 17 * s;
    for (unsigned i = 0; i < t.nrows && rh >= 11 * s; i++) {
        const rec_step *st = &r->steps[t.row_step[i]];
        char lab[200], text[160];
        ws_insn_print(r->m, r->k, st->insn, text, sizeof text);
        text[strcspn(text, " ")] = 0; /* the mnemonic, without its type: ld.global, add */
        char *dot = strrchr(text, '.');
        if (dot && strchr("busf", dot[1]) && (dot[2] >= '0' && dot[2] <= '9'))
            *dot = 0;
        if (st->warp != sc->warp)
            snprintf(lab, sizeof lab, "w%u %u %s", st->warp, st->line, text);
        else
            snprintf(lab, sizeof lab, "%u %s", st->line, text);
        viz_fit_text(f->small, lab, sizeof lab, L->lanes_x - L->pad - (int)(14 * s), false);
        viz_text_mid(c, f->small, L->pad + (int)(6 * s), y0 + (int)lroundf(i * rh), (int)rh, lab, VIZ_C_DIM);
    }
    /* edges, then the nodes over their ends */
    /* nodes leave room between rows for the edges to show where they go */
    float nh = cells ? fminf(24 * s, rh * .62f) : fmaxf(2.f, rh * .5f);
    float lw = fmaxf(1.f, 1.1f * s);
    for (size_t i = 0; i < t.nedges; i++) {
        const viz_tree_node *a = &t.nodes[t.edges[i].from], *b = &t.nodes[t.edges[i].to];
        float ax = viz_lane_cx(L, a->lane), ay = y0 + (a->row + .5f) * rh + nh / 2;
        float bx = viz_lane_cx(L, b->lane), by = y0 + (b->row + .5f) * rh - nh / 2;
        uint32_t col = t.edges[i].moved ? VIZ_C_ARROW : 0x6b7385u;
        viz_line(c, ax, ay, bx, by, lw + 1.2f * s, VIZ_C_PANEL);
        viz_line(c, ax, ay, bx, by, lw, col);
    }
    int gap = L->col_w > 20 ? 2 : 1;
    for (size_t i = 0; i < t.nnodes; i++) {
        const viz_tree_node *nd = &t.nodes[i];
        float cy = y0 + (nd->row + .5f) * rh;
        uint32_t fill = i == 0 ? VIZ_C_PROV : nd->leaf ? VIZ_C_LEAF : VIZ_C_CELL;
        if (!cells) {
            viz_disc(c, viz_lane_cx(L, nd->lane), cy, fmaxf(1.5f, fminf(nh, L->col_w * .6f) / 2), fill);
            continue;
        }
        int x0 = viz_lane_x0(L, nd->lane) + gap, x1 = viz_lane_x1(L, nd->lane) - gap;
        viz_fill(c, x0, (int)(cy - nh / 2), x1 - x0, (int)nh, fill);
        char v2[VIZ_TEXT + 8];
        viz_node_text(r, nd->ref, nd->lane, v2, sizeof v2);
        viz_fit_text(f->value, v2, sizeof v2, x1 - x0 - 2, strncmp(v2, "0x", 2) && strpbrk(v2, ".e"));
        viz_text_centre(c, f->value, (x0 + x1) / 2.f, (int)(cy - nh / 2), (int)nh, v2,
                        fill == VIZ_C_CELL ? VIZ_C_TEXT : VIZ_C_BG);
    }
    viz_tree_free(&t);
}
