/* report.c: the text and JSON reports declared in report.h. */
#include "report.h"

#include <inttypes.h>
#include <string.h>

#include "demangle.h"
#include "json.h"

const char *ws_diag_severity_name(ws_diag_severity s)
{
    switch (s) {
    case WS_DIAG_NOTE: return "note";
    case WS_DIAG_ERROR: return "error";
    default: return "warning";
    }
}

/* The bits of element i of a host-order buffer, zero-extended. */
static uint64_t load_bits(const void *data, size_t i, size_t size)
{
    const unsigned char *p = (const unsigned char *)data + i * size;
    switch (size) {
    case 1: { uint8_t v; memcpy(&v, p, 1); return v; }
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}

/* Two's complement sign extension of a size-byte pattern, without implementation-defined
 * conversions. */
static int64_t sign_extend(uint64_t bits, size_t size)
{
    uint64_t mask = size == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * size)) - 1;
    uint64_t sign = UINT64_C(1) << (8 * size - 1);
    bits &= mask;
    return bits & sign ? -(int64_t)(~bits & mask) - 1 : (int64_t)bits;
}

static float as_f32(uint64_t bits)
{
    uint32_t u = (uint32_t)bits;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static double as_f64(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, 8);
    return d;
}

/* The text of one element (integers in decimal, floats shortest round-trip). */
static size_t elem_text(char *buf, ws_elem t, uint64_t bits)
{
    if (t == WS_ELEM_F32)
        return ws_fmt_f32(buf, as_f32(bits));
    if (t == WS_ELEM_F64)
        return ws_fmt_f64(buf, as_f64(bits));
    if (ws_elem_is_signed(t))
        return ws_fmt_i64(buf, sign_extend(bits, ws_elem_size(t)));
    return ws_fmt_u64(buf, bits);
}

/* A stat's string in double quotes, escaped so that the summary stays one line. */
static void text_quoted(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(fp, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", fp);
        else if (*p == '\t')
            fputs("\\t", fp);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(fp, "\\x%02x", *p);
        else
            fputc(*p, fp);
    }
    fputc('"', fp);
}

/* Rows [from, to) of a buffer: values separated by one space, per_line a row. */
static void buffer_rows(FILE *fp, const ws_arg *arg, size_t per_line, size_t from, size_t to)
{
    size_t size = ws_elem_size(arg->elem);
    /* One line at a time: 16 values of at most 24 characters and their separators. */
    char line[16 * (WS_FMT_FLOAT_MAX + 1) + 2];
    for (size_t i = from * per_line; i < arg->count && i < to * per_line; i += per_line) {
        size_t n = 0;
        for (size_t k = i; k < arg->count && k < i + per_line; k++) {
            if (k > i)
                line[n++] = ' ';
            n += elem_text(line + n, arg->elem, load_bits(arg->data, k, size));
        }
        line[n++] = '\n';
        fwrite(line, 1, n, fp);
    }
}

static void text_stats(FILE *fp, const ws_stat *stats, size_t nstats);

int ws_report_text(FILE *fp, const ws_launch *l, const char *kernel_name,
                   const char *printf_text, size_t printf_len, const ws_stat *stats,
                   size_t nstats)
{
    return ws_report_text_abbrev(fp, l, kernel_name, printf_text, printf_len, stats, nstats, true);
}

int ws_report_text_abbrev(FILE *fp, const ws_launch *l, const char *kernel_name,
                          const char *printf_text, size_t printf_len, const ws_stat *stats,
                          size_t nstats, bool all_values)
{
    if (printf_len) {
        fwrite(printf_text, 1, printf_len, fp);
        if (printf_text[printf_len - 1] != '\n')
            fputc('\n', fp);
    }

    for (size_t a = 0; a < l->nargs; a++) {
        const ws_arg *arg = &l->args[a];
        if (!arg->is_buffer)
            continue;
        size_t per_line = ws_elem_size(arg->elem) <= 2 ? 16 : 8;
        size_t rows = (arg->count + per_line - 1) / per_line;
        fprintf(fp, "== %s %s[%zu]\n", arg->label, ws_elem_name(arg->elem), arg->count);
        if (all_values || arg->count <= WS_REPORT_ABBREV_VALUES) {
            buffer_rows(fp, arg, per_line, 0, rows);
            continue;
        }
        /* more than 1024 values: at least 65 rows, so the two ends do not meet */
        size_t edge = WS_REPORT_EDGE_ROWS;
        size_t hidden = (rows - 2 * edge) * per_line;
        buffer_rows(fp, arg, per_line, 0, edge);
        fprintf(fp, "... %zu values not shown (rows %zu to %zu of %zu; --all-values shows them, "
                    "--out DIR writes .npy)\n",
                hidden, edge + 1, rows - edge, rows);
        buffer_rows(fp, arg, per_line, rows - edge, rows);
    }

    char demangled[512]; /* a C++ kernel as written (--json has the entry's mangled name too) */
    if (kernel_name && ws_demangle(kernel_name, demangled, sizeof demangled) == 0)
        kernel_name = demangled;
    fprintf(fp, "-- kernel %s grid %u,%u,%u block %u,%u,%u:", kernel_name ? kernel_name : "?",
            l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2]);
    text_stats(fp, stats, nstats);
    return ferror(fp) ? -1 : 0;
}

int ws_report_grids_text(FILE *fp, const ws_report_grid *grids, size_t ngrids, const char *note)
{
    for (size_t i = 0; i < ngrids; i++) {
        const ws_report_grid *g = &grids[i];
        char demangled[512];
        const char *name = g->kernel && ws_demangle(g->kernel, demangled, sizeof demangled) == 0 ? demangled : g->kernel;
        fprintf(fp, "-- device launch %zu: kernel %s grid %u,%u,%u block %u,%u,%u:", i, name ? name : "?", g->grid[0],
                g->grid[1], g->grid[2], g->block[0], g->block[1], g->block[2]);
        text_stats(fp, g->stats, g->nstats);
    }
    if (ngrids && note)
        fprintf(fp, "-- note: %s\n", note);
    return ferror(fp) ? -1 : 0;
}

/* " key=value" for each stat, then the end of the line. */
static void text_stats(FILE *fp, const ws_stat *stats, size_t nstats)
{
    for (size_t s = 0; s < nstats; s++) {
        char b[WS_FMT_FLOAT_MAX];
        fputc(' ', fp);
        fputs(stats[s].key, fp);
        fputc('=', fp);
        switch (stats[s].kind) {
        case WS_STAT_INT: b[ws_fmt_i64(b, stats[s].v.i)] = 0; fputs(b, fp); break;
        case WS_STAT_UINT: b[ws_fmt_u64(b, stats[s].v.u)] = 0; fputs(b, fp); break;
        case WS_STAT_FLOAT: ws_fmt_f64(b, stats[s].v.f); fputs(b, fp); break;
        case WS_STAT_BOOL: fputs(stats[s].v.b ? "true" : "false", fp); break;
        default: text_quoted(fp, stats[s].v.s); break;
        }
    }
    fputc('\n', fp);
}

/* One element as a JSON value: integers exact, floats per json.h. */
static void json_elem(ws_json *j, ws_elem t, uint64_t bits)
{
    if (t == WS_ELEM_F32)
        ws_json_f32(j, as_f32(bits));
    else if (t == WS_ELEM_F64)
        ws_json_f64(j, as_f64(bits));
    else if (ws_elem_is_signed(t))
        ws_json_s64(j, sign_extend(bits, ws_elem_size(t)));
    else
        ws_json_u64(j, bits);
}

static void json_dims(ws_json *j, const char *key, const unsigned d[3])
{
    ws_json_key(j, key);
    ws_json_begin_array(j);
    for (int k = 0; k < 3; k++)
        ws_json_u64(j, d[k]);
    ws_json_end_array(j);
}

static void json_diag(ws_json *j, const ws_report_diag *d)
{
    if (d->json) {
        ws_json_raw(j, d->json);
        return;
    }
    ws_json_begin_object(j);
    ws_json_key(j, "severity");
    ws_json_string(j, ws_diag_severity_name(d->severity));
    if (d->kind) {
        ws_json_key(j, "kind");
        ws_json_string(j, d->kind);
    }
    if (d->message) {
        ws_json_key(j, "message");
        ws_json_string(j, d->message);
    }
    if (d->pc >= 0) {
        ws_json_key(j, "pc");
        ws_json_s64(j, d->pc);
    }
    if (d->line > 0) {
        ws_json_key(j, "line");
        ws_json_s64(j, d->line);
    }
    if (d->lanes) {
        ws_json_key(j, "lanes");
        ws_json_u64(j, d->lanes);
    }
    if (d->warp >= 0) {
        ws_json_key(j, "warp");
        ws_json_s64(j, d->warp);
    }
    if (d->block >= 0) {
        ws_json_key(j, "block");
        ws_json_s64(j, d->block);
    }
    ws_json_end_object(j);
}

int ws_report_json(FILE *fp, const ws_launch *l, const char *kernel_name,
                   const char *printf_text, size_t printf_len, const ws_stat *stats,
                   size_t nstats, const ws_report_diag *diags, size_t ndiags)
{
    return ws_report_json_grids(fp, l, kernel_name, printf_text, printf_len, stats, nstats, diags, ndiags, NULL, 0,
                                NULL);
}

static void json_stats(ws_json *j, const ws_stat *stats, size_t nstats)
{
    ws_json_begin_object(j);
    for (size_t s = 0; s < nstats; s++) {
        ws_json_key(j, stats[s].key);
        switch (stats[s].kind) {
        case WS_STAT_INT: ws_json_s64(j, stats[s].v.i); break;
        case WS_STAT_UINT: ws_json_u64(j, stats[s].v.u); break;
        case WS_STAT_FLOAT: ws_json_f64(j, stats[s].v.f); break;
        case WS_STAT_BOOL: ws_json_bool(j, stats[s].v.b); break;
        default: ws_json_string(j, stats[s].v.s); break;
        }
    }
    ws_json_end_object(j);
}

int ws_report_json_grids(FILE *fp, const ws_launch *l, const char *kernel_name, const char *printf_text,
                         size_t printf_len, const ws_stat *stats, size_t nstats, const ws_report_diag *diags,
                         size_t ndiags, const ws_report_grid *grids, size_t ngrids, const char *note)
{
    ws_json j;
    ws_json_init_file(&j, fp, WS_JSON_PRETTY);
    ws_json_begin_object(&j);
    ws_json_key(&j, "kernel"); /* the entry's name, mangled for C++ (as --kernel and the PTX name it) */
    ws_json_string(&j, kernel_name);
    char demangled[512]; /* a C++ kernel: also as written ("void reduce<16>(float const*, float*)") */
    if (kernel_name && ws_demangle(kernel_name, demangled, sizeof demangled) == 0) {
        ws_json_key(&j, "demangled");
        ws_json_string(&j, demangled);
    }
    json_dims(&j, "grid", l->grid);
    json_dims(&j, "block", l->block);

    ws_json_key(&j, "args");
    ws_json_begin_array(&j);
    for (size_t a = 0; a < l->nargs; a++) {
        const ws_arg *arg = &l->args[a];
        ws_json_begin_object(&j);
        ws_json_key(&j, "label");
        ws_json_string(&j, arg->label);
        ws_json_key(&j, "type");
        ws_json_string(&j, ws_elem_name(arg->elem));
        if (arg->is_buffer) {
            ws_json_key(&j, "count");
            ws_json_u64(&j, arg->count);
        } else {
            ws_json_key(&j, "value");
            json_elem(&j, arg->elem, arg->scalar_bits);
        }
        ws_json_end_object(&j);
    }
    ws_json_end_array(&j);

    ws_json_key(&j, "stdout");
    ws_json_string_n(&j, printf_len ? printf_text : "", printf_len);

    ws_json_key(&j, "buffers");
    ws_json_begin_object(&j);
    for (size_t a = 0; a < l->nargs; a++) {
        const ws_arg *arg = &l->args[a];
        if (!arg->is_buffer)
            continue;
        size_t size = ws_elem_size(arg->elem);
        ws_json_key(&j, arg->label);
        ws_json_begin_array(&j);
        for (size_t i = 0; i < arg->count; i++)
            json_elem(&j, arg->elem, load_bits(arg->data, i, size));
        ws_json_end_array(&j);
    }
    ws_json_end_object(&j);

    ws_json_key(&j, "stats");
    json_stats(&j, stats, nstats);

    ws_json_key(&j, "diagnostics");
    ws_json_begin_array(&j);
    for (size_t d = 0; d < ndiags; d++)
        json_diag(&j, &diags[d]);
    ws_json_end_array(&j);

    if (ngrids) {
        ws_json_key(&j, "device_launches");
        ws_json_begin_array(&j);
        for (size_t g = 0; g < ngrids; g++) {
            ws_json_begin_object(&j);
            ws_json_key(&j, "kernel");
            ws_json_string(&j, grids[g].kernel);
            json_dims(&j, "grid", grids[g].grid);
            json_dims(&j, "block", grids[g].block);
            ws_json_key(&j, "stats");
            json_stats(&j, grids[g].stats, grids[g].nstats);
            ws_json_end_object(&j);
        }
        ws_json_end_array(&j);
        if (note) {
            ws_json_key(&j, "device_launch_note");
            ws_json_string(&j, note);
        }
    }

    ws_json_end_object(&j);
    fputc('\n', fp);
    return ws_json_status(&j) != WS_JSON_OK || ferror(fp) ? -1 : 0;
}
