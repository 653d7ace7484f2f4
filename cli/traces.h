/* The machine-readable trace writers of `warpsim run`: JSON lines, the Chrome/Perfetto trace
 * event format, and VCD for waveform viewers. Each is a ws_event consumer (ws_event_fn) that
 * depends on the event API alone; cmd_run fans every event out to all that are open.
 *
 * open: NULL on failure, with errno set (the caller names the file). close: writes what must
 * come last (the Perfetto array's end, the VCD header and body), frees, and returns 0, or -1
 * when the file could not be written completely. */
#ifndef WS_TRACES_H
#define WS_TRACES_H

#include <stdio.h>

#include "opcodes.h" /* the opcode table: latency classes, shuffle rows */
#include "warpsim/warpsim.h"

/* What the writers say about the run besides its events. */
typedef struct {
    const char *ptx_path;
    ws_mode mode;
    unsigned grid[3], block[3];
} trace_meta;

#define TRACE_JSON_VERSION 1

typedef struct trace_json trace_json;
trace_json *trace_json_open(const char *path, const ws_module *m, const ws_kernel *k, const trace_meta *meta);
void trace_json_event(void *user, const ws_event *ev);
int trace_json_close(trace_json *t);
uint64_t trace_json_bytes(const trace_json *t); /* written so far (--max-output) */

typedef struct trace_perfetto trace_perfetto;
trace_perfetto *trace_perfetto_open(const char *path, const ws_module *m, const ws_kernel *k, const trace_meta *meta);
void trace_perfetto_event(void *user, const ws_event *ev);
int trace_perfetto_close(trace_perfetto *t);
uint64_t trace_perfetto_bytes(const trace_perfetto *t);

/* regs: comma-separated register names ("%r7,%f2" or "r7,f2"), NULL for every register the
 * kernel writes. block: the linear block index to record (VCD shows one block). Unknown
 * register names make open fail with errno = EINVAL and the name in *bad (static storage). */
typedef struct trace_vcd trace_vcd;
trace_vcd *trace_vcd_open(const char *path, const ws_module *m, const ws_kernel *k, const trace_meta *meta,
                          const char *regs, unsigned block, const char **bad);
void trace_vcd_event(void *user, const ws_event *ev);
int trace_vcd_close(trace_vcd *t);
uint64_t trace_vcd_bytes(const trace_vcd *t);

/* Names shared by the writers. */
const char *trace_event_kind_name(ws_event_kind k);
const char *trace_space_name(unsigned space);

#endif
