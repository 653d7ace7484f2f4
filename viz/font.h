/* font: monospace text onto a canvas.
 *
 * SDL2_ttf rasterises each glyph once into a coverage map; drawing a string is then blending
 * cached maps in the wanted colour. No SDL video is needed, so headless runs use it too. */
#ifndef VIZ_FONT_H
#define VIZ_FONT_H

#include "canvas.h"

typedef struct viz_font viz_font;

/* The default face: $WARPSIM_FONT, else DejaVu Sans Mono where Debian puts it. */
const char *viz_font_default_path(void);
viz_font *viz_font_open(const char *path, int px); /* NULL when the file cannot be read */
void viz_font_close(viz_font *f);
int viz_font_height(const viz_font *f);  /* line height in pixels */
int viz_font_advance(const viz_font *f); /* width of one character cell */
int viz_text_width(const viz_font *f, const char *utf8);
/* Draws utf8 with its top-left corner at (x, y); returns the x after the last character. */
int viz_text(viz_canvas *c, viz_font *f, int x, int y, const char *utf8, uint32_t rgb);

#endif
