/* ptxas: where the H200's answer depends on what ptxas made of the PTX, and what warpsim says
 * and (under --poison-undefined) poisons there (docs/hardware.md points 15 and 17). warpsim
 * always gives the PTX's answer.
 *
 * Splits. warpsim runs the warp whole at every collective, activemask and bar.sync. Two things
 * leave the H200's warp split in ways the PTX does not show:
 *   - WS_SPLIT_MASKS: a collective whose lanes named different membermasks (ptxas's
 *     WARPSYNC.EXCLUSIVE): the groups can stay apart until ptxas's next WARPSYNC, which it may
 *     schedule after later warp-wide instructions or drop. Correct cooperative_groups code mostly
 *     gets the PTX's answer, so this is one note, at the collective that split the warp.
 *   - WS_SPLIT_CALLS: a call, made by part of the warp, of a function that reaches recursion.
 *     ptxas compiles such a function with the convergence barrier saved and cleared at its entry
 *     (BMOV.32.CLEAR B6); lanes waiting on that barrier to reconverge with the callers can be
 *     released by the clear and run on alone (fuzz v3 seeds 1618, 1819: later full-mask ballots,
 *     activemask and bar.sync ran per group). A warning at each such instruction: the answer
 *     depends on which side of the divergent code the H200 ran first.
 * Each is a partition of the warp's lanes, refined by every new cause (the groups are the
 * intersections). An activemask, collective or bar.sync whose lanes span two groups of a
 * partition is reported; under --poison-undefined what it wrote is poisoned, and after such a
 * bar.sync (the groups pass an .aligned barrier one by one, so shared-memory exchanges across it
 * read stale words) every later shared-memory load of the block is poisoned.
 *
 * NaN folds: min/max of a NaN with itself, neg of a half NaN (ws_nan_fold, at the end). */
#include "ptxas.h"
#include "diag.h"

#include <stdlib.h>

/* Each group of the partition cut by the new groups (lanes in none of them stay in their old
 * group), so that splits from several causes stay apart. */
static void refine(ws_split_part *s, const uint32_t *groups, unsigned n, const ws_exec *x)
{
    uint32_t old[32], cut[33];
    unsigned nold = s->n, ncut = 0, nnew = 0;
    memcpy(old, s->group, nold * sizeof old[0]);
    if (!nold)
        old[nold++] = FULL_MASK;
    uint32_t rest = FULL_MASK;
    for (unsigned i = 0; i < n; i++) {
        cut[ncut++] = groups[i];
        rest &= ~groups[i];
    }
    if (rest)
        cut[ncut++] = rest;
    for (unsigned i = 0; i < nold; i++)
        for (unsigned j = 0; j < ncut && nnew < 32; j++)
            if (old[i] & cut[j])
                s->group[nnew++] = old[i] & cut[j];
    s->n = nnew;
    s->pc = x->pc;
    s->line = x->in->line;
}

void ws_split_masks(ws_exec *x, const uint32_t *groups, unsigned n)
{
    refine(&x->w->split[WS_SPLIT_MASKS], groups, n, x);
}

/* Does function f reach a call cycle (f itself recursive, or something it calls)? A depth-first
 * walk over the module's call graph; state 1: on the current path, 2: done. */
static int reaches_cycle(const ws_module *m, uint32_t f, uint8_t *state)
{
    if (f >= m->nfdefs || state[f] == 2)
        return 0;
    if (state[f] == 1)
        return 1;
    state[f] = 1;
    const ws_kernel *F = &m->fdefs[f];
    for (uint32_t c = 0; c < F->ncalls; c++)
        if (F->calls[c].func != UINT32_MAX && reaches_cycle(m, F->calls[c].func, state))
            return 1;
    state[f] = 2;
    return 0;
}

void ws_split_call(ws_exec *x, const ws_insn *in, uint32_t exec)
{
    ws_warp *w = x->w;
    if (!exec || (exec & w->live) == w->live)
        return; /* the whole warp calls: nobody waits elsewhere */
    const ws_module *m = x->L->m;
    uint8_t small[64] = {0}, *state = m->nfdefs <= sizeof small ? small : calloc(m->nfdefs, 1);
    if (!state)
        return;
    int rec = reaches_cycle(m, x->L->k->calls[in->call].func, state);
    if (state != small)
        free(state);
    if (rec)
        refine(&w->split[WS_SPLIT_CALLS], &exec, 1, x);
}

/* How many groups of partition s the lanes of exec touch (2 is enough to know). */
static unsigned spanned(const ws_split_part *s, uint32_t exec)
{
    unsigned k = 0;
    for (unsigned i = 0; i < s->n && k < 2; i++)
        k += (s->group[i] & exec) != 0;
    return k;
}

/* Is register r a constant ptxas knows: written only by moves of one immediate? (nvcc puts
 * __shfl_down_sync(0xffffffff, ...)'s mask in a register so.) */
static int constant_register(const ws_launch_ctx *L, uint32_t r)
{
    int seen = 0;
    uint64_t value = 0;
    for (uint32_t pc = 0; pc < L->k->ninsns; pc++) {
        const ws_insn *i = &L->code[pc];
        if (!ws_op_writes_op0(i->op) || i->ops[0].kind != WS_OPND_REG || i->ops[0].reg != r)
            continue;
        if (i->op != WS_OP_MOV || i->ops[1].kind != WS_OPND_IMM || (seen && i->ops[1].imm != value))
            return 0;
        seen = 1;
        value = i->ops[1].imm;
    }
    return seen;
}

/* Does ptxas make in wait for the lanes it names, whatever the warp did before? A collective
 * whose membermask it cannot know gets a WARPSYNC on it, which gathers those lanes (the
 * cooperative_groups tile collectives of tests/ptx/calls.cu got their answer after the
 * recursion); a constant mask, activemask and an .aligned bar.sync count on the warp being
 * whole where ptxas believes it is (their SASS has no WARPSYNC there). */
static int gathers_its_lanes(const ws_launch_ctx *L, const ws_insn *in)
{
    if (ws_op_class_of(in->op) != CLS_COLLECTIVE)
        return 0;
    const ws_operand *m = &in->ops[in->nops - 1];
    return m->kind == WS_OPND_REG && !constant_register(L, m->reg);
}

int ws_split_check(ws_exec *x, const ws_insn *in, uint32_t exec)
{
    ws_warp *w = x->w;
    const char *what = ws_optable[in->op].mnemonic;
    int hit = 0;
    if (spanned(&w->split[WS_SPLIT_CALLS], exec) >= 2 && !gathers_its_lanes(x->L, in)) {
        ws_diag_report(x, WS_DIAG_SPLIT_CALL, exec,
                       "%s over lanes 0x%08x after the call at line %u made by part of the warp, of a function "
                       "that recurses: the H200 may have let the lanes waiting for the callers go on alone "
                       "(ptxas clears the convergence barrier at the function's entry) and then run this per "
                       "group, or hang in a bar.warp.sync",
                       what, exec, w->split[WS_SPLIT_CALLS].line);
        hit = 1;
    }
    /* bar.warp.sync: ptxas's WARPSYNC.EXCLUSIVE groups are what it is there to join. Any other
     * instruction spanning the groups, even one naming its lanes in a register (ptxas's test of
     * the mask against the active lanes may take its fast path in a split warp), is reported
     * once, at the collective that split the warp (correct cooperative_groups code meets this
     * often and mostly got the PTX's answer), counting the instructions that span its groups. */
    const ws_split_part *ms = &w->split[WS_SPLIT_MASKS];
    if (in->op != WS_OP_BAR_WARP && spanned(ms, exec) >= 2) {
        uint32_t pc = x->pc;
        x->pc = ms->pc;
        ws_diag_report(x, WS_DIAG_SPLIT_WARP, exec,
                       "%s with lanes naming different membermasks (ptxas: WARPSYNC.EXCLUSIVE): the H200 may keep "
                       "the warp split by them, and later warp-wide instructions (first: %s at line %u, lanes "
                       "0x%08x) may see one group only; warpsim runs the warp whole",
                       ws_optable[x->L->code[ms->pc].op].mnemonic, what, in->line, exec);
        x->pc = pc;
        hit = 1;
    }
    return hit && x->L->sim->cfg.poison_undefined;
}

void ws_split_poison_result(ws_exec *x, uint32_t exec)
{
    uint32_t poison = ws_poison_value(x->L);
    FOR_EACH_LANE(exec, l) {
        const ws_insn *li = x->lane_insn[l];
        if (!ws_op_writes_op0(li->op)) /* bar.warp.sync writes nothing */
            continue;
        set_reg(x, li->ops[0].reg, l, poison);
        if (li->op != WS_OP_SHFL) /* a shuffle's predicate follows the formula whatever it read */
            set_reg(x, li->dpred, l, poison & 1);
    }
}

void ws_split_barrier(ws_exec *x, const ws_insn *in, uint32_t exec)
{
    if (in->op == WS_OP_BARRIER && !(in->mods & WS_MOD_ALIGNED))
        return; /* barrier.sync without .aligned counts threads, wherever they are */
    if (ws_split_check(x, in, exec))
        x->blk->poison_shared = 1;
}

/* A NaN meets an instruction ptxas may fold away (programs/probe_minmax_same, H200, driver
 * 580.159.04, 2026-12-01; docs/hardware.md point 17): min/max.f16/.f32/.f64 (without .NaN or .ftz)
 * of one value with itself become that value, and two half-precision negations cancel; the H200
 * then keeps the NaN's bits, where the instruction itself gives the canonical NaN. Whether ptxas
 * sees it is not in the PTX (min of two loads of equal NaNs ran HMNMX2): warpsim gives the
 * instruction's canonical NaN, says so, and poisons it under --poison-undefined. */
void ws_nan_fold(ws_exec *x, const ws_insn *in, uint32_t lanes)
{
    unsigned l0 = (unsigned)__builtin_ctz(lanes);
    ws_diag_report(x, WS_DIAG_NAN_FOLD, lanes,
                   in->op == WS_OP_NEG
                       ? "%s.%s: lanes 0x%08x negate a NaN (lane %u: 0x%llx): the H200 gives the canonical NaN, or "
                         "those bits where ptxas cancels this negation against another"
                       : "%s.%s: lanes 0x%08x compare a NaN with the same NaN (lane %u: 0x%llx): the H200 gives the "
                         "canonical NaN, or those bits where ptxas folds min(x, x) to x (one value in both operands)",
                   ws_optable[in->op].mnemonic, ws_type_name((ws_type)in->type), lanes, l0,
                   (unsigned long long)opnd(x, &in->ops[1], l0));
    uint64_t poison = trunc_bits(ws_poison_value(x->L), ws_type_bits((ws_type)in->type)); /* a .f16's 16 bits */
    if (x->L->sim->cfg.poison_undefined)
        FOR_EACH_LANE(lanes, l)
            set_reg(x, in->ops[0].reg, l, poison);
}
