/* gif: frames quantised to a fixed 256-colour palette, written with giflib.
 *
 * The palette is the drawing's palette (draw.h) followed by ramps from the background to each
 * of its colours (the anti-aliased edges of text and lines), then a coarse colour cube for
 * anything else. Every pixel maps to its nearest entry through a 32x32x32 table, except that
 * exact palette colours map to themselves, so flat areas stay flat and compress well. */
#include "export.h"
#include "draw.h"

#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

struct viz_gif {
    GifFileType *gif;
    int w, h;
    GifColorType pal[256];
    int npal;
    uint8_t lut[32 * 32 * 32];
    uint8_t *index;
};

static const uint32_t base[] = {
    VIZ_C_BG,       VIZ_C_PANEL,     VIZ_C_RULE,   VIZ_C_TEXT,   VIZ_C_DIM, VIZ_C_ACCENT,  VIZ_C_CELL,
    VIZ_C_INACTIVE, VIZ_C_INACT_TXT, VIZ_C_ARROW,  VIZ_C_SELF,   VIZ_C_BAD, VIZ_C_SEGMENT, VIZ_C_TRUE,
    VIZ_C_FALSE,    VIZ_C_FLOAT,     VIZ_C_HILITE, VIZ_C_FLOW,   0xffffffu, 0xb9c0cbu,     0x9aa3b5u,
    VIZ_C_DONTCARE, VIZ_C_PROV,      VIZ_C_LEAF,   VIZ_C_ISSUED, 0x6b7385u, /* tree edges */
};
enum { NBASE = sizeof base / sizeof base[0] };

static void add(viz_gif *g, uint32_t rgb)
{
    if (g->npal >= 256)
        return;
    GifColorType *c = &g->pal[g->npal++];
    c->Red = (GifByteType)(rgb >> 16);
    c->Green = (GifByteType)(rgb >> 8);
    c->Blue = (GifByteType)rgb;
}

static uint32_t mix(uint32_t a, uint32_t b, int num, int den)
{
    uint32_t r = 0;
    for (int sh = 0; sh <= 16; sh += 8) {
        int x = (int)((a >> sh) & 255), y = (int)((b >> sh) & 255);
        r |= (uint32_t)(x + (y - x) * num / den) << sh;
    }
    return r;
}

static void build_palette(viz_gif *g)
{
    for (int i = 0; i < NBASE; i++)
        add(g, base[i]);
    for (int i = 1; i < VIZ_NGROUPS; i++)
        add(g, viz_group_colour[i]);
    for (int r = WS_STALL_NONE + 1; r < WS_STALL_REASON_COUNT; r++)
        add(g, viz_stall_colour((ws_stall_reason)r));
    /* ramps for text on the three backgrounds it sits on */
    const uint32_t bgs[] = {VIZ_C_BG, VIZ_C_PANEL, VIZ_C_CELL};
    const uint32_t fgs[] = {VIZ_C_TEXT, VIZ_C_DIM, VIZ_C_ACCENT, VIZ_C_FLOAT, VIZ_C_ARROW, VIZ_C_SELF, VIZ_C_TRUE};
    for (size_t b = 0; b < 3; b++)
        for (size_t fg = 0; fg < sizeof fgs / sizeof fgs[0]; fg++)
            for (int k = 1; k <= 4; k++)
                add(g, mix(bgs[b], fgs[fg], k, 5));
    /* a 5x5x5 cube for anything else */
    for (int r = 0; r < 5; r++)
        for (int gg = 0; gg < 5; gg++)
            for (int b = 0; b < 5; b++)
                add(g, (uint32_t)(r * 255 / 4) << 16 | (uint32_t)(gg * 255 / 4) << 8 | (uint32_t)(b * 255 / 4));
    while (g->npal < 256)
        add(g, 0);
    for (int i = 0; i < 32 * 32 * 32; i++) {
        int r = ((i >> 10) & 31) * 8 + 4, gg = ((i >> 5) & 31) * 8 + 4, b = (i & 31) * 8 + 4;
        int best = 0, bd = 1 << 30;
        for (int p = 0; p < g->npal; p++) {
            int dr = r - g->pal[p].Red, dg = gg - g->pal[p].Green, db = b - g->pal[p].Blue;
            int d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
            if (d < bd) {
                bd = d;
                best = p;
            }
        }
        g->lut[i] = (uint8_t)best;
    }
}

viz_gif *viz_gif_open(const char *path, int w, int h)
{
    viz_gif *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->w = w;
    g->h = h;
    g->index = malloc((size_t)w * (size_t)h);
    int err = 0;
    /* open it ourselves: EGifOpenFileName creates files readable by their owner only */
    int fd = g->index ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666) : -1;
    g->gif = fd >= 0 ? EGifOpenFileHandle(fd, &err) : NULL;
    if (!g->gif) {
        if (fd >= 0)
            close(fd);
        free(g->index);
        free(g);
        return NULL;
    }
    build_palette(g);
    EGifSetGifVersion(g->gif, true); /* GIF89a: frame delays and looping */
    ColorMapObject *map = GifMakeMapObject(256, g->pal);
    int ok = map && EGifPutScreenDesc(g->gif, w, h, 8, 0, map) == GIF_OK;
    GifFreeMapObject(map);
    /* loop forever (the NETSCAPE2.0 application extension) */
    static const GifByteType loop[3] = {1, 0, 0};
    ok = ok && EGifPutExtensionLeader(g->gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(g->gif, 11, "NETSCAPE2.0") == GIF_OK &&
         EGifPutExtensionBlock(g->gif, 3, loop) == GIF_OK && EGifPutExtensionTrailer(g->gif) == GIF_OK;
    if (!ok) {
        EGifCloseFile(g->gif, &err);
        free(g->index);
        free(g);
        return NULL;
    }
    return g;
}

static uint8_t quantise(const viz_gif *g, const uint8_t *p)
{
    for (int i = 0; i < NBASE; i++)
        if (g->pal[i].Red == p[0] && g->pal[i].Green == p[1] && g->pal[i].Blue == p[2])
            return (uint8_t)i;
    return g->lut[(p[0] >> 3) << 10 | (p[1] >> 3) << 5 | (p[2] >> 3)];
}

int viz_gif_add(viz_gif *g, const viz_canvas *c, int delay_cs)
{
    if (c->w != g->w || c->h != g->h)
        return -1;
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++)
        g->index[i] = quantise(g, c->px + i * 4);
    GraphicsControlBlock gcb = {.DisposalMode = DISPOSE_DO_NOT,
                                .UserInputFlag = false,
                                .DelayTime = delay_cs,
                                .TransparentColor = NO_TRANSPARENT_COLOR};
    GifByteType ext[4];
    size_t len = EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(g->gif, GRAPHICS_EXT_FUNC_CODE, (int)len, ext) != GIF_OK ||
        EGifPutImageDesc(g->gif, 0, 0, g->w, g->h, false, NULL) != GIF_OK)
        return -1;
    for (int y = 0; y < g->h; y++)
        if (EGifPutLine(g->gif, g->index + (size_t)y * (size_t)g->w, g->w) != GIF_OK)
            return -1;
    return 0;
}

int viz_gif_close(viz_gif *g)
{
    if (!g)
        return 0;
    int err = 0;
    int rc = EGifCloseFile(g->gif, &err) == GIF_OK ? 0 : -1;
    free(g->index);
    free(g);
    return rc;
}
