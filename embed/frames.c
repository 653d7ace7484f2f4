/* frames FILE.ptx [run arguments] [--warp N] [--cta N] [--only LIST] [--lane N] --frames-json FILE
 *
 * `warpsim viz --frames-json` without the viewer: the same launch words and the same viz options
 * (their table is warpsim viz's, cli/options.c), the same recording, scenes and JSON
 * (docs/viz-frames.md), but no SDL, PNG or GIF. The in-process front ends call it (ws_embed_main):
 * the WebAssembly playground (web/) and the Python package (python/), whose pictures are drawn
 * from this JSON. The drawing options (--png, --gif, --beside, --watch ...) are refused by name. */
#include "embed.h"
#include "record.h"
#include "scene_json.h"
#include "session.h"
#include "view.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int parse_ulong(const char *s, unsigned long *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 0);
    if (errno || *end || !*s || *s == '-')
        return -1;
    *out = v;
    return 0;
}

int viz_frames_main(int argc, char **argv)
{
    ws_launch L;
    ws_launch_init(&L);
    unsigned long warp = 0, cta = 0, max_steps = 200000, l;
    long lane = -1;
    viz_filter only = {0};
    const char *json = NULL;
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
        case VIZ_WARP: bad = parse_ulong(val, &warp) || warp >= 32; break;
        case VIZ_CTA: bad = parse_ulong(val, &cta) || cta > UINT32_MAX; break;
        case VIZ_ONLY: bad = viz_parse_only(val, &only); break;
        case VIZ_LANE:
            bad = parse_ulong(val, &l) || l >= 32;
            lane = bad ? -1 : (long)l;
            break;
        case VIZ_FRAMES_JSON: json = val; break;
        case VIZ_MAX_STEPS: bad = parse_ulong(val, &max_steps) || !max_steps; break;
        default:
            fprintf(stderr, "warpsim: error: %s draws with the viewer: only `warpsim viz` takes it\n", a);
            goto done;
        }
        if (bad) {
            fprintf(stderr, "warpsim: error: %s %s: not a valid value (see warpsim viz --help)\n", a, val);
            goto done;
        }
    }
    if (!json) {
        fprintf(stderr, "warpsim: error: frames needs --frames-json FILE\n");
        goto done;
    }
    if ((status = ws_session_load(&S, &L, 0)) != WS_OK)
        goto done;
    status = WS_ERR_INPUT;
    unsigned long nblocks = (unsigned long)L.grid[0] * L.grid[1] * L.grid[2];
    if (cta >= nblocks) {
        fprintf(stderr, "warpsim: error: --cta %lu: the grid has %lu block%s\n", cta, nblocks, nblocks == 1 ? "" : "s");
        goto done;
    }
    status = rec_launch(&S, &L, (uint32_t)cta, NULL, 0, max_steps, &rec, &res);
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
    have_view = true;
    if (viz_view_init(&view, rec, L.ptx_path, &only, (uint32_t)warp) != 0) {
        fprintf(stderr, "warpsim viz: warp %lu of block %lu has no %s to show\n", warp, cta,
                only.bits ? "steps of that kind" : "steps");
        goto done;
    }
    view.lane = (int)lane;
    if (viz_frames_json(&view, json, "timing") != 0) {
        fprintf(stderr, "warpsim viz: cannot write %s\n", json);
        goto done;
    }
    status = WS_OK;
done:
    if (have_view)
        viz_view_free(&view);
    ws_result_free(&res);
    ws_session_free(&S);
    rec_destroy(rec);
    ws_launch_free(&L);
    return status;
}
