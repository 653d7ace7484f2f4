/* diag: what a launch reports. Diagnostics (once per kind and pc, with a count and the lanes),
 * the stop of a launch with its status and message, and the kernel's printf text. Every other
 * file of sim/ reports through these; none prints. */
#ifndef WS_DIAG_H
#define WS_DIAG_H

#include "sim.h"

/* A diagnostic of kind at the executing instruction (x->pc) for lanes, with a message. */
void ws_diag_report(ws_exec *x, ws_diag_kind kind, uint32_t lanes, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Stops every block of the launch with st; the first stop's message is kept. */
void ws_launch_stop(ws_launch_ctx *L, ws_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* printf text of the running block, written out in block order. */
void ws_output(ws_launch_ctx *L, const char *text, size_t len);

#endif
