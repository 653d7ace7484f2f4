/* bytemove: which bytes of a move's result hold defined values (bytemove.c), for the
 * uninitialized-register check (shadow.c) and its plan (cfg.c).
 *
 * A byte move is an instruction whose destination bytes are copies of source bytes or constants:
 * mov (plain, .v2/.v4, packs `mov.b32 %r, {%rs_lo, %rs_hi}` and unpacks `mov.b32 {%rs_lo, %rs_hi},
 * %r`), shfl.sync (the bytes of the source lane's register), an integer cvt without .sat (its low
 * bytes; a sign extension copies the sign's byte), and/or of a register with a constant (a mask:
 * the bytes the constant fixes are defined), and the selections: selp (the bytes of the operand its
 * predicate picks), prmt (the bytes of {b, a} its selector picks) and the shifts shl, shr and shf
 * (bytes shifted in are zeros, or copies of the sign's byte for shr.s; a shift by a number of bits
 * that is not a multiple of 8 makes a result byte of two source bytes, defined where both are). A
 * selection's control operand (selp's predicate, prmt's selector, the shift amount) is read whole;
 * its value, in each lane, says which bytes move. The check carries each byte's definedness
 * through such an instruction instead of reporting it: cooperative_groups shuffles a 2-byte value
 * as `mov.b32 %r, {%rs_value, %rs_undef}` with %rs_undef written nowhere (LLVM's undef), then keeps
 * the low half of the result (cvt.u16.u32, an unpack, st.u16, or a prmt or shift that takes the
 * defined bytes). Bytes are given as masks: bit i is byte i (the low byte first), set where the
 * byte is undefined. */
#ifndef WS_BYTEMOVE_H
#define WS_BYTEMOVE_H

#include "opcodes.h"

/* Whether in is a byte move (the forms the header names; ws_move_bytes refuses the odd ones). */
static inline bool ws_insn_moves_bytes(const ws_insn *in)
{
    switch (in->op) {
    case WS_OP_MOV:
    case WS_OP_SHFL: return true;
    case WS_OP_CVT:
        return in->nops == 2 && !(in->mods & (WS_MOD_SAT | WS_MOD_RELU)) && !ws_type_is_float((ws_type)in->type) &&
               !ws_type_is_float((ws_type)in->type2) && !ws_type_is_packed_int((ws_type)in->type) &&
               !ws_type_is_packed_int((ws_type)in->type2);
    case WS_OP_AND:
    case WS_OP_OR:
        return in->nops == 3 && ((in->ops[1].kind == WS_OPND_REG && in->ops[2].kind == WS_OPND_IMM) ||
                                 (in->ops[1].kind == WS_OPND_IMM && in->ops[2].kind == WS_OPND_REG));
    /* selections: every form ws_move_bytes takes (none refused in one lane and not another, since
     * shadow.c has read the control by then) */
    case WS_OP_SHL:
    case WS_OP_SHR: return in->nops == 3 && in->ops[0].kind == WS_OPND_REG;
    case WS_OP_SELP: return in->nops == 4 && in->ops[0].kind == WS_OPND_REG;
    case WS_OP_PRMT:
    case WS_OP_SHF: return in->nops == 4 && in->ops[0].kind == WS_OPND_REG && ws_type_bits((ws_type)in->type) == 32;
    default: return false;
    }
}

/* Bytes of a value of type t: a predicate is one, a type of no size (untyped) eight. */
static inline unsigned ws_type_bytes(ws_type t)
{
    unsigned bits = ws_type_bits(t);
    return bits == 0 ? 8 : bits < 8 ? 1 : bits / 8;
}
/* The mask of the low n bytes. */
static inline uint8_t ws_low_bytes(unsigned n) { return n >= 8 ? 0xff : (uint8_t)((1u << n) - 1); }

enum { WS_MOVE_MAX = 4 }; /* sources and destinations of a move (a .v4 mov, a 4-element pack) */

/* A move's source registers in operand order (a vector's sink '_': WS_NO_REG), into regs; returns
 * how many (0: no register is moved, as from an immediate or a special register). shfl.sync: its
 * value operand a alone (b, c and the membermask are read whole). selp, prmt and shf: a and b, an
 * immediate as WS_NO_REG (its bytes are constants); shl and shr: a. */
unsigned ws_move_sources(const ws_insn *in, uint32_t regs[WS_MOVE_MAX]);
/* A move's destinations: operand 0's register or vector elements (sink: WS_NO_REG); returns how many. */
unsigned ws_move_dests(const ws_insn *in, uint32_t regs[WS_MOVE_MAX]);

/* What a byte move other than shfl.sync does in one lane. */
typedef struct {
    uint8_t out[WS_MOVE_MAX];   /* the undefined bytes of destination d (ws_move_dests' order) */
    uint8_t from[WS_MOVE_MAX];  /* the bytes of destination d copied from a source register (the
                                   others are constants: defined) */
    uint8_t reads[WS_MOVE_MAX]; /* the bytes of source i it copies (ws_move_sources' order) */
} ws_move;
/* The operand that controls which bytes a selection moves (selp's predicate, prmt's selector, the
 * shift amount of shl, shr and shf), read whole; -1 where in has none. */
static inline int ws_move_control(const ws_insn *in)
{
    switch (in->op) {
    case WS_OP_SHL:
    case WS_OP_SHR: return 2;
    case WS_OP_SELP:
    case WS_OP_PRMT:
    case WS_OP_SHF: return 3;
    default: return -1;
    }
}
/* A control value not known: every byte the control could pick counts as moved. */
#define WS_MOVE_ANY ((int64_t)-1)
/* The control's value where the instruction fixes it (an immediate, or no control: 0), else
 * WS_MOVE_ANY: a register's value is a lane's. */
static inline int64_t ws_move_fixed_control(const ws_insn *in)
{
    int c = ws_move_control(in);
    if (c < 0)
        return 0;
    return in->ops[c].kind == WS_OPND_IMM ? (int64_t)(uint32_t)in->ops[c].imm : WS_MOVE_ANY;
}
/* Given src[i], the undefined bytes of source i, and ctl, the control's value in the lane (its low
 * 32 bits; selp: a where not 0) or WS_MOVE_ANY, fills m. Returns -1 where in is a form not handled here
 * (then every byte it names counts as read). */
int ws_move_bytes(const ws_insn *in, const uint8_t *src, int64_t ctl, ws_move *m);

#endif
