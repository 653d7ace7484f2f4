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
    /* rows: nodes nh tall, the gaps between them sized by the lines that cross them */
    int y0 = y + th + (int)(4 * s);
    float rh = fminf(60 * s, (float)(y + h - (int)(6 * s) - y0) / (float)t.nrows);
    bool cells = rh >= 17 * s;
    float nh = cells ? fminf(24 * s, rh * .62f) : fmaxf(2.f, rh * .5f);
    float cy[VIZ_TREE_MAX_ROWS];
    viz_tree_row_y(&t, (float)y0, rh, nh, cy);
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
        int ly = (int)lroundf(cy[i] - rh / 2);
        viz_text_mid(c, f->small, L->pad + (int)(6 * s), ly, (int)rh, lab, VIZ_C_DIM);
        /* the gap above the row: the lane distance its cross-lane values came, when they share one */
        int d = i ? viz_tree_row_delta(&t, i) : 0;
        if (d && cy[i] - cy[i - 1] - nh >= 14 * s) {
            char dl[48];
            snprintf(dl, sizeof dl, "from lane%+d", d); /* from lane+16: each value came 16 lanes */
            viz_fit_text(f->small, dl, sizeof dl, L->lanes_x - L->pad - (int)(14 * s), false);
            int gy = (int)lroundf(cy[i - 1] + nh / 2), gh = (int)lroundf(cy[i] - cy[i - 1] - nh);
            viz_text_mid(c, f->small, L->pad + (int)(6 * s), gy, gh, dl, VIZ_C_ARROW);
        }
    }
    /* edges, then the nodes over their ends: a lane's own value falls straight down, faint; a
     * value from another lane is a curve that leaves and enters its nodes upright, with a head */
    float lw = fmaxf(1.f, 1.1f * s), head = fminf(7 * s, L->col_w * .28f);
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < t.nedges; i++) {
            if (t.edges[i].moved != (pass == 1))
                continue;
            const viz_tree_node *a = &t.nodes[t.edges[i].from], *b = &t.nodes[t.edges[i].to];
            float ax = viz_lane_cx(L, a->lane), ay = cy[a->row] + nh / 2;
            float bx = viz_lane_cx(L, b->lane), by = cy[b->row] - nh / 2;
            if (!t.edges[i].moved) {
                viz_line(c, ax, ay, bx, by, lw, 0x4a5263u);
                continue;
            }
            float dy = by - ay, p[8] = {ax, ay, ax, ay + dy * .5f, bx, by - head - dy * .4f, bx, by - head};
            viz_bezier(c, p, lw + 1.4f * s, VIZ_C_PANEL);
            viz_bezier(c, p, lw, VIZ_C_ARROW);
            viz_arrow_head(c, bx, by, head, VIZ_C_ARROW);
        }
    int gap = L->col_w > 20 ? 2 : 1;
    for (size_t i = 0; i < t.nnodes; i++) {
        const viz_tree_node *nd = &t.nodes[i];
        float ncy = cy[nd->row];
        uint32_t fill = i == 0 ? VIZ_C_PROV : nd->leaf ? VIZ_C_LEAF : VIZ_C_CELL;
        if (!cells) {
            viz_disc(c, viz_lane_cx(L, nd->lane), ncy, fmaxf(1.5f, fminf(nh, L->col_w * .6f) / 2), fill);
            continue;
        }
        int x0 = viz_lane_x0(L, nd->lane) + gap, x1 = viz_lane_x1(L, nd->lane) - gap;
        viz_fill(c, x0, (int)(ncy - nh / 2), x1 - x0, (int)nh, fill);
        char v2[VIZ_TEXT + 8];
        viz_node_text(r, nd->ref, nd->lane, v2, sizeof v2);
        viz_fit_text(f->value, v2, sizeof v2, x1 - x0 - 2, strncmp(v2, "0x", 2) && strpbrk(v2, ".e"));
        viz_text_centre(c, f->value, (x0 + x1) / 2.f, (int)(ncy - nh / 2), (int)nh, v2,
                        fill == VIZ_C_CELL ? VIZ_C_TEXT : VIZ_C_BG);
    }
    viz_tree_free(&t);
}

void viz_tree_row_y(const viz_tree *t, float y0, float rh, float nh, float *cy)
{
    /* the rows take nrows * rh as evenly spaced rows would; the room between the nodes goes to
     * the gaps, each weighted 1.5 + .6 per cross-lane edge entering the row below it (half a
     * plain gap above the first row and below the last), so that the 16 parallel lines of a
     * 16-lane shuffle step spread out and a one-lane step stays short */
    float w[VIZ_TREE_MAX_ROWS] = {0}, total = 1.5f;
    for (unsigned i = 1; i < t->nrows; i++)
        w[i] = 1.5f;
    for (size_t i = 0; i < t->nedges; i++) {
        const viz_tree_node *a = &t->nodes[t->edges[i].from], *b = &t->nodes[t->edges[i].to];
        if (t->edges[i].moved && a->lane != b->lane && b->row > 0 && b->row < t->nrows)
            w[b->row] += .6f;
    }
    for (unsigned i = 1; i < t->nrows; i++)
        total += w[i];
    float room = fmaxf(0, t->nrows * (rh - nh)) / total, at = y0 + room * .75f + nh / 2;
    for (unsigned i = 0; i < t->nrows; i++) {
        at += room * w[i];
        cy[i] = at;
        at += nh;
    }
}
