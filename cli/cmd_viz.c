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
#include "../viz/window.h"

#include <errno.h>
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
    if (status == WS_OK)
        printf("warpsim viz: %zu frames of %s beside %s -> %s\n",
               v->nframes > other.nframes ? v->nframes : other.nframes, v->rec->k->name, rec->k->name, png);
out:
    if (have_view)
        viz_view_free(&other);
    ws_result_free(&res);
    ws_session_free(&S);
    rec_destroy(rec);
    ws_launch_free(&L);
    return status;
}

static int parse_uint(const char *s, unsigned long *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 0);
    if (errno || *end || !*s || *s == '-')
        return -1;
    *out = v;
    return 0;
}

int cmd_viz(int argc, char **argv)
{
    ws_launch L;
    ws_launch_init(&L);
    unsigned long warp = 0, cta = 0, max_steps = 200000, delay = 0;
    int w = 1280, h = 720;
    viz_filter only = {0};
    long lane = -1;
    unsigned long l;
    const char *png = NULL, *gif = NULL, *json = NULL, *beside = NULL, *script = NULL, *watch = NULL,
               *font = viz_font_default_path();
    int status = WS_ERR_INPUT;
    ws_session S = {0};
    recording *rec = NULL;
    viz_view view;
    bool have_view = false;
    ws_result res;
    memset(&res, 0, sizeof res);

    for (int i = 1; i < argc;) {
        int r = ws_session_parse_arg(&L, argc, argv, &i);
        if (r < 0)
            goto done;
        if (r == 1)
            continue;
        const char *a = argv[i], *val;
        int bad = 0;
        switch (cli_option_next(CLI_VERB_VIZ, argc, argv, &i, &val)) {
        case CLI_HELP: status = WS_OK; goto done;
        case CLI_ERROR: goto done;
        case VIZ_WARP: bad = parse_uint(val, &warp) || warp >= 32; break;
        case VIZ_CTA: bad = parse_uint(val, &cta) || cta > UINT32_MAX; break;
        case VIZ_WATCH: watch = val; break;
        case VIZ_ONLY: bad = viz_parse_only(val, &only); break;
        case VIZ_LANE:
            bad = parse_uint(val, &l) || l >= 32;
            lane = bad ? -1 : (long)l;
            break;
        case VIZ_FRAMES_JSON: json = val; break;
        case VIZ_BESIDE: beside = val; break;
        case VIZ_PNG: png = val; break;
        case VIZ_GIF: gif = val; break;
        case VIZ_SIZE: bad = sscanf(val, "%dx%d", &w, &h) != 2 || w < 320 || h < 200 || w > 8192 || h > 8192; break;
        case VIZ_DELAY: bad = parse_uint(val, &delay) || delay > 60000; break;
        case VIZ_MAX_STEPS: bad = parse_uint(val, &max_steps) || !max_steps; break;
        case VIZ_FONT: font = val; break;
        case VIZ_SCRIPT: script = val; break;
        }
        if (bad) {
            fprintf(stderr, "warpsim: error: %s %s: not a valid value (see warpsim viz --help)\n", a, val);
            goto done;
        }
    }
    if ((status = ws_session_load(&S, &L, 0)) != WS_OK)
        goto done;
    status = WS_ERR_INPUT;
    const ws_kernel *k = S.k;
    uint32_t wregs[REC_MAX_WATCH];
    unsigned nwatch = 0;
    for (const char *p = watch; p && *p;) {
        size_t n = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), p);
        uint32_t reg = rec_find_reg(k, name);
        if (reg == WS_NO_REG || nwatch == REC_MAX_WATCH) {
            fprintf(stderr, "warpsim: error: --watch: %s\n",
                    reg == WS_NO_REG ? "no such register in the kernel" : "at most 4 registers");
            fprintf(stderr, "  (%s)\n", name);
            goto done;
        }
        wregs[nwatch++] = reg;
        p += n + (p[n] == ',');
    }
    unsigned long nblocks = (unsigned long)L.grid[0] * L.grid[1] * L.grid[2];
    if (cta >= nblocks) {
        fprintf(stderr, "warpsim: error: --cta %lu: the grid has %lu block%s\n", cta, nblocks, nblocks == 1 ? "" : "s");
        goto done;
    }
    status = rec_launch(&S, &L, (uint32_t)cta, wregs, nwatch, max_steps, &rec, &res);
    if (status == WS_ERR_INTERNAL)
        fprintf(stderr, "warpsim: error: out of memory while recording\n");
    if (status != WS_OK)
        goto done;
    status = WS_ERR_INPUT;
    if (res.status != WS_OK && res.message[0])
        fprintf(stderr, "warpsim: %s (replaying what ran)\n", res.message);
    if (rec->truncated)
        fprintf(stderr, "warpsim viz: kept the first %zu steps (--max-steps, or the memory a recording may take)\n",
                rec->nsteps);
    if (viz_view_init(&view, rec, L.ptx_path, &only, (uint32_t)warp) != 0) {
        fprintf(stderr, "warpsim viz: warp %lu of block %lu has no %s to show\n", warp, cta,
                only.bits ? "steps of that kind" : "steps");
        have_view = true;
        goto done;
    }
    have_view = true;
    view.lane = (int)lane;
    if (json) {
        if (viz_frames_json(&view, json, "timing") != 0) {
            fprintf(stderr, "warpsim viz: cannot write %s\n", json);
            goto done;
        }
        status = WS_OK;
        if (!png && !gif)
            printf("warpsim viz: %zu frame%s of block %lu warp %lu -> %s\n", view.nframes, view.nframes == 1 ? "" : "s",
                   cta, warp, json);
    }
    if (beside) {
        if (!png || gif) {
            fprintf(stderr, "warpsim: error: --beside needs --png DIR (and no --gif)\n");
            status = WS_ERR_INPUT;
        } else {
            status = export_beside(&view, beside, &only, font, w, h, png);
        }
    } else if (png || gif) {
        int ms = delay ? (int)delay : only.bits ? 1200 : 400;
        status = viz_export(&view, font, w, h, png, gif, ms) == 0 ? WS_OK : WS_ERR_INPUT;
        if (status == WS_OK)
            printf("warpsim viz: %zu frame%s of block %lu warp %lu%s%s%s%s%s%s\n", view.nframes,
                   view.nframes == 1 ? "" : "s", cta, warp, png ? " -> " : "", png ? png : "", gif ? " -> " : "",
                   gif ? gif : "", json ? " -> " : "", json ? json : "");
    } else if (!json) {
        int rc = viz_window_run(&view, font, w, h, script);
        status = rc == 0 ? WS_OK : rc == VIZ_NO_DISPLAY ? VIZ_NO_DISPLAY : WS_ERR_INTERNAL;
    }
done:
    if (have_view)
        viz_view_free(&view);
    ws_result_free(&res);
    ws_session_free(&S);
    rec_destroy(rec);
    ws_launch_free(&L);
    return status;
}
