/* The lane-table trace: each executed instruction, then a table of the 32 lanes in four rows
 * of eight: what each lane received (the source lane of a shuffle, the predicate of a vote)
 * and the value it wrote. Lanes that did not execute show '.'.
 *
 * nvcc moves floats through .b32 registers around shuffles (mov.b32 %r2, %f2; shfl ...;
 * mov.b32 %f3, %r7). So that a reduction of floats reads as floats, a .b32 register linked to
 * an .f32 register by mov or carried through a shuffle is shown as a float. */
#include "commands.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct trace_text {
    FILE *out;
    const ws_module *m;
    const ws_kernel *k;
    uint8_t *shows_float; /* per register */
    uint32_t last_block;
};

static int reg_is_f32(const trace_text *t, uint32_t r)
{
    return r < t->k->nregs && (t->k->regs[r].type == WS_T_F32 || t->shows_float[r]);
}

/* Propagate float-ness along mov.b32 and shfl until nothing changes. */
static void infer_float_registers(trace_text *t)
{
    const ws_kernel *k = t->k;
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t i = 0; i < k->ninsns; i++) {
            const ws_insn *in = &k->insns[i];
            if (!(in->op == WS_OP_MOV || in->op == WS_OP_SHFL) || in->nops < 2)
                continue;
            const ws_operand *d = &in->ops[0], *a = &in->ops[1];
            if (d->kind != WS_OPND_REG || a->kind != WS_OPND_REG || ws_type_bits((ws_type)in->type) != 32)
                continue;
            if (reg_is_f32(t, a->reg) && !reg_is_f32(t, d->reg)) {
                t->shows_float[d->reg] = 1;
                changed = 1;
            }
            if (reg_is_f32(t, d->reg) && !reg_is_f32(t, a->reg)) {
                t->shows_float[a->reg] = 1;
                changed = 1;
            }
        }
    }
}

trace_text *trace_text_create(FILE *out, const ws_module *m, const ws_kernel *k)
{
    trace_text *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->out = out;
    t->m = m;
    t->k = k;
    t->last_block = UINT32_MAX;
    t->shows_float = calloc(k->nregs + 1, 1);
    if (!t->shows_float) {
        free(t);
        return NULL;
    }
    infer_float_registers(t);
    return t;
}

void trace_text_destroy(trace_text *t)
{
    if (!t)
        return;
    free(t->shows_float);
    free(t);
}

static int64_t sext_for_trace(uint64_t v, unsigned bits)
{
    if (bits == 0 || bits >= 64)
        return (int64_t)v;
    uint64_t m = 1ull << (bits - 1);
    v &= (1ull << bits) - 1;
    return (int64_t)((v ^ m) - m);
}

static void format_value(const trace_text *t, uint32_t reg, uint64_t v, char *buf, size_t cap)
{
    ws_type ty = reg < t->k->nregs ? (ws_type)t->k->regs[reg].type : WS_T_B64;
    if (ty == WS_T_F64) {
        double d;
        memcpy(&d, &v, 8);
        snprintf(buf, cap, "%g", d);
    } else if (reg_is_f32(t, reg)) {
        uint32_t u = (uint32_t)v;
        float f;
        memcpy(&f, &u, 4);
        snprintf(buf, cap, "%g", (double)f);
    } else if (ty == WS_T_PRED) {
        snprintf(buf, cap, "%u", (unsigned)(v != 0));
    } else if (ws_type_is_signed(ty)) {
        snprintf(buf, cap, "%" PRId64, (int64_t)sext_for_trace(v, ws_type_bits(ty)));
    } else if (ws_type_bits(ty) == 64 && v > 0xffffffffu) {
        snprintf(buf, cap, "0x%" PRIx64, v);
    } else {
        snprintf(buf, cap, "%" PRIu64, v);
    }
}

typedef struct {
    char name[24];
    char cell[32][24];
} row;

static void print_rows(FILE *f, row *rows, unsigned nrows, uint32_t shown)
{
    size_t w = 3, nw = 4;
    for (unsigned r = 0; r < nrows; r++) {
        if (strlen(rows[r].name) > nw)
            nw = strlen(rows[r].name);
        for (unsigned l = 0; l < 32; l++)
            if (strlen(rows[r].cell[l]) > w)
                w = strlen(rows[r].cell[l]);
    }
    for (unsigned chunk = 0; chunk < 4; chunk++) {
        uint32_t lanes = (shown >> (chunk * 8)) & 0xff;
        if (!lanes)
            continue;
        fprintf(f, "   %*s |", (int)nw, "lane");
        for (unsigned l = chunk * 8; l < chunk * 8 + 8; l++)
            fprintf(f, " %*u", (int)w, l);
        fprintf(f, "\n");
        for (unsigned r = 0; r < nrows; r++) {
            fprintf(f, "   %*s |", (int)nw, rows[r].name);
            for (unsigned l = chunk * 8; l < chunk * 8 + 8; l++)
                fprintf(f, " %*s", (int)w, rows[r].cell[l]);
            fprintf(f, "\n");
        }
    }
}

void trace_text_event(void *user, const ws_event *ev)
{
    trace_text *t = user;
    FILE *f = t->out;
    if (ev->kind == WS_EV_BARRIER) {
        fprintf(f, "-- block %u: barrier %u released: every thread arrived\n", ev->block, ev->pc);
        return;
    }
    if (ev->kind == WS_EV_DIAG) {
        fprintf(f, "   !! %s: %s\n", ws_diag_kind_name(ev->diag->kind), ev->diag->message);
        return;
    }
    if (ev->kind != WS_EV_EXEC)
        return;
    const ws_insn *in = ev->insn;
    char text[256];
    ws_insn_print(t->m, t->k, in, text, sizeof text);
    unsigned n = (unsigned)__builtin_popcount(ev->exec);
    fprintf(f, "\nblock %u warp %u  line %u  %s\n", ev->block, ev->warp, in->line, text);
    if (ev->active != 0xffffffffu || ev->exec != ev->active)
        fprintf(f, "   lanes executing: 0x%08x (%u of 32)%s\n", ev->exec, n,
                ev->exec != ev->active ? ", the others' guard is false" : "");
    static row rows[8];
    unsigned nrows = 0;
    if (ev->shfl_src) {
        row *r = &rows[nrows++];
        snprintf(r->name, sizeof r->name, "from");
        for (unsigned l = 0; l < 32; l++) {
            if (!((ev->exec >> l) & 1))
                snprintf(r->cell[l], sizeof r->cell[l], ".");
            else if (!ev->shfl_in_range[l])
                snprintf(r->cell[l], sizeof r->cell[l], "self");
            else
                snprintf(r->cell[l], sizeof r->cell[l], "%d", ev->shfl_src[l]);
        }
    }
    if (in->op == WS_OP_VOTE) {
        row *r = &rows[nrows++];
        snprintf(r->name, sizeof r->name, "pred");
        for (unsigned l = 0; l < 32; l++)
            snprintf(r->cell[l], sizeof r->cell[l], "%s", !((ev->exec >> l) & 1) ? "." : ((ev->vote_preds >> l) & 1) ? "1" : "0");
    }
    for (unsigned d = 0; d < ev->ndst && nrows < 8; d++) {
        row *r = &rows[nrows++];
        snprintf(r->name, sizeof r->name, "%s", ev->dst_reg[d] < t->k->nregs ? t->k->regs[ev->dst_reg[d]].name : "?");
        for (unsigned l = 0; l < 32; l++) {
            if (!((ev->exec >> l) & 1))
                snprintf(r->cell[l], sizeof r->cell[l], ".");
            else
                format_value(t, ev->dst_reg[d], ev->dst_val[d][l], r->cell[l], sizeof r->cell[l]);
        }
    }
    if (nrows)
        print_rows(f, rows, nrows, ev->active);
}
