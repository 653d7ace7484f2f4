/* warpsim's CUDA runtime: what nvcc's generated host code calls to register device code, and
 * the launches (<<<>>>, cudaLaunchKernel).
 *
 * A program built by nvcc 13 registers each translation unit from a constructor:
 * __cudaRegisterFatBinary(wrapper), then __cudaRegisterFunction(handle, host stub, PTX name,
 * ...) per kernel and __cudaRegisterVar per variable, then __cudaRegisterFatBinaryEnd. A launch
 * `k<<<g, b, s, st>>>(args)` is __cudaPushCallConfiguration(g, b, s, st) followed by a call of
 * the host stub, which pops the configuration (__cudaPopCallConfiguration), asks once for the
 * kernel's handle (__cudaGetKernel) and calls __cudaLaunchKernel(handle, g, b, args, s, st)
 * with args[i] pointing at the i-th argument. */
#include "fatbin.h"
#include "rt.h"

#include "demangle.h"

#include <execinfo.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- registration -------------------------------------------------------------------------- */

RT_API void **__cudaRegisterFatBinary(void *wrapper)
{
    rt_module *mod = calloc(1, sizeof *mod);
    if (!mod)
        rt_fatal("out of memory");
    mod->wrapper = wrapper;
    mod->next = rt.modules;
    rt.modules = mod;
    return (void **)mod;
}

RT_API void __cudaRegisterFatBinaryEnd(void **handle)
{
    (void)handle; /* modules load when first used, as CUDA's lazy loading does */
}

RT_API void __cudaUnregisterFatBinary(void **handle) { (void)handle; /* at exit: the process's memory goes with it */ }

RT_API char __cudaInitModule(void **handle)
{
    rt_module_load((rt_module *)handle);
    return 1;
}

static char *dup_or_die(const char *s)
{
    char *d = strdup(s ? s : "");
    if (!d)
        rt_fatal("out of memory");
    return d;
}

RT_API void __cudaRegisterFunction(void **handle, const char *host_fun, char *device_fun, const char *device_name,
                                   int thread_limit, void *tid, void *bid, void *bdim, void *gdim, int *wsize)
{
    (void)device_name, (void)thread_limit, (void)tid, (void)bid, (void)bdim, (void)gdim, (void)wsize;
    rt_function *f = calloc(1, sizeof *f);
    if (!f)
        rt_fatal("out of memory");
    f->host_fun = host_fun;
    f->device_name = dup_or_die(device_fun);
    f->mod = (rt_module *)handle;
    f->next = rt.functions;
    rt.functions = f;
}

RT_API void __cudaRegisterVar(void **handle, char *host_var, char *device_address, const char *device_name, int ext,
                              size_t size, int constant, int global)
{
    (void)device_address, (void)ext, (void)constant, (void)global;
    rt_var *v = calloc(1, sizeof *v);
    if (!v)
        rt_fatal("out of memory");
    v->host_var = host_var;
    v->device_name = dup_or_die(device_name);
    v->mod = (rt_module *)handle;
    v->size = size;
    v->next = rt.vars;
    rt.vars = v;
}

RT_API void __cudaRegisterManagedVar(void **handle, void **host_var_ptr, char *device_address, const char *device_name,
                                     int ext, size_t size, int constant, int global)
{
    (void)handle, (void)host_var_ptr, (void)device_address, (void)ext, (void)size, (void)constant, (void)global;
    rt_fatal("__managed__ variables (%s) are not supported by warpsim's CUDA runtime; use cudaMallocManaged",
             device_name);
}

/* ---- loading a module ---------------------------------------------------------------------- */

/* The PTX is written to a file so that messages can name its lines: in $WARPSIM_PTX_DIR, else
 * $XDG_CACHE_HOME/warpsim/exec, else ~/.cache/warpsim/exec, named by a hash of its text. */
static void write_ptx(rt_module *mod, const char *text, size_t len)
{
    const char *dir = getenv("WARPSIM_PTX_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char d[400];
    if (dir && *dir)
        snprintf(d, sizeof d, "%s", dir);
    else if (xdg && *xdg)
        snprintf(d, sizeof d, "%s/warpsim/exec", xdg);
    else
        snprintf(d, sizeof d, "%s/.cache/warpsim/exec", home && *home ? home : "/tmp");
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 0x100000001b3ull;
    for (char *p = d + 1; *p; p++) /* mkdir -p */
        if (*p == '/') {
            *p = 0;
            mkdir(d, 0755);
            *p = '/';
        }
    mkdir(d, 0755);
    snprintf(mod->ptx_path, sizeof mod->ptx_path, "%s/%016llx.ptx", d, (unsigned long long)h);
    FILE *f = fopen(mod->ptx_path, "wb");
    if (!f || fwrite(text, 1, len, f) != len) {
        snprintf(mod->ptx_path, sizeof mod->ptx_path, "(the program's PTX; %s could not be written)", d);
    }
    if (f)
        fclose(f);
}

ws_module *rt_module_load(rt_module *mod)
{
    if (mod->m)
        return mod->m;
    ws_fatbin_ptx ptx;
    char err[512];
    if (ws_fatbin_wrapper_ptx(mod->wrapper, &ptx, err, sizeof err) != 0)
        rt_fatal("%s", err);
    write_ptx(mod, ptx.text, ptx.len);
    ws_parse_error perr;
    mod->m = ws_module_parse(ptx.text, ptx.len, mod->ptx_path, &perr);
    free(ptx.text);
    if (!mod->m) {
        if (perr.line)
            rt_fatal("%s:%u:%u: %s\n  %s", perr.file, perr.line, perr.column, perr.message, perr.source_line);
        rt_fatal("%s: %s", perr.file, perr.message);
    }
    return mod->m;
}

/* ---- launches ------------------------------------------------------------------------------ */

typedef struct {
    dim3 grid, block;
    size_t shared;
    void *stream;
} call_config;

static _Thread_local call_config configs[16]; /* a launch's arguments may launch kernels too */
static _Thread_local unsigned nconfigs;

RT_API unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared, void *stream)
{
    if (nconfigs == sizeof configs / sizeof configs[0])
        rt_fatal("kernel launches nested more than %u deep in one another's arguments", nconfigs);
    configs[nconfigs++] = (call_config){grid, block, shared, stream};
    return 0;
}

RT_API cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared, void *stream)
{
    if (!nconfigs)
        return cudaErrorInvalidConfiguration;
    call_config c = configs[--nconfigs];
    *grid = c.grid;
    *block = c.block;
    *shared = c.shared;
    *(void **)stream = c.stream;
    return cudaSuccess;
}

static rt_function *function_of(const void *host_fun)
{
    for (rt_function *f = rt.functions; f; f = f->next)
        if (f->host_fun == host_fun)
            return f;
    return NULL;
}

RT_API cudaError_t __cudaGetKernel(cudaKernel_t *kernel, const void *host_fun)
{
    *kernel = function_of(host_fun);
    return *kernel ? cudaSuccess : cudaErrorInvalidDeviceFunction;
}

/* The host code that launched: the first caller outside this library and outside the kernel's
 * stub, by address; resolved to a function and line only when a message needs it. */
static void call_site(void *const *frames, int n, const char *kernel, char *buf, size_t cap)
{
    static const char here; /* an address inside this library */
    Dl_info self, info;
    dladdr(&here, &self);
    snprintf(buf, cap, "an unknown place");
    for (int i = 0; i < n; i++) {
        if (!dladdr(frames[i], &info) || info.dli_fbase == self.dli_fbase)
            continue;
        uintptr_t off = (uintptr_t)frames[i] - (uintptr_t)info.dli_fbase - 1; /* the call, not the return */
        char cmd[1200], fn[512] = "", line[512] = "";
        snprintf(cmd, sizeof cmd, "addr2line -C -f -e '%s' 0x%llx 2>/dev/null", info.dli_fname, (unsigned long long)off);
        FILE *p = strchr(info.dli_fname, '\'') ? NULL : popen(cmd, "r");
        if (p) {
            if (!fgets(fn, sizeof fn, p) || !fgets(line, sizeof line, p))
                fn[0] = line[0] = 0;
            pclose(p);
        }
        fn[strcspn(fn, "\n")] = line[strcspn(line, "\n")] = 0;
        line[strcspn(line, " ")] = 0; /* no " (discriminator N)" */
        if (!strncmp(fn, "__device_stub_", 14) || !strncmp(fn, "__cudaLaunch", 12) ||
            (fn[0] && !strncmp(fn, kernel, strcspn(kernel, "<("))))
            continue; /* the launch code nvcc wrote for the kernel, and the kernel's host wrapper */
        size_t ll = strlen(line);
        if (fn[0] && strcmp(fn, "??") && ll > 2 && strncmp(line, "??", 2) && strcmp(line + ll - 2, ":?") &&
            strcmp(line + ll - 2, ":0"))
            snprintf(buf, cap, "%s at %s (%s+0x%llx)", fn, line, info.dli_fname, (unsigned long long)off);
        else if (fn[0] && strcmp(fn, "??"))
            snprintf(buf, cap, "%s (%s+0x%llx)", fn, info.dli_fname, (unsigned long long)off);
        else
            snprintf(buf, cap, "%s+0x%llx", info.dli_fname, (unsigned long long)off);
        return;
    }
}

/* What a GPU reports for a kernel that did what warpsim diagnoses; cudaSuccess where it runs on. */
static cudaError_t fault_of(const ws_diag *d)
{
    switch (d->kind) {
    case WS_DIAG_OUT_OF_BOUNDS: return cudaErrorIllegalAddress;
    case WS_DIAG_MISALIGNED: return cudaErrorMisalignedAddress;
    case WS_DIAG_TRAP: return cudaErrorLaunchFailure;
    default: return cudaSuccess;
    }
}

static void report(const rt_function *f, const ws_module *m, const ws_kernel *k, const ws_result *res,
                   void *const *frames, int nframes)
{
    char name[512], site[1600];
    if (ws_demangle(k->name, name, sizeof name) != 0)
        snprintf(name, sizeof name, "%s", k->name);
    call_site(frames, nframes, name, site, sizeof site);
    for (size_t i = 0; i < res->ndiags; i++) {
        const ws_diag *d = &res->diags[i];
        char src[168] = "", times[48] = "";
        if (d->count > 1)
            snprintf(times, sizeof times, "; %llu times", (unsigned long long)d->count);
        if (d->pc < k->ninsns)
            ws_insn_source_aside(m, &k->insns[d->pc], src, sizeof src);
        rt_message("kernel %s launched from %s: %s:%u%s: %s: %s [%s] (block %u, warp %u, lanes 0x%08x%s)", name, site,
                   f->mod->ptx_path, d->line, src, ws_severity_name(d->severity), d->message,
                   ws_diag_kind_name(d->kind), d->block, d->warp, d->lanes, times);
    }
    char src[168], where[256];
    long line = ws_limit_where(m, k, res, src, sizeof src, where, sizeof where);
    if (line > 0)
        rt_message("kernel %s launched from %s: %s:%ld%s: note: %s", name, site, f->mod->ptx_path, line, src, where);
    else if (line == 0)
        rt_message("kernel %s launched from %s: note: %s", name, site, where);
    if (res->status != WS_OK && res->message[0])
        rt_message("kernel %s launched from %s: %s", name, site, res->message);
}

/* The checks of the launch that CUDA 13 answers with cudaErrorInvalidValue (measured on the
 * H200: tests/golden/exec/rt_errors.stdout), before anything runs. */
static bool launch_fits(const ws_kernel *k, dim3 g, dim3 b, size_t shared)
{
    const rt_device_prop *p = &rt_h200;
    uint64_t threads = (uint64_t)b.x * b.y * b.z;
    if (!g.x || !g.y || !g.z || !threads || b.x > (unsigned)p->maxThreadsDim[0] || b.y > (unsigned)p->maxThreadsDim[1] ||
        b.z > (unsigned)p->maxThreadsDim[2] || threads > (uint64_t)p->maxThreadsPerBlock ||
        g.x > (unsigned)p->maxGridSize[0] || g.y > (unsigned)p->maxGridSize[1] || g.z > (unsigned)p->maxGridSize[2])
        return false;
    return k->shared_bytes + shared <= p->sharedMemPerBlock;
}

static cudaError_t launch(rt_function *f, dim3 grid, dim3 block, void **args, size_t shared)
{
    void *frames[8];
    int nframes = backtrace(frames, 8);
    cudaError_t e = rt_check();
    if (e)
        return e;
    ws_module *m = rt_module_load(f->mod);
    const ws_kernel *k = ws_module_kernel(m, f->device_name);
    if (!k)
        rt_fatal("%s has no kernel %s", f->mod->ptx_path, f->device_name);
    if (!launch_fits(k, grid, block, shared))
        return cudaErrorInvalidValue;
    uint8_t *params = calloc(1, k->param_bytes + 8);
    if (!params)
        rt_fatal("out of memory");
    for (uint32_t i = 0; i < k->nparams; i++) {
        const ws_symbol *p = &m->symbols[k->params[i]];
        memcpy(params + p->offset, args[i], p->size);
    }
    ws_sim *sim = rt_sim();
    ws_result res;
    unsigned g[3] = {grid.x, grid.y, grid.z}, b[3] = {block.x, block.y, block.z};
    ws_sim_set_dynamic_shared(sim, shared);
    ws_status st = ws_sim_launch(sim, m, k, g, b, params, k->param_bytes, &res);
    free(params);
    rt.launches++;
    rt.clock += res.stats.cycles;
    report(f, m, k, &res, frames, nframes);
    for (size_t i = 0; i < res.ndiags && !rt.pending; i++)
        rt.pending = fault_of(&res.diags[i]);
    if (st == WS_ERR_INPUT)
        e = cudaErrorInvalidValue;
    else if (st == WS_ERR_LIMIT)
        rt.pending = cudaErrorLaunchTimeout;
    else if (st != WS_OK && !rt.pending)
        rt.pending = cudaErrorLaunchFailure;
    ws_result_free(&res);
    return e;
}

RT_API cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block, void **args, size_t shared,
                                      cudaStream_t stream)
{
    (void)stream; /* everything runs now, in program order */
    if (!kernel)
        return rt_return(cudaErrorInvalidDeviceFunction);
    return rt_return(launch(kernel, grid, block, args, shared));
}

RT_API cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 grid, dim3 block, void **args, size_t shared,
                                           cudaStream_t stream)
{
    return __cudaLaunchKernel(kernel, grid, block, args, shared, stream);
}

RT_API cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared,
                                    cudaStream_t stream)
{
    (void)stream;
    rt_function *f = function_of(func);
    if (!f)
        return rt_return(cudaErrorInvalidDeviceFunction);
    return rt_return(launch(f, grid, block, args, shared));
}
