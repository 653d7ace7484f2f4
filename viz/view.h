/* view: where the replay stands (warp, frame, filter, selected lane), independent of how it is
 * shown. A warp's frames are its recorded steps that the filter keeps, then one result frame:
 * what the warp stored. */
#ifndef VIZ_VIEW_H
#define VIZ_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"

/* --only: which steps become frames (VIZ_ONLY_OPS: the opcodes in only_ops too) */
enum {
    VIZ_ONLY_SHFL = 1,
    VIZ_ONLY_VOTE = 2,
    VIZ_ONLY_COLL = 4 /* match, redux, activemask */,
    VIZ_ONLY_MEM = 8,
    VIZ_ONLY_OPS = 16
};
#define VIZ_MAX_ONLY_OPS 8

typedef struct {
    unsigned bits; /* VIZ_ONLY_* ; 0 = every step */
    uint16_t ops[VIZ_MAX_ONLY_OPS];
    uint8_t types[VIZ_MAX_ONLY_OPS]; /* the ws_type it must have ("add.f32"); 0: any */
    unsigned nops;
} viz_filter;

/* A text file by lines (the PTX, a CUDA source file of -lineinfo PTX). */
typedef struct {
    char **lines; /* lines[0] is line 1; tabs expanded */
    size_t nlines;
} viz_text_file;

/* A warp's steps and stalls, each in cycle order: indices into rec->steps and rec->stalls. */
typedef struct {
    size_t *step, nstep;
    size_t *stall, nstall;
} viz_warp_index;

typedef struct {
    const recording *rec;
    const char *path; /* the PTX file, for the title */
    viz_text_file ptx;
    viz_text_file *cuda; /* by .file number (m->nfiles entries), loaded when first shown */
    viz_filter only;
    uint32_t warp;
    size_t *order; /* indices into rec->steps of this warp's shown steps */
    size_t norder;
    size_t nframes;           /* norder + 1: the result frame last */
    size_t pos;               /* the frame shown, 0 .. nframes - 1 */
    int lane;                 /* the lane whose provenance is shown, or -1 */
    bool lane_auto;           /* the result frame picks the lane that stored first */
    uint32_t *live;           /* per rec_ref: lanes whose value reaches an output (viz_live_compute) */
    viz_warp_index warps[32]; /* every warp of the block, for the strip and the warps' states */
    /* set by the window, shown in the footer */
    bool interactive, playing;
    double speed; /* steps per second */
} viz_view;

/* only may be NULL (every step). Returns 0, or -1 when the warp has no step to show or memory ran out. */
int viz_view_init(viz_view *v, const recording *rec, const char *path, const viz_filter *only, uint32_t warp);
void viz_view_free(viz_view *v);
int viz_view_set_warp(viz_view *v, uint32_t warp); /* keeps the nearest cycle */
const rec_step *viz_view_step(const viz_view *v);  /* NULL on the result frame or with no steps */
bool viz_view_at_result(const viz_view *v);
bool viz_view_next_shfl(viz_view *v); /* false when there is none */
bool viz_view_next_mem(viz_view *v);  /* the next shared-memory access */
/* "shfl,vote", "warp", "mem", "all", or opcode mnemonics, with a type or not ("shfl,add.f32");
 * -1 when a word is none of these */
int viz_parse_only(const char *s, viz_filter *f);
/* The first of warp w's steps at cycle c or later (its index into v->warps[w].step), and the first
 * of its stalls that ends after c. */
size_t viz_warp_step_at(const viz_view *v, uint32_t w, uint64_t c);
size_t viz_warp_stall_at(const viz_view *v, uint32_t w, uint64_t c);
/* The lane whose provenance the current frame shows, or -1. */
int viz_view_lane(const viz_view *v);
/* The text of a CUDA source file of the module (.file number), or NULL when it cannot be read. */
const viz_text_file *viz_view_cuda(viz_view *v, unsigned file);

#endif
