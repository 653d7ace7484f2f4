/* viz: the scene of each frame checked as data (bank views of known strides, provenance of the
 * reduction and the scan, rule sentences), frames drawn headless into the RGBA canvas and
 * checked pixel by pixel against their scene (shuffle arrows start at their source lanes'
 * columns, out-of-range lanes get their loop marker, lanes that do not execute are grey, every
 * legend item's colours are on the frame), and the window, scripted, on SDL's dummy driver.
 * Programs run as `warpsim viz` runs them: their .args file, the timing model. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "draw.h"
#include "draw_util.h"
#include "export.h"
#include "provenance.h"
#include "record.h"
#include "scene.h"
#include "session.h"
#include "view.h"
#include "window.h"

#define W 1280
#define H 720

typedef struct {
    ws_launch launch;
    ws_session S;
    ws_result res;
    recording *rec;
    viz_view view;
    viz_fonts fonts;
    viz_canvas c;
    viz_layout L;
    viz_scene sc;
} fixture;

/* Records ptx (relative to the source tree; NULL: the args file names it) run with args, as
 * `warpsim viz PTX @ARGS --only ONLY` does. */
static void record(fixture *f, const char *ptx, const char *args, const char *only)
{
    char p[512], a[512];
    char viz[] = "viz", *argv[3];
    int argc = 0;
    argv[argc++] = viz;
    if (ptx) {
        snprintf(p, sizeof p, "%s/%s", WS_SOURCE_DIR, ptx);
        argv[argc++] = p;
    }
    snprintf(a, sizeof a, "@%s/%s", WS_SOURCE_DIR, args);
    argv[argc++] = a;
    ws_launch_init(&f->launch);
    for (int i = 1; i < argc;)
        assert_int_equal(ws_session_parse_arg(&f->launch, argc, argv, &i), 1);
    assert_int_equal(ws_session_load(&f->S, &f->launch, 0), WS_OK);
    assert_int_equal(rec_launch(&f->S, &f->launch, 0, NULL, 0, 0, &f->rec, &f->res), WS_OK);
    assert_int_equal(f->res.status, WS_OK);
    viz_filter filter = {0};
    assert_int_equal(viz_parse_only(only ? only : "all", &filter), 0);
    assert_int_equal(viz_view_init(&f->view, f->rec, f->launch.ptx_path, &filter, 0), 0);
    assert_int_equal(viz_fonts_open(&f->fonts, viz_font_default_path(), W, H), 0);
    assert_int_equal(viz_canvas_init(&f->c, W, H), 0);
}

/* The scene of frame pos. */
static const viz_scene *scene_at(fixture *f, size_t pos)
{
    f->view.pos = pos;
    viz_scene_build(&f->sc, &f->view);
    return &f->sc;
}

/* Draws the current frame and lays out f->L as the frame was. */
static void draw(fixture *f)
{
    viz_scene_build(&f->sc, &f->view);
    viz_layout_compute(&f->L, W, H, &f->sc, f->rec->nwatch);
    viz_draw_scene(&f->c, &f->fonts, &f->view, &f->sc);
}

static int setup(void **state)
{
    *state = calloc(1, sizeof(fixture));
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *f = *state;
    viz_canvas_free(&f->c);
    viz_fonts_close(&f->fonts);
    viz_view_free(&f->view);
    rec_destroy(f->rec);
    ws_result_free(&f->res);
    ws_session_free(&f->S);
    ws_launch_free(&f->launch);
    free(f);
    return 0;
}

/* Pixels of exactly rgb in lane l's column, rows y0..y1. */
static int count_in_column(const fixture *f, unsigned l, int y0, int y1, uint32_t rgb)
{
    int n = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = viz_lane_x0(&f->L, l); x < viz_lane_x1(&f->L, l); x++)
            n += viz_get(&f->c, x, y) == rgb;
    return n;
}

static int count_in_rows(const fixture *f, int y0, int y1, uint32_t rgb)
{
    int n = 0;
    for (int y = y0; y < y1 && y < f->c.h; y++)
        for (int x = 0; x < f->c.w; x++)
            n += viz_get(&f->c, x, y) == rgb;
    return n;
}

/* ---- the scene as data ----------------------------------------------------------------------------- */

/* Each shared load of bank_strides.cu, known by its CUDA line: the conflict degree (the most
 * distinct words in one bank of a phase), the wavefronts, and whether lanes share words. The
 * timing model charged the same wavefronts. */
static void test_bank_strides(void **state)
{
    fixture *f = *state;
    record(f, "viz/examples/bank_strides.ptx", "viz/examples/bank_strides.args", "mem");
    static const struct {
        unsigned line, degree, wavefronts;
        bool broadcast;
        const char *what;
    } want[] = {
        {12, 1, 1, false, "stride 1"},  {13, 2, 2, false, "stride 2"}, {14, 32, 32, false, "stride 32"},
        {15, 1, 1, false, "stride 33"}, {16, 1, 1, true, "broadcast"}, {17, 1, 2, false, "64-bit"},
        {18, 1, 4, false, "128-bit"},
    };
    unsigned seen = 0;
    for (size_t pos = 0; pos < f->view.nframes; pos++) {
        const viz_scene *sc = scene_at(f, pos);
        if (!sc->banks.present || sc->banks.store)
            continue;
        unsigned line = sc->step->insn->src_line;
        size_t i = 0;
        while (i < sizeof want / sizeof want[0] && want[i].line != line)
            i++;
        assert_true(i < sizeof want / sizeof want[0]);
        const viz_banks *B = &sc->banks;
        if (B->degree != want[i].degree || B->map.wavefronts != want[i].wavefronts ||
            B->broadcast != want[i].broadcast || B->model_wavefronts != B->map.wavefronts)
            fail_msg("%s (line %u): degree %u, wavefronts %u (timing model %u), broadcast %d; want %u, %u, %d",
                     want[i].what, line, B->degree, B->map.wavefronts, B->model_wavefronts, B->broadcast,
                     want[i].degree, want[i].wavefronts, want[i].broadcast);
        seen |= 1u << i;
        for (unsigned b = 0; b < 32; b++) {
            if (line == 14) /* stride 32: every word in bank 0 */
                assert_int_equal(B->words_in_bank[b], b == 0 ? 32 : 0);
            if (line == 13) /* stride 2: two words in each even bank */
                assert_int_equal(B->words_in_bank[b], b % 2 ? 0 : 2);
            if (line == 16) /* one word for all */
                assert_int_equal(B->words_in_bank[b], b == 7 ? 1 : 0);
        }
        if (line == 17) /* 64-bit: lanes 0-15, then 16-31 */
            assert_int_equal(B->map.lanes_per_phase, 16);
        /* a vector access is drawn as one line per lane to its run of banks, at its wavefront's height */
        for (unsigned l = 0; l < 32; l++) {
            unsigned b0 = 99, wave = 99, per = line == 17 ? 16 : 8, words = line == 17 ? 2 : 4;
            bool run = viz_bank_run(B, l, &b0, &wave);
            assert_int_equal(run, line == 17 || line == 18);
            if (run) {
                assert_int_equal(wave, l / per);
                assert_int_equal(b0, (l % per) * words);
            }
        }
    }
    assert_int_equal(seen, 0x7f);
}

/* The transpose reads its tile by columns: a 32-way conflict; padded to 33 columns, none. The
 * padded kernel takes fewer cycles. */
static uint64_t transpose_load(fixture *f, const char *args, unsigned *degree)
{
    record(f, NULL, args, "mem");
    for (size_t pos = 0; pos < f->view.nframes; pos++) {
        const viz_scene *sc = scene_at(f, pos);
        if (sc->banks.present && !sc->banks.store) {
            *degree = sc->banks.degree;
            return f->rec->end_cycle;
        }
    }
    fail_msg("%s: no shared load", args);
    return 0;
}

static void test_transpose(void **state)
{
    fixture *f = *state;
    unsigned d1 = 0, d2 = 0;
    uint64_t c1 = transpose_load(f, "viz/examples/transpose_conflict.args", &d1);
    teardown(state);
    setup(state);
    f = *state;
    uint64_t c2 = transpose_load(f, "viz/examples/transpose_padded.args", &d2);
    assert_int_equal(d1, 32);
    assert_int_equal(d2, 1);
    assert_true(c1 > c2);
}

/* The reduction's last frame is its result: lane 0 stored 496, which came from all 32 lanes,
 * and lane 0 is the only lane whose value reaches the output; its tree has the 32 loads as
 * leaves. On the way, the first shuffle's results matter in lanes 0-15 only. */
static void test_reduce_provenance(void **state)
{
    fixture *f = *state;
    record(f, NULL, "viz/examples/warp_reduce_down.args", "shfl,add.f32");
    const viz_scene *sc = scene_at(f, 0);
    assert_true(sc->is_shfl);
    assert_int_equal(sc->res[0].live, 0x0000ffffu);
    assert_int_equal(sc->res[0].prov[3].lanes, 1u << 19); /* lane 3 received lane 19's input */
    sc = scene_at(f, f->view.nframes - 2);                /* the last add */
    assert_int_equal(sc->res[0].live, 1u);
    assert_int_equal(sc->res[0].prov[0].lanes, 0xffffffffu);
    sc = scene_at(f, f->view.nframes - 1);
    assert_int_equal(sc->kind, VIZ_FRAME_RESULT);
    assert_int_equal(sc->nres, 1);
    assert_string_equal(sc->res[0].label, "out[0]");
    assert_string_equal(sc->res[0].text[0], "496");
    assert_int_equal(sc->res[0].live, 1u);
    assert_int_equal(sc->res[0].prov[0].lanes, 0xffffffffu);
    assert_string_equal(sc->rule, "lane 0 stored 496 to out[0]: it comes from the inputs of lanes 0-31");
    assert_int_equal(viz_view_lane(&f->view), 0); /* the result frame shows lane 0's tree */
    viz_tree t;
    assert_int_equal(viz_tree_build(&t, f->rec, viz_scene_lane_value(sc, 0), 0), 0);
    unsigned leaves = 0;
    uint32_t leaf_lanes = 0;
    for (size_t i = 0; i < t.nnodes; i++)
        if (t.nodes[i].leaf) {
            leaves++;
            leaf_lanes |= 1u << t.nodes[i].lane;
        }
    assert_int_equal(t.prov.lanes, 0xffffffffu);
    assert_int_equal(leaves, 32);
    assert_int_equal(leaf_lanes, 0xffffffffu);
    assert_int_equal(t.nrows, 7); /* the loads, five adds (shuffles and moves fold into edges), the store */
    /* the edges that cross lanes are exactly the 31 shuffles that carry into lane 0: into add
     * row 1 + k, from lane d + i to lane i for i < d, d = 16 >> k; the gaps above those rows are
     * drawn taller the more lines they carry, and labelled with d */
    unsigned moved[VIZ_TREE_MAX_ROWS] = {0}, nmoved = 0;
    for (size_t i = 0; i < t.nedges; i++) {
        const viz_tree_node *a = &t.nodes[t.edges[i].from], *b = &t.nodes[t.edges[i].to];
        if (a->lane == b->lane) {
            assert_false(t.edges[i].moved);
            assert_int_equal(b->row, a->row + 1);
            continue;
        }
        assert_true(t.edges[i].moved);
        assert_true(b->row >= 1 && b->row <= 5);
        unsigned d = 16u >> (b->row - 1);
        assert_int_equal(a->row, b->row - 1);
        assert_int_equal(a->lane, b->lane + d);
        assert_true(b->lane < d);
        moved[b->row]++, nmoved++;
    }
    assert_int_equal(nmoved, 31);
    float cy[VIZ_TREE_MAX_ROWS];
    viz_tree_row_y(&t, 100, 60, 24, cy);
    for (unsigned row = 1; row < t.nrows; row++) {
        int d = row <= 5 ? (int)(16u >> (row - 1)) : 0;
        assert_int_equal(moved[row], (unsigned)d);
        assert_int_equal(viz_tree_row_delta(&t, row), d);
        if (row >= 2)
            assert_true(cy[row] - cy[row - 1] < cy[row - 1] - cy[row - 2]); /* fewer lines, shorter gap */
    }
    assert_true(fabsf(cy[t.nrows - 1] + 12 + (cy[0] - 12 - 100) - (100 + 7 * 60)) < .01f); /* the rows' room */
    viz_tree_free(&t);
}

/* A kernel whose output is printf (the seed's butterfly): its result frame shows what printf
 * reads, each element of the st.local.v2 {lane, sum} a row, the sum first, from all 32 lanes;
 * not the call's st.param of the format string and of the argument buffer's address. */
static void test_printf_result(void **state)
{
    fixture *f = *state;
    record(f, "programs/butterfly_allreduce.ptx", "programs/butterfly_allreduce.args", "shfl");
    const viz_scene *sc = scene_at(f, f->view.nframes - 1);
    assert_int_equal(sc->kind, VIZ_FRAME_RESULT);
    assert_int_equal(sc->nres, 2);
    assert_string_equal(sc->res[0].label, "local 0x4");
    assert_string_equal(sc->res[1].label, "local 0x0");
    for (unsigned l = 0; l < 32; l++) {
        char want[8];
        snprintf(want, sizeof want, "%u", l);
        assert_string_equal(sc->res[0].text[l], "496");
        assert_string_equal(sc->res[1].text[l], want);
    }
    assert_int_equal(sc->res[0].live, 0xffffffffu);
    assert_int_equal(sc->res[0].prov[0].lanes, 0xffffffffu);
    assert_string_equal(sc->rule, "lanes 0-31 stored their %r20 to local 0x4");
}

/* A source line too long for its panel ends in an ellipsis (transpose.cu's line 17 in a panel of
 * 34 characters); one that fits is kept whole. */
static void test_cut_line(void **state)
{
    (void)state;
    char line[512] = "        out[(y + j) * TILE + x] = tile[x][y + j];";
    viz_cut_line(line, sizeof line, 34);
    assert_string_equal(line, "        out[(y + j) * TILE + x] =\xe2\x80\xa6");
    char whole[64] = "    __syncthreads();";
    viz_cut_line(whole, sizeof whole, 34);
    assert_string_equal(whole, "    __syncthreads();");
}

/* The scan: lane k's result came from lanes 0..k. */
static void test_scan_provenance(void **state)
{
    fixture *f = *state;
    record(f, "programs/warp_scan.ptx", "programs/warp_scan.args", NULL);
    const viz_scene *sc = scene_at(f, f->view.nframes - 1);
    assert_int_equal(sc->kind, VIZ_FRAME_RESULT);
    for (unsigned k = 0; k < 32; k++) {
        uint32_t want = k == 31 ? 0xffffffffu : (1u << (k + 1)) - 1;
        if (sc->res[0].prov[k].lanes != want)
            fail_msg("lane %u: provenance 0x%08x, want lanes 0-%u", k, sc->res[0].prov[k].lanes, k);
    }
    assert_int_equal(sc->res[0].live, 0xffffffffu);
}

/* One sentence per collective, from the routes the simulator took. */
static void test_rule_sentences(void **state)
{
    fixture *f = *state;
    record(f, "viz/examples/shfl_down_w8_d3.ptx", "viz/examples/shfl_down_w8_d3.args", "shfl");
    const viz_scene *sc = scene_at(f, 0);
    assert_int_equal(sc->width, 8);
    assert_string_equal(sc->rule,
                        "lane i reads lane i+3 of its group of 8; lanes 5-7 of each group keep their own value");
    teardown(state);
    setup(state);
    f = *state;
    record(f, NULL, "viz/examples/warp_reduce_down.args", "shfl");
    assert_string_equal(scene_at(f, 0)->rule, "lane i reads lane i+16; lanes 16-31 keep their own value");
    assert_string_equal(scene_at(f, 4)->rule, "lane i reads lane i+1; lane 31 keeps its own value");
    teardown(state);
    setup(state);
    f = *state;
    record(f, "programs/butterfly_allreduce.ptx", "programs/butterfly_allreduce.args", "shfl");
    sc = scene_at(f, 0);
    assert_string_equal(sc->rule, "lane i reads lane i xor 16: lanes swap in pairs");
    /* a full-warp butterfly's 32 crossing routes: a colour per strand (lane mod 16), 8 colours */
    uint32_t groups = 0;
    for (unsigned i = 0; i < sc->narrows; i++)
        groups |= 1u << sc->arrows[i].group;
    assert_int_equal(groups, 0xffu);
    assert_int_equal(sc->arrows[3].group, sc->arrows[19].group);
}

/* The header's cycle is the timing model's issue cycle of the step (check_viz_frames.py
 * compares it with `warpsim run --mode timing`); every warp's state at that cycle is known. */
static void test_cycles_and_warps(void **state)
{
    fixture *f = *state;
    record(f, NULL, "viz/examples/transpose_conflict.args", NULL);
    assert_int_equal(f->rec->nwarps, 8);
    uint64_t last = 0;
    bool stalled = false;
    for (size_t pos = 0; pos + 1 < f->view.nframes; pos++) {
        const viz_scene *sc = scene_at(f, pos);
        assert_true(sc->cycle >= last);
        last = sc->cycle;
        assert_int_equal(sc->nwarps, 8);
        assert_int_equal(sc->warps[0].what, VIZ_WARP_ISSUES);
        for (unsigned w = 1; w < 8; w++)
            stalled |= sc->warps[w].what == VIZ_WARP_STALLED && sc->warps[w].reason == WS_STALL_BANK;
    }
    assert_true(stalled); /* other warps wait for the shared pipe the conflicts hold */
    assert_true(last < f->rec->end_cycle);
}

/* ---- frames drawn ------------------------------------------------------------------------------------ */

/* The shuffle `down` by `delta` of warp_reduce_down: arrows leave from the columns of the
 * source lanes k + delta, arrive at the columns of the destinations k, and the lanes whose
 * source would be past lane 31 show the out-of-range loop instead of an arrow. */
static void check_shfl_down(fixture *f, unsigned delta)
{
    const rec_step *s = viz_view_step(&f->view);
    assert_non_null(s);
    assert_true(s->is_shfl);
    assert_int_equal(s->shfl_b, delta);
    draw(f);
    const viz_layout *L = &f->L;
    int top = L->y_band + (int)(2 * L->s) + 1, bottom = L->y_res - (int)(14 * L->s);
    for (unsigned l = 0; l < 32; l++) {
        bool is_source = l >= delta, is_dest = l + delta <= 31;
        int start = count_in_column(f, l, top, top + 2, VIZ_C_ARROW);
        int end = count_in_column(f, l, bottom - 2, bottom, VIZ_C_ARROW);
        int loop = count_in_column(f, l, L->y_band + L->h_band / 2, L->y_res, VIZ_C_SELF);
        if (is_source != (start > 0) || is_dest != (end > 0) || is_dest == (loop > 0))
            fail_msg("shfl down %u, lane %u: arrow start pixels %d (want %s), arrow end pixels %d (want %s), "
                     "loop pixels %d (want %s)",
                     delta, l, start, is_source ? "some" : "none", end, is_dest ? "some" : "none", loop,
                     is_dest ? "none" : "some");
    }
}

static void test_shfl_down_arrows(void **state)
{
    fixture *f = *state;
    record(f, "programs/warp_reduce_down.ptx", "programs/warp_reduce_down.args", "shfl");
    assert_int_equal(f->view.nframes, 6); /* the 5-step reduction is 5 frames and the result */
    for (unsigned i = 0, delta = 16; i < 5; i++, delta /= 2) {
        f->view.pos = i;
        check_shfl_down(f, delta);
    }
}

/* One arrow at a time: in a shuffle down by 16, only destination lane k's arrow starts at lane
 * k + 16. Masking all other lanes out of the step leaves exactly one arrow to find. */
static void test_single_route(void **state)
{
    fixture *f = *state;
    record(f, "programs/warp_reduce_down.ptx", "programs/warp_reduce_down.args", "shfl");
    rec_step *s = &f->rec->steps[f->view.order[0]];
    uint32_t saved = s->exec;
    for (unsigned k = 0; k < 16; k += 5) {
        s->exec = 1u << k | 1u << (k + 16); /* destination k and its source */
        draw(f);
        int top = f->L.y_band + (int)(2 * f->L.s) + 1;
        for (unsigned l = 0; l < 32; l++) {
            int start = count_in_column(f, l, top, top + 2, VIZ_C_ARROW);
            if ((l == k + 16) != (start > 0))
                fail_msg("destination %u: arrow start found in lane %u's column (%d pixels)", k, l, start);
        }
    }
    s->exec = saved;
}

/* A lane that does not execute has a grey column: warp_reduce_down's store runs on lane 0. */
static void test_inactive_lane_grey(void **state)
{
    fixture *f = *state;
    record(f, "programs/warp_reduce_down.ptx", "programs/warp_reduce_down.args", NULL);
    const rec_step *s = NULL;
    for (f->view.pos = 0; f->view.pos < f->view.norder; f->view.pos++)
        if ((s = viz_view_step(&f->view))->exec != 0xffffffffu)
            break;
    assert_true(f->view.pos < f->view.norder);
    draw(f);
    int y = f->L.y_band + f->L.h_band / 4;
    for (unsigned l = 0; l < 32; l++) {
        int x = viz_lane_x0(&f->L, l) + 3;
        uint32_t px = viz_get(&f->c, x, y);
        bool on = (s->exec >> l) & 1;
        if (on == (px == VIZ_C_INACTIVE))
            fail_msg("lane %u (%s): pixel 0x%06x at (%d,%d)", l, on ? "executes" : "does not execute", px, x, y);
    }
}

/* The divergent shuffle: lanes 20-31 are grey, lanes 16-19 read lanes that did not execute
 * (their arrows start in grey columns, in the warning colour), and the step carries the
 * diagnostic. */
static void test_divergent_shuffle(void **state)
{
    fixture *f = *state;
    record(f, "viz/examples/divergent_shfl.ptx", "viz/examples/divergent_shfl.args", "shfl");
    assert_int_equal(f->view.norder, 1);
    const rec_step *s = viz_view_step(&f->view);
    assert_int_equal(s->exec, 0x000fffffu);
    assert_true(rec_step_diag(f->view.rec, s) >= 0);
    draw(f);
    int top = f->L.y_band + (int)(2 * f->L.s) + 1;
    for (unsigned l = 0; l < 32; l++) {
        int ok = count_in_column(f, l, top, top + 2, VIZ_C_ARROW);
        int bad = count_in_column(f, l, top, top + 2, VIZ_C_BAD);
        bool want_ok = l >= 4 && l <= 19, want_bad = l >= 20 && l <= 23;
        if (want_ok != (ok > 0) || want_bad != (bad > 0))
            fail_msg("lane %u: arrow pixels %d, warning arrow pixels %d", l, ok, bad);
    }
    assert_int_equal(viz_get(&f->c, viz_lane_x0(&f->L, 28) + 3, f->L.y_res + f->L.h_row / 2), VIZ_C_INACTIVE);
    assert_string_equal(f->sc.rule, "lane i reads lane i+4; lanes 16-19 read a lane that did not execute and get 0");
}

/* Every legend item of a frame is drawn, in each colour it names, where it explains: the lane
 * area for the legend panel's items, the strip's rows for the strip's line, the tree for the
 * tree's. Over frames of every kind: shuffles (one colour and eight), a vote, the banks, a
 * divergent branch, don't-care results, the result frame with its tree. */
static void check_legend(fixture *f, const char *what)
{
    draw(f);
    const viz_layout *L = &f->L;
    viz_legend_item items[VIZ_MAX_LEGEND];
    unsigned n = viz_legend(&f->sc, &f->view, L, items);
    assert_true(n > 0);
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < items[i].ncolours; k++) {
            int y0 = items[i].where == VIZ_IN_PANEL   ? L->y_lane
                     : items[i].where == VIZ_IN_STRIP ? L->y_strip + (int)(20 * L->s)
                                                      : L->y_panel + (int)(30 * L->s);
            int y1 = items[i].where == VIZ_IN_PANEL   ? L->y_strip
                     : items[i].where == VIZ_IN_STRIP ? L->y_strip + L->h_strip
                                                      : L->h;
            int got = count_in_rows(f, y0, y1, items[i].colour[k]);
            if (!got)
                fail_msg("%s, frame %zu: legend item \"%s\" names colour 0x%06x, which the frame does not use", what,
                         f->view.pos + 1, items[i].label, items[i].colour[k]);
        }
}

static void test_legend_colours(void **state)
{
    static const struct {
        const char *ptx, *args, *only;
    } runs[] = {
        {"programs/warp_reduce_down.ptx", "programs/warp_reduce_down.args", "shfl,add.f32"},
        {"programs/butterfly_allreduce.ptx", "programs/butterfly_allreduce.args", "shfl"},
        {"programs/ballot_compact.ptx", "programs/ballot_compact.args", "vote"},
        {"programs/shfl_up_w16_d5.ptx", "programs/shfl_up_w16_d5.args", "shfl"},
        {"viz/examples/divergent_shfl.ptx", "viz/examples/divergent_shfl.args", NULL},
        {"viz/examples/bank_strides.ptx", "viz/examples/bank_strides.args", "mem"},
        {NULL, "viz/examples/transpose_conflict.args", "mem,bar"},
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        if (r)
            teardown(state), setup(state);
        fixture *f = *state;
        record(f, runs[r].ptx, runs[r].args, runs[r].only);
        for (f->view.pos = 0; f->view.pos < f->view.nframes; f->view.pos++)
            check_legend(f, runs[r].args);
    }
}

/* Text is 14 px or more at 1280x720 and grows with the window. */
static void test_text_size(void **state)
{
    (void)state;
    viz_fonts f;
    assert_int_equal(viz_fonts_open(&f, viz_font_default_path(), 1280, 720), 0);
    for (int i = 0; i < 5; i++)
        assert_true(f.px[i] >= 14);
    viz_fonts_close(&f);
    assert_int_equal(viz_fonts_open(&f, viz_font_default_path(), 2560, 1440), 0);
    for (int i = 0; i < 5; i++)
        assert_true(f.px[i] >= 28);
    viz_fonts_close(&f);
}

/* Files: a PNG and a GIF with their signatures, and a GIF of 6 frames that stays small. */
static void test_export_files(void **state)
{
    fixture *f = *state;
    record(f, "programs/warp_reduce_down.ptx", "programs/warp_reduce_down.args", "shfl");
    char dir[] = "/tmp/test_viz_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char gif[300], png[300];
    snprintf(gif, sizeof gif, "%s/r.gif", dir);
    assert_int_equal(viz_export(&f->view, viz_font_default_path(), 640, 360, dir, gif, 1000), 0);
    unsigned char sig[8];
    snprintf(png, sizeof png, "%s/step_0006.png", dir);
    FILE *fp = fopen(png, "rb");
    assert_non_null(fp);
    assert_int_equal(fread(sig, 1, 8, fp), 8);
    fclose(fp);
    assert_memory_equal(sig, "\x89PNG\r\n\x1a\n", 8);
    fp = fopen(gif, "rb");
    assert_non_null(fp);
    assert_int_equal(fread(sig, 1, 6, fp), 6);
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fclose(fp);
    assert_memory_equal(sig, "GIF89a", 6);
    assert_true(size > 1000 && size < 1000000);
    for (int i = 1; i <= 6; i++) {
        snprintf(png, sizeof png, "%s/step_%04d.png", dir, i);
        unlink(png);
    }
    unlink(gif);
    rmdir(dir);
}

/* The window, on SDL's dummy driver (asked for, so it is accepted): the script steps, jumps to
 * the next shuffle, resizes, clicks lane 3 and quits. */
static void test_window_script(void **state)
{
    fixture *f = *state;
    record(f, "programs/warp_reduce_down.ptx", "programs/warp_reduce_down.args", NULL);
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    assert_int_equal(viz_window_run(&f->view, viz_font_default_path(), 960, 540,
                                    "right,right,n,size=800x600,wait,lane=3,q"),
                     0);
    const rec_step *s = viz_view_step(&f->view);
    assert_non_null(s);
    assert_true(s->is_shfl); /* n stopped at the first shuffle */
    assert_int_equal(s->shfl_b, 16);
    assert_int_equal(f->view.lane, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_bank_strides, setup, teardown),
        cmocka_unit_test_setup_teardown(test_transpose, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reduce_provenance, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scan_provenance, setup, teardown),
        cmocka_unit_test_setup_teardown(test_printf_result, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rule_sentences, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cycles_and_warps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_shfl_down_arrows, setup, teardown),
        cmocka_unit_test_setup_teardown(test_single_route, setup, teardown),
        cmocka_unit_test_setup_teardown(test_inactive_lane_grey, setup, teardown),
        cmocka_unit_test_setup_teardown(test_divergent_shuffle, setup, teardown),
        cmocka_unit_test_setup_teardown(test_legend_colours, setup, teardown),
        cmocka_unit_test(test_text_size),
        cmocka_unit_test(test_cut_line),
        cmocka_unit_test_setup_teardown(test_export_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_window_script, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
