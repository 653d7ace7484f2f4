/* Shared-memory banks: how many wavefronts one warp access needs.
 *
 * The rule (DESIGN.md "Timing", measured on the H200 by programs/bench_shared_*):
 *  - 32 banks of 4 bytes; the bank of a byte address is (addr / 4) % 32.
 *  - Lanes are served in phases: 32 lanes at once for accesses of up to 4 bytes, two phases
 *    of 16 lanes for 8-byte accesses, four phases of 8 lanes for 16-byte accesses.
 *  - In a phase, each bank serves one distinct 4-byte word per wavefront: the phase needs as
 *    many wavefronts as the largest number of distinct words any one bank holds. Lanes that
 *    read the same word share it (a broadcast), so they add nothing.
 * The access needs the sum over phases that have active lanes; bank_conflicts counts the
 * wavefronts beyond the minimum.
 */
#include "banks.h"
#include "sim.h"

#include <string.h>

/* A set of at most 32 4-byte words with a count each: open addressing in 64 slots, `used` says
 * which slots hold a word, so an empty set costs one store. A phase touches at most 32 words
 * (32 lanes x 1, 16 x 2 or 8 x 4), an access at most 32 lanes: the table is never full. Each
 * word also keeps the lane that touched it first and its rank in its bank (ws_bank_rule). */
typedef struct {
    uint64_t used;
    uint64_t word[64];
    uint8_t count[64], first[64], rank[64];
} word_set;

/* Adds one to word's count; returns its slot. */
static unsigned word_set_add(word_set *s, uint64_t word)
{
    unsigned i = (unsigned)((word * 0x9e3779b97f4a7c15ull) >> 58);
    while ((s->used >> i) & 1) {
        if (s->word[i] == word) {
            s->count[i]++;
            return i;
        }
        i = (i + 1) & 63;
    }
    s->used |= 1ull << i;
    s->word[i] = word;
    s->count[i] = 1;
    return i;
}

/* The one walk over an access: the timing model's count (map NULL) and the viewer's map. */
static unsigned bank_walk(const uint64_t addr[32], uint32_t mask, unsigned bytes, uint8_t bank[32], ws_bank_access *map)
{
    unsigned lanes_per_phase = bytes <= 4 ? 32 : bytes == 8 ? 16 : 8;
    unsigned words = bytes <= 4 ? 1 : bytes / 4;
    unsigned total = 0;
    for (unsigned p0 = 0; p0 < 32; p0 += lanes_per_phase) {
        uint32_t pmask = mask & (lanes_per_phase == 32 ? 0xffffffffu : ((1u << lanes_per_phase) - 1) << p0);
        if (!pmask)
            continue;
        word_set seen;
        seen.used = 0;
        unsigned per_bank[32] = {0}, worst = 0;
        FOR_EACH_LANE(pmask, l) { /* the phase's active lanes, in order (a one-lane store: one) */
            for (unsigned w = 0; w < words; w++) {
                uint64_t word = addr[l] / 4 + w;
                unsigned b = (unsigned)(word % 32);
                if (w == 0 && bank)
                    bank[l] = (uint8_t)b;
                unsigned slot = word_set_add(&seen, word);
                if (seen.count[slot] == 1) { /* a new word: its bank serves one more */
                    seen.first[slot] = (uint8_t)l;
                    seen.rank[slot] = (uint8_t)per_bank[b]++;
                    if (per_bank[b] > worst)
                        worst = per_bank[b];
                } /* else a broadcast: this word is already served */
                if (map) {
                    map->bank[l][w] = (uint8_t)b;
                    map->wave[l][w] = (uint8_t)(total + seen.rank[slot]);
                    map->first[l][w] = (int8_t)seen.first[slot];
                }
            }
        }
        if (map)
            map->degree[p0 / lanes_per_phase] = (uint8_t)worst;
        total += worst;
    }
    return total;
}

unsigned ws_bank_wavefronts(const uint64_t addr[32], uint32_t mask, unsigned bytes, uint8_t bank[32])
{
    if (mask && !(mask & (mask - 1))) {             /* one lane (a warp's sum stored by its lane 0): its words are */
        unsigned l = (unsigned)__builtin_ctz(mask); /* consecutive, each in a bank of its own: one wavefront */
        if (bank)
            bank[l] = (uint8_t)(addr[l] / 4 % 32);
        return 1;
    }
    return bank_walk(addr, mask, bytes, bank, NULL);
}

unsigned ws_bank_rule(const uint64_t addr[32], uint32_t mask, unsigned bytes, ws_bank_access *out)
{
    memset(out, 0, sizeof *out);
    memset(out->first, -1, sizeof out->first);
    out->words = bytes <= 4 ? 1 : bytes / 4;
    out->lanes_per_phase = bytes <= 4 ? 32 : bytes == 8 ? 16 : 8;
    out->wavefronts = bank_walk(addr, mask, bytes, NULL, out);
    out->min_wavefronts = ws_bank_min_wavefronts(mask, bytes);
    return out->wavefronts;
}

unsigned ws_bank_min_wavefronts(uint32_t mask, unsigned bytes)
{
    unsigned lanes_per_phase = bytes <= 4 ? 32 : bytes == 8 ? 16 : 8;
    unsigned n = 0;
    for (unsigned p0 = 0; p0 < 32; p0 += lanes_per_phase)
        if (mask & (lanes_per_phase == 32 ? 0xffffffffu : ((1u << lanes_per_phase) - 1) << p0))
            n++;
    return n;
}

unsigned ws_bank_same_word_lanes(const uint64_t addr[32], uint32_t mask, unsigned unit)
{
    word_set lanes_of;
    lanes_of.used = 0;
    unsigned most = 0;
    FOR_EACH_LANE(mask, l) {
        unsigned n = lanes_of.count[word_set_add(&lanes_of, addr[l] / unit)];
        most = n > most ? n : most;
    }
    return most;
}
