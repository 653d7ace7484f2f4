/* contract: which mul + add/sub pairs ptxas fuses into one fma (FFMA, DFMA, HFMA2), so that
 * warpsim rounds once where the H200 does (docs/hardware.md, "FMA contraction", has the rule and
 * the SASS it was read from; tests/ptx/contract holds the cases).
 *
 * ws_contract_kernel marks each add/sub that ptxas contracts (ws_insn.fused_mul, fused_how) in a
 * linked kernel; ws_contract_rewrite turns the marked instructions of a copy of its code into the
 * fma the H200 runs. The module keeps the PTX as written (the printer prints it back). */
#ifndef WS_CONTRACT_H
#define WS_CONTRACT_H

#include <stddef.h>

#include "opcodes.h"

/* The sign bit(s) of a float of type t (both halves of a pair). */
static inline uint64_t ws_sign_bits(ws_type t)
{
    switch (t) {
    case WS_T_F64: return 1ull << 63;
    case WS_T_F32: return 1ull << 31;
    case WS_T_F16X2:
    case WS_T_BF16X2: return 0x80008000ull;
    default: return 0x8000ull;
    }
}

/* 0, or 1 with msg and *pc (the instruction at fault) set: a contraction warpsim cannot run as
 * ptxas compiles it (a source of the mul written again before the add reads the product), or a
 * kernel too large to analyse. */
int ws_contract_kernel(ws_kernel *k, char *msg, size_t cap, uint32_t *pc);

/* code: a copy of k's instructions; each add/sub marked by ws_contract_kernel becomes an fma of
 * the mul's operands and the other addend, negated (WS_FNEG) as the pair needs. */
void ws_contract_rewrite(const ws_kernel *k, ws_insn *code);

#endif
