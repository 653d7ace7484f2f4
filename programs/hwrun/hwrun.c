/* warpsim-hwrun: runs a PTX kernel on a real GPU with the CUDA driver API and prints the same
 * report as `warpsim run`, so that every program can be cross-checked against hardware.
 *
 *   warpsim-hwrun FILE.ptx [--kernel NAME] [--grid X[,Y[,Z]]] [--block X[,Y[,Z]]]
 *                 [--arg SPEC]... [SPEC]... [@ARGSFILE] [--json]
 *
 * The arguments are those of `warpsim run` (cli/launch.h) plus --json. The steps: load the
 * PTX with cuModuleLoadDataEx (the JIT's log on failure, its warnings on stderr and as JSON
 * diagnostics), find the kernel (--kernel, else the module's only entry), check the argument
 * count and sizes against the kernel's parameters (cuFuncGetParamInfo), allocate and upload
 * every buffer with cuMemAlloc (never managed memory), launch, synchronise, download, report.
 * The kernel's printf output is captured by pointing fd 1 at a temporary file around the
 * launch and the synchronisation, and becomes the report's stdout.
 *
 * Stats in the summary: gpu (device name), driver (cuDriverGetVersion, "13.0"), sm (compute
 * capability, "sm_90") and time_ms (cuEvent time from just before the launch to just after
 * it, launch overhead included; the float's shortest decimal).
 *
 * Pick the GPU with CUDA_VISIBLE_DEVICES (device 0 of those visible is used).
 * Exit status: 0 success, 1 a CUDA or I/O failure, 2 bad arguments.
 *
 * The driver API has no parameter count: check_params() asks cuFuncGetParamInfo for one
 * index past the last parameter, which answers CUDA_ERROR_INVALID_VALUE. compute-sanitizer
 * counts that expected answer as an API error; run it with --report-api-errors no.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <cuda.h>

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "demangle.h"
#include "json.h"
#include "launch.h"
#include "report.h"

#if CUDA_VERSION < 12040
#error "warpsim-hwrun needs CUDA 12.4 or later (cuModuleEnumerateFunctions, cuFuncGetName)"
#endif

#define PROG "warpsim-hwrun"
#define JIT_LOG_SIZE (64 * 1024)
#ifndef PRINTF_FIFO_SIZE
#define PRINTF_FIFO_SIZE ((size_t)64 << 20)
#endif

/* Everything one run holds, so that cleanup() can release whatever was acquired. */
typedef struct {
    ws_launch spec;
    bool json;
    char *ptx;                 /* the PTX text, NUL-terminated */
    CUdevice dev;
    CUcontext ctx;             /* the device's primary context, retained */
    CUmodule mod;
    CUfunction fn;
    char kernel_name[256];
    CUdeviceptr *dptr;         /* per argument; 0 for scalars */
    union {
        uint8_t u8;
        uint16_t u16;
        uint32_t u32;
        uint64_t u64;
    } *scalar;                 /* per argument: the value cuLaunchKernel reads */
    void **params;             /* per argument: what cuLaunchKernel gets */
    CUevent ev_start, ev_stop;
    char jit_error[JIT_LOG_SIZE], jit_info[JIT_LOG_SIZE];
    char *out;                 /* captured printf output */
    size_t out_len;
    char err[JIT_LOG_SIZE + 1024];
    unsigned time_grids[64];   /* --time-grids: grid sizes (x) whose launches are timed */
    unsigned ntime_grids, time_runs;
} hwrun;

/* Fills h->err and returns -1. */
static int failf(hwrun *h, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(h->err, sizeof h->err, fmt, ap);
    va_end(ap);
    return -1;
}

/* "CALL (WHAT): CUDA_ERROR_X: description" into h->err; returns -1. */
static int cu_fail(hwrun *h, CUresult r, const char *call, const char *what)
{
    const char *name = NULL, *text = NULL;
    if (cuGetErrorName(r, &name) != CUDA_SUCCESS || !name)
        name = "unknown CUresult";
    if (cuGetErrorString(r, &text) != CUDA_SUCCESS || !text)
        text = "no description";
    return failf(h, "%s%s%s%s: %s (%d): %s", call, what ? " (" : "", what ? what : "",
                 what ? ")" : "", name, (int)r, text);
}

/* Calls fn args; on failure fills h->err naming fn (and what) and returns -1 from the caller. */
#define CU_WHAT(what, fn, args)                                                                  \
    do {                                                                                         \
        CUresult r_ = fn args;                                                                   \
        if (r_ != CUDA_SUCCESS)                                                                  \
            return cu_fail(h, r_, #fn, what);                                                    \
    } while (0)
#define CU(fn, args) CU_WHAT(NULL, fn, args)

static void usage(FILE *fp)
{
    fprintf(fp,
            "usage: " PROG " FILE.ptx [--kernel NAME] [--grid X[,Y[,Z]]] [--block X[,Y[,Z]]]\n"
            "       [--arg SPEC]... [SPEC]... [@ARGSFILE] [--json] [--time-grids X1,X2,... [--time-runs N]]\n"
            "Runs the kernel on GPU 0 (choose with CUDA_VISIBLE_DEVICES) and prints its printf\n"
            "output, every buffer after the run and a summary, as `warpsim run` does.\n"
            "SPEC: [LABEL=]TYPE[N][:INIT] (a buffer) or [LABEL=]TYPE:VALUE (a scalar);\n"
            "TYPE u8 s8 u16 s16 u32 s32 u64 s64 f32 f64; INIT zero iota fill:V rand:SEED\n"
            "list:V1,V2,... file:PATH. See cli/launch.h for the whole grammar.\n"
            "--time-grids: after the run, launch the kernel again with each grid size (x; the buffers\n"
            "are those of the run, so size them for the largest grid), 2 untimed then --time-runs\n"
            "(default 21) timed by cuEvent each, and print 'launch GRID MEDIAN_US MIN_US' on stderr\n"
            "instead of the report.\n");
}

/* ---------------------------------------------------------------------------------------- */

/* 0: run; 1: --help was asked for; -1: bad arguments (h->err says why). */
static int parse_args(hwrun *h, int argc, char **argv)
{
    ws_launch_error e;
    char msg[2048];
    for (int i = 1; i < argc;) {
        int r = ws_launch_parse_arg(&h->spec, argc, argv, &i, &e);
        if (r < 0) {
            ws_launch_error_format(&e, true, msg, sizeof msg);
            return failf(h, "%s", msg);
        }
        if (r == 1)
            continue;
        if (!strcmp(argv[i], "--json")) {
            h->json = true;
        } else if ((!strcmp(argv[i], "--time-grids") || !strcmp(argv[i], "--time-runs")) && i + 1 < argc) {
            char *p = argv[++i], *end;
            do {
                unsigned long v = strtoul(p, &end, 10);
                if (end == p || v == 0 || v > 0x7fffffffUL || (*end && *end != ','))
                    return failf(h, "%s: expected positive integers separated by commas, found '%s'",
                                 argv[i - 1], argv[i]);
                if (!strcmp(argv[i - 1], "--time-runs"))
                    h->time_runs = (unsigned)v;
                else if (h->ntime_grids < sizeof h->time_grids / sizeof h->time_grids[0])
                    h->time_grids[h->ntime_grids++] = (unsigned)v;
                else
                    return failf(h, "--time-grids: at most 64 grid sizes");
                p = end + (*end == ',');
            } while (*end);
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            return 1;
        } else {
            return failf(h, "argument %d: expected --kernel, --grid, --block, --arg, --json, "
                            "@FILE, the PTX file or a SPEC, found '%s'", i, argv[i]);
        }
        i++;
    }
    if (ws_launch_validate(&h->spec, &e) < 0) {
        ws_launch_error_format(&e, false, msg, sizeof msg);
        return failf(h, "%s", msg);
    }
    return 0;
}

/* The rest of fp, NUL-terminated (malloc'd; *len without the NUL), or NULL on a read error
 * or out of memory. */
static char *read_all(FILE *fp, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, fp);
        if (n < cap - 1)
            break;
        char *nb = realloc(buf, cap *= 2);
        if (!nb)
            free(buf);
        buf = nb;
    }
    if (!buf || ferror(fp)) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

static int read_ptx(hwrun *h)
{
    const char *path = h->spec.ptx_path;
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return failf(h, "cannot open '%s': %s", path, strerror(errno));
    size_t len;
    h->ptx = read_all(fp, &len);
    fclose(fp);
    return h->ptx ? 0 : failf(h, "cannot read '%s'", path);
}

/* ---------------------------------------------------------------------------------------- */

static int load_module(hwrun *h)
{
    CU(cuInit, (0));
    CU(cuDeviceGet, (&h->dev, 0));
    CU(cuDevicePrimaryCtxRetain, (&h->ctx, h->dev));
    CU(cuCtxSetCurrent, (h->ctx));
    CU(cuCtxSetLimit, (CU_LIMIT_PRINTF_FIFO_SIZE, PRINTF_FIFO_SIZE));

    CUjit_option opt[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                          CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
    void *val[] = {h->jit_error, (void *)(uintptr_t)sizeof h->jit_error, h->jit_info,
                   (void *)(uintptr_t)sizeof h->jit_info};
    CUresult r = cuModuleLoadDataEx(&h->mod, h->ptx, 4, opt, val);
    h->jit_error[sizeof h->jit_error - 1] = '\0';
    h->jit_info[sizeof h->jit_info - 1] = '\0';
    if (r != CUDA_SUCCESS) {
        cu_fail(h, r, "cuModuleLoadDataEx", h->spec.ptx_path);
        size_t n = strlen(h->err);
        snprintf(h->err + n, sizeof h->err - n, "\nJIT log:\n%s",
                 h->jit_error[0] ? h->jit_error : "(empty)");
        h->mod = NULL;
        return -1;
    }
    return 0;
}

/* "a, b, c" of the module's kernels into buf. */
static void kernel_list(CUfunction *fns, unsigned n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (unsigned k = 0; k < n && len < size; k++) {
        const char *name = NULL;
        if (cuFuncGetName(&name, fns[k]) != CUDA_SUCCESS || !name)
            name = "?";
        len += (size_t)snprintf(buf + len, size - len, "%s%s", k ? ", " : "", name);
    }
}

static int find_kernel(hwrun *h)
{
    unsigned count = 0;
    CU(cuModuleGetFunctionCount, (&count, h->mod));
    CUfunction *fns = calloc(count ? count : 1, sizeof *fns);
    if (!fns)
        return failf(h, "out of memory");
    CUresult r = cuModuleEnumerateFunctions(fns, count, h->mod);
    if (r != CUDA_SUCCESS) {
        free(fns);
        return cu_fail(h, r, "cuModuleEnumerateFunctions", NULL);
    }
    char names[2048];
    kernel_list(fns, count, names, sizeof names);
    const char *path = h->spec.ptx_path;
    int rc = 0;
    if (h->spec.kernel) {
        r = cuModuleGetFunction(&h->fn, h->mod, h->spec.kernel);
        unsigned named = 0;
        if (r == CUDA_ERROR_NOT_FOUND) /* a C++ kernel by its demangled name, as warpsim run takes it */
            for (unsigned k = 0; k < count; k++) {
                const char *name = NULL;
                if (cuFuncGetName(&name, fns[k]) == CUDA_SUCCESS && name &&
                    ws_kernel_name_matches(name, h->spec.kernel) && !named++)
                    h->fn = fns[k];
            }
        if (r == CUDA_ERROR_NOT_FOUND && named > 1)
            rc = failf(h, "'%s' names several kernels of '%s' (its kernels: %s): give one in full", h->spec.kernel,
                       path, names);
        else if (r == CUDA_ERROR_NOT_FOUND && named == 0)
            rc = failf(h, "expected a kernel of '%s' after --kernel, found '%s' (its kernels: %s)",
                       path, h->spec.kernel, count ? names : "none");
        else if (r != CUDA_SUCCESS && r != CUDA_ERROR_NOT_FOUND)
            rc = cu_fail(h, r, "cuModuleGetFunction", h->spec.kernel);
    } else if (count == 1) {
        h->fn = fns[0];
    } else if (count == 0) {
        rc = failf(h, "'%s' has no kernel (.entry)", path);
    } else {
        rc = failf(h, "'%s' has %u kernels (%s): choose one with --kernel", path, count, names);
    }
    free(fns);
    if (rc < 0)
        return rc;
    /* Finish lazy loading now (CUDA_MODULE_LOADING=LAZY is the default), so that time_ms
     * does not count it. */
    CU(cuFuncLoad, (h->fn));
    const char *name = NULL;
    CU(cuFuncGetName, (&name, h->fn));
    snprintf(h->kernel_name, sizeof h->kernel_name, "%s", name ? name : "?");
    return 0;
}

/* The kernel's parameter count and sizes against the run spec. */
static int check_params(hwrun *h)
{
    const ws_launch *l = &h->spec;
    size_t n = 0;
    for (;; n++) {
        size_t off, size;
        CUresult r = cuFuncGetParamInfo(h->fn, n, &off, &size);
        if (r == CUDA_ERROR_INVALID_VALUE)
            break; /* n is past the last parameter */
        if (r != CUDA_SUCCESS)
            return cu_fail(h, r, "cuFuncGetParamInfo", h->kernel_name);
        if (n >= l->nargs)
            continue; /* counted; reported below */
        const ws_arg *a = &l->args[n];
        size_t want = a->is_buffer ? sizeof(CUdeviceptr) : ws_elem_size(a->elem);
        if (size != want) {
            if (a->is_buffer)
                return failf(h, "kernel '%s' parameter %zu is %zu bytes, but argument %zu ('%s', "
                                "a %s buffer) is a %zu-byte pointer", h->kernel_name, n, size, n,
                             a->label, ws_elem_name(a->elem), want);
            return failf(h, "kernel '%s' parameter %zu is %zu bytes, but argument %zu ('%s', a %s "
                            "scalar) is %zu bytes", h->kernel_name, n, size, n, a->label,
                         ws_elem_name(a->elem), want);
        }
    }
    if (n != l->nargs)
        return failf(h, "kernel '%s' takes %zu parameter%s, the run spec gives %zu argument%s",
                     h->kernel_name, n, n == 1 ? "" : "s", l->nargs, l->nargs == 1 ? "" : "s");
    return 0;
}

static int upload(hwrun *h)
{
    const ws_launch *l = &h->spec;
    size_t n = l->nargs ? l->nargs : 1;
    h->dptr = calloc(n, sizeof *h->dptr);
    h->scalar = calloc(n, sizeof *h->scalar);
    h->params = calloc(n, sizeof *h->params);
    if (!h->dptr || !h->scalar || !h->params)
        return failf(h, "out of memory");
    for (size_t i = 0; i < l->nargs; i++) {
        const ws_arg *a = &l->args[i];
        size_t size = ws_elem_size(a->elem);
        if (a->is_buffer) {
            char what[128];
            size_t bytes = a->count * size;
            snprintf(what, sizeof what, "buffer '%s', %zu bytes", a->label, bytes);
            CU_WHAT(what, cuMemAlloc, (&h->dptr[i], bytes));
            CU_WHAT(what, cuMemcpyHtoD, (h->dptr[i], a->data, bytes));
            h->params[i] = &h->dptr[i];
        } else {
            /* The value in a variable of its own width: right on any byte order. */
            switch (size) {
            case 1: h->scalar[i].u8 = (uint8_t)a->scalar_bits; break;
            case 2: h->scalar[i].u16 = (uint16_t)a->scalar_bits; break;
            case 4: h->scalar[i].u32 = (uint32_t)a->scalar_bits; break;
            default: h->scalar[i].u64 = a->scalar_bits; break;
            }
            h->params[i] = &h->scalar[i];
        }
    }
    return 0;
}

/* The driver sets up the printf FIFO at the first launch of a kernel that calls vprintf:
 * on an H200, 4 ms with the default 1 MiB FIFO and 30-50 ms with 64 MiB, against 0.05 ms for
 * the launch itself. So that time_ms does not count it, a module that calls vprintf is
 * preceded by a kernel that could print but does not. That kernel's module takes its
 * .version, .target and .address_size lines from the user's module, which the JIT has just
 * accepted. Best effort: when anything fails, time_ms includes the setup, nothing else
 * changes. */
static const char warmup_body[] =
    "\n.extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);\n"
    ".global .align 1 .b8 warpsim_fmt[1] = {0};\n"
    ".visible .entry warpsim_printf_warmup(.param .u32 go)\n"
    "{\n"
    "\t.reg .pred %p;\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<3>;\n"
    "\tld.param.u32 %r0, [go];\n"
    "\tsetp.eq.u32 %p, %r0, 0;\n"
    "\t@%p bra DONE;\n"
    "\tcvta.global.u64 %rd1, warpsim_fmt;\n"
    "\tmov.u64 %rd2, 0;\n"
    "\t{\n\t.param .b64 f;\n\tst.param.b64 [f], %rd1;\n"
    "\t.param .b64 a;\n\tst.param.b64 [a], %rd2;\n"
    "\t.param .b32 r;\n\tcall.uni (r), vprintf, (f, a);\n\tld.param.b32 %r1, [r];\n\t}\n"
    "DONE:\n\tret;\n}\n";

static void printf_warmup(hwrun *h)
{
    if (!strstr(h->ptx, "vprintf"))
        return;
    static const char *const keys[] = {".version", ".target", ".address_size"};
    char text[sizeof warmup_body + 3 * 128] = "";
    size_t n = 0;
    for (int k = 0; k < 3; k++) {
        const char *p = h->ptx;
        size_t klen = strlen(keys[k]);
        while ((p = strstr(p, keys[k])) && !(p == h->ptx || p[-1] == '\n'))
            p += klen; /* only at the start of a line */
        if (!p)
            return;
        size_t len = strcspn(p, "\n");
        if (len >= 128)
            return;
        memcpy(text + n, p, len);
        n += len;
        text[n++] = '\n';
    }
    memcpy(text + n, warmup_body, sizeof warmup_body);
    CUmodule mod;
    CUfunction fn;
    unsigned go = 0;
    void *params[] = {&go};
    if (cuModuleLoadData(&mod, text) != CUDA_SUCCESS)
        return;
    if (cuModuleGetFunction(&fn, mod, "warpsim_printf_warmup") == CUDA_SUCCESS &&
        cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL) == CUDA_SUCCESS)
        cuCtxSynchronize();
    cuModuleUnload(mod);
}

/* Reads the whole of fp from its start into h->out. */
static int slurp(hwrun *h, FILE *fp)
{
    if (fseek(fp, 0, SEEK_SET) != 0)
        return failf(h, "cannot read the captured printf output: %s", strerror(errno));
    h->out = read_all(fp, &h->out_len);
    return h->out ? 0 : failf(h, "cannot read the captured printf output");
}

/* Launch and synchronise. Device printf goes to fd 1, which points at tmp meanwhile. */
static int launch(hwrun *h)
{
    const ws_launch *l = &h->spec;
    CU(cuEventCreate, (&h->ev_start, CU_EVENT_DEFAULT));
    CU(cuEventCreate, (&h->ev_stop, CU_EVENT_DEFAULT));
    /* --shared-bytes: the dynamic shared memory; beyond 48 KiB a kernel must opt in */
    if (l->shared_bytes > 48 * 1024)
        CU(cuFuncSetAttribute, (h->fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)l->shared_bytes));
    CU(cuEventRecord, (h->ev_start, NULL));
    CU(cuLaunchKernel, (h->fn, l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1],
                        l->block[2], (unsigned)l->shared_bytes, NULL, h->params, NULL));
    CU(cuEventRecord, (h->ev_stop, NULL));
    CU(cuCtxSynchronize, ());
    return 0;
}

static int run_captured(hwrun *h)
{
    FILE *tmp = tmpfile();
    if (!tmp)
        return failf(h, "cannot create a temporary file for the printf output: %s",
                     strerror(errno));
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    if (saved < 0 || dup2(fileno(tmp), STDOUT_FILENO) < 0) {
        int e = errno;
        if (saved >= 0)
            close(saved);
        fclose(tmp);
        return failf(h, "cannot redirect stdout for the printf output: %s", strerror(e));
    }
    int rc = launch(h);
    fflush(stdout);
    if (dup2(saved, STDOUT_FILENO) < 0 && rc == 0)
        rc = failf(h, "cannot restore stdout: %s", strerror(errno));
    close(saved);
    char launch_err[sizeof h->err];
    memcpy(launch_err, h->err, sizeof launch_err);
    int rs = slurp(h, tmp); /* also after a failed launch: what it printed helps */
    fclose(tmp);
    if (rc < 0) {
        memcpy(h->err, launch_err, sizeof launch_err);
        return -1;
    }
    return rs;
}

static int download(hwrun *h)
{
    const ws_launch *l = &h->spec;
    for (size_t i = 0; i < l->nargs; i++) {
        const ws_arg *a = &l->args[i];
        if (!a->is_buffer)
            continue;
        char what[128];
        size_t bytes = a->count * ws_elem_size(a->elem);
        snprintf(what, sizeof what, "buffer '%s', %zu bytes", a->label, bytes);
        CU_WHAT(what, cuMemcpyDtoH, (a->data, h->dptr[i], bytes));
    }
    return 0;
}

/* Adds each non-empty line of the JIT's logs as a warning diagnostic. */
static size_t jit_diags(hwrun *h, ws_report_diag *d, size_t max)
{
    size_t n = 0;
    char *logs[] = {h->jit_error, h->jit_info};
    for (int k = 0; k < 2; k++)
        for (char *p = logs[k]; *p && n < max;) {
            char *nl = strchr(p, '\n');
            if (nl)
                *nl = '\0';
            if (*p) {
                ws_report_diag one = WS_REPORT_DIAG_INIT;
                one.severity = k == 0 ? WS_DIAG_WARNING : WS_DIAG_NOTE;
                one.kind = "jit";
                one.message = p;
                d[n++] = one;
            }
            if (!nl)
                break;
            p = nl + 1;
        }
    return n;
}

static int report(hwrun *h)
{
    char gpu[256] = "?", driver[32], sm[32], buf[WS_FMT_FLOAT_MAX];
    int ver = 0, major = 0, minor = 0;
    float ms = 0;
    CU(cuDeviceGetName, (gpu, (int)sizeof gpu, h->dev));
    CU(cuDriverGetVersion, (&ver));
    CU(cuDeviceGetAttribute, (&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, h->dev));
    CU(cuDeviceGetAttribute, (&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, h->dev));
    CU(cuEventElapsedTime, (&ms, h->ev_start, h->ev_stop));
    snprintf(driver, sizeof driver, "%d.%d", ver / 1000, ver % 1000 / 10);
    snprintf(sm, sizeof sm, "sm_%d%d", major, minor);
    /* The event time is a float: print the float's shortest decimal, not its double's. */
    ws_fmt_f32(buf, ms);
    ws_stat stats[] = {ws_stat_str("gpu", gpu), ws_stat_str("driver", driver),
                       ws_stat_str("sm", sm), ws_stat_float("time_ms", strtod(buf, NULL))};
    size_t nstats = sizeof stats / sizeof stats[0];
    int r;
    if (h->json) {
        ws_report_diag diags[64];
        size_t nd = jit_diags(h, diags, sizeof diags / sizeof diags[0]);
        r = ws_report_json(stdout, &h->spec, h->kernel_name, h->out, h->out_len, stats, nstats,
                           diags, nd);
    } else {
        r = ws_report_text(stdout, &h->spec, h->kernel_name, h->out, h->out_len, stats, nstats);
    }
    if (fflush(stdout) != 0 || r < 0)
        return failf(h, "cannot write the report: %s", strerror(errno));
    return 0;
}

static void cleanup(hwrun *h)
{
    /* After a sticky launch error these calls fail too; nothing more can be done then. */
    if (h->ctx) {
        for (size_t i = 0; h->dptr && i < h->spec.nargs; i++)
            if (h->dptr[i])
                cuMemFree(h->dptr[i]);
        if (h->ev_start)
            cuEventDestroy(h->ev_start);
        if (h->ev_stop)
            cuEventDestroy(h->ev_stop);
        if (h->mod)
            cuModuleUnload(h->mod);
        cuDevicePrimaryCtxRelease(h->dev);
    }
    free(h->dptr);
    free(h->scalar);
    free(h->params);
    free(h->ptx);
    free(h->out);
    ws_launch_free(&h->spec);
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* --time-grids: each grid size launched 2 times untimed, then time_runs times, each launch alone
 * between two events (launch overhead included, as a program sees it). */
static int time_grids(hwrun *h)
{
    const ws_launch *l = &h->spec;
    unsigned runs = h->time_runs ? h->time_runs : 21;
    float ms[1024];
    if (runs > sizeof ms / sizeof ms[0])
        runs = sizeof ms / sizeof ms[0];
    for (unsigned g = 0; g < h->ntime_grids; g++) {
        for (unsigned k = 0; k < runs + 2; k++) {
            CU(cuEventRecord, (h->ev_start, NULL));
            CU(cuLaunchKernel, (h->fn, h->time_grids[g], 1, 1, l->block[0], l->block[1], l->block[2],
                                (unsigned)l->shared_bytes, NULL, h->params, NULL));
            CU(cuEventRecord, (h->ev_stop, NULL));
            CU(cuEventSynchronize, (h->ev_stop));
            if (k >= 2)
                CU(cuEventElapsedTime, (&ms[k - 2], h->ev_start, h->ev_stop));
        }
        qsort(ms, runs, sizeof ms[0], cmp_float);
        fprintf(stderr, "launch %u %.3f %.3f\n", h->time_grids[g], 1000.0 * ms[runs / 2], 1000.0 * ms[0]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    hwrun *h = calloc(1, sizeof *h);
    if (!h) {
        fprintf(stderr, PROG ": out of memory\n");
        return 1;
    }
    ws_launch_init(&h->spec);
    int status = 0, parsed = parse_args(h, argc, argv);
    if (parsed > 0) {
        usage(stdout);
    } else if (parsed < 0) {
        fprintf(stderr, PROG ": %s\n", h->err);
        fprintf(stderr, "Try '" PROG " --help'.\n");
        status = 2;
    } else if (read_ptx(h) < 0 || load_module(h) < 0 || find_kernel(h) < 0 ||
               check_params(h) < 0 || upload(h) < 0) {
        fprintf(stderr, PROG ": %s\n", h->err);
        status = 1;
    } else {
        printf_warmup(h);
        if (run_captured(h) < 0) {
            if (h->out_len) /* the kernel's output up to the failure */
                fwrite(h->out, 1, h->out_len, stdout);
            fflush(stdout);
            fprintf(stderr, PROG ": %s\n", h->err);
            status = 1;
        } else {
            if (!h->json && h->jit_error[0]) /* ptxas warnings of a module that loaded */
                fprintf(stderr, PROG ": JIT log:\n%s\n", h->jit_error);
            /* --time-grids: the launch times only (a report of buffers sized for 13,200 blocks
             * would take longer than the launches) */
            if (h->ntime_grids ? time_grids(h) < 0 : download(h) < 0 || report(h) < 0) {
                fprintf(stderr, PROG ": %s\n", h->err);
                status = 1;
            }
        }
    }
    cleanup(h);
    free(h);
    return status;
}
