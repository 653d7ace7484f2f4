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
#include "timing.h"

unsigned ws_bank_wavefronts(const uint64_t addr[32], uint32_t mask, unsigned bytes, uint8_t bank[32])
{
    unsigned lanes_per_phase = bytes <= 4 ? 32 : bytes == 8 ? 16 : 8;
    unsigned words = bytes <= 4 ? 1 : bytes / 4;
    unsigned total = 0;
    for (unsigned p0 = 0; p0 < 32; p0 += lanes_per_phase) {
        uint32_t pmask = mask & (lanes_per_phase == 32 ? 0xffffffffu : ((1u << lanes_per_phase) - 1) << p0);
        if (!pmask)
            continue;
        /* distinct words per bank in this phase: at most 32 lanes x 4 words */
        uint64_t seen[128];
        unsigned nseen = 0, per_bank[32] = {0}, worst = 0;
        for (unsigned l = p0; l < p0 + lanes_per_phase; l++) {
            if (!((pmask >> l) & 1))
                continue;
            for (unsigned w = 0; w < words; w++) {
                uint64_t word = addr[l] / 4 + w;
                unsigned b = (unsigned)(word % 32);
                if (w == 0 && bank)
                    bank[l] = (uint8_t)b;
                unsigned i = 0;
                while (i < nseen && seen[i] != word)
                    i++;
                if (i < nseen)
                    continue; /* a broadcast: this word is already served */
                seen[nseen++] = word;
                if (++per_bank[b] > worst)
                    worst = per_bank[b];
            }
        }
        total += worst;
    }
    return total;
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

unsigned ws_bank_same_word_lanes(const uint64_t addr[32], uint32_t mask)
{
    unsigned most = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!((mask >> l) & 1))
            continue;
        unsigned n = 0;
        for (unsigned m = 0; m < 32; m++)
            if (((mask >> m) & 1) && addr[m] / 4 == addr[l] / 4)
                n++;
        if (n > most)
            most = n;
    }
    return most;
}
