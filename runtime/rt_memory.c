/* warpsim's CUDA runtime: device, managed and pinned host memory, copies, memsets, variables.
 *
 * cudaMalloc memory is the warpsim machine's global memory: its addresses (0x7f0000000000 and
 * up) mean nothing to the host, which, as with a GPU, reaches it only through copies. Managed
 * memory (cudaMallocManaged) and pinned host memory (cudaHostAlloc, cudaMallocHost) are host
 * memory that kernels read and write at the same address, as a GPU with unified addressing
 * does: it is mapped from a range of the address space kept for it (HOST_RANGE) and handed to
 * the machine with ws_sim_map. Copies run when they are called; a blocking one is a
 * synchronisation point (rt_sync). */
#include "rt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Below the machine's windows (sim/sim.h) and the program's usual mappings (a PIE program at
 * 0x55..., shared libraries near 0x7f...), clear of AddressSanitizer's allocator (0x600000000000
 * to 0x640000000000) and its shadow (up to 0x10007fff7fff). */
#define HOST_RANGE     0x300000000000ull
#define HOST_RANGE_END 0x500000000000ull

typedef enum { MEM_DEVICE, MEM_MANAGED, MEM_HOST } mem_kind;

typedef struct {
    uint64_t base, size; /* size 0 is kept as 1, so that a 0-byte allocation has an address */
    mem_kind kind;
} allocation;

static allocation *allocs;
static size_t nallocs, cap_allocs;
static uint64_t next_host = HOST_RANGE;

static void remember(uint64_t base, uint64_t size, mem_kind kind)
{
    if (nallocs == cap_allocs) {
        cap_allocs = cap_allocs ? 2 * cap_allocs : 64;
        allocs = realloc(allocs, cap_allocs * sizeof *allocs);
        if (!allocs)
            rt_fatal("out of memory");
    }
    allocs[nallocs++] = (allocation){base, size ? size : 1, kind};
}

/* The allocation holding [p, p + n), or NULL (host memory, or nothing). */
static allocation *find(const void *p, size_t n)
{
    uint64_t a = (uint64_t)(uintptr_t)p;
    for (size_t i = 0; i < nallocs; i++)
        if (a >= allocs[i].base && a - allocs[i].base <= allocs[i].size && n <= allocs[i].size - (a - allocs[i].base))
            return &allocs[i];
    return NULL;
}

static void forget(allocation *a) { *a = allocs[--nallocs]; }

/* Host memory the machine sees at the same address: fresh pages from HOST_RANGE. */
static void *map_host(size_t size)
{
    size_t len = (size + 4095) / 4096 * 4096;
    for (int tries = 0; tries < 64 && next_host + len < HOST_RANGE_END; tries++) {
        void *want = (void *)(uintptr_t)next_host;
        void *p = mmap(want, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
        next_host += len + 4096; /* a gap: one past the end is no other allocation */
        if (p == want) {
            if (ws_sim_map(rt_sim(), p, size) == 0)
                return p;
            munmap(p, len);
            return NULL;
        }
        if (p != MAP_FAILED)
            munmap(p, len);
    }
    return NULL;
}

static void unmap_host(allocation *a)
{
    ws_sim_free(rt_sim(), a->base);
    munmap((void *)(uintptr_t)a->base, (a->size + 4095) / 4096 * 4096);
    forget(a);
}

RT_API cudaError_t cudaMalloc(void **p, size_t size)
{
    cudaError_t e = rt_check();
    if (e || !p)
        return rt_return(e ? e : cudaErrorInvalidValue);
    if (!size) {
        *p = NULL;
        return cudaSuccess;
    }
    uint64_t a = ws_sim_alloc(rt_sim(), size, NULL);
    if (!a) {
        *p = NULL;
        return rt_return(cudaErrorMemoryAllocation);
    }
    remember(a, size, MEM_DEVICE);
    *p = (void *)(uintptr_t)a;
    return cudaSuccess;
}

static cudaError_t alloc_host(void **p, size_t size, mem_kind kind)
{
    cudaError_t e = rt_check();
    if (e || !p)
        return rt_return(e ? e : cudaErrorInvalidValue);
    void *h = map_host(size ? size : 1);
    if (!h) {
        *p = NULL;
        return rt_return(cudaErrorMemoryAllocation);
    }
    remember((uint64_t)(uintptr_t)h, size, kind);
    *p = h;
    return cudaSuccess;
}

RT_API cudaError_t cudaMallocManaged(void **p, size_t size, unsigned flags)
{
    (void)flags;
    if (!size)
        return rt_return(cudaErrorInvalidValue);
    return alloc_host(p, size, MEM_MANAGED);
}

RT_API cudaError_t cudaHostAlloc(void **p, size_t size, unsigned flags)
{
    (void)flags; /* portable, mapped, write-combined: with unified addressing, all the same here */
    return alloc_host(p, size, MEM_HOST);
}

RT_API cudaError_t cudaMallocHost(void **p, size_t size) { return alloc_host(p, size, MEM_HOST); }

RT_API cudaError_t cudaFree(void *p)
{
    cudaError_t e = rt_check();
    if (e || !p)
        return rt_return(e);
    allocation *a = find(p, 0);
    if (!a || a->base != (uint64_t)(uintptr_t)p || a->kind == MEM_HOST)
        return rt_return(cudaErrorInvalidValue);
    if (a->kind == MEM_MANAGED) {
        unmap_host(a);
        return cudaSuccess;
    }
    ws_sim_free(rt_sim(), a->base);
    forget(a);
    return cudaSuccess;
}

RT_API cudaError_t cudaFreeHost(void *p)
{
    cudaError_t e = rt_check();
    if (e || !p)
        return rt_return(e);
    allocation *a = find(p, 0);
    if (!a || a->base != (uint64_t)(uintptr_t)p || a->kind != MEM_HOST)
        return rt_return(cudaErrorInvalidValue);
    unmap_host(a);
    return cudaSuccess;
}

RT_API cudaError_t cudaHostGetDevicePointer(void **dev, void *host, unsigned flags)
{
    (void)flags;
    allocation *a = find(host, 0);
    if (!dev || !a || a->kind != MEM_HOST)
        return rt_return(cudaErrorInvalidValue);
    *dev = host; /* unified addressing: the same address */
    return rt_return(rt_check());
}

RT_API cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
    size_t used = 0;
    for (size_t i = 0; i < nallocs; i++)
        used += allocs[i].kind == MEM_DEVICE ? allocs[i].size : 0;
    if (free_bytes)
        *free_bytes = rt_h200.totalGlobalMem - used;
    if (total)
        *total = rt_h200.totalGlobalMem;
    return rt_return(rt_check());
}

/* ---- copies and memsets -------------------------------------------------------------------- */

/* n bytes from src to dst, wherever each lies. The kind says where the program believes they
 * are; a pointer it says is on the device must be in a device allocation (else
 * cudaErrorInvalidValue, as CUDA answers). */
static cudaError_t copy(void *dst, const void *src, size_t n, int kind)
{
    if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    if (!n)
        return cudaSuccess;
    if (!dst || !src)
        return cudaErrorInvalidValue;
    allocation *d = find(dst, n), *s = find(src, n);
    bool dst_dev = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
    bool src_dev = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
    if ((dst_dev && !d) || (src_dev && !s))
        return cudaErrorInvalidValue;
    ws_sim *sim = rt_sim();
    bool d_sim = d && d->kind == MEM_DEVICE, s_sim = s && s->kind == MEM_DEVICE;
    uint64_t da = (uint64_t)(uintptr_t)dst, sa = (uint64_t)(uintptr_t)src;
    if (d_sim && s_sim) {
        void *tmp = malloc(n);
        if (!tmp)
            rt_fatal("out of memory");
        ws_sim_read(sim, sa, tmp, n);
        ws_sim_write(sim, da, tmp, n);
        free(tmp);
    } else if (d_sim) {
        ws_sim_write(sim, da, src, n);
    } else if (s_sim) {
        ws_sim_read(sim, sa, dst, n);
    } else {
        memmove(dst, src, n);
    }
    return cudaSuccess;
}

RT_API cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind)
{
    cudaError_t e = rt_sync();
    return rt_return(e ? e : copy(dst, src, n, kind));
}

RT_API cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind, cudaStream_t stream)
{
    (void)stream;
    cudaError_t e = rt_check();
    return rt_return(e ? e : copy(dst, src, n, kind));
}

static cudaError_t set(void *p, int value, size_t n)
{
    if (!n)
        return cudaSuccess;
    allocation *a = find(p, n);
    if (!p || !a || a->kind == MEM_HOST)
        return cudaErrorInvalidValue;
    if (a->kind == MEM_MANAGED) {
        memset(p, value, n);
        return cudaSuccess;
    }
    void *tmp = malloc(n);
    if (!tmp)
        rt_fatal("out of memory");
    memset(tmp, value, n);
    ws_sim_write(rt_sim(), (uint64_t)(uintptr_t)p, tmp, n);
    free(tmp);
    return cudaSuccess;
}

RT_API cudaError_t cudaMemset(void *p, int value, size_t n)
{
    cudaError_t e = rt_check();
    return rt_return(e ? e : set(p, value, n));
}

RT_API cudaError_t cudaMemsetAsync(void *p, int value, size_t n, cudaStream_t stream)
{
    (void)stream;
    return cudaMemset(p, value, n);
}

/* ---- __device__ and __constant__ variables ------------------------------------------------- */

/* The machine's bytes of the variable whose host shadow is symbol; NULL if none is registered. */
static void *var_bytes(const void *symbol, uint64_t *addr, size_t *size)
{
    for (rt_var *v = rt.vars; v; v = v->next) {
        if (v->host_var != symbol)
            continue;
        ws_module *m = rt_module_load(v->mod);
        void *p = ws_sim_symbol(rt_sim(), m, v->device_name, addr, size);
        if (!p)
            rt_fatal("%s has no variable %s", v->mod->ptx_path, v->device_name);
        return p;
    }
    return NULL;
}

static cudaError_t symbol_copy(const void *symbol, void *buf, size_t n, size_t offset, int kind, bool to)
{
    uint64_t addr;
    size_t size;
    uint8_t *bytes = var_bytes(symbol, &addr, &size);
    if (!bytes)
        return cudaErrorInvalidSymbol;
    if (offset > size || n > size - offset)
        return cudaErrorInvalidValue;
    if (!n)
        return cudaSuccess;
    if (kind == cudaMemcpyDeviceToDevice ||
        (kind == cudaMemcpyDefault && find(buf, n) && find(buf, n)->kind == MEM_DEVICE)) {
        allocation *a = find(buf, n);
        if (!a)
            return cudaErrorInvalidValue;
        if (to)
            return copy(bytes + offset, buf, n, cudaMemcpyDeviceToHost);
        return copy(buf, bytes + offset, n, cudaMemcpyHostToDevice);
    }
    if (kind != cudaMemcpyDefault && kind != (to ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost))
        return cudaErrorInvalidMemcpyDirection;
    if (!buf)
        return cudaErrorInvalidValue;
    if (to)
        memcpy(bytes + offset, buf, n);
    else
        memcpy(buf, bytes + offset, n);
    return cudaSuccess;
}

RT_API cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t n, size_t offset, int kind)
{
    cudaError_t e = rt_sync();
    return rt_return(e ? e : symbol_copy(symbol, (void *)src, n, offset, kind, true));
}

RT_API cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t n, size_t offset, int kind)
{
    cudaError_t e = rt_sync();
    return rt_return(e ? e : symbol_copy(symbol, dst, n, offset, kind, false));
}

RT_API cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t n, size_t offset, int kind,
                                           cudaStream_t stream)
{
    (void)stream;
    cudaError_t e = rt_check();
    return rt_return(e ? e : symbol_copy(symbol, (void *)src, n, offset, kind, true));
}

RT_API cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t n, size_t offset, int kind,
                                             cudaStream_t stream)
{
    (void)stream;
    cudaError_t e = rt_check();
    return rt_return(e ? e : symbol_copy(symbol, dst, n, offset, kind, false));
}

RT_API cudaError_t cudaGetSymbolAddress(void **dev, const void *symbol)
{
    uint64_t addr;
    size_t size;
    if (!dev || !var_bytes(symbol, &addr, &size))
        return rt_return(cudaErrorInvalidSymbol);
    *dev = (void *)(uintptr_t)addr;
    return rt_return(rt_check());
}

RT_API cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
    uint64_t addr;
    if (!size || !var_bytes(symbol, &addr, size))
        return rt_return(cudaErrorInvalidSymbol);
    return rt_return(rt_check());
}
