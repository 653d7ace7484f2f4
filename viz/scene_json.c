/* scene_json: --frames-json, every frame's scene as data (docs/viz-frames.md has the format).
 * It writes what draw.c draws, from the same viz_scene, so that tests and other front ends see
 * exactly the frames a user sees. */
#include "scene_json.h"
#include "json.h"
#include "provenance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROV_MAX_NODES 1024 /* a value's walk for its instruction lines stops there ("lines_cut") */

static void lanes(ws_json *j, uint32_t set)
{
    ws_json_begin_array(j);
    for (unsigned l = 0; l < 32; l++)
        if ((set >> l) & 1)
            ws_json_u64(j, l);
    ws_json_end_array(j);
}

static void lines_of(ws_json *j, const recording *r, const uint32_t *pcs, unsigned n)
{
    ws_json_begin_array(j);
    uint32_t last = 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t line = r->k->insns[pcs[i]].line;
        if (line != last)
            ws_json_u64(j, line);
        last = line;
    }
    ws_json_end_array(j);
}

static void row(ws_json *j, const viz_view *v, const viz_scene *sc, const viz_row *rw, bool result, unsigned d,
                viz_walker *wk)
{
    const recording *r = v->rec;
    ws_json_begin_object(j);
    ws_json_key(j, "reg");
    ws_json_string(j, rw->reg < r->k->nregs ? r->k->regs[rw->reg].name : NULL);
    ws_json_key(j, "label");
    ws_json_string(j, rw->label);
    ws_json_key(j, "role");
    ws_json_string(j, rw->role);
    ws_json_key(j, "uniform");
    ws_json_bool(j, rw->uniform);
    ws_json_key(j, "values");
    ws_json_begin_array(j);
    for (unsigned l = 0; l < 32; l++)
        if ((rw->set >> l) & 1)
            ws_json_string(j, rw->text[l]);
        else
            ws_json_null(j);
    ws_json_end_array(j);
    ws_json_key(j, "bits");
    ws_json_begin_array(j);
    for (unsigned l = 0; l < 32; l++)
        if ((rw->set >> l) & 1)
            ws_json_u64(j, rw->val[l]);
        else
            ws_json_null(j);
    ws_json_end_array(j);
    if (result) {
        ws_json_key(j, "live");
        lanes(j, rw->live);
        ws_json_key(j, "provenance");
        ws_json_begin_array(j);
        uint32_t pcs[256];
        for (unsigned l = 0; l < 32; l++) {
            if (!((sc->exec >> l) & 1) || !((rw->set >> l) & 1)) {
                ws_json_null(j);
                continue;
            }
            ws_json_begin_object(j);
            ws_json_key(j, "lanes");
            lanes(j, rw->prov[l].lanes);
            ws_json_key(j, "warps");
            lanes(j, rw->prov[l].warps);
            rec_ref ref = sc->kind == VIZ_FRAME_STEP ? REC_REF(sc->step_index, d) : REC_NONE;
            if (ref != REC_NONE) {
                bool cut = false;
                unsigned n = viz_prov_pcs(wk, r, ref, l, pcs, 256, PROV_MAX_NODES, &cut);
                ws_json_key(j, "lines");
                lines_of(j, r, pcs, n < 256 ? n : 256);
                if (cut || n > 256) {
                    ws_json_key(j, "lines_cut");
                    ws_json_bool(j, true);
                }
            }
            ws_json_end_object(j);
        }
        ws_json_end_array(j);
    }
    ws_json_end_object(j);
}

static void banks(ws_json *j, const viz_banks *B)
{
    if (!B->present) {
        ws_json_null(j);
        return;
    }
    ws_json_begin_object(j);
    ws_json_key(j, "store");
    ws_json_bool(j, B->store);
    ws_json_key(j, "bytes");
    ws_json_u64(j, B->bytes);
    ws_json_key(j, "lanes_per_phase");
    ws_json_u64(j, B->map.lanes_per_phase);
    ws_json_key(j, "phases");
    ws_json_u64(j, B->phases);
    ws_json_key(j, "degree");
    ws_json_u64(j, B->degree);
    ws_json_key(j, "wavefronts");
    ws_json_u64(j, B->map.wavefronts);
    ws_json_key(j, "min_wavefronts");
    ws_json_u64(j, B->map.min_wavefronts);
    ws_json_key(j, "model_wavefronts");
    ws_json_u64(j, B->model_wavefronts);
    ws_json_key(j, "broadcast");
    ws_json_bool(j, B->broadcast);
    /* per bank, its distinct words in wavefront order, each with the lanes on it */
    ws_json_key(j, "cells");
    ws_json_begin_array(j);
    for (unsigned b = 0; b < 32; b++) {
        ws_json_begin_object(j);
        ws_json_key(j, "bank");
        ws_json_u64(j, b);
        ws_json_key(j, "words");
        ws_json_begin_array(j);
        for (unsigned wave = 0; wave < B->map.wavefronts; wave++)
            for (unsigned l = 0; l < 32; l++)
                for (unsigned w = 0; ((B->lanes >> l) & 1) && w < B->map.words; w++) {
                    if (B->map.bank[l][w] != b || B->map.wave[l][w] != wave || B->map.first[l][w] != (int8_t)l)
                        continue;
                    uint32_t on = 0;
                    for (unsigned k = 0; k < 32; k++)
                        for (unsigned x = 0; ((B->lanes >> k) & 1) && x < B->map.words; x++)
                            if (B->map.first[k][x] == (int8_t)l && B->map.bank[k][x] == b && B->map.wave[k][x] == wave)
                                on |= 1u << k;
                    ws_json_begin_object(j);
                    ws_json_key(j, "address");
                    ws_json_u64(j, (B->addr[l] & ~3ull) + 4ull * w);
                    ws_json_key(j, "wavefront");
                    ws_json_u64(j, wave);
                    ws_json_key(j, "lanes");
                    lanes(j, on);
                    ws_json_end_object(j);
                }
        ws_json_end_array(j);
        ws_json_end_object(j);
    }
    ws_json_end_array(j);
    ws_json_end_object(j);
}

static const char *warp_do_name(viz_warp_do w)
{
    static const char *n[] = {"waiting", "issues", "stalled", "done"};
    return n[w];
}

static void warps(ws_json *j, const viz_scene *sc)
{
    ws_json_begin_array(j);
    for (unsigned w = 0; w < sc->nwarps; w++) {
        const viz_warp_now *n = &sc->warps[w];
        ws_json_begin_object(j);
        ws_json_key(j, "warp");
        ws_json_u64(j, w);
        ws_json_key(j, "state");
        ws_json_string(j, warp_do_name(n->what));
        if (n->what == VIZ_WARP_STALLED) {
            ws_json_key(j, "reason");
            ws_json_string(j, ws_stall_reason_name(n->reason));
        }
        if (n->what == VIZ_WARP_ISSUES || n->what == VIZ_WARP_STALLED) {
            ws_json_key(j, "line");
            ws_json_u64(j, n->line);
        }
        if (n->producer_line) {
            ws_json_key(j, "waits_for_line");
            ws_json_u64(j, n->producer_line);
        }
        ws_json_end_object(j);
    }
    ws_json_end_array(j);
}

static void tree(ws_json *j, const viz_view *v, const viz_scene *sc, int lane)
{
    const recording *r = v->rec;
    rec_ref root = viz_scene_lane_value(sc, lane);
    viz_tree t;
    if (root == REC_NONE || viz_tree_build(&t, r, root, (unsigned)lane) != 0) {
        ws_json_null(j);
        return;
    }
    ws_json_begin_object(j);
    ws_json_key(j, "lane");
    ws_json_u64(j, (unsigned)lane);
    ws_json_key(j, "lanes");
    lanes(j, t.prov.lanes);
    ws_json_key(j, "warps");
    lanes(j, t.prov.warps);
    ws_json_key(j, "instructions");
    ws_json_u64(j, t.ninsns);
    ws_json_key(j, "cut");
    ws_json_bool(j, t.cut);
    ws_json_key(j, "rows");
    ws_json_begin_array(j);
    for (unsigned i = 0; i < t.nrows; i++) {
        const rec_step *s = &r->steps[t.row_step[i]];
        char text[160];
        ws_insn_print(r->m, r->k, s->insn, text, sizeof text);
        ws_json_begin_object(j);
        ws_json_key(j, "step");
        ws_json_u64(j, t.row_step[i]);
        ws_json_key(j, "warp");
        ws_json_u64(j, s->warp);
        ws_json_key(j, "line");
        ws_json_u64(j, s->line);
        ws_json_key(j, "insn");
        ws_json_string(j, text);
        ws_json_key(j, "delta");
        ws_json_s64(j, i ? viz_tree_row_delta(&t, i) : 0);
        ws_json_end_object(j);
    }
    ws_json_end_array(j);
    ws_json_key(j, "nodes");
    ws_json_begin_array(j);
    for (size_t i = 0; i < t.nnodes; i++) {
        char val[VIZ_TEXT];
        viz_node_text(r, t.nodes[i].ref, t.nodes[i].lane, val, sizeof val);
        ws_json_begin_object(j);
        ws_json_key(j, "row");
        ws_json_u64(j, t.nodes[i].row);
        ws_json_key(j, "lane");
        ws_json_u64(j, t.nodes[i].lane);
        ws_json_key(j, "value");
        ws_json_string(j, val);
        ws_json_key(j, "leaf");
        ws_json_bool(j, t.nodes[i].leaf);
        ws_json_end_object(j);
    }
    ws_json_end_array(j);
    ws_json_key(j, "edges");
    ws_json_begin_array(j);
    for (size_t i = 0; i < t.nedges; i++) {
        ws_json_begin_object(j);
        ws_json_key(j, "from");
        ws_json_u64(j, t.edges[i].from);
        ws_json_key(j, "to");
        ws_json_u64(j, t.edges[i].to);
        ws_json_key(j, "moved");
        ws_json_bool(j, t.edges[i].moved);
        ws_json_end_object(j);
    }
    ws_json_end_array(j);
    ws_json_end_object(j);
    viz_tree_free(&t);
}

static void frame(ws_json *j, const viz_view *v, const viz_scene *sc, viz_walker *wk)
{
    const recording *r = v->rec;
    ws_json_begin_object(j);
    ws_json_key(j, "frame");
    ws_json_u64(j, sc->frame);
    ws_json_key(j, "kind");
    ws_json_string(j, sc->kind == VIZ_FRAME_RESULT ? "result" : "step");
    ws_json_key(j, "warp");
    ws_json_u64(j, sc->warp);
    if (sc->kind == VIZ_FRAME_STEP) {
        ws_json_key(j, "step");
        ws_json_u64(j, sc->step_index);
        ws_json_key(j, "pc");
        ws_json_u64(j, sc->step->pc);
    }
    ws_json_key(j, "line");
    ws_json_u64(j, sc->line);
    ws_json_key(j, "source");
    ws_json_string(j, sc->source[0] ? sc->source : NULL);
    ws_json_key(j, "insn");
    ws_json_string(j, sc->insn);
    ws_json_key(j, "cycle");
    ws_json_u64(j, sc->cycle);
    ws_json_key(j, "active");
    lanes(j, sc->active);
    ws_json_key(j, "exec");
    lanes(j, sc->exec);
    ws_json_key(j, "rule");
    ws_json_string(j, sc->rule);
    ws_json_key(j, "detail");
    ws_json_string(j, sc->detail);
    ws_json_key(j, "operands");
    ws_json_begin_array(j);
    for (unsigned i = 0; i < sc->nops; i++)
        row(j, v, sc, &sc->ops[i], false, 0, wk);
    ws_json_end_array(j);
    ws_json_key(j, "results");
    ws_json_begin_array(j);
    for (unsigned i = 0; i < sc->nres; i++)
        row(j, v, sc, &sc->res[i], true, i, wk);
    ws_json_end_array(j);
    ws_json_key(j, "width");
    if (sc->is_shfl)
        ws_json_u64(j, sc->width);
    else
        ws_json_null(j);
    ws_json_key(j, "arrows");
    ws_json_begin_array(j);
    static const char *kinds[] = {"route", "self", "zero"};
    for (unsigned i = 0; i < sc->narrows; i++) {
        const viz_arrow *a = &sc->arrows[i];
        ws_json_begin_object(j);
        ws_json_key(j, "src");
        ws_json_u64(j, a->src);
        ws_json_key(j, "dst");
        ws_json_u64(j, a->dst);
        ws_json_key(j, "kind");
        ws_json_string(j, kinds[a->kind]);
        ws_json_key(j, "group");
        ws_json_u64(j, a->group);
        ws_json_end_object(j);
    }
    ws_json_end_array(j);
    ws_json_key(j, "banks");
    banks(j, &sc->banks);
    ws_json_key(j, "warps");
    warps(j, sc);
    int lane = viz_view_lane(v);
    ws_json_key(j, "lane");
    if (lane >= 0)
        ws_json_u64(j, (unsigned)lane);
    else
        ws_json_null(j);
    ws_json_key(j, "tree");
    if (lane >= 0)
        tree(j, v, sc, lane);
    else
        ws_json_null(j);
    ws_json_key(j, "diagnostic");
    if (sc->diag >= 0) {
        ws_json_begin_object(j);
        ws_json_key(j, "kind");
        ws_json_string(j, ws_diag_kind_name(r->diags[sc->diag].kind));
        ws_json_key(j, "message");
        ws_json_string(j, r->diags[sc->diag].message);
        ws_json_end_object(j);
    } else {
        ws_json_null(j);
    }
    ws_json_end_object(j);
}

int viz_frames_json(viz_view *v, const char *path, const char *mode)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    const recording *r = v->rec;
    ws_json j;
    ws_json_init_file(&j, f, WS_JSON_PRETTY);
    ws_json_begin_object(&j);
    ws_json_key(&j, "format");
    ws_json_string(&j, "warpsim-viz-frames");
    ws_json_key(&j, "version");
    ws_json_u64(&j, 1);
    ws_json_key(&j, "ptx");
    ws_json_string(&j, v->path);
    ws_json_key(&j, "kernel");
    ws_json_string(&j, r->k->name);
    ws_json_key(&j, "block");
    ws_json_u64(&j, r->block);
    ws_json_key(&j, "mode");
    ws_json_string(&j, mode);
    ws_json_key(&j, "cycles");
    ws_json_u64(&j, r->end_cycle);
    ws_json_key(&j, "warps");
    ws_json_u64(&j, r->nwarps);
    ws_json_key(&j, "warp");
    ws_json_u64(&j, v->warp);
    ws_json_key(&j, "frames");
    ws_json_begin_array(&j);
    size_t keep = v->pos;
    viz_scene *sc = malloc(sizeof *sc);
    viz_walker *wk = viz_walker_create();
    for (size_t i = 0; sc && wk && i < v->nframes; i++) {
        v->pos = i;
        viz_scene_build(sc, v);
        frame(&j, v, sc, wk);
    }
    v->pos = keep;
    ws_json_end_array(&j);
    ws_json_end_object(&j);
    int rc = sc && wk && ws_json_status(&j) == WS_JSON_OK ? 0 : -1;
    viz_walker_destroy(wk);
    free(sc);
    fputc('\n', f);
    if (fclose(f) != 0)
        rc = -1;
    return rc;
}
