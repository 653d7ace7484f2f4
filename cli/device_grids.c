/* The device-launched grids of a run for the report (device_grids.h). */
#include "device_grids.h"

#include <stdlib.h>
#include <string.h>

#define DEVICE_GRID_STATS 13

/* What the numbers are: the device-side launch itself has no measured cost in warpsim. */
static const char NOTE_TIMING[] =
    "each device-launched grid's cycles and launch_cycles are its own, as if launched alone on an idle GPU; the "
    "latency of a device-side launch and a child's overlap with its parent and the other grids are not modelled "
    "(nothing is calibrated for them), and the host grid's stats leave its children out";
static const char NOTE_FUNCTIONAL[] =
    "the device-launched grids ran after their parent grid, in launch order, each with its own children after it "
    "(an order CUDA allows: nothing in a parent waits for a child); their stats are their own";

static const char *status_word(ws_status st)
{
    switch (st) {
    case WS_OK: return "ok";
    case WS_ERR_DIAG: return "diagnostic";
    case WS_ERR_INPUT: return "input";
    case WS_ERR_LIMIT: return "limit";
    default: return "internal";
    }
}

void device_grids_make(device_grids *g, const ws_result *res, ws_mode mode)
{
    memset(g, 0, sizeof *g);
    size_t n = res->nlaunches;
    if (!n || !(g->grids = calloc(n, sizeof *g->grids)) || !(g->stats = calloc(n * DEVICE_GRID_STATS, sizeof *g->stats))) {
        free(g->grids);
        g->grids = NULL;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const ws_device_launch *d = &res->launches[i];
        ws_stat *s = g->stats + i * DEVICE_GRID_STATS;
        ws_stat row[DEVICE_GRID_STATS] = {
            ws_stat_uint("depth", d->depth),
            ws_stat_int("parent", d->parent), /* -1: the host's grid, else a device launch's index */
            ws_stat_uint("ptx_line", d->line),
            ws_stat_uint("from_block", d->block_id),
            ws_stat_str("stream", d->tail ? "tail" : "default"),
            ws_stat_uint("dynamic_shared", d->dynamic_shared),
            ws_stat_str("status", status_word(d->status)),
            ws_stat_uint("cycles", d->stats.cycles),
            ws_stat_uint("warp_instructions", d->stats.warp_instructions),
            ws_stat_uint("lane_instructions", d->stats.lane_instructions),
            ws_stat_uint("blocks", d->stats.blocks),
            ws_stat_uint("launch_cycles", d->stats.launch_cycles),
            ws_stat_uint("sms_used", d->stats.sms_used),
        };
        memcpy(s, row, sizeof row);
        g->grids[i] = (ws_report_grid){d->kernel,
                                       {d->grid[0], d->grid[1], d->grid[2]},
                                       {d->block[0], d->block[1], d->block[2]},
                                       s,
                                       DEVICE_GRID_STATS};
    }
    g->ngrids = n;
    g->note = mode == WS_MODE_TIMING ? NOTE_TIMING : NOTE_FUNCTIONAL;
}

void device_grids_free(device_grids *g)
{
    free(g->grids);
    free(g->stats);
    memset(g, 0, sizeof *g);
}
