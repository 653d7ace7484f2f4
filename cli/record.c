/* record: copy what each event of the chosen block says, and keep shadow registers. The
 * dataflow (sources, memory, provenance) is record_prov.c's. */
#include "record.h"
#include "record_prov.h"

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
    ws_type ty = reg < r->k->nregs ? (ws_type)r->k->regs[reg].type : WS_T_B64;
    if (ws_type_bits(ty) == 64 && !ws_type_is_float(ty) && v > 0xffffffffu && ws_buffer_name(&r->buffers, v, 0, buf, cap))
        return;
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
        r->pending_diag[w] = r->pending_last[w] = r->last_stall[w] = -1;
    return r;
}

void rec_destroy(recording *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nsteps; i++)
        free(r->steps[i].mem);
    free(r->steps);
    free(r->diags);
    free(r->stalls);
    free(r->words);
    for (int w = 0; w < 32; w++) {
        free(r->shadow[w]);
        free(r->shadow_set[w]);
        free(r->writer[w]);
        free(r->prov[w]);
    }
    free(r->is_float);
    free(r);
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

/* Counts bytes the recording takes; false, and the recording cut short, when they would pass
 * max_bytes. */
static bool take_bytes(recording *r, size_t bytes)
{
    if (r->max_bytes && bytes > r->max_bytes - (r->bytes < r->max_bytes ? r->bytes : r->max_bytes)) {
        r->truncated = true;
        return false;
    }
    r->bytes += bytes;
    return true;
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

/* Timing mode reports a stall per warp and cycle: runs of one reason become one entry. */
static void record_stall(recording *r, const ws_event *ev)
{
    if (ev->warp >= 32)
        return;
    int last = r->last_stall[ev->warp];
    if (last >= 0) {
        rec_stall *p = &r->stalls[last];
        if (p->to == ev->cycle && p->reason == ev->stall && p->pc == ev->pc) {
            p->to++;
            return;
        }
    }
    if (r->nstalls == r->stalls_cap) {
        size_t nc = r->stalls_cap ? r->stalls_cap * 2 : 64;
        if (!take_bytes(r, (nc - r->stalls_cap) * sizeof *r->stalls))
            return;
        rec_stall *ns = realloc(r->stalls, nc * sizeof *ns);
        if (!ns) {
            r->oom = true;
            return;
        }
        r->stalls = ns;
        r->stalls_cap = nc;
    }
    r->stalls[r->nstalls] = (rec_stall){.warp = ev->warp,
                                        .pc = ev->pc,
                                        .reason = ev->stall,
                                        .producer_pc = ev->stall_producer_pc,
                                        .from = ev->cycle,
                                        .to = ev->cycle + 1};
    r->last_stall[ev->warp] = (int)r->nstalls++;
}

/* The per-warp shadows, made on the warp's first step: a recording that cannot hold them keeps
 * no more steps of the warp (false; r->oom when out of memory). */
static bool shadow_for(recording *r, uint32_t w)
{
    if (r->shadow[w])
        return true;
    size_t n = (size_t)r->k->nregs * 32 + 1;
    if (!take_bytes(r, n * (sizeof(uint64_t) + sizeof(rec_ref) + sizeof(rec_prov)) +
                           ((size_t)r->k->nregs + 1) * sizeof(uint32_t)))
        return false;
    r->shadow[w] = calloc(n, sizeof(uint64_t));
    r->shadow_set[w] = calloc((size_t)r->k->nregs + 1, sizeof(uint32_t));
    r->writer[w] = malloc(n * sizeof(rec_ref));
    r->prov[w] = calloc(n, sizeof(rec_prov));
    if (!r->shadow[w] || !r->shadow_set[w] || !r->writer[w] || !r->prov[w]) {
        r->oom = true;
        return false;
    }
    for (size_t i = 0; i < n; i++)
        r->writer[w][i] = REC_NONE;
    return true;
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
    if (ev->kind == WS_EV_STALL) {
        record_stall(r, ev);
        return;
    }
    if (ev->kind == WS_EV_BLOCK_END)
        r->end_cycle = ev->cycle;
    if (ev->kind != WS_EV_EXEC || !ev->insn || ev->warp >= 32)
        return;
    uint32_t w = ev->warp, nregs = r->k->nregs;
    if (!shadow_for(r, w))
        return;
    if (w + 1 > r->nwarps)
        r->nwarps = w + 1;
    uint64_t *sh = r->shadow[w];
    uint32_t *set = r->shadow_set[w];
    bool keep = !r->max_steps || r->nsteps < r->max_steps;
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
        s->ndst = ev->ndst > REC_MAX_DST ? REC_MAX_DST : ev->ndst;
        for (uint32_t d = 0; d < s->ndst; d++)
            s->dst_reg[d] = ev->dst_reg[d];
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
        if (ws_op_is_memory(in->op) && ev->mem_addr) {
            s->mem_space = ev->mem_space;
            s->mem_store = ev->mem_store;
            s->mem_bytes = ev->mem_bytes;
            s->mem_wavefronts = ev->mem_wavefronts;
        }
        s->nsrc = r->skip_sources ? 0 : rec_sources_of(r, in, s->src);
    }
    /* one allocation for every row the step keeps; with the step's share of the array (which
     * grows by doubling) it counts towards max_bytes, past which the step is not kept */
    size_t nd = s ? s->ndst : 0, ns = s ? s->nsrc : 0, nw = r->nwatch, mem = s && s->mem_bytes && !r->skip_sources;
    size_t prov = !r->skip_sources;
    size_t bytes = (nd + ns + nw + mem) * 32 * sizeof(uint64_t) + prov * nd * 32 * sizeof(rec_prov) +
                   (ns + mem * nd) * 32 * sizeof(rec_ref) + mem * nd * 32;
    if (s && !take_bytes(r, bytes + 1 + 2 * sizeof(rec_step)))
        s = NULL;
    if (s) {
        char *p = malloc(bytes + 1);
        if (!p) {
            r->oom = true;
            return;
        }
        s->mem = p;
        s->dst_val = (uint64_t *)p, p += nd * 32 * sizeof(uint64_t);
        s->src_val = ns ? (uint64_t *)p : NULL, p += ns * 32 * sizeof(uint64_t);
        s->watch_val = nw ? (uint64_t *)p : NULL, p += nw * 32 * sizeof(uint64_t);
        s->mem_addr = mem ? (uint64_t *)p : NULL, p += mem * 32 * sizeof(uint64_t);
        s->dst_prov = prov ? (rec_prov *)p : NULL, p += prov * nd * 32 * sizeof(rec_prov);
        s->src_from = ns ? (rec_ref *)p : NULL, p += ns * 32 * sizeof(rec_ref);
        s->mem_from = mem ? (rec_ref *)p : NULL, p += mem * nd * 32 * sizeof(rec_ref);
        s->mem_from_lane = mem ? (uint8_t *)p : NULL;
        for (uint32_t i = 0; i < ns; i++) {
            uint32_t reg = s->src[i].reg;
            memcpy(s->src_val + i * 32, sh + (size_t)reg * 32, 32 * sizeof(uint64_t));
            memcpy(s->src_from + i * 32, r->writer[w] + (size_t)reg * 32, 32 * sizeof(rec_ref));
            s->src_set[i] = set[reg];
        }
        if (mem)
            memcpy(s->mem_addr, ev->mem_addr, 32 * sizeof(uint64_t));
    }
    /* provenance before the writes: it reads the sources' old values' provenance */
    if (s && !r->skip_sources && rec_prov_step(r, s, r->nsteps, ev) != 0) {
        r->oom = true;
        return;
    }
    /* apply the writes to the shadow; lanes that did not execute keep their values */
    for (uint32_t d = 0; d < ev->ndst && d < REC_MAX_DST; d++) {
        uint32_t reg = ev->dst_reg[d];
        if (s)
            memcpy(s->dst_val + d * 32, ev->dst_val[d], 32 * sizeof(uint64_t));
        if (reg >= nregs)
            continue;
        for (unsigned l = 0; l < 32; l++)
            if ((ev->exec >> l) & 1) {
                sh[(size_t)reg * 32 + l] = ev->dst_val[d][l];
                r->writer[w][(size_t)reg * 32 + l] = s ? REC_REF(r->nsteps, d) : REC_NONE;
                r->prov[w][(size_t)reg * 32 + l] = s && s->dst_prov ? s->dst_prov[d * 32 + l] : (rec_prov){0, 0};
            }
        set[reg] |= ev->exec;
    }
    if (!s)
        return;
    for (unsigned i = 0; i < r->nwatch; i++) {
        memcpy(s->watch_val + i * 32, sh + (size_t)r->watch[i] * 32, 32 * sizeof(uint64_t));
        s->watch_set[i] = set[r->watch[i]];
    }
    r->nsteps++;
}
