/* window: the interactive viewer. SDL2 presents the canvas that draw.c fills; nothing is
 * drawn with SDL itself. */
#ifndef VIZ_WINDOW_H
#define VIZ_WINDOW_H

#include "view.h"

/* Opens a resizable window of w x h and replays v until the user quits. script, when not
 * NULL, is a list of keys fed to the window as SDL events, one per frame, separated by
 * commas or blanks: right left space n w W + - home end q esc, wait (one frame), and
 * size=WxH (resizes the window). Returns 0, or -1 when no window could be opened. */
int viz_window_run(viz_view *v, const char *font_path, int w, int h, const char *script);

#endif
