/* raster: the shapes of canvas.h, drawn with signed distances.
 *
 * Each shape visits the pixels of its bounding box and asks how far the pixel centre lies
 * from the shape's edge; the coverage is that distance clamped to one pixel. Slower than
 * scanline algorithms but short and exact, and a frame holds few shapes. */
#include "canvas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int viz_canvas_init(viz_canvas *c, int w, int h)
{
    c->px = calloc((size_t)w * (size_t)h, 4);
    c->w = c->px ? w : 0;
    c->h = c->px ? h : 0;
    return c->px ? 0 : -1;
}

void viz_canvas_free(viz_canvas *c)
{
    free(c->px);
    c->px = NULL;
    c->w = c->h = 0;
}

uint32_t viz_get(const viz_canvas *c, int x, int y)
{
    if (x < 0 || y < 0 || x >= c->w || y >= c->h)
        return 0;
    const uint8_t *p = c->px + ((size_t)y * (size_t)c->w + (size_t)x) * 4;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static inline void put(viz_canvas *c, int x, int y, uint32_t rgb)
{
    uint8_t *p = c->px + ((size_t)y * (size_t)c->w + (size_t)x) * 4;
    p[0] = (uint8_t)(rgb >> 16);
    p[1] = (uint8_t)(rgb >> 8);
    p[2] = (uint8_t)rgb;
    p[3] = 255;
}

void viz_blend(viz_canvas *c, int x, int y, uint32_t rgb, float a)
{
    if (x < 0 || y < 0 || x >= c->w || y >= c->h || a <= 0.f)
        return;
    if (a >= 1.f) {
        put(c, x, y, rgb);
        return;
    }
    uint8_t *p = c->px + ((size_t)y * (size_t)c->w + (size_t)x) * 4;
    uint8_t s[3] = {(uint8_t)(rgb >> 16), (uint8_t)(rgb >> 8), (uint8_t)rgb};
    for (int i = 0; i < 3; i++)
        p[i] = (uint8_t)(p[i] + (s[i] - p[i]) * a + 0.5f);
    p[3] = 255;
}

void viz_fill(viz_canvas *c, int x, int y, int w, int h, uint32_t rgb)
{
    int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int x1 = x + w > c->w ? c->w : x + w, y1 = y + h > c->h ? c->h : y + h;
    for (int yy = y0; yy < y1; yy++)
        for (int xx = x0; xx < x1; xx++)
            put(c, xx, yy, rgb);
}

void viz_frame(viz_canvas *c, int x, int y, int w, int h, int t, uint32_t rgb)
{
    viz_fill(c, x, y, w, t, rgb);
    viz_fill(c, x, y + h - t, w, t, rgb);
    viz_fill(c, x, y, t, h, rgb);
    viz_fill(c, x + w - t, y, t, h, rgb);
}

static float clampf(float v, float lo, float hi) { return v < lo ? lo : v > hi ? hi : v; }

/* distance from (px,py) to the segment a-b */
static float seg_dist(float px, float py, float ax, float ay, float bx, float by)
{
    float dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
    float t = l2 > 0 ? clampf(((px - ax) * dx + (py - ay) * dy) / l2, 0, 1) : 0;
    float ex = px - (ax + t * dx), ey = py - (ay + t * dy);
    return sqrtf(ex * ex + ey * ey);
}

void viz_line(viz_canvas *c, float x0, float y0, float x1, float y1, float radius, uint32_t rgb)
{
    int bx0 = (int)floorf(fminf(x0, x1) - radius - 1), bx1 = (int)ceilf(fmaxf(x0, x1) + radius + 1);
    int by0 = (int)floorf(fminf(y0, y1) - radius - 1), by1 = (int)ceilf(fmaxf(y0, y1) + radius + 1);
    if (bx0 < 0) bx0 = 0;
    if (by0 < 0) by0 = 0;
    if (bx1 > c->w) bx1 = c->w;
    if (by1 > c->h) by1 = c->h;
    for (int y = by0; y < by1; y++)
        for (int x = bx0; x < bx1; x++) {
            float d = seg_dist(x + .5f, y + .5f, x0, y0, x1, y1);
            float a = clampf(radius + .5f - d, 0, 1);
            if (a > 0)
                viz_blend(c, x, y, rgb, a);
        }
}

void viz_bezier(viz_canvas *c, const float p[8], float radius, uint32_t rgb)
{
    /* Segments overlap at their joints; blending twice there would darken the edge a
     * little, which at these sizes does not show. */
    enum { N = 24 };
    float px = p[0], py = p[1];
    for (int i = 1; i <= N; i++) {
        float t = (float)i / N, u = 1 - t;
        float b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t;
        float x = b0 * p[0] + b1 * p[2] + b2 * p[4] + b3 * p[6];
        float y = b0 * p[1] + b1 * p[3] + b2 * p[5] + b3 * p[7];
        viz_line(c, px, py, x, y, radius, rgb);
        px = x;
        py = y;
    }
}

void viz_disc(viz_canvas *c, float cx, float cy, float r, uint32_t rgb)
{
    viz_line(c, cx, cy, cx, cy, r, rgb);
}

void viz_ring(viz_canvas *c, float cx, float cy, float r, float t, uint32_t rgb)
{
    int x0 = (int)floorf(cx - r - t - 1), x1 = (int)ceilf(cx + r + t + 1);
    int y0 = (int)floorf(cy - r - t - 1), y1 = (int)ceilf(cy + r + t + 1);
    for (int y = y0 < 0 ? 0 : y0; y < y1 && y < c->h; y++)
        for (int x = x0 < 0 ? 0 : x0; x < x1 && x < c->w; x++) {
            float dx = x + .5f - cx, dy = y + .5f - cy;
            float d = fabsf(sqrtf(dx * dx + dy * dy) - r);
            float a = clampf(t / 2 + .5f - d, 0, 1);
            if (a > 0)
                viz_blend(c, x, y, rgb, a);
        }
}

void viz_round_frame(viz_canvas *c, float x, float y, float w, float h, float r, float t, uint32_t rgb)
{
    /* distance to a rounded rectangle's outline: the classic box SDF */
    int x0 = (int)floorf(x - t - 1), x1 = (int)ceilf(x + w + t + 1);
    int y0 = (int)floorf(y - t - 1), y1 = (int)ceilf(y + h + t + 1);
    float cx = x + w / 2, cy = y + h / 2, hx = w / 2 - r, hy = h / 2 - r;
    for (int yy = y0 < 0 ? 0 : y0; yy < y1 && yy < c->h; yy++)
        for (int xx = x0 < 0 ? 0 : x0; xx < x1 && xx < c->w; xx++) {
            float qx = fabsf(xx + .5f - cx) - hx, qy = fabsf(yy + .5f - cy) - hy;
            float ox = fmaxf(qx, 0), oy = fmaxf(qy, 0);
            float sd = sqrtf(ox * ox + oy * oy) + fminf(fmaxf(qx, qy), 0) - r;
            float a = clampf(t / 2 + .5f - fabsf(sd), 0, 1);
            if (a > 0)
                viz_blend(c, xx, yy, rgb, a);
        }
}

void viz_triangle(viz_canvas *c, const float p[6], uint32_t rgb)
{
    float minx = fminf(p[0], fminf(p[2], p[4])), maxx = fmaxf(p[0], fmaxf(p[2], p[4]));
    float miny = fminf(p[1], fminf(p[3], p[5])), maxy = fmaxf(p[1], fmaxf(p[3], p[5]));
    float area = (p[2] - p[0]) * (p[5] - p[1]) - (p[3] - p[1]) * (p[4] - p[0]);
    float sgn = area < 0 ? -1.f : 1.f;
    for (int y = (int)floorf(miny) - 1; y <= (int)ceilf(maxy) + 1; y++)
        for (int x = (int)floorf(minx) - 1; x <= (int)ceilf(maxx) + 1; x++) {
            if (x < 0 || y < 0 || x >= c->w || y >= c->h)
                continue;
            /* the smallest signed distance to the three edges, positive inside */
            float d = 1e9f;
            for (int e = 0; e < 3; e++) {
                float ax = p[2 * e], ay = p[2 * e + 1], bx = p[(2 * e + 2) % 6], by = p[(2 * e + 3) % 6];
                float ex = bx - ax, ey = by - ay, len = sqrtf(ex * ex + ey * ey);
                if (len == 0)
                    continue;
                float s = sgn * (ex * (y + .5f - ay) - ey * (x + .5f - ax)) / len;
                d = fminf(d, s);
            }
            float a = clampf(d + .5f, 0, 1);
            if (a > 0)
                viz_blend(c, x, y, rgb, a);
        }
}
