/* viz: frames drawn headless into the RGBA canvas, checked pixel by pixel against what the
 * event stream says: shuffle arrows start at their source lanes' columns, out-of-range lanes
 * get their loop marker, lanes that do not execute are grey. And the window, scripted, on
 * SDL's dummy video driver. */
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
#include "export.h"
#include "record.h"
#include "view.h"
#include "window.h"

#define W 1280
#define H 720

typedef struct {
    ws_module *m;
    recording *rec;
    viz_view view;
    viz_fonts fonts;
    viz_canvas c;
    viz_layout L;
    viz_scene sc;
    char path[512];
} fixture;

/* Runs programs/NAME.ptx (or viz/examples) on one block of 32 threads whose parameters are
 * nbuf buffers of 32 words each (the inputs 0, 1, ... as f32), recording every event. */
static void run_program(fixture *f, const char *rel, unsigned nbuf, unsigned only)
{
    snprintf(f->path, sizeof f->path, "%s/%s", WS_SOURCE_DIR, rel);
    ws_parse_error perr;
    f->m = ws_module_load(f->path, &perr);
    assert_non_null(f->m);
    const ws_kernel *k = ws_module_kernel(f->m, NULL);
    assert_non_null(k);
    f->rec = rec_create(f->m, k, 0, NULL, 0);
    assert_non_null(f->rec);
    ws_config cfg = {.on_event = rec_event, .event_user = f->rec};
    ws_sim *sim = ws_sim_create(&cfg);
    assert_non_null(sim);
    float in[32];
    for (int i = 0; i < 32; i++)
        in[i] = (float)i;
    uint64_t params[4] = {0};
    assert_int_equal(k->nparams, nbuf);
    for (unsigned i = 0; i < nbuf; i++)
        params[i] = ws_sim_alloc(sim, sizeof in, in);
    unsigned grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
    ws_result res;
    memset(&res, 0, sizeof res);
    ws_sim_launch(sim, f->m, k, grid, block, params, k->param_bytes, &res);
    ws_result_free(&res);
    ws_sim_destroy(sim);
    assert_false(f->rec->oom);
    viz_filter filter = {.bits = only};
    assert_int_equal(viz_view_init(&f->view, f->rec, f->path, &filter, 0), 0);
    assert_int_equal(viz_fonts_open(&f->fonts, viz_font_default_path(), W, H), 0);
    assert_int_equal(viz_canvas_init(&f->c, W, H), 0);
}

/* Draws the current frame and lays out f->L as the frame was. */
static void draw(fixture *f)
{
    viz_scene_build(&f->sc, &f->view);
    viz_layout_compute(&f->L, W, H, &f->sc, f->rec->nwatch);
    viz_draw_scene(&f->c, &f->fonts, &f->view, &f->sc);
}

static int teardown(void **state)
{
    fixture *f = *state;
    viz_canvas_free(&f->c);
    viz_fonts_close(&f->fonts);
    viz_view_free(&f->view);
    rec_destroy(f->rec);
    ws_module_free(f->m);
    free(f);
    return 0;
}

static int setup(void **state)
{
    *state = calloc(1, sizeof(fixture));
    return *state ? 0 : -1;
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
    run_program(f, "programs/warp_reduce_down.ptx", 2, VIZ_ONLY_SHFL);
    assert_int_equal(f->view.norder, 5); /* the 5-step reduction is 5 frames */
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
    run_program(f, "programs/warp_reduce_down.ptx", 2, VIZ_ONLY_SHFL);
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
    run_program(f, "programs/warp_reduce_down.ptx", 2, 0);
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
    run_program(f, "viz/examples/divergent_shfl.ptx", 1, VIZ_ONLY_SHFL);
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
}

/* Files: a PNG and a GIF with their signatures, and a GIF of 5 frames that stays small. */
static void test_export_files(void **state)
{
    fixture *f = *state;
    run_program(f, "programs/warp_reduce_down.ptx", 2, VIZ_ONLY_SHFL);
    char dir[] = "/tmp/test_viz_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char gif[300], png[300];
    snprintf(gif, sizeof gif, "%s/r.gif", dir);
    assert_int_equal(viz_export(&f->view, viz_font_default_path(), 640, 360, dir, gif, 1000), 0);
    unsigned char sig[8];
    snprintf(png, sizeof png, "%s/step_0005.png", dir);
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
    for (int i = 1; i <= 5; i++) {
        snprintf(png, sizeof png, "%s/step_%04d.png", dir, i);
        unlink(png);
    }
    unlink(gif);
    rmdir(dir);
}

/* The window, on whatever video driver SDL finds (the dummy one under ctest): the script
 * steps, jumps to the next shuffle, plays, resizes and quits. */
static void test_window_script(void **state)
{
    fixture *f = *state;
    run_program(f, "programs/warp_reduce_down.ptx", 2, 0);
    if (!getenv("SDL_VIDEODRIVER"))
        setenv("SDL_VIDEODRIVER", "dummy", 1);
    assert_int_equal(viz_window_run(&f->view, viz_font_default_path(), 960, 540, "right,right,n,size=800x600,wait,q"), 0);
    const rec_step *s = viz_view_step(&f->view);
    assert_non_null(s);
    assert_true(s->is_shfl); /* n stopped at the first shuffle */
    assert_int_equal(s->shfl_b, 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_shfl_down_arrows, setup, teardown),
        cmocka_unit_test_setup_teardown(test_single_route, setup, teardown),
        cmocka_unit_test_setup_teardown(test_inactive_lane_grey, setup, teardown),
        cmocka_unit_test_setup_teardown(test_divergent_shuffle, setup, teardown),
        cmocka_unit_test_setup_teardown(test_export_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_window_script, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
