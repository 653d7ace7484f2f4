/* sim_harness: see sim_harness.h. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_harness.h"

/* The standard kernel. Keep WSH_BODY_LINE equal to the number of lines before the body + 1. */
static const char prologue[] =
    ".version 9.0\n"                                             /* 1 */
    ".target sm_90\n"                                            /* 2 */
    ".address_size 64\n"                                         /* 3 */
    "\n"                                                         /* 4 */
    ".visible .entry k(\n"                                       /* 5 */
    "\t.param .u64 k_in,\n"                                      /* 6 */
    "\t.param .u64 k_in2,\n"                                     /* 7 */
    "\t.param .u64 k_out,\n"                                     /* 8 */
    "\t.param .u64 k_out2\n"                                     /* 9 */
    ")\n"                                                        /* 10 */
    "{\n"                                                        /* 11 */
    "\t.reg .pred %p<32>;\n"                                     /* 12 */
    "\t.reg .b32 %r<128>;\n"                                     /* 13 */
    "\t.reg .b64 %rd<64>;\n"                                     /* 14 */
    "\t.reg .f32 %f<64>;\n"                                      /* 15 */
    "\t.reg .f64 %fd<32>;\n"                                     /* 16 */
    "\t.reg .b16 %rs<16>;\n"                                     /* 17 */
    "\t.shared .align 16 .b8 sh[8192];\n"                        /* 18 */
    "\t.local .align 16 .b8 loc[256];\n"                         /* 19 */
    "\tld.param.u64 %rd0, [k_in];\n"                             /* 20 */
    "\tld.param.u64 %rd1, [k_out];\n"                            /* 21 */
    "\tld.param.u64 %rd2, [k_out2];\n"                           /* 22 */
    "\tld.param.u64 %rd7, [k_in2];\n"                            /* 23 */
    "\tmov.u32 %r0, %tid.x;\n"                                   /* 24 */
    "\tmov.u32 %r126, %ctaid.x;\n"                               /* 25 */
    "\tmov.u32 %r125, %ntid.x;\n"                                /* 26 */
    "\tmad.lo.u32 %r127, %r126, %r125, %r0;\n"                   /* 27 */
    "\tmul.wide.u32 %rd3, %r127, 4;\n"                           /* 28 */
    "\tadd.s64 %rd4, %rd0, %rd3;\n"                              /* 29 */
    "\tld.global.u32 %r1, [%rd4];\n"                             /* 30 */
    "\tadd.s64 %rd8, %rd7, %rd3;\n"                              /* 31 */
    "\tld.global.u32 %r4, [%rd8];\n"                             /* 32 */
    "\tadd.s64 %rd10, %rd1, %rd3;\n"                             /* 33 */
    "\tadd.s64 %rd11, %rd2, %rd3;\n"                             /* 34 */
    "\tmov.u32 %r2, 0;\n"                                        /* 35 */
    "\tmov.u32 %r3, 0;\n";                                       /* 36 */
const unsigned WSH_BODY_LINE = 37;

static const char epilogue[] =
    "$Lend:\n"
    "\tst.global.u32 [%rd10], %r2;\n"
    "\tst.global.u32 [%rd11], %r3;\n"
    "\tret;\n"
    "}\n";

ws_module *wsh_parse(const char *ptx, ws_parse_error *err)
{
    return ws_module_parse(ptx, strlen(ptx), "<test>", err);
}

static void collect(void *user, const char *text, size_t len)
{
    wsh_run *r = user;
    char *nb = realloc(r->output, r->output_len + len + 1);
    if (!nb)
        return;
    memcpy(nb + r->output_len, text, len);
    r->output_len += len;
    nb[r->output_len] = 0;
    r->output = nb;
}

static void dims(const wsh_opts *o, unsigned grid[3], unsigned block[3])
{
    for (int i = 0; i < 3; i++) {
        grid[i] = o && o->grid[i] ? o->grid[i] : 1;
        block[i] = o && o->block[i] ? o->block[i] : 1;
    }
    if (!o || (!o->block[0] && !o->block[1] && !o->block[2]))
        block[0] = 32;
}

ws_status wsh_kernel(wsh_run *r, const char *ptx, const char *kernel, const wsh_opts *o, size_t nbufs,
                     const size_t *sizes, const void *const *inits)
{
    memset(r, 0, sizeof *r);
    r->output = calloc(1, 1);
    assert_non_null(r->output);
    assert_true(nbufs <= WSH_MAX_BUFS);
    ws_module *m = wsh_parse(ptx, &r->perr);
    if (!m) {
        r->status = WS_ERR_INPUT;
        return r->status;
    }
    r->parsed = true;
    const ws_kernel *k = ws_module_kernel(m, kernel);
    assert_non_null(k);
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.on_output = collect;
    cfg.output_user = r;
    if (o) {
        cfg.max_warp_instructions = o->max_warp_instructions;
        cfg.max_cycles = o->max_cycles;
        cfg.max_memory = o->max_memory;
        cfg.max_output = o->max_output;
        cfg.jobs = o->jobs;
        cfg.diagnostics_are_errors = o->diagnostics_are_errors;
        cfg.check_uninitialized = o->check_uninitialized;
        cfg.poison_undefined = o->poison_undefined;
        cfg.no_contract = o->no_contract;
        cfg.poison_value = o->poison_value;
        cfg.mode = o->timing ? WS_MODE_TIMING : WS_MODE_FUNCTIONAL;
    }
    ws_sim *sim = ws_sim_create(&cfg);
    assert_non_null(sim);
    uint64_t addr[WSH_MAX_BUFS] = {0};
    uint64_t params[WSH_MAX_BUFS] = {0};
    for (size_t i = 0; i < nbufs; i++) {
        addr[i] = ws_sim_alloc(sim, sizes[i], inits ? inits[i] : NULL);
        assert_true(addr[i] != 0);
        params[i] = addr[i];
    }
    unsigned grid[3], block[3];
    dims(o, grid, block);
    r->status = ws_sim_launch(sim, m, k, grid, block, params, nbufs * 8, &r->res);
    r->nbufs = nbufs;
    for (size_t i = 0; i < nbufs; i++) {
        r->buf[i] = malloc(sizes[i] ? sizes[i] : 1);
        r->buf_bytes[i] = sizes[i];
        assert_non_null(r->buf[i]);
        assert_int_equal(ws_sim_read(sim, addr[i], r->buf[i], sizes[i]), 0);
    }
    ws_sim_destroy(sim);
    ws_module_free(m);
    return r->status;
}

ws_status wsh_body(wsh_run *r, const char *body, const wsh_opts *o)
{
    size_t len = strlen(prologue) + strlen(body) + strlen(epilogue) + 2;
    char *ptx = malloc(len);
    assert_non_null(ptx);
    snprintf(ptx, len, "%s%s\n%s", prologue, body, epilogue);
    unsigned grid[3], block[3];
    dims(o, grid, block);
    size_t n = (size_t)grid[0] * grid[1] * grid[2] * block[0] * block[1] * block[2];
    uint32_t *in = malloc(n * 4), *in2 = malloc(n * 4);
    assert_non_null(in);
    assert_non_null(in2);
    for (size_t i = 0; i < n; i++) {
        in[i] = o && o->in ? o->in[i] : (uint32_t)i;
        in2[i] = o && o->in2 ? o->in2[i] : 0;
    }
    size_t sizes[4] = {n * 4, n * 4, n * 4, n * 4};
    const void *inits[4] = {in, in2, NULL, NULL};
    ws_status st = wsh_kernel(r, ptx, NULL, o, 4, sizes, inits);
    free(in);
    free(in2);
    r->ptx = ptx;
    r->n = n;
    r->in2 = (uint32_t *)(void *)r->buf[1];
    r->out = (uint32_t *)(void *)r->buf[2];
    r->out2 = (uint32_t *)(void *)r->buf[3];
    return st;
}

void wsh_free(wsh_run *r)
{
    ws_result_free(&r->res);
    for (size_t i = 0; i < r->nbufs; i++)
        free(r->buf[i]);
    free(r->output);
    free(r->ptx);
    memset(r, 0, sizeof *r);
}

const ws_diag *wsh_diag(const wsh_run *r, ws_diag_kind k)
{
    for (size_t i = 0; i < r->res.ndiags; i++)
        if (r->res.diags[i].kind == k)
            return &r->res.diags[i];
    return NULL;
}

size_t wsh_ndiags(const wsh_run *r) { return r->res.ndiags; }

static void print_diags(const wsh_run *r)
{
    for (size_t i = 0; i < r->res.ndiags; i++) {
        const ws_diag *d = &r->res.diags[i];
        print_error("  diagnostic %s at line %u pc %u lanes 0x%08x: %s\n", ws_diag_kind_name(d->kind), d->line, d->pc,
                    d->lanes, d->message);
    }
}

void wsh_check_u32(const char *what, const uint32_t *got, const uint32_t *want, size_t n, const char *file, int line)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (got[i] == want[i])
            continue;
        if (bad++ < 40)
            print_error("%s: lane %zu: expected 0x%08x (%d), got 0x%08x (%d)\n", what, i, want[i], (int32_t)want[i],
                        got[i], (int32_t)got[i]);
    }
    if (bad) {
        print_error("%s:%d: %s: %zu of %zu lanes differ\n", file, line, what, bad, n);
        fail();
    }
}

void wsh_expect_status(const wsh_run *r, ws_status want, const char *file, int line)
{
    if (!r->parsed) {
        print_error("%s:%d: the PTX does not parse: %s:%u:%u: %s\n  %s\n", file, line, r->perr.file, r->perr.line,
                    r->perr.column, r->perr.message, r->perr.source_line);
        fail();
    }
    if (r->status != want) {
        print_error("%s:%d: status %d, expected %d: %s\n", file, line, (int)r->status, (int)want, r->res.message);
        print_diags(r);
        fail();
    }
}

void wsh_expect_refused(const char *body, const char *needle, unsigned col, const char *file, int line)
{
    wsh_run r;
    wsh_opts o = {0};
    ws_status s = wsh_body(&r, body, &o);
    if (s != WS_ERR_INPUT || r.parsed || !strstr(r.perr.message, needle) || r.perr.line != WSH_BODY_LINE ||
        (col && r.perr.column != col)) {
        print_error("%s:%d: expected a refusal with '%s' at line %u%s, got status %d%s%u:%u: %s\n", file, line, needle,
                    WSH_BODY_LINE, col ? " (and the column given)" : "", (int)s, r.parsed ? " (parsed) " : " ",
                    r.perr.line, r.perr.column, r.perr.message);
        wsh_free(&r);
        fail();
    }
    wsh_free(&r);
}

const ws_diag *wsh_expect_diag(const wsh_run *r, ws_diag_kind k, unsigned line, uint32_t lanes, const char *file,
                               int srcline)
{
    for (size_t i = 0; i < r->res.ndiags; i++) {
        const ws_diag *d = &r->res.diags[i];
        if (d->kind == k && (!line || d->line == line) && (!lanes || d->lanes == lanes))
            return d;
    }
    print_error("%s:%d: no %s diagnostic at line %u with lanes 0x%08x; the run gave:\n", file, srcline,
                ws_diag_kind_name(k), line, lanes);
    print_diags(r);
    fail();
    return NULL;
}

char *wsh_read_file(const char *path, size_t *len)
{
    char full[1024];
    if (path[0] == '/')
        snprintf(full, sizeof full, "%s", path);
    else
        snprintf(full, sizeof full, "%s/%s", WS_SOURCE_DIR, path);
    FILE *f = fopen(full, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    fclose(f);
    if (s) {
        s[n] = 0;
        if (len)
            *len = (size_t)n;
    }
    return s;
}

void wsh_check_lanes(const char *what, const char *body, const uint32_t *in, const uint32_t *in2,
                     const uint32_t *want, const uint32_t *want2, size_t n)
{
    wsh_run r;
    wsh_opts o = {.in = in, .in2 = in2};
    wsh_body(&r, body, &o);
    WSH_EXPECT_OK(&r);
    char label[200];
    snprintf(label, sizeof label, "%s (%%r2)", what);
    WSH_CHECK(label, r.out, want, n);
    if (want2) {
        snprintf(label, sizeof label, "%s (%%r3)", what);
        WSH_CHECK(label, r.out2, want2, n);
    }
    wsh_free(&r);
}

void wsh_check_rows(const char *what, const char *body, const wsh_row *rows, size_t n, const uint32_t *want3)
{
    uint32_t a[32] = {0}, b[32] = {0}, want[32];
    assert_true(n <= 32);
    for (size_t i = 0; i < n; i++) {
        a[i] = rows[i].a;
        b[i] = rows[i].b;
        want[i] = rows[i].want;
    }
    wsh_check_lanes(what, body, a, b, want, want3, n);
}
