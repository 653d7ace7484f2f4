/* legend: the colours of the drawing and the legend items of a frame. An item is listed only
 * when the frame draws it, in the colours the item names (tests/test_viz.c looks for each). */
#include "draw_util.h"
#include "provenance.h"

#include "opcodes.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const uint32_t viz_group_colour[VIZ_NGROUPS] = {
    VIZ_C_ARROW, 0xb5e06bu, 0x8fa8ffu, 0xff8fc8u, 0x6fe3b5u, 0xe6c15cu, 0x5fb6ffu, 0xd8b98au,
};

uint32_t viz_stall_colour(ws_stall_reason r)
{
    switch (r) {
    case WS_STALL_SCOREBOARD: return 0x3f6fd8u;
    case WS_STALL_BARRIER: return 0x9d7cd8u;
    case WS_STALL_SYNC: return 0x4fa3a5u;
    case WS_STALL_BANK: return 0xe07b39u;
    case WS_STALL_ISSUE: return 0x6b7280u;
    case WS_STALL_DIVERGENCE: return 0xc9a227u;
    case WS_STALL_PIPE: return 0xc0504du;
    default: return VIZ_C_PANEL;
    }
}

static viz_legend_item *add(viz_legend_item *out, unsigned *n, int where, int swatch, uint32_t colour, const char *fmt,
                            ...)
{
    if (*n == VIZ_MAX_LEGEND)
        return &out[VIZ_MAX_LEGEND - 1];
    viz_legend_item *it = &out[(*n)++];
    memset(it, 0, sizeof *it);
    it->where = where;
    it->swatch = swatch;
    it->colour[0] = colour;
    it->ncolours = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it->label, sizeof it->label, fmt, ap);
    va_end(ap);
    return it;
}

static void colours_of(viz_legend_item *it, uint32_t groups)
{
    it->ncolours = 0;
    for (unsigned g = 0; g < VIZ_NGROUPS; g++)
        if ((groups >> g) & 1)
            it->colour[it->ncolours++] = viz_group_colour[g];
}

/* The strip: what its window shows. */
static void strip_items(const viz_scene *sc, const viz_view *v, const viz_layout *L, viz_legend_item *out, unsigned *n)
{
    const recording *r = v->rec;
    uint64_t c0, c1;
    int x0, x1;
    viz_strip_window(L, sc, &c0, &c1, &x0, &x1);
    uint32_t ticks[3] = {VIZ_C_ISSUED, VIZ_C_ARROW, VIZ_C_BAD};
    const char *names[3] = {"issued", "shuffle", "bank conflict"};
    bool tick[3] = {false}, stall[WS_STALL_REASON_COUNT] = {false};
    for (uint32_t w = 0; w < sc->nwarps; w++) {
        const viz_warp_index *x = &v->warps[w];
        for (size_t i = viz_warp_step_at(v, w, c0); i < x->nstep && r->steps[x->step[i]].cycle < c1; i++) {
            uint32_t col = viz_issue_colour(&r->steps[x->step[i]]);
            for (int k = 0; k < 3; k++)
                tick[k] |= col == ticks[k];
        }
        for (size_t i = viz_warp_stall_at(v, w, c0); i < x->nstall && r->stalls[x->stall[i]].from < c1; i++)
            stall[r->stalls[x->stall[i]].reason] = true;
    }
    for (int k = 0; k < 3; k++)
        if (tick[k])
            add(out, n, VIZ_IN_STRIP, VIZ_SW_BLOCK, ticks[k], "%s", names[k]);
    for (int k = 1; k < WS_STALL_REASON_COUNT; k++)
        if (stall[k])
            add(out, n, VIZ_IN_STRIP, VIZ_SW_BLOCK, viz_stall_colour((ws_stall_reason)k), "%s",
                ws_stall_reason_name((ws_stall_reason)k));
}

unsigned viz_legend(const viz_scene *sc, const viz_view *v, const viz_layout *L, viz_legend_item *out)
{
    unsigned n = 0;
    uint32_t groups = 0;
    bool self = false, zero = false;
    for (unsigned i = 0; i < sc->narrows; i++) {
        groups |= (uint32_t)(sc->arrows[i].kind == VIZ_ARROW_ROUTE) << sc->arrows[i].group;
        self |= sc->arrows[i].kind == VIZ_ARROW_SELF;
        zero |= sc->arrows[i].kind == VIZ_ARROW_ZERO;
    }
    if (groups) {
        viz_legend_item *it =
            add(out, &n, VIZ_IN_PANEL, VIZ_SW_ARROW, VIZ_C_ARROW, "shuffle: source lane \xe2\x86\x92 destination");
        colours_of(it, groups);
        if (it->ncolours > 1)
            snprintf(it->label, sizeof it->label, "shuffle route; a colour per %s",
                     sc->width && sc->width < 32 ? "group" : "strand");
    }
    if (self)
        add(out, &n, VIZ_IN_PANEL, VIZ_SW_LOOP, VIZ_C_SELF, "out of range: the lane keeps its own value");
    if (zero)
        add(out, &n, VIZ_IN_PANEL, VIZ_SW_ARROW, VIZ_C_BAD, "source did not execute: reads 0 (H200)");
    if (sc->is_shfl && sc->step && ((sc->step->shfl_c >> 8) & 31))
        add(out, &n, VIZ_IN_PANEL, VIZ_SW_FRAME, VIZ_C_SEGMENT, "width group (c operand, bits 8-12)");
    if (sc->kind == VIZ_FRAME_STEP && sc->exec != 0xffffffffu)
        add(out, &n, VIZ_IN_PANEL, VIZ_SW_BLOCK, VIZ_C_INACTIVE, "lane not executing this instruction");
    if (sc->is_vote) {
        if (sc->step->vote_preds & sc->exec)
            add(out, &n, VIZ_IN_PANEL, VIZ_SW_BAR, VIZ_C_TRUE, "predicate true (1)");
        if (~sc->step->vote_preds & sc->exec)
            add(out, &n, VIZ_IN_PANEL, VIZ_SW_BAR, VIZ_C_FALSE, "predicate false (0)");
    }
    if (sc->banks.present) {
        uint32_t waves = 0;
        for (unsigned w = 0; w < sc->banks.map.wavefronts && w < VIZ_NGROUPS; w++)
            waves |= 1u << w;
        viz_legend_item *it =
            add(out, &n, VIZ_IN_PANEL, VIZ_SW_BLOCK, VIZ_C_ARROW, "a word its bank serves; colour: the wavefront");
        colours_of(it, waves);
        if (sc->banks.broadcast)
            add(out, &n, VIZ_IN_PANEL, VIZ_SW_FRAME, VIZ_C_TRUE, "lanes sharing one word (broadcast)");
    }
    unsigned rows =
        sc->nres < (sc->kind == VIZ_FRAME_RESULT ? 4u : 2u) ? sc->nres : (sc->kind == VIZ_FRAME_RESULT ? 4u : 2u);
    for (unsigned i = 0; i < rows; i++)
        if (sc->exec & ~sc->res[i].live) {
            add(out, &n, VIZ_IN_PANEL, VIZ_SW_FRAME, VIZ_C_DONTCARE, "result no output depends on (don't care)");
            break;
        }
    strip_items(sc, v, L, out, &n);
    int sel = viz_view_lane(v);
    rec_ref root = viz_scene_lane_value(sc, sel);
    viz_tree t;
    if (root != REC_NONE && viz_tree_build(&t, v->rec, root, (unsigned)sel) == 0) {
        bool leaf = false, moved = false;
        for (size_t i = 1; i < t.nnodes; i++)
            leaf |= t.nodes[i].leaf;
        for (size_t i = 0; i < t.nedges; i++)
            moved |= t.edges[i].moved;
        add(out, &n, VIZ_IN_TREE, VIZ_SW_BLOCK, VIZ_C_PROV, "lane %d's value", sel);
        if (leaf)
            add(out, &n, VIZ_IN_TREE, VIZ_SW_BLOCK, VIZ_C_LEAF, "an input it came from");
        if (moved)
            add(out, &n, VIZ_IN_TREE, VIZ_SW_ARROW, VIZ_C_ARROW, "from another lane");
        viz_tree_free(&t);
    }
    return n;
}
