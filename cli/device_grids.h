/* device_grids: the grids a run's kernel launched from the device (ws_result.launches) as report
 * lines and JSON objects (report.h ws_report_grid), with the note on what their numbers model. */
#ifndef WARPSIM_CLI_DEVICE_GRIDS_H
#define WARPSIM_CLI_DEVICE_GRIDS_H

#include "report.h"
#include "warpsim/warpsim.h"

typedef struct {
    ws_report_grid *grids;
    ws_stat *stats; /* the grids' stats, DEVICE_GRID_STATS each */
    size_t ngrids;
    const char *note; /* NULL when there are none */
} device_grids;

/* Fills g from res (g->ngrids 0 when there are none, or no memory for them). */
void device_grids_make(device_grids *g, const ws_result *res, ws_mode mode);
void device_grids_free(device_grids *g);

#endif
