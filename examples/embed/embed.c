/* embed: run a PTX kernel through libwarpsim, as a program outside warpsim's tree would.
 *
 * The kernel is a 5-step xor butterfly that sums the lane ids: afterwards every lane holds
 * 0 + 1 + ... + 31 = 496 and stores it to out[lane]. An event callback counts the shuffles
 * and prints the lane routes of the first one. Exit status 0 when all 32 results are 496. */
#include <stdio.h>
#include <string.h>

#include <warpsim/warpsim.h>

static const char ptx[] =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    "\n"
    ".visible .entry lane_sum(.param .u64 out)\n"
    "{\n"
    "    .reg .b32 %r<8>;\n"
    "    .reg .b64 %rd<5>;\n"
    "    mov.u32 %r1, %laneid;\n"
    "    shfl.sync.bfly.b32 %r2, %r1, 16, 31, -1;\n"
    "    add.u32 %r1, %r1, %r2;\n"
    "    shfl.sync.bfly.b32 %r2, %r1, 8, 31, -1;\n"
    "    add.u32 %r1, %r1, %r2;\n"
    "    shfl.sync.bfly.b32 %r2, %r1, 4, 31, -1;\n"
    "    add.u32 %r1, %r1, %r2;\n"
    "    shfl.sync.bfly.b32 %r2, %r1, 2, 31, -1;\n"
    "    add.u32 %r1, %r1, %r2;\n"
    "    shfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;\n"
    "    add.u32 %r1, %r1, %r2;\n"
    "    ld.param.u64 %rd1, [out];\n"
    "    cvta.to.global.u64 %rd2, %rd1;\n"
    "    mov.u32 %r3, %laneid;\n"
    "    mul.wide.u32 %rd3, %r3, 4;\n"
    "    add.s64 %rd4, %rd2, %rd3;\n"
    "    st.global.u32 [%rd4], %r1;\n"
    "    ret;\n"
    "}\n";

typedef struct {
    unsigned shuffles;
} watch;

static void on_event(void *user, const ws_event *ev)
{
    watch *w = user;
    if (ev->kind != WS_EV_EXEC || !ev->shfl_src)
        return;
    if (w->shuffles++ == 0) {
        printf("first shuffle (line %u): lane <- source lane:", ev->insn->line);
        for (int l = 0; l < 8; l++)
            printf(" %d<-%d", l, ev->shfl_src[l]);
        printf(" ...\n");
    }
}

int main(void)
{
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "lane_sum.ptx", &perr);
    if (!m) {
        fprintf(stderr, "%s:%u:%u: %s\n", perr.file, perr.line, perr.column, perr.message);
        return 2;
    }
    watch w = {0};
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.mode = WS_MODE_TIMING;
    cfg.on_event = on_event;
    cfg.event_user = &w;
    ws_sim *sim = ws_sim_create(&cfg);
    uint64_t out = ws_sim_alloc(sim, 32 * sizeof(uint32_t), NULL);
    unsigned grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
    ws_result res;
    ws_status st = ws_sim_launch(sim, m, ws_module_kernel(m, "lane_sum"), grid, block, &out, sizeof out, &res);
    uint32_t host[32];
    ws_sim_read(sim, out, host, sizeof host);
    int ok = st == WS_OK;
    for (int l = 0; l < 32; l++)
        ok &= host[l] == 496;
    printf("status %d, %u shuffles, %llu warp instructions, %llu cycles; out[0] = %u, out[31] = %u: %s\n", (int)st,
           w.shuffles, (unsigned long long)res.stats.warp_instructions, (unsigned long long)res.stats.cycles, host[0],
           host[31], ok ? "ok" : "WRONG");
    ws_result_free(&res);
    ws_sim_destroy(sim);
    ws_module_free(m);
    return ok ? 0 : 1;
}
