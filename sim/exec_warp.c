/* Warp-level collectives: shfl.sync, vote.sync, match.sync, redux.sync, activemask and
 * bar.warp.sync. The scheduler (warp.c) decides which lanes take part; these say what
 * each lane computes. Every lane reads its operands from its own instruction, so two
 * instructions merged into one collective (as the H200 does across an if/else) work. */
#include "exec_warp.h"
#include "diag.h"
#include "ptxas.h"
#include "shfl_rule.h"

ws_shfl_route ws_shfl_rule(ws_shfl_mode mode, unsigned lane, uint32_t b, uint32_t c)
{
    return ws_shfl_lane_route(mode, lane, b, c);
}

/* CUDA's __shfl*_sync(mask, v, b, width) emits c = ((32 - width) << 8) | 31, and for up
 * c = (32 - width) << 8. Widths of 0 or 64 leave a segment mask of 0: they act as 32. */
uint32_t ws_shfl_c_for_width(ws_shfl_mode mode, unsigned width)
{
    uint32_t seg = ((32u - width) << 8);
    return mode == WS_SHFL_UP ? seg : seg | 31u;
}

/* The membermask lane l names: the last operand of its own instruction (in a merged collective,
 * lanes at different instructions each name theirs). */
static inline uint32_t lane_membermask(const ws_exec *x, unsigned l)
{
    const ws_insn *li = x->lane_insn[l];
    return (uint32_t)opnd(x, &li->ops[li->nops - 1], l);
}

/* Per-lane membermasks, as the H200 runs them (programs/probe_lanemask and probe_lanemask_odd,
 * H200, driver 580.159.04, 2026-12-01): the executing lanes split into groups by the mask value
 * they name, and each group runs the collective as if it alone executed: a half-warp's
 * redux/ballot/match covers that half-warp, and a shuffle reading a lane of another group
 * reads 0, as from a lane that did not execute (ptxas puts a WARPSYNC.EXCLUSIVE before the
 * collective). CUB's logical warps, cooperative_groups tiles and labeled partitions rely on it.
 * Splits exec into groups[i] naming masks[i]; returns their number. Lanes naming a mask that
 * leaves them out, or masks that overlap another group's lanes, are undefined and reported:
 * the H200 stopped such kernels with an illegal-instruction error (a lane outside its own
 * run-time mask) or ran each distinct mask as its own group (overlapping masks). */
static unsigned membermask_groups(ws_exec *x, const ws_insn *first, uint32_t exec, uint32_t groups[32],
                                  uint32_t masks[32])
{
    const ws_operand *mo = &first->ops[first->nops - 1];
    uint32_t mask = (uint32_t)opnd(x, mo, (unsigned)__builtin_ctz(exec));
    unsigned n = 1;
    groups[0] = exec;
    masks[0] = mask;
    if (mo->kind == WS_OPND_REG || x->merged) {
        uint32_t differ = 0;
        if (exec == FULL_MASK && !x->merged) { /* the usual case: one vectorised pass finds that all agree */
            uint64_t row_[32];
            const uint64_t *row = ws_reg_row(x, mo->reg, row_);
            uint64_t any = 0;
            for (unsigned l = 0; l < 32; l++)
                any |= (uint32_t)row[l] ^ mask;
            differ = any ? FULL_MASK : 0;
        } else {
            differ = exec;
        }
        if (differ) {
            uint32_t rest = exec;
            n = 0;
            while (rest) {
                uint32_t m = lane_membermask(x, (unsigned)__builtin_ctz(rest)), g = 0;
                FOR_EACH_LANE(rest, l) g |= lane_membermask(x, l) == m ? 1u << l : 0;
                groups[n] = g;
                masks[n++] = m;
                rest &= ~g;
            }
        }
    }
    uint32_t outside = 0, overlap = 0;
    for (unsigned i = 0; i < n; i++) {
        outside |= groups[i] & ~masks[i];
        overlap |= n > 1 && (masks[i] & exec & ~groups[i]) ? groups[i] : 0;
    }
    /* What the H200 did (2026-11-29, 2026-12-01): in converged code with a constant mask ptxas
     * drops the membermask and the instruction runs over the executing lanes; inside a branch
     * (programs/bug_shfl_mask), or with masks computed at run time (probe_lanemask_odd cases 3,
     * 4, 5, 11), the kernel stopped with CUDA_ERROR_ILLEGAL_INSTRUCTION. warpsim runs it over
     * the lanes of the group and says so. */
    if (outside)
        ws_diag_report(x, WS_DIAG_NOT_IN_MEMBERMASK, outside,
                       "%s: lanes 0x%08x execute it but are not in their membermask 0x%08x (undefined: the H200 "
                       "runs it over the executing lanes in converged code with a constant mask, but inside a "
                       "branch or with a mask computed at run time it stopped the kernel with an "
                       "illegal-instruction error)",
                       ws_optable[first->op].mnemonic, outside, masks[0]);
    if (overlap)
        ws_diag_report(x, WS_DIAG_MASK_MISMATCH, overlap,
                       "lanes 0x%08x of one %s name membermasks that include executing lanes naming another "
                       "mask (lane %u: 0x%08x; undefined: the H200 ran each distinct mask as a group of its own)",
                       overlap, ws_optable[first->op].mnemonic, (unsigned)__builtin_ctz(overlap),
                       lane_membermask(x, (unsigned)__builtin_ctz(overlap)));
    return n;
}

static void report_shuffle(ws_exec *x, uint32_t exec, uint32_t mask, uint32_t read_absent, uint32_t read_outside);

/* What a lane reads from a source lane that did not execute the shuffle (inactive, exited or
 * guard false; undefined in PTX): 0 on the H200 (tests/golden/div_*, and 1,993 of the 2,000
 * fuzz kernels of tests/golden/fuzz agree; in the other 7 the value was warp-uniform and ptxas
 * had made the shuffle a move, docs/hardware.md point 11).
 * Under ws_config.poison_undefined, WS_POISON, so that what depends on it shows. */
static uint32_t absent_source_value(const ws_exec *x)
{
    return x->L->sim->cfg.poison_undefined ? ws_poison_value(x->L) : 0;
}

/* The hottest case: one instruction, all 32 lanes execute, nobody listens. The rule is
 * computed per mode in a branch-free loop over the lanes and the values move by a gather; the
 * results are those of shuffle_one (every source lane executes, so none reads 0). */
static void shuffle_full(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    uint64_t ta[32], tb[32], tc[32], d[32], p[32];
    const uint64_t *a = ws_reg_row(x, in->ops[1].reg, ta);
    const uint64_t *b = operand_row(x, &in->ops[2], FULL_MASK, tb);
    const uint64_t *c = operand_row(x, &in->ops[3], FULL_MASK, tc);
    uint32_t val[32], src[32], inr[32];
    for (unsigned l = 0; l < 32; l++)
        val[l] = (uint32_t)a[l];
#define SHFL_RULE(J, IN)                                                                            \
    for (int l = 0; l < 32; l++) {                                                                  \
        int bval = (int)(b[l] & 31), clamp = (int)(c[l] & 31), segmask = (int)((c[l] >> 8) & 31);  \
        int min_lane = l & segmask, max_lane = min_lane | (clamp & ~segmask);                       \
        int j = (J);                                                                                \
        int ok = (IN);                                                                              \
        src[l] = (uint32_t)(ok ? j : l);                                                            \
        inr[l] = (uint32_t)ok;                                                                      \
    }
    switch ((ws_shfl_mode)in->sub) {
    case WS_SHFL_UP: SHFL_RULE(l - bval, j >= max_lane) break;
    case WS_SHFL_DOWN: SHFL_RULE(l + bval, j <= max_lane) break;
    case WS_SHFL_BFLY: SHFL_RULE(l ^ bval, j <= max_lane) break;
    default: SHFL_RULE(min_lane | (bval & ~segmask), j <= max_lane) break;
    }
#undef SHFL_RULE
    for (unsigned l = 0; l < 32; l++)
        d[l] = val[src[l] & 31];
    ws_reg_put_row(x, in->ops[0].reg, FULL_MASK, d);
    if (in->dpred != WS_NO_REG) {
        for (unsigned l = 0; l < 32; l++)
            p[l] = inr[l];
        ws_reg_put_row(x, in->dpred, FULL_MASK, p);
    }
    uint32_t read_outside = 0;
    if (mask != FULL_MASK)
        for (unsigned l = 0; l < 32; l++)
            read_outside |= (inr[l] && !((mask >> (src[l] & 31)) & 1)) ? 1u << l : 0;
    report_shuffle(x, FULL_MASK, mask, 0, read_outside);
}

/* The common case: one instruction for every lane, read through operand rows. */
static void shuffle_one(ws_exec *x, const ws_insn *in, uint32_t exec, uint32_t mask)
{
    uint64_t ta[32], tb[32], tc[32], val[32];
    const uint64_t *a = operand_row(x, &in->ops[1], exec, ta);
    const uint64_t *b = operand_row(x, &in->ops[2], exec, tb);
    const uint64_t *c = operand_row(x, &in->ops[3], exec, tc);
    memcpy(val, a, sizeof val); /* the destination may be the source */
    uint64_t d[32], p[32];
    uint32_t read_absent = 0, read_outside = 0;
    ws_shfl_mode mode = (ws_shfl_mode)in->sub;
    uint8_t src[32], in_range[32];
    PER_LANE(exec, l, {
        ws_shfl_route rt = ws_shfl_lane_route(mode, l, (uint32_t)b[l], (uint32_t)c[l]);
        src[l] = (uint8_t)rt.src;
        in_range[l] = rt.in_range;
    });
    PER_LANE(exec, l, {
        unsigned j = src[l];
        uint32_t r;
        if (!in_range[l]) {
            r = (uint32_t)val[l];
        } else if ((exec >> j) & 1) {
            r = (uint32_t)val[j];
            read_outside |= ((mask >> j) & 1) ? 0 : 1u << l;
        } else {
            r = absent_source_value(x);
            if ((x->coll_exec >> j) & 1) /* a lane of another membermask group (membermask_groups) */
                read_outside |= 1u << l;
            else
                read_absent |= 1u << l;
        }
        d[l] = r;
        p[l] = in_range[l];
        if (x->ev) {
            x->shfl_src[l] = (int8_t)j;
            x->shfl_in_range[l] = in_range[l];
            x->shfl_val[l] = r;
        }
    });
    ws_reg_put_row(x, in->ops[0].reg, exec, d);
    ws_reg_put_row(x, in->dpred, exec, p); /* WS_NO_REG: none */
    report_shuffle(x, exec, mask, read_absent, read_outside);
}

static void shuffle(ws_exec *x, uint32_t exec, uint32_t mask)
{
    uint32_t val[32];
    const ws_insn *first = x->lane_insn[__builtin_ctz(exec)];
    int merged = 0;
    if (x->merged) /* only a merged collective has lanes at different instructions */
        FOR_EACH_LANE(exec, l) merged |= x->lane_insn[l] != first;
    if (!merged) {
        if (exec == FULL_MASK && !x->ev && first->ops[1].kind == WS_OPND_REG && !first->ops[1].neg &&
            !(x->L->slow & WS_SLOW_SHFL))
            shuffle_full(x, first, mask);
        else
            shuffle_one(x, first, exec, mask);
        return;
    }
    memset(val, 0, sizeof val);
    FOR_EACH_LANE(exec, l) val[l] = (uint32_t)opnd(x, &x->lane_insn[l]->ops[1], l);
    uint32_t read_absent = 0, read_outside = 0;
    FOR_EACH_LANE(exec, l) {
        const ws_insn *li = x->lane_insn[l];
        uint32_t b = (uint32_t)opnd(x, &li->ops[2], l), c = (uint32_t)opnd(x, &li->ops[3], l);
        ws_shfl_route rt = ws_shfl_lane_route((ws_shfl_mode)li->sub, l, b, c);
        uint32_t r;
        if (!rt.in_range) {
            r = val[l];
        } else if ((exec >> rt.src) & 1) {
            r = val[rt.src];
            if (!((mask >> rt.src) & 1))
                read_outside |= 1u << l;
        } else {
            r = absent_source_value(x);
            if ((x->coll_exec >> rt.src) & 1)
                read_outside |= 1u << l;
            else
                read_absent |= 1u << l;
        }
        x->shfl_src[l] = (int8_t)rt.src;
        x->shfl_in_range[l] = rt.in_range;
        x->shfl_val[l] = r;
        set_reg(x, li->ops[0].reg, l, r);
        set_reg(x, li->dpred, l, rt.in_range);
    }
    report_shuffle(x, exec, mask, read_absent, read_outside);
}

/* Statistics, diagnostics and event details of a shuffle. */
static void report_shuffle(ws_exec *x, uint32_t exec, uint32_t mask, uint32_t read_absent, uint32_t read_outside)
{
    (void)exec;
    x->L->stats.shfl++;
    if (read_absent)
        ws_diag_report(x, WS_DIAG_SRC_NOT_EXECUTING, read_absent,
                       "shfl.sync: lanes 0x%08x read source lanes that did not execute this shuffle (inactive, "
                       "exited or guard false); the H200 gives them 0 unless ptxas moved the shuffle "
                       "(--poison-undefined shows what depends on it)",
                       read_absent);
    if (read_outside)
        ws_diag_report(x, WS_DIAG_SRC_OUTSIDE_MASK, read_outside,
                       "shfl.sync: lanes 0x%08x read source lanes outside the membermask 0x%08x (undefined: on the "
                       "H200 a lane that another group of lanes named in its own membermask read 0 or the value, "
                       "depending on how ptxas compiled the collective)",
                       read_outside, mask);
    if (x->ev) {
        x->ev->shfl_src = x->shfl_src;
        x->ev->shfl_in_range = x->shfl_in_range;
        x->ev->shfl_val = x->shfl_val;
    }
}

/* vote.sync: the predicates of the lanes that execute, whatever the membermask says */
uint32_t ws_vote_rule(ws_vote_mode mode, uint32_t preds, uint32_t exec)
{
    preds &= exec;
    switch (mode) {
    case WS_VOTE_ALL: return preds == exec;
    case WS_VOTE_ANY: return preds != 0;
    case WS_VOTE_UNI: return preds == exec || preds == 0;
    default: return preds; /* ballot */
    }
}

static void vote(ws_exec *x, uint32_t exec)
{
    uint32_t preds = 0;
    FOR_EACH_LANE(exec, l)
        if (opnd(x, &x->lane_insn[l]->ops[1], l))
            preds |= 1u << l;
    FOR_EACH_LANE(exec, l) {
        const ws_insn *li = x->lane_insn[l];
        set_reg(x, li->ops[0].reg, l, ws_vote_rule((ws_vote_mode)li->sub, preds, exec));
    }
    x->L->stats.vote++;
    if (x->ev)
        x->ev->vote_preds |= preds;
}

/* elect.sync d|p, membermask: one leader among the executing lanes of the membermask; every lane
 * gets its lane number in d (d may be the sink _), and p is true in the leader only. The PTX ISA
 * does not say which lane leads; warpsim elects the lowest (programs/probe_reserved_smem.cu
 * prints the H200's choice). cooperative_groups' invoke_one runs its function in the leader. */
static void elect(ws_exec *x, uint32_t exec)
{
    uint32_t leader = (uint32_t)__builtin_ctz(exec);
    FOR_EACH_LANE(exec, l) {
        const ws_insn *li = x->lane_insn[l];
        if (li->ops[0].kind == WS_OPND_REG)
            set_reg(x, li->ops[0].reg, l, leader);
        set_reg(x, li->dpred, l, l == leader);
    }
    x->L->stats.vote++;
}

/* match.sync.any: d = the executing lanes whose value equals mine;
 * match.sync.all: d = the executing lanes if all values are equal, else 0; p says which */
uint32_t ws_match_rule(ws_vote_mode mode, unsigned lane, const uint64_t values[32], uint32_t exec, bool *all_equal)
{
    uint64_t v0 = exec ? values[__builtin_ctz(exec)] : 0;
    bool equal = true;
    FOR_EACH_LANE(exec, l) equal = equal && values[l] == v0;
    if (all_equal)
        *all_equal = equal;
    if (mode != WS_VOTE_ANY)
        return equal ? exec : 0;
    uint32_t r = 0;
    FOR_EACH_LANE(exec, k) r |= values[k] == values[lane] ? 1u << k : 0;
    return r;
}

static void match(ws_exec *x, uint32_t exec)
{
    const ws_insn *first = x->lane_insn[__builtin_ctz(exec)];
    unsigned bits = ws_type_bits((ws_type)first->type);
    FOR_EACH_LANE(exec, l) x->coll_in[l] = trunc_bits(opnd(x, &x->lane_insn[l]->ops[1], l), bits);
    FOR_EACH_LANE(exec, l) {
        const ws_insn *li = x->lane_insn[l];
        bool all_equal;
        set_reg(x, li->ops[0].reg, l, ws_match_rule((ws_vote_mode)li->sub, l, x->coll_in, exec, &all_equal));
        set_reg(x, li->dpred, l, (uint64_t)all_equal);
    }
    x->L->stats.vote++;
    if (x->ev)
        x->ev->coll_in = x->coll_in;
}

/* redux.sync: add (mod 2^32), min, max (signed for .s32), and, or, xor over the executing lanes */
static void redux(ws_exec *x, uint32_t exec)
{
    const ws_insn *first = x->lane_insn[__builtin_ctz(exec)];
    int sgn = ws_type_is_signed((ws_type)first->type);
    uint32_t acc = 0;
    int started = 0;
    FOR_EACH_LANE(exec, l) {
        uint32_t v = (uint32_t)opnd(x, &x->lane_insn[l]->ops[1], l);
        x->coll_in[l] = v;
        if (!started) {
            acc = v;
            started = 1;
            continue;
        }
        switch (first->sub) {
        case WS_AOP_ADD: acc += v; break;
        case WS_AOP_MIN: acc = sgn ? ((int32_t)v < (int32_t)acc ? v : acc) : (v < acc ? v : acc); break;
        case WS_AOP_MAX: acc = sgn ? ((int32_t)v > (int32_t)acc ? v : acc) : (v > acc ? v : acc); break;
        case WS_AOP_AND: acc &= v; break;
        case WS_AOP_OR: acc |= v; break;
        case WS_AOP_XOR: acc ^= v; break;
        default: break;
        }
    }
    FOR_EACH_LANE(exec, l) set_reg(x, x->lane_insn[l]->ops[0].reg, l, acc);
    x->L->stats.vote++;
    if (x->ev)
        x->ev->coll_in = x->coll_in;
}

/* A collective for the lanes of exec: each group of lanes naming one membermask runs it alone
 * (membermask_groups says why). */
void ws_collective(ws_exec *x, uint32_t exec)
{
    if (!exec)
        return;
    const ws_insn *first = x->lane_insn[__builtin_ctz(exec)];
    uint32_t groups[32], masks[32];
    unsigned n = membermask_groups(x, first, exec, groups, masks);
    int split = 0; /* does a group span groups of an earlier split? (ptxas.c) */
    for (unsigned i = 0; i < n && !split; i++)
        split = ws_split_check(x, first, groups[i]);
    if (n > 1)
        ws_split_masks(x, groups, n);
    x->coll_exec = exec;
    if (x->ev) {
        memset(x->shfl_src, -1, sizeof x->shfl_src);
        memset(x->shfl_in_range, 0, sizeof x->shfl_in_range);
        x->ev->vote_preds = 0;
    }
    for (unsigned i = 0; i < n; i++) {
        switch (first->op) {
        case WS_OP_SHFL: shuffle(x, groups[i], masks[i]); break;
        case WS_OP_VOTE: vote(x, groups[i]); break;
        case WS_OP_MATCH: match(x, groups[i]); break;
        case WS_OP_REDUX: redux(x, groups[i]); break;
        case WS_OP_ELECT: elect(x, groups[i]); break;
        default: break; /* bar.warp.sync: the scheduler has gathered its lanes */
        }
    }
    if (split)
        ws_split_poison_result(x, exec);
}

/* The table's executors for the collectives: one instruction for every lane. */
static void run_alone(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    for (unsigned l = 0; l < 32; l++)
        x->lane_insn[l] = in;
    ws_collective(x, mask);
}
void ex_shfl(ws_exec *x, const ws_insn *in, uint32_t mask) { run_alone(x, in, mask); }
void ex_vote(ws_exec *x, const ws_insn *in, uint32_t mask) { run_alone(x, in, mask); }
void ex_elect(ws_exec *x, const ws_insn *in, uint32_t mask) { run_alone(x, in, mask); }
void ex_match(ws_exec *x, const ws_insn *in, uint32_t mask) { run_alone(x, in, mask); }
void ex_redux(ws_exec *x, const ws_insn *in, uint32_t mask) { run_alone(x, in, mask); }
void ex_warpsync(ws_exec *x, const ws_insn *in, uint32_t mask) { run_alone(x, in, mask); }

/* activemask: the lanes executing this instruction */
void ex_activemask(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    uint32_t v = ws_split_check(x, in, mask) ? ws_poison_value(x->L) : mask;
    FOR_EACH_LANE(mask, l) set_reg(x, in->ops[0].reg, l, v);
}
