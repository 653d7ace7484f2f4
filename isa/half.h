/* The half-precision forms warpsim models (isa/half.c). */
#ifndef WS_HALF_H
#define WS_HALF_H

#include <stddef.h>

#include "opcodes.h"

/* NULL if in names no half type or is a modelled half form; otherwise why it is refused
 * (written into buf). The parser calls it for every instruction once its operands are read. */
const char *ws_half_form_error(const ws_insn *in, char *buf, size_t cap);

#endif
