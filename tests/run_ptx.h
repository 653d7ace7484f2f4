/* run_ptx: the timing tests' one-block launch (test_timing.c, test_timing_alu.c). Include after
 * cmocka.h. */
#ifndef WS_TEST_RUN_PTX_H
#define WS_TEST_RUN_PTX_H

#include <string.h>

#include "warpsim/warpsim.h"

/* Runs a one-block kernel of PTX text whose thread 0 writes clock differences to out[0..n) (its
 * one buffer argument holds 64 words) under the configuration cfg; the launch must end with status
 * `want`; returns its result (its stats; the rest is freed). */
static ws_result run_ptx_config(const char *ptx, unsigned threads, uint64_t *out, unsigned n, const ws_config *cfg,
                                ws_status want)
{
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    if (!m)
        fail_msg("parse: %s at %u:%u", perr.message, perr.line, perr.column);
    ws_sim *sim = ws_sim_create(cfg);
    uint64_t buf = ws_sim_alloc(sim, 8 * 64, NULL);
    unsigned grid[3] = {1, 1, 1}, block[3] = {threads, 1, 1};
    ws_result res;
    assert_int_equal(ws_sim_launch(sim, m, ws_module_kernel(m, NULL), grid, block, &buf, 8, &res), want);
    ws_sim_read(sim, buf, out, 8 * n);
    ws_result_free(&res);
    ws_sim_destroy(sim);
    ws_module_free(m);
    return res;
}

/* run_ptx_config in the mode with the preset text over sm_90 (NULL: none), the fast paths of
 * slow_paths (WS_SLOW_*) off and a block stopped after max_cycles (0: never). */
static ws_result run_ptx_until(const char *ptx, unsigned threads, uint64_t *out, unsigned n, ws_mode mode,
                               const char *preset, unsigned slow_paths, uint64_t max_cycles, ws_status want)
{
    ws_config cfg = {0};
    cfg.mode = mode;
    cfg.timing_preset = preset;
    cfg.slow_paths = slow_paths;
    cfg.max_cycles = max_cycles;
    return run_ptx_config(ptx, threads, out, n, &cfg, want);
}

/* run_ptx_until, never stopped. */
static ws_result run_ptx_paths(const char *ptx, unsigned threads, uint64_t *out, unsigned n, ws_mode mode,
                               const char *preset, unsigned slow_paths)
{
    return run_ptx_until(ptx, threads, out, n, mode, preset, slow_paths, 0, WS_OK);
}

/* run_ptx_paths with every fast path on. */
static ws_result run_ptx(const char *ptx, unsigned threads, uint64_t *out, unsigned n, ws_mode mode, const char *preset)
{
    return run_ptx_paths(ptx, threads, out, n, mode, preset, 0);
}

#endif
