/* png: one canvas to one PNG file (8-bit RGB; the canvas is opaque). */
#include "export.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>

int viz_png_write(const viz_canvas *c, const char *path)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    uint8_t *row = malloc((size_t)c->w * 3 + 1);
    if (!png || !info || !row || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        fclose(f);
        return -1;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)c->w, (png_uint_32)c->h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 9);
    png_write_info(png, info);
    for (int y = 0; y < c->h; y++) {
        const uint8_t *p = c->px + (size_t)y * (size_t)c->w * 4;
        for (int x = 0; x < c->w; x++) {
            row[x * 3] = p[x * 4];
            row[x * 3 + 1] = p[x * 4 + 1];
            row[x * 3 + 2] = p[x * 4 + 2];
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    return fclose(f) == 0 ? 0 : -1;
}
