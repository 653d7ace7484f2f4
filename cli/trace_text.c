/* The lane-table trace: each executed instruction, then a table of the 32 lanes in four rows
 * of eight: what each lane received (the source lane of a shuffle, the predicate of a vote)
 * and the value it wrote. Lanes that did not execute show '.'.
 *
 * nvcc moves floats through .b32 registers around shuffles (mov.b32 %r2, %f2; shfl ...;
 * mov.b32 %f3, %r7). So that a reduction of floats reads as floats, a .b32 register linked to
 * an .f32 register by mov or carried through a shuffle is shown as a float. */
#include "buffers.h"
#include "commands.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct trace_text {
    FILE *out;
    uint64_t bytes; /* written so far (--max-output) */
    const ws_module *m;
    const ws_kernel *k;
    int timing;      /* the timing mode: each step shows its issue cycle */
    int said_how;    /* the line that says what order the steps come in is written */
    int said_shared; /* the note on steps of one warp that share a cycle is written */
    int have_prev;   /* prev_*: the last step written (timing mode) */
    uint32_t prev_block, prev_warp;
    uint64_t prev_cycle;
    uint8_t *shows_float; /* per register */
    uint32_t last_block;
    int64_t only_block, only_warp; /* -1: every block, every warp */
    /* buffers by device address, so pointers read as in+4 rather than 0x7f0000000004 */
    ws_buffer_map buffers;
};

void trace_text_add_buffer(trace_text *t, const char *label, uint64_t base, uint64_t size)
{
    if (t)
        ws_buffer_map_add(&t->buffers, label, base, size, 1);
}

trace_text *trace_text_create(FILE *out, const ws_module *m, const ws_kernel *k, ws_mode mode)
{
    trace_text *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->out = out;
    t->m = m;
    t->k = k;
    t->timing = mode == WS_MODE_TIMING;
    t->last_block = UINT32_MAX;
    t->only_block = t->only_warp = -1;
    t->shows_float = calloc(k->nregs + 1, 1);
    if (!t->shows_float) {
        free(t);
        return NULL;
    }
    ws_kernel_float_registers(k, t->shows_float);
    return t;
}

void trace_text_only(trace_text *t, int64_t block, int64_t warp)
{
    if (!t)
        return;
    t->only_block = block;
    t->only_warp = warp;
}

void trace_text_destroy(trace_text *t)
{
    if (!t)
        return;
    free(t->shows_float);
    free(t);
}

static void format_value(const trace_text *t, uint32_t reg, uint64_t v, char *buf, size_t cap)
{
    ws_type ty = reg < t->k->nregs ? (ws_type)t->k->regs[reg].type : WS_T_B64;
    if (ws_type_bits(ty) == 64 && !ws_type_is_float(ty) && v > 0xffffffffu &&
        ws_buffer_name(&t->buffers, v, 0, buf, cap)) /* a pointer into a buffer: in+4 */
        return;
    ws_format_register_value(t->k, t->shows_float, reg, v, buf, cap);
}

/* fprintf to the trace, counting its bytes */
static void tprintf(trace_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(t->out, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->bytes += (uint64_t)n;
}

uint64_t trace_text_bytes(const trace_text *t) { return t ? t->bytes : 0; }

typedef struct {
    char name[24];
    char cell[32][24];
} row;

/* A row whose lanes all show the same thing is one line: "%r5 = 16 (every lane)". */
static int row_is_uniform(const row *r, uint32_t shown)
{
    int first = -1;
    for (unsigned l = 0; l < 32; l++) {
        if (!((shown >> l) & 1))
            continue;
        if (first < 0)
            first = (int)l;
        else if (strcmp(r->cell[l], r->cell[first]) != 0)
            return 0;
    }
    return first >= 0;
}

static void print_rows(trace_text *t, row *all, unsigned nall, uint32_t shown)
{
    row *rows[8];
    unsigned nrows = 0;
    for (unsigned r = 0; r < nall; r++) {
        if (row_is_uniform(&all[r], shown))
            tprintf(t, "   %s = %s (every lane)\n", all[r].name, all[r].cell[__builtin_ctz(shown)]);
        else
            rows[nrows++] = &all[r];
    }
    size_t w = 3, nw = 4;
    if (!nrows)
        return;
    for (unsigned r = 0; r < nrows; r++) {
        if (strlen(rows[r]->name) > nw)
            nw = strlen(rows[r]->name);
        for (unsigned l = 0; l < 32; l++)
            if (strlen(rows[r]->cell[l]) > w)
                w = strlen(rows[r]->cell[l]);
    }
    for (unsigned chunk = 0; chunk < 4; chunk++) {
        uint32_t lanes = (shown >> (chunk * 8)) & 0xff;
        if (!lanes)
            continue;
        tprintf(t, "   %*s |", (int)nw, "lane");
        for (unsigned l = chunk * 8; l < chunk * 8 + 8; l++)
            tprintf(t, " %*u", (int)w, l);
        tprintf(t, "\n");
        for (unsigned r = 0; r < nrows; r++) {
            tprintf(t, "   %*s |", (int)nw, rows[r]->name);
            for (unsigned l = chunk * 8; l < chunk * 8 + 8; l++)
                tprintf(t, " %*s", (int)w, rows[r]->cell[l]);
            tprintf(t, "\n");
        }
    }
}

/* "lanes 16-31", "lane 3", "lanes 0-3, 8-11" */
static void format_lanes(uint32_t m, char *buf, size_t cap)
{
    size_t n = (size_t)snprintf(buf, cap, "lane%s ", __builtin_popcount(m) == 1 ? "" : "s");
    int first = 1;
    for (unsigned l = 0; l < 32 && n < cap;) {
        if (!((m >> l) & 1)) {
            l++;
            continue;
        }
        unsigned e = l;
        while (e + 1 < 32 && ((m >> (e + 1)) & 1))
            e++;
        n += (size_t)snprintf(buf + n, cap - n, e > l ? "%s%u-%u" : "%s%u", first ? "" : ", ", l, e);
        first = 0;
        l = e + 1;
    }
    if (__builtin_popcount(m) == 1 || first)
        return;
    if (n < cap)
        snprintf(buf + n, cap - n, " are");
}

/* An operand's value in lane l: an immediate, or the register after the instruction. */
static uint32_t operand_in_lane(const ws_event *ev, const ws_operand *o, unsigned l)
{
    return o->kind == WS_OPND_REG ? (uint32_t)ev->regfile[(size_t)o->reg * 32 + l] : (uint32_t)o->imm;
}

/* One sentence a learner can check the table against: the rule, the width and membermask (nvcc
 * puts the c and membermask operands in registers, set many lines before), and the lanes out of
 * range. */
static void describe_shuffle(trace_text *t, const ws_insn *in, const ws_event *ev)
{
    int first = -1, uniform_b = 1;
    uint32_t out = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!((ev->exec >> l) & 1))
            continue;
        if (!ev->shfl_in_range[l])
            out |= 1u << l;
        if (first < 0)
            first = (int)l;
    }
    if (first < 0)
        return;
    uint32_t b = operand_in_lane(ev, &in->ops[2], (unsigned)first);
    for (unsigned l = 0; l < 32; l++)
        if (((ev->exec >> l) & 1) && operand_in_lane(ev, &in->ops[2], l) != b)
            uniform_b = 0;
    static const char *const what[] = {"lane i reads lane i-%u", "lane i reads lane i+%u", "lane i reads lane i^%u",
                                       "every lane reads lane %u of its segment"};
    /* idx keeps b's bits below the segment mask (c's bits 8-12): __shfl_sync(m, v, 17, 16) reads
     * lane 1 of each segment of 16 */
    uint32_t c = operand_in_lane(ev, &in->ops[3], (unsigned)first), seg = c >> 8 & 31, width = 32 - seg;
    int pow2 = (width & (width - 1)) == 0;
    char rule[96];
    if (uniform_b && in->sub == WS_SHFL_IDX && (b & 31 & seg) && pow2)
        snprintf(rule, sizeof rule, "every lane reads lane %u mod %u = %u of its segment", b & 31, width, b & 31 & ~seg);
    else if (uniform_b && in->sub == WS_SHFL_IDX && (b & 31 & seg))
        snprintf(rule, sizeof rule, "every lane reads lane %u of its segment (%u without the segment mask 0x%x)",
                 b & 31 & ~seg, b & 31, seg);
    else if (uniform_b)
        snprintf(rule, sizeof rule, what[in->sub], b & 31);
    else
        snprintf(rule, sizeof rule, "each lane reads the lane its b operand names");
    static const char *const mode_name[] = {"up", "down", "xor", "idx"}; /* in ws_shfl_mode order, as what[] */
    tprintf(t, "   shuffle %s: %s", mode_name[in->sub], rule);
    uint32_t clamp = in->sub == WS_SHFL_UP ? 0 : 31; /* what CUDA's width makes: c = (32 - width) << 8 | clamp */
    if (pow2 && (c & ~0x1f1fu) == 0 && (c & 31) == clamp)
        tprintf(t, " (width %u", width);
    else
        tprintf(t, " (c = 0x%x: segment mask 0x%x, clamp %u", c, seg, c & 31);
    if (in->nops >= 5)
        tprintf(t, ", membermask 0x%08x", operand_in_lane(ev, &in->ops[4], (unsigned)first));
    tprintf(t, ")");
    if (out) {
        char lanes[160];
        format_lanes(out, lanes, sizeof lanes);
        tprintf(t, "; %s%s out of range: %s", lanes, __builtin_popcount(out) == 1 ? " is" : "",
                __builtin_popcount(out) == 1 ? "it keeps its own value" : "they keep their own value");
    }
    tprintf(t, "\n");
}

void trace_text_event(void *user, const ws_event *ev)
{
    trace_text *t = user;
    if ((t->only_block >= 0 && ev->block != (uint64_t)t->only_block) ||
        (t->only_warp >= 0 && ev->kind != WS_EV_BARRIER && ev->warp != (uint64_t)t->only_warp))
        return;
    if (ev->kind == WS_EV_BARRIER) {
        tprintf(t, "-- block %u: barrier %u released: every thread arrived\n", ev->block, ev->pc);
        return;
    }
    if (ev->kind == WS_EV_DIAG) {
        /* before the step it is about (the simulator finds it while running it): its line says which */
        tprintf(t, "   !! line %u: %s: %s\n", ev->diag->line, ws_diag_kind_name(ev->diag->kind), ev->diag->message);
        return;
    }
    if (ev->kind != WS_EV_EXEC)
        return;
    const ws_insn *in = ev->insn;
    char text[256];
    ws_insn_print(t->m, t->k, in, text, sizeof text);
    unsigned n = (unsigned)__builtin_popcount(ev->exec);
    if (!t->said_how) {
        /* a learner sees PTX lines out of order in the timing mode: say why once */
        if (t->timing)
            tprintf(t,
                    "(timing mode: each step at the cycle it issues, in the order the H200 runs them; ptxas moves\n"
                    " independent instructions, so PTX lines can come out of order. --mode functional: program order)\n");
        t->said_how = 1;
    }
    char when[40] = ""; /* the timing mode's issue cycle */
    if (t->timing)
        snprintf(when, sizeof when, "cycle %llu  ", (unsigned long long)ev->cycle);
    char src[160]; /* -lineinfo: the CUDA line beside the PTX line */
    if (ws_insn_source(t->m, in, src, sizeof src))
        tprintf(t, "\nblock %u warp %u  %sline %u (%s)  %s\n", ev->block, ev->warp, when, in->line, src, text);
    else
        tprintf(t, "\nblock %u warp %u  %sline %u  %s\n", ev->block, ev->warp, when, in->line, text);
    if (t->timing) {
        /* a warp issues at most one instruction a cycle: a second step at the same cycle is one
         * that ptxas leaves no instruction of its own (fold.c), which a learner needs told once */
        if (!t->said_shared && t->have_prev && t->prev_block == ev->block && t->prev_warp == ev->warp &&
            t->prev_cycle == ev->cycle) {
            tprintf(t, "   (the same cycle as the step before: ptxas leaves no instruction of its own for this one,\n"
                       "    a mov of a constant becomes an operand of its readers, others fold into one; warpsim too)\n");
            t->said_shared = 1;
        }
        t->have_prev = 1;
        t->prev_block = ev->block;
        t->prev_warp = ev->warp;
        t->prev_cycle = ev->cycle;
    }
    if (ev->active != 0xffffffffu || ev->exec != ev->active)
        tprintf(t, "   lanes executing: 0x%08x (%u of 32)%s\n", ev->exec, n,
                ev->exec != ev->active ? ", the others' guard is false" : "");
    if (ev->shfl_src)
        describe_shuffle(t, in, ev);
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
        for (unsigned l = 0; l < 32; l++) {
            int voted = (ev->vote_preds >> l) & 1;
            snprintf(r->cell[l], sizeof r->cell[l], "%s", !((ev->exec >> l) & 1) ? "." : voted ? "1" : "0");
        }
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
        print_rows(t, rows, nrows, ev->active);
}
