/* launch.c: parsing of the run specification (see launch.h for the grammar).
 *
 * Command-line words and ARGSFILE words go through one path: apply_word() looks at a word and
 * the one after it (an option's value may be the next word), whatever their origin. A word
 * carries its location (argv index, or line and column in a file) so that every error can
 * point at the character it is about. Values are parsed from bounded copies of their text
 * with hand-written syntax checks before strtof/strtod, so that the C library never accepts
 * more than the grammar says (no "nan(...)", no leading blanks, no "infinity" in odd places).
 */
#include "launch.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---------------------------------------------------------------------------------------- */
/* Element types                                                                             */

/* clang-format off */
static const struct {
    const char *name;
    unsigned char size;
    bool is_float, is_signed;
} elem_info[WS_ELEM_COUNT] = {
    [WS_ELEM_U8]  = { "u8",  1, false, false },
    [WS_ELEM_S8]  = { "s8",  1, false, true  },
    [WS_ELEM_U16] = { "u16", 2, false, false },
    [WS_ELEM_S16] = { "s16", 2, false, true  },
    [WS_ELEM_U32] = { "u32", 4, false, false },
    [WS_ELEM_S32] = { "s32", 4, false, true  },
    [WS_ELEM_U64] = { "u64", 8, false, false },
    [WS_ELEM_S64] = { "s64", 8, false, true  },
    [WS_ELEM_F32] = { "f32", 4, true,  false },
    [WS_ELEM_F64] = { "f64", 8, true,  false },
};
/* clang-format on */

static bool elem_ok(ws_elem t) { return (unsigned)t < WS_ELEM_COUNT; }
size_t ws_elem_size(ws_elem t) { return elem_ok(t) ? elem_info[t].size : 0; }
const char *ws_elem_name(ws_elem t) { return elem_ok(t) ? elem_info[t].name : "?"; }
bool ws_elem_is_float(ws_elem t) { return elem_ok(t) && elem_info[t].is_float; }
bool ws_elem_is_signed(ws_elem t) { return elem_ok(t) && elem_info[t].is_signed; }

uint64_t ws_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* ---------------------------------------------------------------------------------------- */
/* Life cycle                                                                                */

void ws_launch_init(ws_launch *l)
{
    memset(l, 0, sizeof *l);
    l->grid[0] = l->grid[1] = l->grid[2] = 1;
    l->block[0] = 32;
    l->block[1] = l->block[2] = 1;
}

void ws_launch_free(ws_launch *l)
{
    free(l->ptx_path);
    free(l->kernel);
    for (size_t i = 0; i < l->nargs; i++)
        free(l->args[i].data);
    free(l->args);
    ws_launch_init(l);
}

/* ---------------------------------------------------------------------------------------- */
/* Locations and errors                                                                      */

/* Where words come from: the command line (file == NULL) or one ARGSFILE. */
typedef struct {
    const char *file; /* ARGSFILE path as opened, NULL for the command line */
    const char *dir;  /* base of relative paths, "" for the current directory */
    int depth;        /* ARGSFILE nesting, 0 on the command line */
} src_ctx;

/* A NUL-terminated string and where its first character sits. */
typedef struct {
    const char *s;
    int arg;           /* argv index (command line), 0 in a file */
    int line, col;     /* line (0 on the command line) and 1-based column of s[0] */
    const char *whole; /* the argv word, or the file line, for error displays; may be NULL */
    size_t whole_len;
} loc_str;

/* "'text'" for the text at p (at most 24 characters, non-printables as \xNN), or "the end
 * of the word" when there is none. */
static const char *found(char *buf, size_t size, const char *p)
{
    if (!p || !*p) {
        snprintf(buf, size, "the end of the word");
        return buf;
    }
    size_t n = 0;
    buf[n++] = '\'';
    for (int k = 0; p[k] && n + 8 < size; k++) {
        if (k == 24) {
            n += (size_t)snprintf(buf + n, size - n, "...");
            break;
        }
        unsigned char ch = (unsigned char)p[k];
        if (ch >= 0x20 && ch < 0x7f)
            buf[n++] = (char)ch;
        else
            n += (size_t)snprintf(buf + n, size - n, "\\x%02x", ch);
    }
    buf[n++] = '\'';
    buf[n] = '\0';
    return buf;
}

/* Fills err for a problem at character `at` of w (NULL: the whole word); returns -1. */
static int fail(ws_launch_error *err, const src_ctx *c, const loc_str *w, const char *at,
                const char *fmt, ...)
{
    memset(err, 0, sizeof *err);
    if (w) {
        int off = at ? (int)(at - w->s) : 0;
        if (c && c->file) {
            snprintf(err->file, sizeof err->file, "%s", c->file);
            err->line = w->line;
            err->column = w->col + off;
        } else {
            err->arg = w->arg;
            err->column = at ? w->col + off : 0;
        }
        if (w->whole) { /* a window of the line around the column, escaped */
            size_t pos = err->column > 0 ? (size_t)err->column - 1 : 0, from = pos > 60 ? pos - 60 : 0, o = 0;
            const size_t cap = sizeof err->source;
            if (from)
                o = (size_t)snprintf(err->source, cap, "...");
            size_t i = from;
            for (; i < w->whole_len && o + 8 < cap; i++) {
                if (i == pos)
                    err->source_column = (int)o + 1;
                unsigned char ch = (unsigned char)w->whole[i];
                if ((ch >= 0x20 && ch < 0x7f) || ch == '\t')
                    err->source[o++] = (char)ch;
                else
                    o += (size_t)snprintf(err->source + o, cap - o, "\\x%02X", ch);
            }
            if (i == pos)
                err->source_column = (int)o + 1;
            if (i < w->whole_len)
                o += (size_t)snprintf(err->source + o, cap - o, "...");
            err->source[o] = '\0';
        }
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

/* snprintf-style appending that keeps counting past the end of buf. */
static void append(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(*len < size ? buf + *len : NULL, *len < size ? size - *len : 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        *len += (size_t)n;
}

size_t ws_launch_error_format(const ws_launch_error *err, bool show_source, char *buf,
                              size_t size)
{
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    if (err->file[0] && err->line > 0)
        append(buf, size, &len, "%s:%d:%d: ", err->file, err->line, err->column);
    else if (err->arg > 0 && err->column > 0)
        append(buf, size, &len, "argument %d, column %d: ", err->arg, err->column);
    else if (err->arg > 0)
        append(buf, size, &len, "argument %d: ", err->arg);
    append(buf, size, &len, "%s", err->msg);
    size_t srclen = strlen(err->source);
    if (show_source && srclen && err->column > 0 && err->source_column > 0 &&
        (size_t)err->source_column <= srclen + 1) {
        append(buf, size, &len, "\n    %s\n    ", err->source);
        for (int k = 0; k < err->source_column - 1; k++)
            append(buf, size, &len, "%c", err->source[k] == '\t' ? '\t' : ' ');
        append(buf, size, &len, "^");
    }
    return len;
}

/* ---------------------------------------------------------------------------------------- */
/* Small helpers                                                                             */

static char *dup_range(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

/* dir + "/" + path, or path itself when it is absolute or dir is empty. */
static char *join_path(const char *dir, const char *path)
{
    if (path[0] == '/' || !dir[0])
        return dup_range(path, strlen(path));
    size_t dn = strlen(dir), pn = strlen(path);
    bool slash = dir[dn - 1] == '/';
    char *r = malloc(dn + !slash + pn + 1);
    if (r) {
        memcpy(r, dir, dn);
        if (!slash)
            r[dn] = '/';
        memcpy(r + dn + !slash, path, pn + 1);
    }
    return r;
}

/* The directory part of path ("" when it has none), malloc'd. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return dup_range("", 0);
    return dup_range(path, slash == path ? 1 : (size_t)(slash - path));
}

/* The first buffer for reading fp: a regular file's size and the byte that finds its end, else
 * 64 KiB (a 64 KiB buffer for a 133-byte .args file spread the heap over pages that a start then
 * faulted in). */
static size_t first_cap(FILE *fp)
{
    struct stat st;
    if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && st.st_size < 65536)
        return (size_t)st.st_size + 1;
    return 65536;
}

/* Reads a whole file of at most max bytes. Returns 0 (ok), 1 (more than max bytes: *len is
 * max + 1) or -1 (error: why holds strerror's text). *out is malloc'd (at least 1 byte) on 0
 * and NULL otherwise. */
static int read_file(const char *path, size_t max, unsigned char **out, size_t *len, char *why,
                     size_t whylen)
{
    *out = NULL;
    *len = 0;
    errno = 0;
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(why, whylen, "%s", errno ? strerror(errno) : "cannot open");
        return -1;
    }
    size_t cap = 0, n = 0;
    unsigned char *buf = NULL;
    int rc = 0;
    for (;;) {
        if (n == cap) {
            if (cap > max) { /* read max + 1 bytes: too large */
                rc = 1;
                break;
            }
            size_t ncap = cap ? cap * 2 : first_cap(fp);
            if (ncap > max + 1)
                ncap = max + 1;
            unsigned char *nb = realloc(buf, ncap ? ncap : 1);
            if (!nb) {
                snprintf(why, whylen, "out of memory");
                rc = -1;
                break;
            }
            buf = nb;
            cap = ncap;
        }
        errno = 0;
        size_t got = fread(buf + n, 1, cap - n, fp);
        n += got;
        if (got == 0) {
            if (ferror(fp)) {
                snprintf(why, whylen, "%s", errno ? strerror(errno) : "read error");
                rc = -1;
            }
            break;
        }
    }
    fclose(fp);
    if (rc == 0 && n > max)
        rc = 1;
    if (rc != 0) {
        free(buf);
        *len = rc == 1 ? max + 1 : 0;
        return rc;
    }
    if (!buf)
        buf = malloc(1);
    if (!buf) {
        snprintf(why, whylen, "out of memory");
        return -1;
    }
    *out = buf;
    *len = n;
    return 0;
}

static bool host_is_little_endian(void)
{
    const uint16_t one = 1;
    unsigned char b;
    memcpy(&b, &one, 1);
    return b == 1;
}

/* Element i of a host-order buffer of `size`-byte elements. */
static void store_elem(void *data, size_t i, size_t size, uint64_t bits)
{
    unsigned char *p = (unsigned char *)data + i * size;
    switch (size) {
    case 1: { uint8_t v = (uint8_t)bits; memcpy(p, &v, 1); break; }
    case 2: { uint16_t v = (uint16_t)bits; memcpy(p, &v, 2); break; }
    case 4: { uint32_t v = (uint32_t)bits; memcpy(p, &v, 4); break; }
    default: memcpy(p, &bits, 8); break;
    }
}

static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t f64_bits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static float bits_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static double bits_f64(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

static bool is_ident_char(int ch) { return isalnum((unsigned char)ch) || ch == '_'; }

/* The article for a type name in a message: "a u32", "an s8", "an f32". */
static const char *an(ws_elem t) { return ws_elem_name(t)[0] == 'u' ? "a" : "an"; }

/* ---------------------------------------------------------------------------------------- */
/* Values                                                                                    */

#define VALUE_MAX 127 /* longest value text accepted */


/* Every parser below reports through this: where the words come from, the word, the record. */
typedef struct {
    const src_ctx *c;
    const loc_str *w;
    ws_launch_error *err;
} where;

/* Copies [s, e) into buf (VALUE_MAX + 1 bytes); fails when it is longer. */
static int copy_value(const where *at, const char *s, const char *e, char *buf)
{
    size_t n = (size_t)(e - s);
    if (n > VALUE_MAX)
        return fail(at->err, at->c, at->w, s,
                    "expected a value of at most %d characters, found one of %zu", VALUE_MAX, n);
    memcpy(buf, s, n);
    buf[n] = '\0';
    return 0;
}

/* An integer of type t from [s, e): decimal or 0x hex, optional sign, range-checked. */
static int parse_int_value(const where *at, ws_elem t, const char *s, const char *e,
                           uint64_t *bits)
{
    char text[VALUE_MAX + 1], fb[64];
    if (copy_value(at, s, e, text) < 0)
        return -1;
    const char *p = text;
    bool neg = false;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    int base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    }
    const char *digits = p;
    uint64_t mag = 0;
    bool overflow = false;
    for (;; p++) {
        int d = base == 16 ? hexval((unsigned char)*p)
                           : (isdigit((unsigned char)*p) ? *p - '0' : -1);
        if (d < 0)
            break;
        if (mag > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            overflow = true;
        else
            mag = mag * (uint64_t)base + (uint64_t)d;
    }
    if (p == digits)
        return fail(at->err, at->c, at->w, s + (p - text),
                    "expected %s %s value (a decimal or 0x hex integer), found %s",
                    an(t), ws_elem_name(t), found(fb, sizeof fb, p == text ? text : p));
    if (*p)
        return fail(at->err, at->c, at->w, s + (p - text),
                    "expected a %s digit or the end of the value, found %s",
                    base == 16 ? "hex" : "decimal", found(fb, sizeof fb, p));
    size_t size = ws_elem_size(t);
    uint64_t umax = size == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * size)) - 1;
    if (ws_elem_is_signed(t)) {
        uint64_t pmax = umax >> 1;
        if (overflow || mag > pmax + neg)
            return fail(at->err, at->c, at->w, s,
                        "expected %s %s value from %lld to %lld, found %s (out of range)",
                        an(t), ws_elem_name(t), -(long long)pmax - 1, (long long)pmax, text);
    } else if (overflow || (neg && mag) || mag > umax) {
        return fail(at->err, at->c, at->w, s,
                    "expected %s %s value from 0 to %llu, found %s (out of range)",
                    an(t), ws_elem_name(t), (unsigned long long)umax, text);
    }
    *bits = (neg ? (uint64_t)0 - mag : mag) & umax;
    return 0;
}

/* The end of the longest C float prefix of p ([+-] decimal or 0x hex mantissa, optional
 * exponent). *digits tells whether the mantissa had a digit, *complete whether an exponent
 * that was begun was finished; *expect names what was missing where the scan stopped. */
static const char *scan_float(const char *p, bool *digits, bool *complete, const char **expect)
{
    *digits = false;
    *complete = true;
    *expect = "a digit, '.', an exponent or the end of the value";
    if (*p == '+' || *p == '-')
        p++;
    bool hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    if (hex)
        p += 2;
#define IS_MDIGIT(ch) (hex ? hexval((unsigned char)(ch)) >= 0 : isdigit((unsigned char)(ch)))
    for (; IS_MDIGIT(*p); p++)
        *digits = true;
    if (*p == '.')
        for (p++; IS_MDIGIT(*p); p++)
            *digits = true;
#undef IS_MDIGIT
    if (!*digits) {
        *expect = hex ? "hex digits after 0x" : "a digit";
        return p;
    }
    if (hex ? (*p == 'p' || *p == 'P') : (*p == 'e' || *p == 'E')) {
        const char *q = p + 1;
        if (*q == '+' || *q == '-')
            q++;
        if (!isdigit((unsigned char)*q)) {
            *expect = "the exponent's decimal digits";
            *complete = false;
            return q;
        }
        while (isdigit((unsigned char)*q))
            q++;
        p = q;
    }
    return p;
}

static bool word_is(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != *b)
            return false;
    return *a == *b;
}

/* A float of type t from [s, e) into its bit pattern (see launch.h for the forms). */
static int parse_float_value(const where *at, ws_elem t, const char *s, const char *e,
                             uint64_t *bits)
{
    char text[VALUE_MAX + 1], fb[64];
    if (copy_value(at, s, e, text) < 0)
        return -1;
    bool f32 = t == WS_ELEM_F32;
    const char *body = text;
    bool neg = false;
    if (*body == '+' || *body == '-')
        neg = *body++ == '-';

    /* Words: nan, inf, infinity (any case). NaN is the canonical quiet NaN with the sign. */
    if (word_is(body, "nan") || word_is(body, "inf") || word_is(body, "infinity")) {
        bool nan = word_is(body, "nan");
        if (f32)
            *bits = (nan ? 0x7fc00000u : 0x7f800000u) | (neg ? 0x80000000u : 0);
        else
            *bits = (nan ? UINT64_C(0x7ff8000000000000) : UINT64_C(0x7ff0000000000000)) |
                    (neg ? UINT64_C(0x8000000000000000) : 0);
        return 0;
    }

    /* Raw bits as PTX writes them: 0fXXXXXXXX (f32), 0dXXXXXXXXXXXXXXXX (f64). */
    if (text[0] == '0' && (text[1] == 'f' || text[1] == 'F' || text[1] == 'd' || text[1] == 'D')) {
        bool is_f = text[1] == 'f' || text[1] == 'F';
        int want = is_f ? 8 : 16;
        uint64_t raw = 0;
        for (int k = 0; k < want; k++) {
            int d = hexval((unsigned char)text[2 + k]);
            if (d < 0)
                return fail(at->err, at->c, at->w, s + 2 + k,
                            "expected %d hex digits after '0%c', found %s", want, text[1],
                            found(fb, sizeof fb, text + 2 + k));
            raw = raw << 4 | (uint64_t)d;
        }
        if (text[2 + want])
            return fail(at->err, at->c, at->w, s + 2 + want,
                        "expected the end of the value after %d hex digits, found %s", want,
                        found(fb, sizeof fb, text + 2 + want));
        if (is_f == f32) {
            *bits = raw;
        } else if (f32) {
            /* A double given for f32: rounded like a C cast; beyond FLT_MAX's rounding range
             * it would become inf, which only a double infinity may do. */
            double d = bits_f64(raw);
            if (isfinite(d) && fabs(d) >= 0x1.ffffffp127)
                return fail(at->err, at->c, at->w, s,
                            "expected an f32 value within +-3.4028235e+38, found %s "
                            "(out of range)", text);
            *bits = f32_bits((float)d);
        } else {
            *bits = f64_bits((double)bits_f32((uint32_t)raw));
        }
        return 0;
    }

    bool digits, complete;
    const char *expect;
    const char *end = scan_float(text, &digits, &complete, &expect);
    if (!digits)
        return fail(at->err, at->c, at->w, s + (end - text),
                    "expected %s (for %s: decimal, hex-float, inf, nan or %s), found %s",
                    expect, ws_elem_name(t), f32 ? "0fXXXXXXXX" : "0dXXXXXXXXXXXXXXXX",
                    found(fb, sizeof fb, end == text + 1 && !*end ? text : end));
    if (*end || !complete)
        return fail(at->err, at->c, at->w, s + (end - text), "expected %s, found %s", expect,
                    found(fb, sizeof fb, end));
    char *stop;
    if (f32) {
        float f = strtof(text, &stop);
        if (isinf(f))
            return fail(at->err, at->c, at->w, s,
                        "expected an f32 value within +-3.4028235e+38, found %s (out of range)",
                        text);
        *bits = f32_bits(f);
    } else {
        double d = strtod(text, &stop);
        if (isinf(d))
            return fail(at->err, at->c, at->w, s,
                        "expected an f64 value within +-1.7976931348623157e+308, found %s "
                        "(out of range)", text);
        *bits = f64_bits(d);
    }
    if (*stop) /* scan_float and the C library disagree: should not happen */
        return fail(at->err, at->c, at->w, s + (stop - text), "expected a number, found %s",
                    found(fb, sizeof fb, stop));
    return 0;
}

/* A value of type t from [s, e); an empty range is an error. */
static int parse_value(const where *at, ws_elem t, const char *s, const char *e, uint64_t *bits)
{
    if (s == e) {
        char fb[64];
        return fail(at->err, at->c, at->w, s, "expected %s %s value, found %s", an(t),
                    ws_elem_name(t), found(fb, sizeof fb, *s == ',' ? "," : ""));
    }
    return ws_elem_is_float(t) ? parse_float_value(at, t, s, e, bits)
                               : parse_int_value(at, t, s, e, bits);
}

/* ---------------------------------------------------------------------------------------- */
/* SPECs                                                                                     */

/* A decimal or 0x hex number at s, saturating just above max (no overflow): its value, and in
 * *end where its digits end (at its start when it has none). */
static uint64_t scan_number(const char *s, uint64_t max, const char **digits, const char **end)
{
    const char *p = s;
    int base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    }
    *digits = p;
    uint64_t n = 0;
    for (;; p++) {
        int d = base == 16 ? hexval((unsigned char)*p) : (isdigit((unsigned char)*p) ? *p - '0' : -1);
        if (d < 0)
            break;
        if (n <= max)
            n = n * (uint64_t)base + (uint64_t)d;
    }
    *end = p;
    return n;
}

/* A buffer count: decimal or 0x hex, 1 to WS_MAX_COUNT. *end is set past the digits. */
static int parse_count(const where *at, const char *s, const char **end, size_t *count)
{
    char fb[64];
    const char *digits, *p;
    uint64_t n = scan_number(s, WS_MAX_COUNT, &digits, &p);
    if (p == digits)
        return fail(at->err, at->c, at->w, p, "expected a count of elements, found %s",
                    found(fb, sizeof fb, p));
    if (n == 0 || n > WS_MAX_COUNT)
        return fail(at->err, at->c, at->w, s,
                    "expected a count from 1 to %zu elements, found %.*s", (size_t)WS_MAX_COUNT,
                    (int)(p - s), s);
    *end = p;
    *count = (size_t)n;
    return 0;
}

/* The INIT names, in the order of their handling. */
enum { INIT_ZERO, INIT_IOTA, INIT_FILL, INIT_RAND, INIT_LIST, INIT_FILE };
static const char *const init_names[] = {"zero", "iota", "fill", "rand", "list", "file"};

/* All buffers together at most: 1 GiB, or less when a memory limit says so. */
static size_t max_total(const ws_launch *l)
{
    return l->max_total_bytes && l->max_total_bytes < WS_MAX_TOTAL_BYTES ? l->max_total_bytes : WS_MAX_TOTAL_BYTES;
}

/* Checks that a->count elements fit in what the limit leaves. */
static int check_total(const ws_launch *l, const where *at, const char *spec_at, const ws_arg *a)
{
    size_t bytes = a->count * ws_elem_size(a->elem);
    if (bytes > max_total(l) - l->total_bytes) {
        if (max_total(l) < WS_MAX_TOTAL_BYTES) {
            fail(at->err, at->c, at->w, spec_at,
                 "memory limit reached: buffers of %zu bytes in all with this %s[%zu], more than the limit of %zu "
                 "bytes; raise it with --max-memory",
                 l->total_bytes + bytes, ws_elem_name(a->elem), a->count, max_total(l));
            at->err->limit = true;
            return -1;
        }
        return fail(at->err, at->c, at->w, spec_at,
                    "expected buffers of at most 1 GiB in all, found %zu bytes with this %s[%zu]",
                    l->total_bytes + bytes, ws_elem_name(a->elem), a->count);
    }
    return 0;
}

/* Checks the count against the limits and allocates a zeroed buffer. */
static int alloc_buffer(ws_launch *l, const where *at, const char *spec_at, ws_arg *a)
{
    size_t bytes = a->count * ws_elem_size(a->elem);
    if (check_total(l, at, spec_at, a) < 0)
        return -1;
    a->data = calloc(a->count, ws_elem_size(a->elem));
    if (!a->data)
        return fail(at->err, at->c, at->w, spec_at, "out of memory allocating %zu bytes", bytes);
    return 0;
}

/* Fills a buffer from file:PATH; with count 0 the file's size gives it. */
static int init_from_file(ws_launch *l, const where *at, const char *path_at, ws_arg *a)
{
    char fb[64], why[128];
    if (!*path_at)
        return fail(at->err, at->c, at->w, path_at, "expected a file name after 'file:', found %s",
                    found(fb, sizeof fb, path_at));
    char *path = join_path(at->c->dir, path_at);
    if (!path)
        return fail(at->err, at->c, at->w, path_at, "out of memory");
    size_t size = ws_elem_size(a->elem);
    size_t max = a->count ? a->count * size : max_total(l) - l->total_bytes;
    unsigned char *bytes;
    size_t len;
    int rc = read_file(path, max, &bytes, &len, why, sizeof why);
    if (rc < 0) {
        fail(at->err, at->c, at->w, path_at, "cannot read '%s': %s", path, why);
        free(path);
        return -1;
    }
    if (rc > 0) {
        if (a->count)
            fail(at->err, at->c, at->w, path_at,
                 "expected %zu bytes in '%s' (%s[%zu]), found more", max, path,
                 ws_elem_name(a->elem), a->count);
        else
            fail(at->err, at->c, at->w, path_at,
                 "expected buffers of at most 1 GiB in all, found more with '%s'", path);
        free(path);
        return -1;
    }
    if (a->count ? len != max : (len == 0 || len % size)) {
        if (a->count)
            fail(at->err, at->c, at->w, path_at, "expected %zu bytes in '%s' (%s[%zu]), found %zu",
                 max, path, ws_elem_name(a->elem), a->count, len);
        else
            fail(at->err, at->c, at->w, path_at,
                 "expected a whole number (at least 1) of %zu-byte %s elements in '%s', "
                 "found %zu bytes", size, ws_elem_name(a->elem), path, len);
        free(bytes);
        free(path);
        return -1;
    }
    free(path);
    if (!a->count) {
        a->count = len / size;
        if (a->count > WS_MAX_COUNT) {
            free(bytes);
            return fail(at->err, at->c, at->w, path_at,
                        "expected at most %zu elements, found %zu in the file",
                        (size_t)WS_MAX_COUNT, a->count);
        }
    }
    if (!host_is_little_endian() && size > 1) /* the file is little-endian */
        for (size_t i = 0; i < a->count; i++)
            for (size_t k = 0; k < size / 2; k++) {
                unsigned char tmp = bytes[i * size + k];
                bytes[i * size + k] = bytes[i * size + size - 1 - k];
                bytes[i * size + size - 1 - k] = tmp;
            }
    a->data = bytes;
    return 0;
}

/* Fills a buffer with list:V1,V2,...; with count 0 the list gives it. */
static int init_from_list(ws_launch *l, const where *at, const char *spec_at, const char *p,
                          ws_arg *a)
{
    size_t n = 1;
    for (const char *q = p; *q; q++)
        n += *q == ',';
    if (a->count && n != a->count)
        return fail(at->err, at->c, at->w, p, "expected %zu values for %s[%zu], found %zu",
                    a->count, ws_elem_name(a->elem), a->count, n);
    if (n > WS_MAX_COUNT)
        return fail(at->err, at->c, at->w, p, "expected at most %zu values, found %zu",
                    (size_t)WS_MAX_COUNT, n);
    a->count = n;
    if (alloc_buffer(l, at, spec_at, a) < 0)
        return -1;
    size_t size = ws_elem_size(a->elem);
    for (size_t i = 0; i < n; i++) {
        const char *e = strchr(p, ',');
        if (!e)
            e = p + strlen(p);
        uint64_t bits;
        if (parse_value(at, a->elem, p, e, &bits) < 0) {
            free(a->data);
            a->data = NULL;
            return -1;
        }
        store_elem(a->data, i, size, bits);
        p = *e ? e + 1 : e;
    }
    return 0;
}

static int add_arg(ws_launch *l, const where *at, const ws_arg *a)
{
    if (l->nargs == l->args_cap) {
        size_t ncap = l->args_cap ? l->args_cap * 2 : 8;
        ws_arg *na = realloc(l->args, ncap * sizeof *na);
        if (!na)
            return fail(at->err, at->c, at->w, NULL, "out of memory");
        l->args = na;
        l->args_cap = ncap;
    }
    l->args[l->nargs++] = *a;
    if (a->is_buffer)
        l->total_bytes += a->count * ws_elem_size(a->elem);
    return 0;
}

/* [LABEL=]TYPE[N][:INIT] or [LABEL=]TYPE:VALUE (w->s is the SPEC). */
static int parse_spec(ws_launch *l, const where *at)
{
    const char *s = at->w->s, *p = s;
    char fb[64];
    ws_arg a;
    memset(&a, 0, sizeof a);
    if (l->nargs >= WS_MAX_ARGS)
        return fail(at->err, at->c, at->w, s, "expected at most %d kernel arguments, found more",
                    WS_MAX_ARGS);

    /* LABEL= */
    const char *q = p;
    while (is_ident_char(*q))
        q++;
    if (*q == '=') {
        if (q == p)
            return fail(at->err, at->c, at->w, p, "expected a label before '=', found '='");
        if (isdigit((unsigned char)*p))
            return fail(at->err, at->c, at->w, p,
                        "expected a label that starts with a letter or '_', found %s",
                        found(fb, sizeof fb, p));
        if (q - p >= WS_LABEL_MAX)
            return fail(at->err, at->c, at->w, p,
                        "expected a label of at most %d characters, found %d", WS_LABEL_MAX - 1,
                        (int)(q - p));
        memcpy(a.label, p, (size_t)(q - p));
        p = q + 1;
    } else {
        const char *eq = q + strcspn(q, "=:[");
        if (*eq == '=')
            return fail(at->err, at->c, at->w, q,
                        "expected a label of letters, digits and '_' before '=', found %s",
                        found(fb, sizeof fb, q));
        snprintf(a.label, sizeof a.label, "arg%zu", l->nargs);
    }
    for (size_t i = 0; i < l->nargs; i++)
        if (!strcmp(l->args[i].label, a.label))
            return fail(at->err, at->c, at->w, s,
                        "expected a new label, found '%s' (already argument %zu)", a.label, i);

    /* TYPE */
    q = p;
    while (isalnum((unsigned char)*q))
        q++;
    int t = 0;
    while (t < WS_ELEM_COUNT && !(strlen(elem_info[t].name) == (size_t)(q - p) &&
                                  !strncmp(elem_info[t].name, p, (size_t)(q - p))))
        t++;
    if (t == WS_ELEM_COUNT)
        return fail(at->err, at->c, at->w, p,
                    "expected a type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64), found %s",
                    found(fb, sizeof fb, p));
    a.elem = (ws_elem)t;
    p = q;

    /* :VALUE (a scalar) */
    if (*p == ':') {
        uint64_t bits;
        if (parse_value(at, a.elem, p + 1, p + 1 + strlen(p + 1), &bits) < 0)
            return -1;
        a.count = 1;
        a.scalar_bits = bits;
        return add_arg(l, at, &a);
    }
    if (*p != '[')
        return fail(at->err, at->c, at->w, p,
                    "expected '[N]' (a buffer) or ':VALUE' (a scalar) after '%s', found %s",
                    ws_elem_name(a.elem), found(fb, sizeof fb, p));

    /* [N] */
    a.is_buffer = true;
    const char *count_at = ++p;
    if (*p != ']' && parse_count(at, p, &p, &a.count) < 0)
        return -1;
    if (*p != ']')
        return fail(at->err, at->c, at->w, p, "expected ']', found %s", found(fb, sizeof fb, p));
    p++;
    if (*p && *p != ':')
        return fail(at->err, at->c, at->w, p, "expected ':INIT' or the end after ']', found %s",
                    found(fb, sizeof fb, p));

    /* :INIT */
    int init = INIT_ZERO;
    if (*p == ':') {
        p++;
        q = p;
        while (isalpha((unsigned char)*q))
            q++;
        init = 0;
        while (init <= INIT_FILE && !(strlen(init_names[init]) == (size_t)(q - p) &&
                                      !strncmp(init_names[init], p, (size_t)(q - p))))
            init++;
        if (init > INIT_FILE)
            return fail(at->err, at->c, at->w, p,
                        "expected an INIT (zero, iota, fill:V, rand:SEED, list:V1,V2,..., "
                        "file:PATH), found %s", found(fb, sizeof fb, p));
        if (init <= INIT_IOTA && *q)
            return fail(at->err, at->c, at->w, q, "expected the end after '%s', found %s",
                        init_names[init], found(fb, sizeof fb, q));
        if (init > INIT_IOTA && *q != ':')
            return fail(at->err, at->c, at->w, q, "expected ':' after '%s', found %s",
                        init_names[init], found(fb, sizeof fb, q));
        p = init > INIT_IOTA ? q + 1 : q;
    }
    if (!a.count && init != INIT_LIST && init != INIT_FILE)
        return fail(at->err, at->c, at->w, count_at,
                    "expected a count in [N] (only list: and file: may leave it out), found ']'");

    if (init == INIT_FILE) {
        /* With a count the limit is checked first; without, the file is read no further
         * than what the limit leaves. */
        if (a.count && check_total(l, at, s, &a) < 0)
            return -1;
        if (init_from_file(l, at, p, &a) < 0)
            return -1;
    } else if (init == INIT_LIST) {
        if (init_from_list(l, at, s, p, &a) < 0)
            return -1;
    } else {
        /* fill:V and rand:SEED parse before allocating, so a bad value costs nothing. */
        uint64_t v = 0;
        if (init == INIT_FILL && parse_value(at, a.elem, p, p + strlen(p), &v) < 0)
            return -1;
        if (init == INIT_RAND && parse_value(at, WS_ELEM_U64, p, p + strlen(p), &v) < 0)
            return -1;
        if (alloc_buffer(l, at, s, &a) < 0)
            return -1;
        size_t size = ws_elem_size(a.elem);
        uint64_t state = v;
        for (size_t i = 0; init != INIT_ZERO && i < a.count; i++) {
            uint64_t bits = v;
            if (init == INIT_IOTA) {
                bits = a.elem == WS_ELEM_F32 ? f32_bits((float)i)
                     : a.elem == WS_ELEM_F64 ? f64_bits((double)i)
                                             : (uint64_t)i;
            } else if (init == INIT_RAND) {
                uint64_t z = ws_splitmix64(&state);
                bits = a.elem == WS_ELEM_F32 ? f32_bits((float)(z >> 40) * 0x1p-24f)
                     : a.elem == WS_ELEM_F64 ? f64_bits((double)(z >> 11) * 0x1p-53)
                                             : z;
            }
            store_elem(a.data, i, size, bits);
        }
    }
    if (add_arg(l, at, &a) < 0) {
        free(a.data);
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------------------------------- */
/* Options and words                                                                         */

/* X[,Y[,Z]] for --grid or --block, with CUDA's limits (see launch.h). */
static int parse_dims(const where *at, const char *s, bool block, unsigned out[3])
{
    static const unsigned long long grid_max[3] = {2147483647ull, 65535, 65535};
    static const unsigned long long block_max[3] = {1024, 1024, 64};
    const char *what = block ? "block" : "grid";
    char fb[64];
    unsigned d[3] = {1, 1, 1};
    const char *p = s;
    for (int k = 0;; k++) {
        if (!isdigit((unsigned char)*p))
            return fail(at->err, at->c, at->w, p,
                        "expected the %s's %c dimension (a decimal number), found %s", what,
                        "XYZ"[k], found(fb, sizeof fb, p));
        const char *start = p;
        unsigned long long v = 0;
        for (; isdigit((unsigned char)*p); p++)
            if (v <= 1ull << 40) /* saturates far above every limit */
                v = v * 10 + (unsigned long long)(*p - '0');
        unsigned long long max = (block ? block_max : grid_max)[k];
        if (v == 0 || v > max)
            return fail(at->err, at->c, at->w, start, "expected a %s %c from 1 to %llu, found %.*s",
                        what, "XYZ"[k], max, (int)(p - start), start);
        d[k] = (unsigned)v;
        if (!*p)
            break;
        if (*p != ',' || k == 2)
            return fail(at->err, at->c, at->w, p,
                        "expected %s after the %s's %c dimension, found %s",
                        k == 2 ? "the end" : "',' or the end", what, "XYZ"[k],
                        found(fb, sizeof fb, p));
        p++;
    }
    unsigned long long threads = (unsigned long long)d[0] * d[1] * d[2];
    if (block && threads > 1024)
        return fail(at->err, at->c, at->w, s,
                    "expected a block of at most 1024 threads, found %u,%u,%u (%llu threads)", d[0],
                    d[1], d[2], threads);
    memcpy(out, d, sizeof d);
    return 0;
}

/* --shared-bytes N: decimal or 0x hex, 0 to WS_MAX_SHARED_BYTES. */
static int parse_shared_bytes(const where *at, const char *s, uint64_t *out)
{
    char fb[64];
    const char *digits, *p;
    uint64_t n = scan_number(s, WS_MAX_SHARED_BYTES, &digits, &p);
    if (p == digits || *p)
        return fail(at->err, at->c, at->w, p, "expected a number of bytes of dynamic shared memory, found %s",
                    found(fb, sizeof fb, p));
    if (n > WS_MAX_SHARED_BYTES)
        return fail(at->err, at->c, at->w, s,
                    "expected at most %u bytes of dynamic shared memory (an H200 block has 227 KiB), found %s",
                    WS_MAX_SHARED_BYTES, s);
    *out = n;
    return 0;
}

/* The launch words, as options.h tables them: what apply_word parses, and what the --help of
 * every verb that runs a kernel and docs/cli.md say of them. */
enum { OPT_KERNEL = 1, OPT_GRID, OPT_BLOCK, OPT_SHARED, OPT_ARG };
const cli_option ws_launch_options[] = {
    {0, "FILE.ptx", NULL, "the PTX module: the first word that is not an option"},
    {OPT_KERNEL, "--kernel", "NAME", "the kernel, when the module has several (a C++ one also as c++filt writes it)"},
    {OPT_GRID, "--grid", "X[,Y[,Z]]", "blocks in the grid (default 1)"},
    {OPT_BLOCK, "--block", "X[,Y[,Z]]", "threads in a block (default 32, at most 1024)"},
    {OPT_SHARED, "--shared-bytes", "BYTES", "dynamic shared memory of each block (extern __shared__): 0 (default) to 232448"},
    {OPT_ARG, "--arg", "SPEC", "a kernel argument, as is a bare SPEC: NAME=TYPE[N]:INIT (a buffer) or NAME=TYPE:VALUE"},
    {0, "@ARGSFILE", NULL, "the same words from a file, # comments allowed; later words override its --grid ..."},
    {0, NULL, NULL, NULL},
};

#define ARGSFILE_MAX ((size_t)16 << 20)

static int load_file(ws_launch *l, const char *path, int depth, const where *origin,
                     ws_launch_error *err);

/* Applies word w (next: the word after it, NULL at the end). Returns 1 and sets *used (1 or
 * 2 words), 0 for a word that is not ours (command line only), -1 on error. */
static int apply_word(ws_launch *l, const src_ctx *c, const loc_str *w, const loc_str *next,
                      int *used, ws_launch_error *err)
{
    where at = {c, w, err};
    const char *s = w->s;
    char fb[64];
    *used = 1;

    if (s[0] == '-') {
        const char *name = s + 1 + (s[1] == '-');
        size_t n = strcspn(name, "=");
        const cli_option *o = ws_launch_options;
        while (o->name && !(o->id && s[1] == '-' && strlen(o->name + 2) == n && !strncmp(o->name + 2, name, n)))
            o++;
        if (!o->name) {
            if (!c->file)
                return 0; /* the caller's own flag, or an unknown one it reports */
            return fail(err, c, w, s,
                        "expected --kernel, --grid, --block, --arg, --shared-bytes, @FILE, the PTX "
                        "file or a SPEC, found %s (not an argument-file option)", found(fb, sizeof fb, s));
        }
        loc_str val;
        if (name[n] == '=') {
            val = *w;
            val.s = name + n + 1;
            val.col = w->col + (int)(val.s - s);
        } else if (next) {
            val = *next;
            *used = 2;
        } else {
            return fail(err, c, w, NULL, "expected %s after %s, found the end of the %s", o->value, o->name,
                        c->file ? "file" : "arguments");
        }
        where vat = {c, &val, err};
        switch (o->id) {
        case OPT_KERNEL: {
            if (!val.s[0])
                return fail(err, c, &val, val.s,
                            "expected a kernel name, found the end of the word");
            char *k = dup_range(val.s, strlen(val.s));
            if (!k)
                return fail(err, c, &val, NULL, "out of memory");
            free(l->kernel);
            l->kernel = k;
            return 1;
        }
        case OPT_GRID:
            return parse_dims(&vat, val.s, false, l->grid) < 0 ? -1 : 1;
        case OPT_BLOCK:
            return parse_dims(&vat, val.s, true, l->block) < 0 ? -1 : 1;
        case OPT_SHARED:
            return parse_shared_bytes(&vat, val.s, &l->shared_bytes) < 0 ? -1 : 1;
        default:
            return parse_spec(l, &vat) < 0 ? -1 : 1;
        }
    }

    if (s[0] == '@') {
        if (!s[1])
            return fail(err, c, w, s + 1,
                        "expected a file name after '@', found the end of the word");
        if (c->depth >= WS_MAX_ARGSFILE_DEPTH)
            return fail(err, c, w, s,
                        "expected argument files nested at most %d deep, found deeper "
                        "(does one include itself?)", WS_MAX_ARGSFILE_DEPTH);
        /* in total too: nine files that each include the next ten times would be read 10^9 times */
        if (l->argsfiles_read >= WS_MAX_ARGSFILES)
            return fail(err, c, w, s,
                        "expected at most %d argument files read in all (@FILE included repeatedly?), "
                        "found more", WS_MAX_ARGSFILES);
        char *path = join_path(c->dir, s + 1);
        if (!path)
            return fail(err, c, w, NULL, "out of memory");
        int r = load_file(l, path, c->depth + 1, &at, err);
        free(path);
        return r < 0 ? -1 : 1;
    }

    if (!l->ptx_path) {
        if (!s[0])
            return fail(err, c, w, NULL, "expected a PTX file name, found an empty word");
        l->ptx_path = join_path(c->dir, s);
        return l->ptx_path ? 1 : fail(err, c, w, NULL, "out of memory");
    }
    size_t n = strlen(s);
    if (n >= 4 && !strcmp(s + n - 4, ".ptx") && !strpbrk(s, ":[="))
        return fail(err, c, w, s,
                    "expected a SPEC, found a second PTX file '%s' (the first is '%s')", s,
                    l->ptx_path);
    return parse_spec(l, &at) < 0 ? -1 : 1;
}

static bool is_blank(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Reads and applies one ARGSFILE. origin: the @FILE word that named it (NULL from the API). */
static int load_file(ws_launch *l, const char *path, int depth, const where *origin,
                     ws_launch_error *err)
{
    unsigned char *text;
    size_t len;
    char why[128];
    size_t room = l->argsfile_bytes < ARGSFILE_MAX ? ARGSFILE_MAX - l->argsfile_bytes : 0;
    int rc = read_file(path, room, &text, &len, why, sizeof why);
    l->argsfiles_read++;
    if (rc != 0) {
        if (rc > 0)
            snprintf(why, sizeof why, "the argument files together are larger than %zu MiB",
                     ARGSFILE_MAX >> 20);
        return fail(err, origin ? origin->c : NULL, origin ? origin->w : NULL,
                    origin ? origin->w->s + 1 : NULL, "cannot read argument file '%s': %s", path,
                    why);
    }
    l->argsfile_bytes += len;
    char *dir = dir_of(path);
    char *copy = malloc(len + 1);
    loc_str *words = NULL;
    size_t nw = 0, cap = 0;
    src_ctx c = {path, dir ? dir : "", depth};
    int r = 0;
    if (!dir || !copy) {
        r = fail(err, NULL, NULL, NULL, "out of memory reading '%s'", path);
        goto done;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';

    /* Split into words; each remembers its line and column. copy gets a NUL after each word,
     * text stays whole for error displays. */
    int line = 1;
    size_t line_start = 0;
    for (size_t k = 0; k < len && r == 0;) {
        unsigned char ch = text[k];
        if (ch == '\n') {
            line++;
            line_start = ++k;
            continue;
        }
        if (is_blank(ch)) {
            k++;
            continue;
        }
        const unsigned char *eol = memchr(text + line_start, '\n', len - line_start);
        size_t line_len = (eol ? (size_t)(eol - text) : len) - line_start;
        while (line_len && text[line_start + line_len - 1] == '\r')
            line_len--;
        loc_str w = {copy + k, 0, line, (int)(k - line_start + 1), (const char *)text + line_start,
                     line_len};
        if (ch == '\0') {
            r = fail(err, &c, &w, w.s, "expected text, found a NUL byte");
            break;
        }
        if (ch == '#') { /* a comment, to the end of the line */
            k = line_start + line_len;
            continue;
        }
        while (k < len && text[k] != '\n' && text[k] != '\0' && !is_blank(text[k]))
            k++;
        copy[k] = '\0';
        if (nw == cap) {
            size_t ncap = cap ? cap * 2 : 64;
            loc_str *nws = realloc(words, ncap * sizeof *nws);
            if (!nws) {
                r = fail(err, &c, &w, NULL, "out of memory");
                break;
            }
            words = nws;
            cap = ncap;
        }
        words[nw++] = w;
    }
    for (size_t k = 0; k < nw && r == 0;) {
        int used;
        r = apply_word(l, &c, &words[k], k + 1 < nw ? &words[k + 1] : NULL, &used, err);
        r = r < 0 ? -1 : 0;
        k += (size_t)used;
    }
done:
    free(words);
    free(copy);
    free(dir);
    free(text);
    return r;
}

/* ---------------------------------------------------------------------------------------- */
/* Public entry points                                                                       */

int ws_launch_parse_arg(ws_launch *l, int argc, char **argv, int *i, ws_launch_error *err)
{
    if (!argv || !i || *i < 0 || *i >= argc || !argv[*i])
        return fail(err, NULL, NULL, NULL, "expected an argument, found none");
    src_ctx c = {NULL, "", 0};
    loc_str w = {argv[*i], *i, 0, 1, argv[*i], strlen(argv[*i])}, nx;
    const loc_str *next = NULL;
    if (*i + 1 < argc && argv[*i + 1]) {
        nx = (loc_str){argv[*i + 1], *i + 1, 0, 1, argv[*i + 1], strlen(argv[*i + 1])};
        next = &nx;
    }
    int used = 0;
    int r = apply_word(l, &c, &w, next, &used, err);
    if (r == 1)
        *i += used;
    return r;
}

int ws_launch_parse_spec(ws_launch *l, const char *spec, const char *file, int line, int col,
                         ws_launch_error *err)
{
    char *dir = file ? dir_of(file) : NULL;
    src_ctx c = {file, dir ? dir : "", 0};
    loc_str w = {spec, file ? 0 : line, file ? line : 0, col, col == 1 ? spec : NULL,
                 col == 1 ? strlen(spec) : 0};
    where at = {&c, &w, err};
    int r = parse_spec(l, &at);
    free(dir);
    return r;
}

int ws_launch_load_argsfile(ws_launch *l, const char *path, ws_launch_error *err)
{
    return load_file(l, path, 1, NULL, err);
}

int ws_launch_validate(const ws_launch *l, ws_launch_error *err)
{
    if (!l->ptx_path || !l->ptx_path[0])
        return fail(err, NULL, NULL, NULL, "expected a PTX file (FILE.ptx), found none");
    return 0;
}
