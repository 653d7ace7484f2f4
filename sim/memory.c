/* memory: global allocations, the module's .global and .const images, and the translation of
 * an address in a state space to host bytes (memory.h). */
#include "memory.h"
#include "diag.h"

#include <inttypes.h>
#include <stdlib.h>

uint64_t ws_sim_alloc(ws_sim *s, size_t bytes, const void *init)
{
    if (bytes > s->cfg.max_memory || s->total_bytes + bytes > s->cfg.max_memory)
        return 0;
    if (s->nallocs == s->cap_allocs) {
        size_t nc = s->cap_allocs ? s->cap_allocs * 2 : 16;
        ws_alloc *na = realloc(s->allocs, nc * sizeof *na);
        if (!na)
            return 0;
        s->allocs = na;
        s->cap_allocs = nc;
    }
    uint8_t *data = calloc(1, bytes ? bytes : 1);
    if (!data)
        return 0;
    if (init && bytes)
        memcpy(data, init, bytes);
    ws_alloc *a = &s->allocs[s->nallocs++];
    a->base = s->next_addr;
    a->size = bytes;
    a->data = data;
    s->next_addr += (bytes + 255) / 256 * 256 + 256; /* a gap, so one past the end is out of bounds */
    s->total_bytes += bytes;
    return a->base;
}

ws_alloc *ws_find_alloc(const ws_sim *s, uint64_t addr, size_t size)
{
    /* allocations are sorted by base: binary search */
    size_t lo = 0, hi = s->nallocs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->allocs[mid].base <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    ws_alloc *a = &s->allocs[lo - 1];
    if (addr - a->base + size > a->size || addr < a->base)
        return NULL;
    return a;
}

int ws_sim_read(const ws_sim *s, uint64_t addr, void *dst, size_t n)
{
    ws_alloc *a = ws_find_alloc(s, addr, n);
    if (!a)
        return -1;
    memcpy(dst, a->data + (addr - a->base), n);
    return 0;
}

int ws_sim_write(ws_sim *s, uint64_t addr, const void *src, size_t n)
{
    ws_alloc *a = ws_find_alloc(s, addr, n);
    if (!a)
        return -1;
    memcpy(a->data + (addr - a->base), src, n);
    return 0;
}

int ws_mem_load_module(ws_sim *s, const ws_module *m)
{
    if (s->globals_for == m)
        return 0;
    s->globals_for = m;
    s->module_global_base = 0;
    if (m->global_bytes) {
        uint8_t *img = calloc(1, m->global_bytes);
        if (!img)
            return -1;
        for (uint32_t i = 0; i < m->nsymbols; i++)
            if (m->symbols[i].space == WS_SPACE_GLOBAL && m->symbols[i].init)
                memcpy(img + m->symbols[i].offset, m->symbols[i].init, m->symbols[i].size);
        s->module_global_base = ws_sim_alloc(s, m->global_bytes, img);
        free(img);
        if (!s->module_global_base)
            return -1;
    }
    free(s->const_image);
    s->const_image = NULL;
    s->const_size = m->const_bytes;
    if (m->const_bytes) {
        s->const_image = calloc(1, m->const_bytes);
        if (!s->const_image)
            return -1;
        for (uint32_t i = 0; i < m->nsymbols; i++)
            if (m->symbols[i].space == WS_SPACE_CONST && m->symbols[i].init)
                memcpy(s->const_image + m->symbols[i].offset, m->symbols[i].init, m->symbols[i].size);
    }
    return 0;
}

/* ---- addresses of the state spaces ---------------------------------------------------------- */

static const char *space_word(ws_space s) { return s == WS_SPACE_GENERIC ? "generic" : ws_space_name(s); }

uint8_t *ws_mem_translate(ws_exec *x, ws_space space, uint64_t addr, unsigned lane, size_t size, int store)
{
    ws_launch_ctx *L = x->L;
    ws_block *b = x->blk;
    uint64_t orig = addr;
    ws_space orig_space = space;
    space = ws_resolve_generic(space, &addr);
    if (size > 1 && addr % size) {
        ws_diag_report(x, WS_DIAG_MISALIGNED, 1u << lane,
                       "lane %u: %zu-byte %s %s access at address 0x%" PRIx64 " is not %zu-byte aligned", lane, size,
                       space_word(orig_space), store ? "store" : "load", orig, size);
        return NULL;
    }
    uint8_t *p = NULL;
    switch (space) {
    case WS_SPACE_SHARED:
        if (addr < b->shared_size && size <= b->shared_size - addr)
            p = b->shared + addr;
        break;
    case WS_SPACE_LOCAL:
        if (addr < L->local_bytes && size <= L->local_bytes - addr)
            p = b->local + (size_t)(x->w->index * 32 + lane) * L->local_bytes + addr;
        break;
    case WS_SPACE_PARAM:
        if (!store && addr < L->k->param_bytes && size <= L->k->param_bytes - addr)
            p = L->params + addr;
        break;
    case WS_SPACE_CONST: {
        uint64_t off = addr - CONST_WINDOW;
        if (!store && off < L->sim->const_size && size <= L->sim->const_size - off)
            p = L->sim->const_image + off;
        break;
    }
    default: {
        ws_alloc *a = ws_find_alloc(L->sim, addr, size);
        if (a)
            p = a->data + (addr - a->base);
        break;
    }
    }
    if (!p)
        ws_diag_report(x, WS_DIAG_OUT_OF_BOUNDS, 1u << lane,
                       "lane %u: %zu-byte %s %s at address 0x%" PRIx64 " is outside every %s allocation", lane, size,
                       space_word(orig_space), store ? "store" : "load", orig,
                       space == WS_SPACE_GLOBAL ? "global" : ws_space_name(space));
    return p;
}
