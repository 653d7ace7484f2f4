/* headless: every frame of a view to PNG files and/or one GIF, with no display at all: the
 * canvas is drawn in memory and encoded, SDL video is never started. */
#include "draw.h"
#include "export.h"

#include <errno.h>
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
