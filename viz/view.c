/* view: the list of frames of one warp, and moving through it. */
#include "view.h"

#include "opcodes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool shown(const viz_view *v, const rec_step *s)
{
    if (!v->only)
        return true;
    uint16_t op = s->insn->op;
    return ((v->only & VIZ_ONLY_SHFL) && op == WS_OP_SHFL) || ((v->only & VIZ_ONLY_VOTE) && op == WS_OP_VOTE) ||
           ((v->only & VIZ_ONLY_COLL) && (op == WS_OP_MATCH || op == WS_OP_REDUX || op == WS_OP_ACTIVEMASK));
}

static int load_lines(viz_view *v, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 0;
    char buf[4096];
    while (fgets(buf, sizeof buf, f)) {
        size_t n = strlen(buf);
        while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
            buf[--n] = 0;
        if (v->nlines == cap) {
            cap = cap ? cap * 2 : 256;
            char **nl = realloc(v->lines, cap * sizeof *nl);
            if (!nl)
                break;
            v->lines = nl;
        }
        /* tabs become spaces to the next multiple of 4, so columns line up */
        char out[4096 * 2];
        size_t o = 0;
        for (size_t i = 0; i < n && o + 4 < sizeof out; i++) {
            if (buf[i] == '\t')
                do
                    out[o++] = ' ';
                while (o % 4);
            else
                out[o++] = buf[i];
        }
        out[o] = 0;
        v->lines[v->nlines] = strdup(out);
        if (!v->lines[v->nlines])
            break;
        v->nlines++;
    }
    fclose(f);
    return 0;
}

int viz_view_init(viz_view *v, const recording *rec, const char *path, unsigned only, uint32_t warp)
{
    memset(v, 0, sizeof *v);
    v->rec = rec;
    v->path = path;
    v->only = only;
    v->speed = 4;
    v->order = malloc((rec->nsteps + 1) * sizeof *v->order);
    if (!v->order)
        return -1;
    if (path)
        load_lines(v, path);
    v->warp = warp;
    return viz_view_set_warp(v, warp);
}

void viz_view_free(viz_view *v)
{
    for (size_t i = 0; i < v->nlines; i++)
        free(v->lines[i]);
    free(v->lines);
    free(v->order);
    memset(v, 0, sizeof *v);
}

int viz_view_set_warp(viz_view *v, uint32_t warp)
{
    const rec_step *cur = viz_view_step(v);
    uint64_t cycle = cur ? cur->cycle : 0;
    v->warp = warp;
    v->norder = 0;
    v->pos = 0;
    for (size_t i = 0; i < v->rec->nsteps; i++) {
        const rec_step *s = &v->rec->steps[i];
        if (s->warp == warp && shown(v, s))
            v->order[v->norder++] = i;
    }
    /* stay at the same moment of the run */
    while (cur && v->pos + 1 < v->norder && v->rec->steps[v->order[v->pos + 1]].cycle <= cycle)
        v->pos++;
    return v->norder ? 0 : -1;
}

const rec_step *viz_view_step(const viz_view *v)
{
    return v->norder && v->pos < v->norder ? &v->rec->steps[v->order[v->pos]] : NULL;
}

bool viz_view_next_shfl(viz_view *v)
{
    for (size_t p = v->pos + 1; p < v->norder; p++)
        if (v->rec->steps[v->order[p]].is_shfl) {
            v->pos = p;
            return true;
        }
    return false;
}

int viz_parse_only(const char *s, unsigned *only)
{
    *only = 0;
    while (*s) {
        size_t n = strcspn(s, ",");
        if (n == 4 && !strncmp(s, "shfl", 4))
            *only |= VIZ_ONLY_SHFL;
        else if (n == 4 && !strncmp(s, "vote", 4))
            *only |= VIZ_ONLY_VOTE;
        else if ((n == 4 && !strncmp(s, "warp", 4)) || (n == 10 && !strncmp(s, "collective", 10)))
            *only |= VIZ_ONLY_SHFL | VIZ_ONLY_VOTE | VIZ_ONLY_COLL;
        else if (n == 3 && !strncmp(s, "all", 3))
            *only = 0;
        else
            return -1;
        s += n;
        if (*s == ',')
            s++;
    }
    return 0;
}
