/* json.c: the streaming JSON writer and float formatting declared in json.h. */
#include "json.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------- */
/* Floats                                                                                    */

/* The special values, or NULL for a finite non-zero value. */
static const char *special_text(double v)
{
    if (isnan(v))
        return "nan";
    if (isinf(v))
        return v < 0 ? "-inf" : "inf";
    if (v == 0)
        return signbit(v) ? "-0" : "0";
    return NULL;
}

static size_t copy_text(char *buf, const char *s)
{
    size_t n = strlen(s);
    memcpy(buf, s, n + 1);
    return n;
}

/* The shortest digits of v by trying each precision (shortest, below); *exp: the decimal exponent of the
 * first. Returns how many. */
static int shortest_digits(double v, bool f32, char digits[24], int *exp)
{
    char sci[48];
    int maxprec = f32 ? 9 : 17;
    for (int prec = 1; prec <= maxprec; prec++) {
        snprintf(sci, sizeof sci, "%.*e", prec - 1, v);
        bool same;
        if (f32) {
            float want = (float)v, back = strtof(sci, NULL);
            same = memcmp(&back, &want, sizeof want) == 0;
        } else {
            double back = strtod(sci, NULL);
            same = memcmp(&back, &v, sizeof v) == 0;
        }
        if (same)
            break;
    }

    /* sci is [-]d[.ddd]e(+|-)XX */
    int nd = 0;
    const char *q = sci + (sci[0] == '-');
    for (; *q && *q != 'e'; q++)
        if (*q != '.')
            digits[nd++] = *q;
    *exp = atoi(q + 1);
    return nd;
}

/* The digits laid out as Python's repr does. */
static size_t layout(char *buf, int neg, const char *digits, int nd, int exp)
{
    size_t n = 0;
    if (neg)
        buf[n++] = '-';
    if (exp >= -4 && exp < 16) {
        if (exp < 0) {
            buf[n++] = '0';
            buf[n++] = '.';
            for (int k = 0; k < -exp - 1; k++)
                buf[n++] = '0';
            memcpy(buf + n, digits, (size_t)nd);
            n += (size_t)nd;
        } else {
            for (int k = 0; k < nd || k <= exp; k++) {
                if (k == exp + 1)
                    buf[n++] = '.';
                buf[n++] = k < nd ? digits[k] : '0';
            }
        }
        buf[n] = '\0';
    } else {
        buf[n++] = digits[0];
        if (nd > 1) {
            buf[n++] = '.';
            memcpy(buf + n, digits + 1, (size_t)nd - 1);
            n += (size_t)nd - 1;
        }
        n += (size_t)snprintf(buf + n, WS_FMT_FLOAT_MAX - n, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
    }
    return n;
}

size_t ws_fmt_u64(char *buf, uint64_t v)
{
    char rev[20];
    size_t n = 0;
    do
        rev[n++] = (char)('0' + v % 10);
    while (v /= 10);
    for (size_t k = 0; k < n; k++)
        buf[k] = rev[n - 1 - k];
    return n;
}

size_t ws_fmt_i64(char *buf, int64_t v)
{
    if (v >= 0)
        return ws_fmt_u64(buf, (uint64_t)v);
    buf[0] = '-';
    return 1 + ws_fmt_u64(buf + 1, 0 - (uint64_t)v);
}

/* The fewest significant digits that read back to the same bits: %.*e gives the correctly
 * rounded decimal of each precision, and the first one that strtof/strtod (both correctly
 * rounded) return unchanged is the shortest; 9 digits always do for binary32, 17 for
 * binary64. Then the digits are laid out as Python's repr does: positional for decimal
 * exponents -4..15, else d.ddde+XX.
 * An integer below 2^24 (binary32) or 2^53 (binary64) takes its own digits, trailing zeros
 * dropped, at once: the next value is at most 1 away, and a number with fewer significant digits
 * is a multiple of 10 other than it, so no shorter one reads back to it (what the loop finds,
 * at a sixtieth of its cost: most output buffers a program prints hold integers). */
static size_t shortest(char *buf, double v, bool f32)
{
    char digits[24];
    int nd = 0, exp = 0, neg = v < 0;
    double mag = fabs(v);
    if (mag < (f32 ? 16777216.0 : 9007199254740992.0) && mag == (double)(uint64_t)mag) {
        nd = (int)ws_fmt_u64(digits, (uint64_t)mag); /* mag >= 1: zero is special_text's */
        exp = nd - 1;
    } else
        nd = shortest_digits(v, f32, digits, &exp);
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    return layout(buf, neg, digits, nd, exp);
}

size_t ws_fmt_f32(char *buf, float v)
{
    const char *sp = special_text(v);
    return sp ? copy_text(buf, sp) : shortest(buf, v, true);
}

size_t ws_fmt_f64(char *buf, double v)
{
    const char *sp = special_text(v);
    return sp ? copy_text(buf, sp) : shortest(buf, v, false);
}

/* ---------------------------------------------------------------------------------------- */
/* Output                                                                                    */

static void emit(ws_json *j, const char *s, size_t n)
{
    if (j->err || n == 0)
        return;
    if (j->count)
        *j->count += n;
    if (j->fp) {
        if (fwrite(s, 1, n, j->fp) != n)
            j->err = WS_JSON_EIO;
        return;
    }
    if (n >= j->cap - j->len || !j->buf) {
        size_t need = j->len + n + 1;
        if (need < j->len) { /* overflow */
            j->err = WS_JSON_ENOMEM;
            return;
        }
        size_t ncap = j->cap ? j->cap : 256;
        while (ncap < need)
            ncap = ncap > SIZE_MAX / 2 ? need : ncap * 2;
        char *nb = realloc(j->buf, ncap);
        if (!nb) {
            j->err = WS_JSON_ENOMEM;
            return;
        }
        j->buf = nb;
        j->cap = ncap;
    }
    memcpy(j->buf + j->len, s, n);
    j->len += n;
    j->buf[j->len] = '\0';
}

static void emit_s(ws_json *j, const char *s) { emit(j, s, strlen(s)); }

static void newline_indent(ws_json *j, int depth)
{
    emit(j, "\n", 1);
    for (int k = 0; k < depth; k++)
        emit(j, "  ", 2);
}

void ws_json_init_file(ws_json *j, FILE *fp, unsigned flags)
{
    memset(j, 0, sizeof *j);
    j->fp = fp;
    j->flags = flags;
}

void ws_json_init_buffer(ws_json *j, unsigned flags)
{
    memset(j, 0, sizeof *j);
    j->flags = flags;
}

const char *ws_json_text(const ws_json *j, size_t *len)
{
    bool ok = !j->err && j->buf;
    if (len)
        *len = ok ? j->len : 0;
    return ok ? j->buf : "";
}

char *ws_json_take(ws_json *j, size_t *len)
{
    char *r = j->err ? NULL : j->buf;
    if (len)
        *len = r ? j->len : 0;
    if (!r)
        free(j->buf);
    j->buf = NULL;
    j->len = j->cap = 0;
    return r;
}

void ws_json_free(ws_json *j)
{
    free(j->buf);
    j->buf = NULL;
    j->len = j->cap = 0;
}

int ws_json_status(const ws_json *j)
{
    if (j->err)
        return j->err;
    return j->depth || j->want_value ? WS_JSON_EMISUSE : WS_JSON_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Structure                                                                                 */

/* Separators and layout before a value; false (and the sticky error) on misuse. A container
 * value starts on its own line inside a pretty array. */
static bool before_value(ws_json *j, bool container)
{
    if (j->err)
        return false;
    if (j->depth == 0)
        return true;
    if (j->level[j->depth - 1].is_object) {
        if (!j->want_value) {
            j->err = WS_JSON_EMISUSE;
            return false;
        }
        j->want_value = false;
        return true;
    }
    size_t *count = &j->level[j->depth - 1].count;
    if (*count)
        emit(j, ",", 1);
    if (j->flags & WS_JSON_PRETTY) {
        if (container) {
            newline_indent(j, j->depth);
            j->level[j->depth - 1].multiline = true;
        } else if (*count) {
            emit(j, " ", 1);
        }
    }
    ++*count;
    return true;
}

static void begin(ws_json *j, bool object)
{
    if (!before_value(j, true))
        return;
    if (j->depth == WS_JSON_MAX_DEPTH) {
        j->err = WS_JSON_EMISUSE;
        return;
    }
    emit(j, object ? "{" : "[", 1);
    j->level[j->depth].is_object = object;
    j->level[j->depth].multiline = false;
    j->level[j->depth].count = 0;
    j->depth++;
}

static void end(ws_json *j, bool object)
{
    if (j->err)
        return;
    if (j->depth == 0 || j->level[j->depth - 1].is_object != object || j->want_value) {
        j->err = WS_JSON_EMISUSE;
        return;
    }
    j->depth--;
    bool pretty = j->flags & WS_JSON_PRETTY;
    if (pretty && (object ? j->level[j->depth].count > 0 : j->level[j->depth].multiline))
        newline_indent(j, j->depth);
    emit(j, object ? "}" : "]", 1);
}

void ws_json_begin_object(ws_json *j) { begin(j, true); }
void ws_json_end_object(ws_json *j) { end(j, true); }
void ws_json_begin_array(ws_json *j) { begin(j, false); }
void ws_json_end_array(ws_json *j) { end(j, false); }

/* ---------------------------------------------------------------------------------------- */
/* Strings                                                                                   */

/* The length of the valid UTF-8 sequence at s (at most n bytes), or 0 if it is not one. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t need;
    uint32_t cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf) {
        need = 2;
        cp = c & 0x1fu;
    } else if (c >= 0xe0 && c <= 0xef) {
        need = 3;
        cp = c & 0x0fu;
    } else if (c >= 0xf0 && c <= 0xf4) {
        need = 4;
        cp = c & 0x07u;
    } else {
        return 0; /* continuation byte, overlong lead (C0, C1) or beyond U+10FFFF (F5..FF) */
    }
    if (n < need)
        return 0;
    for (size_t k = 1; k < need; k++) {
        if ((s[k] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[k] & 0x3fu);
    }
    if (need == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)))
        return 0; /* overlong, or a UTF-16 surrogate */
    if (need == 4 && (cp < 0x10000 || cp > 0x10ffff))
        return 0;
    return need;
}

static void write_string(ws_json *j, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    emit(j, "\"", 1);
    size_t run = 0; /* start of the pending run of bytes that need no escape */
    for (size_t k = 0; k < n;) {
        unsigned char c = s[k];
        size_t seq = c >= 0x20 && c != '"' && c != '\\' && c != 0x7f ? utf8_seq(s + k, n - k) : 0;
        if (seq) {
            k += seq;
            continue;
        }
        emit(j, str + run, k - run);
        char esc[8];
        switch (c) {
        case '"': emit(j, "\\\"", 2); break;
        case '\\': emit(j, "\\\\", 2); break;
        case '\b': emit(j, "\\b", 2); break;
        case '\f': emit(j, "\\f", 2); break;
        case '\n': emit(j, "\\n", 2); break;
        case '\r': emit(j, "\\r", 2); break;
        case '\t': emit(j, "\\t", 2); break;
        default:
            snprintf(esc, sizeof esc, "\\u%04x", c);
            emit(j, esc, 6);
            break;
        }
        run = ++k;
    }
    emit(j, str + run, n - run);
    emit(j, "\"", 1);
}

void ws_json_key(ws_json *j, const char *key)
{
    if (j->err)
        return;
    if (j->depth == 0 || !j->level[j->depth - 1].is_object || j->want_value || !key) {
        j->err = WS_JSON_EMISUSE;
        return;
    }
    size_t *count = &j->level[j->depth - 1].count;
    if (*count)
        emit(j, ",", 1);
    if (j->flags & WS_JSON_PRETTY)
        newline_indent(j, j->depth);
    write_string(j, key, strlen(key));
    emit_s(j, j->flags & WS_JSON_PRETTY ? ": " : ":");
    j->want_value = true;
    ++*count;
}

void ws_json_string_n(ws_json *j, const char *s, size_t n)
{
    if (before_value(j, false))
        write_string(j, s, n);
}

void ws_json_string(ws_json *j, const char *s)
{
    if (!s)
        ws_json_null(j);
    else
        ws_json_string_n(j, s, strlen(s));
}

/* ---------------------------------------------------------------------------------------- */
/* Scalars                                                                                   */

static void scalar(ws_json *j, const char *text)
{
    if (before_value(j, false))
        emit_s(j, text);
}

void ws_json_u64(ws_json *j, uint64_t v)
{
    char b[24];
    b[ws_fmt_u64(b, v)] = 0;
    scalar(j, b);
}

void ws_json_s64(ws_json *j, int64_t v)
{
    char b[24];
    b[ws_fmt_i64(b, v)] = 0;
    scalar(j, b);
}

void ws_json_f32(ws_json *j, float v)
{
    char b[WS_FMT_FLOAT_MAX];
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    if (isnan(v) && bits != UINT32_C(0x7fc00000)) {
        snprintf(b, sizeof b, "nan:0x%08" PRIx32, bits);
        ws_json_string(j, b);
    } else if (isnan(v) || isinf(v)) {
        ws_fmt_f32(b, v);
        ws_json_string(j, b);
    } else {
        scalar(j, v == 0 && signbit(v) ? "-0.0" : (ws_fmt_f32(b, v), b));
    }
}

void ws_json_f64(ws_json *j, double v)
{
    char b[WS_FMT_FLOAT_MAX];
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    if (isnan(v) && bits != UINT64_C(0x7ff8000000000000)) {
        snprintf(b, sizeof b, "nan:0x%016" PRIx64, bits);
        ws_json_string(j, b);
    } else if (isnan(v) || isinf(v)) {
        ws_fmt_f64(b, v);
        ws_json_string(j, b);
    } else {
        scalar(j, v == 0 && signbit(v) ? "-0.0" : (ws_fmt_f64(b, v), b));
    }
}

void ws_json_bool(ws_json *j, bool v) { scalar(j, v ? "true" : "false"); }
void ws_json_null(ws_json *j) { scalar(j, "null"); }

void ws_json_raw(ws_json *j, const char *json)
{
    if (before_value(j, true))
        emit_s(j, json ? json : "null");
}
