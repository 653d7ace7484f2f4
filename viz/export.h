/* export: frames to files. PNG through libpng; animated GIF through giflib, with a fixed
 * palette made of the drawing's own colours, so flat areas come out exact and dither-free. */
#ifndef VIZ_EXPORT_H
#define VIZ_EXPORT_H

#include "canvas.h"
#include "view.h"

int viz_png_write(const viz_canvas *c, const char *path); /* 0, or -1 with errno-style failure */

typedef struct viz_gif viz_gif;
viz_gif *viz_gif_open(const char *path, int w, int h);
int viz_gif_add(viz_gif *g, const viz_canvas *c, int delay_cs); /* delay in 1/100 s */
int viz_gif_close(viz_gif *g);                                  /* writes and frees; 0 on success */

/* Renders every frame of v at w x h: one PNG per frame into png_dir (step_0001.png ...) and/or
 * all of them into an animated GIF, each shown delay_ms (the last, the result, three times as long).
 * Either path may be NULL. Returns 0, or -1 after printing why to stderr. */
int viz_export(viz_view *v, const char *font_path, int w, int h, const char *png_dir, const char *gif_path, int delay_ms);
/* Frame i of a beside frame i of b (a 2w-wide PNG per frame into png_dir) under a caption with
 * each kernel's cycles: a kernel and its fix. Returns 0, or -1 after printing why. */
int viz_export_pair(viz_view *a, viz_view *b, const char *font_path, int w, int h, const char *png_dir);
#endif
