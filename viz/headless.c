/* headless: every frame of a view to PNG files and/or one GIF, with no display at all: the
 * canvas is drawn in memory and encoded, SDL video is never started. */
#include "draw.h"
#include "export.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int viz_export(viz_view *v, const char *font_path, int w, int h, const char *png_dir, const char *gif_path, int delay_ms)
{
    viz_canvas c = {0};
    viz_fonts f;
    viz_gif *g = NULL;
    int rc = -1;
    if (viz_canvas_init(&c, w, h) != 0) {
        fprintf(stderr, "warpsim viz: out of memory for a %dx%d frame\n", w, h);
        return -1;
    }
    if (viz_fonts_open(&f, font_path, w, h) != 0) {
        fprintf(stderr, "warpsim viz: cannot open the font %s (set WARPSIM_FONT or --font)\n", font_path);
        viz_canvas_free(&c);
        return -1;
    }
    if (png_dir && mkdir(png_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "warpsim viz: cannot create %s: %s\n", png_dir, strerror(errno));
        goto out;
    }
    if (gif_path && !(g = viz_gif_open(gif_path, w, h))) {
        fprintf(stderr, "warpsim viz: cannot write %s\n", gif_path);
        goto out;
    }
    for (size_t i = 0; i < v->nframes; i++) {
        v->pos = i;
        viz_draw(&c, &f, v);
        if (png_dir) {
            char path[4096];
            snprintf(path, sizeof path, "%s/step_%04zu.png", png_dir, i + 1);
            if (viz_png_write(&c, path) != 0) {
                fprintf(stderr, "warpsim viz: cannot write %s\n", path);
                goto out;
            }
        }
        int cs = (delay_ms + 5) / 10;
        if (g && viz_gif_add(g, &c, i + 1 == v->nframes ? 3 * cs : cs) != 0) {
            fprintf(stderr, "warpsim viz: cannot write %s\n", gif_path);
            goto out;
        }
    }
    rc = 0;
out:
    if (viz_gif_close(g) != 0 && rc == 0) {
        fprintf(stderr, "warpsim viz: cannot write %s\n", gif_path);
        rc = -1;
    }
    viz_fonts_close(&f);
    viz_canvas_free(&c);
    return rc;
}

/* Two runs side by side, frame i of each (the shorter one stays on its last frame), under a
 * caption with each run's cycles: a kernel and its fix, for the docs. */
int viz_export_pair(viz_view *a, viz_view *b, const char *font_path, int w, int h, const char *png_dir)
{
    viz_canvas ca = {0}, cb = {0}, out = {0};
    viz_fonts f;
    int rc = -1, cap = (int)(44 * fminf(w / 1280.f, h / 720.f));
    if (viz_canvas_init(&ca, w, h) != 0 || viz_canvas_init(&cb, w, h) != 0 || viz_canvas_init(&out, 2 * w, h + cap) != 0) {
        fprintf(stderr, "warpsim viz: out of memory for a %dx%d frame\n", 2 * w, h + cap);
        goto free_canvas;
    }
    if (viz_fonts_open(&f, font_path, w, h) != 0) {
        fprintf(stderr, "warpsim viz: cannot open the font %s (set WARPSIM_FONT or --font)\n", font_path);
        goto free_canvas;
    }
    if (mkdir(png_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "warpsim viz: cannot create %s: %s\n", png_dir, strerror(errno));
        goto out;
    }
    size_t n = a->nframes > b->nframes ? a->nframes : b->nframes;
    for (size_t i = 0; i < n; i++) {
        a->pos = i < a->nframes ? i : a->nframes - 1;
        b->pos = i < b->nframes ? i : b->nframes - 1;
        viz_draw(&ca, &f, a);
        viz_draw(&cb, &f, b);
        viz_fill(&out, 0, 0, out.w, cap, VIZ_C_PANEL);
        for (int y = 0; y < h; y++) {
            memcpy(out.px + ((size_t)(y + cap) * out.w) * 4, ca.px + (size_t)y * w * 4, (size_t)w * 4);
            memcpy(out.px + ((size_t)(y + cap) * out.w + w) * 4, cb.px + (size_t)y * w * 4, (size_t)w * 4);
        }
        viz_fill(&out, w - 1, cap, 2, h, VIZ_C_RULE);
        for (int k = 0; k < 2; k++) {
            const viz_view *v = k ? b : a;
            char buf[300];
            snprintf(buf, sizeof buf, "%s: %llu cycle%s", v->rec->k->name, (unsigned long long)v->rec->end_cycle,
                     v->rec->end_cycle == 1 ? "" : "s");
            viz_text(&out, f.big, k * w + (w - viz_text_width(f.big, buf)) / 2, (cap - viz_font_height(f.big)) / 2, buf,
                     k ? VIZ_C_TRUE : VIZ_C_BAD);
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/step_%04zu.png", png_dir, i + 1);
        if (viz_png_write(&out, path) != 0) {
            fprintf(stderr, "warpsim viz: cannot write %s\n", path);
            goto out;
        }
    }
    rc = 0;
out:
    viz_fonts_close(&f);
free_canvas:
    viz_canvas_free(&ca);
    viz_canvas_free(&cb);
    viz_canvas_free(&out);
    return rc;
}
