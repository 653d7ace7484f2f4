/* cfg: what a kernel's control flow says before it runs (cfg.c): where divergent lanes meet
 * again, and which registers some path may read before writing them. */
#ifndef WS_CFG_H
#define WS_CFG_H

#include "opcodes.h"

/* Per instruction, the reconvergence pc of a divergent branch (UINT32_MAX: none), or NULL when
 * out of memory. */
uint32_t *ws_reconvergence_points(const ws_kernel *k);
/* Marks in leader (k->ninsns + 1 bytes, zeroed) the instructions a label, a function's entry or
 * the kernel's start makes the first of a basic block (the linked .func code starts one too).
 * The instruction after a branch or an exit starts one as well; the caller marks those. */
void ws_block_starts(const ws_kernel *k, uint8_t *leader);
/* ws_block_starts' leaders and the instruction after each branch, call, ret, exit or trap: the straight runs of code
 * that ptxas allocates registers over (rename.h, pair_split.h). */
void ws_straight_blocks(const ws_kernel *k, uint8_t *leader);
/* Marks in leader (n + 1 bytes, zeroed) the first instruction of each basic block of the control
 * flow of code[0..n): the first one, each branch's target, and each one after a branch or an end of
 * path (ret, exit, trap); n itself when a branch goes there or the last one ends a block. */
void ws_flow_block_starts(const ws_insn *code, uint32_t n, uint8_t *leader);
/* Per instruction of k, the number of its basic block (ws_block_starts's blocks, counted from 0); NULL when out of
 * memory. */
uint32_t *ws_block_numbers(const ws_kernel *k);
/* The instruction before pc in pc's block that last writes reg (uses: ws_insn_reg_use of each instruction); UINT32_MAX:
 * none (a value from before the block). block: per instruction its block's number, in any numbering where a block's
 * instructions are consecutive (ws_block_numbers; fold.c's, finer, splits them at lane moves and clock reads too). */
uint32_t ws_block_last_writer(const ws_reg_use *uses, const uint32_t *block, uint32_t pc, uint32_t reg);
/* Where control goes after code[i] of code[0..n), into succ (returns how many, at most two): a
 * branch's target, and the next instruction unless an unguarded branch or end of path (ret, exit,
 * trap) ends it; none at n or beyond. */
static inline unsigned ws_insn_successors(const ws_insn *code, uint32_t n, uint32_t i, uint32_t succ[2])
{
    const ws_insn *in = &code[i];
    int branch = ws_op_class_of(in->op) == CLS_BRANCH;
    unsigned ns = 0;
    if (branch && in->ops[0].imm < n)
        succ[ns++] = (uint32_t)in->ops[0].imm;
    if ((!branch && !ws_op_ends_path(in->op)) || in->guard != WS_NO_REG)
        if (i + 1 < n)
            succ[ns++] = i + 1;
    return ns;
}
/* The registers some path may read before writing them (sorted; *count of them), or NULL when
 * every register must be zeroed: out of memory, or a kernel too large to analyse in
 * WS_ANALYSIS_BYTES (what the memory limit charges for it). code: k's instructions as they run
 * (symbols folded, mul + add contracted). When plan is not NULL, *plan is set to the
 * uninitialised-value check's plan, one byte of WS_UNINIT_* per instruction (NULL with the list,
 * or when out of memory: then every instruction is checked in full):
 *  - WS_UNINIT_READS: some source may be read before a write on some path, or may hold bytes a
 *    byte move (bytemove.h) carried in undefined; elsewhere every source was written,
 *    unguarded, on every path from the entry, by instructions that define every byte, so that each
 *    lane that runs the instruction wrote it itself and the check (shadow.c) could only find every
 *    lane written;
 *  - WS_UNINIT_WRITES: it writes a register that some WS_UNINIT_READS instruction reads (the
 *    writes of the others are read only where they are proven). */
#define WS_ANALYSIS_BYTES ((uint64_t)32 << 20)
enum { WS_UNINIT_READS = 1, WS_UNINIT_WRITES = 2 };
/* uses: ws_insn_reg_use of each instruction of code, computed once by the caller */
uint32_t *ws_registers_read_unwritten(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint32_t *count,
                                      uint8_t **plan);

#endif
