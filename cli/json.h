/* json.h: a small streaming JSON writer, and shortest round-trip float formatting.
 *
 * The writer emits to a FILE* or to a growable buffer. Values are written in document order:
 * begin/end objects and arrays, ws_json_key() before each member value. Commas, and in pretty
 * mode newlines and two-space indentation, are added by the writer: object members go one per
 * line; an array stays on one line ("[1, 2, 3]") unless it holds objects or arrays, which then
 * start on lines of their own. Misuse (a member without a key, an unbalanced end, nesting
 * beyond WS_JSON_MAX_DEPTH) and I/O or memory failures set a sticky error that
 * ws_json_status() returns; nothing asserts or prints.
 *
 * Strings: '"' and '\\' are escaped, \b \f \n \r \t use their short forms, other control
 * characters and DEL become \u00XX. Valid UTF-8 passes through unchanged; a byte that is not
 * part of a valid UTF-8 sequence (stray continuation, overlong form, surrogate, beyond
 * U+10FFFF, truncated sequence) is written as \u00XX of its own value (a Latin-1 reading), so
 * that the output is always valid JSON and no byte is lost silently.
 *
 * Numbers: integers exactly (u64 and s64). Floats as the shortest decimal that reads back to
 * the same bits (ws_fmt_f32/ws_fmt_f64), negative zero as -0.0 (so that parsers that read
 * "-0" as the integer 0 keep the sign). JSON has no NaN or infinity: they are written as the
 * strings "inf", "-inf" and "nan"; a NaN other than the canonical positive quiet NaN
 * (0x7fc00000, 0x7ff8000000000000) is written as "nan:0x" followed by all of its bits in hex
 * (8 or 16 digits; e.g. "nan:0x7fc00001", "nan:0xffc00000"), so JSON keeps every bit.
 *
 * Text uses the C library's %g and strtod, so the "C" LC_NUMERIC locale is assumed.
 */
#ifndef WARPSIM_CLI_JSON_H
#define WARPSIM_CLI_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Shortest round-trip text of a float: the fewest significant digits (1..9 for f32, 1..17
 * for f64) that strtof/strtod read back to the same bits, laid out like Python's repr:
 * positional for decimal exponents -4 to 15 (496, 0.1, 1000, 0.0001, 16777216), else
 * d.ddde+XX with at least two exponent digits (1e-05, 1e-45, 3.4028235e+38, 1e+16). Special
 * values give "nan" (any NaN: sign and payload not shown), "inf", "-inf" and "-0". buf must
 * hold WS_FMT_FLOAT_MAX bytes; returns the length. */
#define WS_FMT_FLOAT_MAX 32
size_t ws_fmt_f32(char *buf, float v);
size_t ws_fmt_f64(char *buf, double v);
/* v in decimal, as printf's %llu / %lld write it (not terminated: at most 20 characters); the
 * length. printf's format reading costs ~600 host instructions a number (docs/performance.md, start18). */
size_t ws_fmt_u64(char *buf, uint64_t v);
size_t ws_fmt_i64(char *buf, int64_t v);

#define WS_JSON_MAX_DEPTH 32

enum {
    WS_JSON_PRETTY = 1u << 0, /* newlines and indentation (see above); else one line */
};

enum {
    WS_JSON_OK = 0,
    WS_JSON_EIO = 1,     /* the FILE* reported an error */
    WS_JSON_ENOMEM = 2,  /* the buffer could not grow */
    WS_JSON_EMISUSE = 3, /* calls out of order */
};

/* The writer's state; treat the fields as private. */
typedef struct {
    FILE *fp;        /* output, or NULL for the buffer */
    uint64_t *count; /* when set (after init), every byte written is counted there too */
    char *buf;       /* buffer output (NUL-terminated while no error) */
    size_t len, cap;
    unsigned flags;
    int depth;
    bool want_value; /* a key was written, its value comes next */
    int err;
    struct {
        bool is_object;
        bool multiline; /* pretty arrays: an element went on its own line */
        size_t count;   /* members or elements written */
    } level[WS_JSON_MAX_DEPTH];
} ws_json;

void ws_json_init_file(ws_json *j, FILE *fp, unsigned flags);
void ws_json_init_buffer(ws_json *j, unsigned flags);
/* Buffer output: the text written so far (NUL-terminated; "" when empty or on error). */
const char *ws_json_text(const ws_json *j, size_t *len);
/* Buffer output: hands the malloc'd text to the caller (NULL when empty or on error) and
 * resets the buffer. */
char *ws_json_take(ws_json *j, size_t *len);
void ws_json_free(ws_json *j);        /* frees the buffer; a FILE* is left open */
int ws_json_status(const ws_json *j); /* WS_JSON_OK or the first error; also checks that
                                         every object and array was closed */

void ws_json_begin_object(ws_json *j);
void ws_json_end_object(ws_json *j);
void ws_json_begin_array(ws_json *j);
void ws_json_end_array(ws_json *j);
void ws_json_key(ws_json *j, const char *key);

void ws_json_string(ws_json *j, const char *s);             /* NULL writes null */
void ws_json_string_n(ws_json *j, const char *s, size_t n); /* may hold NUL bytes */
void ws_json_u64(ws_json *j, uint64_t v);
void ws_json_s64(ws_json *j, int64_t v);
void ws_json_f32(ws_json *j, float v);
void ws_json_f64(ws_json *j, double v);
void ws_json_bool(ws_json *j, bool v);
void ws_json_null(ws_json *j);
/* A complete JSON value written verbatim (the caller vouches that it is valid). */
void ws_json_raw(ws_json *j, const char *json);

#endif
