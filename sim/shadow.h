/* shadow: the checks behind ws_config.check_uninitialized.
 *
 *  - registers read before any instruction wrote them (per register, a mask of lanes that
 *    wrote every byte of it: ws_warp.reg_written), and bytes a move, pack, unpack, shuffle,
 *    narrowing cvt, selp, prmt or shift carried in undefined (bytemove.h), reported where
 *    something other than such a move reads them;
 *  - shared memory read before any thread of the block wrote it (ws_block.shared_written);
 *  - shared-memory races: two different warps touch the same byte, at least one writing,
 *    with no block barrier released between (an epoch counter per launch, bumped by every
 *    bar.sync release and every acquire: ld.acquire, atom.acquire/.acq_rel, fence, membar;
 *    per shared byte the last writer and the readers of the epoch).
 *
 * With the check off, ws_block.shadow is NULL and the machine calls nothing here: the cost
 * is one pointer test per instruction and per shared access. */
#ifndef WS_SHADOW_H
#define WS_SHADOW_H

#include "cfg.h"
#include "sim.h"

/* Allocate (first block) or reset (later blocks) the shadow state of a block whose warps
 * init_block just cleared. Returns -1 when out of memory (the checks are then off). */
int ws_shadow_block_begin(ws_launch_ctx *L, ws_block *b);
void ws_shadow_block_free(ws_block *b);
/* Bytes ws_shadow_block_begin takes for a block (the memory limit charges them). */
uint64_t ws_shadow_block_bytes(uint32_t nwarps, uint32_t nregs, uint64_t shared_size);

/* What the check must do for the instruction at pc (WS_UNINIT_* of the launch's plan, cfg.h):
 * reads where a source may be unwritten, writes where a register so read is written (and at
 * acquires); everything where the launch has no plan. Skipping the rest changes nothing: such a
 * read would find every lane written. */
static inline unsigned ws_shadow_need(const ws_launch_ctx *L, uint32_t pc)
{
    return L->uninit_plan && pc < L->k->ninsns ? L->uninit_plan[pc] : WS_UNINIT_READS | WS_UNINIT_WRITES;
}
/* Whether the instruction may acquire what another warp released (ws_shadow_writes then starts
 * a new race epoch). */
bool ws_shadow_acquires(const ws_insn *in);

/* Before an instruction runs: group issued it, exec of them have a true guard. Reports
 * reads of registers that no instruction wrote for those lanes. */
void ws_shadow_reads(ws_exec *x, const ws_insn *in, uint32_t group, uint32_t exec);
/* After it ran: its destinations now hold values in the exec lanes. */
void ws_shadow_writes(ws_exec *x, const ws_insn *in, uint32_t exec);
/* A shared-memory access of size bytes at host pointer p by one lane (p may point anywhere:
 * only pointers into the block's shared memory are tracked). kind: 0 load, 1 store, 2 atomic. */
void ws_shadow_shared(ws_exec *x, const uint8_t *p, size_t size, int kind, unsigned lane);
/* A block barrier was released: accesses before it are ordered with accesses after it. */
void ws_shadow_barrier(ws_block *b);

#endif
