/* Each instruction's timing facts (timing_info, timing_state.h): what issuing it does to the scoreboard and the
 * pipes, decided once per kernel from its form, the preset and what ptxas does with it (folds, narrowed forms, the
 * pipes of adds and half pairs: the tables timing_tables.c builds before); --slow-path timing computes them at each
 * use (timing.c info_of), the reference the table must agree with.
 */
#ifndef WS_TIMING_INFO_H
#define WS_TIMING_INFO_H

#include "timing_state.h"

/* What issuing instruction pc of code does to the scoreboard, rounded to whole cycles as the issue rounds them. */
timing_info ws_timing_info_of(const ws_timing *t, const ws_insn *code, uint32_t pc);
/* The latency of instruction pc (in) with the access mc, as ptxas makes its SASS (latency_of, timing_latency.h, but
 * for the forms ptxas changes). */
double ws_timing_insn_latency(const ws_timing *t, uint32_t pc, const ws_insn *in, const mem_cost *mc);
/* The SASS instructions of instruction pc in the cold code's lines (ifetch.h). */
unsigned ws_timing_sass_count(const ws_timing *t, const ws_insn *code, uint32_t pc);

#endif
