/* window: an SDL2 window around draw.c. Events move the view; each change redraws the
 * canvas, which is copied to a streaming texture and presented. */
#include "window.h"
#include "draw.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Texture *tex;
    viz_canvas canvas;
    viz_fonts fonts;
    const char *font_path;
} screen;

static void screen_free(screen *s)
{
    if (s->tex)
        SDL_DestroyTexture(s->tex);
    viz_canvas_free(&s->canvas);
    viz_fonts_close(&s->fonts);
    s->tex = NULL;
}

/* (Re)creates canvas, texture and fonts for the window's current pixel size. */
static int screen_fit(screen *s)
{
    int w, h;
    if (SDL_GetRendererOutputSize(s->ren, &w, &h) != 0 || w < 64 || h < 64) {
        SDL_GetWindowSize(s->win, &w, &h);
        if (w < 64)
            w = 64;
        if (h < 64)
            h = 64;
    }
    if (s->tex && s->canvas.w == w && s->canvas.h == h)
        return 0;
    screen_free(s);
    if (viz_canvas_init(&s->canvas, w, h) != 0 || viz_fonts_open(&s->fonts, s->font_path, w, h) != 0)
        return -1;
    s->tex = SDL_CreateTexture(s->ren, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STREAMING, w, h);
    return s->tex ? 0 : -1;
}

static void present(screen *s, const viz_view *v)
{
    viz_draw(&s->canvas, &s->fonts, v);
    SDL_UpdateTexture(s->tex, NULL, s->canvas.px, s->canvas.w * 4);
    SDL_RenderClear(s->ren);
    SDL_RenderCopy(s->ren, s->tex, NULL, NULL);
    SDL_RenderPresent(s->ren);
}

/* The next word of the script as an SDL event; false at its end. */
static bool script_event(const char **sp, SDL_Event *e, SDL_Window *win)
{
    const char *p = *sp;
    while (*p == ',' || *p == ' ')
        p++;
    if (!*p)
        return false;
    size_t n = strcspn(p, ", ");
    char w[32];
    snprintf(w, sizeof w, "%.*s", (int)(n < 31 ? n : 31), p);
    *sp = p + n;
    memset(e, 0, sizeof *e);
    e->type = SDL_KEYDOWN;
    e->key.state = SDL_PRESSED;
    SDL_Keycode k = SDLK_UNKNOWN;
    int ww, hh;
    if (!strcmp(w, "right")) k = SDLK_RIGHT;
    else if (!strcmp(w, "left")) k = SDLK_LEFT;
    else if (!strcmp(w, "space")) k = SDLK_SPACE;
    else if (!strcmp(w, "home")) k = SDLK_HOME;
    else if (!strcmp(w, "end")) k = SDLK_END;
    else if (!strcmp(w, "esc")) k = SDLK_ESCAPE;
    else if (!strcmp(w, "+")) k = SDLK_PLUS;
    else if (!strcmp(w, "-")) k = SDLK_MINUS;
    else if (!strcmp(w, "W")) {
        k = SDLK_w;
        e->key.keysym.mod = KMOD_LSHIFT;
    } else if (strlen(w) == 1 && w[0] >= 'a' && w[0] <= 'z')
        k = (SDL_Keycode)w[0];
    else if (sscanf(w, "size=%dx%d", &ww, &hh) == 2) {
        SDL_SetWindowSize(win, ww, hh);
        e->type = SDL_USEREVENT; /* a frame to let the resize arrive */
        return true;
    } else
        e->type = SDL_USEREVENT; /* "wait" and anything unknown: one frame */
    e->key.keysym.sym = k;
    return true;
}

static bool step_by(viz_view *v, int d)
{
    if (d > 0 && v->pos + 1 < v->norder) {
        v->pos++;
        return true;
    }
    if (d < 0 && v->pos > 0) {
        v->pos--;
        return true;
    }
    return false;
}

/* Next warp with steps, after or before the current one. */
static void cycle_warp(viz_view *v, int d)
{
    uint32_t n = v->rec->nwarps;
    for (uint32_t i = 1; i <= n; i++) {
        uint32_t w = (v->warp + (d > 0 ? i : n - i)) % n;
        if (viz_view_set_warp(v, w) == 0)
            return;
    }
}

/* Returns true when the viewer should close. */
static bool on_key(viz_view *v, const SDL_KeyboardEvent *k)
{
    bool shift = (k->keysym.mod & KMOD_SHIFT) != 0;
    switch (k->keysym.sym) {
    case SDLK_q: case SDLK_ESCAPE: return true;
    case SDLK_SPACE:
        v->playing = !v->playing;
        if (v->playing && v->pos + 1 >= v->norder)
            v->pos = 0; /* play again from the start */
        break;
    case SDLK_RIGHT: step_by(v, 1); v->playing = false; break;
    case SDLK_LEFT: step_by(v, -1); v->playing = false; break;
    case SDLK_HOME: v->pos = 0; break;
    case SDLK_END: v->pos = v->norder ? v->norder - 1 : 0; break;
    case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS: v->speed = v->speed * 1.5 > 60 ? 60 : v->speed * 1.5; break;
    case SDLK_MINUS: case SDLK_KP_MINUS: v->speed = v->speed / 1.5 < .25 ? .25 : v->speed / 1.5; break;
    case SDLK_n: viz_view_next_shfl(v); v->playing = false; break;
    case SDLK_w: cycle_warp(v, shift ? -1 : 1); break;
    default: break;
    }
    return false;
}

int viz_window_run(viz_view *v, const char *font_path, int w, int h, const char *script)
{
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "warpsim viz: no window: %s\n", SDL_GetError());
        return -1;
    }
    screen s = {.font_path = font_path};
    int rc = -1;
    s.win = SDL_CreateWindow("warpsim viz", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                             SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    /* no vsync: some drivers (dummy, Xvfb) refuse it; fall back to software */
    if (s.win)
        s.ren = SDL_CreateRenderer(s.win, -1, 0);
    if (s.win && !s.ren)
        s.ren = SDL_CreateRenderer(s.win, -1, SDL_RENDERER_SOFTWARE);
    if (!s.win || !s.ren || screen_fit(&s) != 0) {
        fprintf(stderr, "warpsim viz: cannot open a window: %s\n", SDL_GetError());
        goto out;
    }
    v->interactive = true;
    bool quit = false, dirty = true;
    Uint32 next_tick = SDL_GetTicks();
    while (!quit) {
        if (dirty) {
            if (screen_fit(&s) != 0) {
                fprintf(stderr, "warpsim viz: out of memory or font missing\n");
                goto out;
            }
            present(&s, v);
            dirty = false;
        }
        SDL_Event e;
        if (script && script_event(&script, &e, s.win))
            SDL_PushEvent(&e);
        else
            script = NULL;
        int timeout = 100;
        if (v->playing) {
            Sint32 left = (Sint32)(next_tick - SDL_GetTicks());
            timeout = left < 0 ? 0 : left;
        }
        if (SDL_WaitEventTimeout(&e, timeout)) {
            do {
                switch (e.type) {
                case SDL_QUIT: quit = true; break;
                case SDL_KEYDOWN: quit = on_key(v, &e.key) || quit; dirty = true; break;
                case SDL_WINDOWEVENT:
                    if (e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED || e.window.event == SDL_WINDOWEVENT_EXPOSED)
                        dirty = true;
                    break;
                case SDL_USEREVENT: dirty = true; break;
                default: break;
                }
            } while (!quit && SDL_PollEvent(&e));
        }
        if (v->playing && (Sint32)(SDL_GetTicks() - next_tick) >= 0) {
            if (!step_by(v, 1))
                v->playing = false;
            next_tick = SDL_GetTicks() + (Uint32)(1000 / v->speed);
            dirty = true;
        }
    }
    printf("warpsim viz: closed at block %u warp %u step %zu/%zu\n", v->rec->block, v->warp,
           v->norder ? v->pos + 1 : 0, v->norder);
    rc = 0;
out:
    screen_free(&s);
    if (s.ren)
        SDL_DestroyRenderer(s.ren);
    if (s.win)
        SDL_DestroyWindow(s.win);
    SDL_Quit();
    return rc;
}
