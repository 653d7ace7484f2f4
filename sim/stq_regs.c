/* stq_regs: ptxas's registers emulated on the PTX, and the writes that wait for a queued store's
 * register read (stq_regs.h). */
#include "stq_regs.h"
#include "cfg.h"
#include "liveness.h"

#include <stdlib.h>
#include <string.h>

#define NPHYS       256 /* ptxas gives a thread 255 registers at most */
#define STACK_REG   1   /* R1: the stack pointer, never given to a value */
#define SINK_PASSES 4   /* passes of sunk_order */
#define SINK_REACH  512 /* how far an op looks for what depends on it */
#define COPY_SCAN   64  /* how far back a quad of copies looks for the region's opening clock read */

static int is_store(const ws_insn *in)
{
    return (in->op == WS_OP_ST || in->op == WS_OP_RED) && in->space != WS_SPACE_PARAM;
}

static int ends_block(const ws_insn *in)
{
    return ws_op_class_of(in->op) == CLS_BRANCH || ws_op_class_of(in->op) == CLS_BARRIER || ws_op_ends_path(in->op);
}

/* An unguarded integer, logic or move op of one result: ptxas moves and re-derives it freely. */
static int is_pure(const ws_insn *in, const ws_reg_use *u)
{
    if (in->guard != WS_NO_REG || u->ndst != 1 || ws_op_is_memory(in->op))
        return 0;
    for (unsigned i = 0; i < in->nops; i++)
        if (in->ops[i].kind == WS_OPND_SREG)
            return 0;
    unsigned c = ws_optable[in->op].latency;
    return c == LAT_ALU || c == LAT_ADD || c == LAT_MUL || c == LAT_FMA || in->op == WS_OP_MOV || in->op == WS_OP_CVT ||
           in->op == WS_OP_CVTA;
}

/* Registers a virtual register takes: 0 for a predicate, 2 for 64 bits, 4 for 128. */
static unsigned width_of(const ws_kernel *k, uint32_t v)
{
    if (v >= k->nregs || k->regs[v].type == WS_T_PRED)
        return 0;
    unsigned b = ws_type_bits((ws_type)k->regs[v].type);
    return b > 64 ? 4 : b == 64 ? 2 : 1;
}

/* The tuple of copies of a vector store's data: its registers, where it is assigned. */
typedef struct {
    uint8_t vec, width;
    uint32_t regs[4];
    uint32_t first; /* the first store of the run (its pc): a wait of the copies falls on it */
    uint32_t at;    /* that store's place in the assignment order */
} copy_tuple;

typedef struct {
    const ws_kernel *k;
    const ws_insn *code;
    const ws_reg_use *uses;
    uint32_t n, nvirt;
    uint8_t *uni, *remat; /* per register: uniform (no R register); a pointer loaded before each use */
    uint32_t *narrow;     /* per register: the 32-bit register a cvt.u64.u32 widened, or WS_NO_REG */
    uint32_t *copy_at;    /* per instruction: the copy tuple of a vector store's data, or UINT32_MAX */
    copy_tuple *copies;
    uint32_t ncopies;
} analysis;

static int copy_of_store(analysis *a, uint32_t pc, uint32_t at)
{
    const ws_insn *in = &a->code[pc];
    if (!is_store(in) || in->vec < 2 || in->nops < 2 || in->ops[1].kind != WS_OPND_VEC)
        return -1;
    unsigned w = 0;
    for (unsigned i = 0; i < in->ops[1].nvec; i++) {
        unsigned e = width_of(a->k, in->ops[1].regs[i]);
        if (!e)
            return -1;
        w += e;
    }
    if (w != 2 && w != 4)
        return -1;
    for (uint32_t c = 0; c < a->ncopies; c++)
        if (a->copies[c].vec == in->ops[1].nvec &&
            !memcmp(a->copies[c].regs, in->ops[1].regs, in->ops[1].nvec * sizeof(uint32_t)))
            return (int)c;
    copy_tuple *t = &a->copies[a->ncopies];
    t->vec = in->ops[1].nvec;
    t->width = (uint8_t)w;
    memcpy(t->regs, in->ops[1].regs, t->vec * sizeof(uint32_t));
    t->first = pc;
    t->at = at;
    return (int)a->ncopies++;
}

/* The virtual registers instruction pc reads, as ptxas's code reads them: no predicates, no
 * uniform values, a vector store's data as its copy tuple, a narrowed value's 32-bit register. */
static unsigned reads_of(const analysis *a, uint32_t pc, uint32_t *out)
{
    const ws_insn *in = &a->code[pc];
    const ws_reg_use *u = &a->uses[pc];
    unsigned n = 0;
    uint32_t copy = a->copy_at[pc];
    if (copy != UINT32_MAX)
        out[n++] = a->k->nregs + copy;
    for (uint32_t i = 0; i < u->nsrc; i++) {
        uint32_t v = u->src[i];
        if (!width_of(a->k, v) || a->uni[v] || a->remat[v])
            continue;
        if (copy != UINT32_MAX && in->ops[1].kind == WS_OPND_VEC) {
            int data = 0;
            for (unsigned e = 0; e < in->ops[1].nvec; e++)
                data |= in->ops[1].regs[e] == v;
            if (data)
                continue;
        }
        if (in->op == WS_OP_CVT && ws_type_bits((ws_type)in->type) == 32 && a->narrow[v] != WS_NO_REG)
            v = a->narrow[v];
        int seen = 0;
        for (unsigned j = 0; j < n; j++)
            seen |= out[j] == v;
        if (!seen)
            out[n++] = v;
    }
    return n;
}

void ws_uniform_values(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint32_t n,
                       const uint32_t *ndefs, uint8_t *uni, uint8_t *remat)
{
    for (uint32_t pc = 0; pc < n; pc++) {
        const ws_insn *in = &code[pc];
        const ws_reg_use *u = &uses[pc];
        if (u->ndst != 1 || u->dst[0] >= k->nregs || ndefs[u->dst[0]] != 1)
            continue;
        uint32_t d = u->dst[0];
        if (in->op == WS_OP_LD && in->space == WS_SPACE_PARAM) {
            uni[d] = 1;
            continue;
        }
        if (!is_pure(in, u))
            continue;
        int uniform = 1;
        for (uint32_t i = 0; i < u->nsrc; i++)
            uniform &= u->src[i] < k->nregs && (uni[u->src[i]] || !width_of(k, u->src[i]));
        if (uniform && in->op == WS_OP_CVTA) {
            if (remat)
                remat[d] = width_of(k, d) == 2; /* LDC.64 before each use */
        } else if (uniform)
            uni[d] = 1;
    }
}

/* Uniform values, reloaded pointers and narrowed widenings (one definition each). */
static void classify(analysis *a, const uint32_t *ndefs)
{
    const ws_kernel *k = a->k;
    ws_uniform_values(k, a->code, a->uses, a->n, ndefs, a->uni, a->remat);
    for (uint32_t pc = 0; pc < a->n; pc++) {
        const ws_insn *in = &a->code[pc];
        const ws_reg_use *u = &a->uses[pc];
        if (u->ndst != 1 || u->dst[0] >= k->nregs || ndefs[u->dst[0]] != 1)
            continue;
        if (in->op == WS_OP_CVT && ws_type_bits((ws_type)in->type) == 64 && ws_type_bits((ws_type)in->type2) == 32 &&
            u->nsrc == 1 && width_of(k, u->src[0]) == 1 && is_pure(in, u))
            a->narrow[u->dst[0]] = u->src[0];
    }
}

/* Whether instruction q reads or writes pure op pc's value or writes one of its sources. */
static int depends(const analysis *a, uint32_t pc, uint32_t q)
{
    const ws_reg_use *u = &a->uses[pc], *v = &a->uses[q];
    uint32_t d = u->dst[0];
    return ws_reg_use_reads(v, d) || ws_reg_use_writes(v, d) || ws_reg_use_reads_from(u, v);
}

/* The order ptxas assigns registers in: each pure op moved down to just before the first
 * instruction that depends on it (reads or writes its value, or writes one of its sources), but
 * not past a branch, barrier or end of path; the last ones first, SINK_PASSES times (a chain's
 * ops follow their reader). */
static uint32_t *sunk_order(const analysis *a)
{
    uint32_t *o = malloc((size_t)a->n * sizeof *o);
    if (!o)
        return NULL;
    for (uint32_t i = 0; i < a->n; i++)
        o[i] = i;
    for (int pass = 0; pass < SINK_PASSES; pass++) {
        int moved = 0;
        for (uint32_t p = a->n; p-- > 0;) {
            uint32_t pc = o[p];
            const ws_reg_use *u = &a->uses[pc];
            if (!is_pure(&a->code[pc], u) || u->dst[0] >= a->k->nregs)
                continue;
            uint32_t q = p + 1, end = p + SINK_REACH < a->n ? p + SINK_REACH : a->n;
            while (q < end && !ends_block(&a->code[o[q]]) && !depends(a, pc, o[q]))
                q++;
            if (q == end || q <= p + 1)
                continue;
            memmove(&o[p], &o[p + 1], (q - 1 - p) * sizeof *o);
            o[q - 1] = pc;
            moved = 1;
        }
        if (!moved)
            break;
    }
    return o;
}

/* The register file while values take registers. */
typedef struct {
    uint8_t used[NPHYS];
    int64_t pending[NPHYS]; /* the event of the store that read it last, not yet waited for; -1 */
    uint32_t pending_pc[NPHYS];
} regfile;

/* The lowest free aligned run of w registers, or -1. */
static int take(regfile *f, unsigned w)
{
    for (unsigned p = 0; p + w <= NPHYS; p += w) {
        unsigned ok = 1;
        for (unsigned i = 0; i < w; i++)
            ok &= !f->used[p + i] && p + i != STACK_REG;
        if (ok) {
            memset(&f->used[p], 1, w);
            return (int)p;
        }
    }
    return -1;
}

static void release(regfile *f, unsigned p, unsigned w, int64_t store_event, uint32_t pc)
{
    for (unsigned i = 0; i < w; i++) {
        f->used[p + i] = 0;
        f->pending[p + i] = store_event;
        f->pending_pc[p + i] = pc;
    }
}

/* A write to registers p..p+w: the store it waits for (its pc), or WS_NO_REG; the stores read
 * before it are waited for too. */
static uint32_t write_waits(regfile *f, unsigned p, unsigned w)
{
    int64_t last = -1;
    uint32_t pc = WS_NO_REG;
    for (unsigned i = 0; i < w; i++)
        if (f->pending[p + i] > last) {
            last = f->pending[p + i];
            pc = f->pending_pc[p + i];
        }
    for (unsigned i = 0; last >= 0 && i < NPHYS; i++)
        if (f->pending[i] >= 0 && f->pending[i] <= last)
            f->pending[i] = -1;
    return pc;
}

static void note_wait(analysis *a, ws_stq_regs *r, uint32_t at, uint32_t store)
{
    if (store == WS_NO_REG)
        return;
    if (!r->slot[store])
        r->slot[store] = ++r->nslots;
    r->wait[at] = r->slot[store];
}

/* Runs the allocation over the events (>= 0: an instruction's pc; < 0: copy tuple -1 - e).
 * Returns 0, or -1 when 255 registers are not enough. */
static int assign(analysis *a, const int64_t *ev, uint32_t nev, const int64_t *last, ws_stq_regs *r)
{
    regfile *f = malloc(sizeof *f);
    uint32_t *phys = malloc((size_t)a->nvirt * sizeof *phys);
    int64_t *dies = malloc((size_t)nev * sizeof *dies), *next_dying = malloc((size_t)a->nvirt * sizeof *next_dying);
    int rc = -1;
    if (!f || !phys || !dies || !next_dying)
        goto out;
    for (uint32_t e = 0; e < nev; e++)
        dies[e] = -1;
    for (uint32_t v = a->nvirt; v-- > 0;)
        if (last[v] >= 0) {
            next_dying[v] = dies[last[v]];
            dies[last[v]] = v;
        }
    memset(f->used, 0, sizeof f->used);
    for (unsigned i = 0; i < NPHYS; i++)
        f->pending[i] = -1;
    for (uint32_t v = 0; v < a->nvirt; v++)
        phys[v] = UINT32_MAX;
    uint32_t src[32];
    for (uint32_t e = 0; e < nev; e++) {
        int store = ev[e] >= 0 && is_store(&a->code[ev[e]]);
        uint32_t pc = ev[e] >= 0 ? (uint32_t)ev[e] : a->copies[-1 - ev[e]].first;
        unsigned ns = 0;
        if (ev[e] >= 0) {
            ns = reads_of(a, pc, src);
            for (uint32_t i = 0; i < a->uses[pc].nsrc; i++) /* a reloaded pointer: its LDC.64 */
                if (a->uses[pc].src[i] < a->k->nregs && a->remat[a->uses[pc].src[i]]) {
                    int p = take(f, 2);
                    if (p < 0)
                        goto out;
                    note_wait(a, r, pc, write_waits(f, (unsigned)p, 2));
                    release(f, (unsigned)p, 2, store ? (int64_t)e : -1, pc);
                }
        } else {
            const copy_tuple *t = &a->copies[-1 - ev[e]];
            for (unsigned i = 0; i < t->vec; i++)
                if (!a->uni[t->regs[i]])
                    src[ns++] = t->regs[i];
        }
        for (int64_t v = dies[e]; v >= 0; v = next_dying[v]) { /* the values whose last reader this is */
            int read = 0;
            for (unsigned i = 0; i < ns; i++)
                read |= src[i] == (uint32_t)v;
            if (phys[v] != UINT32_MAX)
                release(f, phys[v], v < a->k->nregs ? width_of(a->k, (uint32_t)v) : a->copies[v - a->k->nregs].width,
                        store && read ? (int64_t)e : -1, pc);
        }
        uint32_t dst[6], nd = 0;
        if (ev[e] < 0)
            dst[nd++] = a->k->nregs + (uint32_t)(-1 - ev[e]);
        else
            for (uint32_t i = 0; i < a->uses[pc].ndst; i++) {
                uint32_t d = a->uses[pc].dst[i];
                if (d < a->k->nregs && width_of(a->k, d) && !a->uni[d] && !a->remat[d])
                    dst[nd++] = d;
            }
        for (uint32_t i = 0; i < nd; i++) {
            uint32_t d = dst[i];
            unsigned w = d < a->k->nregs ? width_of(a->k, d) : a->copies[d - a->k->nregs].width;
            if (phys[d] != UINT32_MAX && last[d] > (int64_t)e && f->used[phys[d]])
                continue; /* a value written again in place */
            int p = take(f, w);
            if (p < 0)
                goto out;
            phys[d] = (uint32_t)p;
            note_wait(a, r, pc, write_waits(f, (unsigned)p, w));
            if (last[d] <= (int64_t)e)
                release(f, (unsigned)p, w, -1, pc);
        }
    }
    rc = 0;
out:
    free(f);
    free(phys);
    free(dies);
    free(next_dying);
    return rc;
}

void ws_stq_regs_free(ws_stq_regs *r)
{
    free(r->wait);
    free(r->slot);
    memset(r, 0, sizeof *r);
}

int ws_stq_regs_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, ws_stq_regs *r)
{
    memset(r, 0, sizeof *r);
    uint32_t n = k->ninsns, words = 0, queues = 0;
    /* only shared stores enter the store queue (a global one waits behind them): a kernel without a
     * store that may reach shared memory has no read to wait for (and skips the analysis: about 50 K
     * host instructions of a one-warp run's start) */
    for (uint32_t pc = 0; pc < n && !queues; pc++)
        queues = is_store(&code[pc]) && (code[pc].space == WS_SPACE_SHARED || code[pc].space == WS_SPACE_GENERIC);
    if (!queues)
        return 0;
    uint64_t *live = ws_live_in(k, code, uses, &words);
    if (!live)
        return 0; /* too large for the analysis: nothing waits */
    analysis a = {.k = k, .code = code, .uses = uses, .n = n};
    uint32_t *ndefs = calloc(k->nregs + 1, sizeof *ndefs);
    uint8_t *leader = calloc(n + 1, 1);
    a.uni = calloc(k->nregs + 1, 1);
    a.remat = calloc(k->nregs + 1, 1);
    a.narrow = malloc((k->nregs + 1) * sizeof *a.narrow);
    a.copy_at = malloc((size_t)n * sizeof *a.copy_at);
    a.copies = malloc((size_t)n * sizeof *a.copies);
    int64_t *ev = malloc((size_t)2 * n * sizeof *ev), *last = NULL;
    uint32_t *pos = malloc((size_t)n * sizeof *pos), *copy_event = NULL;
    uint32_t *o = NULL;
    r->wait = calloc(n, sizeof *r->wait);
    r->slot = calloc(n, sizeof *r->slot);
    int rc = -1;
    if (!ndefs || !leader || !a.uni || !a.remat || !a.narrow || !a.copy_at || !a.copies || !ev || !pos || !r->wait ||
        !r->slot)
        goto out;
    for (uint32_t pc = 0; pc < n; pc++)
        for (uint32_t i = 0; i < uses[pc].ndst; i++)
            if (uses[pc].dst[i] < k->nregs)
                ndefs[uses[pc].dst[i]]++;
    for (uint32_t v = 0; v <= k->nregs; v++)
        a.narrow[v] = WS_NO_REG;
    classify(&a, ndefs);
    ws_flow_block_starts(code, n, leader);
    if (!(o = sunk_order(&a)))
        goto out;
    /* the copy tuples, and the events: each quad of copies before the clock read opening its region */
    copy_event = malloc((size_t)n * sizeof *copy_event);
    if (!copy_event)
        goto out;
    for (uint32_t i = 0; i < n; i++) {
        int c = copy_of_store(&a, o[i], i);
        a.copy_at[o[i]] = c < 0 ? UINT32_MAX : (uint32_t)c;
        copy_event[i] = UINT32_MAX;
    }
    for (uint32_t c = 0; c < a.ncopies; c++) {
        uint32_t i = a.copies[c].at, at = i;
        for (uint32_t j = i; a.copies[c].width == 4 && j-- > 0 && i - j <= COPY_SCAN;) {
            if (leader[o[j + 1]] && j + 1 != i)
                break;
            if (ws_insn_reads_clock(&code[o[j]])) {
                at = j;
                break;
            }
        }
        copy_event[at] = c; /* one run's copies per place: distinct runs start at distinct stores */
    }
    uint32_t nev = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (copy_event[i] != UINT32_MAX)
            ev[nev++] = -1 - (int64_t)copy_event[i];
        pos[o[i]] = nev;
        ev[nev++] = o[i];
    }
    a.nvirt = k->nregs + a.ncopies;
    if (!(last = malloc((size_t)a.nvirt * sizeof *last)))
        goto out;
    for (uint32_t v = 0; v < a.nvirt; v++)
        last[v] = -1;
    uint32_t src[32];
    for (uint32_t e = 0; e < nev; e++) {
        unsigned ns = 0;
        if (ev[e] >= 0)
            ns = reads_of(&a, (uint32_t)ev[e], src);
        else
            for (unsigned i = 0; i < a.copies[-1 - ev[e]].vec; i++)
                src[ns++] = a.copies[-1 - ev[e]].regs[i];
        for (unsigned i = 0; i < ns; i++)
            last[src[i]] = e;
    }
    /* a loop's registers live at its head stay until its back edge */
    for (uint32_t pc = 0; pc < n; pc++) {
        const ws_insn *in = &code[pc];
        if (ws_op_class_of(in->op) != CLS_BRANCH || in->ops[0].imm > pc)
            continue;
        const uint64_t *row = &live[(size_t)in->ops[0].imm * words];
        for (uint32_t v = 0; v < k->nregs; v++)
            if (ws_live_has(row, v) && last[v] < (int64_t)pos[pc])
                last[v] = pos[pc];
    }
    if (assign(&a, ev, nev, last, r) != 0 || r->nslots > WS_STQ_SLOTS_MAX) { /* nothing waits */
        free(r->wait);
        free(r->slot);
        r->wait = r->slot = NULL;
        r->nslots = 0;
    }
    rc = 0;
out:
    free(live);
    free(ndefs);
    free(leader);
    free(a.uni);
    free(a.remat);
    free(a.narrow);
    free(a.copy_at);
    free(a.copies);
    free(ev);
    free(last);
    free(pos);
    free(copy_event);
    free(o);
    if (rc != 0)
        ws_stq_regs_free(r);
    return rc;
}
