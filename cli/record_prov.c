/* record_prov: where each recorded value came from.
 *
 * Data flows from an instruction's data operands to its results, lane by lane; a shuffle
 * moves it from the source lane; vote, match and redux gather it from every executing lane; a
 * load takes it from the last store to the word it reads (a word the block never wrote is an
 * input of the loading lane, as is a special register such as %tid). Addresses, shuffle
 * offsets and membermasks say where or how, not what, so they do not count. The same rules
 * give a value's lane set while recording (rec_prov_step) and its inputs afterwards
 * (rec_inputs), which the viewer walks into trees. */
#include "record_prov.h"

#include "opcodes.h"

#include <stdlib.h>
#include <string.h>

static uint8_t role_of(const ws_insn *in, unsigned o)
{
    ws_op_class c = ws_op_class_of(in->op);
    if (c == CLS_COLLECTIVE) /* the value (operand 1) is data; shuffle b, c and the membermask are not */
        return o == 1 && o + 1 < in->nops ? REC_DATA : REC_CONTROL;
    return ws_op_moves_lanes(in->op) || c == CLS_ORDER ? REC_CONTROL : REC_DATA; /* branches, barriers, ... */
}

unsigned rec_sources_of(const recording *r, const ws_insn *in, rec_src out[REC_MAX_SRC])
{
    unsigned n = 0;
    if (in->guard != WS_NO_REG && in->guard < r->k->nregs)
        out[n++] = (rec_src){.reg = in->guard, .opnd = 0xff, .role = REC_GUARD};
    for (unsigned o = ws_op_writes_op0(in->op) ? 1 : 0; o < in->nops && o < WS_MAX_OPERANDS; o++) {
        const ws_operand *op = &in->ops[o];
        unsigned nreg = op->kind == WS_OPND_VEC ? op->nvec : 1;
        for (unsigned e = 0; e < nreg && e < 4 && n < REC_MAX_SRC; e++) {
            uint32_t reg = op->kind == WS_OPND_VEC                               ? op->regs[e]
                           : op->kind == WS_OPND_REG || op->kind == WS_OPND_ADDR ? op->reg
                                                                                 : WS_NO_REG;
            if (reg == WS_NO_REG || reg >= r->k->nregs)
                continue;
            uint8_t role = op->kind == WS_OPND_ADDR ? REC_ADDRESS : role_of(in, o);
            /* a predicate that picks between values (selp's c) chooses, it is not data; between
             * predicates (setp's BOOL c, and/or of predicates) it is */
            if (role == REC_DATA && r->k->regs[reg].type == WS_T_PRED && ws_op_writes_op0(in->op) &&
                in->ops[0].kind == WS_OPND_REG && in->ops[0].reg < r->k->nregs &&
                r->k->regs[in->ops[0].reg].type != WS_T_PRED)
                role = REC_CONTROL;
            out[n++] = (rec_src){.reg = reg, .opnd = (uint8_t)o, .elem = (uint8_t)e, .role = role};
        }
    }
    return n;
}

/* selp d, a, b, c gives a where c is true, else b: the other operand's value is not in d. */
static bool not_chosen(const rec_step *s, uint32_t i, unsigned lane)
{
    if (s->insn->op != WS_OP_SELP || !s->src_val || (s->src[i].opnd != 1 && s->src[i].opnd != 2))
        return false;
    for (uint32_t k = 0; k < s->nsrc; k++)
        if (s->src[k].opnd == 3)
            return (s->src_val[k * 32 + lane] != 0) != (s->src[i].opnd == 1);
    return false;
}

static bool reads_sreg(const ws_insn *in)
{
    for (unsigned o = 0; o < in->nops && o < WS_MAX_OPERANDS; o++)
        if (in->ops[o].kind == WS_OPND_SREG)
            return true;
    return false;
}

static unsigned elem_bytes(const ws_insn *in)
{
    unsigned b = ws_type_bits((ws_type)in->type) / 8;
    return b ? b : 1;
}

/* ---- memory: the last store to each 4-byte word ------------------------------------------------ */

static uint64_t word_key(const rec_step *s, uint64_t addr, unsigned lane)
{
    uint64_t key = (uint64_t)s->mem_space << 58;
    if (s->mem_space == WS_SPACE_LOCAL) /* each lane has its own local memory */
        return key | (uint64_t)s->warp << 53 | (uint64_t)lane << 48 | ((addr / 4) & 0xffffffffffffull);
    return key | ((addr / 4) & ((1ull << 58) - 1));
}

static size_t word_slot(const recording *r, uint64_t key)
{
    size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 17) & (r->words_cap - 1);
    while (r->words[i].used && r->words[i].key != key)
        i = (i + 1) & (r->words_cap - 1);
    return i;
}

static const rec_word *word_get(const recording *r, uint64_t key)
{
    if (!r->words_cap)
        return NULL;
    const rec_word *w = &r->words[word_slot(r, key)];
    return w->used ? w : NULL;
}

static rec_word *word_put(recording *r, uint64_t key)
{
    if (2 * (r->nwords + 1) > r->words_cap) {
        size_t nc = r->words_cap ? 2 * r->words_cap : 1024;
        rec_word *old = r->words, *nw = calloc(nc, sizeof *nw);
        if (!nw)
            return NULL;
        size_t oc = r->words_cap;
        r->bytes += (nc - oc) * sizeof *nw; /* counted: later steps are not kept past max_bytes */
        r->words = nw;
        r->words_cap = nc;
        for (size_t i = 0; i < oc; i++)
            if (old[i].used)
                r->words[word_slot(r, old[i].key)] = old[i];
        free(old);
    }
    rec_word *w = &r->words[word_slot(r, key)];
    if (!w->used) {
        memset(w, 0, sizeof *w);
        w->used = 1;
        w->key = key;
        r->nwords++;
    }
    return w;
}

/* A stored word's provenance as warp w sees it: other warps' lanes count as their warp. */
static rec_prov seen_by(const rec_word *wd, uint32_t w)
{
    if (wd->warp == w)
        return wd->prov;
    rec_prov p = {0, wd->prov.warps & ~(1u << w)};
    if (wd->prov.lanes)
        p.warps |= 1u << wd->warp;
    return p;
}

static void join(rec_prov *a, rec_prov b)
{
    a->lanes |= b.lanes;
    a->warps |= b.warps;
}

/* ---- one step ---------------------------------------------------------------------------------- */

int rec_prov_step(recording *r, rec_step *s, size_t si, const ws_event *ev)
{
    const ws_insn *in = s->insn;
    ws_op_class cls = ws_op_class_of(in->op);
    const rec_prov *P = r->prov[s->warp];
    unsigned esize = elem_bytes(in);
    bool loads = s->mem_from && (cls == CLS_LOAD || cls == CLS_ATOMIC);
    bool stores = s->mem_addr && (cls == CLS_STORE || cls == CLS_ATOMIC);
    bool sreg = reads_sreg(in);
    (void)ev;
    /* a data source's provenance in lane j, before this step writes */
#define SRC_PROV(i, j) P[(size_t)s->src[i].reg * 32 + (j)]
    for (uint32_t d = 0; d < s->ndst; d++)
        for (unsigned l = 0; l < 32; l++) {
            rec_prov p = {0, 0};
            if (loads && s->mem_from) {
                s->mem_from[d * 32 + l] = REC_NONE;
                s->mem_from_lane[d * 32 + l] = 0;
            }
            if (!((s->exec >> l) & 1)) {
                s->dst_prov[d * 32 + l] = p;
                continue;
            }
            if (s->is_shfl) {
                unsigned j = s->shfl_in_range[l] ? (unsigned)s->shfl_src[l] & 31 : l;
                for (uint32_t i = 0; d == 0 && i < s->nsrc; i++)
                    if (s->src[i].role == REC_DATA && ((s->exec >> j) & 1)) /* a lane that did not execute gives 0 */
                        join(&p, SRC_PROV(i, j));
            } else if (cls == CLS_COLLECTIVE) {
                for (uint32_t i = 0; i < s->nsrc; i++)
                    for (unsigned j = 0; j < 32 && s->src[i].role == REC_DATA; j++)
                        if ((s->exec >> j) & 1)
                            join(&p, SRC_PROV(i, j));
            } else if (loads) {
                uint64_t a = s->mem_addr[l] + (uint64_t)d * esize;
                const rec_word *wd = word_get(r, word_key(s, a, l));
                if (wd) {
                    p = seen_by(wd, s->warp);
                    s->mem_from[d * 32 + l] = wd->ref;
                    s->mem_from_lane[d * 32 + l] = wd->lane;
                } else {
                    p.lanes = 1u << l; /* an input: the lane loaded it */
                }
            } else {
                for (uint32_t i = 0; i < s->nsrc; i++)
                    if (s->src[i].role == REC_DATA && !not_chosen(s, i, l))
                        join(&p, SRC_PROV(i, l));
                if (sreg)
                    p.lanes |= 1u << l;
            }
            s->dst_prov[d * 32 + l] = p;
        }
    if (!stores)
        return 0;
    /* the words this step writes: each element's value (an atomic's: the old word and its operand) */
    unsigned nelem = in->vec ? in->vec : 1;
    for (unsigned l = 0; l < 32; l++) {
        if (!((s->exec >> l) & 1))
            continue;
        for (unsigned e = 0; e < nelem; e++) {
            rec_prov p = {0, 0};
            for (uint32_t i = 0; i < s->nsrc; i++)
                if (s->src[i].role == REC_DATA && (s->src[i].elem == e || cls == CLS_ATOMIC))
                    join(&p, SRC_PROV(i, l));
            if (cls == CLS_ATOMIC && s->ndst)
                join(&p, s->dst_prov[l]);
            uint64_t a = s->mem_addr[l] + (uint64_t)e * esize;
            for (uint64_t wa = a & ~3ull; wa < a + esize; wa += 4) {
                rec_word *wd = word_put(r, word_key(s, wa, l));
                if (!wd)
                    return -1;
                wd->ref = REC_REF(si, e);
                wd->lane = (uint8_t)l;
                wd->warp = s->warp;
                wd->prov = p;
            }
        }
    }
#undef SRC_PROV
    return 0;
}

/* ---- afterwards: the inputs of one value ------------------------------------------------------- */

void rec_inputs(const recording *r, rec_ref node, unsigned lane, unsigned roles,
                void (*fn)(void *user, rec_ref from, unsigned lane), void *user)
{
    if (node < 0 || REC_REF_STEP(node) >= r->nsteps)
        return;
    const rec_step *s = &r->steps[REC_REF_STEP(node)];
    unsigned d = REC_REF_D(node);
    if (!s->src_from && !s->mem_from)
        return;
    ws_op_class cls = ws_op_class_of(s->insn->op);
    if ((roles & REC_ROLES_DATA) && s->mem_from && (cls == CLS_LOAD || cls == CLS_ATOMIC) && d < s->ndst) {
        rec_ref from = s->mem_from[d * 32 + lane];
        if (from != REC_NONE)
            fn(user, from, s->mem_from_lane[d * 32 + lane]);
    }
    for (uint32_t i = 0; i < s->nsrc; i++) {
        if (!((roles >> s->src[i].role) & 1))
            continue;
        const rec_ref *from = s->src_from + i * 32;
        if (s->src[i].role != REC_DATA) { /* where, how and whether: the lane's own operand */
            if (from[lane] != REC_NONE)
                fn(user, from[lane], lane);
        } else if (s->is_shfl) {
            unsigned j = s->shfl_in_range[lane] ? (unsigned)s->shfl_src[lane] & 31 : lane;
            if (d == 0 && ((s->exec >> j) & 1) && from[j] != REC_NONE)
                fn(user, from[j], j);
        } else if (cls == CLS_COLLECTIVE) {
            for (unsigned j = 0; j < 32; j++)
                if (((s->exec >> j) & 1) && from[j] != REC_NONE)
                    fn(user, from[j], j);
        } else if (cls != CLS_LOAD && (cls != CLS_STORE || s->src[i].elem == d) && !not_chosen(s, i, lane)) {
            if (from[lane] != REC_NONE)
                fn(user, from[lane], lane);
        }
    }
}
