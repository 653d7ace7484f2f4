/* subwarp: the SASS ptxas puts before a collective with a register membermask (subwarp.h). */
#include "subwarp.h"
#include "cfg.h"
#include "schedule.h"

#include <stdlib.h>

void ws_subwarp_free(ws_subwarp *s)
{
    free(s->form);
    free(s->covered);
    free(s->warpsync);
    s->form = NULL;
    s->covered = NULL;
    s->warpsync = NULL;
}

/* ---- which masks ptxas can prove equal: value numbers within a basic block ----
 * ptxas computes each mask once and checks it once: the cg tiles recompute theirs from a new
 * %laneid before each shuffle (time_cg_reduce_plus_tile8_unsigned.ptx), and the SASS has one
 * check for the three SHFL. A mask that depends on a load or a collective's result is new each
 * time (subwarp_shfl_reg: a check before each SHFL). A mask whose value is a constant (mov of
 * an immediate, even in another register: subwarp_shfl_one_w32) is an immediate in SASS. */
#define VN_CONST 1ull /* the low bit of a value number: the value is a constant */

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull ^ ((h ^ v) >> 29); }

/* A value no other is equal to: result i of instruction pc. */
static uint64_t unique(uint32_t pc, uint32_t i) { return mix(mix(0x9e3779b97f4a7c15ull, pc), i) & ~VN_CONST; }

static int is_clock(uint32_t sreg)
{
    return sreg == WS_SREG_CLOCK || sreg == WS_SREG_CLOCK_HI || sreg == WS_SREG_CLOCK64 ||
           sreg == WS_SREG_GLOBALTIMER || sreg == WS_SREG_GLOBALTIMER_LO || sreg == WS_SREG_GLOBALTIMER_HI;
}

/* Value numbering, one basic block at a time: each register's value number as the block runs. */
typedef struct {
    const ws_kernel *k;
    const ws_insn *code;
    const ws_reg_use *uses;
    uint64_t *val;     /* per register: its value number, while seen[reg] == block */
    uint32_t *seen;    /* per register: the block (+ 1) that wrote val */
    uint64_t *initial; /* per register: its value number at a block's start */
} vn_state;

/* At a block's start a register holds a value of its own, or the immediate its only writer in the
 * kernel moves into it (a constant). */
static void vn_initial(vn_state *v)
{
    uint32_t nregs = v->k->nregs;
    uint32_t *writers = v->seen, *only = calloc((size_t)nregs + 1, sizeof *only);
    for (uint32_t r = 0; r < nregs; r++)
        v->initial[r] = mix(3, r) & ~VN_CONST;
    if (!only)
        return; /* out of memory: no constants found, still correct */
    for (uint32_t pc = 0; pc < v->k->ninsns; pc++)
        for (uint32_t i = 0; i < v->uses[pc].ndst; i++)
            if (v->uses[pc].dst[i] < nregs) {
                writers[v->uses[pc].dst[i]]++;
                only[v->uses[pc].dst[i]] = pc;
            }
    for (uint32_t r = 0; r < nregs; r++) {
        const ws_insn *in = &v->code[only[r]];
        if (writers[r] == 1 && in->op == WS_OP_MOV && in->ops[1].kind == WS_OPND_IMM && in->guard == WS_NO_REG)
            v->initial[r] = mix(1, in->ops[1].imm) | VN_CONST;
        writers[r] = 0;
    }
    free(only);
}

static uint64_t vn_of(const vn_state *v, uint32_t block, uint32_t reg)
{
    if (reg >= v->k->nregs)
        return mix(4, reg) & ~VN_CONST;
    return v->seen[reg] == block + 1 ? v->val[reg] : v->initial[reg];
}

/* Whether ptxas may recompute the instruction from its operands: no memory, no lanes moved, no
 * collective, no guard, one result. */
static int is_pure(const ws_insn *in, const ws_reg_use *u)
{
    ws_op_class c = ws_op_class_of(in->op);
    return (c == CLS_ALU || in->op == WS_OP_MOV) && !ws_op_is_memory(in->op) && !ws_op_moves_lanes(in->op) &&
           in->guard == WS_NO_REG && u->ndst == 1 && ws_op_writes_op0(in->op);
}

/* The value number of the result of instruction pc (pure: the same operations on the same values
 * give the same number; %laneid and %tid count as values, a clock does not). */
static uint64_t vn_result(const vn_state *v, uint32_t block, uint32_t pc)
{
    const ws_insn *in = &v->code[pc];
    if (!is_pure(in, &v->uses[pc]))
        return unique(pc, 0);
    if (in->op == WS_OP_MOV && in->ops[1].kind == WS_OPND_REG)
        return vn_of(v, block, in->ops[1].reg);
    uint64_t h =
        mix(mix(mix(0xcbf29ce484222325ull, in->op), in->type | (uint64_t)in->type2 << 8 | (uint64_t)in->sub << 16),
            in->mods);
    int constant = 1;
    for (unsigned i = 1; i < in->nops; i++) {
        const ws_operand *o = &in->ops[i];
        uint64_t x;
        if (o->kind == WS_OPND_IMM) {
            x = mix(1, o->imm);
        } else if (o->kind == WS_OPND_SREG && !is_clock(o->reg)) {
            x = mix(2, o->reg);
            constant = 0;
        } else if (o->kind == WS_OPND_REG) {
            x = vn_of(v, block, o->reg);
            constant &= (int)(x & VN_CONST);
        } else {
            return unique(pc, 0);
        }
        h = mix(h, x);
    }
    return constant ? h | VN_CONST : h & ~VN_CONST;
}

/* A collective whose membermask is not an immediate, of the kinds measured: shfl, bar.warp.sync
 * (the MATCH.ANY forms), vote and redux (the REDUX.OR forms); 0 otherwise. */
static int register_mask_kind(const ws_insn *in)
{
    if (ws_op_class_of(in->op) != CLS_COLLECTIVE || !in->nops || in->ops[in->nops - 1].kind != WS_OPND_REG)
        return 0;
    switch (in->op) {
    case WS_OP_SHFL:
    case WS_OP_BAR_WARP: return SUBWARP_MATCH;
    case WS_OP_VOTE:
    case WS_OP_REDUX: return SUBWARP_UNIFORM;
    default: return 0;
    }
}

/* The MATCH.ANY checks ptxas puts WARPSYNC R before (ws_subwarp.warpsync): those after the
 * kernel's first conditional branch whose mask was written before that branch and named by no
 * collective before it. */
static void mark_warpsync(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, ws_subwarp *s)
{
    uint32_t n = k->ninsns, branch = 0;
    while (branch < n && !(code[branch].op == WS_OP_BRA && code[branch].guard != WS_NO_REG))
        branch++;
    for (uint32_t pc = branch + 1; pc < n; pc++) {
        if (s->form[pc] != SUBWARP_MATCH || s->covered[pc])
            continue;
        uint32_t mask = code[pc].ops[code[pc].nops - 1].reg, w = pc, q = 0;
        while (w > 0 && !ws_reg_use_writes(&uses[w - 1], mask)) /* w - 1: the mask's last writer */
            w--;
        while (q < branch && !(register_mask_kind(&code[q]) && code[q].ops[code[q].nops - 1].reg == mask))
            q++;
        s->warpsync[pc] = w > 0 && w - 1 < branch && q == branch;
    }
}

int ws_subwarp_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, ws_subwarp *s)
{
    uint32_t n = k->ninsns;
    s->form = calloc((size_t)n + 1, 1);
    s->covered = calloc((size_t)n + 1, 1);
    s->warpsync = calloc((size_t)n + 1, 1);
    uint32_t *first = calloc((size_t)n + 1, sizeof *first); /* per pc: its basic block's first pc */
    uint64_t *vn = calloc((size_t)n + 1, sizeof *vn);
    uint8_t *leader = calloc((size_t)n + 1, 1);
    /* the register-mask collectives, their masks' value numbers (a constant: an immediate in SASS) */
    vn_state v = {k,
                  code,
                  uses,
                  calloc((size_t)k->nregs + 1, sizeof(uint64_t)),
                  calloc((size_t)k->nregs + 1, sizeof(uint32_t)),
                  calloc((size_t)k->nregs + 1, sizeof(uint64_t))};
    int failed = !s->form || !s->covered || !s->warpsync || !first || !vn || !leader || !v.val || !v.seen || !v.initial;
    if (failed)
        goto done;
    /* basic blocks: from each label, .func entry and instruction after one that moves lanes */
    ws_block_starts(k, leader);
    for (uint32_t pc = 0; pc < n; pc++)
        first[pc] = pc && !leader[pc] && !ws_op_moves_lanes(code[pc - 1].op) ? first[pc - 1] : pc;
    vn_initial(&v);
    for (uint32_t pc = 0; pc < n; pc++) {
        uint32_t block = first[pc];
        int kind = register_mask_kind(&code[pc]);
        if (kind) {
            vn[pc] = vn_of(&v, block, code[pc].ops[code[pc].nops - 1].reg);
            if (!(vn[pc] & VN_CONST))
                s->form[pc] = (uint8_t)kind;
        }
        uint64_t r = vn_result(&v, block, pc);
        for (uint32_t i = 0; i < uses[pc].ndst; i++)
            if (uses[pc].dst[i] < k->nregs) {
                v.val[uses[pc].dst[i]] = uses[pc].ndst == 1 ? r : unique(pc, i);
                v.seen[uses[pc].dst[i]] = block + 1;
            }
    }
    /* per basic block: the only one gets WARPSYNC (.EXCLUSIVE); of several, each checks unless one
     * before it in the block has the same mask */
    for (uint32_t b = 0; b < n;) {
        uint32_t e = b + 1, count = 0;
        while (e < n && first[e] == b)
            e++;
        for (uint32_t pc = b; pc < e; pc++)
            count += s->form[pc] != SUBWARP_NONE;
        for (uint32_t pc = b; pc < e; pc++) {
            if (s->form[pc] == SUBWARP_NONE)
                continue;
            if (count == 1)
                s->form[pc] = s->form[pc] == SUBWARP_MATCH ? SUBWARP_WARPSYNC : SUBWARP_EXCLUSIVE;
            for (uint32_t q = b; q < pc && !s->covered[pc]; q++)
                s->covered[pc] = s->form[q] == s->form[pc] && vn[q] == vn[pc];
        }
        b = e;
    }
    mark_warpsync(k, code, uses, s);
    /* the work arrays, on both paths */
done:
    free(v.val);
    free(v.seen);
    free(v.initial);
    free(first);
    free(vn);
    free(leader);
    if (failed)
        ws_subwarp_free(s);
    return failed ? -1 : 0;
}

unsigned ws_distinct_values(const uint64_t *v, uint32_t exec, uint64_t width)
{
    unsigned distinct = 0;
    FOR_EACH_LANE(exec, l) {
        int seen = 0;
        for (unsigned k = 0; k < l && !seen; k++)
            seen = ((exec >> k) & 1) && ((v[k] ^ v[l]) & width) == 0;
        distinct += !seen;
    }
    return distinct;
}

double ws_match_any_cycles(const ws_preset *p, unsigned distinct)
{
    return distinct <= 1 ? p->lat[LAT_MATCH] : p->match_base + distinct * p->match_value;
}

double ws_subwarp_cycles(const ws_subwarp *s, const ws_preset *p, uint32_t pc, double lat, const uint64_t *mask,
                         uint32_t exec)
{
    int form = s->form[pc];
    if (form == SUBWARP_NONE || !exec)
        return 0;
    unsigned groups = ws_distinct_values(mask, exec, UINT32_MAX);
    /* each group of lanes naming one mask runs the collective alone (WARPSYNC.EXCLUSIVE, or the
     * REDUX.OR check's loop): the collective and the convergence bookkeeping, group by group */
    double alone = form == SUBWARP_EXCLUSIVE ? p->subwarp_exclusive : p->subwarp_group;
    double serial = groups > 1 ? groups * (lat + alone) - lat : 0;
    switch (form) {
    case SUBWARP_WARPSYNC: return p->subwarp_warpsync + groups * p->subwarp_warpsync_group;
    case SUBWARP_EXCLUSIVE: return serial;
    default: break;
    }
    double check = 0;
    if (!s->covered[pc] && form == SUBWARP_MATCH)
        check = ws_match_any_cycles(p, groups) + p->subwarp_check + (s->warpsync[pc] ? p->subwarp_check_warpsync : 0);
    else if (!s->covered[pc])
        check = p->subwarp_uniform;
    return check + (form == SUBWARP_UNIFORM ? serial : 0);
}
