/* view: the list of frames of one warp, and moving through it. */
#include "view.h"
#include "provenance.h"

#include "opcodes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool shown(const viz_view *v, const rec_step *s)
{
    unsigned b = v->only.bits;
    if (!b)
        return true;
    uint16_t op = s->insn->op;
    for (unsigned i = 0; (b & VIZ_ONLY_OPS) && i < v->only.nops; i++)
        if (v->only.ops[i] == op && (!v->only.types[i] || v->only.types[i] == s->insn->type))
            return true;
    return ((b & VIZ_ONLY_SHFL) && op == WS_OP_SHFL) || ((b & VIZ_ONLY_VOTE) && op == WS_OP_VOTE) ||
           ((b & VIZ_ONLY_COLL) && (op == WS_OP_MATCH || op == WS_OP_REDUX || op == WS_OP_ACTIVEMASK)) ||
           ((b & VIZ_ONLY_MEM) && s->mem_bytes && s->mem_space == WS_SPACE_SHARED);
}

static int load_text(viz_text_file *t, const char *path)
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
        if (t->nlines == cap) {
            cap = cap ? cap * 2 : 256;
            char **nl = realloc(t->lines, cap * sizeof *nl);
            if (!nl)
                break;
            t->lines = nl;
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
        t->lines[t->nlines] = strdup(out);
        if (!t->lines[t->nlines])
            break;
        t->nlines++;
    }
    fclose(f);
    return 0;
}

static void free_text(viz_text_file *t)
{
    for (size_t i = 0; i < t->nlines; i++)
        free(t->lines[i]);
    free(t->lines);
    memset(t, 0, sizeof *t);
}

static int index_warps(viz_view *v)
{
    const recording *r = v->rec;
    for (uint32_t w = 0; w < 32; w++) {
        viz_warp_index *x = &v->warps[w];
        x->step = malloc((r->nsteps + 1) * sizeof *x->step);
        x->stall = malloc((r->nstalls + 1) * sizeof *x->stall);
        if (!x->step || !x->stall)
            return -1;
    }
    for (size_t i = 0; i < r->nsteps; i++) /* a warp's steps come in cycle order, as its stalls */
        if (r->steps[i].warp < 32) {
            viz_warp_index *x = &v->warps[r->steps[i].warp];
            x->step[x->nstep++] = i;
        }
    for (size_t i = 0; i < r->nstalls; i++)
        if (r->stalls[i].warp < 32) {
            viz_warp_index *x = &v->warps[r->stalls[i].warp];
            x->stall[x->nstall++] = i;
        }
    return 0;
}

size_t viz_warp_step_at(const viz_view *v, uint32_t w, uint64_t c)
{
    const viz_warp_index *x = &v->warps[w];
    size_t lo = 0, hi = x->nstep;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (v->rec->steps[x->step[mid]].cycle < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

size_t viz_warp_stall_at(const viz_view *v, uint32_t w, uint64_t c)
{
    const viz_warp_index *x = &v->warps[w];
    size_t lo = 0, hi = x->nstall;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (v->rec->stalls[x->stall[mid]].to <= c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int viz_view_init(viz_view *v, const recording *rec, const char *path, const viz_filter *only, uint32_t warp)
{
    memset(v, 0, sizeof *v);
    v->rec = rec;
    v->path = path;
    if (only)
        v->only = *only;
    v->speed = 4;
    v->lane = -1;
    v->lane_auto = true;
    v->order = malloc((rec->nsteps + 1) * sizeof *v->order);
    v->cuda = calloc(rec->m->nfiles + 1, sizeof *v->cuda);
    v->live = viz_live_compute(rec);
    if (!v->order || !v->cuda || !v->live || index_warps(v) != 0)
        return -1;
    if (path)
        load_text(&v->ptx, path);
    v->warp = warp;
    return viz_view_set_warp(v, warp);
}

void viz_view_free(viz_view *v)
{
    free_text(&v->ptx);
    for (unsigned i = 0; v->cuda && i < v->rec->m->nfiles; i++)
        free_text(&v->cuda[i]);
    free(v->cuda);
    free(v->order);
    free(v->live);
    for (int w = 0; w < 32; w++) {
        free(v->warps[w].step);
        free(v->warps[w].stall);
    }
    memset(v, 0, sizeof *v);
}

int viz_view_set_warp(viz_view *v, uint32_t warp)
{
    const rec_step *cur = viz_view_step(v);
    uint64_t cycle = cur ? cur->cycle : 0;
    bool at_end = v->nframes && viz_view_at_result(v);
    v->warp = warp;
    v->norder = 0;
    v->pos = 0;
    for (size_t i = 0; i < v->rec->nsteps; i++) {
        const rec_step *s = &v->rec->steps[i];
        if (s->warp == warp && shown(v, s))
            v->order[v->norder++] = i;
    }
    v->nframes = v->norder ? v->norder + 1 : 0;
    /* stay at the same moment of the run */
    while (cur && v->pos + 1 < v->norder && v->rec->steps[v->order[v->pos + 1]].cycle <= cycle)
        v->pos++;
    if (at_end && v->nframes)
        v->pos = v->nframes - 1;
    return v->norder ? 0 : -1;
}

bool viz_view_at_result(const viz_view *v) { return v->nframes && v->pos == v->nframes - 1; }

const rec_step *viz_view_step(const viz_view *v)
{
    return v->norder && v->pos < v->norder ? &v->rec->steps[v->order[v->pos]] : NULL;
}

static bool next_where(viz_view *v, bool (*want)(const rec_step *))
{
    for (size_t p = v->pos + 1; p < v->norder; p++)
        if (want(&v->rec->steps[v->order[p]])) {
            v->pos = p;
            return true;
        }
    return false;
}

static bool is_shfl(const rec_step *s) { return s->is_shfl; }
static bool is_shared(const rec_step *s) { return s->mem_bytes && s->mem_space == WS_SPACE_SHARED; }
bool viz_view_next_shfl(viz_view *v) { return next_where(v, is_shfl); }
bool viz_view_next_mem(viz_view *v) { return next_where(v, is_shared); }

int viz_view_lane(const viz_view *v)
{
    if (v->lane >= 0 || !viz_view_at_result(v) || !v->lane_auto)
        return v->lane;
    /* the result frame: the first lane of the warp's last store to global memory */
    for (size_t i = v->rec->nsteps; i-- > 0;) {
        const rec_step *s = &v->rec->steps[i];
        if (s->warp == v->warp && s->mem_store && s->exec && viz_is_output(s))
            return __builtin_ctz(s->exec);
    }
    return -1;
}

const viz_text_file *viz_view_cuda(viz_view *v, unsigned file)
{
    const ws_module *m = v->rec->m;
    if (!file || file >= m->nfiles || !m->files[file])
        return NULL;
    viz_text_file *t = &v->cuda[file];
    if (!t->nlines) {
        /* the path nvcc recorded, else the file of that name beside the PTX */
        if (load_text(t, m->files[file]) != 0 && v->path) {
            const char *base = strrchr(m->files[file], '/');
            base = base ? base + 1 : m->files[file];
            const char *slash = strrchr(v->path, '/');
            char p[4096];
            snprintf(p, sizeof p, "%.*s%s", slash ? (int)(slash - v->path + 1) : 0, v->path, base);
            load_text(t, p);
        }
    }
    return t->nlines ? t : NULL;
}

int viz_parse_only(const char *s, viz_filter *f)
{
    memset(f, 0, sizeof *f);
    while (*s) {
        size_t n = strcspn(s, ",");
        char w[32];
        snprintf(w, sizeof w, "%.*s", (int)(n < 31 ? n : 31), s);
        if (!strcmp(w, "shfl"))
            f->bits |= VIZ_ONLY_SHFL;
        else if (!strcmp(w, "vote"))
            f->bits |= VIZ_ONLY_VOTE;
        else if (!strcmp(w, "warp") || !strcmp(w, "collective"))
            f->bits |= VIZ_ONLY_SHFL | VIZ_ONLY_VOTE | VIZ_ONLY_COLL;
        else if (!strcmp(w, "mem") || !strcmp(w, "shared"))
            f->bits |= VIZ_ONLY_MEM;
        else if (!strcmp(w, "all"))
            memset(f, 0, sizeof *f);
        else {
            /* an opcode: its mnemonic as the table writes it (add, ld, bar, ...), and a type */
            char *dot = strchr(w, '.');
            unsigned type = 0;
            if (dot) {
                *dot = 0;
                while (++type < WS_T_COUNT && strcmp(ws_type_name((ws_type)type), dot + 1) != 0)
                    ;
                if (type >= WS_T_COUNT)
                    return -1;
            }
            unsigned op = 0;
            while (op < WS_OP_COUNT && strcmp(ws_optable[op].mnemonic, w) != 0)
                op++;
            if (op == WS_OP_COUNT || f->nops == VIZ_MAX_ONLY_OPS)
                return -1;
            f->types[f->nops] = (uint8_t)type;
            f->ops[f->nops++] = (uint16_t)op;
            f->bits |= VIZ_ONLY_OPS;
        }
        s += n;
        if (*s == ',')
            s++;
    }
    return 0;
}
