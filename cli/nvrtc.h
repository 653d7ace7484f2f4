/* nvrtc: CUDA C++ kernels (FILE.cu) for warpsim run, viz and step, compiled to PTX with NVRTC.
 *
 * NVRTC, the CUDA runtime compiler, is loaded when a .cu file is given (dlopen: nothing is
 * needed to build warpsim), from the first of: $WARPSIM_NVRTC (a library path; "none" is as if
 * there were no NVRTC); the active
 * Python virtual environment ($VIRTUAL_ENV, the nvidia-cuda-nvrtc wheel); a CUDA toolkit
 * ($CUDA_HOME, $CUDA_PATH, /usr/local/cuda); Python's other site-packages; the library search
 * path. Headers (cooperative_groups, CUB, cuda_fp16...) come from beside it: the toolkit's
 * include and include/cccl, or the wheels' nvidia/cu13/include (nvidia-cuda-runtime) and
 * include/cccl (nvidia-cuda-cccl). <cstdio> and <stdio.h> are given empty (printf is NVRTC's
 * own), as the programs of programs/ include them for nvcc.
 *
 * The PTX is for compute_90 with line info (-lineinfo: traces show the CUDA lines). A template
 * kernel is instantiated by the name --kernel gives it ('reduce<float, 16>'), through NVRTC's
 * name expressions. The PTX is cached by a hash of everything that makes it: the source, the
 * files it includes with "quotes", the options, NVRTC's version and the kernel's name. */
#ifndef WS_NVRTC_H
#define WS_NVRTC_H

#include "options.h"

#include <stdbool.h>
#include <stddef.h>

/* Whether path names CUDA C++ (.cu, .cuh) rather than PTX. */
bool ws_is_cuda_source(const char *path);

/* The options of the verbs that take a .cu file (run, viz, step): --ptx-out FILE (write the
 * PTX there too) and --cu-opt OPTION (an NVRTC option such as -DN=4 or -I DIR, repeatable).
 * Returns 1 when argv[*i] was one (*i advanced past it and its value), 0 when not, -1 on an
 * error (printed). */
int ws_cu_parse_arg(int argc, char **argv, int *i);
/* Forgets the options taken so far: a process that runs several commands (embed/) starts each afresh. */
void ws_cu_options_reset(void);
/* Those options, as a table of options.h (the --help and docs/cli.md of run, viz and step). */
extern const cli_option ws_cu_options[];

/* Compiles path to PTX: *ptx (malloc'd, NUL-terminated, length *len) and the path of its cached
 * copy in *ptx_path (for messages that name PTX lines). kernel is --kernel's name or NULL;
 * *entry is then the PTX entry NVRTC gave it when it names a template instantiation (malloc'd;
 * NULL otherwise). Prints what went wrong (NVRTC's own log for a compile error) and returns -1,
 * or 0. */
int ws_cu_compile(const char *path, const char *kernel, char **ptx, size_t *len, char **ptx_path, char **entry);

#endif
