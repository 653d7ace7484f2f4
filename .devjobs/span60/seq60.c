/* seq60: probe_fwin40's launches in one warpsim machine, in the order a device process runs them (span60).
 *
 * The card's job (.devjobs/fwin40/run.sh) runs each `r NAME BLOCKS ROLES ...` as one process that launches the
 * kernel LAUNCHES times at each block size in turn (probe_fwin40.cu's host loop: base is 10 launches at 256, then 10
 * at 384, 512, 1024). `warpsim run --launches N` repeats one launch; this runs a mixed sequence on one ws_sim, so that
 * the far cache (sim->far_cache) and the previous launch's line order carry across block sizes as they would.
 *
 * Build (from the worktree, after the release build):
 *   cc -O2 -Iinclude .devjobs/span60/seq60.c build/release/libwarpsim.a build/release/libwarpsim_sim.a \
 *      build/release/libwarpsim_isa.a -lm -lpthread -o /tmp/seq60
 * Run: seq60 PTX PRESET PRE ROLES(hex) SPMASK DELAY BLOCK:COUNT[:ROLES][,...] [stamps] [rounds=N]
 * An item's ROLES (hex) replaces the argument's for its launches, and rounds=N runs the list N times (regb61's
 * by-turns processes: probe_regb60 10 128:3 256:30 is `... 0 0000 15 0 128:1:3,256:1:30 rounds=10`; an item's line
 * then comes after its last round, its spans one a launch in order).
 * PRESET: preset text over the built-in, lines split by ';' ("ifetch.line 0", the checks' warm figure; "" none), e.g.
 *   seq60 probe_fwin40.ptx "ifetch.line 0" 0 0000 15 0 256:10,384:10,512:10,1024:10   (the base process)
 * prints what probe_fwin40 prints: with `stamps` each staying warp's line (block, launch from 0 at each block size,
 * warp, %warpid, SM, role, t0 and its 16 segment ends, cycles from the launch's first t0), and after each block size
 * "block B roles R spmask M delay D pre P: spans" (.devjobs/fwin40/read_fwin40.py and span60/read_span60.py read both).
 * warpsim's %warpid is the warp's index: no rotation between launches. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpsim/isa.h"
#include "warpsim/warpsim.h"

enum { ROW = 20, S = 16, MAXITEM = 16 };

/* One launch at block threads (l: its index among the item's launches): its span appended to spans at *at, and with
 * stamps each staying warp's line. Exits on a launch's error. */
static void launch_once(ws_sim *sim, ws_module *m, const ws_kernel *k, const uint8_t *params, unsigned block,
                        unsigned l, uint64_t o, uint64_t *h, const uint64_t *zero, int stamps, char *spans, int *at)
{
    ws_sim_write(sim, o, zero, 32 * ROW * 8); /* the host's cudaMemset */
    unsigned grid[3] = {1, 1, 1}, blk[3] = {block, 1, 1};
    ws_result res;
    memset(&res, 0, sizeof res);
    if (ws_sim_launch(sim, m, k, grid, blk, params, k->param_bytes, &res) != WS_OK) {
        fprintf(stderr, "seq60: %s\n", res.message);
        exit(1);
    }
    ws_result_free(&res);
    ws_sim_read(sim, o, h, 32 * ROW * 8);
    uint64_t lo = UINT64_MAX, hi = 0;
    for (unsigned w = 0; w < block / 32; w++) {
        const uint64_t *q = h + (size_t)w * ROW;
        if (q[S + 3] == 1) /* role 1 exits */
            continue;
        lo = q[0] < lo ? q[0] : lo;
        hi = q[S] > hi ? q[S] : hi;
    }
    if (*at < 4096)
        *at += snprintf(spans + *at, 4096 - (size_t)*at, " %llu", (unsigned long long)(hi - lo));
    for (unsigned w = 0; stamps && w < block / 32; w++) {
        const uint64_t *q = h + (size_t)w * ROW;
        if (q[S + 3] == 1)
            continue;
        printf("%u %u %u %llu %llu %llu", block, l, w, (unsigned long long)q[S + 1], (unsigned long long)q[S + 2],
               (unsigned long long)q[S + 3]);
        for (int i = 0; i <= S; i++)
            printf(" %lld", (long long)(q[i] - lo));
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    if (argc < 8) {
        fprintf(stderr, "usage: seq60 PTX PRESET_TEXT PRE ROLES SPMASK DELAY BLOCK:COUNT[:ROLES][,...] [stamps] "
                        "[rounds=N]\n");
        return 2;
    }
    ws_parse_error perr;
    ws_module *m = ws_module_load(argv[1], &perr);
    if (!m) {
        fprintf(stderr, "seq60: cannot load %s\n", argv[1]);
        return 1;
    }
    int pre = atoi(argv[3]);
    uint32_t roles = (uint32_t)strtoul(argv[4], 0, 16), spmask = (uint32_t)atoi(argv[5]), delay = (uint32_t)atoi(argv[6]);
    int stamps = 0, rounds = 1;
    for (int i = 8; i < argc; i++) {
        stamps |= !strcmp(argv[i], "stamps");
        if (!strncmp(argv[i], "rounds=", 7))
            rounds = atoi(argv[i] + 7);
    }
    char name[64];
    snprintf(name, sizeof name, "_Z6fwin40ILi%dEEvPyPjffjjjPKf", pre);
    const ws_kernel *k = ws_module_kernel(m, name);
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
        fprintf(stderr, "seq60: no kernel %s, or no machine\n", name);
        return 1;
    }
    uint64_t o = ws_sim_alloc(sim, 32 * ROW * 8, NULL), sink = ws_sim_alloc(sim, 1024 * 4, NULL);
    float hb = 0.5f;
    uint64_t bp = ws_sim_alloc(sim, sizeof hb, &hb);
    uint8_t params[48] = {0};
    float a = 1.0001f, b = 0.5f;
    memcpy(params + 0, &o, 8);
    memcpy(params + 8, &sink, 8);
    memcpy(params + 16, &a, 4);
    memcpy(params + 20, &b, 4);
    memcpy(params + 24, &roles, 4);
    memcpy(params + 28, &spmask, 4);
    memcpy(params + 32, &delay, 4);
    memcpy(params + 40, &bp, 8);
    static uint64_t h[32 * ROW], zero[32 * ROW];
    /* the items BLOCK:COUNT[:ROLES], in order, each COUNT launches at its own roles (ROLES, default the argument's),
     * the whole list `rounds` times; an item's spans are printed after its last round */
    unsigned block[MAXITEM], count[MAXITEM], nitem = 0;
    uint32_t role[MAXITEM];
    static char spans[MAXITEM][4096];
    int at[MAXITEM];
    for (char *p = argv[7]; *p && nitem < MAXITEM; nitem++) {
        block[nitem] = (unsigned)strtoul(p, &p, 10);
        count[nitem] = 1;
        role[nitem] = roles;
        if (*p == ':')
            count[nitem] = (unsigned)strtoul(p + 1, &p, 10);
        if (*p == ':')
            role[nitem] = (uint32_t)strtoul(p + 1, &p, 16);
        if (*p == ',')
            p++;
        at[nitem] =
            snprintf(spans[nitem], sizeof spans[nitem], "block %u roles %04x spmask %u delay %u pre %d:", block[nitem],
                     role[nitem], spmask, delay, pre);
    }
    for (int r = 0; r < rounds; r++)
        for (unsigned i = 0; i < nitem; i++) {
            memcpy(params + 24, &role[i], 4);
            for (unsigned l = 0; l < count[i]; l++)
                launch_once(sim, m, k, params, block[i], r * count[i] + l, o, h, zero, stamps, spans[i], &at[i]);
            if (r == rounds - 1)
                printf("%s\n", spans[i]);
        }
    ws_sim_destroy(sim);
    ws_module_free(m);
    return 0;
}
