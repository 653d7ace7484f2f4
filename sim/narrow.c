/* narrow: 64-bit integer values of which ptxas keeps one half (narrow.h).
 *
 * Which halves of a value are read is found within its basic block: the reads from its
 * definition to the next unguarded write of the register. A value still live at the block's end
 * counts as read whole, unless no other block reads the register and no read in its own block
 * comes before a write there (then no path from the block's end reaches a read).
 */
#include "narrow.h"
#include "cfg.h"

#include <stdlib.h>

enum { LO = 1, HI = 2, WHOLE = 3 };
#define NO_BLOCK    UINT32_MAX
#define MANY_BLOCKS (UINT32_MAX - 1)

typedef struct {
    const ws_insn *code;
    const ws_reg_use *uses;
    uint32_t n;
    uint32_t *block;        /* per instruction: its basic block */
    uint32_t *reader_block; /* per register: the one block that reads it, NO_BLOCK or MANY_BLOCKS */
    uint8_t *exposed;       /* per register: some block reads it before writing it */
    const uint8_t *out;     /* per instruction: its WS_NARROW_*, known for those after the one asked of */
} narrow_ctx;

static int is_int64(unsigned type) { return !ws_type_is_float((ws_type)type) && ws_type_bits((ws_type)type) == 64; }

static int has(const uint32_t *regs, uint32_t n, uint32_t reg)
{
    for (uint32_t i = 0; i < n; i++)
        if (regs[i] == reg)
            return 1;
    return 0;
}

/* The halves of reg that instruction in reads. */
static unsigned read_halves(const ws_insn *in, uint32_t reg)
{
    unsigned first = ws_op_writes_op0(in->op) ? 1 : 0; /* the sources */
    for (unsigned i = first; i < in->nops; i++)        /* read in one place only: operand 1 */
        if (i != 1 && in->ops[i].kind == WS_OPND_REG && in->ops[i].reg == reg)
            return WHOLE;
    if (in->guard == reg || in->ops[1].kind != WS_OPND_REG || in->ops[1].reg != reg)
        return WHOLE;
    ws_type to = (ws_type)in->type;
    if (in->op == WS_OP_CVT && !ws_type_is_float(to) && ws_type_bits(to) <= 32 && is_int64(in->type2))
        return LO; /* a truncation: the low register */
    if (in->op == WS_OP_SHR && is_int64(in->type) && in->ops[2].kind == WS_OPND_IMM && in->ops[2].imm >= 32 &&
        in->ops[2].imm < 64)
        return HI; /* every bit of the result comes from the high register */
    return WHOLE;
}

/* The halves read of the value instruction pc writes to reg. */
static unsigned halves_read(const narrow_ctx *c, uint32_t pc, uint32_t reg)
{
    unsigned r = 0;
    uint32_t b = c->block[pc];
    for (uint32_t j = pc + 1; j < c->n && c->block[j] == b && r != WHOLE; j++) {
        const ws_reg_use *u = &c->uses[j];
        if (has(u->src, u->nsrc, reg)) /* an add whose low half alone is read reads its sources' low halves */
            r |= c->out[j] == WS_NARROW_LOW_ONLY && c->code[j].guard != reg ? LO : read_halves(&c->code[j], reg);
        if (c->code[j].guard == WS_NO_REG && has(u->dst, u->ndst, reg))
            return r; /* overwritten: later reads are another value's */
    }
    if (c->reader_block[reg] != b && c->reader_block[reg] != NO_BLOCK)
        return WHOLE; /* another block may read it */
    return c->exposed[reg] ? WHOLE : r;
}

static unsigned narrow_of(const narrow_ctx *c, uint32_t pc)
{
    const ws_insn *in = &c->code[pc];
    if (in->ops[0].kind != WS_OPND_REG)
        return WS_NARROW_NONE;
    uint32_t dst = in->ops[0].reg;
    if ((in->op == WS_OP_MUL || in->op == WS_OP_MAD) && in->sub == WS_MUL_WIDE && !ws_type_is_float((ws_type)in->type))
        return halves_read(c, pc, dst) == HI ? WS_NARROW_HIGH_ONLY : WS_NARROW_NONE;
    if (in->op == WS_OP_SHR && is_int64(in->type) && in->ops[2].kind == WS_OPND_IMM && in->ops[2].imm == 32)
        return halves_read(c, pc, dst) & HI ? WS_NARROW_NONE : WS_NARROW_HIGH_REG;
    if ((in->op == WS_OP_ADD || in->op == WS_OP_SUB) && is_int64(in->type) && !(in->mods & (WS_MOD_CC | WS_MOD_SAT)))
        return halves_read(c, pc, dst) & HI ? WS_NARROW_NONE : WS_NARROW_LOW_ONLY;
    if (in->op == WS_OP_CVT && is_int64(in->type) && !ws_type_is_float((ws_type)in->type2) &&
        ws_type_bits((ws_type)in->type2) <= 32 && in->ops[1].kind == WS_OPND_REG && !(in->mods & WS_MOD_SAT))
        return halves_read(c, pc, dst) & HI ? WS_NARROW_NONE : WS_NARROW_LOW_REG;
    return WS_NARROW_NONE;
}

int ws_narrow_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint8_t *out)
{
    uint32_t n = k->ninsns, nregs = k->nregs ? k->nregs : 1;
    narrow_ctx c = {
        code, uses, n, malloc(((size_t)n + 1) * sizeof(uint32_t)), malloc(nregs * sizeof(uint32_t)), calloc(nregs, 1),
        out};
    uint32_t *written = calloc(nregs, sizeof(uint32_t)); /* per register: its block + 1 once written there */
    uint8_t *leader = calloc((size_t)n + 1, 1);
    int ok = c.block && c.reader_block && c.exposed && written && leader;
    if (ok) {
        /* basic blocks: a label or a function's entry starts one, a branch or an exit ends one */
        ws_block_starts(k, leader);
        for (uint32_t i = 0; i < n; i++)
            if (ws_op_moves_lanes(code[i].op))
                leader[i + 1] = 1;
        for (uint32_t r = 0; r < nregs; r++)
            c.reader_block[r] = NO_BLOCK;
        uint32_t b = 0;
        for (uint32_t i = 0; i < n; i++) {
            b += leader[i] && i > 0;
            c.block[i] = b;
            const ws_reg_use *u = &uses[i];
            for (uint32_t s = 0; s < u->nsrc; s++) {
                uint32_t r = u->src[s];
                c.reader_block[r] = c.reader_block[r] == NO_BLOCK || c.reader_block[r] == b ? b : MANY_BLOCKS;
                c.exposed[r] |= written[r] != b + 1;
            }
            for (uint32_t d = 0; d < u->ndst; d++)
                if (code[i].guard == WS_NO_REG)
                    written[u->dst[d]] = b + 1;
        }
        for (uint32_t i = n; i-- > 0;) /* last first: a value's readers are narrowed before it */
            out[i] = (uint8_t)narrow_of(&c, i);
    }
    free(c.block);
    free(c.reader_block);
    free(c.exposed);
    free(written);
    free(leader);
    return ok ? 0 : -1;
}
