/* warpsim's CUDA runtime: the state its files share.
 *
 * libcudart.so.13 from this folder stands in for NVIDIA's in a program built with
 * `nvcc -cudart shared` (warpsim exec loads it with LD_PRELOAD): the program's fat binaries
 * register their PTX, its launches run on one warpsim machine, its device pointers are that
 * machine's global memory. Everything runs when it is called, in program order, so streams and
 * events order nothing; what the GPU does later, at a synchronisation point (printing the
 * kernels' printf output, reporting a fault), happens here at the same point.
 *
 * Files: rt_state.c (the machine, errors, synchronisation points, messages), rt_module.c
 * (registration and launches), rt_memory.c (allocations and copies), rt_device.c (the device,
 * streams, events, error strings), rt_unsupported.c (every other entry point: a clear error).
 */
#ifndef WS_RT_H
#define WS_RT_H

#include "cuda_abi.h"
#include "warpsim/warpsim.h"

#include <stdbool.h>
#include <stdint.h>

#define RT_API __attribute__((visibility("default")))

/* A translation unit's device code: its fat binary, and the module parsed from its PTX when a
 * kernel or variable of it is first used. */
typedef struct rt_module {
    const void *wrapper; /* what __cudaRegisterFatBinary got */
    ws_module *m;        /* NULL until loaded */
    char ptx_path[512];  /* where its PTX was written, for messages that name PTX lines */
    struct rt_module *next;
} rt_module;

/* A kernel: the host stub nvcc made for it and its PTX entry name. */
typedef struct rt_function {
    const void *host_fun;
    char *device_name;
    rt_module *mod;
    struct rt_function *next;
} rt_function;

/* A __device__, __constant__ or __managed__ variable and its host shadow. */
typedef struct rt_var {
    const void *host_var;
    char *device_name;
    rt_module *mod;
    size_t size;
    struct rt_var *next;
} rt_var;

typedef struct rt_event {
    bool recorded;
    uint64_t cycle; /* the simulated clock when it was recorded */
    struct rt_event *next;
} rt_event;

typedef struct rt_stream {
    unsigned flags;
    struct rt_stream *next;
} rt_stream;

typedef struct {
    ws_sim *sim; /* created on first use (rt_sim) */
    ws_config cfg;
    rt_module *modules;
    rt_function *functions;
    rt_var *vars;
    rt_stream *streams; /* the live streams and events: a program need not destroy them */
    rt_event *events;
    uint64_t clock;      /* simulated cycles of every kernel so far: what events measure */
    cudaError_t sticky;  /* a fault: every later call returns it, as a broken CUDA context does */
    cudaError_t pending; /* a fault of a kernel, reported at the next synchronisation point */
    char *out;           /* device printf output not yet printed */
    size_t out_len, out_cap;
    uint64_t launches;
} rt_state;

extern rt_state rt;

/* The machine, created with the configuration from the environment (WARPSIM_MODE,
 * WARPSIM_WERROR, WARPSIM_MAX_INSTRUCTIONS) the first time it is needed; NULL if out of memory. */
ws_sim *rt_sim(void);

/* Records e as the calling thread's last error (cudaGetLastError) unless it is cudaSuccess, and
 * returns it. A sticky fault wins over e. Every API entry returns through it. */
cudaError_t rt_return(cudaError_t e);
/* The error a call must return before doing anything: the sticky fault, or cudaSuccess. */
cudaError_t rt_check(void);
/* A synchronisation point: prints pending printf output, turns a pending fault sticky. */
cudaError_t rt_sync(void);

/* Messages on stderr, prefixed "warpsim: ". rt_fatal exits with status 2 (bad input). */
void rt_message(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void rt_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The module of a registered fat binary, parsed on first use (an error is fatal: a program whose
 * kernels warpsim cannot run must not go on as if they had run). */
ws_module *rt_module_load(rt_module *mod);

/* The H200's properties (rt_device.c), for cudaGetDeviceProperties and the launch checks. */
extern const rt_device_prop rt_h200;

#endif
