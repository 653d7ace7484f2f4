/* ptxas's two registers for a packed 64-bit pair (pair_split.h): one walk over each basic block finds each unpack
 * whose register the block packed last, points the readers of its halves at the pack's sources, and gives the halves
 * no reader reads any more fresh registers. */
#include "pair_split.h"
#include "cfg.h"

#include <stdlib.h>

/* `mov.b64 {x, y}, %rd` (unpack 1) or `mov.b64 %rd, {a, b}` (unpack 0), unguarded, two 32-bit halves. */
static int pair_mov(const ws_insn *in, int unpack)
{
    if (in->op != WS_OP_MOV || ws_type_bits((ws_type)in->type) != 64 || in->guard != WS_NO_REG || in->nops != 2)
        return 0;
    const ws_operand *vec = &in->ops[unpack ? 0 : 1], *reg = &in->ops[unpack ? 1 : 0];
    return vec->kind == WS_OPND_VEC && vec->nvec == 2 && reg->kind == WS_OPND_REG;
}

static int word(const uint8_t *types, uint32_t nregs, uint32_t r)
{
    return r < nregs && ws_type_bits((ws_type)types[r]) == 32;
}

/* Points in's reads of x at a (its guard and destination are no reads of a 32-bit value). */
static void read_from(ws_insn *in, uint32_t x, uint32_t a)
{
    for (unsigned o = ws_op_writes_op0(in->op) ? 1 : 0; o < in->nops; o++) {
        ws_operand *op = &in->ops[o];
        if (op->kind == WS_OPND_VEC) {
            for (unsigned e = 0; e < op->nvec; e++)
                op->regs[e] = op->regs[e] == x ? a : op->regs[e];
        } else if ((op->kind == WS_OPND_REG || op->kind == WS_OPND_ADDR) && op->reg == x)
            op->reg = a;
    }
}

static int reads(const ws_insn *in, uint32_t r)
{
    ws_reg_use u;
    ws_insn_reg_use(in, &u);
    return ws_reg_use_reads(&u, r);
}

static int writes(const ws_insn *in, uint32_t r)
{
    ws_reg_use u;
    ws_insn_reg_use(in, &u);
    return ws_reg_use_writes(&u, r);
}

/* Half x of the unpack at u (its block ending before end), which the pack took from a, not written since: from u on,
 * until an instruction that writes x or a (its reads come first: that one too), its readers read a instead, where x's
 * unpacked value is then read nowhere else: the write of x ends it unguarded, or no other instruction of the kernel
 * reads x. Returns whether it did so (and the unpack's x may take a fresh register). */
static int redirect(const ws_kernel *k, ws_insn *code, uint32_t u, uint32_t end, uint32_t x, uint32_t a)
{
    uint32_t last = u + 1;
    while (last < end && !writes(&code[last], x) && !writes(&code[last], a))
        last++;
    const ws_insn *in = last < end ? &code[last] : NULL;
    int dead = in && in->guard == WS_NO_REG && in->nops && in->ops[0].kind == WS_OPND_REG && in->ops[0].reg == x;
    last = in ? last : end - 1; /* the last reader that reads a */
    for (uint32_t j = 0; j < k->ninsns && !dead; j++)
        if ((j <= u || j > last) && reads(&code[j], x))
            return 0;
    for (uint32_t j = u + 1; j <= last; j++)
        read_from(&code[j], x, a);
    return 1;
}

uint32_t ws_pair_split(const ws_kernel *k, ws_insn *code, uint32_t nregs, const uint8_t *types, uint32_t *half_of)
{
    uint32_t n = k->ninsns, fresh = 0;
    uint8_t *leader = calloc((size_t)n + 1, 1);
    if (!leader)
        return UINT32_MAX;
    ws_straight_blocks(k, leader);
    for (uint32_t start = 0; start < n;) {
        uint32_t end = start + 1;
        while (end < n && !leader[end])
            end++;
        for (uint32_t u = start; u < end; u++) {
            if (!pair_mov(&code[u], 1))
                continue;
            uint32_t rd = code[u].ops[1].reg, q = u;
            while (q > start && !writes(&code[q - 1], rd))
                q--;
            if (q == start || !pair_mov(&code[q - 1], 0) || code[q - 1].ops[0].reg != rd)
                continue; /* not packed in this block */
            const ws_operand *ab = &code[q - 1].ops[1];
            if (ab->regs[0] == ab->regs[1] || code[u].ops[0].regs[0] == code[u].ops[0].regs[1])
                continue;
            for (unsigned h = 0; h < 2; h++) {
                uint32_t x = code[u].ops[0].regs[h], a = ab->regs[h];
                if (!word(types, nregs, x) || !word(types, nregs, a) || x == a)
                    continue;
                int changed = 0; /* a written between the pack and the unpack: its value is no longer x's */
                for (uint32_t j = q; j < u && !changed; j++)
                    changed = writes(&code[j], a);
                if (changed)
                    continue;
                if (!redirect(k, code, u, end, x, a))
                    continue;
                if (half_of)
                    half_of[fresh] = x;
                code[u].ops[0].regs[h] = nregs + fresh++;
            }
        }
        start = end;
    }
    free(leader);
    return fresh;
}
