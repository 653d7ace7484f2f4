/* The order ptxas issues a basic block's instructions in (schedule.h): a list schedule.
 *
 * Rules (docs/calibration.md "ptxas's schedule", each with the SASS of tests/calibration/sass/):
 *  1. Nothing moves across an ordering point: an instruction that moves lanes (bra, exit, ret,
 *     call, bar.sync), a fence or membar, nanosleep, bar.warp.sync, a read of %clock,
 *     %clock64 or %globaltimer (bench_*: the timed instructions stay between the two CS2R), or
 *     a basic block's first instruction (a label, a .func's entry).
 *     A collective whose membermask is not the full warp (an immediate, or a register only ever
 *     set to it: full_mask_registers) is one too: ptxas puts WARPSYNC,
 *     WARPSYNC.EXCLUSIVE or a convergence check ending in BRA.DIV before it (subwarp.h; cg tiles
 *     of 8 and 16 lanes, CUB WarpReduce<int, 16>).
 *  2. Memory accesses keep their order among themselves (ld, st, atom, red of every space): the
 *     SASS keeps them in program order (bench_shared_ilp: the LDS in order; CUB BlockReduce:
 *     STS, BAR, LDS); each lane's loads see the same memory as in program order. A load ptxas
 *     does not issue (fold.h: it reads an earlier load's register) keeps its order with the
 *     stores and the loads before it, not with the loads after it, and goes as early as its
 *     dependences let it (it is not in the SASS): BlockScan raking's downsweep stores follow
 *     its adds, not the PTX's second reads. So do the
 *     collectives and activemask (each lane meets them in the same order: the split-warp
 *     diagnostics name the same instructions).
 *  3. Every register dependence keeps its order: read after write, write after read, write
 *     after write (guards and predicates included).
 *  4. Among the instructions whose dependences have issued, the first that can issue without
 *     waiting goes first, the one on the longest latency path to the segment's end before the
 *     others (loads and shuffles ahead of adds: bench_shared_ilp hoists its LDS ahead of the
 *     LOP3s that use the ones before; CUB's warp reductions put each SHFL before the add of the
 *     step before), program order between equals. When none can issue yet, the one ready first.
 *     With the preset's schedule.mio_gap, a shared load (not folded) can issue no sooner than that many
 *     cycles after the one before, so what is ready goes in the slots between (bench_mio_w1.sass
 *     0x1d10-0x2310: 27 LDS, then an LDS and a LOP3 of the loads 10 back by turns, 10 LOP3 after the last
 *     LDS, where all 64 loads first leave 21 xor ops after the last; docs/calibration.md "(tree15)").
 *  5. Only with the kernel's registers given (--regs, ptxas -v's count; tests/calibration/regs.txt
 *     for the calibrated kernels) and the preset's schedule.budget 1 (sm_90's): a segment's values,
 *     with those live across it, stay within them. A value takes the 32-bit registers of its type
 *     (a 64-bit zero extension of a 32-bit value one: its high half is RZ); a constant (a
 *     parameter, an immediate, a symbol's address, a launch dimension: ptxas reads the constant
 *     bank, `ULDC UR4, c[0x0][0x4]`; a copy of one) none; the first op of an IADD3 or LOP3
 *     (fold.h) keeps the registers of the sources it ends until the fused op issues, but a
 *     shuffle's only while it is in flight (ptxas issues the shuffles of one LOP3 together,
 *     renamed: bench_throughput.sass 0x1d10/0x1d20; budget_delta); a predicate one of the thread's
 *     schedule.predicates (P0-P6). Once a value would not fit, or would leave fewer than
 *     schedule.spare registers free, every candidate that frees registers goes first, even if it
 *     waits, until none is left (bench_shared_ilp.sass 0x2db0-0x2dd0: `LOP3.LUT R6, R72, R6, R71`
 *     right after `LDS R72`, which it waits for, then `LDS R71` and the LOP3 that waits for it with
 *     2 of the region's 18 registers free). Shuffles and other collectives are held back like loads
 *     (bench_throughput.sass 0x1f30 on: with 14 registers for its values ptxas puts each LOP3 1-3
 *     shuffles after its newest operand; docs/calibration.md "ptxas's register budget, modelled",
 *     "ptxas's spare registers and predicates", "A shuffle's register while it is in flight").
 *     With the preset's schedule.fused_frees 1 (0 in sm_90), the first op of a fused pair (fold.h)
 *     that ends sources counts among the candidates that free registers, as the one LOP3 ptxas makes
 *     of the pair does (bench_shared_ilp.sass 0x2da0-0x2dd0: after 17 LDS, `LOP3.LUT R6, R72, R6,
 *     R71`, which waits for the LDS right before it, then one LDS; docs/calibration.md "ptxas's
 *     renaming of loads, in warpsim"). With schedule.fused_start 1 as well, that first op counts
 *     so only while a value would not fit or would leave fewer than schedule.spare free: it
 *     starts a drain, it does not keep one going (fused_starts_only). With schedule.const_copy 1,
 *     a copy of a register that holds a constant (`mov.u32 %r256, %r255` of a 0), which ptxas has
 *     no instruction for, goes before rule 4's order, so what reads it is not held behind it
 *     (bench_shared_ilp.sass 0x2ca0: the LDS first, each accumulator in a load's register;
 *     docs/calibration.md "A fused pair starts a drain, a constant's copy goes first (ilp24)").
 *     With schedule.reuse 1 (sm_90's since "(reuse30)"), a register is reused in the cycle its last reader issues, as
 *     ptxas's allocation after its schedule does: a drain lasts only while a value would not fit, a candidate that fits
 *     and takes and frees no register (an in-place write, not a folded op) is not held behind it, and schedule.spare
 *     counts for a load's or a collective's value only (probe_alu3.sass alu3_lop3_m 0x0210-0x0260: three LOP3 values
 *     in flight in ptxas's 16 registers, `LOP3.LUT R5` in the register `IMAD R10, R5, R10` read last the cycle
 *     before; alu3_hadd2_m 0x01a0-0x01c0: `HADD2 R9` right after the IMAD that reads R9 last, its IMAD S05 after;
 *     docs/calibration.md "(regs25)"). A load's value counts schedule.spare_load in its place where that is not 0
 *     (sm_90's 3): ptxas leaves one of the 19 registers rule 5 gives bench_shared_ilp's region 6 unused (R74), so its
 *     LDS stop a value sooner, and none of the 15 of bench_throughput's region 5, its SHFL going on (docs/calibration.md
 *     "(fold32)").
 *  6. With the preset's schedule.pipes 1 (sm_90's; timing.c build_schedule gives each instruction's pipe): an
 *     instruction whose sub-partition pipe (ALU, IMAD or XU) is still held by the one issued before it counts as
 *     not ready until the pipe is free (pipe.alu, pipe.imad, pipe.xu cycles; an add takes the IMAD pipe when free,
 *     else the ALU, as the timing model's issue), so rule 4 interleaves what takes different pipes: ptxas issues a
 *     LOP3 and an IMAD in turn (probe_alu3.sass alu3_lop3_m: one a cycle, 547 cycles for 512 instructions on the
 *     H200), where by latency alone a stream's LOP3s went together, 2 cycles apart (docs/calibration.md "(lat15)").
 *     With schedule.free_slot 1 (sm_90's) an instruction the timing model issues in no slot (a free or folded mov:
 *     the unpack `mov.b32 {a, b}, %r` of a cvt.f32.f16, which ptxas has no SASS for) takes no cycle here either,
 *     so the cycle it took goes to what takes another pipe: ptxas alternates HADD2.F32 and LOP3, one a cycle
 *     (probe_alu3.sass alu3_h2f_l), where with a cycle an unpack the conversions took every cycle between
 *     themselves and the LOP3s followed 5-8 of them (docs/calibration.md "(xu16)"). With schedule.free_slot 3 the
 *     pack and unpack of a 64-bit register pair (`mov.b64 {lo, hi}, %rd`, `mov.b64 %rd, {lo, hi}`) take none either:
 *     ptxas's LOP3 reads the DADD's pair (probe_alu3.sass alu3_dadd_l `LOP3.LUT R18, R18, UR4, R19`).
 *     With schedule.f64 1 (sm_90's) an f64 add, mul or fma (DADD, DMUL, DFMA) holds the f64 pipe pipe.f64 cycles,
 *     as ptxas's stall counts do (DADD S02 before a DADD, S01 before a LOP3, IMAD or FFMA), so rule 4 puts the next
 *     round's DADDs among this round's LOP3s as ptxas does (alu3_dadd_l: DADD and LOP3 by turns), where a DADD
 *     holding nothing went with the other DADDs of its round, the round's LOP3s after them (docs/calibration.md
 *     "(f64r18)").
 *     With stall.imad_fma 2 or more (2 in sm_90) an FFMA, FADD or FMUL goes no earlier than that many cycles after an
 *     IMAD-pipe instruction (WS_SCHED_FMA, ptxas's stall count: timing.c imad_stalls), and the two pipes take turns:
 *     of an IMAD-pipe and an FMA-pipe instruction that can go at the same cycle, the one on the other pipe than the
 *     last instruction's goes first (fma_turn). ptxas issues them so (probe_alu3.sass alu3_fma_m, fadd_m, fmul_m:
 *     of 511 neighbours 253 IMAD S02 then FFMA, 254 FFMA then IMAD; alu3_h2f_f: HADD2.F32 and FFMA alike), where
 *     by height alone the IMADs went together, 2 cycles apart, and the FFMAs after them (7 and 7). A cvt.f32.f16's
 *     unpack (WS_SCHED_FREE) goes first after an FFMA and last after an IMAD (free_turn): between an IMAD and its
 *     FFMA the warp would issue it after the stall, in a cycle of its own (docs/calibration.md "(alt18)").
 *     With schedule.high_wait H (8 in sm_90) a MUFU form with ptxas's fix-ups whose sources are ready but whose pipe
 *     is held goes before a candidate ready now that is more than H cycles lower in rule 4's heights: ptxas waits
 *     out the pipe (the fix-ups' FSETP, FSEL S02) and leaves the lower, independent chain for later
 *     (probe_rcp20.sass rcp20_rmi, _rfi, _rli: all 256 IMADs, FFMAs or LOP3s after the 256 rcp forms; high;
 *     docs/calibration.md "(rcp30)").
 *     With schedule.fma_chain F (5 in sm_90), in a segment where an FFMA, FADD or FMUL reads the one just before it in
 *     program order, an integer IMAD is there, the FMA-pipe ops are at least twice the IMADs and no free mov is there,
 *     rule 4 takes the ready candidate first in program order (no heights, no turns, no schedule.alloc phases), an
 *     FMA-pipe op F cycles at least after the one it reads: ptxas's order of mad19 ffm and mff (runs of four FFMAs and
 *     pairs of IMADs; the same rule in tests/calibration/probes/ptxas_order.py generate() gives 645 of mff's 648 steady
 *     classes, 902 of ffm30 fffm's 904); with pick.yield the positions' yield bits (chain_bits; docs/calibration.md
 *     "(order32)").
 * A stretch longer than the piece (the preset's schedule.piece, SEG_MAX when 0) is cut into the
 * fewest pieces of equal length (at most the piece: the cost stays linear in the kernel's length;
 * ptxas's hoisting is bounded by its registers as well). The cut is warpsim's, not ptxas's: pieces
 * of equal length leave no short last piece that issues only after all of the one before
 * (BlockScan raking<int, 1024>'s raking block, 183 instructions: 92 + 91, its downsweep's stores
 * among the adds that compute them as in its SASS; 128 + 55 put them after every add). A piece
 * issues after every instruction of the one before, so a cut costs what the first piece's last
 * consumers wait: bench_mio_w1's shuffle regions of 143 instructions, 72 + 71 at a piece of 128,
 * lose 21-25 cycles there (the xors of the first 32 shuffles wait for the last of them before the
 * next shuffle issues) that their SASS does not have (docs/calibration.md "The cut of a long
 * stretch").
 */
#include "schedule.h"
#include "cfg.h"
#include "fold.h"
#include "liveness.h"
#include "memory.h"

#include <stdlib.h>
#include <string.h>

#define SEG_MAX   128  /* the piece when the preset's schedule.piece is 0 */
#define PIECE_MAX 1024 /* the longest piece: its scratch's dependence matrix takes 2 MB */

uint64_t ws_schedule_bytes(uint32_t n) { return ((uint64_t)n + 1) * (2 * sizeof(uint32_t) + 1); }

void ws_schedule_free(ws_schedule *s)
{
    free(s->order);
    free(s->first);
    free(s->warp_wide);
    free(s->chain);
    s->order = s->first = NULL;
    s->warp_wide = s->chain = NULL;
}

/* Per register: 1 when every write of it is an unguarded mov of the full mask 0xffffffff. nvcc
 * puts __shfl_*_sync(0xffffffff, ...)'s and CUB's masks in a register so; ptxas makes it the
 * immediate (time_cub_warp_scan_inclusive_sum_int_w32.sass: `SHFL.UP P0, R3, R0, 0x1, RZ` with
 * no WARPSYNC, the S2UR and ULEA of the next statement between two SHFLs). NULL: out of memory. */
static uint8_t *full_mask_registers(const ws_kernel *k, const ws_insn *code)
{
    uint8_t *full = calloc((size_t)k->nregs + 1, 1); /* 0 unwritten, 1 full mask, 2 anything else */
    if (!full)
        return NULL;
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        if (!ws_op_writes_op0(in->op) || in->ops[0].kind != WS_OPND_REG || in->ops[0].reg >= k->nregs)
            continue;
        int mask = in->op == WS_OP_MOV && in->ops[1].kind == WS_OPND_IMM && (uint32_t)in->ops[1].imm == UINT32_MAX &&
                   in->guard == WS_NO_REG;
        uint8_t *f = &full[in->ops[0].reg];
        *f = mask && *f != 2 ? 1 : 2;
    }
    return full;
}

/* Rule 1: the instruction is a segment of its own. full: full_mask_registers. */
static int is_ordering_point(const ws_insn *in, const uint8_t *full)
{
    ws_op_class c = ws_op_class_of(in->op);
    if (ws_op_moves_lanes(in->op) || c == CLS_ORDER || in->op == WS_OP_BAR_WARP)
        return 1;
    if (c == CLS_COLLECTIVE && in->nops) { /* a membermask other than the full warp: subwarp.h */
        const ws_operand *m = &in->ops[in->nops - 1];
        int full_reg = m->kind == WS_OPND_REG && full && m->reg != WS_NO_REG && full[m->reg] == 1;
        if (!full_reg && (m->kind != WS_OPND_IMM || (uint32_t)m->imm != UINT32_MAX))
            return 1;
    }
    for (unsigned i = 0; i < in->nops; i++)
        if (in->ops[i].kind == WS_OPND_SREG &&
            (in->ops[i].reg == WS_SREG_CLOCK || in->ops[i].reg == WS_SREG_CLOCK_HI ||
             in->ops[i].reg == WS_SREG_CLOCK64 || in->ops[i].reg == WS_SREG_GLOBALTIMER ||
             in->ops[i].reg == WS_SREG_GLOBALTIMER_LO || in->ops[i].reg == WS_SREG_GLOBALTIMER_HI))
            return 1;
    return 0;
}

static int shares_reg(const uint32_t *a, uint32_t na, const uint32_t *b, uint32_t nb)
{
    for (uint32_t i = 0; i < na; i++)
        for (uint32_t j = 0; j < nb; j++)
            if (a[i] == b[j])
                return 1;
    return 0;
}

/* What reads or changes the warp's set of lanes: collectives and activemask keep their order. */
static int is_warp_wide(const ws_insn *in)
{
    return ws_op_class_of(in->op) == CLS_COLLECTIVE || in->op == WS_OP_ACTIVEMASK;
}

static int folded_load(const uint8_t *fold, uint32_t pc) { return fold && fold[pc] == WS_FOLD_SAME; }
static int folded_alu(const uint8_t *fold, uint32_t pc) { return fold && fold[pc] == WS_FOLD_ALU; }

/* A shared load that is issued (not folded): what ptxas's model spaces by the MIO's interval. */
static int mio_load(const ws_insn *code, const uint8_t *fold, uint32_t pc)
{
    return ws_op_class_of(code[pc].op) == CLS_LOAD && ws_access_space(&code[pc]) == WS_SPACE_SHARED &&
           !(fold && fold[pc] == WS_FOLD_SAME);
}

/* What rule 2 asks of an instruction, found once per segment (insn_kind): */
enum {
    K_MEMORY = 1,    /* ws_op_is_memory */
    K_LOAD = 2,      /* a load */
    K_FOLDED = 4,    /* a load ptxas does not issue (fold.h) */
    K_WARP_WIDE = 8, /* is_warp_wide */
};

static uint8_t insn_kind(const ws_insn *code, const uint8_t *fold, uint32_t pc)
{
    return (uint8_t)((ws_op_is_memory(code[pc].op) ? K_MEMORY : 0) |
                     (ws_op_class_of(code[pc].op) == CLS_LOAD ? K_LOAD : 0) | (folded_load(fold, pc) ? K_FOLDED : 0) |
                     (is_warp_wide(&code[pc]) ? K_WARP_WIDE : 0));
}

/* Rule 2 for memory accesses of kinds a and b (insn_kind; a first): a load ptxas does not issue
 * (fold.h) keeps its order with the stores, atomics and fences around it (each lane reads what it
 * read in program order) and comes after the loads before it (the one whose register it reads
 * among them), but the loads after it need not wait for it. */
static int memory_order(uint8_t a, uint8_t b)
{
    if (!(a & K_MEMORY) || !(b & K_MEMORY))
        return 0;
    int loads = (a & K_LOAD) && (b & K_LOAD);
    return !(loads && (a & K_FOLDED));
}

/* A set of register numbers as one bit each of 64 (r % 64): two lists with no bit in common share
 * no register, so shares_reg need not compare them (the pairs of a segment are most of its cost). */
static uint64_t reg_bits(const uint32_t *r, uint32_t n)
{
    uint64_t bits = 0;
    for (uint32_t i = 0; i < n; i++)
        bits |= (uint64_t)1 << (r[i] & 63);
    return bits;
}

/* Rules 2 and 3: whether instruction s + j must issue after s + i (i < j); *raw: it reads what
 * s + i writes. src, dst: reg_bits of the sources and destinations of s + 0, s + 1, ...; kind:
 * their insn_kind. */
static int depends(const ws_reg_use *uses, const uint64_t *src, const uint64_t *dst, const uint8_t *kind, uint32_t s,
                   uint32_t i, uint32_t j, int *raw)
{
    const ws_reg_use *ua = &uses[s + i], *ub = &uses[s + j];
    *raw = (dst[i] & src[j]) && shares_reg(ua->dst, ua->ndst, ub->src, ub->nsrc);
    return *raw || ((src[i] & dst[j]) && shares_reg(ua->src, ua->nsrc, ub->dst, ub->ndst)) ||
           ((dst[i] & dst[j]) && shares_reg(ua->dst, ua->ndst, ub->dst, ub->ndst)) || memory_order(kind[i], kind[j]) ||
           ((kind[i] & K_WARP_WIDE) && (kind[j] & K_WARP_WIDE));
}

/* A redux.sync: the warp issues nothing after its REDUX until the result is ready (fold.h), so
 * ptxas issues what else can go first (time_cub_block_reduce_warp_sum_int_b128.sass: S2R SR_LANEID,
 * REDUX, then the REDUX's IMAD.U32 copy, which waits, before ISETP reads the lane). */
static int holds(const ws_insn *code, uint32_t pc) { return code[pc].op == WS_OP_REDUX; }

#define USES_MAX 30 /* ws_reg_use: 24 sources and 6 destinations */

/* Rule 5's state over one segment (budget.regs 0: no budget). Every register dependence keeps
 * its order (rule 3), so each register's accesses issue in program order and whether it holds a
 * value still to be read is known from how many of them have issued. */
typedef struct {
    /* the kernel's: */
    uint32_t regs;        /* the registers its values may take (0: no rule 5) */
    uint32_t spare;       /* draining starts where a value would leave fewer free */
    uint32_t spare_load;  /* schedule.spare_load (with reuse): spare for a load's value (bench_shared_ilp.sass's R74) */
    uint32_t preds;       /* the predicate registers its predicates may take (0: not counted) */
    int fused_frees;      /* schedule.fused_frees: a fused pair's first op frees what its reader will */
    int fused_start;      /* schedule.fused_start: that first op starts a drain, does not keep one going */
    int const_copy;       /* schedule.const_copy: a copy of a constant register goes first (rule 4) */
    int written;          /* schedule.written: the live rows hold only registers some write reached */
    int reuse;            /* schedule.reuse: a drain lasts while a value would not fit; what takes and frees no
                           * register (an in-place write) is not held behind it; spare counts for loads and collectives */
    int half_regs;        /* schedule.half_regs: a move ptxas has no SASS for (WS_SCHED_FREE) is folded: its values
                           * take the registers of the sources it ends, a half takes its 32-bit register's */
    int kept;             /* the last budget_delta of a folded op: the registers it keeps for its reader */
    const uint64_t *live; /* ws_live_in rows, `words` words each */
    uint32_t words;
    const uint8_t *size;  /* per register: the 32-bit registers a value of its type takes (0: a predicate) */
    const uint8_t *fixed; /* per instruction: it writes a constant (ptxas rematerialises it: no register) */
    uint8_t *held;        /* per register: what its value takes at the segment's start (0: a constant) */
    uint32_t *local;      /* per register: its index among the segment's (UINT32_MAX: none) */
    const ws_insn *code;  /* the kernel's instructions */
    uint32_t s;           /* the segment's first position */
    /* the segment's registers (arrays of longest * USES_MAX, scratch_new): */
    uint32_t nreg, *reg, *first, *count, *at;
    uint8_t *weight, *live_out;
    uint8_t *shuffled; /* per register: its value is a shuffle's (written in the segment) */
    uint8_t *reads;    /* per access, in register then program order: it reads */
    /* per instruction: its registers (distinct) and how it touches each */
    uint32_t *ifirst, *ireg; /* longest + 1; longest * USES_MAX */
    uint8_t *iread, *iwrite;
    uint32_t used;       /* the registers taken now */
    const uint8_t *pred; /* per register: a predicate (taken from preds, not regs) */
    uint32_t pused;      /* the predicate registers taken now */
} seg_budget;

/* Scratch of one segment's list schedule, its arrays sized for the kernel's longest segment (at
 * most SEG_MAX instructions) in one allocation (scratch_new): sized for SEG_MAX they took 129 KB,
 * whose ~12 arrays each had a page touched by the first entries a short segment uses (fresh pages
 * from the kernel: a page fault each at a process's start, ~2.5 us on the H200 host's VM). */
typedef struct {
    double *height; /* the longest latency path from the instruction to the segment's end */
    uint32_t *npred;
    uint64_t *earliest;
    uint64_t *src, *dst; /* reg_bits of each instruction's sources and destinations */
    uint8_t *done;
    uint8_t *kind;      /* insn_kind */
    uint8_t *rank;      /* rule 5: 0 frees registers, 1 fits, 2 does not */
    uint8_t *pair;      /* rule 5: it frees registers only as a fused pair's first op (schedule.fused_frees) */
    uint8_t *neutral;   /* rule 5: it fits, takes none and frees none (schedule.reuse) */
    unsigned mio_gap;   /* rule 4: the cycles between two shared loads (schedule.mio_gap; 0: none) */
    unsigned high_wait; /* rule 6: the height by which a candidate waiting for its pipe goes first (schedule.high_wait) */
    const uint8_t *fixups; /* per instruction: a MUFU form with fix-ups (ws_schedule_budget.fixups) */
    const uint8_t *pass; /* rule 6: per instruction, a free mov that passes its source's value on (schedule.free_pass) */
    const uint8_t *side; /* ws_schedule_budget's side, side_step and cross: a raw edge across datapaths is cross longer */
    size_t side_step;
    unsigned cross;
    const uint8_t *unweighed; /* ws_schedule_budget's: cycles of a latency rule 4's heights leave out (schedule.reuse) */
    unsigned fma_chain;   /* ws_schedule_budget's: FMA-pipe chains beside IMADs in program order (schedule.fma_chain) */
    unsigned half_turn;   /* ws_schedule_budget's: HADD2 and HFMA2.MMA take turns (schedule.half_turn) */
    unsigned yield_every; /* ws_schedule_budget's: the yield bits' stall counts (pick.yield) */
    uint64_t *placed;     /* schedule.fma_chain: each position's cycle in the list schedule (the yield bits) */
    seg_budget b;
    struct seg_alloc *alloc; /* schedule.alloc's scratch (schedule_alloc.h); NULL: off */
    /* EDGE(w, m, i, j) (i < j) of a segment of m: -1 none, else cycles from i's issue to j's, in
     * rows of m (a segment touches m * m of the longest * longest) */
    int16_t *edge;
} seg_scratch;

/* The scratch for segments of up to `longest` instructions; NULL: out of memory. One free. */
static seg_scratch *scratch_new(uint32_t longest)
{
    size_t n = longest, acc = n * USES_MAX;
    /* widest elements first: each array stays aligned to its type */
    size_t bytes = sizeof(seg_scratch) + n * (sizeof(double) + 4 * sizeof(uint64_t)) +
                   (n + (n + 1) + 5 * acc) * sizeof(uint32_t) + n * n * sizeof(int16_t) + 5 * n + 6 * acc;
    seg_scratch *w = malloc(bytes);
    if (!w)
        return NULL;
    char *at = (char *)(w + 1);
#define CARVE(field, count) ((field) = (void *)at, at += (count) * sizeof *(field))
    CARVE(w->height, n);
    CARVE(w->earliest, n);
    CARVE(w->placed, n);
    CARVE(w->src, n);
    CARVE(w->dst, n);
    CARVE(w->npred, n);
    CARVE(w->b.ifirst, n + 1);
    CARVE(w->b.reg, acc);
    CARVE(w->b.first, acc);
    CARVE(w->b.count, acc);
    CARVE(w->b.at, acc);
    CARVE(w->b.ireg, acc);
    CARVE(w->edge, n * n);
    CARVE(w->done, n);
    CARVE(w->kind, n);
    CARVE(w->rank, n);
    CARVE(w->pair, n);
    CARVE(w->neutral, n);
    CARVE(w->b.weight, acc);
    CARVE(w->b.live_out, acc);
    CARVE(w->b.shuffled, acc);
    CARVE(w->b.reads, acc);
    CARVE(w->b.iread, acc);
    CARVE(w->b.iwrite, acc);
#undef CARVE
    return w;
}

#define EDGE(w, m, i, j) ((w)->edge[(size_t)(i) * (m) + (j)])

/* Whether local register r holds a value still to be read: its next access reads it, or none is
 * left and it is live after the segment. */
static int budget_holds(const seg_budget *b, uint32_t r)
{
    return b->at[r] < b->count[r] ? b->reads[b->first[r] + b->at[r]] : b->live_out[r];
}

/* Rule 5: how many registers issuing position j takes (negative: frees); commit: issue it. A value
 * ptxas folds into its reader (fold.h: the first add or logic op of an IADD3 or LOP3) takes no
 * register of its own, but keeps the registers of the sources it ends until its reader issues.
 * A shuffle's value is the exception: ptxas issues the shuffles of one fused op together, renamed
 * (bench_throughput.sass 0x1d10/0x1d20 `SHFL.BFLY R9, R4, RZ`, `SHFL.BFLY R28, R4, 0x8`, both read
 * by the LOP3 at 0x1dd0), so the first holds its register while it is in flight, not while the
 * PTX's turn issues the other accumulators' shuffles: the folded op holds it until it is placed
 * (once the shuffle's value is due), and then only the value it overwrites. */
static int budget_delta(seg_budget *b, uint32_t j, int folded, int commit, int *pdelta)
{
    int delta = 0, kept = 0, pd = 0, left = 0; /* left: what the sources it ends give its values still to be read */
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t x = b->ifirst[j]; x < b->ifirst[j + 1]; x++) {
            uint32_t r = b->ireg[x];
            int before = budget_holds(b, r) ? b->weight[r] : 0;
            b->at[r]++;
            int after_holds = budget_holds(b, r);
            b->at[r]--;
            int p = b->pred[b->reg[r]];
            if (pass == 0) { /* the sources it ends, and the value it overwrites */
                if (!p && before && (b->iwrite[x] || !after_holds) && !(folded && !b->iwrite[x] && b->shuffled[r]))
                    kept += before;
                left = kept;
                continue;
            }
            /* a folded op's values share the registers it keeps: the first still to be read takes them (an unpack's half
             * read by the HADD2, not the other, never read) */
            int share = !b->half_regs ? kept : after_holds ? left : 0;
            int weight = !b->iwrite[x]        ? b->weight[r]
                         : p                  ? (b->fixed[b->s + j] ? 0 : 1)
                         : folded             ? share
                         : b->fixed[b->s + j] ? 0
                                              : b->size[b->reg[r]];
            left -= b->iwrite[x] && !p && folded ? share : 0;
            if (p)
                pd += (after_holds ? weight : 0) - before;
            else
                delta += (after_holds ? weight : 0) - before;
            if (commit) {
                if (b->iwrite[x])
                    b->shuffled[r] = b->code[b->s + j].op == WS_OP_SHFL;
                b->weight[r] = (uint8_t)(weight > 255 ? 255 : weight);
                b->at[r]++;
            }
        }
    if (commit) {
        b->used = (uint32_t)((int)b->used + delta);
        b->pused = (uint32_t)((int)b->pused + pd);
    }
    if (pdelta)
        *pdelta = pd;
    b->kept = folded ? kept : 0;
    return delta;
}

/* Rule 5's state for positions [s, s + m): the registers it touches, each one's accesses in
 * program order, and the registers taken at its start (those live across it included). */
static void budget_start(seg_budget *b, const ws_insn *code, const ws_reg_use *uses, uint32_t s, uint32_t m)
{
    b->nreg = 0;
    b->s = s;
    b->code = code;
    uint32_t nacc = 0;
    for (uint32_t j = 0; j < m; j++) { /* each instruction's registers, distinct */
        const ws_reg_use *u = &uses[s + j];
        int guarded = code[s + j].guard != WS_NO_REG;
        b->ifirst[j] = nacc;
        for (uint32_t x = 0; x < u->nsrc + u->ndst; x++) {
            int write = x >= u->nsrc;
            uint32_t reg = write ? u->dst[x - u->nsrc] : u->src[x];
            if (reg == WS_NO_REG)
                continue;
            if (b->local[reg] == UINT32_MAX) {
                b->local[reg] = b->nreg;
                b->reg[b->nreg] = reg;
                b->count[b->nreg] = 0;
                b->nreg++;
            }
            uint32_t r = b->local[reg], y = b->ifirst[j];
            while (y < nacc && b->ireg[y] != r)
                y++;
            if (y == nacc) {
                b->ireg[nacc] = r;
                b->iread[nacc] = b->iwrite[nacc] = 0;
                nacc++;
                b->count[r]++;
            }
            b->iread[y] |= (uint8_t)(!write || guarded); /* a guarded write may keep the old value */
            b->iwrite[y] |= (uint8_t)write;
        }
    }
    b->ifirst[m] = nacc;
    uint32_t off = 0;
    for (uint32_t r = 0; r < b->nreg; r++) {
        b->first[r] = off;
        off += b->count[r];
        b->at[r] = 0;
    }
    for (uint32_t j = 0; j < m; j++) /* each register's accesses in program order */
        for (uint32_t x = b->ifirst[j]; x < b->ifirst[j + 1]; x++) {
            uint32_t r = b->ireg[x];
            b->reads[b->first[r] + b->at[r]++] = b->iread[x];
        }
    const uint64_t *in = &b->live[(size_t)s * b->words], *out = &b->live[(size_t)(s + m) * b->words];
    b->used = b->pused = 0;
    for (uint32_t r = 0; r < b->nreg; r++) {
        b->at[r] = 0;
        b->live_out[r] = (uint8_t)ws_live_has(out, b->reg[r]);
        b->weight[r] = b->held[b->reg[r]];
        b->shuffled[r] = 0;
        /* schedule.written: a register no write has reached holds nothing, though a guarded write reads it */
        if (b->written && !ws_live_has(in, b->reg[r]))
            b->weight[r] = 0;
        *(b->pred[b->reg[r]] ? &b->pused : &b->used) += budget_holds(b, r) ? b->weight[r] : 0;
    }
    for (uint32_t w = 0; w < b->words; w++) /* live across it: in before and after, not touched */
        for (uint64_t bits = in[w] & out[w]; bits; bits &= bits - 1) {
            uint32_t reg = w * 64 + (uint32_t)__builtin_ctzll(bits);
            *(b->pred[reg] ? &b->pused : &b->used) += b->local[reg] == UINT32_MAX ? b->held[reg] : 0;
        }
}

/* Each register's value after the segment takes what its last write gave it. */
static void budget_end(seg_budget *b)
{
    for (uint32_t r = 0; r < b->nreg; r++) {
        b->held[b->reg[r]] = b->weight[r];
        b->local[b->reg[r]] = UINT32_MAX;
    }
}

#include "schedule_alloc.h" /* the three phases (schedule.alloc): budget_start's state, EDGE */

/* schedule.fused_start, where no candidate is over the budget or its spare (so each fits): a fused
 * pair's first op does not count among the candidates that free registers; it starts a drain, it
 * does not keep one going (bench_mio_w1.sass 0x1ec0-0x1fa0 and bench_mio_w8.sass 0x1140-0x1220:
 * after each LOP3 an LDS, no two LOP3s of one accumulator together, where schedule.fused_frees
 * alone drained one accumulator's whole chain, each pair waiting for its load, before the region's
 * last load). Returns whether a candidate that frees registers is left. */
static int fused_starts_only(seg_scratch *w, uint32_t m)
{
    int frees = 0;
    for (uint32_t j = 0; j < m; j++) {
        if (w->done[j] || w->npred[j])
            continue;
        if (w->pair[j])
            w->rank[j] = 1;
        frees |= w->rank[j] == 0;
    }
    return frees;
}

/* schedule.const_copy: whether pc is a copy of a register that holds a constant there (`mov.u32
 * %r256, %r255` of a 0; rule 5's facts: fixed): ptxas has no instruction for it (the timing model
 * issues it free, timing.c is_free_mov), so it goes as early as its dependences let it, and what
 * reads it is not held behind it. */
static int constant_copy(const seg_budget *b, const ws_insn *code, uint32_t pc)
{
    return b->const_copy && b->fixed[pc] && code[pc].op == WS_OP_MOV && code[pc].ops[1].kind == WS_OPND_REG;
}

/* Rule 5: whether position j of the segment at s is folded into its reader: the first op of an IADD3 or LOP3
 * (fold.h), and with schedule.half_regs a move ptxas has no SASS for (rule 6's WS_SCHED_FREE: the unpack of a
 * 32-bit register into halves, `mov.b32 {a, d}, %r`, whose HADD2 reads `R4.H0_H0`: probe_alu3.sass alu3_hadd_m keeps
 * its 8 streams in R4-R13 where each half counted as a register of its own; docs/calibration.md "(regs23)"). */
static int budget_folded(const seg_budget *b, const uint8_t *fold, const uint8_t *pp, uint32_t s, uint32_t j)
{
    return folded_alu(fold, s + j) || (b->half_regs && pp && (pp[j] & 7) == WS_SCHED_FREE);
}

/* Rule 4 over positions [s, s + m): writes order[s ...]. */
/* Rule 6: the cycle from which instruction j's pipe is free (pfree: the ALU, IMAD and XU pipes'; [3] the cycle after
 * the last IMAD-pipe instruction, 0: none, from which an FMA-pipe one waits its WS_SCHED_FMA cycles; [4] the f64
 * pipe's, schedule.f64). */
static uint64_t pipe_free(const uint8_t *pipe, const uint64_t pfree[5], uint32_t j)
{
    switch (pipe ? pipe[j] & 7 : WS_SCHED_NONE) {
    case WS_SCHED_ALU: return pfree[0];
    case WS_SCHED_IMAD: return pfree[1];
    case WS_SCHED_ANY: return pfree[0] < pfree[1] ? pfree[0] : pfree[1];
    case WS_SCHED_XU: return pfree[2];
    case WS_SCHED_F64: return pfree[4];
    case WS_SCHED_FMA: return pfree[3] ? pfree[3] - 1 + (pipe[j] >> 3) : 0;
    default: return 0;
    }
}

/* Rule 6: instruction j issued at cycle holds its pipe (an add the IMAD pipe when that is free, as timing.c). */
static void pipe_hold(const uint8_t *pipe, uint64_t pfree[5], uint32_t j, uint64_t cycle)
{
    unsigned kind = pipe ? pipe[j] & 7 : WS_SCHED_NONE, cycles = pipe ? pipe[j] >> 3 : 0;
    if (kind == WS_SCHED_ANY)
        kind = pfree[1] <= cycle ? WS_SCHED_IMAD : WS_SCHED_ALU;
    if (kind == WS_SCHED_ALU)
        pfree[0] = cycle + cycles;
    else if (kind == WS_SCHED_IMAD) {
        pfree[1] = cycle + cycles;
        if ((pipe[j] & 7) == WS_SCHED_IMAD) /* not an add that took it: an FMA-pipe instruction after it waits */
            pfree[3] = cycle + 1;
    } else if (kind == WS_SCHED_XU)
        pfree[2] = cycle + cycles;
    else if (kind == WS_SCHED_F64)
        pfree[4] = cycle + cycles;
}

/* Rule 6, ptxas's turns between the IMAD and FMA pipes (only where stall.imad_fma gives FMA-pipe instructions their
 * WS_SCHED_FMA gap): whether candidate j takes the other of the two pipes than `last`, the pipe kind of the last
 * instruction issued (WS_SCHED_IMAD or WS_SCHED_FMA; anything else: neither candidate does). */
static int fma_turn(const uint8_t *pipe, unsigned last, uint32_t j)
{
    unsigned kind = pipe ? pipe[j] & 7 : WS_SCHED_NONE;
    return (last == WS_SCHED_IMAD && kind == WS_SCHED_FMA) || (last == WS_SCHED_FMA && kind == WS_SCHED_IMAD);
}

/* schedule.half_turn: which half op position j of the segment at s is for the turns between the pipes, 0: none (not a
 * half add, sub or mul), 1: a HADD2 or HMUL2 (rule 6's IMAD pipe), 2: an HFMA2.MMA (half_pairs: its ALU cycle holds
 * nothing in rule 6, ptxas's stall counts space no LOP3 after one). */
static unsigned half_side(const ws_insn *code, const uint8_t *pipe, uint32_t s, uint32_t j)
{
    const ws_insn *in = &code[s + j];
    if (!pipe || !ws_half_arith_halves(in) || in->op == WS_OP_FMA)
        return 0;
    return (pipe[j] & 7) == WS_SCHED_IMAD ? 1 : 2;
}

/* schedule.half_turn, rule 6's turns for the half pairs' ops: whether candidate j is a half op on the other side than
 * the last instruction issued (last_half, its half_side); only between two half ops (an FFMA beside them keeps rule
 * 4's place: probe_hmid23.sass hmid23_fi, three FFMAs in the ring's wait every eight half ops). ptxas issues a ring of add.f16x2 so, one a cycle
 * (probe_pack21.sass pack21_h2 0x01b0 on: HFMA2.MMA, HADD2 by turns, each S01), where by height alone each round's
 * HFMA2.MMAs (their latency the higher) went first and its HADD2s after them, each waiting for the IMAD pipe
 * (docs/calibration.md "(turn36)"). */
static int half_turn(const ws_insn *code, const uint8_t *pipe, unsigned last_half, uint32_t s, uint32_t j)
{
    unsigned side = half_side(code, pipe, s, j);
    return last_half && side && side != last_half;
}

/* Rule 6's turns for an instruction that takes no issue slot (WS_SCHED_FREE: the unpack of a cvt.f32.f16, which
 * ptxas has no SASS for): 1 it goes first, ready at `cycle` after anything but an IMAD-pipe instruction (it costs no
 * cycle there); -1 it goes last after an IMAD-pipe one, whose stall count would hold it (the warp issues it only after
 * the stall, in a cycle of its own: the FFMA the turns put after the IMAD would wait one more); else 0. */
static int free_turn(const uint8_t *pipe, unsigned last, uint32_t j, uint64_t at, uint64_t cycle)
{
    if (!pipe || (pipe[j] & 7) != WS_SCHED_FREE)
        return 0;
    return last == WS_SCHED_IMAD ? -1 : at <= cycle;
}

/* Rules 4, 6 and the shared loads' interval: the first cycle candidate j of the segment at s can issue, the
 * latest of its sources' (earliest), its pipe's free cycle (rule 6) and, for a shared load, mio_next (the cycle
 * schedule.mio_gap after the last one). */
static uint64_t ready_at(const seg_scratch *w, const ws_insn *code, const uint8_t *fold, const uint8_t *pp,
                         const uint64_t pfree[5], uint32_t s, uint32_t j, uint64_t mio_next)
{
    uint64_t at = w->earliest[j], pf = pipe_free(pp, pfree, j);
    at = pf > at ? pf : at;
    if (w->mio_gap && mio_load(code, fold, s + j) && at < mio_next)
        at = mio_next;
    return at;
}

/* schedule.high_wait: of candidates j and b, one ready at `cycle` and the other ready but for its pipe (its sources'
 * earliest at or before cycle), whether the second's height is more than high_wait above the first's: ptxas then
 * waits for the pipe (its stall count) and leaves the lower chain for later, rather than filling the cycle with it
 * (probe_rcp20.sass rcp20_rmi: 256 rcp forms' fix-ups `FSETP ... S02`, `FSEL ... S02`, the independent chain's 256
 * IMADs after them; docs/calibration.md "(rcp30)"). Only for a MUFU form with fix-ups as the waiting one (fixups):
 * ptxas fills the XU pipe's wait of a POPC or F2F with the other chain (probe_alu3.sass alu3_popc_m). */
static int high(const seg_scratch *w, const uint8_t *pp, uint32_t s, uint32_t j, uint32_t b, uint64_t at_j, uint64_t cycle)
{
    if (!w->high_wait || !pp)
        return 0;
    uint32_t now = at_j <= cycle ? j : b, busy = at_j <= cycle ? b : j;
    return w->fixups[s + busy] && w->earliest[busy] <= cycle && w->height[busy] > w->height[now] + (double)w->high_wait;
}

/* Whether instruction b reads a result of a on another datapath that it waits cross.feed more for (ws_schedule_budget
 * side, ws_side_crosses). */
static int crossed(const seg_scratch *w, uint32_t a, uint32_t b)
{
    if (!w->side || !w->cross)
        return 0;
    return ws_side_crosses(w->side[a * w->side_step], w->side[b * w->side_step]);
}

/* schedule.free_pass: whether position j of the segment at s is a mov ptxas has no SASS for that passes its source's
 * value on (timing_tables.c free_passes: the unpack and pack of a scalar half op), as issue() does (the mov issues in no
 * slot, its value ready with its source, made by the source's producer): its readers count from its sources' ready
 * cycle, not from the cycle where the list puts it (probe_alu3.sass alu3_hadd_l: `HADD2 R10, R0.H0_H0, R5.H0_H0` ...
 * `LOP3.LUT R10, R10, UR4, R5` five S01 instructions on, HADD2 and LOP3 by turns; docs/calibration.md "(hadd27)"). */
static int passes(const seg_scratch *w, uint32_t s, uint32_t j) { return w->pass && w->pass[s + j]; }

/* Rule 4's heights: each instruction's longest latency path to the segment's end. perm: NULL, every edge from a position
 * to a later one; else schedule.alloc's first order, edges either way (a topological order of them). */
static void segment_heights(seg_scratch *w, const double *latency, uint32_t s, uint32_t m, const uint32_t *perm)
{
    for (uint32_t x = m; x-- > 0;) {
        uint32_t i = perm ? perm[x] : x;
        /* schedule.reuse: the cycles of its latency the heights leave out (ws_schedule_budget.unweighed; a raw edge's,
         * the only edges longer than 1) */
        int less = w->unweighed && w->b.reuse ? w->unweighed[s + i] : 0;
        double h = latency[s + i] - less;
        for (uint32_t j = perm ? 0 : i + 1; j < m; j++) {
            int e = EDGE(w, m, i, j);
            if (less && e > 1) /* a raw edge less those cycles, at least 1 */
                e = e - less > 1 ? e - less : 1;
            if (e >= 0 && e + w->height[j] > h)
                h = e + w->height[j];
        }
        w->height[i] = h;
    }
}

/* pick.yield over an FMA-pipe chain's segment at s of m (schedule.fma_chain): into chain[s ...] WS_CHAIN_IN, and
 * WS_CHAIN_KEPT where ptxas keeps the yield bit (ws_schedule_budget.yield_every; docs/calibration.md "(yield23)": its
 * stall counts, here the list schedule's cycles from one position to the next, the segment's last clear). */
static void chain_bits(const seg_scratch *w, const uint8_t *pp, const uint32_t *order, uint32_t s, uint32_t m,
                       uint8_t *chain)
{
    uint64_t acc = 0;
    for (uint32_t k = 0; k < m; k++) {
        unsigned kind = pp[order[s + k] - s] & 7;
        uint64_t count = k + 1 < m ? w->placed[k + 1] - w->placed[k] : 15;
        count = count < 1 ? 1 : count > 15 ? 15 : count;
        acc += count;
        int fixed = kind == WS_SCHED_FMA || kind == WS_SCHED_IMAD || kind == WS_SCHED_ALU || kind == WS_SCHED_ANY;
        int clear = !w->yield_every || !fixed || count >= 3 || (count >= 2 && acc >= w->yield_every);
        chain[s + k] = (uint8_t)(WS_CHAIN_IN | (clear ? 0 : WS_CHAIN_KEPT));
        acc = clear ? 0 : acc;
    }
}

static void schedule_segment(seg_scratch *w, const ws_insn *code, const ws_reg_use *uses, const double *latency,
                             const uint8_t *fold, const uint8_t *pipe, uint32_t s, uint32_t m, uint32_t *order,
                             uint8_t *chain_out)
{
    const uint8_t *pp = pipe ? pipe + s : NULL; /* rule 6, the segment's */
    uint64_t pfree[5] = {0, 0, 0, 0, 0};
    for (uint32_t j = 0; j < m; j++) {
        w->src[j] = reg_bits(uses[s + j].src, uses[s + j].nsrc);
        w->dst[j] = reg_bits(uses[s + j].dst, uses[s + j].ndst);
        w->kind[j] = insn_kind(code, fold, s + j);
    }
    /* schedule.fma_chain: whether an FMA-pipe op reads the one before it; the segment's integer IMADs (mad.lo, mul.lo:
     * not a half op of the IMAD pipe), its FMA-pipe ops and its free movs (WS_SCHED_FREE) */
    int chain_ff = 0;
    uint32_t chain_imad = 0, chain_fma = 0, chain_free = 0;
    for (uint32_t j = 0; j < m; j++) {
        w->npred[j] = 0;
        w->earliest[j] = 0;
        w->done[j] = 0;
        const ws_insn *in = &code[s + j];
        chain_imad += pp && (pp[j] & 7) == WS_SCHED_IMAD && (in->op == WS_OP_MAD || in->op == WS_OP_MUL) &&
                      !ws_type_is_float((ws_type)in->type);
        chain_fma += pp && (pp[j] & 7) == WS_SCHED_FMA;
        chain_free += pp && (pp[j] & 7) == WS_SCHED_FREE;
        for (uint32_t i = 0; i < j; i++) {
            int raw;
            EDGE(w, m, i, j) = -1;
            if (depends(uses, w->src, w->dst, w->kind, s, i, j, &raw)) {
                EDGE(w, m, i, j) = raw ? (int16_t)(latency[s + i] < 1       ? 0
                                                   : latency[s + i] > 30000 ? 30000
                                                                            : latency[s + i])
                                       : 1;
                if (raw && crossed(w, s + i, s + j)) /* ptxas's 5 across datapaths (timing.c cross.feed) */
                    EDGE(w, m, i, j) = (int16_t)(EDGE(w, m, i, j) + (int16_t)w->cross);
                /* the one before it in program order: a step's own chain (ffm's second FFMA), not a stream's value
                 * another stream's step reads (mad19 mf's FFMA reading the next stream's, whose order is the turns) */
                chain_ff |= raw && i + 1 == j && pp && (pp[i] & 7) == WS_SCHED_FMA && (pp[j] & 7) == WS_SCHED_FMA;
                w->npred[j]++;
            }
        }
    }
    /* schedule.fma_chain: an FMA-pipe chain beside IMADs (mad19 ffm, mff: two FFMAs and an IMAD a step) goes in
     * program order among the ready, an FMA-pipe op fma_chain cycles at least after the one it reads. Only where the
     * FMA-pipe ops are at least twice the IMADs (ffm, mff, ffm30's fffm, ffffm: ptxas's program order; ffm30's ffmm,
     * two of each a step, is closer to the turns) and no free mov is there (ffm30's ffmi, ffm on a 64-bit stream's
     * halves: ptxas pairs the halves' IMADs, not program order; docs/calibration.md "(order32)") */
    int chain = w->fma_chain && chain_ff && chain_imad && chain_fma >= 2 * chain_imad && !chain_free;
    for (uint32_t j = 0; chain && j < m; j++)
        for (uint32_t i = 0; i < j; i++)
            if (EDGE(w, m, i, j) > 1 && (pp[i] & 7) == WS_SCHED_FMA && (pp[j] & 7) == WS_SCHED_FMA &&
                EDGE(w, m, i, j) < (int)w->fma_chain)
                EDGE(w, m, i, j) = (int16_t)w->fma_chain;
    segment_heights(w, latency, s, m, NULL);
    /* schedule.alloc: the three phases (schedule_alloc.h): the first order, its registers' edges, the heights again
     * (not in an FMA-pipe chain's segment, schedule.fma_chain: program order there) */
    const uint32_t *perm =
        w->alloc && w->b.live && !chain ? alloc_segment(w->alloc, w, code, uses, fold, pp, s, m) : NULL;
    if (perm)
        segment_heights(w, latency, s, m, perm);
    seg_budget *b = &w->b;
    int budget = b->regs && m > 1;
    if (budget)
        budget_start(b, code, uses, s, m);
    uint64_t cycle = 0, mio_next = 0;
    unsigned last = WS_SCHED_NONE; /* rule 6's turns: the pipe kind of the last instruction that took a slot */
    unsigned last_half = 0;        /* schedule.half_turn: its half_side */
    int turns = 0;                 /* rule 6's turns: an FMA-pipe instruction here waits after an IMAD-pipe one */
    for (uint32_t j = 0; pp && j < m; j++)
        turns |= (pp[j] & 7) == WS_SCHED_FMA;
    int draining = 0, drain_load = 0;
    for (uint32_t k = 0; k < m; k++) {
        /* rule 5: once a value would not fit, or would leave fewer than spare registers free, every
         * candidate that frees registers goes first, even if it waits, until none is left; besides,
         * what fits (its registers and its predicates) goes before what does not */
        int frees = 0, over = 0, over_load = 0;
        for (uint32_t j = 0; budget && j < m; j++) {
            if (w->done[j] || w->npred[j])
                continue;
            int pd, folded = budget_folded(b, fold, pp, s, j), d = budget_delta(b, j, folded, 0, &pd);
            int fits = (d == 0 || (int64_t)b->used + d <= (int64_t)b->regs) &&
                       (!b->preds || pd <= 0 || (int64_t)b->pused + pd <= (int64_t)b->preds);
            /* schedule.fused_frees: the first op of an IADD3/LOP3 pair ends sources its reader frees */
            int pair = d >= 0 && b->fused_frees && folded_alu(fold, s + j) && b->kept > 0;
            w->rank[j] = (uint8_t)(d < 0 || pair ? 0 : fits ? 1 : 2);
            w->pair[j] = (uint8_t)pair;
            w->neutral[j] = (uint8_t)(b->reuse && d == 0 && !pair && fits && !folded);
            /* schedule.reuse: the spare registers are kept for a load's or a collective's value only, a load's
             * schedule.spare_load of them */
            uint32_t spare = (w->kind[j] & K_MEMORY)                   ? b->spare_load
                             : !b->reuse || (w->kind[j] & K_WARP_WIDE) ? b->spare
                                                                       : 0;
            frees |= w->rank[j] == 0;
            over |= w->rank[j] == 2 || (b->fused_start && pair && !fits) ||
                    (d > 0 && (int64_t)b->used + d + spare > (int64_t)b->regs);
            over_load |= (w->kind[j] & K_MEMORY) && d > 0 && (int64_t)b->used + d + b->spare_load > (int64_t)b->regs;
        }
        if (budget && b->fused_start && !over)
            frees = fused_starts_only(w, m);
        /* schedule.reuse: no longer than a value does not fit, but for a drain a load started (a load's value would
         * leave fewer than spare free), which lasts until no candidate that frees registers is left, as without it
         * (bench_shared_ilp.sass region 6: after 17 LDS, the LOP3 of every load issued before the next LDS) */
        draining = frees && ((draining && (!b->reuse || drain_load)) || over);
        drain_load = draining && (drain_load || over_load);
        uint32_t best = UINT32_MAX;
        int rank_b = 0;
        for (uint32_t jj = 0; jj < m; jj++) {
            uint32_t j = perm ? perm[jj] : jj; /* schedule.alloc: the first order between equals */
            if (w->done[j] || w->npred[j])
                continue;
            int rank_j = !budget ? 0 : draining ? (w->neutral[j] ? 0 : w->rank[j]) : w->rank[j] == 2;
            if (best == UINT32_MAX) {
                best = j;
                rank_b = rank_j;
                continue;
            }
            uint64_t at_j = ready_at(w, code, fold, pp, pfree, s, j, mio_next),
                     at_b = ready_at(w, code, fold, pp, pfree, s, best, mio_next);
            int now_j = at_j <= cycle, now_b = at_b <= cycle;
            uint32_t was = best;
            if (rank_j != rank_b) {
                best = rank_j < rank_b ? j : best;
            } else if (budget && constant_copy(b, code, s + j) != constant_copy(b, code, s + best)) {
                best = constant_copy(b, code, s + j) ? j : best; /* not in the SASS */
            } else if (folded_load(fold, s + j) != folded_load(fold, s + best)) {
                best = folded_load(fold, s + j) ? j : best; /* not in the SASS: as early as it can be */
            } else if (turns && free_turn(pp, last, j, at_j, cycle) != free_turn(pp, last, best, at_b, cycle)) {
                best = free_turn(pp, last, j, at_j, cycle) > free_turn(pp, last, best, at_b, cycle) ? j : best;
            } else if (now_j != now_b && high(w, pp, s, j, best, at_j, cycle)) {
                best = w->height[j] > w->height[best] ? j : best; /* the higher MUFU form waits for its pipe */
            } else if (now_j != now_b) {
                best = now_j ? j : best;
            } else if (now_j && holds(code, s + j) != holds(code, s + best)) {
                best = holds(code, s + best) ? j : best;
            } else if (chain) { /* schedule.fma_chain: the first ready, program order between equals (mad19_ffm) */
                best = !now_j && at_j != at_b ? (at_j < at_b ? j : best) : j < best ? j : best;
            } else if ((now_j || at_j == at_b) && fma_turn(pp, last, j) != fma_turn(pp, last, best)) {
                best = fma_turn(pp, last, j) ? j : best; /* ptxas's turns: probe_alu3.sass alu3_fma_m */
            } else if (w->half_turn && (now_j || at_j == at_b) && half_side(code, pp, s, j) &&
                       half_side(code, pp, s, best) &&
                       half_turn(code, pp, last_half, s, j) != half_turn(code, pp, last_half, s, best)) {
                best = half_turn(code, pp, last_half, s, j) ? j : best; /* probe_pack21.sass pack21_h2 */
            } else if (now_j) {
                best = w->height[j] > w->height[best] ? j : best;
            } else if (at_j != at_b) {
                best = at_j < at_b ? j : best;
            } else {
                best = w->height[j] > w->height[best] ? j : best;
            }
            rank_b = best == was ? rank_b : rank_j;
        }
        if (budget)
            budget_delta(b, best, budget_folded(b, fold, pp, s, best), 1, NULL);
        order[s + k] = s + best;
        w->done[best] = 1;
        uint64_t ready = ready_at(w, code, fold, pp, pfree, s, best, mio_next);
        int pass = passes(w, s, best);
        if (ready > cycle && !pass)
            cycle = ready;
        w->placed[k] = cycle;
        if (w->mio_gap && mio_load(code, fold, s + best))
            mio_next = cycle + w->mio_gap;
        pipe_hold(pp, pfree, best, cycle);
        for (uint32_t j = perm ? 0 : best + 1; j < m; j++)
            if (EDGE(w, m, best, j) >= 0) {
                w->npred[j]--;
                uint64_t at = (pass ? ready : cycle) + (uint64_t)EDGE(w, m, best, j);
                w->earliest[j] = at > w->earliest[j] ? at : w->earliest[j];
            }
        if (!(pp && (pp[best] & 7) == WS_SCHED_FREE)) {
            last = pp ? pp[best] & 7u : WS_SCHED_NONE;
            last_half = half_side(code, pp, s, best);
            cycle++;
        } /* else schedule.free_slot: it took no issue slot */
    }
    if (budget)
        budget_end(b);
    if (chain && chain_out)
        chain_bits(w, pp, order, s, m, chain_out);
}

/* Whether instruction in writes a constant, which ptxas rematerialises and keeps in no register
 * of its own: a kernel parameter or a launch dimension (%ntid, %nctaid: it reads the constant bank
 * again: LDC, ULDC, or c[0x0][...] as an operand; time_cg_iscan_plus_tile32_float.sass 0x00d0
 * `ULDC UR4, c[0x0][0x4]`), an immediate or a symbol's address (RZ, an immediate operand, the
 * uniform UR of the shared window), or a copy or conversion of a constant (constant: whether a
 * register's value here is one). */
static int writes_constant(const ws_insn *in, int (*constant)(const void *, uint32_t), const void *ctx)
{
    if (ws_op_class_of(in->op) == CLS_LOAD)
        return ws_access_space(in) == WS_SPACE_PARAM;
    if ((in->op != WS_OP_MOV && in->op != WS_OP_CVTA && in->op != WS_OP_CVT) || in->nops < 2)
        return 0;
    const ws_operand *o = &in->ops[1];
    int launch_dim = o->kind == WS_OPND_SREG && ((o->reg >= WS_SREG_NTID_X && o->reg <= WS_SREG_NTID_Z) ||
                                                 (o->reg >= WS_SREG_NCTAID_X && o->reg <= WS_SREG_NCTAID_Z));
    return o->kind == WS_OPND_IMM || o->kind == WS_OPND_SYM || launch_dim ||
           (o->kind == WS_OPND_REG && constant(ctx, o->reg));
}

typedef struct {
    const uint32_t *stamp; /* per register: the block where its value became a constant */
    uint32_t now;
    const uint8_t *always; /* per register: 1 when every write of it writes a constant */
} const_scan;

static int constant_here(const void *ctx, uint32_t reg)
{
    const const_scan *c = ctx;
    return c->always[reg] == 1 || (c->stamp && c->stamp[reg] == c->now);
}

/* Rule 5's facts of a kernel: each register's size in 32-bit registers (2 for 64 bits but a zero
 * extension of 32, 0 for a predicate, else 1), whether it is a predicate (pred: it takes one of
 * the predicate registers), what its value takes where it comes from another block (base: 0 when
 * every write of it writes a constant, else its size, 1 for a predicate) and which instructions
 * write a constant (writes_constant, a register's value followed through its basic block).
 * block_start: ws_block_starts plus the instruction after one that moves lanes. Returns 0, or -1
 * when out of memory. */
static int register_facts(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *block_start,
                          uint8_t *size, uint8_t *base, uint8_t *fixed, uint8_t *pred)
{
    uint32_t *stamp = calloc((size_t)k->nregs + 1, sizeof *stamp);
    uint8_t *always = calloc((size_t)k->nregs + 1, 1); /* 0 unwritten, 1 constant, 2 not */
    /* per register: 0 unwritten, 1 every write zero-extends a 32-bit value (one register: ptxas
     * keeps the 32-bit value and reads RZ for the high half), 2 not */
    uint8_t *zext = calloc((size_t)k->nregs + 1, 1);
    if (!stamp || !always || !zext) {
        free(stamp);
        free(always);
        free(zext);
        return -1;
    }
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *in = &code[pc];
        if (!ws_op_writes_op0(in->op) || in->ops[0].kind != WS_OPND_REG || in->ops[0].reg >= k->nregs)
            continue;
        ws_type from = (ws_type)in->type2;
        int z = in->op == WS_OP_CVT && ws_type_bits((ws_type)in->type) == 64 && ws_type_bits(from) <= 32 &&
                !ws_type_is_signed(from) && in->guard == WS_NO_REG;
        uint8_t *e = &zext[in->ops[0].reg];
        *e = z && *e != 2 ? 1 : 2;
    }
    const_scan c = {NULL, 0, always};
    for (int changed = 1, pass = 0; changed && pass < 8; pass++) { /* a copy of a copy settles in passes */
        changed = 0;
        for (uint32_t pc = 0; pc < k->ninsns; pc++) {
            const ws_insn *in = &code[pc];
            if (!ws_op_writes_op0(in->op) || in->ops[0].kind != WS_OPND_REG || in->ops[0].reg >= k->nregs)
                continue;
            uint8_t *a = &always[in->ops[0].reg], v = writes_constant(in, constant_here, &c) && *a != 2 ? 1 : 2;
            changed |= v != *a;
            *a = v;
        }
    }
    for (uint32_t r = 0; r < k->nregs; r++) {
        unsigned bits = ws_type_bits((ws_type)k->regs[r].type);
        size[r] = (uint8_t)(k->regs[r].type == WS_T_PRED ? 0 : bits > 32 && zext[r] != 1 ? 2 : 1);
        pred[r] = k->regs[r].type == WS_T_PRED;
        base[r] = always[r] == 1 ? 0 : pred[r] ? 1 : size[r];
    }
    c.stamp = stamp;
    c.now = 1;
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        c.now += block_start[pc];
        fixed[pc] = (uint8_t)(ws_op_writes_op0(code[pc].op) && writes_constant(&code[pc], constant_here, &c));
        for (uint32_t d = 0; d < uses[pc].ndst; d++)
            if (uses[pc].dst[d] < k->nregs)
                stamp[uses[pc].dst[d]] = fixed[pc] && code[pc].guard == WS_NO_REG && uses[pc].ndst == 1 ? c.now : 0;
    }
    free(stamp);
    free(always);
    free(zext);
    return 0;
}

/* The end of the segment that starts at start: the next leader, or a piece of equal length (of at
 * most piece instructions, those uncounted marks not counted; NULL: all). */
static uint32_t segment_end(const uint8_t *leader, uint32_t n, uint32_t start, uint32_t piece, const uint8_t *uncounted)
{
    uint32_t stretch = start + 1, counted = !(uncounted && uncounted[start]);
    for (; stretch < n && !leader[stretch]; stretch++)
        counted += !(uncounted && uncounted[stretch]);
    uint32_t pieces = counted ? (counted + piece - 1) / piece : 1, want = (counted + pieces - 1) / pieces, end = start;
    for (uint32_t c = 0; end < stretch && (c < want || (uncounted && uncounted[end])); end++)
        c += !(uncounted && uncounted[end]);
    return end > start ? end : start + 1;
}

int ws_schedule_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const double *latency,
                      const uint8_t *fold, const ws_schedule_budget *budget, const uint8_t *pipe, uint32_t piece,
                      ws_schedule *s)
{
    uint32_t n = k->ninsns;
    piece = piece == 0 ? SEG_MAX : piece > PIECE_MAX ? PIECE_MAX : piece;
    s->order = malloc(((size_t)n + 1) * sizeof *s->order);
    s->first = malloc(((size_t)n + 1) * sizeof *s->first);
    s->warp_wide = calloc((size_t)n + 1, 1);
    s->chain = budget && budget->fma_chain ? calloc((size_t)n + 1, 1) : NULL;
    uint8_t *leader = calloc((size_t)n + 1, 1), *full = full_mask_registers(k, code);
    if (!s->order || !s->first || !s->warp_wide || (budget && budget->fma_chain && !s->chain) || !leader || !full) {
        free(leader);
        free(full);
        ws_schedule_free(s);
        return -1;
    }
    /* rule 1: the first instruction of each basic block and of the linked .func code */
    ws_block_starts(k, leader);
    /* rule 5: only where the kernel's registers are known, and its liveness could be found */
    uint64_t *live = NULL;
    uint8_t *size = NULL, *base = NULL, *fixed = NULL, *held = NULL, *block_start = NULL, *pred = NULL;
    uint32_t *local = NULL, words = 0;
    int budgeted = 0;
    if (budget && (budget->regs || budget->alloc) && (live = ws_live_in(k, code, uses, &words)) &&
        (!budget->written || ws_live_written(k, code, uses, live, words) == 0) && (size = malloc((size_t)k->nregs + 1)) &&
        (base = malloc((size_t)k->nregs + 1)) && (held = malloc((size_t)k->nregs + 1)) &&
        (fixed = malloc((size_t)n + 1)) && (block_start = malloc((size_t)n + 1)) &&
        (pred = malloc((size_t)k->nregs + 1)) && (local = malloc(((size_t)k->nregs + 1) * sizeof *local))) {
        for (uint32_t i = 0; i < n; i++)
            block_start[i] = (uint8_t)(i == 0 || leader[i] || ws_op_moves_lanes(code[i - 1].op));
        if (register_facts(k, code, uses, block_start, size, base, fixed, pred) == 0) {
            memset(local, 0xff, ((size_t)k->nregs + 1) * sizeof *local);
            budgeted = 1;
        }
    }
    for (uint32_t i = 0; i < n; i++)
        if (is_ordering_point(&code[i], full)) {
            leader[i] = 1;
            leader[i + 1] = 1;
        }
    uint32_t longest = 1;
    for (uint32_t start = 0; start < n;) {
        uint32_t end = segment_end(leader, n, start, piece, budget ? budget->uncounted : NULL);
        longest = end - start > longest ? end - start : longest;
        start = end;
    }
    seg_scratch *w = scratch_new(longest);
    seg_alloc *alloc =
        budgeted && budget->alloc && budget->alloc_regs ? alloc_new(longest, budget->alloc, budget->alloc_regs) : NULL;
    if (w) {
        w->alloc = alloc;
        w->mio_gap = budget ? budget->mio_gap : 0;
        w->high_wait = budget && budget->fixups ? budget->high_wait : 0;
        w->fixups = budget ? budget->fixups : NULL;
        w->pass = budget ? budget->pass : NULL;
        w->side = budget ? budget->side : NULL;
        w->side_step = budget ? budget->side_step : 0;
        w->cross = budget ? budget->cross : 0;
        w->unweighed = budget ? budget->unweighed : NULL;
        w->fma_chain = budget ? budget->fma_chain : 0;
        w->half_turn = budget ? budget->half_turn : 0;
        w->yield_every = budget ? budget->yield_every : 0;
        w->b.regs = budgeted ? budget->regs : 0;
        w->b.spare = budgeted ? budget->spare : 0;
        w->b.spare_load = budgeted && budget->reuse && budget->spare_load ? budget->spare_load : w->b.spare;
        w->b.preds = budgeted ? budget->predicates : 0;
        w->b.fused_frees = budgeted && budget->fused;
        w->b.fused_start = budgeted && budget->starts;
        w->b.const_copy = budgeted && budget->copies;
        w->b.half_regs = budgeted && budget->half_regs;
        w->b.reuse = budgeted && budget->reuse;
        w->b.written = budgeted && budget->written;
        w->b.live = live;
        w->b.words = words;
        w->b.size = size;
        w->b.fixed = fixed;
        w->b.held = held;
        w->b.pred = pred;
        w->b.local = local;
    }
    for (uint32_t start = 0; w && start < n;) {
        uint32_t end = segment_end(leader, n, start, piece, budget ? budget->uncounted : NULL);
        if ((w->b.regs || alloc) && block_start[start]) /* a value from another block: what its type takes */
            memcpy(held, base, k->nregs);
        schedule_segment(w, code, uses, latency, fold, pipe, start, end - start, s->order, s->chain);
        int moved = 0, wide = 0;
        for (uint32_t p = start; p < end; p++) {
            moved |= s->order[p] != p;
            wide |= is_warp_wide(&code[p]);
        }
        for (uint32_t p = start; p < end; p++) {
            s->first[p] = start;
            s->warp_wide[p] = (uint8_t)(moved && wide);
        }
        start = end;
    }
    free(live);
    free(size);
    free(base);
    free(fixed);
    free(pred);
    free(held);
    free(block_start);
    free(local);
    free(leader);
    free(full);
    free(alloc);
    if (!w) {
        ws_schedule_free(s);
        return -1;
    }
    free(w);
    return 0;
}
