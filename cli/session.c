/* The setup every verb that runs a kernel shares: see session.h. */
#include "session.h"

#include "commands.h"
#include "demangle.h"
#include "nvrtc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* file:line:column: message, the source line and a caret, as compilers print them */
void print_parse_error(FILE *f, const ws_parse_error *e)
{
    if (e->line)
        fprintf(f, "%s:%u:%u: error: %s\n", e->file, e->line, e->column, e->message);
    else
        fprintf(f, "%s: error: %s\n", e->file, e->message);
    if (e->source_line[0]) { /* the line (or its window around the column), the caret under the column */
        fprintf(f, "  %s\n", e->source_line);
        if (e->source_column) {
            fprintf(f, "  ");
            for (unsigned i = 1; i < e->source_column && i < sizeof e->source_line; i++)
                fputc(e->source_line[i - 1] == '\t' ? '\t' : ' ', f);
            fprintf(f, "^\n");
        }
    }
}

static const char *param_type_name(const ws_symbol *s)
{
    return ws_type_name((ws_type)s->elem);
}

/* Check the arguments against the kernel's parameters and pack them (also used by cmd_step.c). */
int pack_params(const ws_launch *L, const ws_module *m, const ws_kernel *k, const uint64_t *addrs, uint8_t *params)
{
    if (L->nargs != k->nparams) {
        fprintf(stderr, "warpsim: error: kernel %s takes %u parameter%s, got %zu argument%s\n", k->name, k->nparams,
                k->nparams == 1 ? "" : "s", L->nargs, L->nargs == 1 ? "" : "s");
        for (uint32_t i = 0; i < k->nparams; i++)
            fprintf(stderr, "  parameter %u: .%s %s\n", i + 1, param_type_name(&m->symbols[k->params[i]]),
                    m->symbols[k->params[i]].name);
        return -1;
    }
    for (uint32_t i = 0; i < k->nparams; i++) {
        const ws_symbol *p = &m->symbols[k->params[i]];
        const ws_arg *a = &L->args[i];
        size_t have = a->is_buffer ? 8 : ws_elem_size(a->elem);
        if (have != p->size) {
            fprintf(stderr,
                    "warpsim: error: argument %u (%s): kernel parameter %s is .%s (%llu bytes) but the argument is %s "
                    "(%zu bytes)\n",
                    i + 1, a->label, p->name, param_type_name(p), (unsigned long long)p->size,
                    a->is_buffer ? "a buffer pointer" : ws_elem_name(a->elem), have);
            return -1;
        }
        uint64_t v = a->is_buffer ? addrs[i] : a->scalar_bits;
        memcpy(params + p->offset, &v, have);
    }
    return 0;
}

/* Each kernel's entry name, and a C++ kernel's demangled name beside it. */
static void list_kernels(const ws_module *m, const char *only)
{
    for (uint32_t i = 0; i < m->nkernels; i++) {
        char dm[1024];
        if (only && !ws_kernel_name_matches(m->kernels[i].name, only))
            continue;
        if (ws_demangle(m->kernels[i].name, dm, sizeof dm) == 0)
            fprintf(stderr, " %s (%s)", m->kernels[i].name, dm);
        else
            fprintf(stderr, " %s", m->kernels[i].name);
    }
    fprintf(stderr, "\n");
}

int ws_session_parse_arg(ws_launch *L, int argc, char **argv, int *i)
{
    ws_launch_error lerr;
    int r = ws_cu_parse_arg(argc, argv, i); /* a .cu file's options (cli/nvrtc.h) */
    if (r != 0)
        return r;
    r = ws_launch_parse_arg(L, argc, argv, i, &lerr);
    if (r < 0) {
        char msg[2048];
        ws_launch_error_format(&lerr, true, msg, sizeof msg);
        fprintf(stderr, "warpsim: error: %s\n", msg);
        return lerr.limit ? -WS_ERR_LIMIT : -1;
    }
    return r;
}

int ws_session_load(ws_session *s, const ws_launch *L, uint64_t max_memory)
{
    ws_launch_error lerr;
    memset(s, 0, sizeof *s);
    if (ws_launch_validate(L, &lerr) < 0) {
        char msg[2048];
        ws_launch_error_format(&lerr, true, msg, sizeof msg);
        fprintf(stderr, "warpsim: error: %s\n", msg);
        return WS_ERR_INPUT;
    }
    ws_parse_error perr;
    char *entry = NULL; /* a .cu file's template kernel: the PTX entry NVRTC made of --kernel */
    if (ws_is_cuda_source(L->ptx_path)) {
        char *ptx, *ptx_path;
        size_t len;
        if (ws_cu_compile(L->ptx_path, L->kernel, &ptx, &len, &ptx_path, &entry) != 0)
            return WS_ERR_INPUT;
        s->m = ws_module_parse_limited(ptx, len, ptx_path, max_memory, &perr);
        free(ptx);
        free(ptx_path);
    } else {
        s->m = ws_module_load_limited(L->ptx_path, max_memory, &perr);
    }
    if (!s->m) {
        free(entry);
        print_parse_error(stderr, &perr);
        return perr.limit ? WS_ERR_LIMIT : WS_ERR_INPUT;
    }
    s->k = ws_module_kernel(s->m, entry ? entry : L->kernel);
    free(entry);
    const ws_kernel *first;
    if (!s->k && L->kernel && ws_module_kernels_named(s->m, L->kernel, &first) > 1) {
        fprintf(stderr, "warpsim: error: '%s' names several kernels of %s; give one of them in full:", L->kernel,
                L->ptx_path);
        list_kernels(s->m, L->kernel);
        return WS_ERR_INPUT;
    }
    if (!s->k && !s->m->nkernels) {
        fprintf(stderr, "warpsim: error: %s has no kernel (.entry; __global__ in CUDA C++)\n", L->ptx_path);
        return WS_ERR_INPUT;
    }
    if (!s->k) {
        fprintf(stderr, "warpsim: error: %s has no kernel named '%s'; it has:", L->ptx_path, L->kernel ? L->kernel : "");
        list_kernels(s->m, NULL);
        return WS_ERR_INPUT;
    }
    if (!L->kernel && s->m->nkernels > 1) {
        fprintf(stderr, "warpsim: error: %s has %u kernels; choose one with --kernel:", L->ptx_path, s->m->nkernels);
        list_kernels(s->m, NULL);
        return WS_ERR_INPUT;
    }
    return WS_OK;
}

/* Whether the kernel calls vprintf (the text the verb keeps counts towards the memory limit). */
static int kernel_prints(const ws_kernel *k)
{
    for (uint32_t i = 0; i < k->ncalls; i++)
        if (k->calls[i].callee && !strcmp(k->calls[i].callee, "vprintf"))
            return 1;
    return 0;
}

int ws_session_prepare(ws_session *s, const ws_launch *L, const ws_config *cfg)
{
    ws_config c = *cfg;
    uint64_t limit = c.max_memory ? c.max_memory : WS_DEFAULT_MAX_MEMORY;
    uint64_t kept = s->m->memory_bytes + L->total_bytes +
                    (kernel_prints(s->k) ? (c.max_output ? c.max_output : WS_DEFAULT_MAX_OUTPUT) : 0);
    if (kept >= limit) {
        fprintf(stderr,
                "warpsim: error: memory limit reached: the module (%llu bytes), the arguments' buffers (%zu bytes)%s "
                "take the limit of %llu bytes; raise it with --max-memory\n",
                (unsigned long long)s->m->memory_bytes, L->total_bytes,
                kernel_prints(s->k) ? " and the printf text" : "", (unsigned long long)limit);
        return WS_ERR_LIMIT;
    }
    c.max_memory = limit;
    c.memory_held = kept; /* the simulator's messages then name the whole limit */
    c.dynamic_shared_bytes = L->shared_bytes;
    s->cfg = *cfg;
    cfg = &c;
    s->sim = ws_sim_create(cfg);
    s->addrs = calloc(L->nargs + 1, sizeof *s->addrs);
    s->params = calloc(1, s->k->param_bytes + 8);
    if (!s->sim || !s->addrs || !s->params) {
        fprintf(stderr, "warpsim: error: out of memory\n");
        return WS_ERR_INTERNAL;
    }
    for (size_t i = 0; i < L->nargs; i++) {
        if (!L->args[i].is_buffer)
            continue;
        s->addrs[i] = ws_sim_alloc(s->sim, L->args[i].count * ws_elem_size(L->args[i].elem), L->args[i].data);
        if (!s->addrs[i]) {
            fprintf(stderr,
                    "warpsim: error: memory limit reached: buffer %s (%zu bytes) does not fit in the limit of %llu "
                    "bytes besides the module and the host copies of the buffers (%llu bytes); raise it with "
                    "--max-memory\n",
                    L->args[i].label, L->args[i].count * ws_elem_size(L->args[i].elem),
                    (unsigned long long)cfg->max_memory, (unsigned long long)kept);
            return WS_ERR_LIMIT;
        }
    }
    return pack_params(L, s->m, s->k, s->addrs, s->params) != 0 ? WS_ERR_INPUT : WS_OK;
}

ws_status ws_session_launch(ws_session *s, ws_launch *L, ws_result *res)
{
    ws_status st = ws_sim_launch(s->sim, s->m, s->k, L->grid, L->block, s->params, s->k->param_bytes, res);
    if (st == WS_ERR_LIMIT && res->jobs > 1) {
        /* one thread's stop: blocks after it ran on the other threads (ws_result.jobs) */
        ws_config c = s->cfg;
        c.jobs = 1;
        ws_result_free(res);
        ws_sim_destroy(s->sim);
        s->sim = NULL;
        free(s->addrs);
        free(s->params);
        s->addrs = NULL;
        s->params = NULL;
        int pst = ws_session_prepare(s, L, &c);
        if (pst != WS_OK)
            return (ws_status)pst;
        st = ws_sim_launch(s->sim, s->m, s->k, L->grid, L->block, s->params, s->k->param_bytes, res);
    }
    if (st == WS_ERR_INPUT) {
        fprintf(stderr, "warpsim: error: %s\n", res->message);
        return st;
    }
    for (size_t i = 0; i < L->nargs; i++)
        if (L->args[i].is_buffer)
            ws_sim_read(s->sim, s->addrs[i], L->args[i].data, L->args[i].count * ws_elem_size(L->args[i].elem));
    return st;
}

void ws_session_free(ws_session *s)
{
    ws_sim_destroy(s->sim);
    ws_module_free(s->m);
    free(s->addrs);
    free(s->params);
    memset(s, 0, sizeof *s);
}
