/* rename: ptxas's renaming of the registers the PTX loads into again, for the timing mode
 * (rename.c; the preset's schedule.rename; docs/calibration.md "ptxas's renaming of loads, in
 * warpsim").
 *
 * ptxas allocates registers after it schedules, so a PTX register that a basic block loads into
 * more than once does not order those loads after the reads of its earlier values; warpsim's list
 * schedule (schedule.c rule 3) keeps every register's write-after-read and write-after-write
 * orders. With schedule.rename 1 the timing mode runs a copy of the kernel in which, within each
 * basic block, every load into such a register but the last writes a fresh register of its own,
 * read by the instructions that read that value: the schedule is then free to hoist the loads, and
 * the executor, which runs the instructions in the schedule's order, computes what program order
 * computes (each read reads the value it read before; the last write keeps the register, so what
 * is live after the block is unchanged). The functional mode never renames. */
#ifndef WS_RENAME_H
#define WS_RENAME_H

#include "opcodes.h"

/* The writes that may be renamed (the preset's keys): loads (schedule.rename), ops that compute a
 * register from registers (schedule.rename_alu: the CLS_ALU class of opcodes.h); and, after those, the halves of a
 * 64-bit pair the block packs and unpacks again, read from the registers packed (schedule.pair_split: pair_split.h). */
enum { WS_RENAME_LOADS = 1, WS_RENAME_ALU = 2, WS_RENAME_PAIRS = 4 };

/* The most registers a kernel may have with its fresh ones: the parser's limit for the PTX's. */
#define WS_RENAME_MAX_REGS (1u << 24)

/* A kernel with its loads renamed. k.insns and k.regs are the record's own; every other field
 * of k is the PTX kernel's (ws_rename_borrow points them at the kernel of the launch). */
typedef struct {
    ws_kernel k;
    uint32_t nptx;     /* the PTX's registers, 0 .. nptx - 1; nptx .. k.nregs - 1 are fresh */
    uint32_t *ptx_reg; /* per register of k: the PTX register whose value it holds (itself below nptx) */
} ws_renamed;

/* The fresh registers the renaming of k takes (0: it renames nothing), or UINT32_MAX when out of
 * memory. Which registers, per basic block (a label, a .func's entry, or the instruction after a
 * bra, call, ret, exit or trap starts one): those written more than once in it, every write an
 * unguarded instruction of one of the classes (WS_RENAME_*) whose destination is one plain
 * register, and named by no instruction of the block whose operand 0 is not a plain register (a
 * vector, a sink, a `p|q` pair: all its registers) nor by a call, elect or griddepcontrol. */
uint32_t ws_rename_count(const ws_kernel *k, unsigned classes);
/* Whether k with fresh registers more has at most max (a launch: WS_RENAME_MAX_REGS): 0, or -1 with
 * the launch's message in msg. */
int ws_rename_fits(const ws_kernel *k, uint32_t fresh, uint32_t max, char *msg, size_t len);
/* Builds r from k with its fresh registers (ws_rename_count's of the same classes, at least one: the caller checks
 * that k->nregs + fresh stays within WS_RENAME_MAX_REGS). A fresh register takes the name and the
 * type of the PTX register it stands for, so what names a register names the PTX's. Returns 0,
 * or -1 when out of memory (r then holds nothing to free). */
int ws_rename_build(const ws_kernel *k, unsigned classes, uint32_t fresh, ws_renamed *r);
/* Points r->k's borrowed fields and its registers' names at k's: the kernel of a launch, the same
 * instructions as the one r was built from, whose module may be another (sim.h ws_prepared). */
void ws_rename_borrow(ws_renamed *r, const ws_kernel *k);
void ws_rename_free(ws_renamed *r);

#endif
