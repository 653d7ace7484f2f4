/* banks: shared-memory banks, how many wavefronts one warp access needs (banks.c says the rule,
 * measured on the H200). */
#ifndef WS_BANKS_H
#define WS_BANKS_H

#include <stdint.h>

/* ---- banks (sim/banks.c) -------------------------------------------------------------------- */
/* Wavefronts of one warp access of `bytes` per lane (1..16) by the lanes of mask; each lane's
 * bank into bank[] when not NULL. */
unsigned ws_bank_wavefronts(const uint64_t addr[32], uint32_t mask, unsigned bytes, uint8_t bank[32]);
unsigned ws_bank_min_wavefronts(uint32_t mask, unsigned bytes);
/* The largest number of lanes addressing one `unit`-byte granule (a 4-byte word: unit 4). */
unsigned ws_bank_same_word_lanes(const uint64_t addr[32], uint32_t mask, unsigned unit);

#endif
