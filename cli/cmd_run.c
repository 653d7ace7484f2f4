/* warpsim run FILE.ptx [launch options and arguments] [--json] [--trace] [--mode M] ...
 *
 * Loads the module, checks the arguments against the kernel's .param list, runs it, and
 * prints what a GPU would: the kernel's printf output, every buffer, a summary. */
#include "commands.h"
#include "fpexact.h"
#include "launch.h"
#include "npy.h"
#include "options.h"
#include "report.h"
#include "device_grids.h"
#include "session.h"
#include "traces.h"

#include <errno.h>
#include <math.h>
#include <sys/stat.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int cmd_run_leave_to_exit;

#if defined(__SANITIZE_ADDRESS__) /* GCC's -fsanitize=address */
#define LEAKS_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) /* clang's (the fuzz preset) */
#define LEAKS_CHECKED 1
#endif
#endif
#ifndef LEAKS_CHECKED
#define LEAKS_CHECKED 0
#endif

typedef struct {
    char *buf;
    size_t len, cap;
} text_buf;

static void collect_output(void *user, const char *text, size_t len)
{
    text_buf *t = user;
    if (t->len + len + 1 > t->cap) {
        size_t nc = (t->cap + len) * 2 + 256;
        char *nb = realloc(t->buf, nc);
        if (!nb)
            return;
        t->buf = nb;
        t->cap = nc;
    }
    memcpy(t->buf + t->len, text, len);
    t->len += len;
    t->buf[t->len] = 0;
}

/* Event consumers (--trace, --trace-json, --perfetto, --vcd): each event goes to every one, in
 * the order they were added. Every 64 events their sizes are compared with --max-output: a trace
 * that passed it stops the run (ws_sim_request_stop), the same way at the same event every time. */
typedef struct {
    ws_event_fn fn[8];
    void *user[8];
    uint64_t (*bytes[8])(const void *user);
    const char *what[8];
    unsigned n;
    uint64_t events, max_bytes;
    ws_sim *sim; /* set once the machine exists */
} fanout;

static void fanout_add(fanout *f, ws_event_fn fn, void *user, uint64_t (*bytes)(const void *), const char *what)
{
    if (fn && user && f->n < 8) {
        f->fn[f->n] = fn;
        f->bytes[f->n] = bytes;
        f->what[f->n] = what;
        f->user[f->n++] = user;
    }
}

static void fanout_event(void *user, const ws_event *ev)
{
    fanout *f = user;
    for (unsigned i = 0; i < f->n; i++)
        f->fn[i](f->user[i], ev);
    if (++f->events % 64 || !f->sim)
        return;
    for (unsigned i = 0; i < f->n; i++)
        if (f->bytes[i](f->user[i]) > f->max_bytes) {
            char msg[256];
            snprintf(msg, sizeof msg,
                     "trace output limit reached: %s passed %" PRIu64 " bytes; raise it with --max-output", f->what[i],
                     f->max_bytes);
            ws_sim_request_stop(f->sim, WS_ERR_LIMIT, msg);
            return;
        }
}

/* The writers' sizes, for fanout_add */
static uint64_t text_bytes(const void *t) { return trace_text_bytes(t); }
static uint64_t json_bytes(const void *t) { return trace_json_bytes(t); }
static uint64_t perfetto_bytes(const void *t) { return trace_perfetto_bytes(t); }
static uint64_t vcd_bytes(const void *t) { return trace_vcd_bytes(t); }

/* Reads a --preset file: a regular file of at most 1 MiB (a directory or a device is named as such). */
static char *read_preset(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "warpsim: error: cannot read the preset %s: %s\n", path, strerror(errno));
        return NULL;
    }
    if (!S_ISREG(st.st_mode) || st.st_size > (1 << 20)) {
        fprintf(stderr, "warpsim: error: the preset %s is %s\n", path,
                S_ISDIR(st.st_mode)   ? "a directory, not a file"
                : S_ISREG(st.st_mode) ? "larger than 1 MiB"
                                      : "not a regular file");
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    char *text = f ? calloc(1, (size_t)st.st_size + 1) : NULL;
    size_t n = text ? fread(text, 1, (size_t)st.st_size, f) : 0;
    int bad = !f || !text || (f && ferror(f));
    if (f)
        fclose(f);
    if (bad) {
        fprintf(stderr, "warpsim: error: cannot read the preset %s\n", path);
        free(text);
        return NULL;
    }
    text[n] = 0;
    /* checked now, so that a mistake is named with its file before any kernel is loaded */
    char why[256];
    if (ws_preset_check(text, why, sizeof why) != 0) {
        fprintf(stderr, "warpsim: error: %s:%s\n", path, why);
        free(text);
        return NULL;
    }
    return text;
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end || s[0] == '-' || !s[0])
        return -1;
    *out = v;
    return 0;
}


/* --slow-path LIST: the fast paths to turn off (ws_slow_path), words separated by commas */
static int parse_slow_paths(const char *list, unsigned *out)
{
    static const struct {
        const char *name;
        unsigned bit;
    } paths[] = {
        {"converged", WS_SLOW_CONVERGED},
        {"exec", WS_SLOW_EXEC},
        {"shfl", WS_SLOW_SHFL},
        {"timing", WS_SLOW_TIMING},
        {"interp", WS_SLOW_INTERP},
        {"uninit", WS_SLOW_UNINIT},
        {"all", WS_SLOW_ALL},
    };
    *out = 0;
    for (const char *p = list;; p++) {
        size_t n = strcspn(p, ",");
        size_t i = 0;
        while (i < sizeof paths / sizeof paths[0] && !(strlen(paths[i].name) == n && !strncmp(p, paths[i].name, n)))
            i++;
        if (i == sizeof paths / sizeof paths[0]) {
            fprintf(stderr,
                    "warpsim: error: --slow-path takes converged, exec, shfl, timing, interp, uninit or all, separated by "
                    "commas, found '%.*s'\n",
                    (int)n, p);
            return -1;
        }
        *out |= paths[i].bit;
        p += n;
        if (!*p)
            return 0;
    }
}

static ws_diag_severity severity_of(ws_severity s) { return s == WS_SEV_ERROR ? WS_DIAG_ERROR : WS_DIAG_WARNING; }

/* Where the instruction or cycle limit stopped the launch, located as a diagnostic is (FILE:LINE
 * first, the CUDA line beside it with -lineinfo), so that a runaway loop is found by its line. */
static void print_limit_where(const ws_module *m, const ws_kernel *k, const ws_result *res)
{
    char src[168], text[256];
    long line = ws_limit_where(m, k, res, src, sizeof src, text, sizeof text);
    if (line > 0)
        fprintf(stderr, "%s:%ld%s: note: %s\n", m->path, line, src, text);
    else if (line == 0)
        fprintf(stderr, "warpsim: note: %s\n", text);
}

/* A launch that ran far code: its cycle figure is one the card does not pin down (ws_far_note), said as a note at
 * the kernel's entry in the text report, and in --json's stats as far_code (true) with the measured band; neither
 * appears for other launches, so their output stays as it was. Returns the stats' count with those added. */
static size_t far_code_stats(const ws_result *res, const char *note, ws_stat *stats, size_t n)
{
    if (!res->stats.far_blocks)
        return n;
    ws_far_band b = ws_far_measured();
    stats[n++] = ws_stat_bool("far_code", true);
    stats[n++] = ws_stat_uint("far_code_blocks", res->stats.far_blocks);
    stats[n++] = ws_stat_float("far_code_pace_min", b.pace_min);
    stats[n++] = ws_stat_float("far_code_pace_max", b.pace_max);
    stats[n++] = ws_stat_uint("far_code_cards", b.cards);
    stats[n++] = ws_stat_uint("far_code_launch_spread_pct", b.launch_spread_pct);
    stats[n++] = ws_stat_uint("far_code_grid_pct", b.grid_pct);
    stats[n++] = ws_stat_uint("far_code_window_blocks", res->stats.window_blocks);
    stats[n++] = ws_stat_uint("far_code_window_kib", b.window_kib);
    stats[n++] = ws_stat_float("far_code_past_first_min", b.past_first_min);
    stats[n++] = ws_stat_float("far_code_past_first_max", b.past_first_max);
    stats[n++] = ws_stat_float("far_code_past_later", b.past_later);
    stats[n++] = ws_stat_uint("far_code_past_cards", b.past_cards);
    stats[n++] = ws_stat_str("far_code_note", note);
    return n;
}
#define FAR_CODE_STATS 14

int cmd_run(int argc, char **argv)
{
    ws_launch L;
    ws_launch_init(&L);
    int json = 0, trace = 0, werror = 0, check_uninit = 1, poison = 0, no_contract = 0, all_values = 0;
    const char *npy_dir = NULL; /* --out DIR: the buffers as .npy files too */
    uint32_t poison_value = 0;
    unsigned slow_paths = 0; /* --slow-path: same output, measured or checked against the fast paths */
    const char *simd = NULL; /* --simd: the interpreter's SIMD variant (same output) */
    uint64_t max_insns = 0, max_memory = 0, max_cycles = 0, max_output = 0;
    uint64_t jobs = 1;     /* --jobs N: blocks on N host threads (results identical to one) */
    uint64_t launches = 1; /* --launches N: the kernel launched N times in one process, the last one reported */
    /* --regs N: registers a thread, for the blocks an SM holds (0: the preset's) and the schedule's
     * register budget (0: none) */
    uint64_t regs = 0;
    ws_mode mode = WS_MODE_TIMING;
    char *preset = NULL; /* --preset FILE: its text */
    int status = WS_ERR_INPUT;
    ws_session S = {0};
    trace_text *tr = NULL;
    int64_t trace_block = -1, trace_warp = -1; /* --trace-block/--trace-warp: -1 shows all */
    const char *json_path = NULL, *perfetto_path = NULL, *vcd_path = NULL, *vcd_regs = NULL;
    uint64_t vcd_block = 0;
    trace_json *tj = NULL;
    trace_perfetto *tp = NULL;
    trace_vcd *tv = NULL;
    fanout fan = {0};
    text_buf out = {0};
    ws_result res;
    memset(&res, 0, sizeof res);

    /* the memory limit bounds the buffers the arguments make too: find it before them */
    L.max_total_bytes = WS_DEFAULT_MAX_MEMORY;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], cli_option_name(CLI_VERB_RUN, RUN_MAX_MEMORY)) &&
            parse_u64(argv[i + 1], &max_memory) == 0 && max_memory)
            L.max_total_bytes = max_memory;
    for (int i = 1; i < argc;) {
        int r = ws_session_parse_arg(&L, argc, argv, &i);
        if (r < 0) {
            status = r == -WS_ERR_LIMIT ? WS_ERR_LIMIT : WS_ERR_INPUT;
            goto done;
        }
        if (r == 1)
            continue;
        const char *a = argv[i], *v;
        int o = cli_option_next(CLI_VERB_RUN, argc, argv, &i, &v);
        switch (o) {
        case CLI_HELP: status = WS_OK; goto done;
        case CLI_ERROR: goto done;
        case RUN_JSON: json = 1; break;
        case RUN_TRACE: trace = 1; break;
        case RUN_TRACE_BLOCK:
        case RUN_TRACE_WARP: {
            uint64_t n;
            if (parse_u64(v, &n) != 0 || n > UINT32_MAX) {
                fprintf(stderr, "warpsim: error: %s takes an index, found '%s'\n", a, v);
                goto done;
            }
            if (o == RUN_TRACE_BLOCK)
                trace_block = (int64_t)n;
            else
                trace_warp = (int64_t)n;
            trace = 1;
            break;
        }
        case RUN_TRACE_JSON: json_path = v; break;
        case RUN_ALL_VALUES: all_values = 1; break;
        case RUN_OUT: npy_dir = v; break;
        case RUN_PERFETTO: perfetto_path = v; break;
        case RUN_VCD: vcd_path = v; break;
        case RUN_VCD_REGS: vcd_regs = v; break;
        case RUN_VCD_BLOCK:
            if (parse_u64(v, &vcd_block) != 0 || vcd_block > UINT32_MAX) {
                fprintf(stderr, "warpsim: error: --vcd-block takes a block index, found '%s'\n", v);
                goto done;
            }
            break;
        case RUN_WERROR: werror = 1; break;
        case RUN_MAX_CYCLES: /* timing mode (sim/timing.c) */
            if (parse_u64(v, &max_cycles) != 0 || !max_cycles) {
                fprintf(stderr, "warpsim: error: --max-cycles takes a positive number, found '%s'\n", v);
                goto done;
            }
            break;
        case RUN_NO_CHECK_UNINIT: check_uninit = 0; break; /* uninitialized registers/shared memory and shared races */
        case RUN_NO_CONTRACT: no_contract = 1; break;
        case RUN_POISON: poison = 1; break; /* undefined shuffle reads give WS_POISON, not the H200's 0 */
        case RUN_POISON_VALUE: {
            uint64_t n;
            if (parse_u64(v, &n) != 0 || !n || n > UINT32_MAX) {
                fprintf(stderr, "warpsim: error: --poison-value takes a non-zero 32-bit value, found '%s'\n", v);
                goto done;
            }
            poison = 1;
            poison_value = (uint32_t)n;
            break;
        }
        case RUN_SLOW_PATH:
            if (parse_slow_paths(v, &slow_paths) != 0)
                goto done;
            break;
        case RUN_SIMD: simd = v; break; /* a variant the CPU lacks fails the launch, with its message */
        case RUN_MAX_MEMORY:
            if (parse_u64(v, &max_memory) != 0 || !max_memory) {
                fprintf(stderr, "warpsim: error: --max-memory takes a positive number of bytes, found '%s'\n", v);
                goto done;
            }
            break;
        case RUN_MAX_OUTPUT:
            if (parse_u64(v, &max_output) != 0 || !max_output || max_output > WS_MAX_OUTPUT_LIMIT) {
                fprintf(stderr,
                        "warpsim: error: --max-output takes a number of bytes from 1 to %" PRIu64 ", found '%s'\n",
                        WS_MAX_OUTPUT_LIMIT, v);
                goto done;
            }
            break;
        case RUN_MODE:
            if (!strcmp(v, "functional"))
                mode = WS_MODE_FUNCTIONAL;
            else if (!strcmp(v, "timing"))
                mode = WS_MODE_TIMING;
            else {
                fprintf(stderr, "warpsim: error: --mode takes 'timing' (the default) or 'functional', found '%s'\n", v);
                goto done;
            }
            break;
        case RUN_PRESET: /* a timing preset (presets/sm_90.preset) */
            free(preset);
            if (!(preset = read_preset(v)))
                goto done;
            break;
        case RUN_JOBS:
            if (parse_u64(v, &jobs) != 0 || !jobs || jobs > 256) {
                fprintf(stderr, "warpsim: error: --jobs takes a number of host threads from 1 to 256, found '%s'\n", v);
                goto done;
            }
            break;
        case RUN_LAUNCHES:
            if (parse_u64(v, &launches) != 0 || !launches || launches > 1000) {
                fprintf(stderr, "warpsim: error: --launches takes a number of launches from 1 to 1000, found '%s'\n", v);
                goto done;
            }
            break;
        case RUN_REGS: /* sm_90: at most 255 registers a thread */
            if (parse_u64(v, &regs) != 0 || !regs || regs > 255) {
                fprintf(stderr,
                        "warpsim: error: --regs takes a number of registers a thread from 1 to 255, found '%s'\n", v);
                goto done;
            }
            break;
        case RUN_MAX_INSTRUCTIONS:
            if (parse_u64(v, &max_insns) != 0 || !max_insns) {
                fprintf(stderr, "warpsim: error: --max-instructions takes a positive number, found '%s'\n", v);
                goto done;
            }
            break;
        }
    }
    if ((status = ws_session_load(&S, &L, max_memory)) != WS_OK)
        goto done;
    status = WS_ERR_INPUT;
    const ws_module *m = S.m;
    const ws_kernel *k = S.k;
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.mode = mode;
    cfg.max_warp_instructions = max_insns;
    cfg.jobs = (unsigned)jobs;
    cfg.regs_per_thread = (unsigned)regs;
    cfg.max_memory = max_memory;
    cfg.max_output = max_output;
    fan.max_bytes = max_output ? max_output : WS_DEFAULT_MAX_OUTPUT;
    cfg.max_cycles = max_cycles;
    cfg.timing_preset = preset;
    cfg.check_uninitialized = check_uninit;
    cfg.poison_undefined = poison;
    cfg.no_contract = no_contract;
    cfg.poison_value = poison_value;
    cfg.slow_paths = slow_paths;
    cfg.simd = simd;
    cfg.diagnostics_are_errors = werror;
    cfg.on_output = collect_output;
    cfg.output_user = &out;
    if (trace)
        tr = trace_text_create(stdout, m, k, mode);
    trace_text_only(tr, trace_block, trace_warp);
    fanout_add(&fan, trace_text_event, tr, text_bytes, "--trace");
    trace_meta meta = {L.ptx_path, mode, {L.grid[0], L.grid[1], L.grid[2]}, {L.block[0], L.block[1], L.block[2]}};
    const char *bad_reg = NULL;
    if ((json_path && !(tj = trace_json_open(json_path, m, k, &meta))) ||
        (perfetto_path && !(tp = trace_perfetto_open(perfetto_path, m, k, &meta))) ||
        (vcd_path && !(tv = trace_vcd_open(vcd_path, m, k, &meta, vcd_regs, (unsigned)vcd_block, &bad_reg)))) {
        if (bad_reg)
            fprintf(stderr, "warpsim: error: --vcd-regs: kernel %s has no register '%s'\n", k->name, bad_reg);
        else
            fprintf(stderr, "warpsim: error: cannot write %s: %s\n",
                    json_path && !tj       ? json_path
                    : perfetto_path && !tp ? perfetto_path
                                           : vcd_path,
                    strerror(errno));
        goto done;
    }
    fanout_add(&fan, trace_json_event, tj, json_bytes, "--trace-json");
    fanout_add(&fan, trace_perfetto_event, tp, perfetto_bytes, "--perfetto");
    fanout_add(&fan, trace_vcd_event, tv, vcd_bytes, "--vcd");
    if (fan.n) {
        cfg.on_event = fanout_event;
        cfg.event_user = &fan;
    }
    if ((status = ws_session_prepare(&S, &L, &cfg)) != WS_OK)
        goto done;
    fan.sim = S.sim;
    for (size_t i = 0; i < L.nargs; i++)
        if (L.args[i].is_buffer)
            trace_text_add_buffer(tr, L.args[i].label, S.addrs[i], L.args[i].count * ws_elem_size(L.args[i].elem));
    status = ws_session_launch(&S, &L, &res);
    for (uint64_t n = 1; n < launches && status == WS_OK; n++) { /* --launches: the ones before the last unreported */
        ws_result_free(&res);
        memset(&res, 0, sizeof res);
        out.len = 0;
        status = ws_session_launch(&S, &L, &res);
    }
    if (status == WS_ERR_INPUT)
        goto done;
    ws_stat stats[] = {
        ws_stat_str("mode", ws_mode_name(mode)),
        ws_stat_uint("cycles", res.stats.cycles),
        ws_stat_uint("warp_instructions", res.stats.warp_instructions),
        ws_stat_uint("lane_instructions", res.stats.lane_instructions),
        ws_stat_uint("shuffles", res.stats.shfl),
        ws_stat_uint("votes", res.stats.vote),
        ws_stat_uint("barriers", res.stats.bar_syncs),
        ws_stat_uint("diagnostics", res.ndiags),
        /* timing mode: the cycle model (sim/timing.c); zeros in the functional mode */
        /* three decimals: more would claim a precision the model does not have */
        ws_stat_float("ipc", res.stats.cycles
                                 ? ws_round(1000.0 * (double)res.stats.warp_instructions / (double)res.stats.cycles) / 1000.0
                                 : 0),
#define STALL_STAT(id, name, what) ws_stat_uint("stall_" name, res.stats.stalls[WS_STALL_##id]),
        WS_STALL_REASONS(STALL_STAT)
#undef STALL_STAT
            ws_stat_uint("bank_conflicts", res.stats.bank_conflicts),
        ws_stat_uint("shared_wavefronts", res.stats.shared_wavefronts),
        /* timing mode: the whole launch on the SMs (sim/grid.c) */
        ws_stat_uint("launch_cycles", res.stats.launch_cycles),
        ws_stat_uint("blocks_per_sm", res.stats.blocks_per_sm),
        ws_stat_uint("regs_per_thread", res.stats.regs_per_thread),
        ws_stat_uint("sms_used", res.stats.sms_used),
        ws_stat_uint("sm_busy_min", res.stats.sm_busy_min),
        ws_stat_uint("sm_busy_max", res.stats.sm_busy_max),
    };
    size_t nstats = sizeof stats / sizeof stats[0];
    char far_note[768]; /* the note with its clause on lines past ifetch.window: ~570 characters */
    long far_line = ws_far_note(k, &res, far_note, sizeof far_note);
    device_grids dg; /* grids its kernel launched from the device (CUDA dynamic parallelism) */
    device_grids_make(&dg, &res, mode);
    if (json) {
        ws_stat json_stats[sizeof stats / sizeof stats[0] + FAR_CODE_STATS];
        memcpy(json_stats, stats, sizeof stats);
        nstats = far_code_stats(&res, far_note, json_stats, nstats);
        ws_report_diag *rd = calloc(res.ndiags + 1, sizeof *rd);
        for (size_t i = 0; rd && i < res.ndiags; i++) {
            const ws_diag *d = &res.diags[i];
            ws_report_diag x = WS_REPORT_DIAG_INIT;
            x.severity = severity_of(d->severity);
            x.kind = ws_diag_kind_name(d->kind);
            x.message = d->message;
            x.pc = d->pc;
            x.line = (int)d->line;
            x.lanes = d->lanes;
            x.warp = (int)d->warp;
            x.block = d->block;
            rd[i] = x;
        }
        ws_report_json_grids(stdout, &L, k->name, out.buf ? out.buf : "", out.len, json_stats, nstats, rd,
                             rd ? res.ndiags : 0, dg.grids, dg.ngrids, dg.note);
        free(rd);
    } else {
        ws_report_text_abbrev(stdout, &L, k->name, out.buf ? out.buf : "", out.len, stats, nstats, all_values);
        ws_report_grids_text(stdout, dg.grids, dg.ngrids, dg.note);
        for (size_t i = 0; i < res.ndiags; i++) {
            const ws_diag *d = &res.diags[i];
            char src[168] = ""; /* -lineinfo PTX: the CUDA line beside the PTX line */
            if (d->pc < k->ninsns)
                ws_insn_source_aside(S.m, &k->insns[d->pc], src, sizeof src);
            fprintf(stderr, "%s:%u%s: %s: %s [%s] (block %u, warp %u, lanes 0x%08x", S.m->path, d->line, src,
                    ws_severity_name(d->severity), d->message, ws_diag_kind_name(d->kind), d->block, d->warp, d->lanes);
            if (d->count > 1)
                fprintf(stderr, "; %" PRIu64 " times", d->count);
            fprintf(stderr, ")\n");
        }
        if (far_line >= 0)
            fprintf(stderr, "%s:%ld: note: %s\n", S.m->path, far_line, far_note);
    }
    char npy_err[512];
    if (npy_dir && ws_npy_write_buffers(npy_dir, &L, npy_err, sizeof npy_err) != 0) {
        fprintf(stderr, "warpsim: error: --out: %s\n", npy_err);
        if (status == WS_OK)
            status = WS_ERR_INPUT;
    }
    if (res.ndiags_not_listed)
        fprintf(stderr, "warpsim: %" PRIu64 " more distinct diagnostics are not listed (at most %d are)\n",
                res.ndiags_not_listed, WS_MAX_DIAGS);
    if (status == WS_ERR_LIMIT)
        print_limit_where(S.m, k, &res);
    if (status != WS_OK && res.message[0])
        fprintf(stderr, "warpsim: %s\n", res.message);
    device_grids_free(&dg);
done:
    if ((trace_json_close(tj) | trace_perfetto_close(tp) | trace_vcd_close(tv)) != 0) {
        fprintf(stderr, "warpsim: error: a trace file could not be written completely\n");
        if (status == WS_OK)
            status = WS_ERR_INPUT;
    }
    ws_result_free(&res);
    trace_text_destroy(tr);
    if (!cmd_run_leave_to_exit || LEAKS_CHECKED) {
        ws_session_free(&S);
        ws_launch_free(&L);
    }
    free(out.buf);
    free(preset);
    return status;
}

int cmd_print(int argc, char **argv)
{
    if (cli_help_first(CLI_VERB_PRINT, argc, argv))
        return WS_OK;
    if (argc != 2) {
        cli_usage(stderr, CLI_VERB_PRINT);
        return WS_ERR_INPUT;
    }
    ws_parse_error perr;
    ws_module *m = ws_module_load(argv[1], &perr);
    if (!m) {
        print_parse_error(stderr, &perr);
        return perr.limit ? WS_ERR_LIMIT : WS_ERR_INPUT;
    }
    char *text;
    size_t len;
    int rc = ws_module_print(m, &text, &len);
    ws_module_free(m);
    if (rc != 0) {
        fprintf(stderr, "warpsim: error: out of memory\n");
        return WS_ERR_INTERNAL;
    }
    fwrite(text, 1, len, stdout);
    free(text);
    return WS_OK;
}
