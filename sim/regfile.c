/* The register file's layout (sim.h, "the register file"): where each register's row lies in a warp's file. */
#include "sim.h"

/* The 64-bit rows first, then the 32-bit ones, then the predicates' words, so that every row
 * starts at a multiple of its own size from the file's start. A register of no declared type
 * (none the parser makes has one) keeps 64 bits. */
uint32_t ws_reg_layout(const ws_kernel *k, uint32_t *roff, uint8_t *rkind)
{
    uint32_t words = 0;
    for (uint32_t r = 0; r < k->nregs; r++) {
        ws_type t = (ws_type)k->regs[r].type;
        rkind[r] = t == WS_T_PRED ? WS_ROW_PRED : t != WS_T_NONE && ws_type_bits(t) <= 32 ? WS_ROW_32 : WS_ROW_64;
    }
    static const unsigned size[] = {[WS_ROW_64] = 32, [WS_ROW_32] = 16, [WS_ROW_PRED] = 1};
    for (unsigned kind = WS_ROW_64; kind <= WS_ROW_PRED; kind++)
        for (uint32_t r = 0; r < k->nregs; r++)
            if (rkind[r] == kind) {
                roff[r] = words;
                words += size[kind];
            }
    return words ? words : 1;
}
