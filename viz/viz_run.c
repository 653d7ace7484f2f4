/* viz_run: the viewer's options, recording and view (viz_run.h). */
#include "viz_run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

static int parse_options(int argc, char **argv, ws_launch *L, viz_options *o)
{
    memset(o, 0, sizeof *o);
    o->max_steps = 200000;
    o->lane = -1;
    o->w = 1280;
    o->h = 720;
    unsigned long l;
    for (int i = 1; i < argc;) {
        int r = ws_session_parse_arg(L, argc, argv, &i);
        if (r < 0)
            return -1;
        if (r == 1)
            continue;
        const char *a = argv[i], *val;
        int bad = 0;
        switch (cli_option_next(CLI_VERB_VIZ, argc, argv, &i, &val)) {
        case CLI_HELP: return 1;
        case CLI_ERROR: return -1;
        case VIZ_WARP: bad = parse_uint(val, &o->warp) || o->warp >= 32; break;
        case VIZ_CTA: bad = parse_uint(val, &o->cta) || o->cta > UINT32_MAX; break;
        case VIZ_WATCH: o->watch = val; break;
        case VIZ_ONLY: bad = viz_parse_only(val, &o->only); break;
        case VIZ_LANE:
            bad = parse_uint(val, &l) || l >= 32;
            o->lane = bad ? -1 : (long)l;
            break;
        case VIZ_FRAMES_JSON: o->json = val; break;
        case VIZ_BESIDE: o->beside = val; break;
        case VIZ_PNG: o->png = val; break;
        case VIZ_GIF: o->gif = val; break;
        case VIZ_SIZE:
            bad = sscanf(val, "%dx%d", &o->w, &o->h) != 2 || o->w < 320 || o->h < 200 || o->w > 8192 || o->h > 8192;
            break;
        case VIZ_DELAY: bad = parse_uint(val, &o->delay) || o->delay > 60000; break;
        case VIZ_MAX_STEPS: bad = parse_uint(val, &o->max_steps) || !o->max_steps; break;
        case VIZ_FONT: o->font = val; break;
        case VIZ_SCRIPT: o->script = val; break;
        }
        if (bad) {
            fprintf(stderr, "warpsim: error: %s %s: not a valid value (see warpsim viz --help)\n", a, val);
            return -1;
        }
    }
    return 0;
}

int viz_begin(int argc, char **argv, ws_launch *L, viz_options *o, viz_run *r, int *status)
{
    ws_launch_init(L);
    memset(r, 0, sizeof *r);
    int parsed = parse_options(argc, argv, L, o);
    *status = parsed == 1 ? WS_OK : WS_ERR_INPUT;
    return parsed == 0 ? 0 : -1;
}

int viz_run_open(viz_run *r, ws_launch *L, const viz_options *o)
{
    memset(r, 0, sizeof *r);
    int status;
    if ((status = ws_session_load(&r->S, L, 0)) != WS_OK)
        return status;
    const ws_kernel *k = r->S.k;
    uint32_t wregs[REC_MAX_WATCH];
    unsigned nwatch = 0;
    for (const char *p = o->watch; p && *p;) {
        size_t n = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), p);
        uint32_t reg = rec_find_reg(k, name);
        if (reg == WS_NO_REG || nwatch == REC_MAX_WATCH) {
            fprintf(stderr, "warpsim: error: --watch: %s\n",
                    reg == WS_NO_REG ? "no such register in the kernel" : "at most 4 registers");
            fprintf(stderr, "  (%s)\n", name);
            return WS_ERR_INPUT;
        }
        wregs[nwatch++] = reg;
        p += n + (p[n] == ',');
    }
    unsigned long nblocks = (unsigned long)L->grid[0] * L->grid[1] * L->grid[2];
    if (o->cta >= nblocks) {
        fprintf(stderr, "warpsim: error: --cta %lu: the grid has %lu block%s\n", o->cta, nblocks,
                nblocks == 1 ? "" : "s");
        return WS_ERR_INPUT;
    }
    status = rec_launch(&r->S, L, (uint32_t)o->cta, wregs, nwatch, o->max_steps, &r->rec, &r->res);
    if (status == WS_ERR_INTERNAL)
        fprintf(stderr, "warpsim: error: out of memory while recording\n");
    if (status != WS_OK)
        return status;
    if (r->res.status != WS_OK && r->res.message[0])
        fprintf(stderr, "warpsim: %s (replaying what ran)\n", r->res.message);
    if (r->rec->truncated)
        fprintf(stderr, "warpsim viz: kept the first %zu step%s (--max-steps, or the memory a recording may take)\n",
                r->rec->nsteps, r->rec->nsteps == 1 ? "" : "s");
    r->have_view = true; /* freed even when its opening fails */
    if (viz_view_init(&r->view, r->rec, L->ptx_path, &o->only, (uint32_t)o->warp) != 0) {
        fprintf(stderr, "warpsim viz: warp %lu of block %lu has no %s to show\n", o->warp, o->cta,
                o->only.bits ? "steps of that kind" : "steps");
        return WS_ERR_INPUT;
    }
    r->view.lane = (int)o->lane;
    return WS_OK;
}

void viz_run_free(viz_run *r)
{
    if (r->have_view)
        viz_view_free(&r->view);
    ws_result_free(&r->res);
    ws_session_free(&r->S);
    rec_destroy(r->rec);
    memset(r, 0, sizeof *r);
}
