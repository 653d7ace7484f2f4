/* --perfetto FILE: the Chrome trace event format (JSON object form), which ui.perfetto.dev and
 * chrome://tracing both load.
 *
 * One process per block (pid = linear block index + 1, named "block N": pid 0 is avoided
 * because some loaders treat it as "no process"), one thread per warp (tid = warp + 1, named
 * "warp N"). Each executed instruction is a complete slice ("ph": "X") on its warp's track,
 * named by its PTX text, from its issue cycle for one cycle: the events give the issue cycle
 * only, not the completion, so the slice is the issue slot (in functional mode every
 * instruction takes one cycle of its block's counter). The time axis counts cycles as
 * microseconds (the format's unit): "1 us" in the viewer is one cycle.
 * Stalls (timing mode) come one event a cycle; consecutive cycles of one warp with one reason
 * become one slice "stall: REASON" on a second track of the warp ("warp N stalls", tid =
 * 1001 + warp), so a long wait is one bar rather than thousands of marks. Diagnostics and
 * printf output are instant events ("ph": "i") on the warp's track; a block barrier's release
 * is a process-wide instant. Slices on one track never overlap, as the format requires of
 * complete events on one thread. */
#include "json.h"
#include "traces.h"

#include <stdlib.h>
#include <string.h>

struct trace_perfetto {
    FILE *f;
    uint64_t bytes;
    const ws_module *m;
    const ws_kernel *k;
    unsigned long nevents;
    /* named tracks, so the metadata events go out once: blocks are seen in order */
    uint32_t named_block;     /* the last block whose process was named, + 1 (0: none) */
    uint32_t named_warps;     /* bit per warp named in that block */
    uint32_t named_stalls;    /* bit per warp whose stall track is named in that block */
    uint64_t next_free[32];   /* per warp of the current block: first cycle a slice may start */
    uint32_t cur_block;
    struct { int open; ws_stall_reason why; uint64_t from, to; uint32_t pc; } stall[32]; /* being coalesced */
};

static void flush_stall(trace_perfetto *t, int warp);

static void begin_event(trace_perfetto *t, ws_json *j)
{
    t->bytes += t->nevents ? 2 : 1;
    fputs(t->nevents++ ? ",\n" : "\n", t->f);
    ws_json_init_file(j, t->f, 0);
    j->count = &t->bytes;
    ws_json_begin_object(j);
}

static void common(ws_json *j, const char *ph, const char *name, const char *cat, uint32_t block, int warp,
                   uint64_t ts)
{
    ws_json_key(j, "ph");
    ws_json_string(j, ph);
    ws_json_key(j, "name");
    ws_json_string(j, name);
    if (cat) {
        ws_json_key(j, "cat");
        ws_json_string(j, cat);
    }
    ws_json_key(j, "pid");
    ws_json_u64(j, (uint64_t)block + 1);
    ws_json_key(j, "tid");
    ws_json_u64(j, (uint64_t)(warp + 1));
    ws_json_key(j, "ts");
    ws_json_u64(j, ts);
}

static void metadata(trace_perfetto *t, const char *what, uint32_t block, int warp, const char *value, int sort)
{
    ws_json j;
    begin_event(t, &j);
    common(&j, "M", what, NULL, block, warp, 0);
    ws_json_key(&j, "args");
    ws_json_begin_object(&j);
    ws_json_key(&j, strstr(what, "sort") ? "sort_index" : "name");
    if (sort >= 0)
        ws_json_u64(&j, (uint64_t)sort);
    else
        ws_json_string(&j, value);
    ws_json_end_object(&j);
    ws_json_end_object(&j);
}

static void name_tracks(trace_perfetto *t, uint32_t block, int warp)
{
    char buf[64];
    if (t->named_block != block + 1) {
        for (int w = 0; w < 32; w++)
            flush_stall(t, w);
        t->named_block = block + 1;
        t->named_warps = 0;
        t->named_stalls = 0;
        t->cur_block = block;
        memset(t->next_free, 0, sizeof t->next_free);
        snprintf(buf, sizeof buf, "block %u", block);
        metadata(t, "process_name", block, 0, buf, -1);
        metadata(t, "process_sort_index", block, 0, NULL, (int)block);
    }
    if (warp >= 0 && warp < 32 && !((t->named_warps >> warp) & 1)) {
        t->named_warps |= 1u << warp;
        snprintf(buf, sizeof buf, "warp %d", warp);
        metadata(t, "thread_name", block, warp, buf, -1);
        metadata(t, "thread_sort_index", block, warp, NULL, warp);
    }
}

static void flush_stall(trace_perfetto *t, int warp)
{
    if (!t->stall[warp].open)
        return;
    t->stall[warp].open = 0;
    char name[64];
    ws_json j;
    if (!((t->named_stalls >> warp) & 1)) {
        t->named_stalls |= 1u << warp;
        snprintf(name, sizeof name, "warp %d stalls", warp);
        metadata(t, "thread_name", t->cur_block, 1000 + warp, name, -1);
        metadata(t, "thread_sort_index", t->cur_block, 1000 + warp, NULL, warp);
    }
    snprintf(name, sizeof name, "stall: %s", ws_stall_reason_name(t->stall[warp].why));
    begin_event(t, &j);
    common(&j, "X", name, "stall", t->cur_block, 1000 + warp, t->stall[warp].from);
    ws_json_key(&j, "dur");
    ws_json_u64(&j, t->stall[warp].to - t->stall[warp].from + 1);
    ws_json_key(&j, "args");
    ws_json_begin_object(&j);
    ws_json_key(&j, "pc");
    ws_json_u64(&j, t->stall[warp].pc);
    ws_json_key(&j, "cycles");
    ws_json_u64(&j, t->stall[warp].to - t->stall[warp].from + 1);
    ws_json_end_object(&j);
    ws_json_end_object(&j);
}

trace_perfetto *trace_perfetto_open(const char *path, const ws_module *m, const ws_kernel *k, const trace_meta *meta)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return NULL;
    trace_perfetto *t = calloc(1, sizeof *t);
    if (!t) {
        fclose(f);
        return NULL;
    }
    t->f = f;
    t->m = m;
    t->k = k;
    ws_json j;
    ws_json_init_file(&j, f, 0);
    fputs("{\"displayTimeUnit\": \"ns\", \"otherData\": ", f);
    ws_json_begin_object(&j);
    ws_json_key(&j, "generator");
    ws_json_string(&j, "warpsim");
    ws_json_key(&j, "ptx");
    ws_json_string(&j, meta->ptx_path);
    ws_json_key(&j, "kernel");
    ws_json_string(&j, k->name);
    ws_json_key(&j, "mode");
    ws_json_string(&j, meta->mode == WS_MODE_TIMING ? "timing" : "functional");
    ws_json_key(&j, "time_unit");
    ws_json_string(&j, "1 us = 1 cycle");
    ws_json_end_object(&j);
    fputs(", \"traceEvents\": [", f);
    return t;
}

static void hex_arg(ws_json *j, const char *key, uint32_t v)
{
    char buf[16];
    snprintf(buf, sizeof buf, "0x%08x", v);
    ws_json_key(j, key);
    ws_json_string(j, buf);
}

void trace_perfetto_event(void *user, const ws_event *ev)
{
    trace_perfetto *t = user;
    ws_json j;
    char name[320];
    int warp = (int)ev->warp;
    if (ev->kind == WS_EV_BLOCK_BEGIN || ev->kind == WS_EV_BLOCK_END)
        return;
    if (ev->kind == WS_EV_BARRIER)
        warp = -1;
    name_tracks(t, ev->block, warp < 0 ? 0 : warp);
    switch (ev->kind) {
    case WS_EV_EXEC: {
        ws_insn_print(t->m, t->k, ev->insn, name, sizeof name);
        uint64_t ts = ev->cycle;
        if (warp < 32 && ts < t->next_free[warp]) /* never overlap the previous slice */
            ts = t->next_free[warp];
        if (warp < 32)
            t->next_free[warp] = ts + 1;
        begin_event(t, &j);
        common(&j, "X", name, "insn", ev->block, warp, ts);
        ws_json_key(&j, "dur");
        ws_json_u64(&j, 1);
        ws_json_key(&j, "args");
        ws_json_begin_object(&j);
        ws_json_key(&j, "pc");
        ws_json_u64(&j, ev->pc);
        ws_json_key(&j, "line");
        ws_json_u64(&j, ev->insn->line);
        ws_json_key(&j, "cycle");
        ws_json_u64(&j, ev->cycle);
        hex_arg(&j, "active", ev->active);
        hex_arg(&j, "exec", ev->exec);
        ws_json_key(&j, "latency_class");
        ws_json_string(&j, ws_latency_name((ws_latency_class)ws_optable[ev->insn->op].latency));
        if (ev->mem_wavefronts) {
            ws_json_key(&j, "wavefronts");
            ws_json_u64(&j, ev->mem_wavefronts);
        }
        ws_json_end_object(&j);
        ws_json_end_object(&j);
        break;
    }
    case WS_EV_STALL:
        if (warp >= 32)
            break;
        if (t->stall[warp].open && t->stall[warp].why == ev->stall && t->stall[warp].pc == ev->pc &&
            ev->cycle == t->stall[warp].to + 1) {
            t->stall[warp].to = ev->cycle;
            break;
        }
        flush_stall(t, warp);
        t->stall[warp].open = 1;
        t->stall[warp].why = ev->stall;
        t->stall[warp].pc = ev->pc;
        t->stall[warp].from = t->stall[warp].to = ev->cycle;
        break;
    case WS_EV_BARRIER:
        snprintf(name, sizeof name, "bar.sync %u released", ev->pc);
        begin_event(t, &j);
        common(&j, "i", name, "barrier", ev->block, 0, ev->cycle);
        ws_json_key(&j, "s");
        ws_json_string(&j, "p");
        ws_json_end_object(&j);
        break;
    case WS_EV_DIAG:
        snprintf(name, sizeof name, "%s: %s", ev->diag ? ws_severity_name(ev->diag->severity) : "warning",
                 ev->diag ? ws_diag_kind_name(ev->diag->kind) : "?");
        begin_event(t, &j);
        common(&j, "i", name, "diag", ev->block, warp, ev->cycle);
        ws_json_key(&j, "s");
        ws_json_string(&j, "t");
        if (ev->diag) {
            ws_json_key(&j, "args");
            ws_json_begin_object(&j);
            ws_json_key(&j, "line");
            ws_json_u64(&j, ev->diag->line);
            hex_arg(&j, "lanes", ev->diag->lanes);
            ws_json_key(&j, "message");
            ws_json_string(&j, ev->diag->message);
            ws_json_end_object(&j);
        }
        ws_json_end_object(&j);
        break;
    case WS_EV_PRINTF:
        begin_event(t, &j);
        common(&j, "i", "printf", "printf", ev->block, warp, ev->cycle);
        ws_json_key(&j, "s");
        ws_json_string(&j, "t");
        ws_json_key(&j, "args");
        ws_json_begin_object(&j);
        ws_json_key(&j, "text");
        ws_json_string_n(&j, ev->text, ev->text_len);
        ws_json_end_object(&j);
        ws_json_end_object(&j);
        break;
    default:
        break;
    }
}

int trace_perfetto_close(trace_perfetto *t)
{
    if (!t)
        return 0;
    for (int w = 0; w < 32; w++)
        flush_stall(t, w);
    fputs("\n]}\n", t->f);
    int bad = ferror(t->f);
    bad |= fclose(t->f) != 0;
    free(t);
    return bad ? -1 : 0;
}

uint64_t trace_perfetto_bytes(const trace_perfetto *t) { return t ? t->bytes : 0; }
