/* font: glyphs from SDL2_ttf, cached as 8-bit coverage and blended onto a canvas. */
#include "font.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t cp; /* 0: empty slot */
    int w, h;
    uint8_t *alpha;
} glyph;

enum { NSLOTS = 512 }; /* open addressing; a frame uses well under 200 code points */

struct viz_font {
    TTF_Font *ttf;
    int height, advance;
    glyph slots[NSLOTS];
};

static int ttf_users;

const char *viz_font_default_path(void)
{
    const char *env = getenv("WARPSIM_FONT");
    return env && *env ? env : "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
}

viz_font *viz_font_open(const char *path, int px)
{
    if (!ttf_users && TTF_Init() != 0)
        return NULL;
    ttf_users++;
    viz_font *f = calloc(1, sizeof *f);
    if (f)
        f->ttf = TTF_OpenFont(path, px < 6 ? 6 : px);
    if (!f || !f->ttf) {
        free(f);
        if (--ttf_users == 0)
            TTF_Quit();
        return NULL;
    }
    TTF_SetFontHinting(f->ttf, TTF_HINTING_LIGHT);
    f->height = TTF_FontHeight(f->ttf);
    int adv = 0;
    TTF_GlyphMetrics32(f->ttf, 'M', NULL, NULL, NULL, NULL, &adv);
    f->advance = adv > 0 ? adv : px / 2;
    return f;
}

void viz_font_close(viz_font *f)
{
    if (!f)
        return;
    for (int i = 0; i < NSLOTS; i++)
        free(f->slots[i].alpha);
    TTF_CloseFont(f->ttf);
    free(f);
    if (--ttf_users == 0)
        TTF_Quit();
}

int viz_font_height(const viz_font *f) { return f->height; }
int viz_font_advance(const viz_font *f) { return f->advance; }

static uint32_t next_cp(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    uint32_t cp = *p++;
    int more = cp >= 0xf0 ? 3 : cp >= 0xe0 ? 2 : cp >= 0xc0 ? 1 : 0;
    if (more)
        cp &= 0x3fu >> more;
    for (; more && (*p & 0xc0) == 0x80; more--)
        cp = cp << 6 | (*p++ & 0x3f);
    *s = (const char *)p;
    return cp;
}

static glyph *get_glyph(viz_font *f, uint32_t cp)
{
    unsigned h = (cp * 2654435761u) % NSLOTS;
    for (unsigned i = 0; i < NSLOTS; i++) {
        glyph *g = &f->slots[(h + i) % NSLOTS];
        if (g->cp == cp)
            return g;
        if (g->cp)
            continue;
        SDL_Color white = {255, 255, 255, 255};
        SDL_Surface *s = TTF_RenderGlyph32_Blended(f->ttf, cp, white);
        SDL_Surface *a = s ? SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
        SDL_FreeSurface(s);
        if (!a)
            return NULL;
        g->alpha = malloc((size_t)a->w * (size_t)a->h + 1);
        if (!g->alpha) {
            SDL_FreeSurface(a);
            return NULL;
        }
        g->cp = cp;
        g->w = a->w;
        g->h = a->h;
        SDL_LockSurface(a);
        for (int y = 0; y < a->h; y++) {
            const uint32_t *row = (const uint32_t *)((const uint8_t *)a->pixels + (size_t)y * (size_t)a->pitch);
            for (int x = 0; x < a->w; x++)
                g->alpha[y * a->w + x] = (uint8_t)(row[x] >> 24);
        }
        SDL_UnlockSurface(a);
        SDL_FreeSurface(a);
        return g;
    }
    return NULL;
}

int viz_text_width(const viz_font *f, const char *s)
{
    int n = 0;
    while (*s) {
        next_cp(&s);
        n++;
    }
    return n * f->advance;
}

int viz_text(viz_canvas *c, viz_font *f, int x, int y, const char *s, uint32_t rgb)
{
    while (*s) {
        uint32_t cp = next_cp(&s);
        glyph *g = cp > ' ' ? get_glyph(f, cp) : NULL;
        for (int gy = 0; g && gy < g->h; gy++)
            for (int gx = 0; gx < g->w; gx++) {
                uint8_t a = g->alpha[gy * g->w + gx];
                if (a)
                    viz_blend(c, x + gx, y + gy, rgb, a / 255.f);
            }
        x += f->advance;
    }
    return x;
}
