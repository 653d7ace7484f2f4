/* warpsim viz FILE.ptx [run arguments] [--warp N] [--cta N] [--watch REG[,REG]] [--only LIST]
 *                      [--png DIR] [--gif FILE] [--size WxH] [--delay MS] [--script KEYS]
 *
 * Runs the kernel like `warpsim run` (the same launch words, @ARGSFILE included), records the
 * event stream of one block, and replays it: in a window, or headless into PNG files or an
 * animated GIF. Glue only: recording, drawing and presenting live in viz/. */
#include "commands.h"
#include "launch.h"
#include "record.h"
#include "session.h"

#include "../viz/draw.h"
#include "../viz/export.h"
#include "../viz/view.h"
#include "../viz/window.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: warpsim viz FILE.ptx [run arguments, as warpsim run, @ARGSFILE] [options]\n"
            "  --warp N          the warp to show first (default 0)\n"
            "  --cta N           the block to record, linear index (default 0; --block is the launch size)\n"
            "  --watch R[,R]     registers shown on every step (up to 4), e.g. %%r4,%%f2\n"
            "  --only LIST       frames only for: shfl, vote, warp (every warp-wide instruction)\n"
            "  --png DIR         headless: one PNG per frame into DIR\n"
            "  --gif FILE        headless: an animated GIF\n"
            "  --size WxH        frame or window size (default 1280x720)\n"
            "  --delay MS        GIF frame time (default 1200 with --only, else 400)\n"
            "  --max-steps N     steps kept for replay (default 200000)\n"
            "  --font PATH       a monospace TrueType font (default $WARPSIM_FONT or DejaVu Sans Mono)\n"
            "  --script KEYS     window: keys to play, e.g. right,right,n,q (for tests)\n"
            "window keys: space play/pause, right/left step, +/- speed, n next shuffle, w/W warp, q quit\n");
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
    unsigned only = 0;
    const char *png = NULL, *gif = NULL, *script = NULL, *watch = NULL, *font = viz_font_default_path();
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
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            status = WS_OK;
            goto done;
        } else if (!val) {
            bad = 1;
        } else if (!strcmp(a, "--warp")) {
            bad = parse_uint(val, &warp) || warp >= 32;
        } else if (!strcmp(a, "--cta") || !strcmp(a, "--block-index")) {
            bad = parse_uint(val, &cta) || cta > UINT32_MAX;
        } else if (!strcmp(a, "--watch")) {
            watch = val;
        } else if (!strcmp(a, "--only")) {
            bad = viz_parse_only(val, &only);
        } else if (!strcmp(a, "--png")) {
            png = val;
        } else if (!strcmp(a, "--gif")) {
            gif = val;
        } else if (!strcmp(a, "--size")) {
            bad = sscanf(val, "%dx%d", &w, &h) != 2 || w < 320 || h < 200 || w > 8192 || h > 8192;
        } else if (!strcmp(a, "--delay")) {
            bad = parse_uint(val, &delay) || delay > 60000;
        } else if (!strcmp(a, "--max-steps")) {
            bad = parse_uint(val, &max_steps) || !max_steps;
        } else if (!strcmp(a, "--font")) {
            font = val;
        } else if (!strcmp(a, "--script")) {
            script = val;
        } else {
            fprintf(stderr, "warpsim: error: unknown option '%s'\n", a);
            usage(stderr);
            goto done;
        }
        if (bad) {
            fprintf(stderr, "warpsim: error: %s %s: not a valid value (see warpsim viz --help)\n", a, val ? val : "(missing)");
            goto done;
        }
        i += 2;
    }
    if ((status = ws_session_load(&S, &L, 0)) != WS_OK)
        goto done;
    status = WS_ERR_INPUT;
    const ws_module *m = S.m;
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
    rec = rec_create(m, k, (uint32_t)cta, wregs, nwatch);
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.mode = WS_MODE_FUNCTIONAL;
    cfg.max_memory = WS_DEFAULT_MAX_MEMORY / 2; /* and the recording the other half */
    cfg.on_event = rec_event;
    cfg.event_user = rec;
    if (!rec) {
        fprintf(stderr, "warpsim: error: out of memory\n");
        status = WS_ERR_INTERNAL;
        goto done;
    }
    rec->max_steps = max_steps;
    rec->max_bytes = WS_DEFAULT_MAX_MEMORY / 2;
    if ((status = ws_session_prepare(&S, &L, &cfg)) != WS_OK)
        goto done;
    status = WS_ERR_INPUT;
    int run = ws_session_launch(&S, &L, &res);
    if (run == WS_ERR_INPUT)
        goto done;
    if (run != WS_OK && res.message[0])
        fprintf(stderr, "warpsim: %s (replaying what ran)\n", res.message);
    if (rec->oom) {
        fprintf(stderr, "warpsim: error: out of memory while recording\n");
        status = WS_ERR_INTERNAL;
        goto done;
    }
    if (rec->truncated)
        fprintf(stderr, "warpsim viz: kept the first %lu steps (--max-steps)\n", max_steps);
    if (viz_view_init(&view, rec, L.ptx_path, only, (uint32_t)warp) != 0) {
        fprintf(stderr, "warpsim viz: warp %lu of block %lu has no %s to show\n", warp, cta,
                only ? "steps of that kind" : "steps");
        have_view = true;
        goto done;
    }
    have_view = true;
    if (png || gif) {
        status = viz_export(&view, font, w, h, png, gif, delay ? (int)delay : only ? 1200 : 400) == 0 ? WS_OK
                                                                                                     : WS_ERR_INPUT;
        if (status == WS_OK)
            printf("warpsim viz: %zu frame%s of block %lu warp %lu%s%s%s%s\n", view.norder, view.norder == 1 ? "" : "s",
                   cta, warp, png ? " -> " : "", png ? png : "", gif ? " -> " : "", gif ? gif : "");
    } else {
        status = viz_window_run(&view, font, w, h, script) == 0 ? WS_OK : WS_ERR_INTERNAL;
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
