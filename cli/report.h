/* report.h: the output of a run, written the same way by `warpsim run` and `warpsim-hwrun`,
 * so that the two can be compared byte for byte (apart from the stats the caller supplies).
 *
 * Text report (ws_report_text):
 *   1. the kernel's printf output verbatim (a newline is added if it does not end in one);
 *   2. every buffer argument, in argument order, after the run:
 *        == LABEL TYPE[N]
 *      then its values separated by one space, 8 per line for 4- and 8-byte types and 16 per
 *      line for 1- and 2-byte types; integers in decimal (unsigned types unsigned), floats
 *      as ws_fmt_f32/ws_fmt_f64 write them (shortest round-trip; -0, nan, inf, -inf; NaN
 *      payloads are not shown in text). Scalars are not printed. (ws_report_text_abbrev
 *      shortens long buffers.)
 *   3. one summary line:
 *        -- kernel NAME grid X,Y,Z block X,Y,Z: key=value key=value ...
 *      with the caller's stats in their order: integers in decimal, floats shortest
 *      round-trip, strings always in double quotes with \" \\ \n \t and \xNN escapes.
 *
 * JSON report (ws_report_json), one document:
 *   {"kernel": NAME, "grid": [X, Y, Z], "block": [X, Y, Z],
 *    "args": [{"label": L, "type": "f32", "count": N} (buffers) or
 *             {"label": L, "type": "u32", "value": V} (scalars), ...],
 *    "stdout": TEXT,
 *    "buffers": {LABEL: [values...], ...},
 *    "stats": {KEY: VALUE, ...},
 *    "diagnostics": [{...}, ...]}
 *   and, where the kernel launched grids from the device (ws_report_json_grids),
 *    "device_launches": [{"kernel": NAME, "grid": [...], "block": [...], "stats": {...}}, ...],
 *    "device_launch_note": TEXT  (what the numbers of those grids model, and what not)
 *   The text report shows them after the summary line, one line each:
 *        -- device launch I: kernel NAME grid X,Y,Z block X,Y,Z: key=value ...
 *   then the note as a line of its own, "-- note: TEXT".
 *   Values follow json.h: integers exact, floats shortest round-trip, -0 as -0.0, and
 *   "nan", "inf", "-inf" or "nan:0xBITS" (a NaN other than the canonical quiet one, with all
 *   its bits) as strings, so every bit of every buffer survives.
 */
#ifndef WARPSIM_CLI_REPORT_H
#define WARPSIM_CLI_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "launch.h"

/* One statistic. Build them with the helpers below, e.g.
 *   ws_stat stats[] = { ws_stat_uint("cycles", 1234), ws_stat_str("gpu", name) }; */
typedef enum { WS_STAT_INT, WS_STAT_UINT, WS_STAT_FLOAT, WS_STAT_STRING, WS_STAT_BOOL } ws_stat_kind;

typedef struct {
    const char *key; /* a short word: letters, digits, '_' */
    ws_stat_kind kind;
    union {
        int64_t i;
        uint64_t u;
        double f;
        const char *s;
        bool b;
    } v;
} ws_stat;

static inline ws_stat ws_stat_int(const char *key, int64_t v)
{
    ws_stat s = {key, WS_STAT_INT, {.i = v}};
    return s;
}
static inline ws_stat ws_stat_uint(const char *key, uint64_t v)
{
    ws_stat s = {key, WS_STAT_UINT, {.u = v}};
    return s;
}
static inline ws_stat ws_stat_float(const char *key, double v)
{
    ws_stat s = {key, WS_STAT_FLOAT, {.f = v}};
    return s;
}
static inline ws_stat ws_stat_bool(const char *key, bool v)
{
    ws_stat s = {key, WS_STAT_BOOL, {.b = v}};
    return s;
}
static inline ws_stat ws_stat_str(const char *key, const char *v)
{
    ws_stat s = {key, WS_STAT_STRING, {.s = v}};
    return s;
}

/* One diagnostic for the JSON report (named apart from the simulator's ws_diag, which the
 * caller converts). Start from WS_REPORT_DIAG_INIT so that the optional fields read
 * "absent". In JSON: {"severity": "warning", "kind": K, "message": M, "pc": PC,
 * "line": LINE, "lanes": MASK, "warp": W, "block": B}, absent fields left out. When json is
 * non-NULL it is written instead, verbatim: a complete object the caller built (for example
 * with ws_json on a buffer). */
typedef enum { WS_DIAG_NOTE, WS_DIAG_WARNING, WS_DIAG_ERROR } ws_diag_severity;

typedef struct {
    ws_diag_severity severity;
    const char *kind;    /* a short machine-readable name ("src-not-executing"); NULL: absent */
    const char *message; /* the human sentence; NULL: absent */
    int64_t pc;          /* instruction index; < 0: absent */
    int line;            /* PTX source line; <= 0: absent */
    uint32_t lanes;      /* lanes concerned, bit i = lane i; 0: absent */
    int warp;            /* warp within the block; < 0: absent */
    int64_t block;       /* linear block index x + y*gx + z*gx*gy; < 0: absent */
    const char *json;    /* non-NULL: a pre-built JSON object written instead of the above */
} ws_report_diag;

#define WS_REPORT_DIAG_INIT {WS_DIAG_WARNING, NULL, NULL, -1, 0, 0, -1, -1, NULL}

const char *ws_diag_severity_name(ws_diag_severity s); /* "note", "warning", "error" */

/* The text report (see above) to fp. kernel_name: the kernel that ran (the resolved name,
 * not l->kernel, which may be NULL). printf_text may be NULL when printf_len is 0. Returns 0,
 * or -1 if fp reported a write error. */
int ws_report_text(FILE *fp, const ws_launch *l, const char *kernel_name,
                   const char *printf_text, size_t printf_len, const ws_stat *stats,
                   size_t nstats);

/* ws_report_text, with all_values false: a buffer of more than WS_REPORT_ABBREV_VALUES values
 * shows its first and last WS_REPORT_EDGE_ROWS rows around one line
 *   ... N values not shown (rows A to B of R; --all-values shows them, --out DIR writes .npy)
 * (`warpsim run` without --all-values: a 10-million-value buffer is not 1.25 million lines). */
#define WS_REPORT_ABBREV_VALUES 1024
#define WS_REPORT_EDGE_ROWS 4
int ws_report_text_abbrev(FILE *fp, const ws_launch *l, const char *kernel_name, const char *printf_text,
                          size_t printf_len, const ws_stat *stats, size_t nstats, bool all_values);

/* The JSON report (see above) to fp, pretty-printed and followed by a newline. Returns 0, or
 * -1 on a write error. */
int ws_report_json(FILE *fp, const ws_launch *l, const char *kernel_name,
                   const char *printf_text, size_t printf_len, const ws_stat *stats,
                   size_t nstats, const ws_report_diag *diags, size_t ndiags);

/* A grid the kernel launched from the device (CUDA dynamic parallelism), with its own stats. */
typedef struct {
    const char *kernel;
    unsigned grid[3], block[3];
    const ws_stat *stats;
    size_t nstats;
} ws_report_grid;

/* ws_report_json with the device-launched grids and the note on what their numbers model. */
int ws_report_json_grids(FILE *fp, const ws_launch *l, const char *kernel_name, const char *printf_text,
                         size_t printf_len, const ws_stat *stats, size_t nstats, const ws_report_diag *diags,
                         size_t ndiags, const ws_report_grid *grids, size_t ngrids, const char *note);
/* The text lines of the device-launched grids and the note (nothing when ngrids is 0). */
int ws_report_grids_text(FILE *fp, const ws_report_grid *grids, size_t ngrids, const char *note);

#endif
