/* The buffers and parameters of a `warpsim bench` kernel's launch, shared by cli/cmd_bench.c and
 * bench/launch_cost.c so that the launch counted by callgrind is the one the bench times. */
#ifndef WARPSIM_CLI_BENCH_ARGS_H
#define WARPSIM_CLI_BENCH_ARGS_H

#include "warpsim/warpsim.h"

#include <stddef.h>
#include <stdint.h>

/* iters > 0: a kernel (out, iters) with out = u32[nthreads]; iters = 0: block_reduce(in, out) with
 * in = 0, 1, ..., 255, 0, 1, ... (exact float sums) and out = f32[grid]. Allocates the buffers on
 * sim and writes the kernel's parameters into params. Returns out's address (*out_bytes its
 * size), or 0 when the kernel does not take two parameters or memory runs out. */
uint64_t bench_launch_args(ws_sim *sim, const ws_module *m, const ws_kernel *k, unsigned grid, unsigned block,
                           int iters, uint8_t params[64], size_t *out_bytes);

#endif
