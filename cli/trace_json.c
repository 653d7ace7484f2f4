/* --trace-json FILE: the event stream as JSON lines, one event a line, for scripts.
 *
 * The first line is a header ({"type": "header", "format": "warpsim-trace", "version": 1, ...});
 * every later line is one event whose "type" names its kind. Values are the registers' raw bits
 * as unsigned integers (a float is its IEEE bits; the header's "registers" gives each
 * register's declared type to read them by). Per-lane arrays have 32 entries, null for lanes
 * that did not execute. The schema is in docs/cli.md; a change that breaks a reader bumps
 * TRACE_JSON_VERSION. */
#include "json.h"
#include "traces.h"

#include <stdlib.h>

struct trace_json {
    FILE *f;
    uint64_t bytes;
    const ws_module *m;
    const ws_kernel *k;
};

const char *trace_event_kind_name(ws_event_kind k)
{
    switch (k) {
    case WS_EV_EXEC: return "exec";
    case WS_EV_PRINTF: return "printf";
    case WS_EV_DIAG: return "diag";
    case WS_EV_BARRIER: return "barrier";
    case WS_EV_STALL: return "stall";
    case WS_EV_BLOCK_BEGIN: return "block_begin";
    case WS_EV_BLOCK_END: return "block_end";
    }
    return "unknown";
}

const char *trace_space_name(unsigned space) { return ws_space_name((ws_space)space); }

static void triple(ws_json *j, const char *key, const unsigned v[3])
{
    ws_json_key(j, key);
    ws_json_begin_array(j);
    for (int i = 0; i < 3; i++)
        ws_json_u64(j, v[i]);
    ws_json_end_array(j);
}

trace_json *trace_json_open(const char *path, const ws_module *m, const ws_kernel *k, const trace_meta *meta)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return NULL;
    trace_json *t = calloc(1, sizeof *t);
    if (!t) {
        fclose(f);
        return NULL;
    }
    t->f = f;
    t->m = m;
    t->k = k;
    ws_json j;
    ws_json_init_file(&j, f, 0);
    ws_json_begin_object(&j);
    ws_json_key(&j, "type");
    ws_json_string(&j, "header");
    ws_json_key(&j, "format");
    ws_json_string(&j, "warpsim-trace");
    ws_json_key(&j, "version");
    ws_json_u64(&j, TRACE_JSON_VERSION);
    ws_json_key(&j, "ptx");
    ws_json_string(&j, meta->ptx_path);
    ws_json_key(&j, "kernel");
    ws_json_string(&j, k->name);
    ws_json_key(&j, "mode");
    ws_json_string(&j, ws_mode_name(meta->mode));
    triple(&j, "grid", meta->grid);
    triple(&j, "block", meta->block);
    ws_json_key(&j, "registers"); /* index -> name and declared type */
    ws_json_begin_array(&j);
    for (uint32_t r = 0; r < k->nregs; r++) {
        ws_json_begin_array(&j);
        ws_json_string(&j, k->regs[r].name);
        ws_json_string(&j, ws_type_name((ws_type)k->regs[r].type));
        ws_json_end_array(&j);
    }
    ws_json_end_array(&j);
    ws_json_end_object(&j);
    fputc('\n', f);
    return t;
}

static void lane_u64s(ws_json *j, const char *key, uint32_t lanes, const uint64_t *v)
{
    ws_json_key(j, key);
    ws_json_begin_array(j);
    for (unsigned l = 0; l < 32; l++) {
        if ((lanes >> l) & 1)
            ws_json_u64(j, v[l]);
        else
            ws_json_null(j);
    }
    ws_json_end_array(j);
}

static void exec_fields(trace_json *t, ws_json *j, const ws_event *ev)
{
    const ws_insn *in = ev->insn;
    char text[256];
    ws_insn_print(t->m, t->k, in, text, sizeof text);
    ws_json_key(j, "line");
    ws_json_u64(j, in->line);
    char src[160]; /* -lineinfo PTX: the CUDA source line */
    if (ws_insn_source(t->m, in, src, sizeof src)) {
        ws_json_key(j, "src");
        ws_json_string(j, src);
    }
    ws_json_key(j, "insn");
    ws_json_string(j, text);
    ws_json_key(j, "active");
    ws_json_u64(j, ev->active);
    ws_json_key(j, "exec");
    ws_json_u64(j, ev->exec);
    ws_json_key(j, "dst");
    ws_json_begin_array(j);
    for (uint32_t i = 0; i < ev->ndst; i++) {
        ws_json_begin_object(j);
        ws_json_key(j, "reg");
        ws_json_string(j, ev->dst_reg[i] < t->k->nregs ? t->k->regs[ev->dst_reg[i]].name : "?");
        lane_u64s(j, "values", ev->exec, ev->dst_val[i]);
        ws_json_end_object(j);
    }
    ws_json_end_array(j);
    if (ev->shfl_src) {
        ws_json_key(j, "shfl");
        ws_json_begin_object(j);
        ws_json_key(j, "src");
        ws_json_begin_array(j);
        for (unsigned l = 0; l < 32; l++)
            if ((ev->exec >> l) & 1)
                ws_json_s64(j, ev->shfl_src[l]);
            else
                ws_json_null(j);
        ws_json_end_array(j);
        ws_json_key(j, "in_range");
        ws_json_begin_array(j);
        for (unsigned l = 0; l < 32; l++)
            if ((ev->exec >> l) & 1)
                ws_json_bool(j, ev->shfl_in_range[l] != 0);
            else
                ws_json_null(j);
        ws_json_end_array(j);
        ws_json_end_object(j);
    }
    if (in->op == WS_OP_VOTE) {
        ws_json_key(j, "vote_preds");
        ws_json_u64(j, ev->vote_preds);
    }
    if (ev->coll_in)
        lane_u64s(j, "collective_in", ev->exec, ev->coll_in);
    if (ev->mem_addr) {
        ws_json_key(j, "mem");
        ws_json_begin_object(j);
        ws_json_key(j, "space");
        ws_json_string(j, trace_space_name(ev->mem_space));
        ws_json_key(j, "store");
        ws_json_bool(j, ev->mem_store != 0);
        ws_json_key(j, "bytes");
        ws_json_u64(j, ev->mem_bytes);
        lane_u64s(j, "addr", ev->exec, ev->mem_addr);
        if (ev->mem_wavefronts) {
            ws_json_key(j, "wavefronts");
            ws_json_u64(j, ev->mem_wavefronts);
        }
        if (ev->mem_bank) {
            ws_json_key(j, "bank");
            ws_json_begin_array(j);
            for (unsigned l = 0; l < 32; l++)
                if ((ev->exec >> l) & 1)
                    ws_json_u64(j, ev->mem_bank[l]);
                else
                    ws_json_null(j);
            ws_json_end_array(j);
        }
        ws_json_end_object(j);
    }
}

void trace_json_event(void *user, const ws_event *ev)
{
    trace_json *t = user;
    ws_json j;
    ws_json_init_file(&j, t->f, 0);
    j.count = &t->bytes;
    ws_json_begin_object(&j);
    ws_json_key(&j, "type");
    ws_json_string(&j, trace_event_kind_name(ev->kind));
    ws_json_key(&j, "cycle");
    ws_json_u64(&j, ev->cycle);
    ws_json_key(&j, "block");
    ws_json_u64(&j, ev->block);
    if (ev->kind != WS_EV_BARRIER && ev->kind != WS_EV_BLOCK_BEGIN && ev->kind != WS_EV_BLOCK_END) {
        ws_json_key(&j, "warp");
        ws_json_u64(&j, ev->warp);
        ws_json_key(&j, "pc");
        ws_json_u64(&j, ev->pc);
    }
    switch (ev->kind) {
    case WS_EV_EXEC: exec_fields(t, &j, ev); break;
    case WS_EV_PRINTF:
        ws_json_key(&j, "text");
        ws_json_string_n(&j, ev->text, ev->text_len);
        break;
    case WS_EV_DIAG:
        if (ev->diag) {
            ws_json_key(&j, "kind");
            ws_json_string(&j, ws_diag_kind_name(ev->diag->kind));
            ws_json_key(&j, "severity");
            ws_json_string(&j, ws_severity_name(ev->diag->severity));
            ws_json_key(&j, "line");
            ws_json_u64(&j, ev->diag->line);
            ws_json_key(&j, "lanes");
            ws_json_u64(&j, ev->diag->lanes);
            ws_json_key(&j, "message");
            ws_json_string(&j, ev->diag->message);
        }
        break;
    case WS_EV_BARRIER:
        ws_json_key(&j, "barrier"); /* the barrier id (bar.sync N) */
        ws_json_u64(&j, ev->pc);
        break;
    case WS_EV_STALL:
        ws_json_key(&j, "reason");
        ws_json_string(&j, ws_stall_reason_name(ev->stall));
        if (ev->stall == WS_STALL_SCOREBOARD) {
            ws_json_key(&j, "producer_pc");
            ws_json_u64(&j, ev->stall_producer_pc);
        }
        break;
    default: break;
    }
    ws_json_end_object(&j);
    fputc('\n', t->f);
    t->bytes++;
}

uint64_t trace_json_bytes(const trace_json *t) { return t ? t->bytes : 0; }

int trace_json_close(trace_json *t)
{
    if (!t)
        return 0;
    int bad = ferror(t->f);
    bad |= fclose(t->f) != 0;
    free(t);
    return bad ? -1 : 0;
}
