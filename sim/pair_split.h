/* pair_split: ptxas's two registers for a 64-bit pair the PTX packs and unpacks again, for the timing mode (the
 * preset's schedule.pair_split; pair_split.c; docs/calibration.md "(misc32)", "(pair33)").
 *
 * PTX that works on a 64-bit register's halves unpacks it (`mov.b64 {x, y}, %rd`) and packs it again (`mov.b64 %rd,
 * {a, b}`); ptxas allocates such a pair as two 32-bit registers and never joins them (probe_mad19.sass mad19_fli: the
 * FFMA chain of a stream's low halves in R11-R18, the LOP3 chain of its high halves in R4-R10, R19, by turns, S01
 * each). warpsim's 64-bit register joins them: the pack is ready with the later half, and the next unpack gives both
 * halves that cycle, so one chain waits for the other through every pack, in the list schedule and the scoreboard.
 * With schedule.pair_split 1 the timing mode runs a copy of the kernel (rename.h's, after its renaming) in which,
 * within a basic block, the readers of an unpack's halves read the registers the pack before it took them from (x's
 * readers a, y's b), where neither is written in between; an unpack whose half is then read nowhere writes a fresh
 * register for it, so that nothing orders the unpack against the next write of x or y. The pack and the unpack stay
 * (free movs, no SASS and no cycle of their own): the executor, which runs the copy, computes what the PTX computes (a
 * reader reads the same 32 bits, which the pack and the unpack only move), and what is live after the block is the
 * same. */
#ifndef WS_PAIR_SPLIT_H
#define WS_PAIR_SPLIT_H

#include "opcodes.h"

/* Rewrites code, kernel k's instructions or a copy of them with its renaming (k->ninsns of them, registers below
 * nregs), as above. types: per register below nregs its declared ws_type. Fresh registers are numbered from nregs; for
 * each, half_of (NULL: not recorded) gets the register of the unpack's half it stands for. Returns the fresh registers
 * it takes (0: it changed nothing), or UINT32_MAX when out of memory. */
uint32_t ws_pair_split(const ws_kernel *k, ws_insn *code, uint32_t nregs, const uint8_t *types, uint32_t *half_of);

#endif
