/* fold: the IADD3, LOP3 and 3-input min/max ptxas forms, the values it reuses, and its REDUX copies (fold.h). */
#include "fold.h"
#include "cfg.h"
#include "liveness.h"
#include "narrow.h"

#include <stdlib.h>

void ws_fold_free(ws_fold *f)
{
    free(f->kind);
    free(f->holds);
    free(f->same);
    free(f->fixup_read);
    free(f->mufu_less);
    free(f->pack);
    free(f->pack_next);
    f->kind = f->holds = f->fixup_read = f->mufu_less = f->pack = f->pack_next = NULL;
    f->same = NULL;
}

enum { FAMILY_NONE, FAMILY_ADD, FAMILY_LOGIC, FAMILY_MINMAX };

/* A tree of fewer nodes is what pairwise folding makes of it already. */
enum { TREE_MIN = 3 };

/* Whether ptxas has a 3-input min/max of the type: VIMNMX3 for 16- and 32-bit integers and pairs
 * of them, VHMNMX for halves and pairs of halves; f32 (FMNMX) and f64 have none, nor the 64-bit
 * integers (ISETP + SEL), and .ftz/.NaN keep HMNMX2 (ptxas 13.0 -arch=sm_90 on chains of each,
 * docs/calibration.md "3-input min/max, one activemask a block, the MEMBAR's stall"). */
static int has_minmax3(const ws_insn *in)
{
    ws_type t = (ws_type)in->type;
    if (in->mods & (WS_MOD_FTZ | WS_MOD_NAN))
        return 0;
    if (ws_type_is_half(t) || ws_type_is_packed_int(t))
        return 1;
    return !ws_type_is_float(t) && (ws_type_bits(t) == 16 || ws_type_bits(t) == 32);
}

/* Which 3-input SASS op the instruction can be half of: a 32-bit integer add or sub (IADD3), a
 * 32-bit and/or/xor (LOP3), or a min or max with a 3-input form (has_minmax3); unguarded,
 * without .sat or .cc, of registers and immediates. A 64-bit add whose low half alone is read
 * (narrow: its WS_NARROW_*, narrow.h) is a 32-bit one. */
static int family_of(const ws_insn *in, unsigned narrow)
{
    ws_type t = (ws_type)in->type;
    if (in->guard != WS_NO_REG || in->nops != 3 || (in->mods & (WS_MOD_SAT | WS_MOD_CC)) || in->ops[0].kind != WS_OPND_REG)
        return FAMILY_NONE;
    for (unsigned i = 1; i < 3; i++)
        if (in->ops[i].kind != WS_OPND_REG && in->ops[i].kind != WS_OPND_IMM)
            return FAMILY_NONE;
    if (in->op == WS_OP_MIN || in->op == WS_OP_MAX)
        return has_minmax3(in) ? FAMILY_MINMAX : FAMILY_NONE;
    if (ws_type_is_float(t) || (narrow == WS_NARROW_LOW_ONLY ? 32 : ws_type_bits(t)) != 32)
        return FAMILY_NONE;
    switch (in->op) {
    case WS_OP_ADD:
    case WS_OP_SUB: return FAMILY_ADD;
    case WS_OP_AND:
    case WS_OP_OR:
    case WS_OP_XOR: return FAMILY_LOGIC;
    default: return FAMILY_NONE;
    }
}

/* Whether b can take a (its source) into one 3-input op: adds with subs into an IADD3, any two
 * logic ops into a LOP3 (its table is any function of three inputs), but a min only with a min and
 * a max with a max, of one type and modifiers (VIMNMX3 / VHMNMX pick one of the two by a
 * predicate: a min then a max stay two VIMNMX, ptxas 13.0). */
static int merges(const ws_insn *a, unsigned narrow_a, const ws_insn *b, unsigned narrow_b)
{
    int fam = family_of(a, narrow_a);
    if (fam == FAMILY_NONE || family_of(b, narrow_b) != fam)
        return 0;
    return fam != FAMILY_MINMAX || (a->op == b->op && a->type == b->type && a->mods == b->mods);
}

/* Whether reg may be read at pc or after (live: ws_live_in's rows of words words, NULL when not known: it may). */
static int maybe_live(const uint64_t *live, uint32_t words, uint32_t pc, uint32_t reg)
{
    return !live || ws_live_has(&live[(size_t)pc * words], reg);
}

/* The one instruction that reads the value pc writes to reg, in pc's block: UINT32_MAX when none
 * or several do, or when the value may be read in another block (it is live at the block's end
 * and the register is written or read elsewhere; live: ws_live_in's rows, or NULL: the register
 * counts alone). */
static uint32_t only_reader(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block,
                            const uint32_t *reads, const uint32_t *written, const uint64_t *live, uint32_t words,
                            uint32_t pc, uint32_t reg)
{
    uint32_t reader = UINT32_MAX, n = 0, j;
    for (j = pc + 1; j < k->ninsns && block[j] == block[pc]; j++) {
        if (ws_reg_use_reads(&uses[j], reg))
            reader = n++ ? UINT32_MAX : j;
        if (code[j].guard == WS_NO_REG && ws_reg_use_writes(&uses[j], reg))
            return n == 1 ? reader : UINT32_MAX; /* the value ends here */
    }
    if (n == 1 && live && !maybe_live(live, words, j, reg))
        return reader; /* no path from the block's end reads it */
    return n == 1 && reads[reg] == 1 && written[reg] == 1 ? reader : UINT32_MAX;
}

/* A cvt that is a register of its source in SASS: a 64-bit integer's low register (cvt.u32.u64), or
 * a widening whose low half alone is read (narrow.h WS_NARROW_LOW_REG). */
static int renames(const ws_insn *in, unsigned narrow)
{
    ws_type to = (ws_type)in->type, from = (ws_type)in->type2;
    if (in->op != WS_OP_CVT || in->guard != WS_NO_REG || in->ops[1].kind != WS_OPND_REG || (in->mods & WS_MOD_SAT) ||
        ws_type_is_float(to) || ws_type_is_float(from))
        return 0;
    return narrow == WS_NARROW_LOW_REG || (ws_type_bits(to) == 32 && ws_type_bits(from) == 64);
}

/* The add or logic op that reads the value pc writes, in pc's block, through the renames between
 * (only_reader of each): the next add of bench_conv[6]'s chain reads the last one's low register. */
static uint32_t next_op(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *narrow,
                        const uint32_t *block, const uint32_t *reads, const uint32_t *written, uint32_t pc)
{
    uint32_t j = only_reader(k, code, uses, block, reads, written, NULL, 0, pc, code[pc].ops[0].reg);
    while (j != UINT32_MAX && renames(&code[j], narrow[j]) && code[j].ops[0].reg < k->nregs)
        j = only_reader(k, code, uses, block, reads, written, NULL, 0, j, code[j].ops[0].reg);
    return j;
}

/* The registers that hold a constant: one write in the kernel, a mov of an immediate (value). */
typedef struct {
    uint8_t *known;
    uint64_t *value;
} reg_constants;

/* Whether source operand i of in is a constant (an immediate or a constant register), into *c. */
static int constant_operand(const ws_insn *in, unsigned i, const reg_constants *kc, uint32_t nregs, uint64_t *c)
{
    const ws_operand *o = &in->ops[i];
    if (o->kind == WS_OPND_IMM)
        *c = o->imm;
    else if (o->kind == WS_OPND_REG && o->reg < nregs && kc->known[o->reg])
        *c = kc->value[o->reg];
    else
        return 0;
    return 1;
}

enum { NOT_CONSTANT, ADDS_CONSTANT, ADDS_ONE };

/* An add or sub of a constant to the value the chain carries (operand 1, or 2 when 1 is constant):
 * ADDS_ONE for a 64-bit add narrowed to its low half (narrow.h) whose constant's low half is 1. */
static int adds_constant(const ws_insn *in, unsigned narrow, const reg_constants *kc, uint32_t nregs)
{
    uint64_t c = 0;
    if ((in->op != WS_OP_ADD && in->op != WS_OP_SUB) ||
        !(constant_operand(in, 2, kc, nregs, &c) || (in->op == WS_OP_ADD && constant_operand(in, 1, kc, nregs, &c))))
        return NOT_CONSTANT;
    return in->op == WS_OP_ADD && narrow == WS_NARROW_LOW_ONLY && (uint32_t)c == 1 ? ADDS_ONE : ADDS_CONSTANT;
}

/* ptxas sums the constants of a chain of dependent adds of constants: one add for the chain
 * (tests/calibration/sass/adds_chain.sass.xz, local ptxas: 16 `add.u32 %r, %r, 5` are one
 * `IADD3 R5, R0, 0x50, RZ`; so are 16 of 1, 16 subs, 16 adds of a constant register, and 16
 * narrowed cvt.s64.s32 + add.s64 of 0x100000005 or 7). Narrowed 64-bit adds of a constant whose
 * low half is 1 (ADDS_ONE) are the exception: four increments to an `IADD3.X R, R, 0x2, RZ, PT, PT`
 * (the immediate and two carry-ins), one after another (bench_conv.sass, bench_conv[6]'s 64 steps by
 * 0x100000001: 16 of them; local ptxas the same for 1, 0x200000001 and 0xffffffff00000001). */
enum { INCREMENT_GROUP = 4, MERGED_MAX = 255 };

/* IADD3 / LOP3 / VIMNMX3 / VHMNMX: instruction pc (not yet a 3-input op itself) whose value one
 * instruction it merges with reads, in the same block, that is not a 3-input op yet either; a chain of adds of constants
 * is one add, increments four to an IADD3.X (merged: how many PTX ops an instruction stands for). */
static void fold_alu(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *narrow,
                     const uint32_t *block, const uint32_t *reads, const uint32_t *written, const reg_constants *kc,
                     uint8_t *host, uint8_t *merged, ws_fold *f)
{
    for (uint32_t pc = 0; pc < k->ninsns; pc++)
        merged[pc] = 1;
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        int fam = family_of(&code[pc], narrow[pc]);
        uint32_t r = code[pc].ops[0].reg;
        if (fam == FAMILY_NONE || host[pc] || r >= k->nregs)
            continue;
        uint32_t j = next_op(k, code, uses, narrow, block, reads, written, pc);
        if (j != UINT32_MAX && merges(&code[pc], narrow[pc], &code[j], narrow[j]) && !host[j]) {
            f->kind[pc] = WS_FOLD_ALU;
            int a = fam == FAMILY_ADD ? adds_constant(&code[pc], narrow[pc], kc, k->nregs) : NOT_CONSTANT,
                b = fam == FAMILY_ADD ? adds_constant(&code[j], narrow[j], kc, k->nregs) : NOT_CONSTANT;
            merged[j] = (uint8_t)(merged[pc] < MERGED_MAX ? merged[pc] + 1 : MERGED_MAX);
            host[j] = a == NOT_CONSTANT || b == NOT_CONSTANT ||
                      ((a == ADDS_ONE || b == ADDS_ONE) && merged[j] >= INCREMENT_GROUP);
        }
    }
}

/* A scalar ld.shared, unguarded, not volatile, of no memory order: what a later load of the same address can reuse. */
static int plain_shared_load(const ws_insn *in)
{
    return in->op == WS_OP_LD && in->space == WS_SPACE_SHARED && in->guard == WS_NO_REG &&
           !(in->mods & (WS_MOD_VOLATILE | WS_MOD_CALLPARAM)) && !in->sem && in->vec == 1 && in->nops == 2 &&
           in->ops[0].kind == WS_OPND_REG && in->ops[1].kind == WS_OPND_ADDR;
}

/* Whether instruction j may change what a shared load reads: a memory access that writes
 * (st, atom, red, ...: every memory op but ld and ldu), a fence or membar. */
static int may_write_memory(const ws_insn *in)
{
    if (ws_op_is_memory(in->op))
        return in->op != WS_OP_LD && in->op != WS_OP_LDU;
    return ws_op_class_of(in->op) == CLS_ORDER;
}

/* Loads ptxas does not issue: a shared load of the address an earlier load of its block read, of
 * the same type, with nothing between them that writes memory or changes the address's register
 * or the earlier load's destination. ptxas keeps the first value in its register and reads that
 * (time_cub_block_scan_raking_exclusivesum_int_b1024.sass: the raking thread's 32 elements are
 * read once, 32 LDS, where the PTX reads them again after the warp scan to add the prefix and
 * store them: the downsweep's IMAD.IADDs read the registers of the upsweep's LDS). */
static void fold_loads(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block, ws_fold *f)
{
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        if (!plain_shared_load(in) || f->kind[pc] != WS_FOLD_NONE)
            continue;
        const ws_operand *a = &in->ops[1];
        for (uint32_t j = pc + 1; j < k->ninsns && block[j] == block[pc]; j++) {
            const ws_insn *ij = &code[j];
            if (may_write_memory(ij) || (a->reg != WS_NO_REG && ws_reg_use_writes(&uses[j], a->reg)))
                break;
            if (plain_shared_load(ij) && f->kind[j] == WS_FOLD_NONE && ij->type == in->type &&
                ij->ops[1].reg == a->reg && ij->ops[1].sym == a->sym && ij->ops[1].imm == a->imm) {
                f->kind[j] = WS_FOLD_SAME;
                f->same[j] = in->ops[0].reg;
            }
            if (ws_reg_use_writes(&uses[j], in->ops[0].reg))
                break; /* the first value is gone (a load just folded took it over) */
        }
    }
}

/* WS_FOLD_SAME for activemask: ptxas computes a block's activemask once and every later unguarded
 * one of the block is that value (bench_redux.sass region 11: the PTX's 64 `activemask.b32 %r46` are
 * one VOTE.ANY R5 that the 32 IADD3 read; probe_lanemask's two in its last block one VOTE.ANY R10).
 * ptxas works on values, not the PTX's registers: it keeps the value when the first one's register
 * is written again, but a guarded activemask is a VOTE.ANY of its own (ptxas 13.0 -arch=sm_90). The
 * value is ready when the register that last held it was (same); with none holding it any more,
 * at once (the first's VOTE.ANY is long done). Within a block the lanes that run are those that ran
 * the first. */
static void fold_activemask(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block,
                            ws_fold *f)
{
    int seen = 0;
    uint32_t holder = WS_NO_REG;
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        if (pc > 0 && block[pc] != block[pc - 1])
            seen = 0, holder = WS_NO_REG;
        int mask = in->op == WS_OP_ACTIVEMASK && in->guard == WS_NO_REG && in->ops[0].kind == WS_OPND_REG;
        if (mask && seen && f->kind[pc] == WS_FOLD_NONE) {
            f->kind[pc] = WS_FOLD_SAME;
            f->same[pc] = holder;
        } else if (holder != WS_NO_REG && ws_reg_use_writes(&uses[pc], holder))
            holder = WS_NO_REG;
        if (mask) {
            seen = 1;
            holder = in->ops[0].reg;
        }
    }
}

/* The tree ptxas makes of an associative chain (fold.h): nodes of one and/or/xor op, each read by
 * another node of the tree alone (its parent), at least one leaf a shuffle's or a load's value. */
static void fold_tree(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *narrow,
                      const uint32_t *block, const uint32_t *reads, const uint32_t *written, uint8_t *host, ws_fold *f,
                      uint32_t *root)
{
    uint32_t n = k->ninsns, *parent = root + n, *size = root + 2 * n, *last = root + 3 * n;
    for (uint32_t pc = 0; pc < n; pc++) {
        parent[pc] = UINT32_MAX;
        size[pc] = 0;
        uint32_t r = code[pc].ops[0].reg;
        if (family_of(&code[pc], narrow[pc]) != FAMILY_LOGIC || r >= k->nregs)
            continue;
        uint32_t j = only_reader(k, code, uses, block, reads, written, NULL, 0, pc, r);
        if (j != UINT32_MAX && family_of(&code[j], narrow[j]) == FAMILY_LOGIC && code[j].op == code[pc].op)
            parent[pc] = j;
    }
    for (uint32_t pc = n; pc-- > 0;) /* a parent comes after its children */
        root[pc] = parent[pc] == UINT32_MAX ? pc : root[parent[pc]];
    for (uint32_t r = 0; r < k->nregs; r++)
        last[r] = UINT32_MAX;
    uint8_t *slow = host + n + 1; /* per root: a leaf from a shuffle or a load */
    for (uint32_t pc = 0; pc < n; pc++) {
        if (family_of(&code[pc], narrow[pc]) == FAMILY_LOGIC) {
            size[root[pc]]++;
            for (uint32_t i = 0; i < uses[pc].nsrc; i++) {
                uint32_t w = uses[pc].src[i] < k->nregs ? last[uses[pc].src[i]] : UINT32_MAX;
                if (w != UINT32_MAX && block[w] == block[pc] && (code[w].op == WS_OP_SHFL || code[w].op == WS_OP_LD))
                    slow[root[pc]] = 1;
            }
        }
        for (uint32_t i = 0; i < uses[pc].ndst; i++)
            if (uses[pc].dst[i] < k->nregs)
                last[uses[pc].dst[i]] = pc;
    }
    for (uint32_t pc = 0; pc < n; pc++) {
        uint32_t r = root[pc];
        if (family_of(&code[pc], narrow[pc]) != FAMILY_LOGIC || size[r] < TREE_MIN || !slow[r])
            continue;
        host[pc] = 1; /* pairwise folding leaves the tree alone */
        if (pc != r)
            f->kind[pc] = WS_FOLD_ALU;
    }
}

/* The LOP3s ptxas makes of a block's logic ops, with xor's algebra (fold.h, preset fold.xor 1). Each
 * logic op x = p OP q has a basis: the values (a block's earlier defs, registers live into the block,
 * immediates) its LOP3 reads, at most three. An operand y of x is expanded into y's own basis when y
 * is a logic op of the block and either both are xors (a ^ b ^ b is a: ptxas cancels, and an xor read
 * by several xors is recomputed in each) or x reads y alone (pairwise folding's rule); two xor
 * bases combine as a symmetric difference, anything else as a union. x takes the first of: both
 * operands expanded, the earlier one expanded, the later one, neither, with at most three values.
 * An op is issued when a value that is issued, or another instruction, reads it as such, when it may
 * be live after its block, or when nothing reads it; the others are WS_FOLD_ALU. */
enum { XOR_BASIS = 3, NOT_NODE = 0xff };

typedef struct {
    uint64_t id[2 * XOR_BASIS];
    unsigned n;
    int pure; /* an xor of its values (a ^ b ^ c), so that a value twice cancels */
} xor_set;

/* a and b combined into *out (an xor's: symmetric difference, when both are pure; otherwise union).
 * Returns out->n, or XOR_BASIS + 1 when more than XOR_BASIS values. */
static unsigned xor_combine(const xor_set *a, const xor_set *b, int xor_op, xor_set *out)
{
    int cancel = xor_op && a->pure && b->pure;
    out->n = 0;
    out->pure = cancel;
    for (unsigned i = 0; i < a->n; i++)
        out->id[out->n++] = a->id[i];
    for (unsigned i = 0; i < b->n; i++) {
        unsigned j = 0;
        while (j < out->n && out->id[j] != b->id[i])
            j++;
        if (j == out->n)
            out->id[out->n++] = b->id[i];
        else if (cancel)
            out->id[j] = out->id[--out->n];
    }
    return out->n <= XOR_BASIS ? out->n : XOR_BASIS + 1;
}

/* fold_xor's block_rules: 0 (fold.xor 1), XOR_BLOCK_ALL (2: the block's constants and its liveness after it), or
 * XOR_BLOCK_LOADS (3: the liveness, and the constants only where the op's other value is a load's, fold.h). */
enum { XOR_BLOCK_ALL = 1, XOR_BLOCK_LOADS = 2 };

/* Whether operand i of logic op `in` is a register whose last write in its block blk (lastw, lastb: per register) is
 * a load (ld, not a shuffle): fold.xor 3's test for its other operand. */
static int loaded(const ws_insn *in, const ws_insn *code, unsigned i, const uint32_t *lastw, const uint32_t *lastb,
                  uint32_t blk, uint32_t nregs)
{
    const ws_operand *o = &in->ops[i];
    return o->kind == WS_OPND_REG && o->reg < nregs && lastb[o->reg] == blk && lastw[o->reg] != UINT32_MAX &&
           ws_op_class_of(code[lastw[o->reg]].op) == CLS_LOAD;
}

/* Whether operand i of logic op `in` is its op's identity (0 for or and xor, all ones for and): an immediate, or a
 * register whose last write in its block blk (lastw, lastb: per register) is an unguarded mov of an immediate. ptxas
 * propagates the constant: `mov.u32 %r19, 0; xor.b32 %r19, %r19, %r13` is no instruction (probe_bar_release's
 * SASS, tests/calibration/device-2026-12-03-mio15.tar.xz: the ISETP reads the LDS's register). */
static int is_identity(const ws_insn *in, const ws_insn *code, unsigned i, const uint32_t *lastw, const uint32_t *lastb,
                       uint32_t blk, const reg_constants *held, int block_rules, uint32_t nregs)
{
    const ws_operand *o = &in->ops[i];
    uint64_t c;
    if (block_rules == XOR_BLOCK_LOADS) /* fold.xor 3: the block's constants only beside a load's value */
        block_rules = loaded(in, code, 3 - i, lastw, lastb, blk, nregs);
    if (o->kind == WS_OPND_IMM)
        c = o->imm;
    else if (block_rules && o->kind == WS_OPND_REG && o->reg < nregs && held->known[o->reg])
        c = held->value[o->reg];
    else if (!block_rules && o->kind == WS_OPND_REG && o->reg < nregs && lastb[o->reg] == blk &&
             lastw[o->reg] != UINT32_MAX && code[lastw[o->reg]].op == WS_OP_MOV &&
             code[lastw[o->reg]].guard == WS_NO_REG && code[lastw[o->reg]].ops[1].kind == WS_OPND_IMM)
        c = code[lastw[o->reg]].ops[1].imm;
    else
        return 0;
    return (uint32_t)c == (in->op == WS_OP_AND ? UINT32_MAX : 0);
}

/* The constant each register holds at pc in its basic block (between labels, across the bar.syncs and clock reads that
 * end fold's blocks), after pc's writes: an unguarded mov of an immediate, or of a register that holds one, makes its
 * destination hold it; any other write, and a label, ends it. ptxas propagates the constant:
 * bench_mio_w1's `mov.u32 %r193, 0` before the region's bar.sync and clock read, the region's
 * `mov.u32 %r194, %r193` ... `mov.u32 %r200, %r193`, then each accumulator's `xor.b32 %r193, %r193, %r185`: the
 * first LOP3 of each accumulator reads three loads (bench_mio_w1.sass 0x1ec0 `LOP3.LUT R87, R4, R0, R15, 0x96`:
 * the loads at 0x1d10, 0x1d90, 0x1e10), docs/calibration.md "(tree15)". */
static void hold_constants(const ws_insn *in, const ws_reg_use *u, uint32_t nregs, reg_constants *held,
                           uint32_t *written_at, uint32_t *nwritten)
{
    int imm = in->op == WS_OP_MOV && in->guard == WS_NO_REG && in->ops[1].kind == WS_OPND_IMM,
        copy = in->op == WS_OP_MOV && in->guard == WS_NO_REG && in->ops[1].kind == WS_OPND_REG &&
               in->ops[1].reg < nregs && held->known[in->ops[1].reg];
    uint64_t v = imm ? in->ops[1].imm : copy ? held->value[in->ops[1].reg] : 0;
    for (uint32_t i = 0; i < u->ndst; i++) {
        uint32_t r = u->dst[i];
        if (r >= nregs)
            continue;
        held->known[r] = (uint8_t)((imm || copy) && u->ndst == 1);
        held->value[r] = v;
        if (held->known[r])
            written_at[(*nwritten)++] = r;
    }
}

static int fold_xor(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *narrow,
                    const uint8_t *leader, const uint32_t *block, const uint32_t *reads, const uint32_t *written,
                    int block_rules, uint8_t *host, ws_fold *f)
{
    uint32_t n = k->ninsns, words = 0;
    /* what is read after a block: without it (too large a kernel), a register written or read elsewhere may be */
    uint64_t *live = block_rules ? ws_live_in(k, code, uses, &words) : NULL;
    uint32_t *lastw = malloc((2 * (size_t)k->nregs + n + 1) * sizeof *lastw), *lastb = lastw + k->nregs,
             *nreads = lastb + k->nregs; /* per register: its last write in the block so far; per def: its reads */
    uint8_t *count = malloc((size_t)n + 1), *pure = calloc((size_t)n + 1, 1), *need = calloc((size_t)n + 1, 1),
            *copy = calloc((size_t)n + 1, 1); /* an op with an identity operand: a copy of its one value */
    uint64_t *basis = malloc(((size_t)n * XOR_BASIS + 1) * sizeof *basis),
             *src = malloc(2 * ((size_t)n + 1) * sizeof *src);
    reg_constants held = {calloc((size_t)k->nregs + 1, 1), malloc(((size_t)k->nregs + 1) * sizeof(uint64_t))};
    uint32_t *held_at = malloc(((size_t)n + 1) * sizeof *held_at), nheld = 0; /* the registers known, to forget */
    int barred = 0; /* fold.xor 3: a bar.sync since the last label */
    if (!lastw || !count || !pure || !need || !copy || !basis || !src || !held.known || !held.value || !held_at) {
        free(lastw), free(count), free(pure), free(need), free(copy), free(basis), free(src);
        free(held.known), free(held.value), free(held_at), free(live);
        return -1;
    }
    /* A value's id: a logic op's, its pc; a register's value from before the block, an immediate operand, another
     * instruction's destination register, each its own (a vector load writes several). */
    const uint64_t live_in = 1ull << 62, imm = 2ull << 62, other = 3ull << 62;
    for (uint32_t r = 0; r < k->nregs; r++)
        lastw[r] = lastb[r] = UINT32_MAX;
    for (uint32_t pc = 0; pc < n; pc++) {
        const ws_insn *in = &code[pc];
        int node = family_of(in, narrow[pc]) == FAMILY_LOGIC && !host[pc] && in->ops[0].reg < k->nregs;
        count[pc] = NOT_NODE;
        nreads[pc] = 0;
        /* fold.xor 3: after a bar.sync, to the next label, fold.xor 1's constants (those of its own fold block) */
        barred = block_rules == XOR_BLOCK_LOADS && !leader[pc] &&
                 (barred || ((in->op == WS_OP_BAR || in->op == WS_OP_BARRIER) && !(in->mods & WS_MOD_ARRIVE)));
        for (; (leader[pc] || barred) && nheld > 0; nheld--) /* a label: the constants are not known there */
            held.known[held_at[nheld - 1]] = 0;
        int rules_here = barred ? 0 : block_rules;
        for (unsigned i = 1; node && i < 3; i++) { /* the operands' ids */
            const ws_operand *o = &in->ops[i];
            uint32_t d =
                o->kind == WS_OPND_REG && o->reg < k->nregs && lastb[o->reg] == block[pc] ? lastw[o->reg] : UINT32_MAX;
            src[2 * pc + i - 1] = o->kind == WS_OPND_IMM ? imm | (3 * (uint64_t)pc + i)
                                  : d == UINT32_MAX      ? live_in | o->reg
                                  : count[d] != NOT_NODE ? d
                                                         : other | (uint64_t)d << 32 | o->reg;
        }
        for (uint32_t i = 0; i < uses[pc].nsrc; i++) { /* a def read other than as a node's operand is issued */
            uint32_t r = uses[pc].src[i];
            uint32_t d = r < k->nregs && lastb[r] == block[pc] ? lastw[r] : UINT32_MAX;
            if (d != UINT32_MAX) {
                nreads[d]++;
                if (!node)
                    need[d] = 1;
            }
        }
        if (node) {
            xor_set e[2], best;
            int xo = in->op == WS_OP_XOR, alone[2] = {0, 0}, identity = 0;
            for (unsigned i = 0; i < 2; i++) {
                uint64_t y = src[2 * pc + i];
                e[i].n = 1, e[i].id[0] = y, e[i].pure = 1;
                if (is_identity(in, code, i + 1, lastw, lastb, block[pc], &held, rules_here, k->nregs)) {
                    e[i].n = 0, identity = 1; /* x ^ 0, x | 0, x & ~0: x */
                    continue;
                }
                if (y >= n || count[y] == NOT_NODE)
                    continue;
                alone[i] = only_reader(k, code, uses, block, reads, written, live, words, (uint32_t)y,
                                       code[y].ops[0].reg) == pc;
                if (alone[i] || (xo && code[y].op == WS_OP_XOR)) {
                    e[i].n = count[y], e[i].pure = pure[y];
                    for (unsigned j = 0; j < count[y]; j++)
                        e[i].id[j] = basis[(size_t)y * XOR_BASIS + j];
                }
            }
            xor_set plain[2] = {{{src[2 * pc]}, 1, 1}, {{src[2 * pc + 1]}, 1, 1}};
            int later = src[2 * pc + 1] < src[2 * pc]; /* expand the earlier def first, as pairwise folding */
            if (xor_combine(&e[0], &e[1], xo, &best) > XOR_BASIS &&
                !(alone[later] && xor_combine(&e[later], &plain[!later], xo, &best) <= XOR_BASIS) &&
                !(alone[!later] && xor_combine(&plain[later], &e[!later], xo, &best) <= XOR_BASIS))
                xor_combine(&plain[0], &plain[1], xo, &best);
            count[pc] = (uint8_t)best.n;
            pure[pc] = (uint8_t)best.pure;
            copy[pc] = identity && best.n == 1;
            for (unsigned j = 0; j < best.n; j++)
                basis[(size_t)pc * XOR_BASIS + j] = best.id[j];
        }
        if (rules_here)
            hold_constants(in, &uses[pc], k->nregs, &held, held_at, &nheld);
        for (uint32_t i = 0; i < uses[pc].ndst; i++) {
            uint32_t r = uses[pc].dst[i];
            if (r >= k->nregs)
                continue;
            if (in->guard != WS_NO_REG && lastb[r] == block[pc] && lastw[r] != UINT32_MAX)
                need[lastw[r]] = 1; /* the earlier value may stay */
            lastw[r] = pc, lastb[r] = block[pc];
        }
        if (pc + 1 == n || block[pc + 1] != block[pc]) /* the block's last values may be read after it */
            for (uint32_t j = pc + 1; j-- > 0 && block[j] == block[pc];)
                if (count[j] != NOT_NODE && lastw[code[j].ops[0].reg] == j &&
                    !(written[code[j].ops[0].reg] == 1 && reads[code[j].ops[0].reg] == nreads[j]) &&
                    maybe_live(live, words, pc + 1, code[j].ops[0].reg))
                    need[j] = 1;
    }
    for (uint32_t pc = n; pc-- > 0;) {
        if (count[pc] == NOT_NODE)
            continue;
        host[pc] = 1;                                    /* fold_alu leaves logic ops to this */
        if ((!need[pc] && nreads[pc] > 0) || copy[pc]) { /* one nothing reads is issued, as a pair's first op is */
            f->kind[pc] = WS_FOLD_ALU;
            if (!copy[pc])
                continue;
        }
        for (unsigned j = 0; j < count[pc]; j++)
            if (basis[(size_t)pc * XOR_BASIS + j] < n)
                need[basis[(size_t)pc * XOR_BASIS + j]] = 1;
    }
    free(lastw), free(count), free(pure), free(need), free(copy), free(basis), free(src);
    free(held.known), free(held.value), free(held_at), free(live);
    return 0;
}

/* A 32-bit mul.lo, or a shl.b32 by an immediate below 32 (a multiply by a power of two), unguarded, of registers
 * and immediates: what ptxas folds into the add that reads it (fold_imad). */
static int multiplies(const ws_insn *in)
{
    if (in->guard != WS_NO_REG || in->nops != 3 || in->ops[0].kind != WS_OPND_REG ||
        (in->mods & (WS_MOD_SAT | WS_MOD_CC)) || ws_type_is_float((ws_type)in->type) ||
        ws_type_bits((ws_type)in->type) != 32)
        return 0;
    for (unsigned i = 1; i < 3; i++)
        if (in->ops[i].kind != WS_OPND_REG && in->ops[i].kind != WS_OPND_IMM)
            return 0;
    if (in->op == WS_OP_SHL)
        return in->ops[2].kind == WS_OPND_IMM && in->ops[2].imm < 32;
    return in->op == WS_OP_MUL && in->sub == WS_MUL_LO;
}

/* IMAD and LEA: a mul.lo or a shl by an immediate whose value one 32-bit add or sub of its block reads, that add not
 * a 3-input op already (fold_alu), is one SASS op with it: IMAD a * b + c (a shl: a * 2^k + c, or LEA, which ptxas
 * picks as it balances the pipes). BlockReduce raking<int, 1024>'s `mul.lo.s32 %r9, %r8, 17; sub.s32 %r10, %r7, %r9`
 * is `IMAD R4, R3, -0x11, R4`, its `shl.b32 %r13, %r12, 2; add.s32 %r15, %r14, %r13` `IMAD R6, R4, 0x4, R15`
 * (time_cub_block_reduce_raking_sum_int_b1024.sass). The mul is free
 * (WS_FOLD_ALU); the add of a mul.lo is an IMAD (WS_FOLD_IMAD: the IMAD pipe), of a shl an add (IMAD or LEA). */
static void fold_imad(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *narrow,
                      const uint32_t *block, const uint32_t *reads, const uint32_t *written, uint8_t *host,
                      const uint8_t *merged, ws_fold *f)
{
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        if (!multiplies(&code[pc]) || f->kind[pc] != WS_FOLD_NONE || code[pc].ops[0].reg >= k->nregs)
            continue;
        uint32_t j = next_op(k, code, uses, narrow, block, reads, written, pc);
        if (j == UINT32_MAX || family_of(&code[j], narrow[j]) != FAMILY_ADD || host[j] || merged[j] != 1 ||
            f->kind[j] != WS_FOLD_NONE)
            continue;
        f->kind[pc] = WS_FOLD_ALU;
        host[j] = 1;
        if (code[pc].op == WS_OP_MUL)
            f->kind[j] = WS_FOLD_IMAD;
    }
}

/* WS_FOLD_DEAD (fold.dead): an ALU instruction (no memory, no control, no other lane, no clock read), unfolded, an
 * add folded into its reader (WS_FOLD_ALU) or the add of a mul.lo's IMAD (WS_FOLD_IMAD), whose registers no live instruction reads: ptxas drops it (probe_cold17's dead mul.lo + 7 adds: no IMAD
 * of them in the SASS). Liveness by register, once a kernel: a register's reads are counted over the whole code (the
 * guard is a read), an instruction all of whose destinations have no reads left is dead, and its reads are taken off,
 * until nothing moves (a chain from its end back). A register read anywhere live keeps every write of it. */
static int fold_dead(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, ws_fold *f)
{
    uint32_t n = k->ninsns, *reads = calloc((size_t)k->nregs + 1, sizeof *reads);
    uint8_t *dead = calloc((size_t)n + 1, 1);
    if (!reads || !dead) {
        free(reads);
        free(dead);
        return -1;
    }
    for (uint32_t pc = 0; pc < n; pc++)
        for (uint32_t i = 0; i < uses[pc].nsrc; i++)
            if (uses[pc].src[i] < k->nregs)
                reads[uses[pc].src[i]]++;
    for (int moved = 1; moved;) {
        moved = 0;
        for (uint32_t pc = n; pc-- > 0;) {
            const ws_insn *in = &code[pc];
            if (dead[pc] || ws_op_class_of(in->op) != CLS_ALU || ws_insn_reads_clock(in) || !uses[pc].ndst ||
                (f->kind[pc] != WS_FOLD_NONE && f->kind[pc] != WS_FOLD_ALU && f->kind[pc] != WS_FOLD_IMAD))
                continue;
            int unread = 1;
            for (uint32_t i = 0; unread && i < uses[pc].ndst; i++)
                unread = uses[pc].dst[i] < k->nregs && !reads[uses[pc].dst[i]];
            if (!unread)
                continue;
            dead[pc] = 1;
            moved = 1;
            for (uint32_t i = 0; i < uses[pc].nsrc; i++)
                if (uses[pc].src[i] < k->nregs)
                    reads[uses[pc].src[i]]--;
        }
    }
    for (uint32_t pc = 0; pc < n; pc++)
        if (dead[pc])
            f->kind[pc] = WS_FOLD_DEAD;
    free(reads);
    free(dead);
    return 0;
}

/* WS_FOLD_HOIST (fold.h): an unguarded setp of registers and immediates right after a bar.sync
 * (not .arrive), not a block's first instruction. */
static void fold_hoist(const ws_kernel *k, const ws_insn *code, const uint8_t *leader, ws_fold *f)
{
    for (uint32_t pc = 1; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        int plain = in->op == WS_OP_SETP && in->guard == WS_NO_REG && !leader[pc] &&
                    (code[pc - 1].op == WS_OP_BAR || code[pc - 1].op == WS_OP_BARRIER) &&
                    !(code[pc - 1].mods & WS_MOD_ARRIVE);
        for (unsigned i = 1; plain && i < in->nops; i++)
            plain = in->ops[i].kind == WS_OPND_REG || in->ops[i].kind == WS_OPND_IMM;
        if (plain && f->kind[pc] == WS_FOLD_NONE)
            f->kind[pc] = WS_FOLD_HOIST;
    }
}

/* A div.full or div.approx .f32 by a register: ptxas computes it as MUFU.RCP of the divisor (with
 * its range fix-up) and FMULs of the dividend by that reciprocal, so the reciprocal of a divisor
 * that does not change is computed once (bench_div.sass). FTZ and the two forms each have their
 * own fix-up, so only a division of the same form shares it. */
static int reciprocal_div(const ws_insn *in)
{
    return in->op == WS_OP_DIV && in->type == WS_T_F32 && (in->mods & (WS_MOD_FULL | WS_MOD_APPROX)) && in->nops == 3 &&
           in->ops[2].kind == WS_OPND_REG;
}

static int same_form(const ws_insn *a, const ws_insn *b)
{
    uint32_t m = WS_MOD_FULL | WS_MOD_APPROX | WS_MOD_FTZ;
    return (a->mods & m) == (b->mods & m) && a->ops[2].reg == b->ops[2].reg;
}

/* Whether some instruction in [from, to] writes reg (guarded or not). */
static int written_in(const ws_reg_use *uses, uint32_t from, uint32_t to, uint32_t reg)
{
    for (uint32_t j = from; j <= to; j++)
        if (ws_reg_use_writes(&uses[j], reg))
            return 1;
    return 0;
}

/* WS_FOLD_RCP (fold.h): a reciprocal division whose reciprocal ptxas has computed before it, so
 * that only its FMULs are left: its divisor is not written in the innermost loop around it (the
 * instructions from a backward branch's target to the branch), or an earlier unguarded division
 * of the same form by the same register in its block computed it and nothing wrote the register
 * since. bench_div.sass: each chain of 64 div.full.f32 (div.approx.f32) by one register is one
 * MUFU.RCP and its fix-up at the region's start, then three (two) FMULs a division. loops: room for
 * 2 x k->ninsns entries, the kernel's loops (target, branch) in the order of their branches. */
static void fold_rcp(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block, ws_fold *f,
                     uint32_t *loops)
{
    uint32_t nloops = 0;
    for (uint32_t j = 0; j < k->ninsns; j++) /* only a branch back (its target before it) encloses pc */
        if (ws_op_class_of(code[j].op) == CLS_BRANCH && (uint32_t)code[j].ops[0].imm < j) {
            loops[2 * nloops] = (uint32_t)code[j].ops[0].imm;
            loops[2 * nloops++ + 1] = j;
        }
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        if (!reciprocal_div(in) || f->kind[pc] != WS_FOLD_NONE)
            continue;
        uint32_t divisor = in->ops[2].reg, from = 0, to = UINT32_MAX;
        for (uint32_t l = 0; l < nloops; l++) { /* the innermost loop: the shortest span around pc (the first) */
            uint32_t t = loops[2 * l], j = loops[2 * l + 1];
            if (j >= pc && t <= pc && j - t < to - from) {
                from = t;
                to = j;
            }
        }
        int hoisted = to != UINT32_MAX && !written_in(uses, from, to, divisor);
        for (uint32_t j = pc; !hoisted && j-- > 0 && block[j] == block[pc];) {
            if (ws_reg_use_writes(&uses[j], divisor))
                break; /* a new divisor (also a division that writes its own divisor) */
            hoisted = reciprocal_div(&code[j]) && code[j].guard == WS_NO_REG && same_form(&code[j], in);
        }
        if (hoisted)
            f->kind[pc] = WS_FOLD_RCP;
    }
}

/* The SASS offset fields (fold.h): 24 bits signed in the address of LDS/STS/ATOMS, LDG/STG/ATOMG/
 * REDG, LD, LDL/STL; 16 bits in LDC's constant-bank address (local ptxas 13.0 -arch=sm_90:
 * 0x7ffffc and -0x800000 are offsets, 0x800000 and -0x800004 a VIADD first; LDC c[0x3][R+0x7ffc],
 * but 0x8000 a VIADD). */
enum { OFFSET_BITS = 24, CONST_OFFSET_BITS = 16 };

/* The immediate that add or sub pc adds to its register operand, into *reg and *c: 0 when it is not
 * such an add (unguarded, without .sat or .cc, an integer of 32 or 64 bits, its value whole). */
static int adds_immediate(const ws_insn *in, unsigned narrow, uint32_t *reg, int64_t *c)
{
    ws_type t = (ws_type)in->type;
    unsigned bits = ws_type_bits(t);
    if ((in->op != WS_OP_ADD && in->op != WS_OP_SUB) || in->guard != WS_NO_REG || in->nops != 3 ||
        (in->mods & (WS_MOD_SAT | WS_MOD_CC)) || ws_type_is_float(t) || (bits != 32 && bits != 64) ||
        narrow != WS_NARROW_NONE || in->ops[0].kind != WS_OPND_REG)
        return 0;
    unsigned r = 1, i = 2;
    if (in->op == WS_OP_ADD && in->ops[1].kind == WS_OPND_IMM)
        r = 2, i = 1;
    if (in->ops[r].kind != WS_OPND_REG || in->ops[i].kind != WS_OPND_IMM)
        return 0;
    int64_t v = bits == 32 ? (int64_t)(int32_t)in->ops[i].imm : (int64_t)in->ops[i].imm;
    *reg = in->ops[r].reg;
    *c = in->op == WS_OP_SUB ? -v : v;
    return 1;
}

/* Whether j reads reg only as the address of a load, store or atomic whose offset, with c added,
 * fits the instruction's field. */
static int reads_as_address(const ws_insn *in, uint32_t reg, int64_t c)
{
    if (!ws_op_is_memory(in->op) || in->space == WS_SPACE_PARAM)
        return 0;
    int64_t lim = (int64_t)1 << ((in->space == WS_SPACE_CONST ? CONST_OFFSET_BITS : OFFSET_BITS) - 1);
    int found = 0;
    for (unsigned i = 0; i < in->nops; i++) {
        const ws_operand *o = &in->ops[i];
        if (o->kind == WS_OPND_ADDR && o->reg == reg) {
            int64_t off = (o->flags & WS_ADDR32 ? (int64_t)(int32_t)o->imm : (int64_t)o->imm) + c;
            if (off < -lim || off >= lim)
                return 0;
            found = 1;
        } else if (o->kind == WS_OPND_REG && o->reg == reg)
            return 0;
        else if (o->kind == WS_OPND_VEC)
            for (unsigned e = 0; e < o->nvec; e++)
                if (o->regs[e] == reg)
                    return 0;
    }
    return found;
}

/* What a reader of a value must do with it (all_readers): ctx, the rule's. */
typedef int (*reader_test)(const ws_insn *in, uint32_t reg, const void *ctx);

/* Whether each reader of the value pc writes to reg passes test (*nread: how many there are): those in pc's block up
 * to the next write of reg, or, when the value may leave the block, every reader in the kernel of a register written
 * once (written NULL: of any register, every reader of the register standing for those of the value). */
static int each_reader(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block,
                       const uint32_t *written, uint32_t pc, uint32_t reg, reader_test test, const void *ctx,
                       uint32_t *nread)
{
    int ok = 1, local = 0;
    *nread = 0;
    for (uint32_t j = pc + 1; ok && j < k->ninsns && block[j] == block[pc]; j++) {
        for (uint32_t i = 0; i < uses[j].nsrc; i++)
            if (uses[j].src[i] == reg) {
                ok = test(&code[j], reg, ctx);
                ++*nread;
                break;
            }
        if (code[j].guard == WS_NO_REG && ws_reg_use_writes(&uses[j], reg)) {
            local = 1; /* the value ends here */
            break;
        }
    }
    if (ok && !local) { /* it may be read in other blocks: a register written once, all its readers */
        ok = !written || written[reg] == 1;
        *nread = 0;
        for (uint32_t j = 0; ok && j < k->ninsns; j++)
            for (uint32_t i = 0; i < uses[j].nsrc; i++)
                if (uses[j].src[i] == reg) {
                    ok = test(&code[j], reg, ctx);
                    ++*nread;
                    break;
                }
    }
    return ok;
}

/* Whether the value pc writes to reg has readers and each passes test (each_reader). */
static int all_readers(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block,
                       const uint32_t *written, uint32_t pc, uint32_t reg, reader_test test, const void *ctx)
{
    uint32_t nread = 0;
    return each_reader(k, code, uses, block, written, pc, reg, test, ctx, &nread) && nread > 0;
}

static int address_reader(const ws_insn *in, uint32_t reg, const void *ctx)
{
    return reads_as_address(in, reg, *(const int64_t *)ctx);
}

/* WS_FOLD_ADDR (fold.h): an add of an immediate every reader of whose value reads it as an
 * address the offset fits. Its readers: those in its block up to the next write of the register,
 * or, when the value may leave the block, every reader in the kernel of a register written once.
 * An add that another add was folded into (an IADD3 with a register) keeps its issue. */
static void fold_offsets(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *narrow,
                         const uint32_t *block, const uint32_t *written, ws_fold *f)
{
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        uint32_t src, r = code[pc].ops[0].reg;
        int64_t c;
        if (f->kind[pc] != WS_FOLD_NONE || !adds_immediate(&code[pc], narrow[pc], &src, &c) || r >= k->nregs)
            continue;
        uint32_t j = ws_block_last_writer(uses, block, pc, src); /* its source: not an add folded into it */
        if ((j == UINT32_MAX || f->kind[j] != WS_FOLD_ALU) &&
            all_readers(k, code, uses, block, written, pc, r, address_reader, &c))
            f->kind[pc] = WS_FOLD_ADDR;
    }
}

/* A cvt from f32 to f16 or bf16 into a 16-bit register (fold.h: F2F or F2FP by its readers). */
static int half_cvt(const ws_insn *in)
{
    ws_type to = (ws_type)in->type;
    return in->op == WS_OP_CVT && (ws_type)in->type2 == WS_T_F32 && (to == WS_T_F16 || to == WS_T_BF16) &&
           in->ops[0].kind == WS_OPND_REG;
}

/* Whether `in` reads reg as a zero-extension ptxas leaves to an F2F (fold.h): an unguarded cvt of the unsigned
 * 16-bit register to a 32- or 64-bit integer (cvt.u32.u16, cvt.u64.u16). */
static int zero_extends(const ws_insn *in, uint32_t reg)
{
    ws_type to = (ws_type)in->type, from = (ws_type)in->type2;
    return in->op == WS_OP_CVT && in->guard == WS_NO_REG && !(in->mods & WS_MOD_SAT) &&
           in->ops[1].kind == WS_OPND_REG && in->ops[1].reg == reg && (from == WS_T_U16 || from == WS_T_B16) &&
           !ws_type_is_float(to) && (ws_type_bits(to) == 32 || ws_type_bits(to) == 64);
}

/* Whether `in` is an unguarded copy of the 16-bit register reg (`mov.b16 %rs5, r`: cuda_fp16.hpp's
 * __float2half, whose result nvcc then zero-extends; ptxas reads reg). */
static int copies(const ws_insn *in, uint32_t reg)
{
    return in->op == WS_OP_MOV && in->guard == WS_NO_REG && in->nops == 2 && in->ops[0].kind == WS_OPND_REG &&
           in->ops[1].kind == WS_OPND_REG && in->ops[1].reg == reg && ws_type_bits((ws_type)in->type) == 16;
}

/* Whether `in` (a reader of reg, a half cvt's value of type half) makes ptxas emit the F2F form: it
 * zero-extends it, or it is a cvt.f32.bf16 of a bf16 (SHF.L.U32 of the F2F.BF16.F32's register: local
 * ptxas 13.0, fold.h). */
static int wants_f2f(const ws_insn *in, uint32_t reg, ws_type half)
{
    if (zero_extends(in, reg))
        return 1;
    return half == WS_T_BF16 && in->op == WS_OP_CVT && (ws_type)in->type == WS_T_F32 &&
           (ws_type)in->type2 == WS_T_BF16 && in->ops[1].kind == WS_OPND_REG && in->ops[1].reg == reg;
}

enum { COPY_DEPTH = 4 }; /* copies of copies followed */

/* The readers of the value pc writes to reg (a half cvt's of type half, or a copy of it): those in pc's block up to
 * the next write of reg, and every reader of a register written once. Returns whether one wants the F2F form
 * (wants_f2f), through copies; with mark, marks the zero-extensions WS_FOLD_ZEXT. */
static int f2f_readers(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block,
                       const uint32_t *written, uint32_t pc, uint32_t reg, ws_type half, int mark, int depth, ws_fold *f)
{
    int f2f = 0, local = 0;
    for (int pass = 0; pass < 2; pass++) { /* pass 0: its block; pass 1: the kernel, for a value that leaves it */
        uint32_t j = pass ? 0 : pc + 1, end = k->ninsns;
        if (pass && (local || written[reg] != 1))
            break;
        for (; j < end && (pass || block[j] == block[pc]); j++) {
            const ws_insn *in = &code[j];
            f2f |= wants_f2f(in, reg, half);
            if (mark && zero_extends(in, reg) && f->kind[j] == WS_FOLD_NONE)
                f->kind[j] = WS_FOLD_ZEXT;
            if (depth < COPY_DEPTH && copies(in, reg) && in->ops[0].reg < k->nregs && in->ops[0].reg != reg)
                f2f |= f2f_readers(k, code, uses, block, written, j, in->ops[0].reg, half, mark, depth + 1, f);
            if (!pass && in->guard == WS_NO_REG && ws_reg_use_writes(&uses[j], reg)) {
                local = 1; /* the value ends here */
                break;
            }
        }
    }
    return f2f;
}

/* The instruction of pc's block that last writes the register pc reads as its source (ops[1]); UINT32_MAX: none (an
 * immediate, or a value from before the block). */
static uint32_t source_writer(const ws_insn *code, const ws_reg_use *uses, const uint32_t *block, uint32_t pc)
{
    return code[pc].ops[1].kind == WS_OPND_REG ? ws_block_last_writer(uses, block, pc, code[pc].ops[1].reg) : UINT32_MAX;
}

/* Whether cvt pc's source is, in its block, the value of a neg (F2FP has no negated operand: `neg.f32; cvt.rn.f16.f32`
 * is F2F.F16.F32 R5, -R0 whatever reads it, local ptxas 13.0). */
static int negated_source(const ws_insn *code, const ws_reg_use *uses, const uint32_t *block, uint32_t pc)
{
    uint32_t j = source_writer(code, uses, block, pc);
    return j != UINT32_MAX && code[j].op == WS_OP_NEG && code[j].guard == WS_NO_REG;
}

/* fixup_read (fold.h): the instruction of its block whose value a MUFU form reads as its source where ptxas's SASS
 * reads it before the MUFU (ws_mufu_reads_first: the FSETP of the range fix-ups, sin's and cos's FMUL.RZ). */
static void mark_fixup_sources(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block,
                               ws_fold *f)
{
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        uint32_t j = ws_mufu_reads_first(&code[pc]) ? source_writer(code, uses, block, pc) : UINT32_MAX;
        if (j != UINT32_MAX)
            f->fixup_read[j] = 1;
    }
}

/* mufu_less (fold.h): the fix-ups ptxas leaves out of an ex2, lg2, sqrt or rsqrt .f32 form's: all of an ex2's that
 * reads an ex2's value (its range needs none), the FSEL of one whose source value nothing reads after it: the value
 * written in the form's block and read last by the form (the timing's code has a register a value: an in-place
 * PTX chain's values are read once). Where a register is written more than once or read past the form, kept. */
static int mark_mufu_less(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block,
                          ws_fold *f)
{
    uint32_t *first = malloc(((size_t)k->nregs + 1) * sizeof *first), *last = calloc((size_t)k->nregs + 1, sizeof *last);
    if (!first || !last) {
        free(first);
        free(last);
        return -1;
    }
    for (uint32_t r = 0; r <= k->nregs; r++)
        first[r] = UINT32_MAX;
    for (uint32_t pc = 0; pc < k->ninsns; pc++)
        for (uint32_t i = 0; i < uses[pc].nsrc; i++)
            if (uses[pc].src[i] < k->nregs) {
                first[uses[pc].src[i]] = first[uses[pc].src[i]] < pc ? first[uses[pc].src[i]] : pc;
                last[uses[pc].src[i]] = pc;
            }
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        if (ws_mufu_fixups(in) != 2 || in->ops[1].kind != WS_OPND_REG || in->ops[1].reg >= k->nregs)
            continue;
        uint32_t j = source_writer(code, uses, block, pc), r = in->ops[1].reg;
        if (j == UINT32_MAX)
            continue;
        if (in->op == WS_OP_EX2 && code[j].op == WS_OP_EX2 && code[j].type == WS_T_F32 && code[j].guard == WS_NO_REG)
            f->mufu_less[pc] = 2;
        else if (last[r] == pc && first[r] > j)
            f->mufu_less[pc] = 1;
    }
    free(first);
    free(last);
    return 0;
}

/* WS_FOLD_F2F and WS_FOLD_ZEXT (fold.h): a half cvt .rm or .rp (F2F.F16.F32.RM: F2FP has no such rounding) or of a
 * neg's value, or .rn or .rz whose value a reader zero-extends (or, for bf16, widens to f32), is F2F; with zext, the
 * zero-extensions of an F2F's value are no instruction. */
static void fold_f2f(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block,
                     const uint32_t *written, int form, int zext, ws_fold *f)
{
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        uint32_t r = in->ops[0].reg;
        if (!half_cvt(in) || r >= k->nregs || f->kind[pc] != WS_FOLD_NONE)
            continue;
        ws_type half = (ws_type)in->type;
        int f2f = in->rnd == WS_RND_RM || in->rnd == WS_RND_RP || negated_source(code, uses, block, pc) ||
                  f2f_readers(k, code, uses, block, written, pc, r, half, 0, 0, f);
        if (f2f && zext)
            f2f_readers(k, code, uses, block, written, pc, r, half, 1, 0, f);
        if (f2f && form)
            f->kind[pc] = WS_FOLD_F2F;
    }
}

/* Whether `in` reads reg only as a source the SASS can negate (-R): of a cvt from type *ctx (F2F, F2I), or of an
 * .f32 MUFU form whose MUFU reads the source itself, without ptxas's fix-ups (ws_mufu_fixups 0: .approx.ftz rcp,
 * sqrt, rsqrt, ex2, lg2: probe_alu3.sass alu3_rcpf_x, `neg.f32; rcp.approx.ftz.f32` is `MUFU.RCP R4, -R4`). */
static int negates_operand(const ws_insn *in, uint32_t reg, const void *ctx)
{
    uint8_t ty = *(const uint8_t *)ctx;
    int mufu = ty == WS_T_F32 && ws_mufu_fixups(in) == 0;
    if (!(in->op == WS_OP_CVT && in->type2 == ty) && !mufu)
        return 0;
    if (in->nops != 2 || in->ops[1].kind != WS_OPND_REG || in->ops[1].reg != reg)
        return 0;
    return in->ops[0].kind != WS_OPND_REG || in->ops[0].reg != reg;
}

/* WS_FOLD_NEG (fold.h): a neg of a float every reader of whose value takes it as a negated operand (negates_operand). */
static void fold_negs(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block,
                      const uint32_t *written, ws_fold *f)
{
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        uint8_t ty = in->type;
        if (in->op == WS_OP_NEG && in->guard == WS_NO_REG && (ty == WS_T_F64 || ty == WS_T_F32) &&
            in->ops[0].kind == WS_OPND_REG && in->ops[1].kind == WS_OPND_REG && in->ops[0].reg < k->nregs &&
            f->kind[pc] == WS_FOLD_NONE &&
            all_readers(k, code, uses, block, written, pc, in->ops[0].reg, negates_operand, &ty))
            f->kind[pc] = WS_FOLD_NEG;
    }
}

/* fold.pack (fold.h): what the readers' tests of a half value need (pack_ctx.depth: packs followed so far). */
typedef struct {
    const ws_kernel *k;
    const ws_insn *code;
    const ws_reg_use *uses;
    const uint32_t *block, *written, *reads;
    int depth;
} pack_ctx;

/* packs of unpacked halves followed; how far apart a pair's ops may be; the most PRMTs a pair may need: probe_alu3's
 * hadd packs its first round, whose two operands each need one (two PRMTs), but two fma.rn.f16 of three values in
 * other registers each stay scalar (tests/corpus/fp16_math, local ptxas: hexp2's and hlog2's fmas of the two
 * halves' chains, independent, each of a set.eq mask, a constant and the chain, are 22 scalar HFMA2) */
enum { PACK_DEPTH = 4, PACK_REACH = 255, PACK_PRMTS = 2 };

/* A scalar half add, sub, mul or fma (HADD2, HMUL2, HFMA2 of the low halves). */
static int scalar_half_op(const ws_insn *in) { return ws_half_arith_halves(in) == 1 && in->ops[0].kind == WS_OPND_REG; }

/* `mov.b32 %r, {a, b}`: two halves into a 32-bit register. */
static int packs(const ws_insn *in)
{
    return in->op == WS_OP_MOV && ws_type_bits((ws_type)in->type) == 32 && in->nops == 2 &&
           in->ops[0].kind == WS_OPND_REG && in->ops[1].kind == WS_OPND_VEC && in->ops[1].nvec == 2;
}

/* `mov.b32 {x, y}, %r`: a 32-bit register's halves. */
static int unpacks(const ws_insn *in)
{
    return in->op == WS_OP_MOV && ws_type_bits((ws_type)in->type) == 32 && in->nops == 2 &&
           in->ops[0].kind == WS_OPND_VEC && in->ops[0].nvec == 2 && in->ops[1].kind == WS_OPND_REG;
}

static int half_reader(const ws_insn *in, uint32_t reg, const void *ctx);

/* Whether `in` unpacks reg into halves that only half readers read (half_reader), or that nothing reads (the `d` of
 * `mov.b32 {a, d}, %r`). */
static int unpack_reader(const ws_insn *in, uint32_t reg, const void *ctx)
{
    const pack_ctx *c = ctx;
    if (!unpacks(in) || in->ops[1].reg != reg)
        return 0;
    uint32_t pc = (uint32_t)(in - c->code), nread = 0;
    for (unsigned h = 0; h < 2; h++) {
        uint32_t r = in->ops[0].regs[h];
        if (r < c->k->nregs && r != reg && c->reads[r] &&
            !each_reader(c->k, c->code, c->uses, c->block, NULL, pc, r, half_reader, c, &nread))
            return 0;
    }
    return 1;
}

/* Whether `in` reads the half in reg as ptxas can read one half of an f16x2 register: a scalar half op, a
 * cvt.f32.f16 or .f32.bf16 (HADD2.F32 -RZ, R.H1_H1), or a pack whose register only half-reading unpacks read. */
static int half_reader(const ws_insn *in, uint32_t reg, const void *ctx)
{
    const pack_ctx *c = ctx;
    if (scalar_half_op(in))
        return 1;
    if (in->op == WS_OP_CVT && in->type == WS_T_F32 && (in->type2 == WS_T_F16 || in->type2 == WS_T_BF16))
        return 1;
    if (!packs(in) || c->depth >= PACK_DEPTH || in->ops[0].reg >= c->k->nregs || in->ops[0].reg == reg)
        return 0;
    pack_ctx d = *c;
    d.depth++;
    return all_readers(c->k, c->code, c->uses, c->block, NULL, (uint32_t)(in - c->code), in->ops[0].reg, unpack_reader,
                       &d);
}

/* Where source operand i of pc comes from, for the PRMT count: 'I' an immediate; 'O' the scalar half op `at` that
 * made it, found through a pack and an unpack; 'H' half `half` of a 32-bit register instruction `at` wrote; 'R'
 * register `at` as the block found it, or as instruction `half` wrote it. */
typedef struct {
    char how;
    uint32_t at, half;
} half_origin;

static half_origin origin_of(const ws_insn *code, const ws_reg_use *uses, const uint32_t *block, uint32_t pc, unsigned i)
{
    const ws_operand *o = &code[pc].ops[i];
    if (o->kind == WS_OPND_IMM)
        return (half_origin){'I', 0, 0};
    if (o->kind != WS_OPND_REG)
        return (half_origin){'R', pc, i};
    uint32_t w = ws_block_last_writer(uses, block, pc, o->reg);
    if (w == UINT32_MAX)
        return (half_origin){'R', o->reg, UINT32_MAX};
    if (scalar_half_op(&code[w]))
        return (half_origin){'O', w, 0};
    if (!unpacks(&code[w]) || (code[w].ops[0].regs[0] != o->reg && code[w].ops[0].regs[1] != o->reg))
        return (half_origin){'R', o->reg, w};
    uint32_t h = code[w].ops[0].regs[0] == o->reg ? 0 : 1, p = ws_block_last_writer(uses, block, w, code[w].ops[1].reg);
    if (p == UINT32_MAX || !packs(&code[p]))
        return (half_origin){'H', p == UINT32_MAX ? code[w].ops[1].reg : p, h};
    uint32_t v = ws_block_last_writer(uses, block, p, code[p].ops[1].regs[h]);
    if (v != UINT32_MAX && scalar_half_op(&code[v]))
        return (half_origin){'O', v, 0};
    return (half_origin){'H', p, h};
}

/* Whether scalar half ops a and b (a first) are the two of one pair. */
static int mates(const ws_fold *f, uint32_t a, uint32_t b)
{
    if (a > b) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    return f->kind[a] == WS_FOLD_PACK && a + f->pack_next[a] == b;
}

/* Whether two origins are one value. */
static int same_origin(half_origin x, half_origin y) { return x.how == y.how && x.at == y.at && x.half == y.half; }

/* The PRMTs ptxas puts before the f16x2 op of the pair a, b: one for each source operand whose two values are not
 * one value (either half read as .H0_H0), two immediates (the op's 32-bit immediate), nor the two halves of one
 * earlier pair's result; one for operands of the same two values (`fma.rn.f16 a, a, c, c`: the PRMT's register read
 * twice). */
static unsigned pair_prmts(const ws_insn *code, const ws_reg_use *uses, const uint32_t *block, const ws_fold *f,
                           uint32_t a, uint32_t b)
{
    half_origin x[WS_MAX_OPERANDS], y[WS_MAX_OPERANDS];
    unsigned n = 0;
    for (unsigned i = 1; i < code[a].nops && i < WS_MAX_OPERANDS; i++) {
        x[n] = origin_of(code, uses, block, a, i);
        y[n] = origin_of(code, uses, block, b, i);
        if (same_origin(x[n], y[n]) || (x[n].how == 'I' && y[n].how == 'I') ||
            (x[n].how == 'O' && y[n].how == 'O' && mates(f, x[n].at, y[n].at)))
            continue;
        int again = 0;
        for (unsigned j = 0; j < n; j++)
            again |= same_origin(x[j], x[n]) && same_origin(y[j], y[n]);
        n += !again;
    }
    return n;
}

/* Whether b reads, through the registers of its block, the value a writes (taint: scratch of the kernel's registers,
 * all 0, left so). */
static int reads_value(const ws_kernel *k, const ws_reg_use *uses, uint32_t a, uint32_t b, uint8_t *taint)
{
    for (uint32_t i = 0; i < uses[a].ndst; i++)
        if (uses[a].dst[i] < k->nregs)
            taint[uses[a].dst[i]] = 1;
    int reads = 0;
    for (uint32_t j = a + 1; j <= b && !reads; j++) {
        int from = 0;
        for (uint32_t i = 0; i < uses[j].nsrc; i++)
            from |= uses[j].src[i] < k->nregs && taint[uses[j].src[i]];
        if (j == b)
            reads = from;
        else
            for (uint32_t i = 0; i < uses[j].ndst; i++)
                if (uses[j].dst[i] < k->nregs)
                    taint[uses[j].dst[i]] = (uint8_t)from;
    }
    for (uint32_t j = a; j <= b; j++)
        for (uint32_t i = 0; i < uses[j].ndst; i++)
            if (uses[j].dst[i] < k->nregs)
                taint[uses[j].dst[i]] = 0;
    return reads;
}

/* Whether scalar half ops a and b are of one form (one f16x2 op does both). */
static int one_form(const ws_insn *a, const ws_insn *b)
{
    return a->op == b->op && a->type == b->type && a->mods == b->mods && a->rnd == b->rnd && a->nops == b->nops;
}

/* WS_FOLD_PACK (fold.h): the scalar half ops ptxas packs in pairs into f16x2 ops, and the PRMTs of each pair. */
static int fold_pack(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *block,
                     const uint32_t *reads, const uint32_t *written, ws_fold *f)
{
    uint8_t *taint = calloc((size_t)k->nregs + 1, 1);
    if (!taint)
        return -1;
    pack_ctx c = {k, code, uses, block, written, reads, 0};
    uint32_t open = UINT32_MAX; /* the block's last unpaired op */
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        if (open != UINT32_MAX && block[open] != block[pc])
            open = UINT32_MAX;
        if (!scalar_half_op(in) || in->guard != WS_NO_REG || f->kind[pc] != WS_FOLD_NONE ||
            in->ops[0].reg >= k->nregs || !all_readers(k, code, uses, block, NULL, pc, in->ops[0].reg, half_reader, &c))
            continue;
        unsigned prmts = open != UINT32_MAX && pc - open <= PACK_REACH && one_form(&code[open], in) &&
                                 !reads_value(k, uses, open, pc, taint)
                             ? pair_prmts(code, uses, block, f, open, pc)
                             : PACK_PRMTS + 1;
        if (prmts <= PACK_PRMTS) {
            f->kind[open] = WS_FOLD_PACK;
            f->pack_next[open] = (uint8_t)(pc - open);
            f->pack[open] = f->pack[pc] = (uint8_t)(1 + prmts);
            open = UINT32_MAX;
        } else
            open = pc;
    }
    free(taint);
    return 0;
}

int ws_fold_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *narrow,
                  unsigned rules, ws_fold *f)
{
    uint32_t n = k->ninsns;
    f->kind = calloc((size_t)n + 1, 1);
    f->holds = calloc((size_t)n + 1, 1);
    f->fixup_read = calloc((size_t)n + 1, 1);
    f->mufu_less = calloc((size_t)n + 1, 1);
    f->pack = calloc((size_t)n + 1, 1);
    f->pack_next = calloc((size_t)n + 1, 1);
    f->same = malloc(((size_t)n + 1) * sizeof *f->same);
    uint8_t *leader = calloc((size_t)n + 1, 1), *host = calloc(2 * ((size_t)n + 1), 1);
    uint8_t *merged = malloc((size_t)n + 1), *none = NULL;
    reg_constants kc = {calloc((size_t)k->nregs + 1, 1), malloc(((size_t)k->nregs + 1) * sizeof(uint64_t))};
    if (!narrow) /* no 64-bit value narrowed */
        narrow = none = calloc((size_t)n + 1, 1);
    uint32_t *tree = malloc(4 * ((size_t)n + (size_t)k->nregs + 1) * sizeof *tree);
    uint32_t *block = malloc(((size_t)n + 1) * sizeof *block);
    uint32_t *reads = calloc((size_t)k->nregs + 1, sizeof *reads),
             *written = calloc((size_t)k->nregs + 1, sizeof *written);
    int failed = !f->kind || !f->holds || !f->same || !f->fixup_read || !f->mufu_less || !f->pack || !f->pack_next ||
                 !leader || !host || !block || !reads || !written || !tree || !merged || !kc.known || !kc.value ||
                 !narrow;
    if (failed)
        goto done;
    for (uint32_t pc = 0; pc <= n; pc++)
        f->same[pc] = WS_NO_REG;
    ws_block_starts(k, leader);
    uint32_t id = 0;
    for (uint32_t pc = 0; pc < n; pc++) {
        id += pc > 0 && (leader[pc] || ws_op_moves_lanes(code[pc - 1].op) || ws_insn_reads_clock(&code[pc]) ||
                         ws_insn_reads_clock(&code[pc - 1]));
        block[pc] = id;
        for (uint32_t i = 0; i < uses[pc].nsrc; i++)
            if (uses[pc].src[i] < k->nregs)
                reads[uses[pc].src[i]]++;
        for (uint32_t i = 0; i < uses[pc].ndst; i++)
            if (uses[pc].dst[i] < k->nregs) {
                written[uses[pc].dst[i]]++;
                int imm = code[pc].op == WS_OP_MOV && code[pc].guard == WS_NO_REG && code[pc].ops[1].kind == WS_OPND_IMM;
                kc.known[uses[pc].dst[i]] = (uint8_t)imm;
                if (imm)
                    kc.value[uses[pc].dst[i]] = code[pc].ops[1].imm;
            }
    }
    for (uint32_t r = 0; r < k->nregs; r++) /* a constant: one write, a mov of an immediate */
        kc.known[r] = kc.known[r] && written[r] == 1;
    for (uint32_t pc = 0; pc < n; pc++) /* a redux.sync: REDUX + IMAD.U32, which waits */
        f->holds[pc] = code[pc].op == WS_OP_REDUX;
    fold_loads(k, code, uses, block, f);
    fold_activemask(k, code, uses, block, f);
    if (rules & WS_FOLD_TREE)
        fold_tree(k, code, uses, narrow, block, reads, written, host, f, tree);
    int block_rules = !(rules & WS_FOLD_XOR_BLOCK) ? 0 : (rules & WS_FOLD_XOR_LOADS) ? XOR_BLOCK_LOADS : XOR_BLOCK_ALL;
    failed = (rules & WS_FOLD_XOR) &&
             fold_xor(k, code, uses, narrow, leader, block, reads, written, block_rules, host, f) != 0;
    fold_alu(k, code, uses, narrow, block, reads, written, &kc, host, merged, f);
    if (rules & WS_FOLD_IMAD_ADD)
        fold_imad(k, code, uses, narrow, block, reads, written, host, merged, f);
    if (rules & WS_FOLD_OFFSETS)
        fold_offsets(k, code, uses, narrow, block, written, f);
    if (rules & (WS_FOLD_F2F_FORM | WS_FOLD_ZEXT_FREE))
        fold_f2f(k, code, uses, block, written, (rules & WS_FOLD_F2F_FORM) != 0, (rules & WS_FOLD_ZEXT_FREE) != 0, f);
    if (rules & WS_FOLD_NEG_OPERAND)
        fold_negs(k, code, uses, block, written, f);
    if (rules & WS_FOLD_PACK_HALVES)
        failed |= fold_pack(k, code, uses, block, reads, written, f) != 0;
    mark_fixup_sources(k, code, uses, block, f);
    failed |= mark_mufu_less(k, code, uses, block, f) != 0;
    fold_hoist(k, code, leader, f);
    if (rules & WS_FOLD_DEAD_CODE)
        failed |= fold_dead(k, code, uses, f) != 0;
    fold_rcp(k, code, uses, block, f, tree); /* tree: fold_tree's, free now */
    /* the work arrays, on both paths */
done:
    free(merged);
    free(kc.known);
    free(kc.value);
    free(none);
    free(tree);
    free(leader);
    free(host);
    free(block);
    free(reads);
    free(written);
    if (failed)
        ws_fold_free(f);
    return failed ? -1 : 0;
}
