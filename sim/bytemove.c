/* bytemove: which bytes of a move's result hold defined values. See bytemove.h; the executors
 * whose data flow this follows are ex_mov, ex_cvt (exec_logic.c), ex_and/ex_or and shfl.sync. */
#include "bytemove.h"

#include <string.h>

/* A register operand's register, or a vector's elements (at most WS_MOVE_MAX), into regs; returns
 * how many (0: neither). */
static unsigned operand_regs(const ws_operand *o, uint32_t regs[WS_MOVE_MAX])
{
    if (o->kind == WS_OPND_REG) {
        regs[0] = o->reg;
        return 1;
    }
    if (o->kind != WS_OPND_VEC)
        return 0;
    unsigned n = o->nvec < WS_MOVE_MAX ? o->nvec : WS_MOVE_MAX;
    for (unsigned i = 0; i < n; i++)
        regs[i] = o->regs[i];
    return n;
}

unsigned ws_move_sources(const ws_insn *in, uint32_t regs[WS_MOVE_MAX])
{
    const ws_operand *a = &in->ops[1];
    if (in->op == WS_OP_AND || in->op == WS_OP_OR) /* the register, beside the constant */
        a = in->ops[1].kind == WS_OPND_REG ? &in->ops[1] : &in->ops[2];
    if (a->kind == WS_OPND_VEC && in->op != WS_OP_MOV)
        return 0;
    return operand_regs(a, regs);
}

unsigned ws_move_dests(const ws_insn *in, uint32_t regs[WS_MOVE_MAX]) { return operand_regs(&in->ops[0], regs); }

/* mov: d = a (the low bytes of the type; ex_mov zeroes the rest); .v2/.v4 element by element; a
 * pack puts element i at bytes i * part (part = the type's bytes / elements; a sink '_' gives
 * zeros); an unpack gives element i those bytes of a. */
static int mov_bytes(const ws_insn *in, const uint8_t *src, ws_move *m)
{
    uint8_t *out = m->out, *from = m->from, *reads = m->reads;
    const ws_operand *d = &in->ops[0], *a = &in->ops[1];
    unsigned tb = ws_type_bytes((ws_type)in->type);
    uint8_t whole = ws_low_bytes(tb);
    if (in->vec > 1) {
        if (d->kind != WS_OPND_VEC || a->kind != WS_OPND_VEC || in->vec > WS_MOVE_MAX)
            return -1;
        for (unsigned i = 0; i < in->vec; i++) {
            from[i] = reads[i] = a->regs[i] != WS_NO_REG ? whole : 0;
            out[i] = src[i] & from[i];
        }
        return 0;
    }
    if (d->kind == WS_OPND_REG && a->kind == WS_OPND_REG) {
        from[0] = reads[0] = whole;
        out[0] = src[0] & whole;
        return 0;
    }
    const ws_operand *v = a->kind == WS_OPND_VEC ? a : d;
    unsigned n = v->nvec, part = n ? tb / n : 0;
    if (!part || part * n != tb || n > WS_MOVE_MAX || (d->kind == WS_OPND_VEC) == (a->kind == WS_OPND_VEC))
        return -1;
    uint8_t elem = ws_low_bytes(part);
    for (unsigned i = 0; i < n; i++) {
        if (v == a) { /* pack */
            uint8_t f = reads[i] = a->regs[i] != WS_NO_REG ? elem : 0;
            from[0] |= (uint8_t)(f << (i * part));
            out[0] |= (uint8_t)((src[i] & f) << (i * part));
        } else { /* unpack */
            from[i] = elem;
            out[i] = (uint8_t)(src[0] >> (i * part)) & elem;
        }
    }
    if (v == d)
        reads[0] = whole;
    return 0;
}

int ws_move_bytes(const ws_insn *in, const uint8_t *src, ws_move *m)
{
    memset(m, 0, sizeof *m);
    uint8_t *out = m->out, *from = m->from;
    unsigned tb = ws_type_bytes((ws_type)in->type);
    switch (in->op) {
    case WS_OP_MOV: return mov_bytes(in, src, m);
    case WS_OP_CVT: {
        /* d = the low bytes of a (a narrowing cvt reads no others); a widening one from a signed
         * type fills the new bytes with copies of the sign, an unsigned one with zeros */
        unsigned sb = ws_type_bytes((ws_type)in->type2), n = sb < tb ? sb : tb;
        if (in->ops[1].kind != WS_OPND_REG)
            return -1;
        from[0] = m->reads[0] = ws_low_bytes(n);
        out[0] = src[0] & from[0];
        if (tb > sb && ws_type_is_signed((ws_type)in->type2)) {
            uint8_t ext = ws_low_bytes(tb) & (uint8_t)~ws_low_bytes(sb);
            from[0] |= ext;
            out[0] |= (src[0] >> (sb - 1)) & 1 ? ext : 0;
        }
        return 0;
    }
    case WS_OP_AND:
    case WS_OP_OR: {
        /* a byte of the constant that is 0 (and) or 0xff (or) fixes the result's byte */
        uint64_t c = (in->ops[1].kind == WS_OPND_IMM ? in->ops[1] : in->ops[2]).imm;
        uint8_t fixed_byte = in->op == WS_OP_AND ? 0x00 : 0xff;
        for (unsigned i = 0; i < tb && i < 8; i++)
            if ((uint8_t)(c >> (8 * i)) != fixed_byte)
                from[0] |= (uint8_t)(1u << i);
        m->reads[0] = from[0];
        out[0] = src[0] & from[0];
        return 0;
    }
    default: return -1;
    }
}
