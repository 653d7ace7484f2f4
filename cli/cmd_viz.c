/* warpsim viz FILE.ptx [run arguments] [--warp N] [--cta N] [--watch REG[,REG]] [--only LIST]
 *                      [--lane N] [--png DIR] [--gif FILE] [--frames-json FILE] [--beside ARGSFILE]
 *                      [--size WxH] [--delay MS] [--script KEYS]
 *
 * Runs the kernel like `warpsim run --mode timing` (the same launch words, @ARGSFILE
 * included), records the event stream of one block, and replays it: in a window, or headless
 * into PNG files, an animated GIF or every frame's scene as JSON. Glue only: recording,
 * scenes, drawing and presenting live in cli/record*.c and viz/. */
#include "commands.h"
#include "launch.h"
#include "options.h"
#include "record.h"
#include "session.h"

#include "../viz/draw.h"
#include "../viz/export.h"
#include "../viz/scene_json.h"
#include "../viz/view.h"
#include "../viz/viz_run.h"
#include "../viz/window.h"

#include <stdlib.h>
#include <string.h>

/* --beside: the launch an args file describes, recorded as this one, each frame beside this
 * one's (block 0, the same warp and filter). */
static int export_beside(viz_view *v, const char *args, const viz_filter *only, const char *font, int w, int h,
                         const char *png)
{
    ws_launch L;
    ws_launch_init(&L);
    ws_session S = {0};
    ws_result res;
    memset(&res, 0, sizeof res);
    recording *rec = NULL;
    viz_view other;
    bool have_view = false;
    char at[4096], viz[] = "viz";
    snprintf(at, sizeof at, "@%s", args);
    char *argv[2] = {viz, at};
    int i = 1, status = WS_ERR_INPUT;
    if (ws_session_parse_arg(&L, 2, argv, &i) != 1 || (status = ws_session_load(&S, &L, 0)) != WS_OK ||
        (status = rec_launch(&S, &L, 0, NULL, 0, 0, &rec, &res)) != WS_OK)
        goto out;
    status = WS_ERR_INPUT;
    have_view = true;
    if (viz_view_init(&other, rec, L.ptx_path, only, v->warp) != 0) {
        fprintf(stderr, "warpsim viz: --beside %s: warp %u has no steps to show\n", args, v->warp);
        goto out;
    }
    status = viz_export_pair(v, &other, font, w, h, png) == 0 ? WS_OK : WS_ERR_INPUT;
    if (status == WS_OK) {
        size_t nframes = v->nframes > other.nframes ? v->nframes : other.nframes;
        printf("warpsim viz: %zu frame%s of %s beside %s -> %s\n", nframes, nframes == 1 ? "" : "s", v->rec->k->name,
               rec->k->name, png);
    }
out:
    if (have_view)
        viz_view_free(&other);
    ws_result_free(&res);
    ws_session_free(&S);
    rec_destroy(rec);
    ws_launch_free(&L);
    return status;
}

int cmd_viz(int argc, char **argv)
{
    ws_launch L;
    viz_options o;
    viz_run run;
    int status;
    if (viz_begin(argc, argv, &L, &o, &run, &status) != 0)
        goto done;
    const char *font = o.font ? o.font : viz_font_default_path();
    if ((status = viz_run_open(&run, &L, &o)) != WS_OK)
        goto done;
    viz_view *view = &run.view;
    status = WS_ERR_INPUT;
    if (o.json) {
        if (viz_frames_json(view, o.json, "timing") != 0) {
            fprintf(stderr, "warpsim viz: cannot write %s\n", o.json);
            goto done;
        }
        status = WS_OK;
        if (!o.png && !o.gif)
            printf("warpsim viz: %zu frame%s of block %lu warp %lu -> %s\n", view->nframes,
                   view->nframes == 1 ? "" : "s", o.cta, o.warp, o.json);
    }
    if (o.beside) {
        if (!o.png || o.gif) {
            fprintf(stderr, "warpsim: error: --beside needs --png DIR (and no --gif)\n");
            status = WS_ERR_INPUT;
        } else {
            status = export_beside(view, o.beside, &o.only, font, o.w, o.h, o.png);
        }
    } else if (o.png || o.gif) {
        int ms = o.delay ? (int)o.delay : o.only.bits ? 1200 : 400;
        status = viz_export(view, font, o.w, o.h, o.png, o.gif, ms) == 0 ? WS_OK : WS_ERR_INPUT;
        if (status == WS_OK)
            printf("warpsim viz: %zu frame%s of block %lu warp %lu%s%s%s%s%s%s\n", view->nframes,
                   view->nframes == 1 ? "" : "s", o.cta, o.warp, o.png ? " -> " : "", o.png ? o.png : "",
                   o.gif ? " -> " : "", o.gif ? o.gif : "", o.json ? " -> " : "", o.json ? o.json : "");
    } else if (!o.json) {
        int rc = viz_window_run(view, font, o.w, o.h, o.script);
        status = rc == 0 ? WS_OK : rc == VIZ_NO_DISPLAY ? VIZ_NO_DISPLAY : WS_ERR_INTERNAL;
    }
done:
    viz_run_free(&run);
    ws_launch_free(&L);
    return status;
}
