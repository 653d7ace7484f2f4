/* viz_run: what every front end of the viewer does before it draws: read the launch words and
 * the viz options (their table is cli/options.c's for `warpsim viz`), record one block of the run
 * and open the view of one warp. `warpsim viz` (cli/cmd_viz.c) then draws it in a window or into
 * PNG/GIF/JSON files; embed/frames.c writes its frames' JSON for the playground and Python. */
#ifndef VIZ_VIZ_RUN_H
#define VIZ_VIZ_RUN_H

#include "record.h"
#include "session.h"
#include "view.h"

typedef struct {
    unsigned long warp, cta, max_steps, delay;
    long lane; /* -1: none chosen */
    int w, h;
    viz_filter only;
    const char *png, *gif, *json, *beside, *script, *watch, *font; /* NULL when not given */
} viz_options;


/* The recording of a run, and the view of one of its warps. */
typedef struct {
    ws_session S;
    recording *rec;
    ws_result res;
    viz_view view;
    bool have_view;
} viz_run;

/* Starts a viz command: initialises L and r (free them in any case) and parses argv into L and o
 * (o's defaults first). Returns 0 to go on, or -1 with *status the exit status: WS_OK after
 * --help (printed), WS_ERR_INPUT after an error (printed). */
int viz_begin(int argc, char **argv, ws_launch *L, viz_options *o, viz_run *r, int *status);

/* Loads the launch, runs it recording block o->cta (with o->watch's registers) and opens the view
 * of warp o->warp with o->only and o->lane. Returns WS_OK, or the status to exit with after
 * printing why. viz_run_free in either case. */
int viz_run_open(viz_run *r, ws_launch *L, const viz_options *o);
void viz_run_free(viz_run *r);

#endif
