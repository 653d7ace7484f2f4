/* warpsim's CUDA runtime: the machine, the error state, synchronisation points, messages. */
#include "rt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

rt_state rt;

/* cudaGetLastError is per host thread, as in CUDA. */
static _Thread_local cudaError_t last_error;

/* Printf output of the kernels, held until the host synchronises: a GPU's driver prints the
 * printf buffer at cudaDeviceSynchronize, a blocking copy, a stream or event synchronisation,
 * into the program's own stdout, so that it lands among the host's lines exactly there; output
 * of a kernel never waited for is never printed (tests/golden/exec/rt_printf_order.stdout). */
static void keep_output(void *user, const char *text, size_t len)
{
    (void)user;
    if (rt.out_len + len > rt.out_cap) {
        size_t cap = (rt.out_len + len) * 2 + 4096;
        char *p = realloc(rt.out, cap);
        if (!p)
            rt_fatal("out of memory for the kernels' printf output");
        rt.out = p;
        rt.out_cap = cap;
    }
    memcpy(rt.out + rt.out_len, text, len);
    rt.out_len += len;
}

static uint64_t env_u64(const char *name, uint64_t dflt)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return dflt;
    char *end;
    unsigned long long n = strtoull(v, &end, 0);
    if (*end || v[0] == '-')
        rt_fatal("%s takes a number, found '%s'", name, v);
    return n;
}

ws_sim *rt_sim(void)
{
    if (rt.sim)
        return rt.sim;
    const char *mode = getenv("WARPSIM_MODE");
    memset(&rt.cfg, 0, sizeof rt.cfg);
    rt.cfg.mode = WS_MODE_TIMING; /* events measure the cycle model */
    if (mode && !strcmp(mode, "functional"))
        rt.cfg.mode = WS_MODE_FUNCTIONAL;
    else if (mode && *mode && strcmp(mode, "timing"))
        rt_fatal("WARPSIM_MODE takes 'timing' or 'functional', found '%s'", mode);
    rt.cfg.diagnostics_are_errors = env_u64("WARPSIM_WERROR", 0) != 0;
    rt.cfg.max_warp_instructions = env_u64("WARPSIM_MAX_INSTRUCTIONS", 0);
    rt.cfg.max_output = env_u64("WARPSIM_MAX_OUTPUT", 0); /* printf text per launch: 0 is the default */
    if (rt.cfg.max_output > WS_MAX_OUTPUT_LIMIT)
        rt_fatal("WARPSIM_MAX_OUTPUT takes at most %llu bytes, found %llu", (unsigned long long)WS_MAX_OUTPUT_LIMIT,
                 (unsigned long long)rt.cfg.max_output);
    rt.cfg.check_uninitialized = true;
    rt.cfg.max_memory = rt_h200.totalGlobalMem; /* as much as an H200 has, if the host lends it */
    rt.cfg.on_output = keep_output;
    rt.sim = ws_sim_create(&rt.cfg);
    if (!rt.sim)
        rt_fatal("out of memory");
    return rt.sim;
}

cudaError_t rt_return(cudaError_t e)
{
    if (rt.sticky)
        e = rt.sticky;
    if (e != cudaSuccess)
        last_error = e;
    return e;
}

cudaError_t rt_check(void) { return rt.sticky; }

cudaError_t rt_sync(void)
{
    if (rt.out_len) {
        fwrite(rt.out, 1, rt.out_len, stdout);
        rt.out_len = 0;
    }
    if (rt.pending && !rt.sticky)
        rt.sticky = rt.pending;
    rt.pending = cudaSuccess;
    return rt.sticky;
}

void rt_message(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fflush(stdout); /* the program's output so far comes first */
    fputs("warpsim: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void rt_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fflush(stdout);
    fputs("warpsim: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(WS_ERR_INPUT);
}

/* ---- the error API -------------------------------------------------------------------------- */

RT_API cudaError_t cudaGetLastError(void)
{
    cudaError_t e = last_error;
    last_error = cudaSuccess;
    return e;
}

RT_API cudaError_t cudaPeekAtLastError(void) { return last_error; }

RT_API const char *cudaGetErrorName(cudaError_t e)
{
    switch ((int)e) {
#define E(code, name, str)                                                                                             \
    case code:                                                                                                         \
        return #name;
#include "errors.def"
#undef E
    default: return "unrecognized error code";
    }
}

RT_API const char *cudaGetErrorString(cudaError_t e)
{
    switch ((int)e) {
#define E(code, name, str)                                                                                             \
    case code:                                                                                                         \
        return str;
#include "errors.def"
#undef E
    default: return "unrecognized error code";
    }
}
