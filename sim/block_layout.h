/* block_layout: the order in which ptxas lays out a kernel's basic blocks, for the lines of its code (ifetch.h). */
#ifndef WS_BLOCK_LAYOUT_H
#define WS_BLOCK_LAYOUT_H

#include <stdint.h>

#include "opcodes.h"

/* Per instruction of code[0..n), its basic block's place in ptxas's layout (from 0): the blocks in reverse postorder
 * of a depth-first walk from the entry that takes a branch's target before its fall-through, the blocks the walk does
 * not reach after them in program order. NULL when out of memory. */
uint32_t *ws_block_layout_rank(const ws_insn *code, uint32_t n);
/* order (n pcs, per position) stably sorted by rank[pc]: the same instructions with each block's together, the
 * blocks in the layout's order. NULL when out of memory. */
uint32_t *ws_block_layout_sort(const uint32_t *order, const uint32_t *rank, uint32_t n);

#endif
