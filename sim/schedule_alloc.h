/* schedule_alloc.h: schedule.c's three phases (the preset's schedule.alloc B and schedule.alloc_regs R; included by
 * schedule.c alone, which runs them before rule 4 where the key is on).
 *
 * ptxas's order is a list schedule over registers it allocated before it (docs/calibration.md "(f32o28)": a list
 * schedule of each region's SASS over its own registers puts every instruction where the SASS has it in 22 probe_alu3
 * kinds; tests/calibration/probes/ptxas_phases.py models the phases in Python). Per segment:
 *  1. a first order of the segment's dependence graph that keeps at most B values live: of the candidates whose
 *     dependences are placed, those that fit (the values live after it at most B) before those that do not, the highest
 *     (rule 4's heights) first, program order between equals; when it could issue is not asked (ptxas's order before
 *     registers thinks of registers, not cycles);
 *  2. over that order each new value takes the register freed longest ago (first in, first out) of R: the values live
 *     into the segment take the first, a value is freed by its last reader in the segment (never where it is live
 *     after it), the sources an instruction ends are freed before its value takes one;
 *  3. rule 4 as without the key, with each such register's write after read and write after write (1 cycle: the
 *     instruction that writes a register issues after the last reads and the write of its value before) added to the
 *     segment's edges, the heights over them, and the first order between equals in place of program order.
 * Where it matters (probe_alu3.sass alu3_fma_l, fadd_l, fmul_l): an FFMA (one cycle of the FMA pipe) then the LOP3 that
 * reads it (two of the ALU pipe): in 13 registers the round robin ties each FFMA to the register a LOP3 frees just
 * before, so the FFMAs go two by two, the LOP3s too (ptxas 50 / 48 FF / LL neighbours of 517; B 12, R 13: 39 / 39),
 * where rule 4 alone alternates them; with the LOP3 first (alu3_lop3_f) nothing runs ahead and they go by turns, as in
 * ptxas's SASS. A value is a PTX register's value; predicates are not counted (their own registers), and a 64-bit
 * value takes one register here as a 32-bit one (a stand-in: the f64 kinds are not checked against their SASS). Where
 * the values live into a segment or a write find no free register, the segment keeps rule 4 alone. */
#ifndef WS_SCHEDULE_ALLOC_H
#define WS_SCHEDULE_ALLOC_H

/* The three phases' scratch for segments of up to `longest` instructions (alloc_new). */
typedef struct seg_alloc {
    unsigned budget, regs;   /* B, R */
    uint32_t *perm;          /* the first order: its positions' segment indices */
    uint32_t *npred;         /* phase 1: unplaced dependences */
    uint8_t *placed;         /* phase 1: placed */
    uint8_t *value;          /* per local register: its value takes a register (alloc_holds) */
    uint32_t *phys;          /* phase 2, per local register (seg_budget's): the register of its value (UINT32_MAX) */
    uint32_t *fifo;          /* phase 2: the free registers, freed longest ago first (a ring of regs) */
    uint32_t *lastw;         /* per register: the last instruction that wrote it (UINT32_MAX: none) */
    uint32_t *head;          /* per register: its reads since that write, a list through next (UINT32_MAX: none) */
    uint32_t *next, *reader; /* the list's nodes: a reading instruction and the next node */
    uint32_t *edge;          /* the edges found, pairs (from, to) */
} seg_alloc;

static seg_alloc *alloc_new(uint32_t longest, unsigned budget, unsigned regs)
{
    size_t n = longest, acc = n * USES_MAX;
    size_t words = 2 * n + acc + 3 * (size_t)regs + 2 * acc + 4 * acc;
    seg_alloc *a = malloc(sizeof *a + words * sizeof(uint32_t) + n + acc);
    if (!a)
        return NULL;
    uint32_t *at = (uint32_t *)(a + 1);
    a->budget = budget;
    a->regs = regs;
    a->perm = at, at += n;
    a->npred = at, at += n;
    a->phys = at, at += acc;
    a->fifo = at, at += regs;
    a->lastw = at, at += regs;
    a->head = at, at += regs;
    a->next = at, at += acc;
    a->reader = at, at += acc;
    a->edge = at, at += 4 * acc; /* a write's pair and a read's each at most */
    a->placed = (uint8_t *)at;
    a->value = a->placed + n;
    return a;
}

/* Whether local register r holds a value that takes a register: budget_holds, and not a predicate nor a constant
 * (a->value: rule 5's facts, a parameter, an immediate, a launch dimension or a copy of one: ptxas reads the constant
 * bank, `ULDC UR4, c[0x0][0x180]`). */
static int alloc_holds(const seg_alloc *a, const seg_budget *b, uint32_t r)
{
    return a->value[r] && budget_holds(b, r);
}

/* Values live after issuing position j less before (alloc_holds over j's registers); commit: its accesses are done. */
static int alloc_delta(seg_alloc *a, seg_budget *b, uint32_t j, int commit)
{
    int delta = 0;
    for (uint32_t x = b->ifirst[j]; x < b->ifirst[j + 1]; x++) {
        uint32_t r = b->ireg[x];
        uint8_t was = a->value[r];
        int before = alloc_holds(a, b, r);
        b->at[r]++;
        if (b->iwrite[x])
            a->value[r] = !b->pred[b->reg[r]] && !b->fixed[b->s + j];
        delta += alloc_holds(a, b, r) - before;
        if (!commit) {
            b->at[r]--;
            a->value[r] = was;
        }
    }
    return delta;
}

/* The values live into the segment that it touches (budget_start just run: their weights are what they take). */
static int alloc_live_in(seg_alloc *a, const seg_budget *b)
{
    int live = 0;
    for (uint32_t r = 0; r < b->nreg; r++) {
        a->value[r] = !b->pred[b->reg[r]] && b->weight[r] > 0;
        live += alloc_holds(a, b, r);
    }
    return live;
}

/* Forgets the segment's registers (budget_end's reset, no value kept), so budget_start can run again. */
static void alloc_forget(seg_budget *b)
{
    for (uint32_t r = 0; r < b->nreg; r++)
        b->local[b->reg[r]] = UINT32_MAX;
}

/* Phase 1 over positions [s, s + m) (w's edges and heights found): writes a->perm. */
static void alloc_first_order(seg_alloc *a, seg_scratch *w, const ws_insn *code, const ws_reg_use *uses, uint32_t s,
                              uint32_t m)
{
    seg_budget *b = &w->b;
    budget_start(b, code, uses, s, m);
    int live = alloc_live_in(a, b);
    for (uint32_t j = 0; j < m; j++) {
        a->npred[j] = w->npred[j];
        a->placed[j] = 0;
    }
    for (uint32_t k = 0; k < m; k++) {
        uint32_t best = UINT32_MAX;
        int fits_b = 0;
        for (uint32_t j = 0; j < m; j++) {
            if (a->placed[j] || a->npred[j])
                continue;
            int fits = live + alloc_delta(a, b, j, 0) <= (int)a->budget;
            if (best == UINT32_MAX || fits > fits_b || (fits == fits_b && w->height[j] > w->height[best])) {
                best = j;
                fits_b = fits;
            }
        }
        live += alloc_delta(a, b, best, 1);
        a->placed[best] = 1;
        a->perm[k] = best;
        for (uint32_t j = best + 1; j < m; j++)
            if (EDGE(w, m, best, j) >= 0)
                a->npred[j]--;
    }
    alloc_forget(b);
}

static uint32_t alloc_take(seg_alloc *a, uint32_t *first, uint32_t *nfree)
{
    uint32_t p = a->fifo[*first];
    *first = (*first + 1) % a->regs;
    (*nfree)--;
    return p;
}

static void alloc_give(seg_alloc *a, uint32_t first, uint32_t *nfree, uint32_t p)
{
    a->fifo[(first + *nfree) % a->regs] = p;
    (*nfree)++;
}

/* Phase 2 over a->perm: the registers' write-after-read and write-after-write pairs in a->edge; returns how many, or
 * -1 where the values do not fit in a->regs registers. */
static int alloc_registers(seg_alloc *a, seg_scratch *w, const ws_insn *code, const ws_reg_use *uses, uint32_t s,
                           uint32_t m)
{
    seg_budget *b = &w->b;
    budget_start(b, code, uses, s, m);
    uint32_t taken = 0, first = 0, nfree = 0, nodes = 0;
    int nedge = 0;
    alloc_live_in(a, b);
    for (uint32_t r = 0; r < b->nreg; r++) {
        a->phys[r] = UINT32_MAX;
        if (alloc_holds(a, b, r) && taken < a->regs)
            a->phys[r] = taken++;
        else if (alloc_holds(a, b, r))
            nedge = -1;
    }
    for (uint32_t p = 0; p < a->regs; p++) {
        a->lastw[p] = a->head[p] = UINT32_MAX;
        if (p >= taken)
            alloc_give(a, first, &nfree, p);
    }
    for (uint32_t k = 0; k < m && nedge >= 0; k++) {
        uint32_t j = a->perm[k];
        int guarded = code[s + j].guard != WS_NO_REG;
        for (uint32_t x = b->ifirst[j]; x < b->ifirst[j + 1]; x++) { /* its reads, and the values it ends */
            uint32_t r = b->ireg[x], p = a->phys[r];
            if (b->iread[x] && p != UINT32_MAX) {
                a->reader[nodes] = j;
                a->next[nodes] = a->head[p];
                a->head[p] = nodes++;
            }
            b->at[r]++;
            int keep = b->iwrite[x] && guarded && p != UINT32_MAX; /* a guarded write keeps the old value's register */
            if (b->iwrite[x] && !keep)
                a->value[r] = !b->pred[b->reg[r]] && !b->fixed[s + j];
            if (p != UINT32_MAX && !keep && (b->iwrite[x] || !budget_holds(b, r))) {
                alloc_give(a, first, &nfree, p);
                a->phys[r] = UINT32_MAX;
            }
        }
        for (uint32_t x = b->ifirst[j]; x < b->ifirst[j + 1]; x++) { /* its values */
            uint32_t r = b->ireg[x];
            if (!a->value[r] || !b->iwrite[x] || a->phys[r] != UINT32_MAX)
                continue;
            if (!nfree) {
                nedge = -1;
                break;
            }
            uint32_t p = alloc_take(a, &first, &nfree);
            if (a->lastw[p] != UINT32_MAX && a->lastw[p] != j) {
                a->edge[2 * nedge] = a->lastw[p];
                a->edge[2 * nedge++ + 1] = j;
            }
            for (uint32_t y = a->head[p]; y != UINT32_MAX; y = a->next[y])
                if (a->reader[y] != j) {
                    a->edge[2 * nedge] = a->reader[y];
                    a->edge[2 * nedge++ + 1] = j;
                }
            a->lastw[p] = j;
            a->head[p] = UINT32_MAX;
            a->phys[r] = p;
            if (!alloc_holds(a, b, r)) { /* a value nothing reads: its register is free again */
                alloc_give(a, first, &nfree, p);
                a->phys[r] = UINT32_MAX;
            }
        }
    }
    alloc_forget(b);
    return nedge;
}

/* Whether position j of the segment at s is what the phases are checked on (docs/calibration.md "(f32o28)": the 22
 * probe_alu3 kinds of ALU, IMAD and FMA ops): not a memory access, a collective, an XU or f64 op, a move with no SASS
 * (rule 6's WS_SCHED_FREE: a half's unpack), a folded op (fold.h) nor an op of a 64-bit register, whose registers
 * ptxas gives otherwise (a load's in flight, an unpack's none, a pair). Nor a packed half (f16x2, bf16x2): none of the
 * 22 kinds is one, and with the phases hfma2_l/bfma2_l's and hadd2_f/badd2_f's figures went farther from every session
 * (docs/calibration.md "(phase28)", the lead's note). A segment with one keeps rule 4 alone. */
static int alloc_fixed(const seg_scratch *w, const ws_insn *code, const ws_reg_use *uses, const uint8_t *fold,
                       const uint8_t *pp, uint32_t s, uint32_t j)
{
    if (code[s + j].type == WS_T_F16X2 || code[s + j].type == WS_T_BF16X2)
        return 0;
    unsigned kind = pp ? pp[j] & 7 : WS_SCHED_NONE;
    const ws_reg_use *u = &uses[s + j];
    for (uint32_t x = 0; x < u->nsrc + u->ndst; x++) { /* a 64-bit value takes a pair: not modelled here */
        uint32_t reg = x < u->nsrc ? u->src[x] : u->dst[x - u->nsrc];
        if (reg != WS_NO_REG && w->b.size[reg] > 1)
            return 0;
    }
    return !(w->kind[j] & (K_MEMORY | K_WARP_WIDE)) && !(fold && fold[s + j]) && kind != WS_SCHED_FREE &&
           kind != WS_SCHED_XU && kind != WS_SCHED_F64;
}

/* The three phases for the segment at s of m (its edges and heights found): returns the first order (rule 4's order
 * between equals) with the registers' edges added to w's, or NULL where they do not fit (rule 4 alone). */
static const uint32_t *alloc_segment(seg_alloc *a, seg_scratch *w, const ws_insn *code, const ws_reg_use *uses,
                                     const uint8_t *fold, const uint8_t *pp, uint32_t s, uint32_t m)
{
    if (!a || m < 3 || w->b.regs) /* with rule 5's budget (--regs) its order stands */
        return NULL;
    for (uint32_t j = 0; j < m; j++) /* only fixed-latency SASS of the pipes: what "(f32o28)" checks */
        if (!alloc_fixed(w, code, uses, fold, pp, s, j))
            return NULL;
    alloc_first_order(a, w, code, uses, s, m);
    int nedge = alloc_registers(a, w, code, uses, s, m);
    if (nedge < 0)
        return NULL;
    for (uint32_t i = 0; i < m; i++) /* edges now go either way between positions: none yet where i >= j */
        for (uint32_t j = 0; j <= i; j++)
            EDGE(w, m, i, j) = -1;
    for (int e = 0; e < nedge; e++) {
        uint32_t i = a->edge[2 * e], j = a->edge[2 * e + 1];
        if (EDGE(w, m, i, j) < 0) {
            EDGE(w, m, i, j) = 1;
            w->npred[j]++;
        } else if (EDGE(w, m, i, j) < 1)
            EDGE(w, m, i, j) = 1;
    }
    return a->perm;
}

#endif
