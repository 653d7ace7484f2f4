/* ptxas's renaming of reused load registers (rename.h): one walk over each basic block finds the
 * registers to rename, a second rewrites the block.
 *
 * The rule is that of .devjobs/mio20/rename.py with RENAME_LOADS_ONLY=1 (docs/calibration.md
 * "(mio20)"), which rewrote the PTX text: a register renamed in a block is written there only by
 * unguarded loads into it alone, at least twice; each write but the last takes a fresh register,
 * and each read takes the register of the write before it in program order (a read before the
 * first write the PTX's register, whose value comes from before the block). Left alone, as there,
 * is every register of an instruction whose operand 0 is not one plain register (ld.v2/v4's
 * vector, a `_` sink, setp's and shfl's `p|q`: ptxas allocates those as a group) and of a call, an
 * elect or a griddepcontrol. The script's blocks end at its text's labels, braces and directives
 * as well; warpsim's at its basic blocks (cfg.h), which is what ptxas sees. */
#include "rename.h"
#include "cfg.h"
#include "pair_split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Per register, while one block is walked: stamped with the block's number where it is valid, so
 * that no block clears what the one before left. */
typedef struct {
    unsigned classes; /* WS_RENAME_LOADS | WS_RENAME_ALU: the writes that may be renamed */
    uint32_t *stamp;  /* the block whose facts below these are */
    uint32_t *writes; /* loads into it in the block */
    uint32_t *last;   /* the last of them */
    uint8_t *frozen;  /* left alone in the block */
    uint32_t *now;    /* the pass over the block: the register its value is in */
} reg_state;

static void touch(reg_state *s, uint32_t r, uint32_t block)
{
    if (s->stamp[r] == block)
        return;
    s->stamp[r] = block;
    s->writes[r] = 0;
    s->frozen[r] = 0;
    s->now[r] = r;
}

/* Every register the instruction names but its guard (its operands, a p|q's second, an
 * indirect call's target), marked left alone in the block. */
static void freeze_all(const ws_kernel *k, const ws_insn *in, reg_state *s, uint32_t block)
{
    for (unsigned o = 0; o < in->nops; o++) {
        const ws_operand *op = &in->ops[o];
        uint32_t n = op->kind == WS_OPND_VEC ? op->nvec : 1;
        for (uint32_t e = 0; e < n; e++) {
            uint32_t r = op->kind == WS_OPND_VEC                               ? op->regs[e]
                         : op->kind == WS_OPND_REG || op->kind == WS_OPND_ADDR ? op->reg
                                                                               : WS_NO_REG;
            if (r < k->nregs) {
                touch(s, r, block);
                s->frozen[r] = 1;
            }
        }
    }
    uint32_t more[2] = {in->dpred,
                        in->op == WS_OP_CALL && in->call < k->ncalls ? k->calls[in->call].indirect_reg : WS_NO_REG};
    for (unsigned i = 0; i < 2; i++)
        if (more[i] < k->nregs) {
            touch(s, more[i], block);
            s->frozen[more[i]] = 1;
        }
}

/* What an ALU op whose operand 0 is not one plain register writes (a vector's registers, a `p|q` pair,
 * setp's predicate), marked left alone in the block: ptxas allocates an unpacked pair (`mov.b32 {a, b}, %r`)
 * as a group, but the register it reads is renamed as any other. */
static void freeze_results(const ws_kernel *k, const ws_insn *in, reg_state *s, uint32_t block)
{
    const ws_operand *op = &in->ops[0];
    uint32_t n = op->kind == WS_OPND_VEC ? op->nvec : 1;
    for (uint32_t e = 0; e < n; e++) {
        uint32_t r = op->kind == WS_OPND_VEC ? op->regs[e] : op->kind == WS_OPND_REG ? op->reg : WS_NO_REG;
        if (r < k->nregs) {
            touch(s, r, block);
            s->frozen[r] = 1;
        }
    }
    if (in->dpred < k->nregs) {
        touch(s, in->dpred, block);
        s->frozen[in->dpred] = 1;
    }
}

/* Whether a write by in, one plain register and unguarded, is of a class that may be renamed: a load
 * (ld, ldu), or an op that computes its register from registers (CLS_ALU: mov, add, lop3, ex2,
 * cvt, ...; ptxas gives each value a register of its own too: probe_alu3.sass, alu3_ex2f_l's
 * MUFU.EX2 of the next stream issued before the LOP3 that reads the stream's old value). */
static int renamable(const ws_insn *in, unsigned classes)
{
    if (in->op == WS_OP_LD || in->op == WS_OP_LDU)
        return (classes & WS_RENAME_LOADS) != 0;
    return (classes & WS_RENAME_ALU) && ws_op_class_of(in->op) == CLS_ALU;
}

/* The first walk, over one instruction: what it writes and what it leaves alone. */
static void note(const ws_kernel *k, uint32_t pc, reg_state *s, uint32_t block)
{
    const ws_insn *in = &k->insns[pc];
    int freezes = in->op == WS_OP_CALL || in->op == WS_OP_GRIDDEP || in->op == WS_OP_ELECT;
    if (!ws_op_writes_op0(in->op) && !freezes) /* st, red, bar, bra, ...: they only read */
        return;
    int plain = in->nops && in->ops[0].kind == WS_OPND_REG && in->ops[0].reg < k->nregs &&
                (in->dpred == WS_NO_REG || ws_insn_uses_carry(in)); /* .cc's carry is not written in the text */
    if (!freezes && !plain && (s->classes & WS_RENAME_ALU) && ws_op_class_of(in->op) == CLS_ALU) {
        freeze_results(k, in, s, block); /* its sources may still be renamed (probe_alu3 h2f's unpack) */
        return;
    }
    if (freezes || !plain) {
        freeze_all(k, in, s, block);
        return;
    }
    uint32_t r = in->ops[0].reg;
    touch(s, r, block);
    if (in->guard != WS_NO_REG || r == k->frame_reg) {
        s->frozen[r] = 1;
        return;
    }
    s->writes[r]++;
    s->last[r] = pc;
    if (!renamable(in, s->classes))
        s->frozen[r] = 1;
}

static int renamed(const reg_state *s, uint32_t r, uint32_t block)
{
    return s->stamp[r] == block && s->writes[r] > 1 && !s->frozen[r];
}

static void read_as(const reg_state *s, uint32_t *r, uint32_t block)
{
    if (*r != WS_NO_REG && s->stamp[*r] == block)
        *r = s->now[*r];
}

/* The second walk, over one instruction: its reads take the registers the values are in; a
 * renamed load's write a fresh register (out: the instruction to rewrite; ptx_reg, type: the
 * fresh registers' facts; NULL: count them only). Returns the fresh registers it takes (0 or 1). */
static uint32_t rewrite(const ws_kernel *k, uint32_t pc, reg_state *s, uint32_t block, uint32_t next, ws_insn *out,
                        uint32_t *ptx_reg)
{
    const ws_insn *in = &k->insns[pc];
    if (out) {
        read_as(s, &out->guard, block);
        read_as(s, &out->dpred, block);
        for (unsigned o = 0; o < out->nops; o++) {
            ws_operand *op = &out->ops[o];
            if (op->kind == WS_OPND_VEC)
                for (unsigned e = 0; e < op->nvec; e++)
                    read_as(s, &op->regs[e], block);
            else if (op->kind == WS_OPND_REG || op->kind == WS_OPND_ADDR)
                read_as(s, &op->reg, block);
        }
    }
    if (!renamable(in, s->classes) || in->guard != WS_NO_REG || !in->nops || in->ops[0].kind != WS_OPND_REG ||
        in->ops[0].reg >= k->nregs || !renamed(s, in->ops[0].reg, block))
        return 0;
    uint32_t r = in->ops[0].reg, to = s->last[r] == pc ? r : next;
    s->now[r] = to;
    if (out) {
        out->ops[0].reg = to;
        if (to != r)
            ptx_reg[to] = r;
    }
    return to != r;
}

/* Both walks over every block of k: the fresh registers (UINT32_MAX: out of memory). out, ptx_reg:
 * as rewrite's (ptx_reg from k->nregs on). */
static uint32_t rename_pass(const ws_kernel *k, unsigned classes, ws_insn *out, uint32_t *ptx_reg)
{
    uint32_t n = k->ninsns, nr = k->nregs ? k->nregs : 1;
    reg_state s = {
        classes,    calloc(nr, sizeof(uint32_t)), malloc(nr * sizeof(uint32_t)), malloc(nr * sizeof(uint32_t)),
        malloc(nr), malloc(nr * sizeof(uint32_t))};
    uint8_t *leader = calloc((size_t)n + 1, 1);
    uint32_t fresh = UINT32_MAX;
    if (!s.stamp || !s.writes || !s.last || !s.frozen || !s.now || !leader)
        goto done;
    ws_straight_blocks(k, leader);
    fresh = 0;
    for (uint32_t start = 0, block = 1; start < n; block++) { /* stamp 0: no block yet */
        uint32_t end = start + 1;
        while (end < n && !leader[end])
            end++;
        for (uint32_t pc = start; pc < end; pc++)
            note(k, pc, &s, block);
        for (uint32_t pc = start; pc < end; pc++)
            fresh += rewrite(k, pc, &s, block, k->nregs + fresh, out ? &out[pc] : NULL, ptx_reg);
        start = end;
    }
done:
    free(s.stamp);
    free(s.writes);
    free(s.last);
    free(s.frozen);
    free(s.now);
    free(leader);
    return fresh;
}

/* k's instructions with the classes' rewrites: rename_pass's (WS_RENAME_LOADS, WS_RENAME_ALU), then ws_pair_split's
 * (WS_RENAME_PAIRS) over that. *insns and *ptx_reg (per register, from the PTX's to the last fresh one: its PTX
 * register) are the caller's to free. Returns the fresh registers, or UINT32_MAX when out of memory (nothing kept). */
static uint32_t rewrite_copy(const ws_kernel *k, unsigned classes, ws_insn **insns, uint32_t **ptx_reg)
{
    uint32_t n = k->ninsns,
             renames = classes & (WS_RENAME_LOADS | WS_RENAME_ALU) ? rename_pass(k, classes, NULL, NULL) : 0;
    *insns = NULL;
    *ptx_reg = NULL;
    if (renames == UINT32_MAX)
        return UINT32_MAX;
    uint32_t nregs = k->nregs + renames, pairs = 0;
    size_t most = (size_t)nregs + (classes & WS_RENAME_PAIRS ? 2 * (size_t)n : 0); /* two halves an unpack */
    *insns = malloc(((size_t)n + 1) * sizeof **insns);
    *ptx_reg = malloc((most + 1) * sizeof **ptx_reg);
    uint8_t *types = classes & WS_RENAME_PAIRS ? malloc((size_t)nregs + 1) : NULL;
    uint32_t *half_of = classes & WS_RENAME_PAIRS ? malloc((2 * (size_t)n + 1) * sizeof *half_of) : NULL;
    int ok = *insns && *ptx_reg && (!(classes & WS_RENAME_PAIRS) || (types && half_of));
    if (ok) {
        memcpy(*insns, k->insns, (size_t)n * sizeof **insns);
        for (uint32_t i = 0; i < most; i++)
            (*ptx_reg)[i] = i;
        ok = !renames || rename_pass(k, classes, *insns, *ptx_reg) == renames; /* out of memory: not the count */
    }
    if (ok && types) {
        for (uint32_t r = 0; r < nregs; r++)
            types[r] = k->regs[(*ptx_reg)[r]].type;
        pairs = ws_pair_split(k, *insns, nregs, types, half_of);
        ok = pairs != UINT32_MAX;
        for (uint32_t i = 0; ok && i < pairs; i++)
            (*ptx_reg)[nregs + i] = (*ptx_reg)[half_of[i]];
    }
    free(types);
    free(half_of);
    if (!ok) {
        free(*insns);
        free(*ptx_reg);
        *insns = NULL;
        *ptx_reg = NULL;
        return UINT32_MAX;
    }
    return renames + pairs;
}

uint32_t ws_rename_count(const ws_kernel *k, unsigned classes)
{
    if (!(classes & WS_RENAME_PAIRS)) /* no copy to make */
        return rename_pass(k, classes, NULL, NULL);
    ws_insn *insns;
    uint32_t *ptx_reg, fresh = rewrite_copy(k, classes, &insns, &ptx_reg);
    if (fresh != UINT32_MAX) {
        free(insns);
        free(ptx_reg);
    }
    return fresh;
}

int ws_rename_fits(const ws_kernel *k, uint32_t fresh, uint32_t max, char *msg, size_t len)
{
    if (k->nregs <= max && fresh <= max - k->nregs)
        return 0;
    snprintf(msg, len,
             "kernel %s: schedule.rename would give its %u registers %u fresh ones, one for each write it renames: more "
             "than the %u registers a kernel may have; set schedule.rename, schedule.rename_alu and schedule.pair_split "
             "0 in the preset",
             k->name, k->nregs, fresh, max);
    return -1;
}

int ws_rename_build(const ws_kernel *k, unsigned classes, uint32_t fresh, ws_renamed *r)
{
    memset(r, 0, sizeof *r);
    uint32_t nregs = k->nregs + fresh, *ptx_reg;
    ws_insn *insns;
    if (rewrite_copy(k, classes, &insns, &ptx_reg) != fresh) { /* out of memory (the count is the same walk) */
        free(insns);
        free(ptx_reg);
        return -1;
    }
    ws_reg_info *regs = malloc(((size_t)nregs + 1) * sizeof *regs);
    if (!regs) {
        free(insns);
        free(ptx_reg);
        return -1;
    }
    r->k = *k;
    r->k.insns = insns;
    r->k.nregs = nregs;
    r->k.regs = regs;
    r->nptx = k->nregs;
    r->ptx_reg = ptx_reg;
    ws_rename_borrow(r, k);
    return 0;
}

void ws_rename_borrow(ws_renamed *r, const ws_kernel *k)
{
    ws_insn *insns = r->k.insns;
    ws_reg_info *regs = r->k.regs;
    uint32_t nregs = r->k.nregs;
    r->k = *k;
    r->k.insns = insns;
    r->k.regs = regs;
    r->k.nregs = nregs;
    for (uint32_t i = 0; i < nregs; i++)
        regs[i] = k->regs[r->ptx_reg[i]];
}

void ws_rename_free(ws_renamed *r)
{
    free(r->k.insns);
    free(r->k.regs);
    free(r->ptx_reg);
    memset(r, 0, sizeof *r);
}
