/* memory: global allocations, the module's .global and .const images, and the translation of
 * an address in a state space to host bytes (memory.h). */
#include "memory.h"
#include "diag.h"

#include <inttypes.h>
#include <stdlib.h>

/* Adds an allocation, keeping the list sorted by base (ws_find_alloc searches it). */
static ws_alloc *add_alloc(ws_sim *s, uint64_t base, uint64_t size, uint8_t *data, bool host)
{
    if (s->nallocs == s->cap_allocs) {
        size_t nc = s->cap_allocs ? s->cap_allocs * 2 : 16;
        ws_alloc *na = realloc(s->allocs, nc * sizeof *na);
        if (!na)
            return NULL;
        s->allocs = na;
        s->cap_allocs = nc;
    }
    size_t i = s->nallocs;
    while (i > 0 && s->allocs[i - 1].base > base)
        i--;
    memmove(&s->allocs[i + 1], &s->allocs[i], (s->nallocs - i) * sizeof *s->allocs);
    s->nallocs++;
    s->allocs[i] = (ws_alloc){base, size, data, host};
    return &s->allocs[i];
}

uint64_t ws_sim_alloc(ws_sim *s, size_t bytes, const void *init)
{
    if (ws_mem_charge(s, bytes) != 0)
        return 0;
    uint8_t *data = calloc(1, bytes ? bytes : 1);
    if (!data) {
        ws_mem_release(s, bytes);
        return 0;
    }
    if (init && bytes)
        memcpy(data, init, bytes);
    if (!add_alloc(s, s->next_addr, bytes, data, false)) {
        free(data);
        ws_mem_release(s, bytes);
        return 0;
    }
    uint64_t base = s->next_addr;
    s->next_addr += (bytes + 255) / 256 * 256 + 256; /* a gap, so one past the end is out of bounds */
    return base;
}

int ws_sim_map(ws_sim *s, void *host, size_t bytes)
{
    uint64_t base = (uint64_t)(uintptr_t)host, end = base + bytes;
    if (!host || !bytes || end < base || bytes > s->cfg.max_memory - s->mem_used)
        return -1;
    /* not over the generic windows nor where ws_sim_alloc puts buffers */
    if (end > CONST_WINDOW && base < GLOBAL_BASE + WINDOW_SIZE)
        return -1;
    for (size_t i = 0; i < s->nallocs; i++)
        if (base < s->allocs[i].base + s->allocs[i].size + 1 && s->allocs[i].base < end + 1)
            return -1;
    if (!add_alloc(s, base, bytes, host, true))
        return -1;
    s->mem_used += bytes;
    return 0;
}

void ws_sim_set_dynamic_shared(ws_sim *s, uint64_t bytes) { s->cfg.dynamic_shared_bytes = bytes; }

int ws_sim_free(ws_sim *s, uint64_t addr)
{
    for (size_t i = 0; i < s->nallocs; i++) {
        if (s->allocs[i].base != addr)
            continue;
        for (size_t j = 0; j < s->nmodmem; j++)
            if (s->modmem[j].global_base == addr)
                return -1; /* a module's variables live as long as the machine */
        if (!s->allocs[i].host)
            free(s->allocs[i].data);
        ws_mem_release(s, s->allocs[i].size);
        memmove(&s->allocs[i], &s->allocs[i + 1], (s->nallocs - i - 1) * sizeof *s->allocs);
        s->nallocs--;
        return 0;
    }
    return -1;
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

/* The module's variables, allocated and initialised the first time the machine meets it and
 * kept from then on (a kernel's stores to them are seen by the next launch, as on a GPU), both
 * charged against the memory limit. NULL with *limit set when they do not fit in it, else when
 * out of memory. */
static ws_module_memory *module_memory(ws_sim *s, const ws_module *m, int *limit)
{
    *limit = 0;
    for (size_t i = 0; i < s->nmodmem; i++)
        if (s->modmem[i].m == m)
            return &s->modmem[i];
    ws_module_memory *nm = realloc(s->modmem, (s->nmodmem + 1) * sizeof *nm);
    if (!nm)
        return NULL;
    s->modmem = nm;
    ws_module_memory mm = {m, 0, NULL, 0};
    if (m->const_bytes) {
        if (ws_mem_charge(s, m->const_bytes) != 0) {
            *limit = 1;
            return NULL;
        }
        mm.const_image = calloc(1, m->const_bytes);
        if (!mm.const_image) {
            ws_mem_release(s, m->const_bytes);
            return NULL;
        }
        mm.const_size = m->const_bytes;
        for (uint32_t i = 0; i < m->nsymbols; i++)
            if (m->symbols[i].space == WS_SPACE_CONST && m->symbols[i].init)
                memcpy(mm.const_image + m->symbols[i].offset, m->symbols[i].init, m->symbols[i].size);
    }
    if (m->global_bytes) { /* allocated zeroed and initialised in place: no second image */
        mm.global_base = ws_sim_alloc(s, m->global_bytes, NULL);
        ws_alloc *a = mm.global_base ? ws_find_alloc(s, mm.global_base, m->global_bytes) : NULL;
        if (!a) {
            *limit = m->global_bytes > s->cfg.max_memory - s->mem_used;
            free(mm.const_image);
            ws_mem_release(s, mm.const_size);
            return NULL;
        }
        for (uint32_t i = 0; i < m->nsymbols; i++)
            if (m->symbols[i].space == WS_SPACE_GLOBAL && m->symbols[i].init)
                memcpy(a->data + m->symbols[i].offset, m->symbols[i].init, m->symbols[i].size);
    }
    s->modmem[s->nmodmem] = mm;
    return &s->modmem[s->nmodmem++];
}

ws_status ws_mem_load_module(ws_sim *s, const ws_module *m, char *msg, size_t cap)
{
    if (s->globals_for == m)
        return WS_OK;
    int limit;
    ws_module_memory *mm = module_memory(s, m, &limit);
    if (!mm) {
        if (!limit) {
            snprintf(msg, cap, "out of memory for the module's .global and .const variables");
            return WS_ERR_INTERNAL;
        }
        snprintf(msg, cap,
                 "memory limit reached: the module's .global (%" PRIu64 " bytes) and .const (%" PRIu64
                 " bytes) variables do not fit in the %" PRIu64 " bytes left of the limit of %" PRIu64
                 " bytes; raise it with --max-memory",
                 m->global_bytes, m->const_bytes, s->cfg.max_memory - s->mem_used, s->cfg.max_memory);
        return WS_ERR_LIMIT;
    }
    s->globals_for = m;
    s->module_global_base = mm->global_base;
    s->const_image = mm->const_image;
    s->const_size = mm->const_size;
    return WS_OK;
}

void *ws_sim_symbol(ws_sim *s, const ws_module *m, const char *name, uint64_t *addr, size_t *size)
{
    int limit;
    ws_module_memory *mm = module_memory(s, m, &limit);
    for (uint32_t i = 0; mm && i < m->nsymbols; i++) {
        const ws_symbol *y = &m->symbols[i];
        if (strcmp(y->name, name) || (y->space != WS_SPACE_GLOBAL && y->space != WS_SPACE_CONST))
            continue;
        *size = y->size;
        if (y->space == WS_SPACE_CONST) {
            *addr = CONST_WINDOW + y->offset;
            return mm->const_image + y->offset;
        }
        *addr = mm->global_base + y->offset;
        ws_alloc *a = ws_find_alloc(s, *addr, y->size);
        return a ? a->data + (*addr - a->base) : NULL;
    }
    return NULL;
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
