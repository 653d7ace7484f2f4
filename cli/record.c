/* record: copy what each event of the chosen block says, and keep shadow registers. */
#include "record.h"

#include "opcodes.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t rec_find_reg(const ws_kernel *k, const char *name)
{
    for (uint32_t i = 0; i < k->nregs; i++) {
        const char *n = k->regs[i].name;
        if (!strcmp(n, name) || (n[0] == '%' && !strcmp(n + 1, name)))
            return i;
    }
    return WS_NO_REG;
}

int rec_step_diag(const recording *r, const rec_step *s)
{
    for (int d = s->diag; d >= 0; d = r->diags[d].next)
        if (r->diags[d].pc == s->pc)
            return d;
    return -1;
}

void rec_format_value(const recording *r, uint32_t reg, uint64_t v, char *buf, size_t cap)
{
    ws_format_register_value(r->k, r->is_float, reg, v, buf, cap);
}

recording *rec_create(const ws_module *m, const ws_kernel *k, uint32_t block, const uint32_t *watch, unsigned nwatch)
{
    recording *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->m = m;
    r->k = k;
    r->block = block;
    r->nwatch = nwatch > REC_MAX_WATCH ? REC_MAX_WATCH : nwatch;
    for (unsigned i = 0; i < r->nwatch; i++)
        r->watch[i] = watch[i];
    r->is_float = calloc(k->nregs + 1, 1);
    if (!r->is_float) {
        free(r);
        return NULL;
    }
    ws_kernel_float_registers(k, r->is_float);
    for (int w = 0; w < 32; w++)
        r->pending_diag[w] = r->pending_last[w] = -1;
    return r;
}

void rec_destroy(recording *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nsteps; i++) {
        free(r->steps[i].dst_val);
        free(r->steps[i].src_val);
        free(r->steps[i].watch_val);
    }
    free(r->steps);
    free(r->diags);
    for (int w = 0; w < 32; w++) {
        free(r->shadow[w]);
        free(r->shadow_set[w]);
    }
    free(r->is_float);
    free(r);
}

static uint64_t *dup_rows(const uint64_t *src, size_t rows)
{
    uint64_t *p = malloc(rows * 32 * sizeof *p + 1);
    if (p && rows)
        memcpy(p, src, rows * 32 * sizeof *p);
    return p;
}

/* The value of a scalar operand (register or immediate) as the first executing lane sees it. */
static uint32_t operand_u32(const recording *r, uint32_t warp, const ws_operand *o, unsigned lane)
{
    if (o->kind == WS_OPND_IMM)
        return (uint32_t)o->imm;
    if (o->kind == WS_OPND_REG && o->reg < r->k->nregs)
        return (uint32_t)r->shadow[warp][(size_t)o->reg * 32 + lane];
    return 0;
}

static void record_diag(recording *r, const ws_event *ev)
{
    if (r->ndiags == r->diags_cap) {
        size_t nc = r->diags_cap ? r->diags_cap * 2 : 16;
        rec_diag *nd = realloc(r->diags, nc * sizeof *nd);
        if (!nd) {
            r->oom = true;
            return;
        }
        r->diags = nd;
        r->diags_cap = nc;
    }
    rec_diag *d = &r->diags[r->ndiags];
    d->warp = ev->diag->warp;
    d->pc = ev->diag->pc;
    d->lanes = ev->diag->lanes;
    d->kind = ev->diag->kind;
    d->severity = ev->diag->severity;
    snprintf(d->message, sizeof d->message, "%s", ev->diag->message);
    d->next = -1;
    /* a diagnostic is reported while its instruction executes, before the instruction's
     * event: it belongs to the next step of its warp */
    if (d->warp < 32) {
        if (r->pending_diag[d->warp] < 0)
            r->pending_diag[d->warp] = (int)r->ndiags;
        else
            r->diags[r->pending_last[d->warp]].next = (int)r->ndiags;
        r->pending_last[d->warp] = (int)r->ndiags;
    }
    r->ndiags++;
}

void rec_event(void *user, const ws_event *ev)
{
    recording *r = user;
    if (ev->block != r->block || r->oom)
        return;
    if (ev->kind == WS_EV_DIAG && ev->diag) {
        record_diag(r, ev);
        return;
    }
    if (ev->kind != WS_EV_EXEC || !ev->insn || ev->warp >= 32)
        return;
    uint32_t w = ev->warp, nregs = r->k->nregs;
    /* a warp's shadow registers first: a recording that cannot hold them keeps no more steps */
    size_t shadow_bytes = ((size_t)nregs * 32 + 1) * sizeof(uint64_t) + ((size_t)nregs + 1) * sizeof(uint32_t);
    if (!r->shadow[w] && r->max_bytes && r->bytes + shadow_bytes > r->max_bytes) {
        r->truncated = true;
        return;
    }
    if (!r->shadow[w]) {
        r->bytes += shadow_bytes;
        r->shadow[w] = calloc((size_t)nregs * 32 + 1, sizeof(uint64_t));
        r->shadow_set[w] = calloc((size_t)nregs + 1, sizeof(uint32_t));
        if (!r->shadow[w] || !r->shadow_set[w]) {
            r->oom = true;
            return;
        }
    }
    if (w + 1 > r->nwarps)
        r->nwarps = w + 1;
    uint64_t *sh = r->shadow[w];
    uint32_t *set = r->shadow_set[w];
    /* a step, its values and its share of the array (which grows by doubling) */
    size_t step_bytes = 2 * sizeof(rec_step) + (REC_MAX_DST + 1 + r->nwatch) * (32 * sizeof(uint64_t) + 16);
    bool keep = (!r->max_steps || r->nsteps < r->max_steps) && (!r->max_bytes || r->bytes + step_bytes <= r->max_bytes);
    if (keep)
        r->bytes += step_bytes;
    if (!keep)
        r->truncated = true;
    if (keep && r->nsteps == r->cap) {
        size_t nc = r->cap ? r->cap * 2 : 256;
        rec_step *ns = realloc(r->steps, nc * sizeof *ns);
        if (!ns) {
            r->oom = true;
            return;
        }
        r->steps = ns;
        r->cap = nc;
    }
    rec_step *s = keep ? &r->steps[r->nsteps] : NULL;
    const ws_insn *in = ev->insn;
    unsigned first = ev->exec ? (unsigned)__builtin_ctz(ev->exec) : 0;
    if (s) {
        memset(s, 0, sizeof *s);
        s->warp = w;
        s->pc = ev->pc;
        s->line = in->line;
        s->cycle = ev->cycle;
        s->active = ev->active;
        s->exec = ev->exec;
        s->insn = in;
        s->diag = r->pending_diag[w];
        r->pending_diag[w] = r->pending_last[w] = -1;
        s->src_reg = WS_NO_REG;
        s->ndst = ev->ndst > REC_MAX_DST ? REC_MAX_DST : ev->ndst;
        for (uint32_t d = 0; d < s->ndst; d++)
            s->dst_reg[d] = ev->dst_reg[d];
        /* the source operand: the first plain register after the destination */
        for (unsigned o = 1; !r->skip_sources && o < in->nops && o < WS_MAX_OPERANDS; o++)
            if (in->ops[o].kind == WS_OPND_REG && in->ops[o].reg < nregs) {
                s->src_reg = in->ops[o].reg;
                s->src_val = dup_rows(sh + (size_t)s->src_reg * 32, 1);
                s->src_set = set[s->src_reg];
                break;
            }
        if (in->op == WS_OP_SHFL && ev->shfl_src && in->nops >= 5) {
            s->is_shfl = true;
            s->shfl_mode = in->sub;
            s->shfl_b = operand_u32(r, w, &in->ops[2], first);
            s->shfl_c = operand_u32(r, w, &in->ops[3], first);
            s->member_mask = operand_u32(r, w, &in->ops[4], first);
            memcpy(s->shfl_src, ev->shfl_src, 32);
            memcpy(s->shfl_in_range, ev->shfl_in_range, 32);
        }
        if (in->op == WS_OP_VOTE) {
            s->is_vote = true;
            s->vote_preds = ev->vote_preds;
            s->member_mask = in->nops >= 3 ? operand_u32(r, w, &in->ops[in->nops - 1], first) : 0;
        }
    }
    /* apply the writes to the shadow; lanes that did not execute keep their values */
    uint64_t rows[REC_MAX_DST][32];
    for (uint32_t d = 0; d < ev->ndst && d < REC_MAX_DST; d++) {
        uint32_t reg = ev->dst_reg[d];
        for (unsigned l = 0; l < 32; l++)
            rows[d][l] = ev->dst_val[d][l];
        if (reg >= nregs)
            continue;
        for (unsigned l = 0; l < 32; l++)
            if ((ev->exec >> l) & 1)
                sh[(size_t)reg * 32 + l] = ev->dst_val[d][l];
        set[reg] |= ev->exec;
    }
    if (!s)
        return;
    s->dst_val = dup_rows(&rows[0][0], s->ndst);
    if (r->nwatch) {
        s->watch_val = malloc(r->nwatch * 32 * sizeof(uint64_t));
        for (unsigned i = 0; s->watch_val && i < r->nwatch; i++) {
            memcpy(s->watch_val + i * 32, sh + (size_t)r->watch[i] * 32, 32 * sizeof(uint64_t));
            s->watch_set[i] = set[r->watch[i]];
        }
    }
    if (!s->dst_val || (s->src_reg != WS_NO_REG && !s->src_val) || (r->nwatch && !s->watch_val)) {
        free(s->dst_val);
        free(s->src_val);
        free(s->watch_val);
        r->oom = true;
        return;
    }
    r->nsteps++;
}
