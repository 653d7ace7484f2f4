/* window: the interactive viewer. SDL2 presents the canvas that draw.c fills; nothing is
 * drawn with SDL itself. */
#ifndef VIZ_WINDOW_H
#define VIZ_WINDOW_H

#include "options.h"
#include "view.h"

/* The exit status of `warpsim viz` when there is no display to open a window on (documented in
 * docs/cli.md and `warpsim viz --help`). */
#define VIZ_NO_DISPLAY CLI_EXIT_NO_DISPLAY

/* Opens a resizable window of w x h and replays v until the user quits. script, when not
 * NULL, is a list of keys fed to the window as SDL events, one per frame, separated by
 * commas or blanks: right left space n m w W + - home end [ ] p q esc, wait (one frame),
 * lane=N (a click on lane N's column) and size=WxH (resizes the window).
 * With no display (no DISPLAY or WAYLAND_DISPLAY, SDL falling back to its offscreen or dummy
 * driver unasked, or SDL unable to start its video), it stops at once: a message naming
 * --png and --gif, and VIZ_NO_DISPLAY. Returns 0, VIZ_NO_DISPLAY, or -1 when the window failed. */
int viz_window_run(viz_view *v, const char *font_path, int w, int h, const char *script);

#endif
