/* provenance: liveness and trees over the recording's dataflow (rec_inputs). */
#include "provenance.h"

#include "opcodes.h"

#include <stdlib.h>
#include <string.h>

bool viz_is_output(const rec_step *s)
{
    return s->mem_store &&
           (s->mem_space == WS_SPACE_GLOBAL || s->mem_space == WS_SPACE_GENERIC || s->mem_space == WS_SPACE_LOCAL);
}

/* ---- a growable list of (ref, lane) values and a set of them -------------------------------------- */

typedef struct {
    rec_ref ref;
    uint32_t lane;
} value;

typedef struct {
    value *v;
    size_t n, cap;
    bool oom;
} value_list;

static void push(value_list *l, rec_ref ref, unsigned lane)
{
    if (l->n == l->cap) {
        size_t nc = l->cap ? 2 * l->cap : 256;
        value *nv = realloc(l->v, nc * sizeof *nv);
        if (!nv) {
            l->oom = true;
            return;
        }
        l->v = nv;
        l->cap = nc;
    }
    l->v[l->n++] = (value){ref, lane};
}

/* open addressing: key ref * 32 + lane + 1 (0 is empty), each with an index */
typedef struct {
    uint64_t *key;
    uint32_t *idx;
    size_t n, cap;
} value_set;

static size_t set_slot(const value_set *s, uint64_t key)
{
    size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (s->cap - 1);
    while (s->key[i] && s->key[i] != key)
        i = (i + 1) & (s->cap - 1);
    return i;
}

/* The index stored for (ref, lane), or -1. */
static long set_get(const value_set *s, rec_ref ref, unsigned lane)
{
    if (!s->cap)
        return -1;
    size_t i = set_slot(s, (uint64_t)ref * 32 + lane + 1);
    return s->key[i] ? (long)s->idx[i] : -1;
}

static int set_put(value_set *s, rec_ref ref, unsigned lane, uint32_t idx)
{
    if (2 * (s->n + 1) > s->cap) {
        value_set g = {.cap = s->cap ? 2 * s->cap : 1024};
        g.key = calloc(g.cap, sizeof *g.key);
        g.idx = malloc(g.cap * sizeof *g.idx);
        if (!g.key || !g.idx) {
            free(g.key);
            free(g.idx);
            return -1;
        }
        for (size_t i = 0; i < s->cap; i++)
            if (s->key[i]) {
                size_t j = set_slot(&g, s->key[i]);
                g.key[j] = s->key[i];
                g.idx[j] = s->idx[i];
            }
        g.n = s->n;
        free(s->key);
        free(s->idx);
        *s = g;
    }
    size_t i = set_slot(s, (uint64_t)ref * 32 + lane + 1);
    if (!s->key[i])
        s->n++;
    s->key[i] = (uint64_t)ref * 32 + lane + 1;
    s->idx[i] = idx;
    return 0;
}

static void set_free(value_set *s)
{
    free(s->key);
    free(s->idx);
    memset(s, 0, sizeof *s);
}

/* ---- liveness ------------------------------------------------------------------------------------ */

typedef struct {
    uint32_t *live;
    value_list todo;
} live_walk;

static void mark(void *user, rec_ref from, unsigned lane)
{
    live_walk *w = user;
    if (!((w->live[from] >> lane) & 1)) {
        w->live[from] |= 1u << lane;
        push(&w->todo, from, lane);
    }
}

uint32_t *viz_live_compute(const recording *r)
{
    live_walk w = {.live = calloc(r->nsteps * 8 + 1, sizeof(uint32_t))};
    if (!w.live)
        return NULL;
    for (size_t i = 0; i < r->nsteps; i++) {
        const rec_step *s = &r->steps[i];
        bool out = viz_is_output(s), branch = ws_op_class_of(s->insn->op) == CLS_BRANCH;
        if (!out && !branch)
            continue;
        unsigned nelem = s->insn->vec ? s->insn->vec : 1;
        for (unsigned l = 0; l < 32 && out; l++)
            for (unsigned e = 0; e < nelem && ((s->exec >> l) & 1); e++)
                mark(&w, REC_REF(i, e), l);
        for (uint32_t k = 0; k < s->nsrc && s->src_from; k++) /* whether: the guard, in every active lane */
            for (unsigned l = 0; l < 32 && s->src[k].role == REC_GUARD; l++)
                if (((s->active >> l) & 1) && s->src_from[k * 32 + l] != REC_NONE)
                    mark(&w, s->src_from[k * 32 + l], l);
    }
    while (w.todo.n && !w.todo.oom) {
        value x = w.todo.v[--w.todo.n];
        rec_inputs(r, x.ref, x.lane, REC_ROLES_ALL, mark, &w);
    }
    free(w.todo.v);
    if (w.todo.oom) {
        free(w.live);
        return NULL;
    }
    return w.live;
}

/* ---- the values a value came from ----------------------------------------------------------------- */

static void collect(void *user, rec_ref from, unsigned lane) { push(user, from, lane); }

static void join(rec_prov *a, rec_prov b)
{
    a->lanes |= b.lanes;
    a->warps |= b.warps;
}

/* The input lanes of a value; a stored element's are those of the value stored. */
rec_prov viz_value_prov(const recording *r, rec_ref ref, unsigned lane)
{
    const rec_step *s = &r->steps[REC_REF_STEP(ref)];
    unsigned d = REC_REF_D(ref);
    rec_prov p = {0, 0};
    if (s->dst_prov && d < s->ndst && !(s->mem_store && ws_op_class_of(s->insn->op) == CLS_STORE))
        return s->dst_prov[d * 32 + lane];
    value_list in = {0};
    rec_inputs(r, ref, lane, REC_ROLES_DATA, collect, &in);
    for (size_t i = 0; i < in.n; i++)
        join(&p, viz_value_prov(r, in.v[i].ref, in.v[i].lane));
    free(in.v);
    return p;
}

/* A register move, a shuffle or a selp passes a value on unchanged: trees fold it into an edge. */
static bool passes_on(const recording *r, rec_ref ref)
{
    const rec_step *s = &r->steps[REC_REF_STEP(ref)];
    const ws_insn *in = s->insn;
    return (s->is_shfl && REC_REF_D(ref) == 0) || in->op == WS_OP_SELP ||
           (in->op == WS_OP_MOV && in->nops >= 2 && in->ops[1].kind == WS_OPND_REG);
}

/* Everything (ref, lane) came from, breadth first, values without input lanes (constants) left
 * out: seen maps each value to its index in out; in_of lists each value's inputs. */
typedef struct {
    value_list out;
    value_set seen;
    value_list *in_of; /* per index */
    size_t in_cap;
    bool cut;
} walk;

static int walk_from(walk *w, const recording *r, rec_ref ref, unsigned lane, size_t max_nodes)
{
    /* a walk used before keeps its memory: empty it */
    for (size_t i = 0; i < w->out.n && i < w->in_cap; i++)
        w->in_of[i].n = 0;
    w->out.n = 0;
    w->cut = false;
    if (w->seen.cap)
        memset(w->seen.key, 0, w->seen.cap * sizeof *w->seen.key);
    w->seen.n = 0;
    push(&w->out, ref, lane);
    if (w->out.oom || set_put(&w->seen, ref, lane, 0) != 0)
        return -1;
    for (size_t k = 0; k < w->out.n; k++) {
        if (k >= w->in_cap) {
            size_t nc = w->in_cap ? 2 * w->in_cap : 256;
            value_list *ni = realloc(w->in_of, nc * sizeof *ni);
            if (!ni)
                return -1;
            memset(ni + w->in_cap, 0, (nc - w->in_cap) * sizeof *ni);
            w->in_of = ni;
            w->in_cap = nc;
        }
        value_list raw = {0};
        rec_inputs(r, w->out.v[k].ref, w->out.v[k].lane, REC_ROLES_DATA, collect, &raw);
        for (size_t i = 0; i < raw.n; i++) {
            value x = raw.v[i];
            rec_prov p = viz_value_prov(r, x.ref, x.lane);
            if (!p.lanes && !p.warps)
                continue;
            push(&w->in_of[k], x.ref, x.lane);
            if (set_get(&w->seen, x.ref, x.lane) >= 0)
                continue;
            if (w->out.n >= max_nodes) {
                w->cut = true;
                continue;
            }
            push(&w->out, x.ref, x.lane);
            if (w->out.oom || set_put(&w->seen, x.ref, x.lane, (uint32_t)(w->out.n - 1)) != 0) {
                free(raw.v);
                return -1;
            }
        }
        free(raw.v);
        if (w->in_of[k].oom)
            return -1;
    }
    return 0;
}

static void walk_free(walk *w)
{
    for (size_t i = 0; i < w->in_cap; i++)
        free(w->in_of[i].v);
    free(w->in_of);
    free(w->out.v);
    set_free(&w->seen);
}

/* The distinct pcs of the walk, sorted, into pcs (cap); returns how many. */
static unsigned pcs_of(const recording *r, const walk *w, uint32_t *pcs, unsigned cap)
{
    uint32_t ninsns = r->k->ninsns;
    uint8_t *seen = calloc(ninsns + 1, 1);
    if (!seen)
        return 0;
    for (size_t i = 0; i < w->out.n; i++) {
        uint32_t pc = r->steps[REC_REF_STEP(w->out.v[i].ref)].pc;
        if (pc < ninsns)
            seen[pc] = 1;
    }
    unsigned n = 0;
    for (uint32_t pc = 0; pc < ninsns; pc++)
        if (seen[pc]) {
            if (n < cap)
                pcs[n] = pc;
            n++;
        }
    free(seen);
    return n;
}

struct viz_walker {
    walk w;
};

viz_walker *viz_walker_create(void) { return calloc(1, sizeof(viz_walker)); }

void viz_walker_destroy(viz_walker *wk)
{
    if (!wk)
        return;
    walk_free(&wk->w);
    free(wk);
}

unsigned viz_prov_pcs(viz_walker *wk, const recording *r, rec_ref ref, unsigned lane, uint32_t *pcs, unsigned cap,
                      size_t max_nodes, bool *cut)
{
    unsigned n = 0;
    if (walk_from(&wk->w, r, ref, lane, max_nodes) == 0)
        n = pcs_of(r, &wk->w, pcs, cap);
    if (cut)
        *cut = wk->w.cut;
    return n;
}

/* ---- trees --------------------------------------------------------------------------------------- */

void viz_tree_free(viz_tree *t)
{
    free(t->nodes);
    free(t->edges);
    free(t->pcs);
    memset(t, 0, sizeof *t);
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

int viz_tree_build(viz_tree *t, const recording *r, rec_ref root, unsigned lane)
{
    memset(t, 0, sizeof *t);
    walk w = {0};
    int rc = -1;
    long *kept = NULL;
    size_t *steps = NULL;
    if (root < 0 || REC_REF_STEP(root) >= r->nsteps)
        return -1;
    if (walk_from(&w, r, root, lane, 4 * VIZ_TREE_MAX_NODES) != 0)
        goto out;
    t->cut = w.cut;
    t->prov = viz_value_prov(r, root, lane);
    t->pcs = malloc(64 * sizeof *t->pcs);
    if (!t->pcs)
        goto out;
    t->ninsns = pcs_of(r, &w, t->pcs, 64);
    /* the rows: the steps of the values kept (moves and shuffles fold), the latest ones */
    size_t n = w.out.n;
    kept = malloc(n * sizeof *kept);
    steps = malloc(n * sizeof *steps);
    if (!kept || !steps)
        goto out;
    size_t nsteps = 0;
    for (size_t i = 0; i < n; i++) {
        bool fold = i > 0 && passes_on(r, w.out.v[i].ref) && w.in_of[i].n == 1;
        kept[i] = fold ? -2 : -1;
        if (!fold)
            steps[nsteps++] = REC_REF_STEP(w.out.v[i].ref);
    }
    qsort(steps, nsteps, sizeof *steps, cmp_size);
    size_t nd = 0;
    for (size_t i = 0; i < nsteps; i++)
        if (!nd || steps[nd - 1] != steps[i])
            steps[nd++] = steps[i];
    size_t first = nd > VIZ_TREE_MAX_ROWS ? nd - VIZ_TREE_MAX_ROWS : 0;
    t->cut |= first > 0;
    t->nrows = (unsigned)(nd - first);
    for (unsigned i = 0; i < t->nrows; i++)
        t->row_step[i] = steps[first + i];
    t->nodes = malloc((n < VIZ_TREE_MAX_NODES ? n : VIZ_TREE_MAX_NODES) * sizeof *t->nodes);
    if (!t->nodes)
        goto out;
    for (size_t i = 0; i < n && t->nnodes < VIZ_TREE_MAX_NODES; i++) {
        if (kept[i] == -2)
            continue;
        size_t st = REC_REF_STEP(w.out.v[i].ref);
        unsigned row = 0;
        while (row < t->nrows && t->row_step[row] != st)
            row++;
        if (row == t->nrows)
            continue; /* an earlier row than the tree keeps */
        kept[i] = (long)t->nnodes;
        t->nodes[t->nnodes++] =
            (viz_tree_node){.ref = w.out.v[i].ref, .lane = (uint8_t)w.out.v[i].lane, .row = (uint16_t)row};
    }
    t->cut |= t->nnodes < n && t->nnodes == VIZ_TREE_MAX_NODES;
    /* edges: each kept value from its inputs, through the folded moves */
    size_t ecap = 64;
    t->edges = malloc(ecap * sizeof *t->edges);
    if (!t->edges)
        goto out;
    for (size_t i = 0; i < n; i++) {
        if (kept[i] < 0)
            continue;
        t->nodes[kept[i]].leaf = true;
        for (size_t k = 0; k < w.in_of[i].n; k++) {
            value x = w.in_of[i].v[k];
            long j = set_get(&w.seen, x.ref, x.lane);
            bool moved = x.lane != w.out.v[i].lane;
            for (int hops = 0; j >= 0 && kept[j] == -2 && hops < 4096; hops++) { /* through folded moves */
                value y = w.in_of[j].v[0];
                moved |= y.lane != w.out.v[j].lane;
                j = set_get(&w.seen, y.ref, y.lane);
            }
            if (j < 0 || kept[j] < 0)
                continue;
            t->nodes[kept[i]].leaf = false;
            if (t->nedges == ecap) {
                viz_tree_edge *ne = realloc(t->edges, 2 * ecap * sizeof *ne);
                if (!ne)
                    goto out;
                t->edges = ne;
                ecap *= 2;
            }
            t->edges[t->nedges++] = (viz_tree_edge){(uint32_t)kept[j], (uint32_t)kept[i], moved};
        }
    }
    /* a node with inputs outside the rows kept is no leaf: it only looks like one */
    for (size_t i = 0; i < n; i++)
        if (kept[i] >= 0 && t->nodes[kept[i]].leaf && w.in_of[i].n)
            t->nodes[kept[i]].leaf = false;
    rc = 0;
out:
    free(kept);
    free(steps);
    walk_free(&w);
    if (rc != 0)
        viz_tree_free(t);
    return rc;
}

int viz_tree_row_delta(const viz_tree *t, unsigned row)
{
    int d = 0;
    for (size_t i = 0; i < t->nedges; i++) {
        const viz_tree_node *a = &t->nodes[t->edges[i].from], *b = &t->nodes[t->edges[i].to];
        if (b->row != row || !t->edges[i].moved || a->lane == b->lane)
            continue;
        int e = (int)a->lane - (int)b->lane;
        if (d && e != d)
            return 0;
        d = e;
    }
    return d;
}
