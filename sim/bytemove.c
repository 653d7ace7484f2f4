/* bytemove: which bytes of a move's result hold defined values. See bytemove.h; the executors
 * whose data flow this follows are ex_mov, ex_cvt, ex_selp, ex_prmt, ex_shl, ex_shr, ex_shf
 * (exec_logic.c), ex_and/ex_or and shfl.sync. */
#include "bytemove.h"
#include "prmt_rule.h"

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
    if (in->op == WS_OP_SELP || in->op == WS_OP_PRMT || in->op == WS_OP_SHF) { /* a and b, in place */
        for (unsigned i = 0; i < 2; i++)
            regs[i] = in->ops[1 + i].kind == WS_OPND_REG ? in->ops[1 + i].reg : WS_NO_REG;
        return 2;
    }
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

/* ---- selections: selp, prmt, shifts ----------------------------------------------------------
 * Each result byte is made of some bytes of the sources seen as one value (a's `part` bytes, then
 * b's): map[i] has the bits of those bytes (none: a constant, such as a byte a shift fills with
 * zeros). The byte is undefined where one of them is. */

/* The bytes of a `width`-byte value whose bits move right by r (left where r < 0), as shl, shr and
 * shf do: result byte i holds the value's bits 8i + r to 8i + r + 7; bits below bit 0 are zeros,
 * bits above the top are zeros or, with sign, copies of the top bit (its byte). */
static void shift_map(uint16_t *map, unsigned nout, unsigned width, int r, int sign)
{
    int top = 8 * (int)width - 1;
    for (unsigned i = 0; i < nout; i++) {
        int lo = 8 * (int)i + r, hi = lo + 7;
        map[i] = 0;
        for (int b = lo < 0 ? 0 : lo; b <= hi && b <= top; b += 8 - (b & 7))
            map[i] |= (uint16_t)(1u << (b >> 3));
        if (sign && hi > top)
            map[i] |= (uint16_t)(1u << (width - 1));
    }
}

/* The map of a selection in a lane whose control value is ctl (WS_MOVE_ANY: every byte the control
 * could pick), into map; *nout: the result's bytes, *part: each source's. -1 for forms not handled. */
static int select_map(const ws_insn *in, int64_t ctl, uint16_t map[8], unsigned *nout, unsigned *part)
{
    unsigned tb = ws_type_bytes((ws_type)in->type), bits = 8 * tb;
    uint32_t c = (uint32_t)ctl;
    int any = ctl == WS_MOVE_ANY;
    *nout = *part = tb;
    switch (in->op) {
    case WS_OP_SELP: /* d = c ? a : b, byte for byte */
        for (unsigned i = 0; i < tb; i++)
            map[i] = (uint16_t)((any || c ? 1u << i : 0) | (any || !c ? 1u << (tb + i) : 0));
        return 0;
    case WS_OP_PRMT: { /* each result byte one byte of {b, a} (prmt_rule.h); the sign's copy is that byte's */
        unsigned sel[4];
        if (tb != 4)
            return -1;
        ws_prmt_select(in->sub, c, sel);
        for (unsigned i = 0; i < 4; i++)
            map[i] = any ? 0xff : (uint16_t)(1u << (sel[i] & 7));
        return 0;
    }
    case WS_OP_SHL: /* amounts of the width or more give 0 (ex_shl) */
    case WS_OP_SHR: /* ... or, for shr.s, the sign everywhere (ex_shr) */
        if (any) {
            for (unsigned i = 0; i < tb; i++)
                map[i] = ws_low_bytes(tb);
            return 0;
        }
        if (c > bits)
            c = bits;
        shift_map(map, tb, tb, in->op == WS_OP_SHL ? -(int)c : (int)c,
                  in->op == WS_OP_SHR && ws_type_is_signed((ws_type)in->type));
        return 0;
    case WS_OP_SHF: /* the 32 bits of {b, a} by c (clamped at 32 or, .wrap, mod 32): .l the high word */
        if (tb != 4)
            return -1;
        if (any) {
            for (unsigned i = 0; i < 4; i++)
                map[i] = 0xff;
            return 0;
        }
        c = (in->mods & WS_MOD_WRAP) ? c & 31 : c > 32 ? 32 : c;
        shift_map(map, 4, 8, (in->mods & WS_MOD_SHF_L) ? 32 - (int)c : (int)c, 0);
        return 0;
    default: return -1;
    }
}

static int select_bytes(const ws_insn *in, const uint8_t *src, int64_t ctl, ws_move *m)
{
    uint16_t map[8], used = 0;
    unsigned nout, part, nsrc = in->op == WS_OP_SHL || in->op == WS_OP_SHR ? 1 : 2;
    if (in->ops[0].kind != WS_OPND_REG || select_map(in, ctl, map, &nout, &part) < 0)
        return -1;
    uint16_t whole = ws_low_bytes(part), undef = 0, regs = 0;
    for (unsigned s = 0; s < nsrc; s++) {
        undef |= (uint16_t)((src[s] & whole) << (s * part));
        if (in->ops[1 + s].kind == WS_OPND_REG) /* an immediate's bytes are constants */
            regs |= (uint16_t)(whole << (s * part));
    }
    for (unsigned i = 0; i < nout; i++) {
        m->from[0] |= (map[i] & regs) ? (uint8_t)(1u << i) : 0;
        m->out[0] |= (map[i] & undef) ? (uint8_t)(1u << i) : 0;
        used |= map[i];
    }
    for (unsigned s = 0; s < nsrc; s++)
        m->reads[s] = (uint8_t)((used & regs) >> (s * part)) & (uint8_t)whole;
    return 0;
}

int ws_move_bytes(const ws_insn *in, const uint8_t *src, int64_t ctl, ws_move *m)
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
    case WS_OP_SELP:
    case WS_OP_PRMT:
    case WS_OP_SHL:
    case WS_OP_SHR:
    case WS_OP_SHF: return select_bytes(in, src, ctl, m);
    default: return -1;
    }
}
