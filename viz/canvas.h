/* canvas: a plain RGBA buffer and the few shapes the viewer draws on it.
 *
 * Everything the viewer shows is drawn here, in memory, by this code alone: the SDL window
 * only copies the finished buffer to the screen, and the PNG and GIF writers only encode it.
 * So a frame is the same bytes on screen, in a test and in the docs. Pixels are R,G,B,A bytes
 * in that order, rows top to bottom, no padding; colours are written 0xRRGGBB. */
#ifndef VIZ_CANVAS_H
#define VIZ_CANVAS_H

#include <stdint.h>

typedef struct {
    uint8_t *px; /* w * h * 4 bytes */
    int w, h;
} viz_canvas;

int viz_canvas_init(viz_canvas *c, int w, int h); /* 0, or -1 when out of memory */
void viz_canvas_free(viz_canvas *c);
uint32_t viz_get(const viz_canvas *c, int x, int y); /* 0xRRGGBB; 0 outside */

/* Shapes. Coordinates are pixels; edges of lines and discs are anti-aliased against what is
 * already there, but a pixel wholly inside a shape gets exactly its colour, so tests can
 * look for it. */
void viz_fill(viz_canvas *c, int x, int y, int w, int h, uint32_t rgb);
void viz_blend(viz_canvas *c, int x, int y, uint32_t rgb, float a);
void viz_frame(viz_canvas *c, int x, int y, int w, int h, int t, uint32_t rgb); /* outline, t thick */
void viz_round_frame(viz_canvas *c, float x, float y, float w, float h, float r, float t, uint32_t rgb);
void viz_line(viz_canvas *c, float x0, float y0, float x1, float y1, float radius, uint32_t rgb);
/* A cubic Bezier from p0 to p3 with control points p1 p2, as a chain of segments. */
void viz_bezier(viz_canvas *c, const float p[8], float radius, uint32_t rgb);
void viz_disc(viz_canvas *c, float cx, float cy, float r, uint32_t rgb);
void viz_ring(viz_canvas *c, float cx, float cy, float r, float t, uint32_t rgb);
/* A filled triangle (arrow heads). */
void viz_triangle(viz_canvas *c, const float p[6], uint32_t rgb);

#endif
