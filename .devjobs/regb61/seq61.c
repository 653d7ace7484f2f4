/* seq61: probe_regb60's by-turns processes in one warpsim machine (regb61; adapted from .devjobs/span60/seq60.c).
 *
 * The card's job (.devjobs/regb60/run.sh) runs `probe_regb60 ROUNDS BLOCK:ROLES ...` as one process that launches
 * probe_fwin40's kernel (pre 0, spmask 15, delay 0) at each BLOCK:ROLES in turn, ROUNDS times. seq60 keeps one role
 * mask for the whole process; here each launch has its own, so that the far cache (sim->far_cache) and the previous
 * launch's line order carry from a b-128 launch into a b1-256 one as they would on the card.
 *
 * Build (from the worktree, after the release build):
 *   cc -O2 -Iinclude .devjobs/regb61/seq61.c build/release/libwarpsim.a build/release/libwarpsim_sim.a \
 *      build/release/libwarpsim_isa.a -lm -lpthread -o /tmp/seq61
 * Run: seq61 PTX PRESET ROUNDS BLOCK:ROLES(hex)...   e.g. seq61 probe_fwin40.ptx "ifetch.line 0" 10 128:3 256:30
 * PRESET: preset text over the built-in, lines split by ';' ("" none). Prints, per SPEC, probe_regb60's line
 * "block B roles R spmask 15 delay 0 pre 0: span ..." (one span a round: the staying warps' last end less the first
 * t0), as read by check_far_order.py's fwin40_runs. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpsim/isa.h"
#include "warpsim/warpsim.h"

enum { ROW = 20, S = 16, MAXSPEC = 8 };

int main(int argc, char **argv)
{
    if (argc < 5 || argc - 4 > MAXSPEC) {
        fprintf(stderr, "usage: seq61 PTX PRESET_TEXT ROUNDS BLOCK:ROLES...\n");
        return 2;
    }
    ws_parse_error perr;
    ws_module *m = ws_module_load(argv[1], &perr);
    if (!m) {
        fprintf(stderr, "seq61: cannot load %s\n", argv[1]);
        return 1;
    }
    const ws_kernel *k = ws_module_kernel(m, "_Z6fwin40ILi0EEvPyPjffjjjPKf");
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.mode = WS_MODE_TIMING;
    for (char *c = argv[2]; *c; c++) /* the preset's lines, ';' between them */
        if (*c == ';')
            *c = '\n';
    cfg.timing_preset = argv[2];
    cfg.check_uninitialized = true;
    ws_sim *sim = ws_sim_create(&cfg);
    if (!k || !sim) {
        fprintf(stderr, "seq61: no kernel, or no machine\n");
        return 1;
    }
    int rounds = atoi(argv[3]), nspec = argc - 4;
    unsigned block[MAXSPEC];
    uint32_t roles[MAXSPEC];
    static char spans[MAXSPEC][4096];
    int at[MAXSPEC];
    for (int i = 0; i < nspec; i++) {
        char *p = argv[i + 4];
        block[i] = (unsigned)strtoul(p, &p, 10);
        roles[i] = *p == ':' ? (uint32_t)strtoul(p + 1, 0, 16) : 0;
        at[i] = snprintf(spans[i], sizeof spans[i], "block %u roles %04x spmask 15 delay 0 pre 0:", block[i], roles[i]);
    }
    uint64_t o = ws_sim_alloc(sim, 32 * ROW * 8, NULL), sink = ws_sim_alloc(sim, 1024 * 4, NULL);
    float hb = 0.5f;
    uint64_t bp = ws_sim_alloc(sim, sizeof hb, &hb);
    uint32_t spmask = 15, delay = 0;
    float a = 1.0001f, b = 0.5f;
    uint8_t params[48] = {0};
    memcpy(params + 0, &o, 8);
    memcpy(params + 8, &sink, 8);
    memcpy(params + 16, &a, 4);
    memcpy(params + 20, &b, 4);
    memcpy(params + 28, &spmask, 4);
    memcpy(params + 32, &delay, 4);
    memcpy(params + 40, &bp, 8);
    static uint64_t h[32 * ROW], zero[32 * ROW];
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < nspec; i++) {
            memcpy(params + 24, &roles[i], 4);       /* this launch's roles: the one thing seq60 keeps fixed */
            ws_sim_write(sim, o, zero, sizeof zero); /* the host's cudaMemset */
            unsigned grid[3] = {1, 1, 1}, blk[3] = {block[i], 1, 1};
            ws_result res;
            memset(&res, 0, sizeof res);
            if (ws_sim_launch(sim, m, k, grid, blk, params, k->param_bytes, &res) != WS_OK) {
                fprintf(stderr, "seq61: %s\n", res.message);
                return 1;
            }
            ws_result_free(&res);
            ws_sim_read(sim, o, h, sizeof h);
            uint64_t lo = UINT64_MAX, hi = 0;
            for (unsigned w = 0; w < block[i] / 32; w++) {
                const uint64_t *q = h + (size_t)w * ROW;
                if (q[S + 3] == 1) /* role 1 exits */
                    continue;
                lo = q[0] < lo ? q[0] : lo;
                hi = q[S] > hi ? q[S] : hi;
            }
            if (at[i] < (int)sizeof spans[i])
                at[i] += snprintf(spans[i] + at[i], sizeof spans[i] - at[i], " %llu", (unsigned long long)(hi - lo));
        }
    for (int i = 0; i < nspec; i++)
        printf("%s\n", spans[i]);
    ws_sim_destroy(sim);
    ws_module_free(m);
    return 0;
}
