/* prmt_rule: which bytes of {b, a} a prmt picks, for the executor (exec_logic.c, ex_prmt) and the
 * uninitialized-register check (bytemove.c: each result byte is as defined as the byte it picks). */
#ifndef WS_PRMT_RULE_H
#define WS_PRMT_RULE_H

#include <stdint.h>

/* prmt.b32{.mode} d, a, b, c, from the PTX ISA: the eight source bytes are {b, a} (a's bytes 0-3,
 * b's 4-7); sel[i] says which one result byte i takes (bits 0-2). The default mode (mode 0) reads
 * four selector nibbles of c, whose bit 3 replicates the chosen byte's sign over the result byte
 * (the byte still comes from that source byte's bit 7). The other modes read c[1:0] (f4e and b4e
 * too: programs/probe_isa_audit rows 0-1), rc16 c[0]; they never set bit 3. */
static inline void ws_prmt_select(unsigned mode, uint32_t c, unsigned sel[4])
{
    unsigned s = c & 3;
    /* clang-format off */
    switch (mode) {
    case 1: sel[0] = s; sel[1] = (s + 1) & 7; sel[2] = (s + 2) & 7; sel[3] = (s + 3) & 7; break; /* f4e */
    case 2: sel[0] = s; sel[1] = (s - 1) & 7; sel[2] = (s - 2) & 7; sel[3] = (s - 3) & 7; break; /* b4e */
    case 3: sel[0] = sel[1] = sel[2] = sel[3] = s; break;                                        /* rc8 */
    /* edge clamps (the PTX ISA's table): ecl 1 gives bytes 3 2 1 1, ecr 1 gives 1 1 1 0 */
    case 4: for (unsigned i = 0; i < 4; i++) sel[i] = i > s ? i : s; break; /* ecl */
    case 5: for (unsigned i = 0; i < 4; i++) sel[i] = i < s ? i : s; break; /* ecr */
    case 6: s = c & 1; sel[0] = sel[2] = 2 * s; sel[1] = sel[3] = 2 * s + 1; break; /* rc16 */
    default:
        for (unsigned i = 0; i < 4; i++)
            sel[i] = (c >> (4 * i)) & 0xf;
        break;
    }
    /* clang-format on */
}

#endif
