/* The timing mode's state, private to its files (CONTRIBUTING.md "Layers of sim/"): ws_timing, a launch's state,
 * which timing.c makes and runs blocks on; ws_timing_kernel, the prepared kernel's tables (timing_tables.c builds them,
 * each instruction's timing_info from timing_info.c); and the small helpers those files share. Below timing.h, which
 * it does not include: it names timing.h's two types again (C11 allows a typedef twice).
 */
#ifndef WS_TIMING_STATE_H
#define WS_TIMING_STATE_H

#include "cga.h"
#include "fold.h"
#include "fpexact.h"
#include "grid.h"
#include "ifetch.h"
#include "preset.h"
#include "schedule.h"
#include "sim.h"
#include "stq.h"
#include "stq_regs.h"
#include "subwarp.h"
#include "warp.h"

#include <stdint.h>

typedef struct ws_timing ws_timing;               /* timing.h */
typedef struct ws_timing_kernel ws_timing_kernel; /* timing.h */

/* ---- per-launch state ------------------------------------------------------------------------- */

#define LINE_SET 4096 /* global lines remembered per block; beyond, a line counts as touched */
/* The lazy pipe waits' keys (ws_timing.lazy): a kind of slot below SLOT_FMA, or LAZY_BOTH, an ALU and an IMAD slot
 * (a wide add, mul.hi, mul.wide: free once both pipes are). */
enum { LAZY_BOTH = 4, LAZY_KEYS, LAZY_NONE = 0xff };
#define WHEEL 64 /* cycles ahead a warp's `when` is filed by its cycle (ws_timing.wheel: one bit each) */

/* What the shared pipe needs for one access: wavefronts, cycles held, extra latency. */
typedef struct {
    int shared;
    unsigned wavefronts, min_wavefronts;
    double hold, mio, extra_latency; /* cycles held: the block's shared pipe, the sub-partition's MIO */
    int queued;                      /* a shared store with the store queue on (stq.bytes > 0) ... */
    ws_stq_store stq;                /* ... its size and costs there (stq.h) */
    ws_space space;
} mem_cost;

/* One memory access of a picked group: its cost and what issuing it commits (the global lines it
 * touches, the lanes' banks for the events). */
typedef struct {
    mem_cost c;
    uint32_t exec;
    uint64_t addr[32];
    uint8_t bank[32];
} mem_access;

/* The pipe slots an instruction's SASS takes (math_slots): the cycles it holds the ALU pipe, the IMAD pipe, the XU
 * pipe; [SLOT_ANY] 1: one slot of whichever of the ALU and IMAD is free (an add: IADD3 or IMAD.IADD); [SLOT_FMA] the
 * FMA pipe beside half work (pipe.fma_half: a half op's FMA_HALF | its cycles, an FFMA's cycles, held only within
 * pipe.half_window of a half op: hold_math). SLOT_BYTES: the slots as one word (retime_math's cache). */
enum { SLOT_ALU, SLOT_IMAD, SLOT_ANY, SLOT_XU, SLOT_FMA, SLOT_KINDS, SLOT_BYTES = 8 };
/* timing_info.slots' bytes beyond the kinds; [SLOT_CREDIT] 1: an add's HFMA2.MMA that gives its warp a half op's credit
 * and holds no FMA pipe (pipe.mma_credit: hold_math) */
enum { SLOT_LAZY = SLOT_KINDS, SLOT_MOVES, SLOT_CREDIT };
enum { FMA_HALF = 0x80 };    /* slots[SLOT_FMA]: a half op's, which holds both halves of the FMA pipe (hold_math) */
enum { FMA_READS_IMAD = 2 }; /* timing_info.fma_pipe: an IMAD_READER (imad_reads) */
enum { FMA_HALVES = 4 };     /* timing_info.fma_pipe: it takes the FMA pipe's halves (pipe.fma_halves: halves_issue) */
enum { IMAD_RESULT = 1, IMAD_READER = 2 }; /* ws_timing.imad_read (imad_reads) */
enum { IMAD_READ_ONE = 256 };              /* a cycle of pipe.imad_read (ws_timing.imad_read_hold) */
typedef uint64_t slot_word;                /* the slots read as one word */

/* slots[SLOT_FMA]: an FFMA's that reads a half op's value (pipe.half_own: hold_fma) */
enum { FMA_HALF_VALUE = 0x40 };

/* Per instruction of the kernel: what issuing it does to the scoreboard, in whole cycles. The fields
 * the common issue reads come first (the pick, earliest, issue_common, write_results); feed, checks
 * and writes are decided here once from the per-field facts below them, which --slow-path timing
 * reads instead (the reference: the slow_path_* tests compare the two). */
typedef struct {
    int64_t latency;  /* destinations ready this many cycles after issue; -1: from the data (loads, match) */
    int64_t feed;     /* cycles a source made by a fixed-latency ALU op is read later (feed_of: bits, shfl,
                         synced); 0: none, the sources' ready cycles alone */
    uint8_t rare;     /* any of: memory, a latency from the data, subwarp, imc, a fence, a branch's hold,
                         hold, a barrier, a shared variable's address (cga.h), lanes that end (exit, ret):
                         issue() looks at each */
    uint8_t checks;   /* earliest's tests beyond the sources (timing_info_of): CHECK_* bits */
    uint8_t writes;   /* write_results' cases beyond the plain one (timing_info_of): WRITE_* bits; 0: every
                         destination ready at once, made by this instruction */
    uint8_t free_mov; /* is_free_mov, or folded into another instruction (fold.h); with a latency: a setp
                         ptxas issues above the bar.sync before it (WS_FOLD_HOIST), ready its latency after
                         its sources */
    uint8_t shfl;     /* a shuffle: it holds its sub-partition's MIO pipe mio.issue cycles */
    uint8_t arrival;  /* a clock read right after a bar.sync: reads on the warp's arrival (bar.clock) */
    uint8_t math_one; /* the one kind of slot it takes (most: an add's SLOT_ANY, an ISETP's SLOT_ALU), whose
                         free cycle is its pipes' (math_free); SLOT_KINDS: none or several */
    uint8_t issue;    /* cycles it holds its sub-partition's issue (issue_cycles: an f64 DADD, DMUL, DFMA; a
                         MUFU with ptxas's fix-ups); 0: the one cycle of any instruction */
    int32_t pred;     /* a shuffle's predicate: this many cycles after its value */
    int32_t branch; /* a branch holds the warp this many cycles (rare); 0: one cycle; -1: a bra ptxas keeps, which holds
                         the warp branch.taken cycles where its lanes all take it (not rare: issue_common) */
    int64_t fence;  /* a MEMBAR: cycles after the warp's results are ready; -1: none */
    uint8_t stall;  /* the warp issues nothing for this many cycles more than the one (stall.imad_fma: an
                         IMAD-pipe instruction whose next is an FFMA, FADD or FMUL; imad_stalls) */
    uint8_t hold;   /* the warp waits for its result (fold.h: a redux.sync) */
    uint8_t memory; /* ws_op_is_memory */
    uint8_t bits;   /* an XU op that reads its source itself: an integer bit operation (popc, clz, bfind,
                         brev) or a MUFU without fix-ups (ws_mufu_fixups 0): waits bits.feed more for a
                         value of a fixed-latency ALU op */
    uint8_t fixed;  /* a fixed-latency ALU op (IADD3, LOP3, IMAD, FFMA, ...) */
    uint8_t synced; /* follows a bar.warp.sync: reads a fixed-latency op's result sync.feed later */
    uint8_t subwarp;  /* a collective with SASS before it (subwarp_before) */
    uint8_t imc;      /* reads the launch's dimensions from the constant bank (reads_launch_dims) */
    uint8_t gate;     /* a setp whose predicate guards the S2R of the shared window's base (cga.h gate): the
                         warp reads the base guard.feed after the predicate is ready */
    uint8_t side;     /* cross.feed's datapath (SIDE_*, datapath_of; 0: none, or the key 0), with WS_SIDE_FEEDS for a
                         producer whose reader on another datapath reads its result cross.feed later */
    uint8_t late;     /* a spaced XU op whose value an instruction ptxas issues after the warp's next XU op reads (a
                         clz's IADD3, a MUFU form's FSETP or FMUL.RZ: xu_late): the cycles until that reader may
                         issue; 0: none */
    uint8_t fma_pipe; /* is_fma_pipe: FADD, FMUL or FFMA (rr_pick's pick.pipe), FMA_READS_IMAD with it for one that
                         may read an IMAD's result (pipe.imad_read: imad_reads) */
    uint32_t same;    /* a load ptxas does not issue (fold.h): the register holding its value; else WS_NO_REG */
    uint8_t slots[SLOT_BYTES]; /* the pipe cycles its SASS takes (math_slots; all 0: none with an issue rate); in
                                  slots[SLOT_LAZY], a byte of the word beyond the kinds, 1 + the lazy key of its
                                  pick (lazy_file, retime_filed): slots of one kind below FMA, or an ALU and an IMAD
                                  slot alone (LAZY_BOTH), on no other pipe, not held by schedule.xu_stall (checks
                                  CHECK_MATH alone); else 0 (the word 0 where it takes no slot: slots_free's cache);
                                  in slots[SLOT_MOVES], the lazy keys whose free cycle its issue may move (one bit
                                  each: an ALU slot ALU, ANY and LAZY_BOTH; IMAD likewise; an add's ANY all of those
                                  three and IMAD; XU; FMA none), which hold_math gives lazy_moved; in
                                  slots[SLOT_CREDIT], pipe.mma_credit's mark */
} timing_info;
_Static_assert(sizeof(timing_info) == 64, "timing_info outgrew its 64 bytes (a shift indexes the table)");
_Static_assert((int)SLOT_CREDIT < (int)SLOT_BYTES && LAZY_KEYS <= 8 && SLOT_BYTES == sizeof(slot_word),
               "retime_math reads the slots as one word");

/* timing_info.checks: what earliest tests beyond the sources' ready cycles */
enum {
    CHECK_BASE = 1, /* an access: the shared window's base (cga.h) */
    CHECK_STQ = 2,  /* a register a queued store has yet to read (stq_regs.h wait) */
    CHECK_PIPE = 4, /* an access or a shuffle: the MIO and shared pipes */
    CHECK_MATH = 8, /* an instruction that takes a pipe slot (timing_info.slots) */
    CHECK_XU = 16,  /* an XU op that ptxas's stall counts space from the warp's last (schedule.xu_stall: xu_spaced);
                       with CHECK_MATH, whose test reads it */
    CHECK_JOIN = 32, /* the first instruction a warp issues where a divergent branch's lanes meet again (ws_timing.join_at:
                        branch.rejoin) */
};
/* timing_info.writes: write_results' cases */
enum {
    WRITE_RENAME = 1, /* a free mov: ready when its source is, made by its source's producer */
    WRITE_HOIST = 2,  /* a free mov with a latency (WS_FOLD_HOIST): its latency after its sources */
    WRITE_PRED = 4,   /* a shuffle's predicate: pred cycles after its value */
};

/* Per warp: its picked group and what it waits for. */
typedef struct {
    ws_pick pick;        /* its chosen group, while has_pick */
    uint64_t ready;      /* the first cycle it may issue again */
    uint8_t ready_why;   /* the stall reason while ready is in the future */
    uint8_t blocked_why; /* while blocked: why (blocked_reason) */
    uint8_t sb_valid, mem_valid;
    /* while sb_valid: the pick's first cycle and reason from ready and the scoreboard (the
     * shared pipe left out) */
    uint8_t sb_why;
    uint32_t sb_prod;
    uint64_t sb_when;
    uint32_t seg; /* ws_schedule_pick's state: the segment it entered converged (UINT32_MAX: none) */
    /* while has_pick, unless --slow-path timing: the pick's timing facts and registers (pick_warp) */
    const timing_info *f;
    const ws_reg_use *u;
    double stq_moved; /* when its last queued shared store left the data stage (its registers read) */
    double stq_end;   /* its last shared store's drain end: while later than the cycle, the warp has
                         stores in its sub-partition's store queue (a warp running ahead must not) */
    uint64_t *rr;     /* its rows of reg_ready and reg_prod (set once per launch) */
    uint32_t *rp;
} __attribute__((aligned(128))) warp_state; /* 128 bytes: a shift indexes it (allocated aligned) */
_Static_assert(sizeof(warp_state) == 128, "warp_state outgrew its 128 bytes");

/* A lone warp's issue plan of a straight-line segment (plan_pick): for a converged warp entering the
 * segment at its first position at cycle c0 with the same key (its ready cycle, its sub-partition's MIO
 * pipe and its live-in registers' ready cycles relative to c0, their producers), each position's pick as
 * pick_early made it, its cycles relative to c0. */
typedef struct {
    int64_t at, ready;     /* the pick's cycle and the warp's ready cycle then, relative to c0 (checked) */
    int64_t when, sb_when; /* its figures (update's and earliest's cache), relative to c0 */
    uint32_t pc, prod, sb_prod;
    uint8_t why, sb_why, ret; /* ret: pick_early's answer (1: a free mov for issue_movs) */
    uint8_t last;             /* the segment's last position */
} plan_entry;
typedef struct {
    uint32_t end;      /* the position after the segment's last */
    uint32_t nin, in;  /* its live-in registers: plan_in[in], ... (nin of them) */
    uint32_t recorder; /* the warp recording its plan, plus one (0: none) */
    uint32_t users;    /* the warps replaying its plan (it is recorded again only when none does) */
    uint8_t ok;        /* a segment plans cover: at least PLAN_MIN common picks, no access (plans_init) */
    uint8_t complete;  /* its plan is recorded for the key below */
    uint8_t ready_why;
    int64_t ready;         /* the key: the warp's ready cycle relative to c0 */
    double mio;            /* its MIO pipe's free cycle relative to c0, 0 when not after c0 */
    int64_t alu, imad, xu; /* its ALU, IMAD and XU pipes' free cycles relative to c0, 0 when not after c0 */
    int64_t xu_at;         /* the warp's xu_at relative to c0, 0 when not after c0 ... */
    uint8_t xu_left;       /* ... its xu_left (0 for 1: none left) and, while some is, its xu_ready relative to c0 */
    int64_t xu_ready;      /* and xu_pc (schedule.xu_stall) */
    uint32_t xu_pc;
    int64_t late_due, late_wait; /* the warp's late_due and late_wait relative to c0, INT64_MIN: they bound nothing */
    uint32_t code_gen;           /* the block (ws_timing.gen) whose fetch requested all its lines, by code_at ... */
    uint64_t code_at;            /* ... the cycle the last of them arrives (code_there) ... */
    uint32_t code_moved;         /* ... while ws_ifetch.moved and .nreq are these (a line asked for again moves) */
    uint32_t code_nreq;
} plan_seg;
#define PLAN_OLD 64 /* a register ready PLAN_OLD or more cycles before c0 reads as any earlier (feeds below it) */
#define PLAN_MIN 4  /* the shortest segment planned */

#define STQ_TAIL   16 /* a warp's queued stores whose write a shuffle may pass (stq.shfl_left, at most 15) */
#define QUEUE_RING 64 /* a sub-partition's queued loads kept (shared.queue + shared.queue_shared, at most 32 each) */

/* young: an op that reads the IMAD-side op before it; YOUNG_SHARED: one that shares a source register with an
 * IMAD-side neighbour, the stand-in for ptxas's slot-a reuse flag (young_ops) */
enum { YOUNG_READS = 2, YOUNG_SHARED = 4 };
struct ws_timing {
    void *alloc; /* the allocation it lies in (timing_state; kept with the state) */
    ws_preset p;
    uint32_t nwarps, nregs;
    /* kept from launch to launch with the state (ws_timing_keep): these buffers and their room in
     * entries, gen and stq_used below (what the large tables at the end hold depends on them) */
    size_t regs_cap, ws_cap, stq_read_cap;
    uint64_t *reg_ready;   /* nwarps x nregs: the cycle each register's value is ready */
    uint32_t *reg_prod;    /* nwarps x nregs: the pc of the instruction that writes it */
    warp_state *ws;        /* per warp */
    mem_access mem[32];    /* per warp, while its mem_valid: its pick's memory access (apart from warp_state,
                              which the pick and the issue read at every instruction) */
    uint32_t live;         /* warps with live lanes (WS_MAX_BLOCK_THREADS / 32 <= 32) */
    uint32_t has_pick;     /* warps with a picked group */
    uint32_t blocked;      /* warps whose pick found nothing to run: picked again after a release */
    uint32_t bar_wait;     /* warps whose lanes wait at bar.sync */
    int bar_moved;         /* a rare instruction issued since release_barriers last looked: only a
                              bar.sync (arrivals) or an exit (the threads a barrier waits for) can
                              complete a barrier */
    uint32_t dirty;        /* warps whose when/why below must be computed again */
    uint32_t on_pipe;      /* warps whose pick waits for the shared or MIO pipe (retimed when one moves: hold_mio) */
    uint32_t on_shfl;      /* in filed blocks, those whose pick is a shuffle (only their sub-partition's MIO
                              pipe moves them: retime_shuffles); 0 in blocks of up to 8 warps */
    uint32_t timed;        /* warps without a pick that wait for their ready cycle (dirty when it comes) */
    uint16_t steps[32];    /* per warp: the steps its pick loop (at most 4096) has made toward its next pick
                              before the pass's (issue_movs: one a free mov), which pick_warp counts on from;
                              0 where a pick is kept (after pick_early in issue_movs) and after pick_warp */
    uint32_t sp_warps[32]; /* per sub-partition: its warps */
    uint8_t sp_of[32];     /* per warp: its sub-partition, wi % subpartitions (no division per issue) */
    /* per warp, as of the last scheduling pass that computed them: the first cycle it can issue
     * (UINT64_MAX: not before something changes), why not before, the producing pc; and the
     * first cycle not yet charged to a stall reason (settle) */
    uint64_t when[32], charged[32];
    uint8_t why[32];
    uint32_t prod[32];
    /* while filed (blocks of more than two warps per sub-partition, not --slow-path timing), the
     * warps by their `when` (file_when), so that a pass finds the warps that can issue and the
     * next cycle one can without looking at each of the block's warps (up to 32): can_issue,
     * `when` at most the cycle of a pass since (they can issue at every later cycle until
     * updated); near, `when` within the next WHEEL cycles, in the wheel's slot `when` % WHEEL
     * (wheel_used: the slots that hold a warp; no set of their own: a filed warp in neither
     * can_issue nor far is near, or its `when` is UINT64_MAX, in no slot); far, `when` later but
     * not UINT64_MAX, with far_from at most their earliest. woke: the cycle up to which the
     * wheel's slots have moved to can_issue. With fewer warps the scan costs less than the filing. */
    int filed;
    uint32_t can_issue, far;
    uint32_t wheel[WHEEL];
    uint64_t wheel_used;
    uint64_t far_from, woke;
    int64_t bits_feed;     /* the preset's bits.feed in whole cycles */
    int64_t shfl_feed;     /* the preset's shfl.feed in whole cycles */
    int64_t sync_feed;     /* the preset's sync.feed in whole cycles */
    int64_t guard_feed;    /* the preset's guard.feed in whole cycles */
    int64_t branch_feed;   /* the preset's branch.feed in whole cycles (0: off) */
    int64_t branch_taken;  /* the preset's branch.taken in whole cycles (0: off) */
    int64_t cross_feed;    /* the preset's cross.feed in whole cycles (0: no datapaths, timing_info.side 0) */
    uint64_t mio_issue;    /* the preset's mio.issue in whole cycles (hold_mio) */
    int eager;             /* stall events or --slow-path timing: every cycle charged as it passes */
    int step_ok;           /* for the block: nobody listens, the decoded handlers are on, the check is off
                              (ws_warp_issue_step's tests but p->merged, which issue_common need not repeat) */
    uint32_t rr_first[64]; /* per sub-partition: where its round robin's search starts (rr_pick) */
    uint32_t rr_after[32]; /* per warp: that start once the warp has issued (the next of its sub-partition) */
    uint64_t bar_at[32];   /* per warp: the cycle it issued its last bar.sync (its arrival) */
    uint64_t bar_last;     /* the block's last release of a barrier */
    double pipe_free;      /* the shared pipe is busy until this cycle */
    uint64_t pipe_at;      /* the first whole cycle it is free */
    /* shared.queue (queue_enter, queue_room; queue_depth 0: no queue): its keys as counts, the sub-partitions
     * (queue_sps) and those holding the block's warps (queue_k: the pipe's share); its tables at the end */
    uint32_t queue_depth, queue_shared, queue_sps, queue_k;
    double stq_pipe;       /* the bank stages of the store queues write a wavefront a cycle until this cycle */
    double mio_free[64];   /* per sub-partition: its MIO pipe is busy until this cycle */
    uint64_t mio_at[64];   /* the first whole cycle it is free */
    uint64_t mio_next[64]; /* per sub-partition: the next shared access or shuffle issues from this cycle (stq) */
    /* per sub-partition and kind of slot: from this cycle its ALU, IMAD and XU pipes are free, [SLOT_ANY] the
     * earlier of the ALU's and the IMAD's (hold_math); the preset's pipe.alu, pipe.imad and pipe.xu in whole
     * cycles (0: no rate) */
    uint64_t math_at[64][SLOT_KINDS];
    uint64_t alu_hold, imad_hold, xu_hold, d2f_hold, f64_hold; /* d2f: an F2F.F32.F64's XU hold (pipe.xu_d2f) */
    int held_mov;  /* pipe.held_mov: a free mov issues while its warp waits out an issue hold (mov_now) */
    int pick_pipe; /* pick.pipe: a ready warp whose pick takes the IMAD pipe issues first (rr_pick) */
    /* pick.group: the block's warps of each group of a sub-partition's slots, the highest group first, and how many
     * (rr_reset; 0 or 1: every warp in one, no group to prefer) */
    uint32_t group_mask[32], ngroups;
    int far_code;        /* the kernel's code is far (past ifetch.far KiB): ifetch.far_keep and pick.far_order apply */
    int far_record;      /* ifetch.keep_*: the next block's lines' order is what the next launch feeds the cache */
    uint32_t *far_order; /* ... that order (ws_ifetch_order), until ws_timing_take_far_order takes it */
    uint32_t nfar_order;
    int far_past;  /* pick.far_past under pick.far_order (rr_reset): a warp past the window is not held */
    int far_loop;  /* pick.far_loop under pick.far_order (rr_reset): a warp in a loop yields to one issuing new lines */
    int pick_more; /* pick.group's groups (ngroups > 1) or pick.yield's bits (kept): rr_pick looks (rr_reset) */
    uint64_t half_hold, hfma2_hold; /* a half add's IMAD hold (pipe.half), a half fma's issue hold (pipe.hfma2) */
    uint64_t mma_alu_hold;          /* an HFMA2.MMA's ALU hold (pipe.mma_alu; 0: none) */
    uint64_t mma_prmt_hold;         /* ... of one reading a prmt's value (pipe.mma_prmt; half_mma 2) */
    uint64_t rcp_fixup;             /* cycles more rcp.approx.f32's fix-ups hold the ALU pipe (pipe.rcp_fixup, <= 3) */
    uint64_t prmt_hold;             /* a PRMT's of fold.pack (pipe.prmt; 0: the ALU pipe's hold) */
    /* pipe.fma_half: the kernel has half ops that hold the FMA pipe (fma_half_rule; 0: the rule off, no FMA slot), an
     * FFMA's hold beside them, the window after a half op (pipe.half_window) and per sub-partition the cycle it ends */
    int fma_rule;
    uint64_t fma_hold, half_window;
    /* pipe.imad_read in 1/IMAD_READ_ONE cycles (0: off), and per sub-partition the part of a cycle its readers have
     * left over (imad_read_issue) */
    uint32_t imad_read_hold;
    uint32_t imad_near; /* pipe.imad_near: the most instructions from the IMAD to its reader */
    uint16_t imad_read_left[64];
    uint64_t half_end[64];
    uint64_t half_own[32];    /* pipe.half_own: per warp of the block, the end of the window after its last half op */
    int half_own_rule;        /* pipe.half_own > 0 */
    uint64_t half_own_window; /* pipe.half_own_window's cycles (0 in the preset: pipe.half_window's) */
    uint32_t half_credits;    /* pipe.half_credit (0: off) */
    int mma_credit;           /* pipe.mma_credit > 0 with half_credits: an add's HFMA2.MMA gives a credit too */
    uint32_t half_credit[32]; /* per warp: the credits its half ops left (hold_fma) */
    int half_alone; /* pipe.half_alone > 0: with half_own_rule, a warp alone on its sub-partition is never held
                              by its own window */
    /* per sub-partition: nothing issues there before this cycle (an instruction that holds the issue:
     * timing_info.issue; the pass skips the sub-partition) */
    uint64_t issue_at[64];
    /* schedule.xu_stall (xu_spaced): per warp, its next XU op issues no earlier than xu_at; xu_left, the stall count
     * ptxas would give the warp's next instruction (the next issued after it moves xu_at to its cycle plus one less,
     * down to 1: no wait); xu_stall, the key in whole cycles */
    uint64_t xu_at[32];
    uint8_t xu_left[32];
    uint64_t xu_ready[32]; /* per warp: its last XU op's result is ready then, made by xu_pc (a reader of it ends the */
    uint32_t xu_pc[32];    /* spacing: ptxas counts it 9 or more cycles after the op, schedule.xu_reader) */
    /* per warp: the cycle the late reader of its last XU op (timing_info.late) may issue, while that reader is not
     * placed (0: none); and that cycle of the reader placed before its next XU op (0: none): xu_late */
    uint64_t late_due[32], late_wait[32];
    uint8_t xu_stall;
    uint64_t stq_used; /* sub-partitions whose store queue a store has entered since it was emptied */
    /* per warp: its shared stores queued in the block (stq_tail) */
    uint32_t stq_count[32];
    uint32_t shfl_waits_from; /* a shuffle waits once its warp has queued more stores than this
                                 (stq.shfl_left; UINT32_MAX: stq.shfl off): one compare a shuffle */
    /* info, narrow, fold, sched, subwarp and cga's tables: the prepared kernel's (ws_timing_kernel),
     * not freed here */
    timing_info *info;    /* per instruction (timing_info_of) */
    uint8_t *narrow;      /* per instruction: WS_NARROW_* (narrow.h), built before info */
    uint8_t *add_imad;    /* per instruction: 1 for an add ptxas gives the IMAD pipe (add_pipes), built before info */
    uint8_t *half_mma;    /* per instruction: 1 for a half pair's op ptxas makes HFMA2.MMA (half_pairs), likewise */
    uint8_t *half_value;  /* pipe.half_own: per instruction, an FFMA, FADD or FMUL reading a half op's value */
    uint8_t *imad_read;   /* per instruction: IMAD_* (imad_reads; pipe.imad_read), likewise; NULL: none */
    uint8_t *young;       /* per instruction: pick.young's op (young_ops), built after info; NULL: none;
                           * YOUNG_READS where it reads its IMAD-side op before it */
    uint8_t *fma_read3;   /* per instruction: pipe.fma_read3's FFMA (fma_read3_ops), after the schedule; NULL: none */
    uint8_t *halves;      /* per instruction: an FFMA, FADD or FMUL of schedule.fma_chain's segments that takes the FMA
                             pipe's halves (pipe.fma_halves: chain_tables, after the schedule); NULL: none */
    uint8_t *kept;        /* per instruction: ptxas keeps its yield bit (pick.yield: chain_tables); NULL: none */
    uint64_t halves_hold; /* pipe.fma_halves: the cycles a half is held */
    uint64_t lite_at[64]; /* pipe.fma_halves: per sub-partition, its FMA pipe's lite half is held until this cycle */
    uint8_t last_wi[64], last_kept[64]; /* pick.yield: per sub-partition, the warp that issued last and whether its
                                          * instruction kept the yield bit (rr_pick) */
    uint32_t young_seen;                /* pick.young: the warps that have issued such an op */
    int8_t young_of[32]; /* pick.young: per sub-partition its warp passed over (young_ready); -1: none yet; -2: none (young_mark) */
    uint8_t *stall;       /* per instruction: timing_info.stall (imad_stalls), built after the schedule; NULL: 0 */
    uint8_t *bra_kept;    /* per instruction: 1 at a bra ptxas keeps as a BRA (ws_cga_kept_branches; with branch.feed or
                             branch.taken): a guarded one reads its setp's predicate branch.feed later, a taken one holds
                             the warp branch.taken; NULL: none */
    uint32_t *join_at;    /* per instruction: 1 + the position where a divergent branch's lanes meet again whose wait
                             (branch.rejoin) the instruction takes when a warp issues it there (join_table, after the
                             schedule; CHECK_JOIN); 0: none; NULL: none in the kernel, or the key 0 */
    uint64_t rejoin;      /* the preset's branch.rejoin in whole cycles */
    ws_fold fold;         /* ptxas's IADD3 and LOP3, and the REDUX copies (fold.h), built before info */
    ws_stq_regs stq_regs; /* the writes that wait for a queued store's register read (stq_regs.h; stq.reads):
                              the prepared kernel's (L->stq_regs), not freed here */
    double *stq_read;     /* nwarps x stq_regs.nslots: when each such store last read its registers */
    uint32_t ninfo;
    uint32_t nfast;         /* ninfo, or 0 with --slow-path timing: info_of and uses_of take the tables below it */
    const ws_reg_use *uses; /* the launch's L->uses, per instruction */
    ws_reg_use tmp_use;
    int slow;         /* WS_SLOW_TIMING: each instruction's registers walked per use (else L->uses) */
    uint32_t gen;     /* the block's generation of lines[] below */
    int block_missed; /* the block loaded a global line it had not touched */
    double miss;      /* what that costs the block beyond an L1 hit (launch_miss) */
    /* the block's stores and atomics to global words, for the L2's same-word queue (grid.h) */
    ws_grid_store *stores;
    size_t nstores, stores_cap;
    int stores_failed; /* out of memory: the launch stops */
    /* ptxas's order (schedule.h), when the preset asks for it (sched.order NULL: not) */
    ws_schedule sched;
    /* what ptxas puts before collectives with a register membermask (subwarp.h) */
    ws_subwarp subwarp;
    uint64_t imc_at; /* the block's immediate-constant line of the launch's dimensions is there (0: not read yet) */
    /* the shared window's base, read once per SASS basic block (cga.h): the tables, and each warp's state */
    ws_cga cga;
    int cga_used;     /* an instruction of the kernel needs the base (else ws_cga_ready is 0 throughout) */
    int xu_used;      /* an instruction of the kernel is an XU op that schedule.xu_stall spaces (xu_spaced) */
    int hooks;        /* ifetch.live, cga_used or xu_used: an issue tells them (issue_hooks, xu_spaced); one test an
                         issue */
    ws_ifetch ifetch; /* the block's fetch of the kernel's cold code (ifetch.h; ifetch.line 0: off) */
    int code_warm;    /* a later launch of the kernel: its code is cached (ws_prepared.code_warm, ifetch.h) */
    /* lone warps' issue plans (plan_pick), per launch: per position (plan_s at a segment's first), the
     * segments' live-in registers and their key, the room of each buffer; per warp its plan's next
     * position (UINT32_MAX: none), the plan's segment and entry cycle, whether it records */
    plan_seg *plan_s;
    plan_entry *plan_e;
    uint32_t *plan_in, *plan_krp;
    int64_t *plan_krr;
    size_t plan_s_cap, plan_e_cap, plan_in_cap, plan_krp_cap, plan_krr_cap;
    int plan_ok; /* the launch's segments may be planned (plans_init) */
    int plans;   /* the block's warps use plans (lone, no stall events) */
    uint32_t plan_pos[32], plan_seg_of[32];
    uint8_t plan_rec[32];
    uint64_t plan_c0[32];
    /* kept with the state too (kept_fields), after the fields the issue reads (their offsets as before): per
     * sub-partition the block's warps issue on, its store queue (stq.h), made only where stq.bytes > 0 turns the
     * queue on, stq_cap of them on pages of their own (stq_mem: the allocation, for free), zeroed when made; those of
     * stq_used are emptied at a block's start. An array of 64 in the struct (197 KB, 3 KB a queue) was the largest
     * part of a launch's state, for one queue a one-warp block uses and none where the queue is off (mem50). */
    ws_stq *stq;
    size_t stq_cap;
    void *stq_mem;
    /* shared.queue (queue_enter): per such sub-partition, when the pipe starts each of its last QUEUE_RING loads (load i
     * at i % QUEUE_RING; in the order they entered, which is the order of their starts), made likewise only where
     * shared.queue is on (16 KB in the struct before; mem50) */
    double (*queue_start)[QUEUE_RING];
    size_t queue_cap;
    void *queue_mem;
    /* The large tables last, so that the fields above share the first pages of the calloc'ed
     * struct (145 KB, its pages zero until touched: each page a launch touches is a page fault,
     * ~2.5 us at a process's start), and a kept state is made ready for the next launch by zeroing
     * what comes before them (ws_timing_create):
     * per warp: when the bank stage writes its last STQ_TAIL queued stores, store k at k % STQ_TAIL
     * (a shuffle's wait, stq.shfl); read only below stq_count */
    double stq_tail[32][STQ_TAIL];
    /* the 128-byte global lines the block has loaded or stored (an open-addressing set; an entry
     * counts when its generation is the block's) */
    struct {
        uint64_t line;
        uint64_t at; /* the cycle it is in L1 (a first load's line arrives ld.first after it issues) */
        uint32_t gen;
    } lines[LINE_SET];
    /* shared.queue, set at a block's start when it is on (queue_reset): per sub-partition the loads that entered
     * (queue_n; their starts in queue_start) and when its next load may start (queue_free); per warp when its own
     * next load may start (queue_next) */
    uint32_t queue_n[32];
    double queue_free[32];
    double queue_next[32];
    /* hold_math's retiming: retime_filed in filed blocks without stall events, else retime_math (a pointer: a test
     * in hold_math changed the unfiled passes' code, +0.4% host instructions in block_reduce's blocks of 256) */
    void (*retime)(ws_timing *t, ws_exec *x, uint32_t wi, unsigned sp, uint64_t cycle);
    /* Lazy pipe waits (filed blocks without stall events; lazy_file, lazy_enter): a warp whose pick takes one kind of
     * slot k (ALU, IMAD, an add's ANY, XU; or an ALU and an IMAD slot, LAZY_BOTH: timing_info.slots[SLOT_LAZY]), on no other pipe, and
     * that waits for nothing but that pipe from its charged cycle on is `lazy` (in lazy_of[sp][k], its key in
     * lazy_key[wi], the key's bit in lazy_keys[sp]): filed, with the other lazy warps of its sub-partition and key,
     * at the pipe's free cycle pipe_free(math_at[sp], k) (can_issue once that has come), moved there as one when an
     * issue moves the pipe (lazy_moved), never retimed one by one, and charged when it leaves (lazy_issue at its
     * issue, lazy_leave_bits at its update, the block's end or a move far ahead): each of its cycles from its charged
     * cycle on to pipe where the pipe was busy (t < its free cycle as of t), to issue where it was free, which is
     * what the retiming at each move and settle charged. busy[sp][k]: the pipe's busy cycles, counted at each move
     * while a lazy warp waits for it (from the cycle after the issue, or the old free cycle where later, to the new
     * one), so that a warp's busy cycles are the count at its leaving less that at its entry, each less the pipe's
     * busy cycles still to come then (its free cycle less the cycle, where later); acc_pipe and acc_n sum those and the
     * cycles (to less from) over the block's lazy warps, added to the stats at the block's end. slotted: the warps
     * whose pick takes a slot and that are not lazy (retime_filed's warps: several kinds of slot, an FMA slot, an XU
     * op held by schedule.xu_stall, a wait for its operands, far; a bit may stay from a warp's last pick, whose
     * retiming then finds its pick free); ~0 in other blocks. */
    uint32_t lazy, slotted;
    uint8_t lazy_keys[32];    /* per sub-partition: the keys with lazy warps (one bit each) */
    uint8_t lazy_key[32];     /* per lazy warp: its key */
    uint64_t acc_pipe, acc_n; /* the lazy charges (lazy_enter, lazy_issue), added to the stats at the block's end */
    uint32_t lazy_of[32][LAZY_KEYS];
    uint64_t busy[32][LAZY_KEYS];
};

/* The prepared kernel's timing tables (timing.h): what each launch's state borrows. */
struct ws_timing_kernel {
    ws_preset p;         /* the machine's preset (ws_config.timing_preset), parsed */
    timing_info *info;   /* per instruction (timing_info_of) */
    uint8_t *narrow;     /* per instruction: WS_NARROW_* (narrow.h) */
    uint8_t *add_imad;   /* per instruction: an add on the IMAD pipe (add_pipes) */
    uint8_t *half_mma;   /* per instruction: a half pair's HFMA2.MMA (half_pairs) */
    uint8_t *half_value; /* per instruction: an f32 op reading a half op's value (half_values; pipe.half_own) */
    uint8_t *imad_read;  /* per instruction: IMAD_* (imad_reads); NULL: none */
    uint8_t *young;      /* per instruction: pick.young's op (young_ops); NULL: none */
    uint8_t *fma_read3;  /* per instruction: pipe.fma_read3's FFMA (fma_read3_ops); NULL: none */
    uint8_t *halves;     /* per instruction: ws_timing.halves (chain_tables); NULL: none */
    uint8_t *kept;       /* per instruction: ws_timing.kept (chain_tables); NULL: none */
    uint8_t *stall;      /* per instruction: the cycles the warp waits after it beyond one (imad_stalls); NULL: all 0 */
    uint32_t *join_at;   /* per instruction: ws_timing.join_at (join_table); NULL: none */
    uint8_t *bra_kept;   /* per instruction: ws_timing.bra_kept (branch.feed); NULL: none */
    ws_fold fold;        /* fold.h (with the preset's schedule 1) */
    ws_subwarp subwarp;  /* subwarp.h */
    ws_cga cga;          /* cga.h: its tables (each warp's state is the launch's) */
    int cga_used;        /* an instruction needs the shared window's base */
    int xu_used;         /* an instruction is an XU op schedule.xu_stall spaces (CHECK_XU) */
    int fma_rule;        /* pipe.fma_half holds in this kernel (fma_half_rule) */
    ws_schedule sched;   /* schedule.h (with the preset's schedule 1) */
    uint32_t *line_of;   /* the code's lines (ws_ifetch_layout; with the preset's ifetch.line) */
    uint32_t *line_sched; /* ... in the schedule's order (ifetch.order: a first launch's; NULL: line_of's) */
    uint8_t *fetch_held; /* ifetch.held: per instruction, the cycles a half fma holds the issue past its own (NULL: none) */
};

/* A preset key's cycles as the whole cycles a pipe slot or an issue takes: rounded, at least `least`, at most 63, so
 * that a slot's cycles (timing_info.slots: up to twice a hold, and a MUFU's fix-ups four) fit in a byte. */
static inline uint64_t key_cycles(double cycles, uint64_t least)
{
    uint64_t c = cycles >= 63 ? 63 : cycles > 0 ? (uint64_t)ws_llround(cycles) : 0;
    return c < least ? least : c;
}

/* Whether the instruction at pc is a bra ptxas keeps as a BRA (ws_timing.bra_kept): a guarded one reads its predicate
 * branch.feed after a fixed-latency op's latency; a taken one holds the warp branch.taken. */
static inline int kept_bra(const ws_timing *t, uint32_t pc) { return t->bra_kept && pc < t->ninfo && t->bra_kept[pc]; }
/* ... a guarded one whose predicate branch.feed delays (CGA_FED) */
static inline int fed_bra(const ws_timing *t, uint32_t pc)
{
    return t->bra_kept && pc < t->ninfo && (t->bra_kept[pc] & CGA_FED);
}

/* Cycles a source made by a fixed-latency ALU op is read later by an instruction that is an XU
 * bit operation (bits), a shuffle (shfl), the op after a bar.warp.sync (synced) or a guarded bra
 * (pbra: its predicate, branch.feed): earliest. */
static inline int64_t feed_of(const ws_timing *t, int bits, int shfl, int synced, int pbra)
{
    return (bits ? t->bits_feed : 0) + (shfl ? t->shfl_feed : 0) + (synced ? t->sync_feed : 0) +
           (pbra ? t->branch_feed : 0);
}

/* An f32 add, sub, mul, mad or fma: FADD, FMUL or FFMA, on the FMA pipe. */
static inline int is_fma_pipe(const ws_insn *in)
{
    return in->type == WS_T_F32 && (in->op == WS_OP_ADD || in->op == WS_OP_SUB || in->op == WS_OP_MUL ||
                                    in->op == WS_OP_MAD || in->op == WS_OP_FMA);
}

/* An .f64 add, sub, neg, mul, mad or fma: DADD, DMUL, DFMA, which hold the issue pipe.f64 cycles (timing_info.c
 * issue_cycles) and which ptxas's order spaces (timing_tables.c build_schedule). */
static inline int is_f64_math(const ws_insn *in)
{
    ws_issue_pipe pipe = (ws_issue_pipe)ws_optable[in->op].pipe;
    return in->type == WS_T_F64 && (pipe == PIPE_ADD || pipe == PIPE_IMAD || pipe == PIPE_FMA);
}

/* schedule.xu_reader: an XU op ptxas counts as shorter than a MUFU (its reader one XU op after it, a MUFU's two:
 * probe_alu3.sass alu3_popc_l `POPC R15; ULDC; POPC R11; LOP3.LUT R15, R15`, alu3_ex2f_l `MUFU.EX2 R15; MUFU.EX2
 * R11; MUFU.EX2 R14; LOP3.LUT R15, R15`): POPC, FLO (bfind, clz), BREV and F2F (the cvts between float types
 * math_slots puts on the XU pipe); docs/calibration.md "(xu16)". */
static inline int xu_short(const ws_insn *in, const uint8_t slots[SLOT_KINDS])
{
    if (!slots[SLOT_XU])
        return 0;
    if (in->op == WS_OP_POPC || in->op == WS_OP_CLZ || in->op == WS_OP_BFIND || in->op == WS_OP_BREV)
        return 1;
    return ws_optable[in->op].pipe == PIPE_CONV && ws_type_is_float((ws_type)in->type) &&
           ws_type_is_float((ws_type)in->type2);
}

/* fold.pack: the PRMTs ptxas puts before the f16x2 op that instruction pc issues for a scalar half pair (fold.h
 * pack); 0 for the pair's first op (WS_FOLD_PACK, no issue) and every other instruction. */
static inline unsigned pair_prmts(const ws_timing *t, uint32_t pc)
{
    if (pc >= t->ninfo || !t->fold.pack || t->fold.pack[pc] < 2 || t->fold.kind[pc] == WS_FOLD_PACK)
        return 0;
    return t->fold.pack[pc] - 1u;
}

#endif
