/* window: an SDL2 window around draw.c. Events move the view; each change redraws the
 * canvas, which is copied to a streaming texture and presented. */
#include "window.h"
#include "draw.h"
#include "provenance.h"

#include <SDL.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Texture *tex;
    viz_canvas canvas;
    viz_fonts fonts;
    const char *font_path;
    viz_scene *scene; /* the frame on screen, for clicks */
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
    viz_scene_build(s->scene, v);
    viz_draw_scene(&s->canvas, &s->fonts, v, s->scene);
    SDL_UpdateTexture(s->tex, NULL, s->canvas.px, s->canvas.w * 4);
    SDL_RenderClear(s->ren);
    SDL_RenderCopy(s->ren, s->tex, NULL, NULL);
    SDL_RenderPresent(s->ren);
}

/* ---- no display: say so at once ------------------------------------------------------------------ */

static const char no_display_hint[] =
    "  render without one: --png DIR (a PNG per frame), --gif FILE (an animated GIF) or\n"
    "  --frames-json FILE (every frame as data)\n";

static void no_display(const char *why) { fprintf(stderr, "warpsim viz: no display: %s\n%s", why, no_display_hint); }

/* Connecting to an unreachable X server can block for minutes: give up after a few seconds. */
static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "warpsim viz: no display: the display did not answer within 5 seconds\n";
    if (write(2, msg, sizeof msg - 1) < 0 || write(2, no_display_hint, sizeof no_display_hint - 1) < 0)
        _exit(VIZ_NO_DISPLAY);
    _exit(VIZ_NO_DISPLAY);
}

/* Starts SDL video on a real display; returns 0, or VIZ_NO_DISPLAY after saying why. */
static int open_video(void)
{
    const char *asked = getenv("SDL_VIDEODRIVER");
    bool chosen = asked && *asked;
    if (!chosen && !getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY")) {
        no_display("neither DISPLAY nor WAYLAND_DISPLAY is set");
        return VIZ_NO_DISPLAY;
    }
    void (*old)(int) = signal(SIGALRM, on_alarm);
    unsigned left = alarm(5);
    int rc = SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS);
    alarm(left);
    signal(SIGALRM, old);
    if (rc != 0) {
        char why[300];
        snprintf(why, sizeof why, "SDL cannot start its video: %s", SDL_GetError());
        no_display(why);
        return VIZ_NO_DISPLAY;
    }
    /* SDL falls back to drivers that show nothing; only when asked for (tests) are they fine */
    const char *drv = SDL_GetCurrentVideoDriver();
    if (!chosen && drv && (!strcmp(drv, "offscreen") || !strcmp(drv, "dummy") || !strcmp(drv, "evdev"))) {
        char why[200];
        snprintf(why, sizeof why, "SDL found no display, only its \"%s\" driver", drv);
        no_display(why);
        SDL_Quit();
        return VIZ_NO_DISPLAY;
    }
    return 0;
}

/* ---- input --------------------------------------------------------------------------------------- */

/* The next word of the script as an SDL event; false at its end. */
static bool script_event(const char **sp, SDL_Event *e, screen *s)
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
    int ww, hh, lane;
    if (!strcmp(w, "right"))
        k = SDLK_RIGHT;
    else if (!strcmp(w, "left"))
        k = SDLK_LEFT;
    else if (!strcmp(w, "space"))
        k = SDLK_SPACE;
    else if (!strcmp(w, "home"))
        k = SDLK_HOME;
    else if (!strcmp(w, "end"))
        k = SDLK_END;
    else if (!strcmp(w, "esc"))
        k = SDLK_ESCAPE;
    else if (!strcmp(w, "+"))
        k = SDLK_PLUS;
    else if (!strcmp(w, "-"))
        k = SDLK_MINUS;
    else if (!strcmp(w, "["))
        k = SDLK_LEFTBRACKET;
    else if (!strcmp(w, "]"))
        k = SDLK_RIGHTBRACKET;
    else if (!strcmp(w, "W")) {
        k = SDLK_w;
        e->key.keysym.mod = KMOD_LSHIFT;
    } else if (strlen(w) == 1 && w[0] >= 'a' && w[0] <= 'z')
        k = (SDL_Keycode)w[0];
    else if (sscanf(w, "size=%dx%d", &ww, &hh) == 2) {
        SDL_SetWindowSize(s->win, ww, hh);
        e->type = SDL_USEREVENT; /* a frame to let the resize arrive */
        return true;
    } else if (sscanf(w, "lane=%d", &lane) == 1 && lane >= 0 && lane < 32) {
        /* a click in the middle of the lane's column, in window coordinates */
        viz_layout L;
        viz_layout_compute(&L, s->canvas.w, s->canvas.h, s->scene, 0);
        int winw, winh;
        SDL_GetWindowSize(s->win, &winw, &winh);
        e->type = SDL_MOUSEBUTTONDOWN;
        e->button.button = SDL_BUTTON_LEFT;
        e->button.state = SDL_PRESSED;
        e->button.x = (int)(viz_lane_cx(&L, (unsigned)lane) * winw / s->canvas.w);
        e->button.y = (L.y_ops + 2) * winh / s->canvas.h;
        return true;
    } else
        e->type = SDL_USEREVENT; /* "wait" and anything unknown: one frame */
    e->key.keysym.sym = k;
    return true;
}

static bool step_by(viz_view *v, int d)
{
    if (d > 0 && v->pos + 1 < v->nframes) {
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

static void select_lane(viz_view *v, int lane)
{
    v->lane = lane;
    v->lane_auto = lane >= 0; /* hiding it hides the result frame's too */
}

/* Returns true when the viewer should close. */
static bool on_key(viz_view *v, const SDL_KeyboardEvent *k)
{
    bool shift = (k->keysym.mod & KMOD_SHIFT) != 0;
    int cur = viz_view_lane(v);
    switch (k->keysym.sym) {
    case SDLK_q: return true;
    case SDLK_ESCAPE:
        if (cur < 0)
            return true;
        select_lane(v, -1);
        break;
    case SDLK_p: select_lane(v, cur >= 0 ? -1 : 0); break;
    case SDLK_LEFTBRACKET: select_lane(v, cur > 0 ? cur - 1 : 31); break;
    case SDLK_RIGHTBRACKET: select_lane(v, cur >= 0 && cur < 31 ? cur + 1 : 0); break;
    case SDLK_SPACE:
        v->playing = !v->playing;
        if (v->playing && v->pos + 1 >= v->nframes)
            v->pos = 0; /* play again from the start */
        break;
    case SDLK_RIGHT:
        step_by(v, 1);
        v->playing = false;
        break;
    case SDLK_LEFT:
        step_by(v, -1);
        v->playing = false;
        break;
    case SDLK_HOME: v->pos = 0; break;
    case SDLK_END: v->pos = v->nframes ? v->nframes - 1 : 0; break;
    case SDLK_PLUS:
    case SDLK_EQUALS:
    case SDLK_KP_PLUS: v->speed = v->speed * 1.5 > 60 ? 60 : v->speed * 1.5; break;
    case SDLK_MINUS:
    case SDLK_KP_MINUS: v->speed = v->speed / 1.5 < .25 ? .25 : v->speed / 1.5; break;
    case SDLK_n:
        viz_view_next_shfl(v);
        v->playing = false;
        break;
    case SDLK_m:
        viz_view_next_mem(v);
        v->playing = false;
        break;
    case SDLK_w: cycle_warp(v, shift ? -1 : 1); break;
    default: break;
    }
    return false;
}

/* A click: on a lane column selects that lane (again: hides it), on a strip row its warp. */
static void on_click(viz_view *v, screen *s, int wx, int wy)
{
    int winw, winh;
    SDL_GetWindowSize(s->win, &winw, &winh);
    int x = winw ? wx * s->canvas.w / winw : wx, y = winh ? wy * s->canvas.h / winh : wy;
    viz_layout L;
    viz_layout_compute(&L, s->canvas.w, s->canvas.h, s->scene, v->rec->nwatch);
    if (y >= L.y_strip && y < L.y_strip + L.h_strip && s->scene->nwarps) {
        float rowh = (float)(L.h_strip - (int)(24 * L.s)) / (float)s->scene->nwarps;
        int w = (int)((y - L.y_strip - (int)(20 * L.s)) / rowh);
        if (w >= 0 && (unsigned)w < s->scene->nwarps)
            viz_view_set_warp(v, (uint32_t)w);
        return;
    }
    int lane = viz_lane_at(&L, x);
    if (lane >= 0 && y >= L.y_lane && y < L.y_strip)
        select_lane(v, lane == viz_view_lane(v) ? -1 : lane);
}

int viz_window_run(viz_view *v, const char *font_path, int w, int h, const char *script)
{
    int rc = open_video();
    if (rc != 0)
        return rc;
    screen s = {.font_path = font_path, .scene = malloc(sizeof(viz_scene))};
    rc = -1;
    if (s.scene)
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
    viz_scene_build(s.scene, v);
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
        if (script && script_event(&script, &e, &s))
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
                case SDL_KEYDOWN:
                    quit = on_key(v, &e.key) || quit;
                    dirty = true;
                    break;
                case SDL_MOUSEBUTTONDOWN:
                    if (e.button.button == SDL_BUTTON_LEFT)
                        on_click(v, &s, e.button.x, e.button.y);
                    dirty = true;
                    break;
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
    /* where the viewer was: the frame, and what it showed of banks and provenance */
    viz_scene_build(s.scene, v);
    printf("warpsim viz: closed at block %u warp %u step %zu/%zu", v->rec->block, v->warp, v->nframes ? v->pos + 1 : 0,
           v->nframes);
    if (s.scene->banks.present)
        printf(", banks: %u-way, %u wavefront%s", s.scene->banks.degree, s.scene->banks.map.wavefronts,
               s.scene->banks.map.wavefronts == 1 ? "" : "s");
    int lane = viz_view_lane(v);
    rec_ref ref = viz_scene_lane_value(s.scene, lane);
    if (ref != REC_NONE) {
        char val[VIZ_TEXT], lanes[128];
        viz_node_text(v->rec, ref, (unsigned)lane, val, sizeof val);
        rec_prov p = viz_value_prov(v->rec, ref, (unsigned)lane);
        printf(", lane %d = %s from lanes %s", lane, val, viz_lanes_text(p.lanes, lanes, sizeof lanes));
    }
    printf("\n");
    rc = 0;
out:
    screen_free(&s);
    free(s.scene);
    if (s.ren)
        SDL_DestroyRenderer(s.ren);
    if (s.win)
        SDL_DestroyWindow(s.win);
    SDL_Quit();
    return rc;
}
