/* draw: one frame of the replay, its scene (scene.h), into a canvas.
 *
 * The layout is a function of the canvas size and of what the scene holds (designed at
 * 1280x720, scaled), so a test can compute where lane k's column is and look at the pixels
 * there. Top to bottom: the header (file, block, warp, frame, the timing model's cycle), the
 * instruction with its rule in a sentence, the 32 lane columns (operand rows, a band where
 * shuffles route values, votes gather predicates and shared accesses meet their banks, result
 * rows, watched registers), a strip of every warp of the block over the cycles, and the PTX
 * (with the CUDA source of -lineinfo PTX) beside the legend, or the provenance tree of the
 * selected lane. */
#ifndef VIZ_DRAW_H
#define VIZ_DRAW_H

#include "canvas.h"
#include "font.h"
#include "scene.h"

/* The palette. Shapes are drawn in exactly these colours (text and edges blend into the
 * background), and the GIF palette starts with them. */
#define VIZ_C_BG        0x111318u /* window background */
#define VIZ_C_PANEL     0x191c23u /* header, source panel */
#define VIZ_C_RULE      0x2a2f3au /* separators */
#define VIZ_C_TEXT      0xd8dce4u
#define VIZ_C_DIM       0x8a92a0u
#define VIZ_C_ACCENT    0x61afefu /* lane numbers, current line, the cycle cursor */
#define VIZ_C_CELL      0x232937u /* a lane's cell when it executes */
#define VIZ_C_INACTIVE  0x3b3e45u /* a lane column that does not execute this instruction */
#define VIZ_C_INACT_TXT 0x6e737cu
#define VIZ_C_ARROW     0x4dd0e1u /* a shuffle route: source lane to destination lane (group 0) */
#define VIZ_C_SELF      0xf5a55au /* out of range: the lane reads its own value */
#define VIZ_C_BAD       0xef6b73u /* source lane did not execute: reads 0 on the H200 */
#define VIZ_C_SEGMENT   0xc678ddu /* width subgroups of a shuffle */
#define VIZ_C_TRUE      0x98c379u /* vote predicate 1 */
#define VIZ_C_FALSE     0x4b5263u /* vote predicate 0 */
#define VIZ_C_FLOAT     0xe5c07bu /* float values */
#define VIZ_C_HILITE    0x27324au /* the current source line */
#define VIZ_C_FLOW      0x3d4658u /* lane-wise instruction: top to bottom */
#define VIZ_C_DONTCARE  0x4a505cu /* the outline of a result that reaches no output */
#define VIZ_C_PROV      0xffd166u /* the selected lane and where its value came from */
#define VIZ_C_LEAF      0x9ccc65u /* a provenance tree's inputs */
#define VIZ_C_ISSUED    0xf2f4f8u /* the strip: a warp issued an instruction */

/* Colour groups (shuffle routes by width group or butterfly strand; bank wavefronts). */
#define VIZ_NGROUPS 8
extern const uint32_t viz_group_colour[VIZ_NGROUPS];
/* Stall reasons in the strip, by ws_stall_reason (WS_STALL_NONE unused). */
uint32_t viz_stall_colour(ws_stall_reason r);

typedef struct {
    int w, h;
    float s; /* scale against 1280x720 */
    int pad;
    int header_h;
    int insn_y, insn_h; /* instruction, rule sentence, detail */
    int lanes_x;        /* x of lane 0's column */
    float col_w;        /* one lane column */
    int y_lane, h_lane; /* lane numbers */
    int y_ops, h_row;   /* first operand row; every row's height */
    unsigned nops;      /* operand rows drawn (the others are chips in the detail line) */
    int y_band, h_band;
    int y_res; /* first result row */
    unsigned nres;
    int y_watch, h_watch; /* first watched row, each row's height */
    int y_strip, h_strip; /* the warps of the block over the cycles */
    int y_panel;          /* source and legend panel, or the provenance tree */
} viz_layout;

/* The layout for a scene (NULL: an empty frame) with nwatch watched registers. */
void viz_layout_compute(viz_layout *L, int w, int h, const viz_scene *sc, unsigned nwatch);
int viz_lane_x0(const viz_layout *L, unsigned lane); /* first pixel of the lane's column */
int viz_lane_x1(const viz_layout *L, unsigned lane); /* one past its last pixel */
float viz_lane_cx(const viz_layout *L, unsigned lane);
/* The lane whose column holds x, or -1. */
int viz_lane_at(const viz_layout *L, int x);

typedef struct {
    viz_font *ui, *small, *big, *code, *value;
    int px[5]; /* their sizes in pixels, in that order */
    int w, h;  /* the size they were opened for */
} viz_fonts;

int viz_fonts_open(viz_fonts *f, const char *path, int w, int h); /* 0, or -1: font not found */
void viz_fonts_close(viz_fonts *f);

/* Legend items: what the frame shows, each with the colours it is drawn in. */
enum { VIZ_SW_ARROW, VIZ_SW_LOOP, VIZ_SW_BLOCK, VIZ_SW_FRAME, VIZ_SW_BAR };
enum { VIZ_IN_PANEL, VIZ_IN_STRIP, VIZ_IN_TREE }; /* where the item is explained and used */
typedef struct {
    int swatch; /* VIZ_SW_* */
    uint32_t colour[VIZ_NGROUPS];
    unsigned ncolours;
    char label[96];
    int where; /* VIZ_IN_*: the legend panel (items of the lanes area), the strip's
                                own line, the tree panel's */
} viz_legend_item;
#define VIZ_MAX_LEGEND 24
/* The items of the frame: only what it draws, each in the colours it is drawn in. */
unsigned viz_legend(const viz_scene *sc, const viz_view *v, const viz_layout *L, viz_legend_item *out);

/* Draws the view's current frame (its scene is built here). */
void viz_draw(viz_canvas *c, viz_fonts *f, const viz_view *v);
/* The same with the scene given (the window keeps it for clicks). */
void viz_draw_scene(viz_canvas *c, viz_fonts *f, const viz_view *v, const viz_scene *sc);

#endif
