/* draw_util: what the parts of a frame (draw*.c) share: text placement, arrow heads, the value
 * cells of a lane row. Internal to viz/. */
#ifndef VIZ_DRAW_UTIL_H
#define VIZ_DRAW_UTIL_H

#include "draw.h"
#include "provenance.h"

int viz_text_mid(viz_canvas *c, viz_font *f, int x, int y, int h, const char *s, uint32_t rgb);
void viz_text_right(viz_canvas *c, viz_font *f, int xr, int y, int h, const char *s, uint32_t rgb);
void viz_text_centre(viz_canvas *c, viz_font *f, float cx, int y, int h, const char *s, uint32_t rgb);
/* Shortens s in place until it fits avail pixels in f: floats lose digits, a pointer its buffer
 * name (+124), a hex number its head (...ff), anything else its tail. */
void viz_fit_text(viz_font *f, char *s, size_t cap, int avail, bool is_float);
/* Cuts a source line (in a buffer of cap bytes) to maxch characters, the last an ellipsis, so that a
 * reader sees it goes on; a line that fits stays as it is. */
void viz_cut_line(char *line, size_t cap, int maxch);
void viz_arrow_head(viz_canvas *c, float x, float y, float size, uint32_t rgb);

/* The strip's tick colour for an issued step; the cycles it shows and where (draw_strip.c). */
uint32_t viz_issue_colour(const rec_step *s);
void viz_strip_window(const viz_layout *L, const viz_scene *sc, uint64_t *c0, uint64_t *c1, int *x0, int *x1);

/* The parts of a frame, each in its own file. */
void viz_draw_banks(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_scene *sc);
void viz_draw_strip(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const viz_scene *sc);
void viz_draw_source(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const viz_scene *sc, int x,
                     int y, int w, int h);
void viz_draw_legend(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const viz_scene *sc, int x,
                     int y, int w, int h);
/* The centre y of each row of tree t drawn from y0 with nodes nh tall: the rows take t->nrows * rh
 * as evenly spaced rows would, the gaps between them sized by the cross-lane edges they carry. */
void viz_tree_row_y(const viz_tree *t, float y0, float rh, float nh, float *cy);
void viz_draw_tree(viz_canvas *c, viz_fonts *f, const viz_layout *L, const viz_view *v, const viz_scene *sc, int lane,
                   int y, int h);
void viz_swatch(viz_canvas *c, const viz_layout *L, int x, int y, int h, const viz_legend_item *it);

#endif
