/* The host cost of one launch of a small kernel, repeated (issue 14: numba's simulator against
 * warpsim per launch of the same tiny work, where the per-launch fixed cost is most of the time).
 *
 * usage: warpsim-launch-cost PTX GRID BLOCK ITERS LAUNCHES [functional|timing] [SIMD] [JOBS]
 *
 * Sets up a launch as `warpsim bench` does (cli/bench_args.c): ITERS > 0, a kernel
 * (out, iters) with out = u32[GRID*BLOCK]; ITERS = 0, block_reduce(in, out) with in = 0..255
 * repeated and out = f32[GRID]. Then launches it LAUNCHES times on one machine, each launch and
 * the freeing of its result inside one_launch, so that
 *   valgrind --tool=callgrind --toggle-collect=one_launch warpsim-launch-cost ...
 * counts the launches alone (bench/host_counts.py --per-launch does that and divides: the first
 * launch prepares the kernel, so run two counts and take the difference for the steady state).
 * With JOBS > 1 the blocks run on JOBS host threads (--jobs): callgrind's --toggle-collect then
 * misses the other threads' work, so count the whole process for two numbers of launches instead.
 * Prints the output buffer's fnv-1a, warp instructions, wall seconds and page faults (getrusage's
 * minor faults, all threads) per launch. */
#include "bench_args.h"
#include "warpsim/warpsim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* not inlined: callgrind's --toggle-collect names it */
__attribute__((noinline)) int one_launch(ws_sim *sim, const ws_module *m, const ws_kernel *k, const unsigned g[3],
                                         const unsigned b[3], const uint8_t *params, uint64_t *warp_insns)
{
    ws_result res;
    ws_status st = ws_sim_launch(sim, m, k, g, b, params, k->param_bytes, &res);
    if (st != WS_OK)
        fprintf(stderr, "launch failed (%d): %s\n", (int)st, res.message);
    *warp_insns = res.stats.warp_instructions;
    ws_result_free(&res);
    return st == WS_OK ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 6) {
        fprintf(stderr, "usage: warpsim-launch-cost PTX GRID BLOCK ITERS LAUNCHES [functional|timing] [SIMD] [JOBS]\n");
        return 2;
    }
    unsigned grid = (unsigned)strtoul(argv[2], NULL, 10), block = (unsigned)strtoul(argv[3], NULL, 10);
    int iters = atoi(argv[4]);
    long launches = atol(argv[5]);
    ws_parse_error perr;
    ws_module *m = ws_module_load(argv[1], &perr);
    if (!m) {
        fprintf(stderr, "%s: %s\n", argv[1], perr.message);
        return 1;
    }
    const ws_kernel *k = ws_module_kernel(m, NULL);
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.mode = argc > 6 && !strcmp(argv[6], "timing") ? WS_MODE_TIMING : WS_MODE_FUNCTIONAL;
    cfg.check_uninitialized = false; /* as warpsim bench runs */
    cfg.max_warp_instructions = UINT64_MAX / 2;
    cfg.jobs = argc > 8 ? (unsigned)strtoul(argv[8], NULL, 10) : 1;
    cfg.simd = argc > 7 && *argv[7] ? argv[7] : NULL;
    ws_sim *sim = ws_sim_create(&cfg);
    uint8_t params[64];
    size_t out_bytes;
    uint64_t a_out = sim ? bench_launch_args(sim, m, k, grid, block, iters, params, &out_bytes) : 0;
    if (!a_out) {
        fprintf(stderr, "%s: cannot set up the launch\n", argv[1]);
        return 1;
    }
    unsigned g[3] = {grid, 1, 1}, b[3] = {block, 1, 1};
    uint64_t warp_insns = 0;
    struct timespec t0, t1;
    struct rusage r0, r1;
    getrusage(RUSAGE_SELF, &r0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < launches; i++)
        if (one_launch(sim, m, k, g, b, params, &warp_insns) != 0)
            return 1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    getrusage(RUSAGE_SELF, &r1);
    uint8_t *out = malloc(out_bytes);
    uint64_t h = 0xcbf29ce484222325ull;
    if (out && ws_sim_read(sim, a_out, out, out_bytes) == 0)
        for (size_t i = 0; i < out_bytes; i++)
            h = (h ^ out[i]) * 0x100000001b3ull;
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("checksum %016llx warp_instructions %llu seconds_per_launch %.3g faults_per_launch %.4f\n",
           (unsigned long long)h, (unsigned long long)warp_insns, launches ? s / (double)launches : 0.0,
           launches ? (double)(r1.ru_minflt - r0.ru_minflt) / (double)launches : 0.0);
    free(out);
    ws_sim_destroy(sim);
    ws_module_free(m);
    return 0;
}
