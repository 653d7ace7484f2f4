/* check: an instruction's types, modifiers and operands checked as ptxas checks them.
 *
 * The parser has resolved the instruction against the opcode table's shape; this says whether
 * ptxas would accept it: the instruction type for the opcode, the modifiers for the type, each
 * register's declared type against the type its position reads (PTX ISA "Type Information for
 * Instructions and Operands" and the relaxed rules for ld/st/cvt), predicates only where
 * predicates go, immediates of the right kind, barrier numbers and counts. */
#ifndef WS_CHECK_H
#define WS_CHECK_H

#include <stddef.h>

#include "opcodes.h"

/* What the parser knew of each operand as written. */
typedef struct {
    unsigned line, col; /* where it starts */
    int literal;        /* 0 no number; else 1 + the lexer's NUM_* kind (integer, float, 0f, 0d) */
} ws_check_operand;

/* 0 when ptxas would accept the instruction. Otherwise the message is in msg and *where is the
 * index of the operand at fault, or -1 for the mnemonic. mnemonic/mlen: the whole dotted word. */
int ws_check_insn(const ws_module *m, const ws_kernel *k, const ws_insn *in, const char *mnemonic, size_t mlen,
                  const ws_check_operand *ops, char *msg, size_t cap, int *where);

/* The type operand i (shape letter `letter`) is read or written as: the instruction type, or the
 * second or third type, or a type of its own (a predicate, .u32 for 'u', isspacep's 64-bit
 * address). The parser reads immediates in it; ws_check_insn checks registers against it. */
ws_type ws_check_operand_type(const ws_insn *in, unsigned i, char letter);

#endif
