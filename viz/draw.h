/* draw: one frame of the replay into a canvas.
 *
 * The layout is a function of the canvas size alone (designed at 1280x720, scaled), so a test
 * can compute where lane k's column is and look at the pixels there. */
#ifndef VIZ_DRAW_H
#define VIZ_DRAW_H

#include "canvas.h"
#include "font.h"
#include "view.h"

/* The palette. Shapes are drawn in exactly these colours (text and edges blend into the
 * background), and the GIF palette starts with them. */
#define VIZ_C_BG        0x111318u /* window background */
#define VIZ_C_PANEL     0x191c23u /* header, source panel */
#define VIZ_C_RULE      0x2a2f3au /* separators */
#define VIZ_C_TEXT      0xd8dce4u
#define VIZ_C_DIM       0x7d8593u
#define VIZ_C_ACCENT    0x61afefu /* lane numbers, current line */
#define VIZ_C_CELL      0x232937u /* a lane's cell when it executes */
#define VIZ_C_INACTIVE  0x3b3e45u /* a lane column that does not execute this instruction */
#define VIZ_C_INACT_TXT 0x6e737cu
#define VIZ_C_ARROW     0x4dd0e1u /* a shuffle route: source lane to destination lane */
#define VIZ_C_SELF      0xf5a55au /* out of range: the lane reads its own value */
#define VIZ_C_BAD       0xef6b73u /* source lane did not execute: reads 0 on the H200 */
#define VIZ_C_SEGMENT   0xc678ddu /* width subgroups of a shuffle */
#define VIZ_C_TRUE      0x98c379u /* vote predicate 1 */
#define VIZ_C_FALSE     0x4b5263u /* vote predicate 0 */
#define VIZ_C_FLOAT     0xe5c07bu /* float values */
#define VIZ_C_HILITE    0x27324au /* the current source line */
#define VIZ_C_FLOW      0x3d4658u /* lane-wise instruction: top to bottom */

typedef struct {
    int w, h;
    float s;                  /* scale against 1280x720 */
    int pad;
    int header_h;
    int insn_y, insn_h;
    int lanes_x;              /* x of lane 0's column */
    float col_w;              /* one lane column */
    int y_lane, h_lane;       /* lane numbers */
    int y_a, y_band, y_b, y_p, h_row, h_band;
    int y_watch, h_watch;     /* first watched row, each row's height */
    int y_panel;              /* source and legend panel */
} viz_layout;

void viz_layout_compute(viz_layout *L, int w, int h, unsigned nwatch);
int viz_lane_x0(const viz_layout *L, unsigned lane); /* first pixel of the lane's column */
int viz_lane_x1(const viz_layout *L, unsigned lane); /* one past its last pixel */
float viz_lane_cx(const viz_layout *L, unsigned lane);

typedef struct {
    viz_font *ui, *small, *big, *code, *value, *value_small;
    int w, h; /* the size they were opened for */
} viz_fonts;

int viz_fonts_open(viz_fonts *f, const char *path, int w, int h); /* 0, or -1: font not found */
void viz_fonts_close(viz_fonts *f);

void viz_draw(viz_canvas *c, viz_fonts *f, const viz_view *v);

#endif
