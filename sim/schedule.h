/* schedule: the order in which ptxas issues a kernel's instructions, for the timing mode
 * (schedule.c; docs/calibration.md "ptxas's schedule" gives each rule with its SASS).
 *
 * ptxas reorders the instructions of a basic block: long-latency loads and shuffles move ahead
 * of the uses of the ones before them, their uses move down (a list schedule over the block's
 * dependences, longest latency path first). The timing mode issues a converged warp's
 * instructions in this order; every register and memory dependence keeps its order, so each
 * lane computes the same values as in program order (the functional mode never uses it). */
#ifndef WS_SCHEDULE_H
#define WS_SCHEDULE_H

#include "opcodes.h"
#include "warp.h"

/* A kernel's schedule. Positions are pcs: the instructions of a segment [first[p], ...) are
 * issued in the order order[first[p]], order[first[p] + 1], ... where a warp in program order
 * would run first[p], first[p] + 1, ... . A segment is a stretch of a basic block between
 * ordering points (every instruction that moves lanes, fences, bar.warp.sync, clock reads: each
 * a segment of its own, order[p] = p). */
typedef struct {
    uint32_t *order;    /* per position: the pc of the instruction issued there */
    uint32_t *first;    /* per position: the first position of its segment */
    uint8_t *warp_wide; /* per position: its segment reorders a collective or activemask */
    uint8_t *chain;     /* per position, with schedule.fma_chain (else NULL): WS_CHAIN_IN where its segment is an
                         * FMA-pipe chain's (fma_chain's program order), WS_CHAIN_KEPT where ptxas would keep its yield
                         * bit there (pick.yield) */
} ws_schedule;
enum { WS_CHAIN_IN = 1, WS_CHAIN_KEPT = 2 };

/* The datapath whose forwarding a fixed-latency op's result takes (cross.feed: timing.c timing_info.side, rule 5's
 * ws_schedule_budget.side). */
enum {
    WS_SIDE_ALU = 1,  /* LOP3, IADD3, SEL, SHF, PRMT, ISETP, FSETP, FSEL, FMNMX, I2FP, F2FP */
    WS_SIDE_FMA = 2,  /* IMAD (and IMAD.IADD, IMAD.SHL), FFMA, FADD, FMUL */
    WS_SIDE_HALF = 3, /* HADD2, HMUL2, HFMA2, HADD2.F32 */
    WS_SIDE_MASK = 3,
    WS_SIDE_FEEDS = 4, /* its latency is the fixed one (alu): its reader on another datapath waits cross.feed more */
};

/* Whether a reader with datapath `reader` waits cross.feed more for a result of datapath `producer` (WS_SIDE_*):
 * ptxas's 5 cycles, not 4, from a fixed-latency op to its reader on another datapath (docs/calibration.md "(lat18)"). */
static inline int ws_side_crosses(unsigned producer, unsigned reader)
{
    return (producer & WS_SIDE_FEEDS) && (reader & WS_SIDE_MASK) && (producer & WS_SIDE_MASK) != (reader & WS_SIDE_MASK);
}

/* Rule 5 of schedule.c, ptxas's register budget (docs/calibration.md "ptxas's register budget,
 * modelled"). */
typedef struct {
    unsigned regs;       /* the 32-bit registers the kernel's values may take (0: not known, no budget) */
    unsigned spare;      /* ptxas frees registers once a value would leave fewer than this many free */
    unsigned spare_load; /* with reuse: the spare for a load's value (schedule.spare_load; 0: spare) */
    unsigned predicates; /* the predicate registers a thread has (P0-P6: 7; 0: not counted) */
    unsigned fused;      /* 1: a fused pair's first op frees what its reader frees (schedule.fused_frees) */
    unsigned starts;     /* 1: that first op starts a drain, does not keep one going (schedule.fused_start) */
    unsigned copies;     /* 1: a copy of a constant register goes as early as it can (schedule.const_copy) */
    unsigned written;    /* 1: a register holds a value only where some write reached it (schedule.written) */
    unsigned half_regs;  /* 1: a move with no SASS (a half unpack) takes its sources' registers (schedule.half_regs) */
    unsigned reuse;      /* 1: a register is reused once its last reader issues, not after a drain (schedule.reuse) */
    const uint8_t *pass; /* per instruction, 1: a mov with no SASS that passes its source's value on, its readers counting
                          * from the source's ready cycle (schedule.free_pass); NULL: none */
    unsigned mio_gap;    /* rule 4, with or without registers: cycles between two shared loads (schedule.mio_gap) */
    unsigned high_wait; /* rule 6: a candidate whose pipe is busy goes before a ready one this many cycles lower in rule
                          * 4's heights, the list waiting for its pipe (schedule.high_wait; 0: off) */
    const uint8_t *fixups; /* per instruction, 1: an .f32 MUFU form with ptxas's fix-ups, the only candidate high_wait
                            * holds the list for; NULL: none */
    /* per instruction, the datapath of its result and its reads (WS_SIDE_*: 1-3, 0 none; WS_SIDE_FEEDS: its latency
     * is the fixed one), instruction pc's at side[pc * side_step] (a field of a table of records: timing.c's
     * timing_info, read where it is), and the cycles a reader on another datapath waits more for such a result
     * (cross.feed); NULL, 0: none */
    const uint8_t *side;
    size_t side_step;
    unsigned cross;
    /* per instruction, with reuse: the cycles of its latency rule 4's heights leave out (a half pair's HFMA2.MMA: its
     * latency beyond HADD2's, ptxas's choice of the form after its schedule); NULL: none */
    const uint8_t *unweighed;
    /* schedule.c's three phases (schedule_alloc.h, schedule.alloc): a first order keeping at most `alloc` values
     * live, first-in first-out registers out of alloc_regs over it, then rule 4 with their write-after-read and
     * write-after-write edges; alloc 0: off */
    unsigned alloc, alloc_regs;
    /* schedule.fma_chain F (0: off): in a segment where an FFMA, FADD or FMUL reads another's result (WS_SCHED_FMA to
     * WS_SCHED_FMA) and an IMAD-pipe instruction (WS_SCHED_IMAD) is there too, rule 4 takes the ready candidate first
     * in program order (not the highest, no turns between the IMAD and FMA pipes, the first order of schedule.alloc's
     * phases not made), and a raw edge from one FMA-pipe instruction to another counts F cycles at least (ptxas's 5) */
    unsigned fma_chain;
    /* schedule.half_turn 1 (0: off): of two half adds, subs or muls ready at the same cycle, one a HADD2 or HMUL2 (the
     * IMAD pipe) and one an HFMA2.MMA (half_pairs), the one on the other side than the last half op's goes first */
    unsigned half_turn;
    /* pick.yield E (0: off), with fma_chain: in such a segment ptxas's yield bit of each position, by yield23's rule over
     * the list schedule's cycles (the stall count: the cycles to the next position): clear where it is 3 or more, or 2
     * once E cycles of stall counts have run since the last clear one, and on what is not a fixed-latency op of the ALU,
     * IMAD or FMA pipe (ws_schedule.chain's WS_CHAIN_KEPT where kept) */
    unsigned yield_every;
    /* per instruction, 1 for one the piece's length does not count (schedule.pair_split's packs and unpacks of a 64-bit
     * pair: free movs, no SASS, five a step where ptxas's two registers have two; docs/calibration.md "(pair34)");
     * NULL: every instruction counts */
    const uint8_t *uncounted;
} ws_schedule_budget;

/* Rule 6 of schedule.c: the sub-partition pipe an instruction holds, per instruction WS_SCHED_PIPE(kind, cycles);
 * WS_SCHED_FREE: it takes no issue slot (schedule.free_slot), so it takes no cycle of the schedule; WS_SCHED_FMA: an
 * FFMA, FADD or FMUL, which issues no earlier than `cycles` after an IMAD-pipe instruction (WS_SCHED_IMAD) of the
 * warp (ptxas's stall count: timing.c imad_stalls, stall.imad_fma), and takes turns with the IMAD-pipe instructions
 * (schedule.c rule 6); WS_SCHED_F64: a DADD, DMUL or DFMA, which holds the f64 pipe `cycles` (schedule.f64). */
enum { WS_SCHED_NONE, WS_SCHED_ALU, WS_SCHED_IMAD, WS_SCHED_ANY, WS_SCHED_XU, WS_SCHED_FREE, WS_SCHED_FMA };
enum { WS_SCHED_F64 = WS_SCHED_FMA + 1 }; /* the kinds take 3 bits (WS_SCHED_PIPE): this is the last */
#define WS_SCHED_PIPE(kind, cycles) ((uint8_t)((kind) | ((cycles) > 31 ? 31 : (cycles)) << 3))

/* Computes the schedule of n instructions (code, their register uses, each one's latency in
 * cycles as the timing model charges it without conflicts; fold: each one's WS_FOLD_* (fold.h),
 * or NULL: a folded load accesses no memory, so rule 2 does not order it; budget: rule 5's, or
 * NULL: none; pipe: rule 6's, each one's WS_SCHED_PIPE, or NULL: none; piece: the longest piece a
 * stretch is scheduled in, 0: 128, at most 1024). Returns 0, or -1 when out of memory. */
int ws_schedule_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const double *latency,
                      const uint8_t *fold, const ws_schedule_budget *budget, const uint8_t *pipe, uint32_t piece,
                      ws_schedule *s);
void ws_schedule_free(ws_schedule *s);
/* The timing mode's hook, after ws_warp_pick chose *pk (WS_PICK_EXEC) for warp w: the group at
 * position p issues the instruction the schedule puts there (pk->pc) and goes on to position p + 1
 * (pk->next). *seg is the warp's own state: UINT32_MAX at the start of a block. */
/* ws_warp_pick decides whether a group may run by the instruction at its position, so a segment
 * that moves a collective or activemask (warp_wide) is issued in the schedule's order only by a
 * warp that enters it converged at its first position (*seg: that segment; a converged warp stays
 * converged to the segment's end); a diverged warp issues it in program order, and so does a warp
 * that converges in its middle. Every other segment is issued in the schedule's order by every
 * group. Each lane thus runs a segment in one of the two orders from its start to its end. */
/* *seg is read only in a warp_wide segment, so it is written only there (a converged warp's entry
 * at the first position) and where a pick resets it (diverged or merged): at every pick in a
 * warp_wide segment it holds what writing it at every pick would give, since the warp's picks since
 * it entered the segment (or since its lanes last ran diverged there) were all in that segment. */
static inline void ws_schedule_pick(const ws_schedule *s, const ws_warp *w, ws_pick *pk, uint32_t *seg)
{
    uint32_t p = pk->pc;
    if (pk->merged) {
        *seg = UINT32_MAX;
        return;
    }
    if (!w->converged)
        *seg = UINT32_MAX;
    if (s->warp_wide[p]) {
        uint32_t first = s->first[p];
        if (w->converged && first == p)
            *seg = p;
        if (*seg != first)
            return;
    }
    if (s->order[p] != p) {
        pk->pc = s->order[p];
        pk->next = p + 1;
    }
}
/* Bytes ws_schedule_build keeps for n instructions. */
uint64_t ws_schedule_bytes(uint32_t n);

#endif
