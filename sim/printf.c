/* Device printf: vprintf(format, argument buffer) formatted as the GPU's printf does.
 *
 * The argument buffer is what nvcc packs into the local depot: every argument at an offset
 * aligned to its size; char/short/int as 4 bytes, long/long long/pointers as 8, float and
 * double as 8-byte doubles.
 *
 * Bounded whatever the format says: each conversion's width and precision are read here (from
 * the format or, for `*`, from the arguments) before the C library formats anything, so that a
 * conversion such as %2147483647d, whose output is at least its width, reaches the launch's
 * output limit (ws_config.max_output) at once instead of making the host pad two gigabytes.
 * A conversion is written whole, however long; the output stops exactly at the limit. Each
 * lane's call counts towards the instruction limit one unit per 64 bytes it reads and writes
 * (ws_launch_ctx.extra_work), so a printf in an endless loop costs what it does. */
#include "printf.h"
#include "diag.h"
#include "memory.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>

#define MAX_FORMAT 4096

/* The launch's remaining output: what the blocks before this one and this block wrote so far
 * are subtracted from the limit. */
static uint64_t output_left(const ws_launch_ctx *L)
{
    uint64_t used = L->out_before + L->out_len;
    return used < L->out_limit ? L->out_limit - used : 0;
}

/* Grows a buffer of the call to at least need bytes, the growth charged against the memory
 * limit (*charged: given back when the call ends). Returns -1 when it does not fit (the launch
 * stops) or memory runs out. */
static int grow_charged(ws_launch_ctx *L, char **buf, size_t *cap, size_t need, uint64_t *charged)
{
    if (need <= *cap)
        return 0;
    size_t nc = need > 2 * *cap ? need : 2 * *cap;
    if (ws_mem_charge(L->sim, nc - *cap) != 0) {
        ws_launch_stop(L, WS_ERR_LIMIT,
                       "memory limit reached: printf needs %zu bytes more than the limit of %" PRIu64
                       " bytes leaves; raise it with --max-memory",
                       nc - *cap, L->sim->cfg.max_memory);
        return -1;
    }
    char *nb = realloc(*buf, nc);
    if (!nb) {
        ws_mem_release(L->sim, nc - *cap);
        return -1;
    }
    *charged += nc - *cap;
    *buf = nb;
    *cap = nc;
    return 0;
}

static int read_byte(ws_exec *x, unsigned lane, uint64_t addr, uint8_t *out)
{
    uint8_t *p = ws_mem_translate(x, WS_SPACE_GENERIC, addr, lane, 1, 0);
    if (!p)
        return -1;
    *out = *p;
    return 0;
}

static int read_arg(ws_exec *x, unsigned lane, uint64_t base, uint64_t *off, unsigned size, uint64_t *out)
{
    *off = (*off + size - 1) / size * size;
    uint8_t *p = ws_mem_translate(x, WS_SPACE_GENERIC, base + *off, lane, size, 0);
    *off += size;
    *out = 0;
    if (!p)
        return -1;
    memcpy(out, p, size);
    return 0;
}

/* One conversion, %[flags][width][.precision][length]conv, with `*` already replaced by the
 * argument's value. width and prec are -1 when absent; both are at most WIDTH_MAX. */
typedef struct {
    char flags[8];
    unsigned nflags;
    int64_t width, prec;
    int longs; /* l, ll, L, j, z, t, q: an 8-byte integer argument */
    char conv;
} conversion;

#define WIDTH_MAX ((int64_t)1 << 40) /* larger widths and precisions saturate here */

static int has_flag(const conversion *c, char f) { return memchr(c->flags, f, c->nflags) != NULL; }

static int64_t read_number(const char *fmt, size_t n, size_t *i)
{
    int64_t v = 0;
    for (; *i < n && fmt[*i] >= '0' && fmt[*i] <= '9'; (*i)++)
        v = v < WIDTH_MAX ? v * 10 + (fmt[*i] - '0') : WIDTH_MAX;
    return v < WIDTH_MAX ? v : WIDTH_MAX;
}

/* Parses the conversion that starts after the '%' at fmt[*i]; `*` widths and precisions read
 * their int argument. Returns 0, or -1 when the format ends inside it. */
static int parse_conversion(ws_exec *x, unsigned lane, const char *fmt, size_t n, size_t *i, uint64_t args,
                            uint64_t *off, conversion *c)
{
    memset(c, 0, sizeof *c);
    c->width = c->prec = -1;
    while (*i < n && strchr("-+ #0", fmt[*i])) {
        if (!has_flag(c, fmt[*i]) && c->nflags < sizeof c->flags - 1)
            c->flags[c->nflags++] = fmt[*i];
        (*i)++;
    }
    if (*i < n && fmt[*i] == '*') {
        uint64_t w;
        (*i)++;
        read_arg(x, lane, args, off, 4, &w);
        int64_t v = (int32_t)w;
        if (v < 0) { /* C: a negative `*` width is the '-' flag and its magnitude */
            if (!has_flag(c, '-'))
                c->flags[c->nflags++] = '-';
            v = -v;
        }
        c->width = v;
    } else if (*i < n && fmt[*i] >= '0' && fmt[*i] <= '9') {
        c->width = read_number(fmt, n, i);
    }
    if (*i < n && fmt[*i] == '.') {
        (*i)++;
        if (*i < n && fmt[*i] == '*') {
            uint64_t p;
            (*i)++;
            read_arg(x, lane, args, off, 4, &p);
            c->prec = (int32_t)p < 0 ? -1 : (int32_t)p; /* C: a negative one is as if none was given */
        } else {
            c->prec = read_number(fmt, n, i);
        }
    }
    while (*i < n && strchr("hlLqjzt", fmt[*i])) {
        c->longs |= fmt[*i] != 'h';
        (*i)++;
    }
    if (*i >= n)
        return -1;
    c->conv = fmt[(*i)++];
    return 0;
}

/* The fewest bytes the conversion writes whatever its value: its width, and for the numeric
 * conversions that pad their digits to it (and %g with '#', which keeps trailing zeros) its
 * precision. */
static uint64_t least_output(const conversion *c)
{
    uint64_t least = c->width > 0 ? (uint64_t)c->width : 0;
    int precise = strchr("diuoxXfFeEaA", c->conv) || (strchr("gG", c->conv) && has_flag(c, '#'));
    if (precise && c->prec > 0 && (uint64_t)c->prec > least)
        least = (uint64_t)c->prec;
    return least;
}

/* The C format string of the conversion, with the width and precision written as numbers. */
static void c_format(const conversion *c, const char *length, char *spec, size_t cap)
{
    int n = snprintf(spec, cap, "%%%.*s", (int)c->nflags, c->flags);
    if (c->width >= 0)
        n += snprintf(spec + n, cap - (size_t)n, "%" PRId64, c->width);
    if (c->prec >= 0)
        n += snprintf(spec + n, cap - (size_t)n, ".%" PRId64, c->prec);
    snprintf(spec + n, cap - (size_t)n, "%s%c", length, c->conv);
}

/* A %s argument's bytes up to its NUL, its precision, or one past what the output may still
 * take (more would be cut at the limit anyway), into a malloc'd string. */
static char *read_string(ws_exec *x, unsigned lane, uint64_t addr, int64_t prec, size_t *len, uint64_t *charged)
{
    uint64_t most = output_left(x->L) + 1;
    if (prec >= 0 && (uint64_t)prec < most)
        most = (uint64_t)prec;
    size_t cap = 256, k = 0;
    char *s = malloc(cap);
    for (uint8_t ch; s && k < most && read_byte(x, lane, addr + k, &ch) == 0 && ch; k++) {
        if (grow_charged(x->L, &s, &cap, k + 2, charged) != 0) {
            free(s);
            return NULL;
        }
        s[k] = (char)ch;
    }
    if (s)
        s[k] = 0;
    *len = k;
    return s;
}

/* Formats the conversion into *buf (grown as needed: never cut). Returns the length, or -1
 * for a conversion warpsim does not know (diagnosed). The width and a counted precision are
 * at most what the output may still take (least_output); the C library gets numbers only. */
static int64_t format_conversion(ws_exec *x, unsigned lane, conversion *c, uint64_t args, uint64_t *off, char **buf,
                                 size_t *cap, uint64_t *read_bytes, uint64_t *charged)
{
    uint64_t v = 0;
    char spec[64];
    char *text = NULL; /* %s: the string */
    size_t width = c->width > 0 ? (size_t)c->width : 0, extra;
    switch (c->conv) {
    case 'c':
        read_arg(x, lane, args, off, 4, &v);
        c->prec = -1; /* C leaves a precision on %c undefined; the GPU ignores it */
        extra = 8;
        break;
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o':
        read_arg(x, lane, args, off, c->longs ? 8 : 4, &v);
        extra = (c->prec > 0 ? (size_t)c->prec : 0) + 32;
        break;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
        read_arg(x, lane, args, off, 8, &v);
        /* %g drops trailing zeros, and a double has at most 767 significant decimal digits: a
         * larger precision writes the same text (with '#', least_output counted it) */
        if ((c->conv == 'g' || c->conv == 'G') && !has_flag(c, '#') && c->prec > 1100)
            c->prec = 1100;
        /* the precision's digits, and a double's 309 integer digits with sign, point, exponent */
        extra = (c->prec > 0 ? (size_t)c->prec : 6) + 400;
        break;
    case 'p':
        read_arg(x, lane, args, off, 8, &v);
        extra = 32;
        break;
    case 's':
        read_arg(x, lane, args, off, 8, &v);
        text = read_string(x, lane, v, c->prec, &extra, charged);
        if (!text)
            return 0;
        *read_bytes += extra;
        c->prec = -1; /* read_string applied it */
        extra++;
        break;
    default: ws_diag_report(x, WS_DIAG_PRINTF, 1u << lane, "unsupported printf conversion '%%%c'", c->conv); return -1;
    }
    size_t need = (width > extra ? width : extra) + 1; /* the width pads: it does not add */
    if (grow_charged(x->L, buf, cap, need, charged) != 0) {
        free(text);
        return 0;
    }
    int len;
    switch (c->conv) {
    case 'c':
        c_format(c, "", spec, sizeof spec);
        len = snprintf(*buf, *cap, spec, (int)(uint8_t)v);
        break;
    case 'd':
    case 'i':
        /* every integer goes to the host as a long long of the right signedness */
        c_format(c, "ll", spec, sizeof spec);
        len = snprintf(*buf, *cap, spec, c->longs ? (long long)v : (long long)(int32_t)v);
        break;
    case 'u':
    case 'x':
    case 'X':
    case 'o':
        c_format(c, "ll", spec, sizeof spec);
        len = snprintf(*buf, *cap, spec, c->longs ? (unsigned long long)v : (unsigned long long)(uint32_t)v);
        break;
    case 'p': len = snprintf(*buf, *cap, "0x%" PRIx64, v); break;
    case 's':
        c_format(c, "", spec, sizeof spec);
        len = snprintf(*buf, *cap, spec, text);
        free(text);
        break;
    default: {
        double d;
        memcpy(&d, &v, 8);
        c_format(c, "", spec, sizeof spec);
        len = snprintf(*buf, *cap, spec, d);
        break;
    }
    }
    return len < 0 ? 0 : len;
}

void ws_vprintf(ws_exec *x, unsigned lane, uint64_t fmt_addr, uint64_t args_addr)
{
    ws_launch_ctx *L = x->L;
    char fmt[MAX_FORMAT + 1];
    size_t n = 0;
    for (; n < MAX_FORMAT; n++) {
        uint8_t c;
        if (read_byte(x, lane, fmt_addr + n, &c) != 0)
            return;
        fmt[n] = (char)c;
        if (!c)
            break;
    }
    fmt[n] = 0;
    size_t cap = 1024, len = 0, piece_cap = 1024;
    char *out = malloc(cap), *piece = malloc(piece_cap);
    uint64_t off = 0, read_bytes = n, charged = 0; /* charged: the buffers' growth (grow_charged) */
    int full = 0;
    for (size_t i = 0; out && piece && i < n && !full && !L->stop;) {
        int64_t plen;
        if (fmt[i] != '%' || (i + 1 < n && fmt[i + 1] == '%')) {
            piece[0] = fmt[i];
            plen = 1;
            i += fmt[i] == '%' ? 2 : 1;
        } else {
            conversion c;
            i++;
            if (parse_conversion(x, lane, fmt, n, &i, args_addr, &off, &c) != 0) {
                ws_diag_report(x, WS_DIAG_PRINTF, 1u << lane, "printf format ends inside a conversion");
                break;
            }
            if (least_output(&c) > output_left(L) - len) { /* it cannot fit: the limit is reached here */
                full = 1;
                break;
            }
            plen = format_conversion(x, lane, &c, args_addr, &off, &piece, &piece_cap, &read_bytes, &charged);
            if (plen < 0)
                continue;
        }
        uint64_t left = output_left(L) - len;
        if ((uint64_t)plen > left) { /* the output stops exactly at the limit */
            plen = (int64_t)left;
            full = 1;
        }
        if (grow_charged(L, &out, &cap, len + (size_t)plen, &charged) != 0)
            break;
        memcpy(out + len, piece, (size_t)plen);
        len += (size_t)plen;
    }
    L->extra_work += (read_bytes + len + 63) / 64;
    if (out && len)
        ws_output(L, out, len);
    if (out && L->sim->cfg.on_event) {
        ws_event ev = ws_event_of(L, WS_EV_PRINTF, x->blk->id, x->blk->cycle);
        ev.warp = x->w->index;
        ev.pc = x->pc;
        ev.insn = &L->ptx->insns[x->pc];
        ev.active = 1u << lane;
        ev.text = out;
        ev.text_len = len;
        ws_emit(L, &ev);
    }
    if (full)
        ws_limit_stop(L, LIMIT_OUTPUT, x->blk->id, WS_NOWHERE, WS_NOWHERE);
    free(out);
    free(piece);
    ws_mem_release(L->sim, charged);
}

/* A call of vprintf, whose two arguments are the format's and the argument buffer's generic
 * addresses. Lanes print one after another in lane order, as the GPU's printf buffer does. */
void ws_vprintf_call(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    const ws_call_site *cs = &x->L->k->calls[in->call];
    const ws_module *m = x->L->m;
    if (cs->nargs < 2) {
        ws_diag_report(x, WS_DIAG_PRINTF, mask, "vprintf called with %u arguments", cs->nargs);
        return;
    }
    FOR_EACH_LANE(mask, l) {
        uint64_t fmt = 0, args = 0;
        /* inside a .func, the call-site parameters sit in the lane's frame */
        uint64_t base = cs->caller_in_func ? ws_reg_get(x, x->L->k->frame_reg, l) : 0;
        uint8_t *pf = ws_mem_translate(x, WS_SPACE_LOCAL, base + m->symbols[cs->args[0]].offset, l, 8, 0);
        uint8_t *pa = ws_mem_translate(x, WS_SPACE_LOCAL, base + m->symbols[cs->args[1]].offset, l, 8, 0);
        if (pf)
            memcpy(&fmt, pf, 8);
        if (pa)
            memcpy(&args, pa, 8);
        ws_vprintf(x, l, fmt, args);
        if (cs->ret_sym != WS_NO_SYM) { /* vprintf returns the number of arguments */
            uint8_t *pr = ws_mem_translate(x, WS_SPACE_LOCAL, base + m->symbols[cs->ret_sym].offset, l, 4, 1);
            uint32_t zero = 0;
            if (pr)
                memcpy(pr, &zero, 4);
        }
    }
}
