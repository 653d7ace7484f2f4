/* The prepared kernel's timing tables (ws_timing_kernel, timing_state.h), built once per kernel at its first timing
 * launch: each instruction's timing facts (timing_info.c) and what they need first (the folds, the narrowed forms,
 * the pipes ptxas gives adds and half pairs), ptxas's schedule (schedule.h) with the latencies and pipes it weighs,
 * and the rules read from ptxas's stall counts and order (stall.imad_fma, stall.hfma2, stall.half_read,
 * pipe.imad_read, pick.young).
 */
#ifndef WS_TIMING_TABLES_H
#define WS_TIMING_TABLES_H

#include "timing_state.h"

/* The kernel's timing tables into tk, built on t's fields (ws_timing_info_of and the schedule read them there; t: the
 * kernel's first timing launch's state, its preset parsed), which borrow them. 0, or -1 when out of memory (what was
 * built is tk's to free). */
int ws_timing_build_tables(ws_timing *t, const ws_launch_ctx *L, ws_timing_kernel *tk);

#endif
