/* Decoding a kernel once for the interpreter's run loop (decode.h). */
#include "decode.h"
#include "exec_fast.h"
#include "cfg.h"
#include "exec_warp.h"
#include "memory.h"

#include <stdlib.h>

/* ---- constants known at decode time -------------------------------------------------------------- */

/* Branch targets: where a lane may arrive from elsewhere than the instruction before. */
static uint8_t *branch_targets(const ws_kernel *k, const ws_insn *code)
{
    uint8_t *t = calloc((size_t)k->ninsns + 1, 1);
    if (!t)
        return NULL;
    for (uint32_t i = 0; i < k->ninsns; i++)
        if (ws_op_class_of(code[i].op) == CLS_BRANCH && code[i].ops[0].imm < k->ninsns)
            t[code[i].ops[0].imm] = 1;
    return t;
}

/* The value register r holds whenever the instruction at pc runs, if the straight line before
 * it (no branch target, no instruction that moves lanes, in the kernel's own code) last wrote r
 * with an unguarded move of an immediate. Returns 1 and *v if so. */
static int is_mov_imm(const ws_insn *in, const uint8_t *rkind)
{
    int fk = ws_fast_kind(in, rkind);
    return fk == WS_FK_MOV32_I || fk == WS_FK_MOV64_I;
}

static int constant_before(const ws_insn *code, const ws_reg_use *uses, const uint8_t *targets, const uint8_t *rkind,
                           uint32_t pc, uint32_t r, uint64_t *v)
{
    while (pc > 0 && !targets[pc]) {
        const ws_insn *in = &code[--pc];
        if (ws_op_moves_lanes(in->op) || (in->mods & WS_MOD_INFUNC))
            return 0;
        const ws_reg_use *u = &uses[pc];
        if (!ws_reg_use_writes(u, r))
            continue;
        if (in->op != WS_OP_MOV || in->guard != WS_NO_REG || in->nops != 2 || in->ops[0].kind != WS_OPND_REG ||
            in->ops[0].reg != r || in->ops[1].kind != WS_OPND_IMM || !is_mov_imm(in, rkind))
            return 0;
        *v = ws_fast_mov_value(in);
        return 1;
    }
    return 0;
}

/* Registers that hold 0 wherever they are read: every write of them in the kernel (its linked
 * functions included) is a move of the immediate 0, and a register never written reads 0
 * (registers start zeroed: ws_registers_read_unwritten). One byte per register. */
static uint8_t *zero_registers(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *rkind)
{
    uint8_t *z = malloc(k->nregs ? k->nregs : 1);
    if (!z)
        return NULL;
    memset(z, 1, k->nregs);
    for (uint32_t i = 0; i < k->ninsns; i++) {
        const ws_insn *in = &code[i];
        const ws_reg_use *u = &uses[i];
        int zero_move = is_mov_imm(in, rkind) && ws_fast_mov_value(in) == 0;
        for (uint32_t d = 0; d < u->ndst; d++)
            if (u->dst[d] < k->nregs && !(zero_move && u->dst[d] == in->ops[0].reg))
                z[u->dst[d]] = 0;
    }
    return z;
}

/* Registers named only as a shuffle's predicate destination, nowhere else in the kernel (its
 * linked functions included): no instruction reads them, so the run loop need not write them
 * (nothing looks at the registers while it runs: no trace listens; the carry flag, read
 * through dpred, is named by its readers too). One byte per register. */
static uint8_t *unread_shfl_predicates(const ws_kernel *k, const ws_insn *code)
{
    uint8_t *u = calloc(k->nregs ? k->nregs : 1, 1), *named = calloc(k->nregs ? k->nregs : 1, 1);
    if (!u || !named) {
        free(u);
        free(named);
        return NULL;
    }
#define NAME(r)                                                                                                        \
    do {                                                                                                               \
        if ((r) < k->nregs)                                                                                            \
            named[r] = 1;                                                                                              \
    } while (0)
    for (uint32_t i = 0; i < k->ninsns; i++) {
        const ws_insn *in = &code[i];
        NAME(in->guard);
        if (in->op == WS_OP_SHFL && in->dpred < k->nregs)
            u[in->dpred] = 1;
        else
            NAME(in->dpred);
        for (unsigned o = 0; o < in->nops && o < WS_MAX_OPERANDS; o++) {
            NAME(in->ops[o].reg);
            for (unsigned e = 0; e < in->ops[o].nvec && e < 4; e++)
                NAME(in->ops[o].regs[e]);
        }
    }
#undef NAME
    for (uint32_t r = 0; r < k->nregs; r++)
        u[r] &= !named[r];
    free(named);
    return u;
}

/* What decode_one needs to know of the whole kernel. */
typedef struct {
    uint8_t *targets;       /* branch_targets */
    uint8_t *zero;          /* zero_registers */
    uint8_t *unread_pred;   /* unread_shfl_predicates */
    const ws_reg_use *uses; /* ws_insn_reg_use of each instruction */
    const uint32_t *roff;   /* the register file's layout (ws_reg_layout) */
    const uint8_t *rkind;
} kernel_facts;

/* An operand's value when it is the same for every lane at every run of pc. */
static int constant_operand(const ws_insn *code, const kernel_facts *f, uint32_t pc, const ws_operand *o, uint64_t *v)
{
    if (o->kind == WS_OPND_IMM) {
        *v = o->imm;
        return 1;
    }
    if (o->kind != WS_OPND_REG || o->neg || o->reg == WS_NO_REG)
        return 0;
    if (f->zero[o->reg]) {
        *v = 0;
        return 1;
    }
    return constant_before(code, f->uses, f->targets, f->rkind, pc, o->reg, v);
}

static int is_row(const ws_operand *o)
{
    return o->kind == WS_OPND_REG && !o->neg && !(o->flags & WS_FNEG) && o->reg != WS_NO_REG; /* FNEG: contract.h */
}

/* ws_dshfl.pair, oa, ob and pick: whether each 8 lanes of the result read at most two 8-lane
 * vectors of the source, and which */
static void shfl_pairs(ws_dshfl *s)
{
    s->pair = 1;
    for (unsigned j = 0; j < 4; j++) {
        unsigned ca = s->src[8 * j] / 8, cb = ca;
        for (unsigned l = 8 * j; l < 8 * j + 8; l++) {
            unsigned c = s->src[l] / 8;
            if (c != ca && cb == ca)
                cb = c;
            else if (c != ca && c != cb)
                s->pair = 0;
            s->pick[l] = c != ca ? ~0u : 0;
        }
        s->oa[j] = (uint8_t)(32 * ca);
        s->ob[j] = (uint8_t)(32 * cb);
    }
}

/* shfl.sync.MODE.b32 d[|p], a, b, c, membermask with b, c and a full membermask constant: the
 * routing, fixed (ws_shfl_rule, the executors' own rule). With all 32 lanes executing, as the
 * run loop checks, no lane reads an absent or outside lane and no diagnostic can arise. */
static int decode_shfl(const ws_insn *code, const kernel_facts *f, uint32_t pc, ws_dshfl *s)
{
    const ws_insn *in = &code[pc];
    uint64_t b, c, m;
    if (in->nops != 5 || (in->mods & ~(uint32_t)WS_MOD_SYNC) || !is_row(&in->ops[0]) || !is_row(&in->ops[1]) ||
        f->rkind[in->ops[0].reg] != WS_ROW_32 || f->rkind[in->ops[1].reg] != WS_ROW_32 ||
        (in->dpred != WS_NO_REG && f->rkind[in->dpred] != WS_ROW_PRED) || ws_type_bits((ws_type)in->type) != 32 ||
        !constant_operand(code, f, pc, &in->ops[2], &b) || !constant_operand(code, f, pc, &in->ops[3], &c) ||
        !constant_operand(code, f, pc, &in->ops[4], &m) || (uint32_t)m != FULL_MASK)
        return 0;
    s->shifted = 0;
    s->in_range = 0;
    for (unsigned l = 0; l < 32; l++) {
        ws_shfl_route rt = ws_shfl_rule((ws_shfl_mode)in->sub, l, (uint32_t)b, (uint32_t)c);
        s->src[l] = (uint8_t)rt.src;
        s->in_range |= (uint32_t)(rt.in_range != 0) << l;
        s->src32[l] = rt.src;
    }
    shfl_pairs(s);
    /* up and down by one amount over the whole warp: lanes [lo, hi) read l + shift, the others
     * their own value */
    unsigned lo = 0, hi;
    while (lo < 32 && s->src[lo] == lo)
        lo++;
    if (lo == 32)
        return 1;
    int shift = (int)s->src[lo] - (int)lo;
    for (hi = lo; hi < 32 && (int)s->src[hi] == (int)hi + shift;)
        hi++;
    for (unsigned l = hi; l < 32; l++)
        if (s->src[l] != l)
            return 1;
    s->shifted = 1;
    s->shift = shift;
    for (unsigned l = 0; l < 32; l++)
        s->take[l] = l >= lo && l < hi ? ~0u : 0;
    return 1;
}

/* ld.param.{u32,b32,u64,b64} d, [constant] inside the kernel's parameters, aligned: the bytes
 * every lane reads (the general load's result for each lane) */
static int decode_ld_param(const ws_kernel *k, const uint8_t *rkind, const ws_insn *in)
{
    unsigned bits = ws_type_bits((ws_type)in->type);
    const ws_operand *a = &in->ops[1];
    return in->op == WS_OP_LD && ws_access_space(in) == WS_SPACE_PARAM && !in->mods && !in->sem && in->vec == 1 &&
           in->nops == 2 && is_row(&in->ops[0]) &&
           ((bits == 32 && rkind[in->ops[0].reg] == WS_ROW_32) || (bits == 64 && rkind[in->ops[0].reg] == WS_ROW_64)) &&
           !ws_type_is_signed((ws_type)in->type) && !ws_type_is_float((ws_type)in->type) && a->kind == WS_OPND_ADDR &&
           a->reg == WS_NO_REG && a->imm % (bits / 8) == 0 && a->imm < k->param_bytes &&
           bits / 8 <= k->param_bytes - a->imm;
}

/* mov d, imm (any type) or mov d, sym (a symbol's address, folded in: ws_prepared's code): ex_mov's
 * value, the bits cut to the type, the same in every lane */
static int decode_mov_const(const uint8_t *rkind, const ws_insn *in, ws_dinsn *d)
{
    const ws_operand *a = &in->ops[1];
    unsigned bits = ws_type_bits((ws_type)in->type);
    if (in->op != WS_OP_MOV || (in->mods & ~(uint32_t)WS_MOD_INFUNC) || in->vec > 1 || in->nops != 2 ||
        !is_row(&in->ops[0]) || !bits || !(a->kind == WS_OPND_IMM || (a->kind == WS_OPND_SYM && a->reg == WS_NO_REG)))
        return 0;
    uint8_t rk = rkind[in->ops[0].reg];
    if (!(rk == WS_ROW_64 || (rk == WS_ROW_32 && bits <= 32)))
        return 0;
    d->kind = rk == WS_ROW_32 ? WS_FK_MOV32_I : WS_FK_MOV64_I;
    d->imm = a->imm & (bits >= 64 ? ~0ull : (1ull << bits) - 1);
    return 1;
}

/* mov d, %sreg of 32 or 64 bits for a special register that is the same at every run of a warp's
 * instruction (its thread's, block's or grid's place: never a clock), below 2^32, so the type's
 * cut changes nothing (ws_sreg_row) */
static int decode_mov_sreg(const uint8_t *rkind, const ws_insn *in)
{
    const ws_operand *a = &in->ops[1];
    unsigned bits = ws_type_bits((ws_type)in->type);
    return in->op == WS_OP_MOV && !(in->mods & ~(uint32_t)WS_MOD_INFUNC) && in->vec <= 1 && in->nops == 2 &&
           is_row(&in->ops[0]) && rkind[in->ops[0].reg] != WS_ROW_PRED && (bits == 32 || bits == 64) &&
           a->kind == WS_OPND_SREG && a->reg <= WS_SREG_LANEID;
}

/* cvta[.to].space d, a on a row: ex_cvta's a -/+ the space's window, cut to 32 or 64 bits: the
 * forms sub/add with the window as immediate */
static int decode_cvta(const uint8_t *rkind, const ws_insn *in, ws_dinsn *d)
{
    unsigned bits = ws_type_bits((ws_type)in->type);
    uint8_t rk = bits == 32 ? WS_ROW_32 : WS_ROW_64;
    if (in->op != WS_OP_CVTA || (in->mods & ~(uint32_t)(WS_MOD_TO | WS_MOD_INFUNC)) || in->nops != 2 ||
        !is_row(&in->ops[0]) || !is_row(&in->ops[1]) || (bits != 32 && bits != 64) || rkind[in->ops[0].reg] != rk ||
        rkind[in->ops[1].reg] != rk)
        return 0;
    int to = (in->mods & WS_MOD_TO) != 0;
    d->kind = (uint8_t)(bits == 32 ? (to ? WS_FK_SUB32_RI : WS_FK_ADD32_RI) : (to ? WS_FK_SUB64_RI : WS_FK_ADD64_RI));
    d->imm = ws_space_window((ws_space)in->space);
    return 1;
}

/* ld/st.{global,shared} of one element of 1, 2, 4 or 8 bytes, weak (no order, no .volatile), at
 * [register + offset], into a row (ld: zero-extended, so no signed integer type) or from a row
 * (st): the run loop's one-check path (DK_LD, DK_ST); a = the address's row, imm its offset,
 * imm2 its wrap (ws_address_mask), imm3 the element's bytes (and DK_ADDR_ROW32 for a
 * 32-bit address row, DK_SHARED_WORD), c the space, d_row the value's row */
static int decode_mem(const kernel_facts *f, const ws_insn *in, ws_dinsn *d)
{
    int ld = in->op == WS_OP_LD;
    ws_type t = (ws_type)in->type;
    unsigned bits = ws_type_bits(t);
    ws_space sp = ws_access_space(in);
    if ((!ld && in->op != WS_OP_ST) || (in->mods & ~(uint32_t)(WS_MOD_NC | WS_MOD_CG | WS_MOD_INFUNC)) || in->sem ||
        in->vec != 1 || in->nops != 2 || (sp != WS_SPACE_GLOBAL && sp != WS_SPACE_SHARED) || t == WS_T_PRED ||
        (bits != 8 && bits != 16 && bits != 32 && bits != 64) || (ld && ws_type_is_signed(t) && !ws_type_is_float(t)) ||
        ws_insn_is_strong_load(in))
        return 0;
    const ws_operand *addr = &in->ops[ld ? 1 : 0], *v = &in->ops[ld ? 0 : 1];
    if (addr->kind != WS_OPND_ADDR || addr->reg == WS_NO_REG || !is_row(v) || f->rkind[addr->reg] == WS_ROW_PRED)
        return 0;
    uint8_t rk = f->rkind[v->reg];
    if (!((bits <= 32 && rk == WS_ROW_32) || (bits == 64 && rk == WS_ROW_64)))
        return 0;
    d->kind = ld ? DK_LD : DK_ST;
    d->d_row = rk;
    d->a = f->roff[addr->reg];
    d->d = ld ? f->roff[v->reg] : WS_NO_REG;
    d->b = ld ? WS_NO_REG : f->roff[v->reg];
    d->c = sp;
    d->imm = addr->imm;
    d->imm2 = ws_address_mask(addr);
    d->imm3 = bits / 8 | (f->rkind[addr->reg] == WS_ROW_32 ? DK_ADDR_ROW32 : 0);
    if ((d->imm3 & DK_ADDR_ROW32) && bits == 32 && sp == WS_SPACE_SHARED && d->imm2 <= UINT32_MAX)
        d->imm3 |= DK_SHARED_WORD;
    return 1;
}

static uint32_t row_of(const kernel_facts *f, uint32_t reg) { return reg == WS_NO_REG ? WS_NO_REG : f->roff[reg]; }

static void decode_one(const ws_kernel *k, const ws_insn *code, const kernel_facts *f, uint32_t pc, ws_dinsn *d,
                       ws_dkernel *dk)
{
    const ws_insn *in = &code[pc];
    memset(d, 0, sizeof *d);
    d->guard = row_of(f, in->guard);
    d->guard_row = in->guard != WS_NO_REG ? f->rkind[in->guard] : WS_ROW_PRED;
    d->guard_neg = in->guard_neg;
    d->p = row_of(f, in->dpred);
    for (unsigned i = 0; i < 4 && i < in->nops; i++) {
        uint32_t r = is_row(&in->ops[i]) ? f->roff[in->ops[i].reg] : WS_NO_REG;
        uint32_t *slot = i == 0 ? &d->d : i == 1 ? &d->a : i == 2 ? &d->b : &d->c;
        *slot = r;
    }
    if (ws_op_moves_lanes(in->op)) {
        d->kind = ws_op_class_of(in->op) == CLS_BRANCH ? DK_BRA : DK_LEAVE;
        d->imm = in->ops[0].imm;
        return;
    }
    d->yields = ws_insn_is_strong_load(in);
    d->ends = d->yields || in->op == WS_OP_CALL;
    int fk = ws_fast_kind(in, f->rkind);
    if (fk != WS_FK_NONE) {
        d->kind = (uint8_t)fk;
        switch (fk) {
        case WS_FK_MOV32_I:
        case WS_FK_MOV64_I: d->imm = ws_fast_mov_value(in); break;
        case WS_FK_CVT_32_32:
        case WS_FK_CVT_32_64:
        case WS_FK_CVT_64_32:
        case WS_FK_CVT_64_64: {
            ws_fast_cvt c = ws_fast_cvt_of(in);
            d->imm = c.from_mask;
            d->imm2 = c.sign_bit;
            d->imm3 = c.to_mask;
            break;
        }
        default: {
            unsigned x = ws_fast_pair_operand(fk); /* selp's and mad's pair of rows or immediates */
            d->imm = x ? in->ops[x].imm : in->nops > 2 ? in->ops[2].imm : 0; /* else the _RI forms' b */
            d->imm2 = x ? in->ops[x + 1].imm : 0;
            break;
        }
        }
        return;
    }
    if (decode_mov_const(f->rkind, in, d))
        return;
    if (decode_mov_sreg(f->rkind, in)) {
        d->kind = DK_SREG;
        d->d_row = f->rkind[in->ops[0].reg];
        d->imm = in->ops[1].reg;
        return;
    }
    if (decode_cvta(f->rkind, in, d) || decode_mem(f, in, d))
        return;
    if (in->op == WS_OP_SHFL && decode_shfl(code, f, pc, &dk->shfl[dk->nshfl])) {
        d->kind = DK_SHFL_PERM;
        d->shfl = &dk->shfl[dk->nshfl++];
        if (in->dpred != WS_NO_REG && f->unread_pred[in->dpred])
            d->p = WS_NO_REG; /* a predicate nothing reads: not written */
        return;
    }
    if (in->op == WS_OP_BAR_WARP && in->nops == 1 && in->ops[0].kind == WS_OPND_IMM &&
        (uint32_t)in->ops[0].imm == 0xffffffffu) {
        d->kind = DK_WARPSYNC;
        return;
    }
    if (decode_ld_param(k, f->rkind, in)) {
        d->kind = DK_LD_PARAM;
        d->d_row = f->rkind[in->ops[0].reg];
        d->imm = in->ops[1].imm;
        d->imm2 = ws_type_bits((ws_type)in->type) / 8;
        return;
    }
    d->kind = DK_GENERAL;
}

/* A guarded forward branch at pc over a straight line [pc + 1, target) to its own reconvergence
 * point, in which nothing moves lanes, waits for lanes (collectives) or ends a stretch: when it
 * diverges in a converged warp, the scheduler would run the lanes that fall through (the lower
 * pc) alone up to target, where the taken lanes wait, and the whole warp then goes on together;
 * nothing else of the block runs in between. The run loop does the same without leaving the
 * warp converged: the fall-through lanes run the line masked, then all go on at target. */
static int skip_region(const ws_kernel *k, const ws_insn *code, const ws_dkernel *dk, const uint32_t *reconv_pc,
                       uint32_t pc)
{
    const ws_dinsn *d = &dk->insns[pc];
    uint32_t target = (uint32_t)d->imm;
    if (!reconv_pc || ws_op_class_of(code[pc].op) != CLS_BRANCH || d->guard == WS_NO_REG || target <= pc + 1 ||
        target >= k->ninsns || reconv_pc[pc] != target)
        return 0;
    for (uint32_t i = pc + 1; i < target; i++) {
        const ws_dinsn *r = &dk->insns[i];
        if (r->kind == DK_BRA || r->kind == DK_LEAVE || r->ends || (r->stops & DK_STOP_COLLECTIVE) ||
            ws_op_class_of(code[i].op) == CLS_COLLECTIVE)
            return 0;
    }
    return 1;
}

uint64_t ws_interp_bytes(const ws_kernel *k)
{
    uint32_t nshfl = 0;
    for (uint32_t i = 0; i < k->ninsns; i++)
        nshfl += k->insns[i].op == WS_OP_SHFL;
    return ((uint64_t)k->ninsns + 1) * sizeof(ws_dinsn) + (uint64_t)nshfl * sizeof(ws_dshfl) + sizeof(ws_dkernel);
}

ws_dkernel *ws_interp_decode(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *uninit_plan,
                             const uint32_t *reconv_pc, const uint32_t *roff, const uint8_t *rkind)
{
    uint32_t nshfl = 0;
    for (uint32_t i = 0; i < k->ninsns; i++)
        nshfl += code[i].op == WS_OP_SHFL;
    ws_dkernel *dk = calloc(1, sizeof *dk);
    kernel_facts f = {branch_targets(k, code),
                      zero_registers(k, code, uses, rkind),
                      unread_shfl_predicates(k, code),
                      uses,
                      roff,
                      rkind};
    if (dk) {
        dk->insns = malloc(((size_t)k->ninsns + 1) * sizeof *dk->insns);
        dk->shfl = malloc((nshfl ? nshfl : 1) * sizeof *dk->shfl);
    }
    if (!dk || !f.targets || !f.zero || !f.unread_pred || !dk->insns || !dk->shfl) {
        free(f.targets);
        free(f.zero);
        free(f.unread_pred);
        ws_interp_free(dk);
        return NULL;
    }
    for (uint32_t i = 0; i < k->ninsns; i++) {
        decode_one(k, code, &f, i, &dk->insns[i], dk);
        dk->insns[i].stops |= uninit_plan ? uninit_plan[i] : DK_STOP_UNINIT;
        if (ws_op_class_of(code[i].op) == CLS_COLLECTIVE)
            dk->insns[i].stops |= DK_STOP_COLLECTIVE;
    }
    /* where lanes may wait to reconverge: after a divergent branch (reconv_pc; NULL when out of
     * memory, and then the launch fails) and after a call (ex_call) */
    for (uint32_t i = 0; i < k->ninsns; i++) {
        if (reconv_pc && reconv_pc[i] < k->ninsns)
            dk->insns[reconv_pc[i]].stops |= DK_STOP_RECONV;
        if (code[i].op == WS_OP_CALL)
            dk->insns[i + 1].stops |= DK_STOP_RECONV; /* insns[ninsns] exists: the DK_LEAVE past the end */
    }
    for (uint32_t i = 0; i < k->ninsns; i++)
        if (dk->insns[i].kind == DK_BRA) {
            dk->insns[i].imm2 = skip_region(k, code, dk, reconv_pc, i);
            dk->insns[i].imm3 = reconv_pc ? reconv_pc[i] : UINT32_MAX;
        }
    memset(&dk->insns[k->ninsns], 0, sizeof *dk->insns);
    dk->insns[k->ninsns].kind = DK_LEAVE;
    for (uint32_t i = 0; i <= k->ninsns; i++) {
        ws_dinsn *d = &dk->insns[i];
        if (d->kind == DK_LEAVE)
            d->stops |= DK_STOP_LEAVE;
        d->disp = d->stops || d->guard != WS_NO_REG || d->kind == DK_BRA ? DK_CHECK : d->kind;
        /* an unguarded constant shuffle or warp sync goes to its handler, but in a run where a
         * stop may apply to it (a diverged group's, the uninitialised-value check's: the run
         * loop's dispatch table sends it to h_check then, interp_run.h); a reconvergence point
         * still goes through h_check (the skipped region's end) */
        if ((d->kind == DK_SHFL_PERM || d->kind == DK_WARPSYNC) && d->guard == WS_NO_REG &&
            !(d->stops & (DK_STOP_RECONV | DK_STOP_LEAVE)))
            d->disp = d->kind;
    }
    free(f.targets);
    free(f.zero);
    free(f.unread_pred);
    return dk;
}

void ws_interp_free(ws_dkernel *dk)
{
    if (!dk)
        return;
    free(dk->insns);
    free(dk->shfl);
    free(dk);
}
