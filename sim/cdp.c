/* Device-side launches: CUDA dynamic parallelism as CUDA 13 has it (CDP2).
 *
 * nvcc compiles kernel<<<grid, block, shared, stream>>>(args) in a kernel to two calls of the
 * device runtime (the CUDA Programming Guide, "Dynamic Parallelism", the device runtime API in PTX):
 *   buf = __cudaCDP2GetParameterBufferV2(&kernel, grid, block, shared);   a dim3 is 3 x .b32
 *   if (buf) { the arguments stored into buf at the kernel's .param offsets;
 *              __cudaCDP2LaunchDeviceV2(buf, stream); }                    returns a cudaError_t
 * and cudaGetLastError/cudaPeekAtLastError to __cudaCDP2GetLastError/PeekAtLastError.
 *
 * warpsim's device runtime:
 *   - the parameter buffer is a global allocation (ws_sim_alloc: 256-byte aligned, beyond the
 *     64 bytes the device runtime promises) of the kernel's parameter bytes; the address passed
 *     must be a kernel's (WS_KERNEL_ADDR), else NULL and cudaErrorInvalidDeviceFunction;
 *   - a launch checks what the GPU's device runtime refuses, returning its error code to the
 *     calling thread (and setting the thread's last error) instead of launching: a configuration
 *     no launch can have (cudaErrorInvalidConfiguration), a stream other than the default (0),
 *     cudaStreamTailLaunch (3) or cudaStreamFireAndForget (4), the only ones a kernel can name
 *     without cudaStreamCreateWithFlags, which warpsim does not provide
 *     (cudaErrorInvalidResourceHandle), more than 2048 launches pending
 *     (cudaErrorLaunchPendingCountExceeded); each also a device-launch diagnostic, so that a
 *     kernel that ignores the code is not silently wrong. There is no depth limit besides: a grid
 *     at depth d has its d ancestors' launches pending, so the pending limit refuses the launch
 *     from depth 2048, as on an H100 (cdp.h);
 *   - an accepted launch is queued; the child grids run after their parent grid ends. CDP2 has no
 *     device-side cudaDeviceSynchronize: nothing in a parent can wait for a child, a child may
 *     start any time after its launch, and the parent is complete only when its children are, so
 *     running each child after the parent, in launch order, each with its own children after it,
 *     is one order the GPU may give (depth first, from a stack on the heap: ws_cdp_item). Tail
 *     launches run after the grid's other children. A program whose result depends on a child
 *     running while its parent still runs (a flag the parent spins on) is racy on the GPU and
 *     deadlocks or differs here.
 * Kernels that call the device runtime run their blocks on one host thread (they are "calls
 * without a body", as vprintf, machine.c), so launch order is block order, then warp, then lane.
 * The pending count is the launches queued and not yet ended: here every launch of a grid is
 * pending when it ends, the most the GPU could have (its children may have ended already). */
#include "cdp.h"
#include "diag.h"
#include "memory.h"

#include <stdlib.h>

/* CUDA's error codes, as the drop-in runtime has them (one table, runtime/errors.def) */
enum {
#define E(code, name, text) name = code,
#include "../runtime/errors.def"
#undef E
};

static const char *error_name(uint32_t err)
{
    switch (err) {
#define E(code, name, text)                                                                                            \
    case code:                                                                                                         \
        return #name;
#include "../runtime/errors.def"
#undef E
    default: return "an unknown error";
    }
}

/* the most bytes of parameters a grid takes: its launch context's room for them */
#define PARAMS_CAP sizeof(((ws_launch_ctx *)0)->params)

/* the stream handles a kernel may name without creating one (driver_types.h) */
enum { STREAM_DEFAULT = 0, STREAM_TAIL_LAUNCH = 3, STREAM_FIRE_AND_FORGET = 4 };

/* A launch asked for: made by GetParameterBuffer, accepted by LaunchDevice. */
typedef struct ws_cdp_entry {
    const ws_kernel *k;
    uint64_t buffer;
    unsigned grid[3], block[3];
    uint32_t shared;
    uint32_t line, block_id;
    uint8_t launched, tail;
} ws_cdp_entry;

/* The threads' last errors that are not cudaSuccess, by (block, thread): an open-addressing table. */
typedef struct ws_cdp_errors {
    uint64_t *key; /* block << 32 | thread, + 1 (0: empty) */
    uint32_t *err;
    size_t cap, n;
} ws_cdp_errors;

/* a key's first slot in a table of cap (a power of two) slots */
static size_t key_slot(uint64_t key, size_t cap) { return (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & (cap - 1); }

/* room in *p (of *cap elements of size) for need; -1: out of memory */
static int reserve(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t cap2 = *cap ? *cap : 16;
    while (cap2 < need)
        cap2 *= 2;
    void *q = realloc(*p, cap2 * size);
    if (!q)
        return -1;
    *p = q;
    *cap = cap2;
    return 0;
}

static uint32_t *error_slot(ws_sim *sim, uint64_t key, int add)
{
    ws_cdp_errors *t = sim->cdp_errors;
    if (!t && (!add || !(t = sim->cdp_errors = calloc(1, sizeof *t))))
        return NULL;
    if (add && (t->n + 1) * 2 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 64;
        uint64_t *k = calloc(cap, sizeof *k);
        uint32_t *e = calloc(cap, sizeof *e);
        if (!k || !e) {
            free(k);
            free(e);
            return NULL;
        }
        for (size_t i = 0; i < t->cap; i++)
            if (t->key[i]) {
                size_t j = key_slot(t->key[i], cap);
                while (k[j])
                    j = (j + 1) & (cap - 1);
                k[j] = t->key[i];
                e[j] = t->err[i];
            }
        free(t->key);
        free(t->err);
        t->key = k;
        t->err = e;
        t->cap = cap;
    }
    if (!t->cap)
        return NULL;
    key++;
    for (size_t j = key_slot(key, t->cap);; j = (j + 1) & (t->cap - 1)) {
        if (t->key[j] == key)
            return &t->err[j];
        if (!t->key[j]) {
            if (!add)
                return NULL;
            t->key[j] = key;
            t->n++;
            return &t->err[j];
        }
    }
}

void ws_cdp_grid_begin(ws_sim *sim)
{
    ws_cdp_errors *t = sim->cdp_errors;
    if (t && t->n) {
        memset(t->key, 0, t->cap * sizeof *t->key);
        t->n = 0;
    }
}

void ws_cdp_free(ws_sim *sim)
{
    for (size_t i = 0; i < sim->ncdp; i++)
        ws_sim_free(sim, sim->cdp[i].buffer);
    free(sim->cdp);
    sim->cdp = NULL;
    sim->ncdp = sim->cap_cdp = 0;
    if (sim->cdp_errors) {
        free(sim->cdp_errors->key);
        free(sim->cdp_errors->err);
        free(sim->cdp_errors);
        sim->cdp_errors = NULL;
    }
}

/* ---- the calls, lane by lane ------------------------------------------------------------------ */

/* Lane l's bytes of call-site .param variable sym (in its local memory, as calls.c puts them). */
static uint8_t *param_bytes(ws_exec *x, const ws_call_site *cs, uint32_t sym, unsigned l)
{
    const ws_launch_ctx *L = x->L;
    uint64_t base = cs->caller_in_func ? x->regs[L->roff[L->k->frame_reg] + l] : 0;
    return x->blk->local + (size_t)(x->w->index * 32 + l) * L->local_bytes + base + L->m->symbols[sym].offset;
}

static uint64_t arg(ws_exec *x, const ws_call_site *cs, unsigned a, unsigned l, size_t off, size_t n)
{
    uint64_t v = 0;
    memcpy(&v, param_bytes(x, cs, cs->args[a], l) + off, n);
    return v;
}

static void set_return(ws_exec *x, const ws_call_site *cs, unsigned l, uint64_t v)
{
    if (cs->ret_sym == WS_NO_SYM)
        return;
    uint64_t n = x->L->m->symbols[cs->ret_sym].size;
    memcpy(param_bytes(x, cs, cs->ret_sym, l), &v, n < 8 ? n : 8);
}

static uint64_t thread_key(const ws_exec *x, unsigned l) { return (uint64_t)x->blk->id << 32 | (x->w->index * 32 + l); }

/* The device runtime's answer err to lane l: the thread's last error too (cudaGetLastError). */
static uint32_t fail(ws_exec *x, unsigned l, uint32_t err)
{
    uint32_t *e = error_slot(x->L->sim, thread_key(x, l), 1);
    if (e)
        *e = err;
    return err;
}

static uint64_t get_parameter_buffer(ws_exec *x, const ws_call_site *cs, unsigned l)
{
    ws_launch_ctx *L = x->L;
    ws_sim *sim = L->sim;
    const ws_module *m = L->m;
    uint64_t f = arg(x, cs, 0, l, 0, 8), i = (f - WS_KERNEL_ADDR_BASE) / 16 - 1;
    if (f % 16 || f <= WS_KERNEL_ADDR_BASE || i >= m->naddr_kernels) {
        fail(x, l, cudaErrorInvalidDeviceFunction);
        ws_diag_report(x, WS_DIAG_DEVICE_LAUNCH, 1u << l,
                       "lane %u asks for a parameter buffer of address 0x%llx, which is no kernel of the module: "
                       "it gets NULL (cudaErrorInvalidDeviceFunction)",
                       l, (unsigned long long)f);
        return 0;
    }
    const ws_kernel *k = &m->kernels[m->addr_kernel_def[i]];
    if (reserve((void **)&sim->cdp, &sim->cap_cdp, sim->ncdp + 1, sizeof *sim->cdp) != 0)
        return fail(x, l, cudaErrorMemoryAllocation), 0;
    uint64_t buf = ws_sim_alloc(sim, k->param_bytes ? k->param_bytes : 1, NULL);
    if (!buf) { /* the memory limit: the GPU's pool of parameter buffers is finite too */
        fail(x, l, cudaErrorMemoryAllocation);
        ws_diag_report(x, WS_DIAG_DEVICE_LAUNCH, 1u << l,
                       "lane %u: no memory for a parameter buffer of kernel %s (the memory limit): it gets NULL "
                       "(cudaErrorMemoryAllocation)",
                       l, k->name);
        return 0;
    }
    ws_cdp_entry *e = &sim->cdp[sim->ncdp++];
    memset(e, 0, sizeof *e);
    e->k = k;
    e->buffer = buf;
    for (unsigned d = 0; d < 3; d++) {
        e->grid[d] = (uint32_t)arg(x, cs, 1, l, 4 * d, 4);
        e->block[d] = (uint32_t)arg(x, cs, 2, l, 4 * d, 4);
    }
    e->shared = (uint32_t)arg(x, cs, 3, l, 0, 4);
    e->line = x->in->line;
    e->block_id = x->blk->id;
    return buf;
}

/* What the device runtime refuses in e's launch into stream: CUDA's error code, 0 if none. */
static uint32_t refusal(const ws_sim *sim, const ws_cdp_entry *e, uint64_t stream, char *why, size_t cap)
{
    const unsigned *g = e->grid, *b = e->block;
    uint64_t threads = (uint64_t)b[0] * b[1] * b[2];
    const uint32_t *req = e->k->reqntid, *max = e->k->maxntid;
    *why = 0;
    if (!g[0] || !g[1] || !g[2] || g[1] > 65535 || g[2] > 65535 || !threads || threads > 1024 || b[0] > 1024 ||
        b[1] > 1024 || b[2] > 64 || (uint64_t)e->k->shared_bytes + e->shared > WS_MAX_SHARED_BYTES ||
        (req[0] && (b[0] != req[0] || b[1] != req[1] || b[2] != req[2])) ||
        (max[0] && threads > (uint64_t)max[0] * max[1] * max[2])) {
        snprintf(why, cap, "grid %ux%ux%u, block %ux%ux%u, %u bytes of dynamic shared memory: no launch can have that",
                 g[0], g[1], g[2], b[0], b[1], b[2], e->shared);
        return cudaErrorInvalidConfiguration;
    }
    if (stream != STREAM_DEFAULT && stream != STREAM_TAIL_LAUNCH && stream != STREAM_FIRE_AND_FORGET) {
        snprintf(why, cap,
                 "stream 0x%llx is none of the default (0), cudaStreamTailLaunch (3) and "
                 "cudaStreamFireAndForget (4), the streams warpsim's device runtime has",
                 (unsigned long long)stream);
        return cudaErrorInvalidResourceHandle;
    }
    if (sim->cdp_pending >= WS_CDP_MAX_PENDING) {
        snprintf(why, cap,
                 "%u launches are pending already, the limit (cudaLimitDevRuntimePendingLaunchCount's "
                 "default)",
                 WS_CDP_MAX_PENDING);
        return cudaErrorLaunchPendingCountExceeded;
    }
    return 0;
}

static uint32_t launch_device(ws_exec *x, const ws_call_site *cs, unsigned l)
{
    ws_sim *sim = x->L->sim;
    uint64_t buf = arg(x, cs, 0, l, 0, 8), stream = arg(x, cs, 1, l, 0, 8);
    ws_cdp_entry *e = NULL;
    for (size_t i = sim->ncdp; i-- > 0 && !e;)
        if (sim->cdp[i].buffer == buf && !sim->cdp[i].launched)
            e = &sim->cdp[i];
    char why[200] = "the address is no parameter buffer __cudaCDP2GetParameterBufferV2 gave and no launch used";
    uint32_t err = e ? refusal(sim, e, stream, why, sizeof why) : cudaErrorInvalidValue;
    if (err) {
        ws_diag_report(x, WS_DIAG_DEVICE_LAUNCH, 1u << l,
                       "lane %u: a device-side launch%s%s is refused: %s; the call returns %u (%s)", l,
                       e ? " of kernel " : "", e ? e->k->name : "", why, err, error_name(err));
        return fail(x, l, err);
    }
    e->launched = 1;
    e->tail = stream == STREAM_TAIL_LAUNCH;
    sim->cdp_pending++;
    return cudaSuccess;
}

void ws_cdp_call(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    const ws_call_site *cs = &x->L->k->calls[in->call];
    FOR_EACH_LANE(mask, l) {
        uint64_t v = 0;
        uint32_t *e;
        switch (cs->builtin) {
        case WS_BUILTIN_CDP_PARAM_BUFFER: v = get_parameter_buffer(x, cs, l); break;
        case WS_BUILTIN_CDP_LAUNCH: v = launch_device(x, cs, l); break;
        case WS_BUILTIN_CDP_GET_LAST_ERROR:
        case WS_BUILTIN_CDP_PEEK_LAST_ERROR:
            e = error_slot(x->L->sim, thread_key(x, l), 0);
            v = e ? *e : cudaSuccess;
            if (e && cs->builtin == WS_BUILTIN_CDP_GET_LAST_ERROR)
                *e = cudaSuccess;
            break;
        default: break;
        }
        set_return(x, cs, l, v);
    }
}

/* ---- the child grids ---------------------------------------------------------------------------- */

/* The launches still to run, on the heap, not the host's stack: the GPU nests 2048 grids deep
 * (tests/golden/cdp50-h100.txt), far past what recursion on the host's stack could hold. An item is
 * a launch waiting to run, or the end marker of one that ran: the marker lies under the launch's
 * children, so it comes off when they have all run, and the launch is no longer pending then (a
 * parent is complete only when its children are). Pending launches and one marker a level of
 * nesting are all the stack holds, so WS_CDP_MAX_PENDING bounds it twice over. */
typedef struct ws_cdp_item {
    ws_cdp_entry e;
    long parent;    /* the launching grid's index in res->launches, -1: the host's grid */
    unsigned depth; /* 1: launched by the host's grid */
    uint8_t ended;  /* the end marker of launch e, which ran */
} ws_cdp_item;

/* One host launch's device-launched grids as they run, depth first in launch order. */
typedef struct ws_cdp_tree {
    ws_sim *sim;
    const ws_module *m;
    ws_cdp_launch_fn launch;
    ws_result *res;                 /* the host's grid's: every grid's record and diagnostics go there */
    size_t cap_launches, cap_diags; /* res's arrays double as they grow: a 2048-deep nest adds 2048 records */
    ws_cdp_item *stack;
    size_t n, cap;
    uint8_t *params; /* a grid's parameters, read from its buffer: the launch context's size, one for all */
} ws_cdp_tree;

/* The launches of the grid that just ran (sim->cdp from first on; the grid is launches[parent], at
 * depth - 1) onto the stack so that they come off in launch order, the tail launches last; their
 * parameter buffers go back where they never launched. -1: no memory to stack them, and none runs. */
static int take_children(ws_cdp_tree *t, size_t first, long parent, unsigned depth)
{
    ws_sim *sim = t->sim;
    size_t n = 0;
    for (size_t i = first; i < sim->ncdp; i++)
        n += sim->cdp[i].launched;
    int ok = reserve((void **)&t->stack, &t->cap, t->n + n, sizeof *t->stack);
    for (size_t i = first; i < sim->ncdp; i++)
        if (!sim->cdp[i].launched || ok != 0) {
            ws_sim_free(sim, sim->cdp[i].buffer);
            sim->cdp_pending -= sim->cdp[i].launched;
        }
    for (int tail = 1; tail >= 0 && ok == 0; tail--) /* the last to run first */
        for (size_t i = sim->ncdp; i-- > first;)
            if (sim->cdp[i].launched && sim->cdp[i].tail == tail)
                t->stack[t->n++] = (ws_cdp_item){sim->cdp[i], parent, depth, 0};
    sim->ncdp = first;
    return ok;
}

/* The launch fails with st and message msg (the first failure's words are kept). */
static ws_status fail_launch(ws_result *res, ws_status st, const char *msg)
{
    if (res->status == WS_OK) {
        snprintf(res->message, sizeof res->message, "%s", msg);
        res->stop_block = res->stop_warp = res->stop_pc = WS_NOWHERE;
        res->status = st;
    }
    return st;
}

static int add_launch(ws_cdp_tree *t, const ws_device_launch *d)
{
    ws_result *res = t->res;
    if (reserve((void **)&res->launches, &t->cap_launches, res->nlaunches + 1, sizeof *res->launches) != 0)
        return -1;
    res->launches[res->nlaunches++] = *d;
    return 0;
}

/* A child's diagnostics after those of the grids before it: they name the child's PTX lines, in
 * the same file. */
static int add_diags(ws_cdp_tree *t, const ws_result *child)
{
    ws_result *res = t->res;
    res->ndiags_not_listed += child->ndiags_not_listed;
    if (reserve((void **)&res->diags, &t->cap_diags, res->ndiags + child->ndiags, sizeof *res->diags) != 0)
        return -1;
    if (child->ndiags)
        memcpy(res->diags + res->ndiags, child->diags, child->ndiags * sizeof *res->diags);
    res->ndiags += child->ndiags;
    return 0;
}

/* A device-launched grid's own diagnostics say so (their lines are the child kernel's). */
static void name_grid(const ws_sim *sim, const ws_kernel *k, ws_result *res)
{
    for (size_t i = 0; sim->cdp_depth > 0 && i < res->ndiags; i++) {
        char *msg = res->diags[i].message, text[512]; /* cut to the message's size */
        size_t cap = sizeof res->diags[i].message;
        snprintf(text, sizeof text, "[device launch of %.60s, depth %u] %s", k->name, sim->cdp_depth, msg);
        memcpy(msg, text, cap - 1);
        msg[cap - 1] = 0;
    }
}

/* The record and diagnostics of the grid of launch `it`, which ended with st, into the host's
 * result; if it failed, its words become the launch's message. */
static ws_status record(ws_cdp_tree *t, const ws_cdp_item *it, ws_status st, ws_result *child)
{
    const ws_cdp_entry *e = &it->e;
    ws_device_launch d = {"",
                          {e->grid[0], e->grid[1], e->grid[2]},
                          {e->block[0], e->block[1], e->block[2]},
                          e->shared,
                          it->depth,
                          it->parent,
                          e->line,
                          e->block_id,
                          e->tail,
                          st,
                          child->stats};
    snprintf(d.kernel, sizeof d.kernel, "%s", e->k->name);
    if (add_launch(t, &d) != 0 || add_diags(t, child) != 0)
        st = fail_launch(t->res, WS_ERR_INTERNAL, "out of memory");
    if (st != WS_OK) {
        char msg[sizeof t->res->message];
        snprintf(msg, sizeof msg,
                 "in the device-launched grid of kernel %.100s (launched at PTX line %u, depth %u): %.300s", e->k->name,
                 e->line, it->depth, child->message[0] ? child->message : "a diagnostic is an error (--werror)");
        st = fail_launch(t->res, st, msg);
    }
    free(child->diags); /* ws_result_free's work (launches: none, the grid ran alone) */
    free(child->launches);
    return st;
}

/* Runs launch it, taken off the stack, as the next grid of the host's result. */
static ws_status run_grid(ws_cdp_tree *t, const ws_cdp_item *it)
{
    ws_sim *sim = t->sim;
    const ws_cdp_entry *e = &it->e;
    size_t n = e->k->param_bytes < PARAMS_CAP ? e->k->param_bytes : PARAMS_CAP;
    ws_sim_read(sim, e->buffer, t->params, n);
    ws_sim_free(sim, e->buffer);
    uint64_t shared = sim->cfg.dynamic_shared_bytes;
    sim->cfg.dynamic_shared_bytes = e->shared;
    /* the event consumers (traces, the viewer) were made for the host's kernel: a child's events
     * would name another kernel's instructions, so child grids run unobserved */
    ws_event_fn on_event = sim->cfg.on_event;
    sim->cfg.on_event = NULL;
    sim->cdp_depth = it->depth;
    ws_cdp_grid_begin(sim);
    ws_result child;
    ws_status st = t->launch(sim, t->m, e->k, e->grid, e->block, t->params, n, &child);
    sim->cfg.dynamic_shared_bytes = shared;
    sim->cfg.on_event = on_event;
    name_grid(sim, e->k, &child);
    return record(t, it, st, &child);
}

ws_status ws_cdp_run_children(ws_sim *sim, const ws_module *m, size_t first, ws_status st, ws_result *res,
                              ws_cdp_launch_fn launch)
{
    if (sim->ncdp <= first)
        return st;
    ws_cdp_tree t = {sim, m, launch, res, res->nlaunches, res->ndiags, NULL, 0, 0, NULL};
    t.params = malloc(PARAMS_CAP);
    if ((take_children(&t, first, -1, 1) != 0 || !t.params) && st == WS_OK)
        st = fail_launch(res, WS_ERR_INTERNAL, "out of memory");
    while (t.n > 0) {
        ws_cdp_item it = t.stack[--t.n];
        if (it.ended) { /* it and all its children have run */
            sim->cdp_pending--;
            continue;
        }
        if (st != WS_OK) { /* a grid failed: the launch ends there, as the GPU's context does at a fault */
            ws_sim_free(sim, it.e.buffer);
            sim->cdp_pending--;
            continue;
        }
        long me = (long)res->nlaunches;
        st = run_grid(&t, &it);
        it.ended = 1;
        t.stack[t.n++] = it; /* in the slot it came from: no allocation */
        if (take_children(&t, first, me, it.depth + 1) != 0 && st == WS_OK)
            st = fail_launch(res, WS_ERR_INTERNAL, "out of memory");
    }
    sim->cdp_depth = 0; /* the host's grid's again */
    free(t.stack);
    free(t.params);
    res->status = st;
    return st;
}
