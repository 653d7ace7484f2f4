/* The order ptxas issues a basic block's instructions in (schedule.h): a list schedule.
 *
 * Rules (docs/calibration.md "ptxas's schedule", each with the SASS of tests/calibration/sass/):
 *  1. Nothing moves across an ordering point: an instruction that moves lanes (bra, exit, ret,
 *     call, bar.sync), a fence or membar, nanosleep, bar.warp.sync, a read of %clock,
 *     %clock64 or %globaltimer (bench_*: the timed instructions stay between the two CS2R), or
 *     a basic block's first instruction (a label, a .func's entry).
 *     A collective whose membermask is not the full warp (an immediate, or a register only ever
 *     set to it: full_mask_registers) is one too: ptxas puts WARPSYNC,
 *     WARPSYNC.EXCLUSIVE or a convergence check ending in BRA.DIV before it (subwarp.h; cg tiles
 *     of 8 and 16 lanes, CUB WarpReduce<int, 16>).
 *  2. Memory accesses keep their order among themselves (ld, st, atom, red of every space): the
 *     SASS keeps them in program order (bench_shared_ilp: the LDS in order; CUB BlockReduce:
 *     STS, BAR, LDS); each lane's loads see the same memory as in program order. A load ptxas
 *     does not issue (fold.h: it reads an earlier load's register) keeps its order with the
 *     stores and the loads before it, not with the loads after it, and goes as early as its
 *     dependences let it (it is not in the SASS): BlockScan raking's downsweep stores follow
 *     its adds, not the PTX's second reads. So do the
 *     collectives and activemask (each lane meets them in the same order: the split-warp
 *     diagnostics name the same instructions).
 *  3. Every register dependence keeps its order: read after write, write after read, write
 *     after write (guards and predicates included).
 *  4. Among the instructions whose dependences have issued, the first that can issue without
 *     waiting goes first, the one on the longest latency path to the segment's end before the
 *     others (loads and shuffles ahead of adds: bench_shared_ilp hoists its LDS ahead of the
 *     LOP3s that use the ones before; CUB's warp reductions put each SHFL before the add of the
 *     step before), program order between equals. When none can issue yet, the one ready first.
 * A stretch longer than SEG_MAX instructions is cut into the fewest pieces of equal length
 * (at most SEG_MAX: the cost stays linear in the kernel's length; ptxas's hoisting is bounded by
 * its registers as well). The cut is warpsim's, not ptxas's: pieces of equal length leave no
 * short last piece that issues only after all of the one before (BlockScan raking<int, 1024>'s
 * raking block, 183 instructions: 92 + 91, its downsweep's stores among the adds that compute
 * them as in its SASS; 128 + 55 put them after every add; bench_mio_w1's regions of 143: 72 + 71).
 */
#include "schedule.h"
#include "cfg.h"
#include "fold.h"
#include "liveness.h"
#include "memory.h"

#include <stdlib.h>
#include <string.h>

#define SEG_MAX 128

uint64_t ws_schedule_bytes(uint32_t n) { return ((uint64_t)n + 1) * (2 * sizeof(uint32_t) + 1); }

void ws_schedule_free(ws_schedule *s)
{
    free(s->order);
    free(s->first);
    free(s->warp_wide);
    s->order = s->first = NULL;
    s->warp_wide = NULL;
}

/* Per register: 1 when every write of it is an unguarded mov of the full mask 0xffffffff. nvcc
 * puts __shfl_*_sync(0xffffffff, ...)'s and CUB's masks in a register so; ptxas makes it the
 * immediate (time_cub_warp_scan_inclusive_sum_int_w32.sass: `SHFL.UP P0, R3, R0, 0x1, RZ` with
 * no WARPSYNC, the S2UR and ULEA of the next statement between two SHFLs). NULL: out of memory. */
static uint8_t *full_mask_registers(const ws_kernel *k, const ws_insn *code)
{
    uint8_t *full = calloc((size_t)k->nregs + 1, 1); /* 0 unwritten, 1 full mask, 2 anything else */
    if (!full)
        return NULL;
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        if (!ws_op_writes_op0(in->op) || in->ops[0].kind != WS_OPND_REG || in->ops[0].reg >= k->nregs)
            continue;
        int mask = in->op == WS_OP_MOV && in->ops[1].kind == WS_OPND_IMM && (uint32_t)in->ops[1].imm == UINT32_MAX &&
                   in->guard == WS_NO_REG;
        uint8_t *f = &full[in->ops[0].reg];
        *f = mask && *f != 2 ? 1 : 2;
    }
    return full;
}

/* Rule 1: the instruction is a segment of its own. full: full_mask_registers. */
static int is_ordering_point(const ws_insn *in, const uint8_t *full)
{
    ws_op_class c = ws_op_class_of(in->op);
    if (ws_op_moves_lanes(in->op) || c == CLS_ORDER || in->op == WS_OP_BAR_WARP)
        return 1;
    if (c == CLS_COLLECTIVE && in->nops) { /* a membermask other than the full warp: subwarp.h */
        const ws_operand *m = &in->ops[in->nops - 1];
        int full_reg = m->kind == WS_OPND_REG && full && m->reg != WS_NO_REG && full[m->reg] == 1;
        if (!full_reg && (m->kind != WS_OPND_IMM || (uint32_t)m->imm != UINT32_MAX))
            return 1;
    }
    for (unsigned i = 0; i < in->nops; i++)
        if (in->ops[i].kind == WS_OPND_SREG &&
            (in->ops[i].reg == WS_SREG_CLOCK || in->ops[i].reg == WS_SREG_CLOCK_HI ||
             in->ops[i].reg == WS_SREG_CLOCK64 || in->ops[i].reg == WS_SREG_GLOBALTIMER ||
             in->ops[i].reg == WS_SREG_GLOBALTIMER_LO || in->ops[i].reg == WS_SREG_GLOBALTIMER_HI))
            return 1;
    return 0;
}

static int shares_reg(const uint32_t *a, uint32_t na, const uint32_t *b, uint32_t nb)
{
    for (uint32_t i = 0; i < na; i++)
        for (uint32_t j = 0; j < nb; j++)
            if (a[i] == b[j])
                return 1;
    return 0;
}

/* What reads or changes the warp's set of lanes: collectives and activemask keep their order. */
static int is_warp_wide(const ws_insn *in)
{
    return ws_op_class_of(in->op) == CLS_COLLECTIVE || in->op == WS_OP_ACTIVEMASK;
}

static int folded_load(const uint8_t *fold, uint32_t pc) { return fold && fold[pc] == WS_FOLD_LOAD; }
static int folded_alu(const uint8_t *fold, uint32_t pc) { return fold && fold[pc] == WS_FOLD_ALU; }

/* Rule 2 for memory accesses a and b (a first): a load ptxas does not issue (fold.h) keeps its
 * order with the stores, atomics and fences around it (each lane reads what it read in program
 * order) and comes after the loads before it (the one whose register it reads among them), but
 * the loads after it need not wait for it. */
static int memory_order(const ws_insn *code, const uint8_t *fold, uint32_t a, uint32_t b)
{
    if (!ws_op_is_memory(code[a].op) || !ws_op_is_memory(code[b].op))
        return 0;
    int loads = ws_op_class_of(code[a].op) == CLS_LOAD && ws_op_class_of(code[b].op) == CLS_LOAD;
    return !(loads && folded_load(fold, a));
}

/* Rules 2 and 3: whether instruction b (after a in program order) must issue after a; *raw: b
 * reads what a writes. */
static int depends(const ws_insn *code, const ws_reg_use *uses, const uint8_t *fold, uint32_t a, uint32_t b, int *raw)
{
    const ws_reg_use *ua = &uses[a], *ub = &uses[b];
    *raw = shares_reg(ua->dst, ua->ndst, ub->src, ub->nsrc);
    return *raw || shares_reg(ua->src, ua->nsrc, ub->dst, ub->ndst) || shares_reg(ua->dst, ua->ndst, ub->dst, ub->ndst) ||
           memory_order(code, fold, a, b) || (is_warp_wide(&code[a]) && is_warp_wide(&code[b]));
}

/* A redux.sync: the warp issues nothing after its REDUX until the result is ready (fold.h), so
 * ptxas issues what else can go first (time_cub_block_reduce_warp_sum_int_b128.sass: S2R SR_LANEID,
 * REDUX, then the REDUX's IMAD.U32 copy, which waits, before ISETP reads the lane). */
static int holds(const ws_insn *code, uint32_t pc) { return code[pc].op == WS_OP_REDUX; }

#define USES_MAX 30 /* ws_reg_use: 24 sources and 6 destinations */

/* Rule 5's state over one segment (budget.regs 0: no budget). Every register dependence keeps
 * its order (rule 3), so each register's accesses issue in program order and whether it holds a
 * value still to be read is known from how many of them have issued. */
typedef struct {
    /* the kernel's: */
    uint32_t regs;        /* the registers its values may take (0: no rule 5) */
    const uint64_t *live; /* ws_live_in rows, `words` words each */
    uint32_t words;
    const uint8_t *width; /* per register: what its value takes (0: ptxas rematerialises it) */
    uint32_t *local;      /* per register: its index among the segment's (UINT32_MAX: none) */
    /* the segment's registers: */
    uint32_t nreg, reg[SEG_MAX * USES_MAX], first[SEG_MAX * USES_MAX], count[SEG_MAX * USES_MAX],
        at[SEG_MAX * USES_MAX];
    uint8_t weight[SEG_MAX * USES_MAX], live_out[SEG_MAX * USES_MAX];
    uint8_t reads[SEG_MAX * USES_MAX]; /* per access, in register then program order: it reads */
    /* per instruction: its registers (distinct) and how it touches each */
    uint32_t ifirst[SEG_MAX + 1], ireg[SEG_MAX * USES_MAX];
    uint8_t iread[SEG_MAX * USES_MAX], iwrite[SEG_MAX * USES_MAX];
    uint32_t used; /* the registers taken now */
} seg_budget;

/* Scratch of one segment's list schedule. */
typedef struct {
    int16_t edge[SEG_MAX][SEG_MAX]; /* edge[i][j] (i < j): -1 none, else cycles from i's issue to j's */
    double height[SEG_MAX];         /* the longest latency path from the instruction to the segment's end */
    uint32_t npred[SEG_MAX];
    uint64_t earliest[SEG_MAX];
    uint8_t done[SEG_MAX];
    seg_budget b;
} seg_scratch;

/* Whether local register r holds a value still to be read: its next access reads it, or none is
 * left and it is live after the segment. */
static int budget_holds(const seg_budget *b, uint32_t r)
{
    return b->at[r] < b->count[r] ? b->reads[b->first[r] + b->at[r]] : b->live_out[r];
}

/* Rule 5: how many registers issuing position j takes (negative: frees); commit: issue it. A value
 * ptxas folds into its reader (fold.h: the first add or logic op of an IADD3 or LOP3) takes no
 * register of its own, but keeps the registers of the sources it ends until its reader issues. */
static int budget_delta(seg_budget *b, uint32_t j, int folded, int commit)
{
    int delta = 0, kept = 0;
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t x = b->ifirst[j]; x < b->ifirst[j + 1]; x++) {
            uint32_t r = b->ireg[x];
            int before = budget_holds(b, r) ? b->weight[r] : 0;
            b->at[r]++;
            int after_holds = budget_holds(b, r);
            b->at[r]--;
            if (pass == 0) { /* the sources it ends, and the value it overwrites */
                if (before && (b->iwrite[x] || !after_holds))
                    kept += before;
                continue;
            }
            int weight = !b->iwrite[x] ? b->weight[r] : folded ? kept : b->width[b->reg[r]];
            delta += (after_holds ? weight : 0) - before;
            if (commit) {
                b->weight[r] = (uint8_t)(weight > 255 ? 255 : weight);
                b->at[r]++;
            }
        }
    if (commit)
        b->used = (uint32_t)((int)b->used + delta);
    return delta;
}

/* Rule 5's state for positions [s, s + m): the registers it touches, each one's accesses in
 * program order, and the registers taken at its start (those live across it included). */
static void budget_start(seg_budget *b, const ws_insn *code, const ws_reg_use *uses, uint32_t s, uint32_t m)
{
    b->nreg = 0;
    uint32_t nacc = 0;
    for (uint32_t j = 0; j < m; j++) { /* each instruction's registers, distinct */
        const ws_reg_use *u = &uses[s + j];
        int guarded = code[s + j].guard != WS_NO_REG;
        b->ifirst[j] = nacc;
        for (uint32_t x = 0; x < u->nsrc + u->ndst; x++) {
            int write = x >= u->nsrc;
            uint32_t reg = write ? u->dst[x - u->nsrc] : u->src[x];
            if (reg == WS_NO_REG)
                continue;
            if (b->local[reg] == UINT32_MAX) {
                b->local[reg] = b->nreg;
                b->reg[b->nreg] = reg;
                b->count[b->nreg] = 0;
                b->nreg++;
            }
            uint32_t r = b->local[reg], y = b->ifirst[j];
            while (y < nacc && b->ireg[y] != r)
                y++;
            if (y == nacc) {
                b->ireg[nacc] = r;
                b->iread[nacc] = b->iwrite[nacc] = 0;
                nacc++;
                b->count[r]++;
            }
            b->iread[y] |= (uint8_t)(!write || guarded); /* a guarded write may keep the old value */
            b->iwrite[y] |= (uint8_t)write;
        }
    }
    b->ifirst[m] = nacc;
    uint32_t off = 0;
    for (uint32_t r = 0; r < b->nreg; r++) {
        b->first[r] = off;
        off += b->count[r];
        b->at[r] = 0;
    }
    for (uint32_t j = 0; j < m; j++) /* each register's accesses in program order */
        for (uint32_t x = b->ifirst[j]; x < b->ifirst[j + 1]; x++) {
            uint32_t r = b->ireg[x];
            b->reads[b->first[r] + b->at[r]++] = b->iread[x];
        }
    const uint64_t *in = &b->live[(size_t)s * b->words], *out = &b->live[(size_t)(s + m) * b->words];
    b->used = 0;
    for (uint32_t r = 0; r < b->nreg; r++) {
        b->at[r] = 0;
        b->live_out[r] = (uint8_t)ws_live_has(out, b->reg[r]);
        b->weight[r] = b->width[b->reg[r]];
        b->used += budget_holds(b, r) ? b->weight[r] : 0;
    }
    for (uint32_t w = 0; w < b->words; w++) /* live across it: in before and after, not touched */
        for (uint64_t bits = in[w] & out[w]; bits; bits &= bits - 1) {
            uint32_t reg = w * 64 + (uint32_t)__builtin_ctzll(bits);
            b->used += b->local[reg] == UINT32_MAX ? b->width[reg] : 0;
        }
}

static void budget_end(seg_budget *b)
{
    for (uint32_t r = 0; r < b->nreg; r++)
        b->local[b->reg[r]] = UINT32_MAX;
}

/* Rule 4 over positions [s, s + m): writes order[s ...]. */
static void schedule_segment(seg_scratch *w, const ws_insn *code, const ws_reg_use *uses, const double *latency,
                             const uint8_t *fold, uint32_t s, uint32_t m, uint32_t *order)
{
    for (uint32_t j = 0; j < m; j++) {
        w->npred[j] = 0;
        w->earliest[j] = 0;
        w->done[j] = 0;
        for (uint32_t i = 0; i < j; i++) {
            int raw;
            w->edge[i][j] = -1;
            if (depends(code, uses, fold, s + i, s + j, &raw)) {
                w->edge[i][j] = raw ? (int16_t)(latency[s + i] < 1       ? 0
                                                : latency[s + i] > 30000 ? 30000
                                                                         : latency[s + i])
                                    : 1;
                w->npred[j]++;
            }
        }
    }
    for (uint32_t i = m; i-- > 0;) {
        double h = latency[s + i];
        for (uint32_t j = i + 1; j < m; j++)
            if (w->edge[i][j] >= 0 && w->edge[i][j] + w->height[j] > h)
                h = w->edge[i][j] + w->height[j];
        w->height[i] = h;
    }
    seg_budget *b = &w->b;
    int budget = b->regs && m > 1;
    if (budget)
        budget_start(b, code, uses, s, m);
    uint64_t cycle = 0;
    for (uint32_t k = 0; k < m; k++) {
        uint32_t best = UINT32_MAX;
        int fits_b = 1;
        for (uint32_t j = 0; j < m; j++) {
            if (w->done[j] || w->npred[j])
                continue;
            int fits_j = 1;
            if (budget) {
                int d = budget_delta(b, j, folded_alu(fold, s + j), 0);
                fits_j = d <= 0 || (int64_t)b->used + d <= (int64_t)b->regs;
            }
            if (best == UINT32_MAX) {
                best = j;
                fits_b = fits_j;
                continue;
            }
            int now_j = w->earliest[j] <= cycle, now_b = w->earliest[best] <= cycle;
            uint32_t was = best;
            if (fits_j != fits_b) {
                best = fits_j ? j : best; /* rule 5: within the registers first, even if it waits */
            } else if (folded_load(fold, s + j) != folded_load(fold, s + best)) {
                best = folded_load(fold, s + j) ? j : best; /* not in the SASS: as early as it can be */
            } else if (now_j != now_b) {
                best = now_j ? j : best;
            } else if (now_j && holds(code, s + j) != holds(code, s + best)) {
                best = holds(code, s + best) ? j : best;
            } else if (now_j) {
                best = w->height[j] > w->height[best] ? j : best;
            } else if (w->earliest[j] != w->earliest[best]) {
                best = w->earliest[j] < w->earliest[best] ? j : best;
            } else {
                best = w->height[j] > w->height[best] ? j : best;
            }
            fits_b = best == was ? fits_b : fits_j;
        }
        if (budget)
            budget_delta(b, best, folded_alu(fold, s + best), 1);
        order[s + k] = s + best;
        w->done[best] = 1;
        if (w->earliest[best] > cycle)
            cycle = w->earliest[best];
        for (uint32_t j = best + 1; j < m; j++)
            if (w->edge[best][j] >= 0) {
                w->npred[j]--;
                uint64_t at = cycle + (uint64_t)w->edge[best][j];
                w->earliest[j] = at > w->earliest[j] ? at : w->earliest[j];
            }
        cycle++;
    }
    if (budget)
        budget_end(b);
}

/* Whether ptxas needs no register of its own for what instruction in writes: a kernel
 * parameter (it reads the constant bank again: LDC, or c[0x0][...] as an operand), an immediate
 * or a symbol's address (RZ, an immediate operand, the uniform UR of the shared window), or a
 * copy or conversion of one (remat: the registers known so). */
static int rematerialised(const ws_insn *in, const uint8_t *remat)
{
    if (ws_op_class_of(in->op) == CLS_LOAD)
        return ws_access_space(in) == WS_SPACE_PARAM;
    if ((in->op != WS_OP_MOV && in->op != WS_OP_CVTA && in->op != WS_OP_CVT) || in->nops < 2)
        return 0;
    const ws_operand *o = &in->ops[1];
    return o->kind == WS_OPND_IMM || o->kind == WS_OPND_SYM || (o->kind == WS_OPND_REG && remat[o->reg] == 1);
}

/* Rule 5: per register, the 32-bit registers its value takes in SASS: 2 for 64 bits, 0 for a
 * predicate and for a register whose every write ptxas rematerialises (rematerialised), else 1.
 * NULL: out of memory. */
static uint8_t *register_widths(const ws_kernel *k, const ws_insn *code)
{
    uint8_t *remat = calloc((size_t)k->nregs + 1, 1), *width = malloc((size_t)k->nregs + 1);
    if (!remat || !width) {
        free(remat);
        free(width);
        return NULL;
    }
    /* 0 unwritten, 1 every write rematerialised, 2 not; a copy of a copy settles in passes */
    for (int changed = 1, pass = 0; changed && pass < 8; pass++) {
        changed = 0;
        for (uint32_t pc = 0; pc < k->ninsns; pc++) {
            const ws_insn *in = &code[pc];
            if (!ws_op_writes_op0(in->op) || in->ops[0].kind != WS_OPND_REG || in->ops[0].reg >= k->nregs)
                continue;
            uint8_t *r = &remat[in->ops[0].reg], v = rematerialised(in, remat) && *r != 2 ? 1 : 2;
            changed |= v != *r && !(v == 1 && *r == 1);
            *r = v;
        }
    }
    for (uint32_t r = 0; r < k->nregs; r++) {
        unsigned bits = ws_type_bits((ws_type)k->regs[r].type);
        width[r] = (uint8_t)(remat[r] == 1 || k->regs[r].type == WS_T_PRED ? 0 : bits > 32 ? 2 : 1);
    }
    free(remat);
    return width;
}

int ws_schedule_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const double *latency,
                      const uint8_t *fold, unsigned regs, ws_schedule *s)
{
    uint32_t n = k->ninsns;
    s->order = malloc(((size_t)n + 1) * sizeof *s->order);
    s->first = malloc(((size_t)n + 1) * sizeof *s->first);
    s->warp_wide = calloc((size_t)n + 1, 1);
    uint8_t *leader = calloc((size_t)n + 1, 1), *full = full_mask_registers(k, code);
    seg_scratch *w = malloc(sizeof *w);
    if (!s->order || !s->first || !s->warp_wide || !leader || !w || !full) {
        free(leader);
        free(full);
        free(w);
        ws_schedule_free(s);
        return -1;
    }
    /* rule 5: only where the kernel's registers are known, and its liveness could be found */
    uint64_t *live = NULL;
    uint8_t *width = NULL;
    uint32_t *local = NULL;
    w->b.regs = 0;
    if (regs && (live = ws_live_in(k, code, uses, &w->b.words)) && (width = register_widths(k, code)) &&
        (local = malloc(((size_t)k->nregs + 1) * sizeof *local))) {
        memset(local, 0xff, ((size_t)k->nregs + 1) * sizeof *local);
        w->b.regs = regs;
        w->b.live = live;
        w->b.width = width;
        w->b.local = local;
    }
    /* rule 1: the first instruction of each basic block and of the linked .func code */
    ws_block_starts(k, leader);
    for (uint32_t i = 0; i < n; i++)
        if (is_ordering_point(&code[i], full)) {
            leader[i] = 1;
            leader[i + 1] = 1;
        }
    for (uint32_t start = 0; start < n;) {
        uint32_t stretch = start + 1;
        while (stretch < n && !leader[stretch])
            stretch++;
        uint32_t pieces = (stretch - start + SEG_MAX - 1) / SEG_MAX;
        uint32_t end = start + (stretch - start + pieces - 1) / pieces;
        schedule_segment(w, code, uses, latency, fold, start, end - start, s->order);
        int moved = 0, wide = 0;
        for (uint32_t p = start; p < end; p++) {
            moved |= s->order[p] != p;
            wide |= is_warp_wide(&code[p]);
        }
        for (uint32_t p = start; p < end; p++) {
            s->first[p] = start;
            s->warp_wide[p] = (uint8_t)(moved && wide);
        }
        start = end;
    }
    free(live);
    free(width);
    free(local);
    free(leader);
    free(full);
    free(w);
    return 0;
}
