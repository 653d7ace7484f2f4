/* The verbs of the warpsim command, and helpers they share. */
#ifndef WS_COMMANDS_H
#define WS_COMMANDS_H

#include <stdio.h>

#include "opcodes.h"
#include "warpsim/warpsim.h"

int cmd_run(int argc, char **argv);
/* Set by the command's main, whose process ends when the verb returns: cmd_run then leaves its
 * machine and module to the exit, which gives a process's memory back at once (freeing them piece
 * by piece, the timing state's munmap among them, cost ~20 us of a one-warp run's start-up;
 * docs/performance.md, start18). 0 for in-process runs (embed.c), which free what they take, and
 * in builds with AddressSanitizer, whose leak report would list them. */
extern int cmd_run_leave_to_exit;
int cmd_shfl(int argc, char **argv);
int cmd_vote(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_print(int argc, char **argv);
int cmd_step(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_exec(int argc, char **argv);
/* in warpsim: runs warpsim-viz (cmd_viz_exec.c); in warpsim-viz: the viewer (cmd_viz.c) */
int cmd_viz(int argc, char **argv);

/* file:line:column: message, the source line and a caret, as compilers print them */
void print_parse_error(FILE *f, const ws_parse_error *e);

/* The lane-table text trace: an event consumer that prints each executed instruction with a
 * row per lane group. */
typedef struct trace_text trace_text;
trace_text *trace_text_create(FILE *out, const ws_module *m, const ws_kernel *k, ws_mode mode);
void trace_text_event(void *user, const ws_event *ev);
void trace_text_destroy(trace_text *t);
/* Show only one block and/or one warp (-1: all). */
void trace_text_only(trace_text *t, int64_t block, int64_t warp);
/* Name a buffer so pointers into it print as LABEL+OFFSET. */
void trace_text_add_buffer(trace_text *t, const char *label, uint64_t base, uint64_t size);
/* Bytes written so far (warpsim run's --max-output bounds each trace). */
uint64_t trace_text_bytes(const trace_text *t);

#endif
