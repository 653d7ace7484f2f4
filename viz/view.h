/* view: where the replay stands (warp, step, filter), independent of how it is shown. */
#ifndef VIZ_VIEW_H
#define VIZ_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"

/* --only: which steps become frames */
enum { VIZ_ONLY_SHFL = 1, VIZ_ONLY_VOTE = 2, VIZ_ONLY_COLL = 4 /* match, redux, activemask */ };

typedef struct {
    const recording *rec;
    const char *path;          /* the PTX file, for the title */
    char **lines;              /* its text, by line (lines[0] is line 1) */
    size_t nlines;
    unsigned only;             /* VIZ_ONLY_* bits; 0 = every step */
    uint32_t warp;
    size_t *order;             /* indices into rec->steps of this warp's shown steps */
    size_t norder;
    size_t pos;                /* index into order */
    /* set by the window, shown in the footer */
    bool interactive, playing;
    double speed;              /* steps per second */
} viz_view;

int viz_view_init(viz_view *v, const recording *rec, const char *path, unsigned only, uint32_t warp);
void viz_view_free(viz_view *v);
int viz_view_set_warp(viz_view *v, uint32_t warp);          /* keeps the nearest cycle */
const rec_step *viz_view_step(const viz_view *v);          /* NULL when the warp has none */
bool viz_view_next_shfl(viz_view *v);                        /* false when there is none */
int viz_parse_only(const char *s, unsigned *only);           /* "shfl,vote" ... */

#endif
