/* The timing mode: which instruction issues in which cycle (DESIGN.md "Timing").
 *
 * Model (sm_90):
 *  - Four sub-partitions; warp w lives on w % 4. Each cycle each sub-partition issues at most
 *    one instruction, from its ready warps in loose round robin: the search starts after the
 *    warp that issued last on that sub-partition.
 *  - Each warp issues in order, at most one instruction a cycle. ws_warp_pick (warp.c)
 *    chooses its next group of lanes exactly as the functional scheduler would.
 *  - A scoreboard holds, per warp and register, the cycle its value is ready and the pc of the
 *    instruction that writes it; an instruction issues when all its source registers (guard,
 *    operands, address bases, membermask) are ready. Its destinations are ready `latency`
 *    cycles after issue; the latency comes from the opcode table's class through the preset.
 *  - Shared memory: each access needs ws_bank_wavefronts() wavefronts; each extra one adds
 *    shared.wavefront cycles of load latency. Two limits on its issue (bench_mio_w*: one, four
 *    and eight warps): each sub-partition's MIO pipe takes a shared access or a shuffle every
 *    mio.issue cycles at most, a shared load holding it mio.wavefront cycles a wavefront and a
 *    store as the store.* keys say; the block's shared pipe serves one wavefront a cycle.
 *    An access or shuffle waits until both are free.
 *  - bar.sync: when the last thread arrives, the waiting warps issue again bar + per_warp x
 *    (warps - 1) cycles later.
 *  - Every cycle a live warp does not issue is charged to one ws_stall_reason, in this order:
 *    barrier / .sync / convergence wait (no group can run), a pending barrier release,
 *    scoreboard (with the producing instruction's pc), bank (the shared pipe is busy), issue
 *    (its sub-partition issued another warp this cycle, or the warp issued the cycle before).
 * Executors run when the instruction issues, so results are those of the functional mode for
 * every program whose threads synchronise (races may see another interleaving); an instruction the
 * decoded kernel has a handler for runs through that handler (interp_issue.c), the functional
 * mode's code, unless --slow-path interp.
 *
 * Host cost (docs/performance.md, issue 14): the cycles with nothing to issue are skipped at once;
 * what a warp's picked instruction waits for (its ready cycle and source registers) and what its
 * memory access costs are computed once per pick and kept until the pick issues (only the shared
 * pipe, which other warps move, is compared each cycle); a warp blocked at a barrier is picked
 * again only when a barrier releases; the latencies that do not depend on the data are integers
 * computed once per instruction of the kernel (timing_info). --slow-path timing turns the caches
 * off: everything is recomputed where it is used, as the reference they must agree with.
 */
#include "timing.h"
#include "banks.h"
#include "barrier.h"
#include "cfg.h"
#include "cga.h"
#include "ifetch.h"
#include "diag.h"
#include "memory.h"
#include "fold.h"
#include "fpexact.h"
#include "narrow.h"
#include "schedule.h"
#include "stq.h"
#include "stq_regs.h"
#include "subwarp.h"
#include "warp.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

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
enum { FMA_HALF = 0x80 };    /* slots[SLOT_FMA]: a half op's, which holds both halves of the FMA pipe (hold_math) */
enum { FMA_READS_IMAD = 2 }; /* timing_info.fma_pipe: an IMAD_READER (imad_reads) */
enum { IMAD_RESULT = 1, IMAD_READER = 2 }; /* ws_timing.imad_read (imad_reads) */
enum { IMAD_READ_ONE = 256 };              /* a cycle of pipe.imad_read (ws_timing.imad_read_hold) */
typedef uint64_t slot_word;                /* the slots read as one word */

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
    int32_t branch;   /* a branch holds the warp this many cycles; 0: one cycle */
    int64_t fence;    /* a MEMBAR: cycles after the warp's results are ready; -1: none */
    uint8_t stall;    /* the warp issues nothing for this many cycles more than the one (stall.imad_fma: an
                         IMAD-pipe instruction whose next is an FFMA, FADD or FMUL; imad_stalls) */
    uint8_t hold;     /* the warp waits for its result (fold.h: a redux.sync) */
    uint8_t memory;   /* ws_op_is_memory */
    uint8_t bits;     /* an XU op that reads its source itself: an integer bit operation (popc, clz, bfind,
                         brev) or a MUFU without fix-ups (ws_mufu_fixups 0): waits bits.feed more for a
                         value of a fixed-latency ALU op */
    uint8_t fixed;    /* a fixed-latency ALU op (IADD3, LOP3, IMAD, FFMA, ...) */
    uint8_t synced;   /* follows a bar.warp.sync: reads a fixed-latency op's result sync.feed later */
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
    uint8_t slots[SLOT_BYTES]; /* the pipe cycles its SASS takes (math_slots; all 0: none with an issue rate) */
} timing_info;
_Static_assert(sizeof(timing_info) == 64, "timing_info outgrew its 64 bytes (a shift indexes the table)");
_Static_assert(SLOT_KINDS <= SLOT_BYTES && SLOT_BYTES == sizeof(slot_word), "retime_math reads the slots as one word");

/* timing_info.checks: what earliest tests beyond the sources' ready cycles */
enum {
    CHECK_BASE = 1, /* an access: the shared window's base (cga.h) */
    CHECK_STQ = 2,  /* a register a queued store has yet to read (stq_regs.h wait) */
    CHECK_PIPE = 4, /* an access or a shuffle: the MIO and shared pipes */
    CHECK_MATH = 8, /* an instruction that takes a pipe slot (timing_info.slots) */
    CHECK_XU = 16,  /* an XU op that ptxas's stall counts space from the warp's last (schedule.xu_stall: xu_spaced);
                       with CHECK_MATH, whose test reads it */
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
    uint64_t code_at;            /* ... the cycle the last of them arrives (code_there) */
} plan_seg;
#define PLAN_OLD 64 /* a register ready PLAN_OLD or more cycles before c0 reads as any earlier (feeds below it) */
#define PLAN_MIN 4  /* the shortest segment planned */

#define STQ_TAIL   16 /* a warp's queued stores whose write a shuffle may pass (stq.shfl_left, at most 15) */
#define QUEUE_RING 64 /* a sub-partition's queued loads kept (shared.queue + shared.queue_shared, at most 32 each) */

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
    uint64_t half_hold, hfma2_hold; /* a half add's IMAD hold (pipe.half), a half fma's issue hold (pipe.hfma2) */
    uint64_t mma_alu_hold;          /* an HFMA2.MMA's ALU hold (pipe.mma_alu; 0: none) */
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
    uint8_t *imad_read;   /* per instruction: IMAD_* (imad_reads; pipe.imad_read), likewise; NULL: none */
    uint8_t *young;       /* per instruction: pick.young's op (young_ops), built after info; NULL: none */
    uint32_t young_seen;  /* pick.young: the warps that have issued such an op */
    int8_t young_of[32];  /* pick.young: per sub-partition its warp passed over (young_ready); -1: none yet */
    uint8_t *stall;       /* per instruction: timing_info.stall (imad_stalls), built after the schedule; NULL: 0 */
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
    /* The two large tables last, so that the fields above share the first pages of the calloc'ed
     * struct (261 KB, its pages zero until touched: each page a launch touches is a page fault,
     * ~2.5 us at a process's start), and a kept state is made ready for the next launch by zeroing
     * what comes before them (ws_timing_create):
     * per sub-partition: its store queue (stq.entries > 0); those of stq_used are emptied at a block's start */
    ws_stq stq[64];
    /* per warp: when the bank stage writes its last STQ_TAIL queued stores, store k at k % STQ_TAIL
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
     * (queue_n), when the pipe starts each of its last QUEUE_RING loads (load i at i % QUEUE_RING; in the order
     * they entered, which is the order of their starts) and when its next load may start (queue_free); per warp
     * when its own next load may start (queue_next) */
    uint32_t queue_n[32];
    double queue_free[32];
    double queue_next[32];
    double queue_start[32][QUEUE_RING];
    /* hold_math's retiming: retime_filed in filed blocks without stall events, else retime_math (a pointer: a test
     * in hold_math changed the unfiled passes' code, +0.4% host instructions in block_reduce's blocks of 256) */
    void (*retime)(ws_timing *t, ws_exec *x, uint32_t wi, unsigned sp, uint64_t cycle);
    /* Lazy pipe waits (filed blocks without stall events; lazy_file, lazy_enter): a warp whose pick takes one kind of
     * slot k (ALU, IMAD, an add's ANY, XU; or an ALU and an IMAD slot, LAZY_BOTH: lazy_key_of), on no other pipe, and
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

/* The first whole cycle at or after v, a pipe's or queue's end (a sum of fractional cycles, so
 * within 1e-9): ceil(v - 1e-9) for v > -1 + 1e-9, without the rounding call (x86-64 before SSE4.1
 * has no instruction for it; a shuffle's hold_mio paid ~20 host instructions for ceil). */
static inline uint64_t whole_cycle(double v)
{
    double c = v - 1e-9;
    int64_t i = (int64_t)c; /* toward 0: floor(c) for c >= 0, 0 for -1 < c < 0 */
    return (uint64_t)(i + ((double)i < c));
}

/* The store queue's bounds (stq.h) from the preset. */
static ws_stq_bounds stq_bounds(const ws_timing *t)
{
    return (ws_stq_bounds){t->p.stq_bytes, t->p.stq_wavefronts, t->p.stq_stores, t->p.stq_bank_bytes, t->p.stq_entries};
}

/* The warp's last queued stores a shuffle need not wait for (stq.shfl_left, 0 to STQ_TAIL - 1). */
static uint32_t shfl_left(const ws_preset *p)
{
    double n = p->stq_shfl_left;
    return n <= 0 ? 0 : n >= STQ_TAIL - 1 ? STQ_TAIL - 1 : (uint32_t)n;
}

/* A block's first load of global lines waits for L2 or HBM (charged by sim/grid.c): beyond the
 * first load's ld.first (or the L1 hit) its own cycles keep, ld.l2 when the lines are in L2, else
 * ld.miss. The measurement launches each grid 23 times over the same buffers
 * (tests/calibration/launch.txt), so with l2.warm what the previous launch read is still in L2 when
 * all of the launch's allocations (what it can read: the sum of the device buffers, an upper bound
 * of what it reads) fit in the L2's l2.kib; the launches read their buffers in the same order each
 * time, so a footprint beyond the L2 misses throughout (an LRU cache evicts each line before its
 * next use). docs/calibration.md "Whole launches". */
static double launch_miss(const ws_launch_ctx *L, const ws_preset *p)
{
    uint64_t bytes = 0;
    for (size_t i = 0; i < L->sim->nallocs; i++)
        bytes += L->sim->allocs[i].size;
    int in_l2 = p->l2_warm != 0 && (double)bytes <= p->l2_kib * 1024;
    /* the block's own cycles have the first load's ld.first (an L2 hit) where it is waited for */
    return (in_l2 ? p->ld_l2 : p->ld_miss) - (p->ld_first > 0 ? p->ld_first : p->ld_global);
}

/* The prepared kernel's timing tables (timing.h): what each launch's state borrows. */
struct ws_timing_kernel {
    ws_preset p;        /* the machine's preset (ws_config.timing_preset), parsed */
    timing_info *info;  /* per instruction (timing_info_of) */
    uint8_t *narrow;    /* per instruction: WS_NARROW_* (narrow.h) */
    uint8_t *add_imad;  /* per instruction: an add on the IMAD pipe (add_pipes) */
    uint8_t *half_mma;  /* per instruction: a half pair's HFMA2.MMA (half_pairs) */
    uint8_t *imad_read; /* per instruction: IMAD_* (imad_reads); NULL: none */
    uint8_t *young;     /* per instruction: pick.young's op (young_ops); NULL: none */
    uint8_t *stall;     /* per instruction: the cycles the warp waits after it beyond one (imad_stalls); NULL: all 0 */
    ws_fold fold;       /* fold.h (with the preset's schedule 1) */
    ws_subwarp subwarp; /* subwarp.h */
    ws_cga cga;         /* cga.h: its tables (each warp's state is the launch's) */
    int cga_used;       /* an instruction needs the shared window's base */
    int xu_used;        /* an instruction is an XU op schedule.xu_stall spaces (CHECK_XU) */
    int fma_rule;       /* pipe.fma_half holds in this kernel (fma_half_rule) */
    ws_schedule sched;  /* schedule.h (with the preset's schedule 1) */
    uint32_t *line_of;  /* the code's lines (ws_ifetch_layout; with the preset's ifetch.line) */
};

void ws_timing_kernel_free(ws_timing_kernel *tk)
{
    if (!tk)
        return;
    free(tk->info);
    free(tk->narrow);
    free(tk->add_imad);
    free(tk->half_mma);
    free(tk->imad_read);
    free(tk->young);
    free(tk->stall);
    ws_fold_free(&tk->fold);
    ws_subwarp_free(&tk->subwarp);
    ws_cga_free(&tk->cga);
    ws_schedule_free(&tk->sched);
    free(tk->line_of);
    free(tk);
}

uint64_t ws_timing_kernel_bytes(const ws_kernel *k)
{
    uint64_t n = (uint64_t)k->ninsns + 1;
    return sizeof(ws_timing_kernel) + n * (sizeof(timing_info) + 2) + ws_schedule_bytes(k->ninsns) +
           n * sizeof(double) /* build_schedule's latencies, while it runs */ + n * 2 /* subwarp */ +
           n * (sizeof(uint32_t) + 5) /* cga */ + n * (2 + sizeof(uint32_t)) /* fold */ +
           n * sizeof(uint32_t) /* line_of */;
}

static int build_tables(ws_timing *t, const ws_launch_ctx *L, ws_timing_kernel *tk);

#define KEPT(field)                                                                                                    \
    {                                                                                                                  \
        offsetof(ws_timing, field), sizeof(((ws_timing *)0)->field)                                                    \
    }
/* What a kept state keeps: its buffers and their room, the lines' generation (the lines of its blocks
 * are not the next block's) and the queues the next block empties (stq_used) */
static const struct {
    size_t off, size;
} kept_fields[] = {KEPT(alloc),       KEPT(regs_cap),     KEPT(ws_cap),      KEPT(stq_read_cap), KEPT(reg_ready),
                   KEPT(reg_prod),    KEPT(ws),           KEPT(stq_read),    KEPT(stores),       KEPT(stores_cap),
                   KEPT(ifetch),      KEPT(gen),          KEPT(stq_used),    KEPT(plan_s),       KEPT(plan_e),
                   KEPT(plan_in),     KEPT(plan_krp),     KEPT(plan_krr),    KEPT(plan_s_cap),   KEPT(plan_e_cap),
                   KEPT(plan_in_cap), KEPT(plan_krp_cap), KEPT(plan_krr_cap)};
#undef KEPT

/* spare (a state ws_timing_keep kept) zeroed up to its large tables as calloc would leave it, but
 * for kept_fields; a new state if NULL. NULL: out of memory. */
static ws_timing *timing_state(ws_timing *spare)
{
    if (!spare) { /* on pages of its own, as zeroed's buffers; ws_timing_destroy frees t->alloc */
        void *mem;
        ws_timing *t = ws_thread_calloc(sizeof(ws_timing), &mem);
        if (t)
            t->alloc = mem;
        return t;
    }
    unsigned char keep[offsetof(ws_timing, stq)]; /* the kept fields are among those zeroed */
    size_t at = 0;
    for (size_t i = 0; i < sizeof kept_fields / sizeof *kept_fields; at += kept_fields[i++].size)
        memcpy(keep + at, (char *)spare + kept_fields[i].off, kept_fields[i].size);
    /* but mem[], read only while its warp's mem_valid (zeroed with ws): 12 KB a launch less */
    const size_t mem_end = offsetof(ws_timing, mem) + sizeof spare->mem;
    memset(spare, 0, offsetof(ws_timing, mem));
    memset((char *)spare + mem_end, 0, offsetof(ws_timing, stq) - mem_end);
    at = 0;
    for (size_t i = 0; i < sizeof kept_fields / sizeof *kept_fields; at += kept_fields[i++].size)
        memcpy((char *)spare + kept_fields[i].off, keep + at, kept_fields[i].size);
    return spare;
}

/* *buf with room for n entries of size bytes, zeroed (*cap: its room, grown to n when smaller), on
 * pages of its own: a --jobs thread's state, written at every instruction (WS_THREAD_PAGE). -1: out
 * of memory. */
static int zeroed(void **buf, size_t *cap, size_t n, size_t size)
{
    n = n ? n : 1;
    if (*cap < n) {
        free(*buf);
        *buf = ws_thread_alloc(n * size);
        *cap = *buf ? n : 0;
        if (!*buf)
            return -1;
    }
    memset(*buf, 0, n * size);
    return 0;
}

/* Whether the instruction at a position can be in a plan: a common pick (not rare) that reads nothing but its
 * sources' ready cycles, its ready cycle and, a shuffle, its sub-partition's MIO pipe (no access, no hoisted
 * setp, no free shuffle), with a feed below PLAN_OLD. */
static int plannable(const timing_info *f)
{
    return !f->rare && !f->memory && !(f->checks & (CHECK_BASE | CHECK_STQ)) &&
           !(f->free_mov && (f->shfl || f->latency > 0)) && f->feed >= 0 && f->feed < PLAN_OLD;
}

/* The launch's plannable segments (plan_seg.ok) and their live-in registers: the sources (and a folded
 * load's register) that no earlier position of the segment writes, in ptxas's order, the order a warp
 * entering at the first position converged issues them (ws_schedule_pick). Plans need that order and
 * MIO holds that sum exactly (multiples of 1/1024). 0, or -1 when out of memory. */
static int plans_init(ws_timing *t)
{
    uint32_t n = t->ninfo;
    for (uint32_t wi = 0; wi < 32; wi++) { /* no warp follows a plan (ws_timing_run_block reads these) */
        t->plan_pos[wi] = UINT32_MAX;
        t->plan_rec[wi] = 0;
    }
    double hold = t->p.mio_issue * 1024;
    /* not with pipe.fma_half's rule: the FMA pipe's cycles are not in a plan's key (plan_key) */
    t->plan_ok = t->sched.order && !t->slow && n && hold >= 0 && hold < 1e9 && (double)(int64_t)hold == hold &&
                 !t->fma_rule &&
                 !t->imad_read; /* nor with pipe.imad_read's: a hold from the producers at issue (imad_read_issue) */
    if (!t->plan_ok)
        return 0;
    if (zeroed((void **)&t->plan_s, &t->plan_s_cap, n, sizeof *t->plan_s) != 0 ||
        zeroed((void **)&t->plan_e, &t->plan_e_cap, n, sizeof *t->plan_e) != 0)
        return -1;
    uint32_t *mark = calloc((size_t)t->nregs * 2, sizeof *mark); /* written, seen: the segment's first + 1 */
    if (!mark)
        return -1;
    uint32_t total = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass) {
            if (zeroed((void **)&t->plan_in, &t->plan_in_cap, total, sizeof *t->plan_in) != 0 ||
                zeroed((void **)&t->plan_krp, &t->plan_krp_cap, total, sizeof *t->plan_krp) != 0 ||
                zeroed((void **)&t->plan_krr, &t->plan_krr_cap, total, sizeof *t->plan_krr) != 0) {
                free(mark);
                return -1;
            }
            memset(mark, 0, (size_t)t->nregs * 2 * sizeof *mark);
            total = 0;
        }
        for (uint32_t p = 0; p < n;) {
            uint32_t end = p + 1;
            while (end < n && t->sched.first[end] == p)
                end++;
            int ok = t->sched.first[p] == p && end - p >= PLAN_MIN;
            for (uint32_t q = p; ok && q < end; q++)
                ok = t->sched.order[q] < n && plannable(&t->info[t->sched.order[q]]);
            if (ok) {
                plan_seg *g = &t->plan_s[p];
                g->ok = pass;
                g->end = end;
                g->in = total;
                for (uint32_t q = p; q < end; q++) {
                    uint32_t pc = t->sched.order[q];
                    const ws_reg_use *u = &t->uses[pc];
                    for (uint32_t i = 0; i <= u->nsrc; i++) {
                        uint32_t r = i < u->nsrc ? u->src[i] : t->info[pc].free_mov ? t->info[pc].same : WS_NO_REG;
                        if (r >= t->nregs || mark[r] == p + 1 || mark[t->nregs + r] == p + 1)
                            continue;
                        mark[t->nregs + r] = p + 1;
                        if (pass)
                            t->plan_in[total] = r;
                        total++;
                    }
                    for (uint32_t i = 0; i < u->ndst; i++)
                        if (u->dst[i] < t->nregs)
                            mark[u->dst[i]] = p + 1;
                }
                g->nin = total - g->in;
            }
            p = end;
        }
    }
    free(mark);
    return 0;
}

/* A preset's pipe.* figure as whole cycles a slot holds its pipe: 0 where it gives no rate (0 or 1); at most 63,
 * so that a slot's cycles (timing_info.slots: up to twice a hold, and a MUFU's fix-ups four) fit in a byte. */
static uint64_t hold_of(double cycles) { return cycles > 1 ? (uint64_t)(cycles < 63 ? ws_llround(cycles) : 63) : 0; }

ws_timing *ws_timing_create(ws_launch_ctx *L, ws_prepared *pr, ws_timing *spare, char *err, size_t errlen)
{
    ws_timing *t = timing_state(spare);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    ws_timing_kernel *tk = pr->timing_tables;
    if (tk)
        t->p = tk->p;
    else {
        char why[256];
        if (ws_preset_parse(L->sim->cfg.timing_preset, &t->p, why, sizeof why) != 0) {
            snprintf(err, errlen, "preset %s", why); /* LINE:COLUMN: what (the text has no file name here) */
            ws_timing_destroy(t);
            return NULL;
        }
    }
    t->miss = launch_miss(L, &t->p);
    uint64_t nthreads = (uint64_t)L->block[0] * L->block[1] * L->block[2];
    t->nwarps = (uint32_t)((nthreads + 31) / 32);
    t->nregs = L->k->nregs ? L->k->nregs : 1;
    t->slow = (L->slow & WS_SLOW_TIMING) != 0;
    t->bits_feed = ws_llround(t->p.bits_feed);
    t->shfl_feed = ws_llround(t->p.shfl_feed);
    t->shfl_waits_from = t->p.stq_shfl > 0 ? shfl_left(&t->p) : UINT32_MAX;
    t->sync_feed = ws_llround(t->p.sync_feed);
    t->guard_feed = ws_llround(t->p.guard_feed);
    t->cross_feed = t->p.cross_feed > 0 ? ws_llround(t->p.cross_feed) : 0;
    t->mio_issue = (uint64_t)ws_llround(t->p.mio_issue);
    t->alu_hold = hold_of(t->p.pipe_alu); /* before the tables (math_slots, issue_cycles) */
    t->rcp_fixup = t->p.pipe_rcp_fixup > 0 ? (uint64_t)ws_llround(t->p.pipe_rcp_fixup < 3 ? t->p.pipe_rcp_fixup : 3) : 0;
    t->imad_hold = hold_of(t->p.pipe_imad);
    t->pick_pipe = t->p.pick_pipe >= 1;
    t->xu_hold = hold_of(t->p.pipe_xu);
    t->d2f_hold = t->xu_hold && hold_of(t->p.pipe_xu_d2f) ? hold_of(t->p.pipe_xu_d2f) : t->xu_hold;
    t->xu_stall = (uint8_t)hold_of(t->p.schedule_xu_stall);
    t->f64_hold = hold_of(t->p.pipe_f64);
    t->held_mov = t->p.pipe_held_mov > 0;
    t->half_hold = hold_of(t->p.pipe_half);
    t->hfma2_hold = hold_of(t->p.pipe_hfma2);
    t->mma_alu_hold = t->alu_hold && t->p.pipe_mma_alu >= 1
                          ? (uint64_t)ws_llround(t->p.pipe_mma_alu < 63 ? t->p.pipe_mma_alu : 63)
                          : 0;
    t->prmt_hold = t->alu_hold && t->p.pipe_prmt > 0 ? hold_of(t->p.pipe_prmt) : t->alu_hold;
    t->fma_hold = hold_of(t->p.pipe_fma_half);
    t->half_window = t->p.pipe_half_window > 0 ? (uint64_t)ws_llround(t->p.pipe_half_window) : 0;
    t->imad_read_hold = t->imad_hold && t->p.pipe_imad_read > 1
                            ? (uint32_t)ws_llround((t->p.pipe_imad_read < 63 ? t->p.pipe_imad_read : 63) * IMAD_READ_ONE)
                            : 0;
    t->imad_near =
        t->p.pipe_imad_near >= 1 ? (uint32_t)ws_llround(t->p.pipe_imad_near < 64 ? t->p.pipe_imad_near : 64) : 0;
    t->fma_rule = 0; /* build_tables decides it, before the tables (math_slots); else the kernel's, below */
    for (uint32_t wi = 0; wi < 32; wi++)
        t->sp_of[wi] = (uint8_t)(t->p.subpartitions ? wi % t->p.subpartitions : 0);
    size_t n = (size_t)t->nwarps * t->nregs, regs_cap = t->regs_cap;
    t->ninfo = L->k->ninsns;
    t->nfast = t->slow ? 0 : t->ninfo;
    t->uses = L->uses;
    if (t->nwarps > 32 || zeroed((void **)&t->reg_ready, &t->regs_cap, n, sizeof *t->reg_ready) != 0 ||
        zeroed((void **)&t->reg_prod, &regs_cap, n, sizeof *t->reg_prod) != 0 ||
        zeroed((void **)&t->ws, &t->ws_cap, t->nwarps, sizeof *t->ws) != 0)
        goto oom;
    /* the store queue's register reads before the tables: timing_info_of reads t->stq_regs */
    if (t->p.stq_reads > 0 && t->p.stq_bytes > 0 && L->stq_regs->nslots) {
        t->stq_regs = *L->stq_regs;
        if (zeroed((void **)&t->stq_read, &t->stq_read_cap, (size_t)t->nwarps * t->stq_regs.nslots,
                   sizeof *t->stq_read) != 0)
            goto oom;
    } else { /* read where it is not NULL; no stale facts of another kernel (a kept state) */
        memset(&t->stq_regs, 0, sizeof t->stq_regs);
        free(t->stq_read);
        t->stq_read = NULL;
        t->stq_read_cap = 0;
    }
    if (!tk) { /* the kernel's first timing launch: its tables, kept with it (built on t's fields) */
        if (!(tk = calloc(1, sizeof *tk)))
            goto oom;
        tk->p = t->p;
        int built = build_tables(t, L, tk);
        if (built != 0) {
            ws_timing_kernel_free(tk);
            goto oom;
        }
        pr->timing_tables = tk;
    }
    t->info = tk->info;
    t->narrow = tk->narrow;
    t->add_imad = tk->add_imad;
    t->half_mma = tk->half_mma;
    t->imad_read = tk->imad_read;
    t->young = tk->young;
    t->stall = tk->stall;
    t->fold = tk->fold;
    t->subwarp = tk->subwarp;
    t->cga = tk->cga;
    t->cga_used = tk->cga_used;
    t->xu_used = tk->xu_used;
    t->fma_rule = tk->fma_rule;
    t->sched = tk->sched;
    if (ws_ifetch_init(&t->ifetch, t->ninfo, tk->line_of, t->p.ifetch_line, t->p.ifetch_ahead, t->p.ifetch_latency,
                       t->p.ifetch_restart) != 0)
        goto oom;
    t->ifetch.late = t->p.ifetch_late > 0;
    t->code_warm = pr->code_warm;
    if (plans_init(t) != 0)
        goto oom;
    for (uint32_t wi = 0; wi < t->nwarps; wi++) {
        t->ws[wi].rr = &t->reg_ready[(size_t)wi * t->nregs];
        t->ws[wi].rp = &t->reg_prod[(size_t)wi * t->nregs];
    }
    return t;
oom:
    ws_timing_destroy(t);
    snprintf(err, errlen, "out of memory");
    return NULL;
}

const ws_preset *ws_timing_preset(const ws_timing *t) { return &t->p; }

const ws_grid_store *ws_timing_block_stores(const ws_timing *t, size_t *n)
{
    *n = t->nstores;
    return t->stores;
}

uint64_t ws_timing_block_memory(const ws_timing *t)
{
    return t->block_missed && t->miss > 0 ? (uint64_t)ws_llround(t->miss) : 0;
}

uint64_t ws_timing_bytes(const ws_kernel *k, uint32_t nwarps, const ws_stq_regs *stq)
{
    uint64_t nregs = k->nregs ? k->nregs : 1;
    return sizeof(ws_timing) + nwarps * nregs * (sizeof(uint64_t) + sizeof(uint32_t)) + nwarps * sizeof(warp_state) +
           ((uint64_t)(k->ninsns >> 3) + 1) * (sizeof(uint64_t) + 1) /* ifetch */ +
           (uint64_t)nwarps * stq->nslots * sizeof(double);
}

/* What a kept state may hold besides itself: as much as a block's kept buffer (block.h) */
#define TIMING_SPARE_BYTES ((uint64_t)1 << 20)

ws_timing *ws_timing_keep(ws_timing *t)
{
    if (!t)
        return NULL;
    uint64_t buffers = t->regs_cap * (sizeof *t->reg_ready + sizeof *t->reg_prod) +
                       t->stq_read_cap * sizeof *t->stq_read + t->stores_cap * sizeof *t->stores +
                       t->plan_s_cap * sizeof *t->plan_s + t->plan_e_cap * sizeof *t->plan_e +
                       t->plan_in_cap * (sizeof *t->plan_in + sizeof *t->plan_krp + sizeof *t->plan_krr);
    if (buffers > TIMING_SPARE_BYTES) {
        ws_timing_destroy(t);
        return NULL;
    }
    return t;
}

void ws_timing_destroy(ws_timing *t)
{
    if (!t)
        return;
    free(t->reg_ready);
    free(t->reg_prod);
    free(t->ws);
    ws_ifetch_free(&t->ifetch);
    free(t->stq_read);
    free(t->stores);
    free(t->plan_s);
    free(t->plan_e);
    free(t->plan_in);
    free(t->plan_krp);
    free(t->plan_krr);
    free(t->alloc);
}

/* The registers instruction pc reads and writes (ws_insn_reg_use, computed once per kernel). */
static const ws_reg_use *uses_of(ws_timing *t, const ws_launch_ctx *L, uint32_t pc)
{
    if (pc < t->nfast)
        return &t->uses[pc];
    ws_insn_reg_use(&L->code[pc], &t->tmp_use);
    return &t->tmp_use;
}

/* The block touches the global line: the cycle the line is in L1 if it had touched it before (0:
 * the set is full here, counted as touched), else UINT64_MAX, and the line is in L1 from at. */
static uint64_t touch_line(ws_timing *t, uint64_t line, uint64_t at)
{
    for (unsigned k = 0; k < 16; k++) {
        unsigned i = (unsigned)((line * 0x9e3779b97f4a7c15ull) >> 52) + k * 7;
        i %= LINE_SET;
        if (t->lines[i].gen == t->gen && t->lines[i].line == line)
            return t->lines[i].at;
        if (t->lines[i].gen != t->gen) {
            t->lines[i].gen = t->gen;
            t->lines[i].line = line;
            t->lines[i].at = at;
            return UINT64_MAX;
        }
    }
    return 0;
}

/* The access group's lanes make, with what it costs; touches nothing (mem_commit does). Out of
 * line: access_of's test of its cache is inline. */
static __attribute__((noinline)) void mem_access_of(ws_timing *t, ws_exec *x, const ws_insn *in, uint32_t group,
                                                    mem_access *m)
{
    mem_cost *c = &m->c;
    *c = (mem_cost){0};
    c->space = WS_SPACE_NONE;
    m->exec = 0;
    if (!ws_op_is_memory(in->op))
        return;
    uint32_t exec = ws_guard_mask(x, in, group);
    m->exec = exec;
    if (!exec)
        return;
    ws_space space = ws_access_space(in);
    c->space = space;
    /* only a global or shared access's lanes' addresses are read (mem_commit's lines, the banks);
     * a generic one's tell which it is: ld.param and the local and constant spaces need none */
    if (space != WS_SPACE_GLOBAL && space != WS_SPACE_SHARED && space != WS_SPACE_GENERIC)
        return;
    unsigned bytes = ws_type_bits((ws_type)in->type) / 8 * (in->vec ? in->vec : 1);
    uint64_t *addr = m->addr;
    const ws_operand *a = &in->ops[ws_op_address_operand(in->op)];
    ws_access_addresses(x, a, exec, addr); /* the executors' decoder (memory.h) */
    if (space == WS_SPACE_GENERIC)
        FOR_EACH_LANE(exec, l)
            c->space = ws_resolve_generic(space, &addr[l]);
    int returns = ws_op_writes_op0(in->op); /* ld, ldu, atom: a result, with a load's latency */
    if (ws_op_class_of(in->op) == CLS_ATOMIC &&
        returns) /* lanes on one word take turns: bench_atom[1] (shared), [3] (global) */
        c->extra_latency = (ws_bank_same_word_lanes(addr, exec, 4) - 1) * t->p.atom_same_word;
    if (c->space != WS_SPACE_SHARED)
        return;
    c->shared = 1;
    c->wavefronts = ws_bank_wavefronts(addr, exec, bytes, m->bank);
    c->min_wavefronts = ws_bank_min_wavefronts(exec, bytes);
    c->hold = c->wavefronts;        /* the block's shared pipe: a wavefront a cycle (bench_mio_w4, _w8) */
    unsigned waves = c->wavefronts; /* what a load costs the pipes, in wavefronts */
    if (returns && bytes == 16 && t->p.shared_bcast128 > 0 &&
        ws_bank_same_word_lanes(addr, exec, 16) == (unsigned)__builtin_popcount(exec)) {
        /* every lane reads one 16-byte chunk (BlockScan's warp aggregates, `LDS.128 [UR4+0x20]`): the H200 serves
         * it in less than its four 8-lane phases (probe_v4: 32 warps x 16 loads 1,365 cycles, 16 bytes a lane 2,408) */
        waves = (unsigned)ws_llround(t->p.shared_bcast128);
        c->hold = waves;
    }
    if (!returns) { /* st, red: the MIO pipe as bench_shared_st and bench_throughput measure one warp */
        double h = c->wavefronts * t->p.store_wavefront - t->p.store_overlap;
        c->mio = h > t->p.store_issue ? h : t->p.store_issue;
        /* wide stores: the data path takes store.bandwidth bytes a cycle (bench_throughput) */
        double data = t->p.store_bandwidth > 0 ? bytes * __builtin_popcount(exec) / t->p.store_bandwidth : 0;
        c->mio = data > c->mio ? data : c->mio;
        /* lanes storing to one word take turns, but not lanes storing its different bytes: a
         * consecutive st.shared.u16 (two lanes a word) takes 4 cycles like a u32 (bench_st_wide[7]) */
        double same = (ws_bank_same_word_lanes(addr, exec, bytes < 4 ? bytes : 4) - 1) * t->p.store_same_word;
        c->mio += same;
        if (t->p.stq_bytes > 0) { /* queued, then drained as probe_stq measures (stq.h) */
            c->queued = 1;
            c->stq.bytes = bytes * __builtin_popcount(exec);
            c->stq.wavefronts = c->wavefronts;
            c->stq.data = t->p.stq_data + (t->p.stq_bandwidth > 0 ? c->stq.bytes / t->p.stq_bandwidth : 0);
            double w = c->wavefronts * t->p.stq_wavefront;
            /* lanes of a st on one word do not take turns: 64 broadcast STS [UR4] take 254 cycles
             * after a drain (probe_stq_ctx); a red's lanes on one word do */
            c->stq.write = (w > t->p.stq_min ? w : t->p.stq_min) + (ws_op_class_of(in->op) == CLS_ATOMIC ? same : 0);
        }
    } else { /* one warp's loads: mio.wavefront a wavefront, mio.issue at least (bench_shared_ilp) */
        c->mio = waves * t->p.mio_wavefront;
        c->mio = c->mio > t->p.mio_issue ? c->mio : t->p.mio_issue;
        c->extra_latency += (waves - 1) * t->p.shared_wavefront + (bytes >= 16 ? t->p.shared_128 : 0);
    }
}

/* A store or atomic to a global word at this cycle of the block: one per word an instruction. */
static void record_store(ws_timing *t, uint64_t word, uint64_t cycle)
{
    if (t->nstores && t->stores[t->nstores - 1].word == word && t->stores[t->nstores - 1].cycle == cycle)
        return; /* lanes of one access on one word: one request to L2 */
    if (t->nstores == t->stores_cap) {
        size_t cap = t->stores_cap ? 2 * t->stores_cap : 64;
        ws_grid_store *n = realloc(t->stores, cap * sizeof *n);
        if (!n) {
            t->stores_failed = 1;
            return;
        }
        t->stores = n;
        t->stores_cap = cap;
    }
    t->stores[t->nstores++] = (ws_grid_store){word, cycle};
}

/* Whether all 32 lanes of a whole warp's access are on one 128-byte line (a loop without a branch
 * the compiler vectorises): mem_commit's walk then takes the first lane alone, since the others
 * touch that line again, which changes nothing. */
static inline int one_line(const mem_access *m)
{
    if (m->exec != UINT32_MAX)
        return 0;
    uint64_t line = m->addr[0] >> 7, apart = 0;
    for (unsigned l = 1; l < 32; l++)
        apart |= (m->addr[l] >> 7) ^ line;
    return !apart;
}

/* The access issues now (at cycle): its global lines become the block's. Returns the cycles a load
 * waits beyond ld.global's L1 hit for lines not yet in L1: a line the block has not touched is an
 * L2 hit (ld.first, probe_sync10: 32 shuffles whose first step reads a word loaded just before
 * the region, 1,207 cycles; with the load waited for before the region, 933), and a load of a
 * line another load has asked for waits for it too. */
static double mem_commit(ws_timing *t, const ws_insn *in, const mem_access *m, uint64_t cycle)
{
    if (!m->exec || m->c.space != WS_SPACE_GLOBAL)
        return 0;
    double wait = 0;
    if (ws_op_writes_op0(in->op) && ws_op_class_of(in->op) != CLS_ATOMIC && !ws_insn_is_strong_load(in)) {
        /* a load of a line the block has not touched: the block also waits for L2/HBM once
         * (ld.l2/ld.miss beyond ld.first, charged by the whole-launch model, sim/grid.c); consecutive
         * lanes share lines, and touching the lane before's line again changes nothing */
        int first = t->p.ld_first > 0 && !(in->mods & WS_MOD_CG); /* .cg skips L1: ld.cg */
        uint64_t fill = first ? cycle + (uint64_t)ws_llround(t->p.ld_first) : cycle, last = UINT64_MAX;
        FOR_EACH_LANE(one_line(m) ? m->exec & -m->exec : m->exec, l) { /* one line: its first lane's alone */
            if (m->addr[l] >> 7 != last) {
                uint64_t at = touch_line(t, m->addr[l] >> 7, fill);
                t->block_missed |= at == UINT64_MAX;
                at = at == UINT64_MAX ? fill : at;
                double w = at > cycle ? (double)(at - cycle) - t->p.ld_global : 0;
                wait = w > wait ? w : wait;
            }
            last = m->addr[l] >> 7;
        }
    } else {
        int queued = !ws_op_writes_op0(in->op) || ws_op_class_of(in->op) == CLS_ATOMIC; /* not a strong load */
        uint64_t last = UINT64_MAX;
        FOR_EACH_LANE(!queued && one_line(m) ? m->exec & -m->exec : m->exec, l) {
            if (m->addr[l] >> 7 != last)
                touch_line(t, m->addr[l] >> 7, cycle); /* stores and atomics bring their lines in too */
            last = m->addr[l] >> 7;
            if (queued)
                record_store(t, m->addr[l] >> 2, cycle);
        }
    }
    return wait;
}

/* Forms that ptxas lowers to other SASS than the rest of their class: longer sequences (the
 * preset's "lowered" keys, measured by bench_sfu, bench_div and bench_conv), and cvt forms that
 * are not conversion-unit ops; 0: the class latency. */
static double lowered_latency(const ws_preset *p, const ws_insn *in)
{
    bool f32 = in->type == WS_T_F32, approx = in->mods & WS_MOD_APPROX;
    switch (in->op) {
    case WS_OP_SIN:
    case WS_OP_COS: return p->sfu_sincos;
    case WS_OP_LG2: return ws_mufu_fixups(in) > 0 ? p->sfu_fixup : 0;
    case WS_OP_RCP:
    case WS_OP_SQRT:
        if (f32 && !approx)
            return in->op == WS_OP_RCP ? p->rcp_rn : p->sqrt_rn;
        return ws_mufu_fixups(in) > 0 ? p->sfu_fixup : 0;
    case WS_OP_DIV:
    case WS_OP_REM:
        if (in->type == WS_T_F64)
            return p->div_f64;
        return !ws_type_is_float((ws_type)in->type) && ws_type_bits((ws_type)in->type) == 64 ? p->div_64 : 0;
    case WS_OP_CVT: {
        /* a cvt between integer types is a move or an ALU op (bench_conv[6]) and a 32-bit integer
         * to f32 is I2FP, an FMA-pipe op (bench_conv[0-1]); F2I, F2F, I2F.F64 and FRND take conv.
         * bf16 to f32 is a shift (IMAD.U32, bench_conv2[0]); f32 to f16 or to a pair of halves
         * is F2FP, f16 to f32 HADD2.F32 (bench_conv[5], bench_conv2[1]) */
        ws_type to = (ws_type)in->type, from = (ws_type)in->type2;
        if (!ws_type_is_float(from) && !ws_type_is_float(to))
            return p->lat[LAT_ALU];
        if (!ws_type_is_float(from) && to == WS_T_F32 && ws_type_bits(from) == 32)
            return p->lat[LAT_FMA];
        if (to == WS_T_F32 && from == WS_T_BF16)
            return p->lat[LAT_ALU];
        return (to == WS_T_F16 || to == WS_T_F16X2 || to == WS_T_BF16X2) && from == WS_T_F32 ? p->conv_f16
               : to == WS_T_F32 && from == WS_T_F16                                          ? p->conv_f16
                                                                                             : 0;
    }
    default: return 0;
    }
}

/* Forms whose cycles depend on the type or a modifier rather than the opcode's class
 * (bench_mul, bench_half: issue 15); 0: the class latency. */
static double form_latency(const ws_preset *p, const ws_insn *in)
{
    ws_type ty = (ws_type)in->type;
    int int64 = !ws_type_is_float(ty) && ws_type_bits(ty) == 64;
    ws_latency_class cls = (ws_latency_class)ws_optable[in->op].latency;
    if (ty == WS_T_F64 && (cls == LAT_ADD || cls == LAT_MUL || cls == LAT_FMA))
        return p->fp64 + (in->guard != WS_NO_REG ? p->fp64_select : 0);
    if (in->op == WS_OP_MUL && ty == WS_T_F16X2) /* HMUL2 and HFMA2.MMA in turn (bench_half.sass) */
        return p->mul_f16x2;
    if (in->op == WS_OP_CVTA && !(in->mods & WS_MOD_TO) && in->space == WS_SPACE_SHARED && int64)
        return p->alu_64; /* two MOVs: the low word, then the shared window's high word (bench_conv2.sass) */
    if (cls == LAT_MUL && in->sub == WS_MUL_HI && !ws_type_is_float(ty))
        return int64 ? p->mul_hi_64 : p->mul_hi;
    if (!int64)
        return 0;
    switch (in->op) { /* 64-bit integers: two 32-bit halves with a carry or a compare between them */
    case WS_OP_ADD:
    case WS_OP_SUB:
    case WS_OP_SHR: return p->alu_64;
    case WS_OP_MIN:
    case WS_OP_MAX: return p->minmax_64;
    case WS_OP_SETP: return p->setp_64;
    default: return 0;
    }
}

/* match.any costs by the number of distinct values among its lanes (bench_match); match.all one
 * latency. Reads the operand before the instruction executes. */
static double match_latency(const ws_preset *p, ws_exec *x, const ws_insn *in, uint32_t group)
{
    if (in->sub == WS_VOTE_ALL)
        return p->match_all;
    uint32_t exec = ws_guard_mask(x, in, group);
    uint64_t tmp[32];
    const uint64_t *v = operand_row(x, &in->ops[1], exec, tmp);
    uint64_t width = ws_type_bits((ws_type)in->type) == 64 ? UINT64_MAX : UINT32_MAX;
    return ws_match_any_cycles(p, ws_distinct_values(v, exec, width));
}

/* ---- memory orders (bench_memord, docs/calibration.md) ------------------------------------------
 * ptxas puts a MEMBAR before a fence's or a release's access (st, red, atom .release/.acq_rel)
 * and a CCTL.IVALL after an acquire's (ld, atom .acquire/.acq_rel) beyond .cta scope; a strong
 * global load beyond .cta scope (.volatile is .sys) reads L2. .cluster counts as beyond .cta
 * (not measured: one block is its own cluster). */
static int beyond_cta(const ws_insn *in)
{
    return in->sem == WS_SEM_VOLATILE || (in->mods & WS_MOD_MMIO) || (in->scope && in->scope != WS_SCOPE_CTA);
}

/* The stall of the fence the instruction is or brings: cycles from the completion of the warp's
 * outstanding results until it issues again; -1: none. */
static double fence_of(const ws_preset *p, const ws_insn *in)
{
    int release = in->sem == WS_SEM_RELEASE || in->sem == WS_SEM_ACQ_REL;
    switch (in->op) {
    case WS_OP_FENCE:
    case WS_OP_MEMBAR: return beyond_cta(in) ? p->fence_gpu : p->fence_cta;
    case WS_OP_ST:
    case WS_OP_RED:
    case WS_OP_ATOM: return release ? (beyond_cta(in) ? p->fence_gpu : p->fence_cta) : -1;
    default: return -1;
    }
}

/* How much later than `cycle` the access of a release issues: its MEMBAR issued when the warp was
 * ready (at `ready`, not waiting for the access's operands: bench_memord.sass, MEMBAR.ALL.CTA right
 * after the LDS whose value the STS stores) and holds the warp fence.stall cycles, its stall count
 * (S06 on every MEMBAR of the kept SASS); `fence` cycles after the warp's results are counted
 * already. An acq_rel atomic's chain feels it: its acquire holds the warp until the result, so the
 * next MEMBAR issues then (bench_memord[12]: MEMBAR.ALL.CTA, ATOMS, a NOP that waits for it; 35.0
 * cycles a step, 9.4 more than atom.shared's). */
static int64_t fence_stall_wait(const ws_preset *p, uint64_t ready, uint64_t cycle, int64_t fence)
{
    int64_t at = (int64_t)ready + ws_llround(p->fence_stall) - (int64_t)cycle - fence;
    return at > 0 ? at : 0;
}

static double acquire_of(const ws_preset *p, const ws_insn *in, ws_space space)
{
    if ((in->op != WS_OP_LD && in->op != WS_OP_ATOM) || (in->sem != WS_SEM_ACQUIRE && in->sem != WS_SEM_ACQ_REL))
        return 0;
    if (!beyond_cta(in))
        return p->acquire_cta;
    return space == WS_SPACE_SHARED ? p->acquire_gpu_shared : p->acquire_gpu;
}

static double latency_of(const ws_timing *t, const ws_insn *in, const mem_cost *mc)
{
    const ws_preset *p = &t->p;
    ws_latency_class cls = (ws_latency_class)ws_optable[in->op].latency;
    if (in->op == WS_OP_MOV && in->ops[1].kind == WS_OPND_SREG && in->ops[1].reg == WS_SREG_LANEID && p->sreg_laneid > 0)
        return p->sreg_laneid; /* S2R SR_LANEID (subwarp_laneid) */
    if (in->op == WS_OP_MOV && in->ops[1].kind == WS_OPND_SREG && in->ops[1].reg <= WS_SREG_TID_Z && p->sreg_tid > 0)
        return p->sreg_tid; /* S2R SR_TID.X/Y/Z (probe_s2r_tid; cg's thread_rank() in a timed region) */
    /* in->sub: the shuffle's mode; shfl.idx's own latency is for a register lane (bench_shfl): with an
     * immediate lane, SHFL.IDX takes what SHFL.DOWN does (bench_mio_w1/w4/w8: 283/291/548 cycles for
     * 64 of them, down 283/290/545) */
    if (cls == LAT_SHFL && in->sub < 4 && p->shfl_mode[in->sub] > 0 &&
        !(in->sub == WS_SHFL_IDX && in->ops[2].kind == WS_OPND_IMM))
        return p->shfl_mode[in->sub];
    if (ws_op_is_memory(in->op) && ws_op_writes_op0(in->op)) { /* ld, ldu, atom */
        double base;
        switch (mc->space) {
        case WS_SPACE_SHARED: base = p->ld_shared; break;
        case WS_SPACE_GLOBAL: base = p->ld_global; break;
        case WS_SPACE_LOCAL: base = p->ld_local; break;
        case WS_SPACE_PARAM: base = p->ld_param; break;
        case WS_SPACE_CONST: base = p->ld_const; break;
        default: base = p->lat[cls]; break;
        }
        if (mc->space == WS_SPACE_GLOBAL && ws_insn_is_strong_load(in) && beyond_cta(in))
            base = p->ld_strong;
        else if (mc->space == WS_SPACE_GLOBAL && (in->mods & WS_MOD_CG) && p->ld_cg > 0)
            base = p->ld_cg;                      /* .cg skips L1: an L2 hit (bench_global[1]) */
        if (ws_op_class_of(in->op) == CLS_ATOMIC) /* a release's fence comes before the atomic: its result is later */
            base = (mc->space == WS_SPACE_SHARED ? p->atom_shared : p->lat[LAT_ATOM]) +
                   (fence_of(p, in) > 0 ? fence_of(p, in) : 0);
        return base + mc->extra_latency + acquire_of(p, in, mc->space);
    }
    double lowered = lowered_latency(p, in);
    if (lowered <= 0)
        lowered = form_latency(p, in);
    return lowered > 0 ? lowered : p->lat[cls];
}

enum { HALF_NONE, HALF_F2F, HALF_F2FP };

/* conv.form: the SASS form of a cvt from f32 to f16 or bf16 into a 16-bit register, which its readers and rounding
 * decide (fold.h WS_FOLD_F2F): F2F when one zero-extends it (or .rm, .rp), F2FP.PACK_AB with RZ otherwise.
 * HALF_NONE: not such a cvt, or the rule off (an XU slot, conv.f16 for f16 and conv for bf16, as before). */
static int cvt_to_half_sass(const ws_timing *t, uint32_t pc, const ws_insn *in)
{
    ws_type to = (ws_type)in->type;
    if (t->p.conv_form <= 0 || !t->fold.kind || pc >= t->ninfo || in->op != WS_OP_CVT ||
        (ws_type)in->type2 != WS_T_F32 || (to != WS_T_F16 && to != WS_T_BF16))
        return HALF_NONE;
    return t->fold.kind[pc] == WS_FOLD_F2F ? HALF_F2F : HALF_F2FP;
}

/* The latency of instruction pc (in) with the access mc: latency_of, but for a mul.wide whose
 * high half alone is read (narrow.h), an IMAD.WIDE read at its high register: as IMAD.HI; for a
 * 64-bit add whose low half alone is read, a 32-bit one; for a
 * division whose reciprocal ptxas computed before it (fold.h WS_FOLD_RCP), its FMULs; for a half
 * cvt (cvt_to_half_sass), F2F's conv or F2FP's conv.f16 (F2F.F16.F32 17 a step in sass_replay of
 * probe_alu3 f2h_l; F2FP + HADD2.F32 10.1, bench_conv2[1]). */
static double insn_latency(const ws_timing *t, uint32_t pc, const ws_insn *in, const mem_cost *mc)
{
    int form = cvt_to_half_sass(t, pc, in);
    if (form != HALF_NONE)
        return form == HALF_F2F ? (t->p.conv_f2h > 0 ? t->p.conv_f2h : t->p.lat[LAT_CONV]) : t->p.conv_f16;
    if (pc < t->ninfo && t->fold.kind && t->fold.kind[pc] == WS_FOLD_RCP) { /* its FMULs alone (fold.h) */
        double fmuls = in->mods & WS_MOD_APPROX ? t->p.div_approx_hoisted : t->p.div_full_hoisted;
        if (fmuls > 0)
            return fmuls;
    }
    /* fold.pack: the PRMT before a scalar half pair's f16x2 op, where it has one, first (fold.h) */
    double prmt = pc < t->ninfo && t->fold.pack && t->fold.pack[pc] > 1 ? t->p.lat[LAT_ALU] : 0;
    if (pc < t->ninfo && t->half_mma && t->half_mma[pc] && in->op != WS_OP_MUL && t->p.half_mma > 0)
        return prmt + t->p.half_mma; /* HFMA2.MMA (half_pairs); mul.f16x2 keeps its key, the forms' mean (bench_half) */
    if (prmt > 0)
        return prmt + latency_of(t, in, mc);
    unsigned narrow = pc < t->ninfo ? t->narrow[pc] : WS_NARROW_NONE;
    if (narrow == WS_NARROW_LOW_ONLY) /* one 32-bit IADD3 of the low registers */
        return t->p.lat[ws_optable[in->op].latency];
    return narrow == WS_NARROW_HIGH_ONLY ? t->p.mul_hi : latency_of(t, in, mc);
}

/* A mov of a register or an immediate: ptxas folds it away (a rename, or an immediate operand
 * of its user), so it takes no issue slot and no latency: its destination is ready when its
 * source is. Measured: bench_reduce_shfl. narrow: the instruction's WS_NARROW_* (narrow.h). */
static int is_free_mov(const ws_insn *in, unsigned narrow)
{
    ws_type to = (ws_type)in->type, from = (ws_type)in->type2;
    if (narrow == WS_NARROW_HIGH_REG)
        return 1; /* shr by 32, only its low half read: the source's high register (bench_mul[1]) */
    if (narrow == WS_NARROW_LOW_REG)
        return 1; /* a widening cvt, only its low half read: the source register (bench_conv[6]) */
    if (in->op == WS_OP_CVT && in->ops[1].kind == WS_OPND_REG && !ws_type_is_float(to) && !ws_type_is_float(from) &&
        !(in->mods & WS_MOD_SAT)) {
        if (ws_type_bits(to) == 32 && ws_type_bits(from) == 64)
            return 1; /* cvt.u32.u64: the low register of the pair (bench_mul[0], [4]) */
        if (ws_type_bits(to) == 64 && ws_type_bits(from) == 32 && !ws_type_is_signed(from))
            return 1; /* cvt.u64.u32: the same register and a zero high one (bench_bits[11-12]) */
    }
    /* a pack of 32-bit registers into a 64-bit value (mov.b64 %fd, {%r, %r}) is the register pair
     * ptxas allocated the halves into: the two SHFLs of a double's shuffle write R6 and R7, the DADD
     * reads R6 (time_cg_reduce_plus_tile32_double.sass; probe_bfly_dadd 35 cycles a step) */
    if (in->op == WS_OP_MOV && in->ops[1].kind == WS_OPND_VEC && in->ops[0].kind == WS_OPND_REG)
        return 1;
    return in->op == WS_OP_MOV && (in->ops[1].kind == WS_OPND_REG || in->ops[1].kind == WS_OPND_IMM);
}

/* schedule.free_slot's movs: the unpack of a 32-bit register into 16-bit halves (`mov.b32 {a, b}, %r`), which ptxas
 * has no SASS for (a HADD2.F32 reads R.H0_H0: probe_alu3.sass alu3_h2f_l), and with schedule.free_slot 2 the pack of
 * one half into both (`mov.b32 %r, {a, a}`), which the half op that makes it writes (`HADD2 R, R.H0_H0, R.H0_H0`
 * gives both halves the sum: probe_alu3.sass alu3_hadd_l, one HADD2 and one LOP3 a step; docs/calibration.md
 * "(half17)"). Not the pack and unpack of a 64-bit value around a DADD, nor the other free movs: given no schedule
 * cycle they put the f64 forms beside an op at +14% to +17% and probe_pipe's u32b_16 at +10.1% (docs/calibration.md
 * "(f64x)", the merge with xu16). */
static int is_half_move(const ws_insn *in, double free_slot)
{
    if (in->op != WS_OP_MOV || in->nops < 2)
        return 0;
    const ws_operand *d = &in->ops[0], *s = &in->ops[1];
    if (ws_type_bits((ws_type)in->type) == 64) /* schedule.free_slot 3: a 64-bit pair's unpack or pack */
        return free_slot > 2 && ((d->kind == WS_OPND_VEC && d->nvec == 2 && s->kind == WS_OPND_REG) ||
                                 (d->kind == WS_OPND_REG && s->kind == WS_OPND_VEC && s->nvec == 2));
    if (ws_type_bits((ws_type)in->type) != 32)
        return 0;
    return (d->kind == WS_OPND_VEC && s->kind == WS_OPND_REG) ||
           (free_slot > 1 && d->kind == WS_OPND_REG && s->kind == WS_OPND_VEC && s->nvec == 2 &&
            s->regs[0] == s->regs[1] && s->regs[0] != WS_NO_REG);
}

/* Whether operand i of `in` is an immediate. */
static int is_imm(const ws_insn *in, unsigned i) { return i < in->nops && in->ops[i].kind == WS_OPND_IMM; }

/* The ALU-pipe fix-ups ptxas puts around the MUFU of an .f32 form without .ftz (ws_mufu_fixups; the row's pipe
 * PIPE_MUFU, PIPE_MUFU_APPROX or PIPE_MUFU_RCP, the last two in the .approx forms): an FSETP and an FSEL, for rcp two
 * of each (probe_alu3 ex2, rsqrt, sqrt, lg2: 256 FSETP (+ 256 FSEL) and 512 FMUL or FMUL + FADD beside the 256 MUFU;
 * rcp: 512 FSETP, 512 FSEL, 512 FMUL; docs/calibration.md "(alu27)"); each also has two FMA-pipe instructions (FMUL,
 * FADD: no rate, but issued: issue_cycles). 0: none. */
static unsigned mufu_fixups(const ws_insn *in)
{
    int fix = ws_mufu_fixups(in);
    return fix > 0 ? (unsigned)fix : 0;
}

/* The cycles instruction `in` holds its sub-partition's issue (timing_info.issue; 0: the one cycle every
 * instruction takes), as the H200 issues its SASS (probe_alu3, docs/calibration.md "(alu27)", "(f64x)"):
 * - an .f64 add, sub, neg (PIPE_ADD), mul, mad (PIPE_IMAD) or fma (PIPE_FMA), DADD, DMUL, DFMA: pipe.f64 (2). Alone
 *   they issue every 2.1-2.2 cycles a sub-partition (8 warps), on none of the ALU, IMAD, XU pipes (8.2 a step beside
 *   a POPC), and every other form beside them adds a cycle: 3.1-3.2 a step beside a LOP3, an IMAD or an FFMA, where
 *   two pipes side by side give 2. The sub-partition issues nothing else while it holds them.
 * - a MUFU with its fix-ups (mufu_fixups): the MUFU, the fix-ups and two FMA-pipe instructions, one cycle each
 *   (rcp.approx.f32: 7, ex2, rsqrt, lg2, sqrt: 5). For rcp the H200 takes 8.9 cycles a step alone and 9.2 beside an
 *   IMAD or an FFMA, more than the 8 its XU pipe, its ALU fix-ups and this issue give: pipe.rcp_fixup's fitted ALU
 *   cycle (math_slots). Issuing the seven as pieces in ptxas's order, each on its pipe, does not give it (rcp_m at
 *   one warp a sub-partition 8.75 a step where the H100 takes 10.90; tests/calibration/probes/rcp_sass_model.py,
 *   docs/calibration.md "(rcp24)").
 * - a half fma (HFMA2, HFMA2.MMA): pipe.hfma2 (2). fma.rn.f16x2 and .bf16x2 alone 1.91-2.03 cycles a step a
 *   sub-partition with 2-8 warps, where the same count of HADD2 and HFMA2.MMA (add.f16x2) take 1.08-1.10; one warp
 *   2.39 where ptxas's stall counts give 1.50 (sass_replay.py); beside a LOP3, an IMAD or an FFMA 3.20, 3.25, 3.47
 *   where those pipes give 2. Most of those HFMA2 and HFMA2.MMA read two registers of one bank (`HFMA2 R5, R5, R7,
 *   R4.reuse`), the add forms none: a second cycle of register reads, which ptxas's allocation decides and warpsim,
 *   allocating none, gives every half fma (probe_alu3 hfma2, bfma2; docs/calibration.md "(half17)"). The scalar
 *   forms (HFMA2 of the low halves) are taken to do the same: not measured. */
static int is_f64_math(const ws_insn *in)
{
    ws_issue_pipe pipe = (ws_issue_pipe)ws_optable[in->op].pipe;
    return in->type == WS_T_F64 && (pipe == PIPE_ADD || pipe == PIPE_IMAD || pipe == PIPE_FMA);
}

static unsigned issue_cycles(const ws_timing *t, const ws_insn *in, unsigned fix)
{
    if (is_f64_math(in))
        return (unsigned)t->f64_hold;
    if (in->op == WS_OP_FMA && ws_half_arith_halves(in))
        return (unsigned)t->hfma2_hold;
    fix = t->alu_hold ? fix : 0; /* modelled where the ALU pipe has a rate (math_slots) */
    return fix ? (unsigned)ws_mufu_sass(in, (int)fix) : 0;
}

/* The pipe slots instruction `in` takes (SLOT_*), from its row's pipe column and its form, as the SASS ptxas makes
 * of it issues on the H200 (probe_alu, probe_alu2, probe_alu3: docs/calibration.md "(alu24)", "(alu25)",
 * "(alu27)"); a pipe the preset gives no rate takes none (an add then goes to the other pipe: no wait).
 * - ALU: one slot; two for a 64-bit form (two LOP3, SEL or SHF; ISETP and ISETP.EX); a float form where the row
 *   says so (PIPE_ALU_F32: f32 setp/set FSETP, min/max FMNMX, slct FSEL; PIPE_ALU_ALL: selp, SEL); the others the
 *   FMA pipe's (FADD, FFMA: one a cycle) or not measured (f64). bfe is SHF + SGXT (2); bfi with an
 *   immediate position and length IMAD.SHL + LOP3 (one each), with registers SHF + LOP3 after a BMSK. Where the
 *   position and length change at each bfe or bfi ptxas adds PRMTs and the BMSK (probe_alu2 bfe, bfi: about 5 ALU
 *   instructions); loop-invariant, as in bench_bits[5-6] (H200 520, 528 cycles; 5 slots would give 632), they are
 *   made once, so 2 here. shl.b32 by an immediate is SHF.L.U32 or IMAD.SHL.U32, whichever pipe is free, as an add.
 * - IMAD: mul.lo/mad.lo one IMAD; .hi and .wide (IMAD.HI, IMAD.WIDE) the IMAD pipe twice and the ALU once
 *   (probe_alu2 mulhi, mulwide: 4 cycles alone, 6 beside an IMAD or two LOP3s). 64-bit .lo forms: not measured.
 * - an add, sub or neg: either pipe; at 64 bits IADD3 + IMAD.X, one of each.
 * - XU: popc, and a cvt from f32 to a 32-bit integer (F2I): 8 cycles (probe_alu2); the MUFU forms (rsqrt, ex2, lg2,
 *   sin, cos, tanh; rcp and sqrt .approx), clz and bfind (FLO; clz also an IADD3 on the ALU pipe) and brev (BREV), and
 *   the cvts F2F makes (f32 to f16, bf16 or f64, f64 to f32) share it, 8 cycles each (probe_alu3: 8.0-8.1 a step
 *   alone, 16.0-16.1 beside a POPC) but F2F.F32.F64, pipe.xu_d2f (9: two a step 18.0-18.1, 26.1 beside a POPC). A
 *   MUFU's fix-ups (mufu_fixups) take the ALU pipe. A cvt from a 32-bit integer to f32 is I2FP and from f32
 *   pairs to f16x2/bf16x2 F2FP.PACK_AB, both on the ALU pipe; f16 to f32 is HADD2.F32, on the IMAD pipe (probe_alu3
 *   h2f: 4.06 beside an IMAD, 2.12 beside a LOP3); the other conversions are not measured. (docs/calibration.md
 *   "(alu27)", "(f64x)")
 * - a half add, sub or mul (ws_half_arith_halves): HADD2 and HMUL2 take the IMAD pipe pipe.half cycles (probe_alu3 hadd:
 *   add.f16 beside an IMAD 4.07 a step, beside a LOP3 2.13), HFMA2.MMA (mma: half_pairs) not the IMAD pipe (hadd2:
 *   add.f16x2 half HADD2, half HFMA2.MMA, alone 1.09, beside an IMAD 3.13) but the ALU pipe pipe.mma_alu cycles
 *   (1: beside a LOP3 2.48-2.52 a step with 2-8 warps a sub-partition, where add.f16's HADD2 takes 2.08-2.13; that
 *   of a mul not measured); a half fma none (HFMA2 and HFMA2.MMA hold the issue: issue_cycles; with the ALU cycle
 *   too fma.rn.f16x2 beside a LOP3 would take 3.6 a step where the H200 takes 3.2). (docs/calibration.md "(half17)",
 *   "(half20)")
 * Each slot holds its pipe the preset's cycles (alu_hold, imad_hold, xu_hold): slots[] holds those cycles. Returns
 * whether the form takes the XU pipe, whatever its rate (schedule.xu_stall: xu_spaced). */
static int math_slots(const ws_timing *t, const ws_insn *in, unsigned fold, int add_imad, int mma, int form,
                      uint8_t slots[SLOT_BYTES], uint8_t *side)
{
    uint64_t xu = t->xu_hold; /* the XU slot's cycles */
    int spaced = 1;           /* an XU slot spaced by schedule.xu_stall (below) */
    memset(slots, 0, SLOT_BYTES);
    *side = 0;
    if (ws_half_arith_halves(in)) { /* HADD2, HMUL2 pipe.half cycles; an add's HFMA2.MMA the ALU (below); HFMA2 none */
        if (in->op != WS_OP_FMA && !mma)
            slots[SLOT_IMAD] = (uint8_t)t->half_hold;
        if (mma && in->op != WS_OP_FMA) /* an add's, sub's or mul's HFMA2.MMA: the ALU pipe (pipe.mma_alu) */
            slots[SLOT_ALU] = (uint8_t)t->mma_alu_hold;
        if (t->fma_rule && !mma) /* HADD2, HMUL2, HFMA2: both halves of the FMA pipe */
            slots[SLOT_FMA] = (uint8_t)(FMA_HALF | (t->half_hold > 1 ? t->half_hold : 1));
        *side = WS_SIDE_HALF;
        return 0;
    }
    ws_type ty = (ws_type)in->type, from = (ws_type)in->type2;
    int wide = ws_type_bits(ty) == 64, fl = ws_type_is_float(ty);
    ws_issue_pipe pipe = (ws_issue_pipe)ws_optable[in->op].pipe;
    if (ty == WS_T_F32 && (pipe == PIPE_ADD || pipe == PIPE_IMAD || pipe == PIPE_FMA)) {
        *side = WS_SIDE_FMA; /* FADD, FMUL, FFMA: no slot (one a cycle), but beside half work (pipe.fma_half) */
        if (t->fma_rule)
            slots[SLOT_FMA] = (uint8_t)t->fma_hold;
    }
    switch (pipe) {
    case PIPE_ALU:
    case PIPE_ALU_F32:
    case PIPE_ALU_ALL:
        if (fl && !(pipe == PIPE_ALU_ALL || (pipe == PIPE_ALU_F32 && ty == WS_T_F32)))
            break;
        if (in->op == WS_OP_BFI && is_imm(in, 3) && is_imm(in, 4))
            slots[SLOT_ALU] = slots[SLOT_IMAD] = 1;
        else if (in->op == WS_OP_SHL && !wide && is_imm(in, 2))
            slots[add_imad ? SLOT_IMAD : SLOT_ANY] =
                1; /* SHF.L.U32 or IMAD.SHL.U32, as an add (probe_alu2 shl_l, shl_m) */
        else
            slots[SLOT_ALU] = in->op == WS_OP_BFE || in->op == WS_OP_BFI || wide ? 2 : 1;
        break;
    case PIPE_IMAD:
        if (fl)
            break;
        if (in->sub == WS_MUL_HI || in->sub == WS_MUL_WIDE) {
            slots[SLOT_ALU] = 1;
            slots[SLOT_IMAD] = 2;
        } else
            slots[SLOT_IMAD] = 1;
        break;
    case PIPE_ADD:
        if (fl)
            break;
        if (fold == WS_FOLD_IMAD || add_imad) /* a mul.lo folded into it (fold.imad), or add_pipes: one IMAD */
            slots[SLOT_IMAD] = 1;
        else if (wide)
            slots[SLOT_ALU] = slots[SLOT_IMAD] = 1;
        else
            slots[SLOT_ANY] = 1;
        break;
    case PIPE_MUFU_APPROX: /* MUFU.RCP, MUFU.SQRT; the IEEE forms are ptxas's sequences (not measured) */
    case PIPE_MUFU_RCP:
        if (!(in->mods & WS_MOD_APPROX))
            break;
        /* fall through */
    case PIPE_MUFU:
    case PIPE_XU:
        slots[SLOT_XU] = 1;
        slots[SLOT_ALU] = (uint8_t)mufu_fixups(in); /* FSETP, FSEL */
        /* POPC, FLO, BREV; not a MUFU, whose SASS has what warpsim issues as one (rcp's -R operand, sin's FMUL.RZ
         * before it, the fix-ups) apart from the MUFU: a neg or the FMUL between two would wait where ptxas's don't */
        spaced = in->op == WS_OP_POPC || in->op == WS_OP_BFIND || in->op == WS_OP_BREV ||
                 (in->op == WS_OP_CLZ && t->p.schedule_xu_clz > 0);
        if (in->op == WS_OP_CLZ)
            slots[SLOT_ALU] = 1; /* FLO and IADD3 31 - it (probe_alu3 clz) */
        break;
    case PIPE_CONV:
        if (ty == WS_T_F32 && !ws_type_is_float(from) && ws_type_bits(from) <= 32)
            slots[SLOT_ALU] = 1; /* I2FP */
        else if (from == WS_T_F32 && !fl && ws_type_bits(ty) <= 32)
            slots[SLOT_XU] = 1; /* F2I */
        else if (from == WS_T_F32 && (ty == WS_T_F16X2 || ty == WS_T_BF16X2 || form == HALF_F2FP))
            slots[SLOT_ALU] = 1; /* F2FP.PACK_AB (probe_alu3 f2h2, f2bf2); a half with RZ (cvt_to_half_sass) */
        else if (ty == WS_T_F32 && from == WS_T_F16) {
            slots[SLOT_IMAD] = 1; /* HADD2.F32 (probe_alu3 h2f) */
            *side = WS_SIDE_HALF;
        } else if (from == WS_T_F32 && (ty == WS_T_F16 || ty == WS_T_BF16 || ty == WS_T_F64)) {
            slots[SLOT_XU] = 1; /* F2F (probe_alu3 f2h, f2bf, f2d) */
            /* f16, bf16: spaced where the zero-extension ptxas folds into it is free (fold.zext; else warpsim issues
             * that cvt.u32.u16 between, where the SASS has nothing) */
            spaced = ty == WS_T_F64 || t->p.fold_zext > 0;
        } else if (from == WS_T_F64 && ty == WS_T_F32) {
            slots[SLOT_XU] = 1; /* F2F.F32.F64 (probe_alu3 d2f: 9 cycles) */
            xu = t->d2f_hold;
            /* spaced: its neg operand is folded (fold.neg) */
        }
        break;
    default: break;
    }
    if (!*side && !slots[SLOT_ANY] && !slots[SLOT_XU] && (slots[SLOT_ALU] != 0) != (slots[SLOT_IMAD] != 0))
        *side = slots[SLOT_ALU] ? WS_SIDE_ALU : WS_SIDE_FMA;    /* one pipe of the two: its datapath (cross.feed) */
    slots[SLOT_ALU] = (uint8_t)(slots[SLOT_ALU] * t->alu_hold); /* at most 4 x 63 (hold_of), + 3 (rcp_fixup) */
    if (slots[SLOT_ALU] && mufu_fixups(in) == 4) /* rcp.approx.f32's two FSETP, two FSEL (pipe.rcp_fixup) */
        slots[SLOT_ALU] = (uint8_t)(slots[SLOT_ALU] + t->rcp_fixup);
    slots[SLOT_IMAD] = (uint8_t)(slots[SLOT_IMAD] * t->imad_hold);
    if (!t->alu_hold || !t->imad_hold)
        slots[SLOT_ANY] = 0;
    int on_xu = slots[SLOT_XU] && spaced;
    slots[SLOT_XU] = (uint8_t)(slots[SLOT_XU] * xu);
    return on_xu;
}

/* The first cycle sub-partition sp's pipes have the slots of f free (an add's: the earlier of the two), from each
 * kind of slot it takes (--slow-path timing: the reference for math_one). */
static inline uint64_t math_free_slots_at(const uint64_t at[SLOT_KINDS], const timing_info *f)
{
    uint64_t free = 0;
    for (unsigned k = 0; k < SLOT_KINDS; k++)
        if (f->slots[k] && at[k] > free)
            free = at[k];
    return free;
}

/* math_free_slots_at, read at once for an instruction with one kind of slot. */
static inline uint64_t math_free_at(const uint64_t at[SLOT_KINDS], const timing_info *f)
{
    return f->math_one < SLOT_KINDS ? at[f->math_one] : math_free_slots_at(at, f);
}

/* math_free_slots_at and math_free_at for sub-partition sp. */
static inline uint64_t math_free_slots(const ws_timing *t, unsigned sp, const timing_info *f)
{
    return math_free_slots_at(t->math_at[sp], f);
}
static inline uint64_t math_free(const ws_timing *t, unsigned sp, const timing_info *f)
{
    return f->math_one < SLOT_KINDS ? t->math_at[sp][f->math_one] : math_free_slots(t, sp, f);
}

/* A mov of %ntid.* or %nctaid.*: ptxas reads the launch's dimensions from the constant bank (ULDC
 * UR, c[0x0][0x0] .. c[0x0][0x14]), a line no instruction before it has read: the kernel's entry
 * reads c[0x0][0x28] with LDC, which goes around the immediate-constant cache, and the parameters'
 * line (c[0x0][0x208] ..). The block's first such read misses in the immediate-constant cache and
 * the warp issues nothing until the line is there, imc.miss later (probe_shfl_steps: cg's
 * thread_rank() in a region, ULDC c[0x0][0x4] and c[0x0][0x0] after the CS2R, 53-67 cycles over the
 * same region with the rank from %tid.x alone; time_cg_iscan_plus_tile32_*.sass); every warp after
 * it waits for the same line, and a read after the line is there hits. */
static int reads_launch_dims(const ws_insn *in)
{
    if (in->op != WS_OP_MOV || in->nops < 2 || in->ops[1].kind != WS_OPND_SREG)
        return 0;
    unsigned r = in->ops[1].reg;
    return (r >= WS_SREG_NTID_X && r <= WS_SREG_NTID_Z) || (r >= WS_SREG_NCTAID_X && r <= WS_SREG_NCTAID_Z);
}

/* schedule.xu_reader: an XU op ptxas counts as shorter than a MUFU (its reader one XU op after it, a MUFU's two:
 * probe_alu3.sass alu3_popc_l `POPC R15; ULDC; POPC R11; LOP3.LUT R15, R15`, alu3_ex2f_l `MUFU.EX2 R15; MUFU.EX2
 * R11; MUFU.EX2 R14; LOP3.LUT R15, R15`): POPC, FLO (bfind, clz), BREV and F2F (the cvts between float types
 * math_slots puts on the XU pipe); docs/calibration.md "(xu16)". */
static int xu_short(const ws_insn *in, const uint8_t slots[SLOT_KINDS])
{
    if (!slots[SLOT_XU])
        return 0;
    if (in->op == WS_OP_POPC || in->op == WS_OP_CLZ || in->op == WS_OP_BFIND || in->op == WS_OP_BREV)
        return 1;
    return ws_optable[in->op].pipe == PIPE_CONV && ws_type_is_float((ws_type)in->type) &&
           ws_type_is_float((ws_type)in->type2);
}

/* Cycles a source made by a fixed-latency ALU op is read later by an instruction that is an XU
 * bit operation (bits), a shuffle (shfl) or the op after a bar.warp.sync (synced): earliest. */
static int64_t feed_of(const ws_timing *t, int bits, int shfl, int synced)
{
    return (bits ? t->bits_feed : 0) + (shfl ? t->shfl_feed : 0) + (synced ? t->sync_feed : 0);
}

/* An f32 add, sub, mul, mad or fma: FADD, FMUL or FFMA, on the FMA pipe. */
static int is_fma_pipe(const ws_insn *in)
{
    return in->type == WS_T_F32 && (in->op == WS_OP_ADD || in->op == WS_OP_SUB || in->op == WS_OP_MUL ||
                                    in->op == WS_OP_MAD || in->op == WS_OP_FMA);
}

/* The ALU fix-ups of instruction pc (mufu_fixups), with fold.mufu less those ptxas leaves out (fold.h mufu_less: an
 * ex2 reading an ex2's value none, a form whose source is dead after it no FSEL). */
static unsigned mufu_fixups_at(const ws_timing *t, const ws_insn *in, uint32_t pc)
{
    unsigned fix = mufu_fixups(in);
    if (fix && t->p.fold_mufu > 0 && t->fold.mufu_less && pc < t->ninfo)
        fix -= t->fold.mufu_less[pc] < fix ? t->fold.mufu_less[pc] : fix;
    return fix;
}

/* The SASS instructions of instruction pc in the cold code's lines (ifetch.h): with ifetch.sass its form's
 * (ws_mufu_sass), else one. */
static unsigned sass_count(const ws_timing *t, const ws_insn *code, uint32_t pc)
{
    return t->p.ifetch_sass > 0 ? (unsigned)ws_mufu_sass(&code[pc], (int)mufu_fixups_at(t, &code[pc], pc)) : 1;
}

/* fold.pack: the PRMTs ptxas puts before the f16x2 op that instruction pc issues for a scalar half pair (fold.h
 * pack); 0 for the pair's first op (WS_FOLD_PACK, no issue) and every other instruction. */
static unsigned pair_prmts(const ws_timing *t, uint32_t pc)
{
    if (pc >= t->ninfo || !t->fold.pack || t->fold.pack[pc] < 2 || t->fold.kind[pc] == WS_FOLD_PACK)
        return 0;
    return t->fold.pack[pc] - 1u;
}

/* What issuing instruction pc does to the scoreboard, rounded to whole cycles as the issue
 * rounds them. */
static timing_info timing_info_of(const ws_timing *t, const ws_insn *code, uint32_t pc)
{
    const ws_preset *p = &t->p;
    const ws_insn *in = &code[pc];
    ws_latency_class cls = (ws_latency_class)ws_optable[in->op].latency;
    timing_info f = {0};
    unsigned narrow = pc < t->ninfo ? t->narrow[pc] : WS_NARROW_NONE;
    unsigned fold = t->fold.kind && pc < t->ninfo ? t->fold.kind[pc] : WS_FOLD_NONE;
    int hoisted = fold == WS_FOLD_HOIST, packed = fold == WS_FOLD_PACK; /* free, with a latency (write_results) */
    f.free_mov = (uint8_t)(is_free_mov(in, narrow) || fold == WS_FOLD_ALU || fold == WS_FOLD_ADDR ||
                           fold == WS_FOLD_SAME || fold == WS_FOLD_ZEXT || fold == WS_FOLD_NEG || hoisted || packed);
    f.same = fold == WS_FOLD_SAME ? t->fold.same[pc] : WS_NO_REG;
    f.memory = (uint8_t)(ws_op_is_memory(in->op) && fold != WS_FOLD_SAME); /* a folded load: no access */
    int xu = 0;
    if (!f.free_mov) {
        xu = math_slots(t, in, fold, t->add_imad && pc < t->ninfo && t->add_imad[pc],
                        t->half_mma && pc < t->ninfo && t->half_mma[pc], cvt_to_half_sass(t, pc, in), f.slots, &f.side);
        unsigned fix = mufu_fixups_at(t, in, pc);
        f.issue = (uint8_t)issue_cycles(t, in, fix);
        if (fix < mufu_fixups(in)) /* ptxas left some out (mufu_fixups_at) */
            f.slots[SLOT_ALU] = (uint8_t)fix;
        unsigned prmt = pair_prmts(t, pc);
        if (prmt) { /* fold.pack: each PRMT before the pair's f16x2 op an issue cycle and pipe.prmt of the ALU pipe */
            f.slots[SLOT_ALU] = (uint8_t)(f.slots[SLOT_ALU] + prmt * t->prmt_hold);
            f.issue = (uint8_t)((f.issue ? f.issue : 1) + prmt);
        }
    }
    int math = 0;
    f.math_one = SLOT_KINDS;
    for (unsigned k = 0; k < SLOT_KINDS; k++)
        if (f.slots[k]) {
            f.math_one = math ? SLOT_KINDS : (uint8_t)k;
            math = 1;
        }
    f.hold = t->fold.holds && pc < t->ninfo && t->fold.holds[pc];
    f.shfl = cls == LAT_SHFL;
    f.synced = pc > 0 && code[pc - 1].op == WS_OP_BAR_WARP && p->sync_feed > 0;
    /* ld, ldu, atom: from the access; match: from the values. A load of the param, local or const
     * space: its space's latency alone (latency_of reads nothing else of such an access, and
     * mem_commit adds nothing to it) */
    ws_space space = f.memory ? ws_access_space(in) : WS_SPACE_NONE;
    int in_space = space == WS_SPACE_PARAM || space == WS_SPACE_LOCAL || space == WS_SPACE_CONST;
    int from_data = cls == LAT_MATCH || (f.memory && ws_op_writes_op0(in->op) && !in_space);
    mem_cost none = {.space = in_space ? space : WS_SPACE_NONE};
    /* ptxas coalesces register-to-register moves (mov.b32 %r, %f around shuffles): a mov of a
     * register is a rename, its result ready as soon as its source (issue) */
    f.latency = f.free_mov && !hoisted && !packed ? 0 : from_data ? -1 : ws_llround(insn_latency(t, pc, in, &none));
    /* cross.feed: ptxas gives 5 cycles, not 4, from a fixed-latency op to its reader on another datapath (ALU: LOP3,
     * IADD3, SEL, SHF, PRMT, ISETP, FSETP, I2FP; FMA: IMAD, VIADD, FFMA, FADD, FMUL; the half ops), 4 within one: every
     * such adjacent pair of the kept SASS (LOP3 -> IMAD 499 of 499, IMAD -> LOP3 586 of 780, the others stall counts
     * of 1, 3 or 7; IMAD -> IMAD 38,184 of 38,310 at 4, FFMA -> FMUL, IMAD -> FADD 4), and the H200 follows them:
     * probe_lat16 mad_l (IMAD + LOP3) 10.0 a step, h2f_l (HADD2.F32 + LOP3) 10.0 (docs/calibration.md "(lat18)") */
    if (!t->cross_feed)
        f.side = 0;
    else if (f.side && f.latency > 0 && f.latency <= ws_llround(p->lat[LAT_ALU]))
        f.side |= WS_SIDE_FEEDS;
    f.bits = cls == LAT_POPC || cls == LAT_CLZ || cls == LAT_BFIND || cls == LAT_BREV || ws_mufu_fixups(in) == 0 ||
             (p->conv_f2h > 0 && cvt_to_half_sass(t, pc, in) == HALF_F2F); /* probe_lat16 f2h_l: LOP3 S06 F2F */
    f.fixed = !f.free_mov && !f.memory && (cls == LAT_ALU || cls == LAT_ADD || cls == LAT_MUL || cls == LAT_FMA);
    /* the predicate of a shuffle (shfl.sync r|p) is ready shfl.pred after its value: CUB's warp
     * reductions and scans read it at once (SHFL paired with a predicated FADD in SASS, 36 cycles
     * a step: time_cub_warp_reduce_sum_float); nvcc's __shfl_*_sync leave it unread (bench_reduce_shfl) */
    f.pred = cls == LAT_SHFL ? (int32_t)ws_llround(p->shfl_pred) : 0;
    double fence = fence_of(p, in);
    f.fence = fence >= 0 ? ws_llround(fence) : -1;
    f.branch = cls == LAT_BRANCH && p->lat[LAT_BRANCH] > 1 ? (int32_t)ws_llround(p->lat[LAT_BRANCH]) : 0;
    f.stall = t->stall && pc < t->ninfo && !f.free_mov ? t->stall[pc] : 0;
    f.subwarp = t->subwarp.form && pc < t->ninfo && t->subwarp.form[pc] != SUBWARP_NONE; /* built before */
    f.imc = (uint8_t)(reads_launch_dims(in) && p->imc_miss > 0);
    int cga = t->cga.needs && pc < t->ninfo && t->cga.needs[pc]; /* built before */
    f.gate = t->cga.gate && pc < t->ninfo && t->cga.gate[pc] && p->guard_feed > 0;
    f.arrival = pc > 0 && ws_op_class_of(code[pc - 1].op) == CLS_BARRIER && ws_insn_reads_clock(in) && p->bar_clock > 0;
    /* a load of the param or const space (read only: no line, no queue, no bank) whose latency is its space's: issue()
     * would do nothing for it beyond the common steps (mem_commit counts global lines alone) */
    int plain_load = (space == WS_SPACE_PARAM || space == WS_SPACE_CONST) && ws_op_writes_op0(in->op) &&
                     ws_op_class_of(in->op) != CLS_ATOMIC && f.latency >= 0 &&
                     !(t->stq_regs.slot && pc < t->ninfo && t->stq_regs.slot[pc]);
    /* an IMAD result's reader (pipe.imad_read) is rare: issue() holds the pipe for it, issue_common has no test */
    int imad_reader = t->imad_read && pc < t->ninfo && (t->imad_read[pc] & IMAD_READER);
    f.rare = (f.memory && !plain_load) || f.latency < 0 || f.subwarp || f.imc || f.fence >= 0 || f.branch || f.hold ||
             f.issue || cga || f.gate || f.arrival || ws_op_class_of(in->op) == CLS_BARRIER ||
             ws_op_ends_path(in->op) || imad_reader;
    /* the tests of earliest and write_results, decided once (--slow-path timing makes them per use) */
    f.feed = feed_of(t, f.bits, f.shfl, f.synced);
    int stq_wait = t->stq_regs.wait && pc < t->ninfo && t->stq_regs.wait[pc];
    f.checks =
        (uint8_t)((f.memory ? CHECK_BASE : 0) | (stq_wait ? CHECK_STQ : 0) | (f.memory || f.shfl ? CHECK_PIPE : 0) |
                  (math ? CHECK_MATH : 0) | (xu && t->xu_stall ? CHECK_XU | CHECK_MATH : 0));
    /* the late reader of a spaced XU op (xu_late): a clz's IADD3, ready with its FLO's result (bfind; schedule.xu_clz);
     * with schedule.xu_fixup the FSETP or FMUL.RZ before a MUFU form's MUFU (fold.h fixup_read) reading a POPC's,
     * FLO's, BREV's or F2F's value, ready with it */
    int64_t late = !(f.checks & CHECK_XU) ? 0
                   : in->op == WS_OP_CLZ  ? ws_llround(p->lat[LAT_BFIND])
                   : p->schedule_xu_fixup > 0 && t->fold.fixup_read && pc < t->ninfo && t->fold.fixup_read[pc] &&
                           xu_short(in, f.slots)
                       ? f.latency
                       : 0;
    f.late = (uint8_t)(late < 0 ? 0 : late > UINT8_MAX ? UINT8_MAX : late);
    f.fma_pipe = (uint8_t)(is_fma_pipe(in) | (imad_reader ? FMA_READS_IMAD : 0));
    f.writes = (uint8_t)((f.free_mov ? (f.latency > 0 ? WRITE_HOIST : WRITE_RENAME) : 0) | (f.pred ? WRITE_PRED : 0));
    return f;
}

/* The timing facts of instruction pc: from the launch's table, or (--slow-path timing) computed
 * here into *tmp. */
static const timing_info *info_of(ws_timing *t, const ws_launch_ctx *L, uint32_t pc, timing_info *tmp)
{
    if (pc >= t->nfast) {
        *tmp = timing_info_of(t, L->code, pc);
        return tmp;
    }
    return &t->info[pc];
}

/* ---- one block ---------------------------------------------------------------------------------- */

static int waits_at(const ws_warp *w, int state)
{
    for (unsigned i = 0; !w->converged && i < w->ngroups; i++) /* a converged warp's lanes all run */
        if (w->gstate[i] == state)
            return 1;
    return 0;
}

/* Why a warp with no runnable group waits. */
static ws_stall_reason blocked_reason(const ws_warp *w)
{
    if (waits_at(w, LANE_WAIT_BAR))
        return WS_STALL_BARRIER;
    if (waits_at(w, LANE_WAIT_SYNC))
        return WS_STALL_SYNC;
    if (waits_at(w, LANE_WAIT_RECONV))
        return WS_STALL_DIVERGENCE;
    return WS_STALL_ISSUE;
}

/* The memory access of warp wi's picked group, computed once per pick (every time with
 * --slow-path timing). */
static const mem_access *access_of(ws_timing *t, ws_exec *x, ws_warp *w, uint32_t wi)
{
    warp_state *s = &t->ws[wi];
    if (!s->mem_valid || t->slow) {
        x->w = w;
        x->regs = w->regs;
        mem_access_of(t, x, &x->L->code[s->pick.pc], s->pick.group, &t->mem[wi]);
        s->mem_valid = 1;
    }
    return &t->mem[wi];
}

/* The shared pipe as a queue (shared.queue > 0; docs/calibration.md "(mio19)", "(mio22)"). A shared load (an
 * unqueued store or atomic too) enters its sub-partition's queue, holding its MIO pipe shared.queue_issue cycles,
 * and its result waits until the pipe has served it (queue_enter). The queue holds what mio19's probe_queue
 * measured on the H200 (2026-12-03): 29, 41, 52 and 63-64 loads accepted with 1, 2, 3 and 4 sub-partitions busy,
 * about 12 a sub-partition (shared.queue) and 16 more that the busy sub-partitions share (shared.queue_shared),
 * here evenly (mio20's fair share: 28, 40, 51, 64). A load waits in the queue until the pipe starts it. */

/* The first cycle (or 0) from which sub-partition q's queue has room for a load: fewer of its loads wait than
 * its share, shared.queue + shared.queue_shared / busy, busy the sub-partitions with loads waiting, q counted.
 * Each sub-partition's loads start in the order they entered, so at cycle c its waiting loads are its last ones
 * (q has room once the start of its share-th last load is c or earlier) and another sub-partition is busy while
 * its last load's start is after c. Busy only falls as c grows, and the share grows with it: the answer is the
 * first c, walking up through the others' last starts (at most one step each), where q's own condition holds. */
static __attribute__((noinline)) uint64_t queue_room(const ws_timing *t, unsigned q)
{
    double c = 0;
    for (;;) {
        unsigned busy = 1;
        double next = DBL_MAX; /* the next cycle at which an other sub-partition's last load starts */
        for (unsigned o = 0; o < t->queue_sps; o++) {
            if (o == q || !t->queue_n[o])
                continue;
            double last = t->queue_start[o][(t->queue_n[o] - 1) % QUEUE_RING];
            if (last > c) {
                busy++;
                next = last < next ? last : next;
            }
        }
        uint32_t share = t->queue_depth + t->queue_shared / busy, n = t->queue_n[q];
        double need = n >= share ? t->queue_start[q][(n - share) % QUEUE_RING] : 0;
        if (need <= c)
            return whole_cycle(c);
        if (need <= next) /* busy stays until next: need is the first cycle with room */
            return whole_cycle(need);
        c = next;
    }
}

/* The first cycle warp wi could issue its picked group, and why it cannot before. Ready cycle and
 * scoreboard change only when the warp issues or a barrier releases it: they are kept while the
 * pick waits (sb_valid); the shared pipe, which every warp moves, is compared each time. */
static inline __attribute__((always_inline)) uint64_t earliest(ws_timing *t, ws_exec *x, ws_warp *w, uint32_t wi,
                                                               ws_stall_reason *why, uint32_t *prod, const int eager,
                                                               const int fresh)
{
    const int slow = eager && t->slow; /* a constant 0 in run_passes' copies without eager */
    warp_state *s = &t->ws[wi];
    uint32_t pc = s->pick.pc;
    timing_info tmp;
    const timing_info *ti = slow ? info_of(t, x->L, pc, &tmp) : s->f;
    uint64_t when;
    ws_stall_reason y;
    uint32_t pr;
    if (fresh || !s->sb_valid || slow) { /* fresh: a pick just made (sb_valid 0) */
        when = s->ready;
        y = (ws_stall_reason)s->ready_why;
        pr = UINT32_MAX;
        const ws_reg_use *u = slow ? uses_of(t, x->L, pc) : s->u;
        const uint64_t *rr = s->rr;
        const uint32_t *rp = s->rp;
        timing_info tp;
        /* --slow-path timing: the per-field tests, the reference for feed (timing_info_of) */
        int64_t feed = slow ? feed_of(t, ti->bits, ti->shfl, ti->synced) : ti->feed;
        if (slow ? !ti->bits && !ti->shfl && !ti->synced && !ti->side : !feed && !ti->side) {
            for (uint32_t i = 0; i < u->nsrc; i++)
                if (rr[u->src[i]] > when) {
                    when = rr[u->src[i]];
                    y = WS_STALL_SCOREBOARD;
                    pr = rp[u->src[i]];
                }
        } else {
            /* an XU bit operation reads a fixed-latency ALU op's result bits.feed later: ptxas
             * waits 6 cycles, not 4, between a LOP3 and the POPC or FLO reading it (bench_bits.sass),
             * and so the MUFU of a form without fix-ups (probe_lat16.sass lat16_ex2_l_1: `LOP3.LUT
             * R13` S06, `MUFU.EX2 R13, R13`; the H200's chain 23 cycles a step, not 21: "(mufu18)");
             * a shuffle shfl.feed later: ptxas puts 5 cycles, not 4, between an IADD3, IMAD.IADD or
             * FADD and the SHFL reading it in every region of the corpus (bench_reduce_shfl.sass,
             * time_cub_warp_scan_inclusive_sum_int_w32.sass); an op after a bar.warp.sync sync.feed
             * later: ptxas gives the producer a stall of 1 and the NOP between them the rest of the
             * latency plus one, 5 cycles between LOP3 and IMAD.IADD across 109 of bench_sync[2]'s 128
             * NOPs (4 across 17, between LOP3 and IADD3: bench_sync.sass) */
            uint64_t most = (uint64_t)feed + (ti->side ? (uint64_t)t->cross_feed : 0);
            for (uint32_t i = 0; i < u->nsrc; i++) {
                uint64_t r = rr[u->src[i]];
                if (r + most <= when)        /* not later even with the feeds (a shuffle's constant lane, */
                    continue;                /* clamp, mask): the producer need not be looked up */
                uint32_t by = rp[u->src[i]]; /* the producer: a fixed-latency ALU op? on another datapath? */
                const timing_info *pi = by < t->nfast ? &t->info[by] : by < t->ninfo ? info_of(t, x->L, by, &tp) : NULL;
                if (r && pi && pi->fixed)
                    r += (uint64_t)feed;
                if (r && pi && ws_side_crosses(pi->side, ti->side))
                    r += (uint64_t)t->cross_feed;
                if (r > when) {
                    when = r;
                    y = WS_STALL_SCOREBOARD;
                    pr = rp[u->src[i]];
                }
            }
        }
        if (slow || (ti->checks & (CHECK_BASE | CHECK_STQ))) {
            if (ti->memory) { /* an access at [symbol]: the base (cga.h) */
                uint64_t base = ws_cga_ready(&t->cga, wi, pc, t->p.sreg_cga, t->p.sreg_s2r, t->p.sreg_s2r_lea);
                if (base > when) {
                    when = base;
                    y = WS_STALL_SCOREBOARD;
                    pr = UINT32_MAX;
                }
            }
            if (t->stq_read && t->stq_regs.wait[pc]) { /* a register a queued store has yet to read (stq_regs.h) */
                uint64_t read = whole_cycle(t->stq_read[wi * t->stq_regs.nslots + t->stq_regs.wait[pc] - 1]);
                if (read > when) {
                    when = read;
                    y = WS_STALL_BANK;
                    pr = UINT32_MAX;
                }
            }
        }
        if (t->ifetch.live) { /* the code is cold (ifetch.h) */
            uint64_t fetched = ws_ifetch_ready(&t->ifetch, wi, pc, when);
            if (fetched > when) {
                when = fetched;
                y = WS_STALL_ISSUE;
                pr = UINT32_MAX;
            }
        }
        s->sb_when = when;
        s->sb_why = (uint8_t)y;
        s->sb_prod = pr;
        s->sb_valid = 1;
    } else {
        when = s->sb_when;
        y = (ws_stall_reason)s->sb_why;
        pr = s->sb_prod;
    }
    *why = y;
    *prod = pr;
    if (!slow && !(ti->checks & (CHECK_PIPE | CHECK_MATH)))
        return when;
    if (ti->checks & CHECK_MATH) { /* the ALU, IMAD or XU pipe (stall: pipe) */
        uint64_t free = slow ? math_free_slots(t, t->sp_of[wi], ti) : math_free(t, t->sp_of[wi], ti);
        if (__builtin_expect(ti->checks & CHECK_XU, 0) && t->xu_at[wi] > free) /* ptxas's stall counts (xu_spaced) */
            free = t->xu_at[wi];
        if (free > when) {
            when = free;
            *why = WS_STALL_PIPE;
        }
        if (!slow && !(ti->checks & CHECK_PIPE)) /* most: no access, no shuffle */
            return when;
    }
    const mem_access *m = ti->memory ? access_of(t, x, w, wi) : NULL;
    int shared = m && m->c.shared;
    if (shared || ti->shfl) { /* the MIO and shared pipes (stall: bank) */
        unsigned sp = t->sp_of[wi];
        uint64_t free = t->mio_at[sp];
        /* a load: the warp's queued stores are written */
        if (shared && !m->c.queued && ws_op_writes_op0(x->L->code[pc].op)) {
            uint64_t drained = whole_cycle(s->stq_end);
            free = drained > free ? drained : free;
        }
        if (ti->shfl && t->stq_count[wi] > t->shfl_waits_from) { /* a shuffle: all but the warp's last
                                                                    stq.shfl_left stores */
            uint64_t written = whole_cycle(t->stq_tail[wi][(t->stq_count[wi] - 1 - t->shfl_waits_from) % STQ_TAIL]);
            free = written > free ? written : free;
        }
        if (shared && m->c.queued) { /* a queued store: the pipe's issue and the queue's room */
            double room = ws_stq_room(&t->stq[sp], 0, &m->c.stq, stq_bounds(t));
            free = whole_cycle(room);
            free = t->mio_next[sp] > free ? t->mio_next[sp] : free;
        }
        /* the block's shared pipe: not a queued store's (its wavefronts are written in the bank stage);
         * with shared.queue, room in the sub-partition's queue instead */
        if (shared && !m->c.queued) {
            uint64_t pipe = t->queue_depth ? queue_room(t, sp) : t->pipe_at;
            free = pipe > free ? pipe : free;
        }
        if (free > when) {
            when = free;
            *why = WS_STALL_BANK;
        }
    }
    return when;
}

/* stall.imad_fma's cycles from an IMAD-pipe instruction to the warp's next, an FMA-pipe one (imad_stalls); 0: off
 * (the key 0 or 1, or no IMAD pipe: pipe.imad 0). */
static int64_t imad_fma_gap(const ws_timing *t)
{
    int64_t cycles = ws_llround(t->p.stall_imad_fma);
    if (cycles <= 1 || !t->imad_hold)
        return 0;
    return cycles > 16 ? 16 : cycles; /* a stall count's 4 bits */
}

/* stall.half_fma: ptxas counts a half pair's HFMA2 (not HFMA2.MMA) as an FMA-pipe instruction for stall.imad_fma's
 * stall and rule 6's turns: IMAD S02 before it, and IMAD and HFMA2 by turns (probe_alu3.sass alu3_hfma2_m: IMAD S02
 * before each HFMA2, S01 before each HFMA2.MMA; docs/calibration.md "(hsched21)"). */
static int fma_turn_op(const ws_timing *t, const ws_insn *in, uint32_t pc)
{
    if (is_fma_pipe(in))
        return 1;
    return t->p.stall_half_fma > 0 && in->op == WS_OP_FMA && pc < t->ninfo && ws_half_arith_halves(in) == 2 &&
           !(t->half_mma && t->half_mma[pc]);
}

/* ptxas's order (schedule.h) into *sched, with each instruction's latency as issue() charges it when
 * nothing conflicts (a load's space from the instruction; generic: the mem class). */
static int build_schedule(const ws_timing *t, const ws_launch_ctx *L, ws_schedule *sched)
{
    uint32_t n = L->k->ninsns;
    double *lat = malloc(((size_t)n + 1) * sizeof *lat);
    if (!lat)
        return -1;
    for (uint32_t pc = 0; pc < n; pc++) {
        const ws_insn *in = &L->code[pc];
        mem_cost mc = {0};
        mc.space = ws_op_is_memory(in->op) ? ws_access_space(in) : WS_SPACE_NONE;
        lat[pc] = t->info[pc].free_mov                      ? 0
                  : ws_optable[in->op].latency == LAT_MATCH ? t->p.lat[LAT_MATCH]
                                                            : insn_latency(t, pc, in, &mc);
        if (t->info[pc].imc) /* ptxas puts the ULDC among the stretch's first S2Rs (time_cg_*scan*.sass) */
            lat[pc] += t->p.sreg_tid;
        int spaced_clz = pc < t->ninfo && in->op == WS_OP_CLZ && t->info[pc].late;
        if (t->p.schedule_xu_reader > 0 && pc < t->ninfo && xu_short(L->code + pc, t->info[pc].slots) && !spaced_clz &&
            lat[pc] > t->p.schedule_xu_reader)
            lat[pc] = t->p.schedule_xu_reader;
        /* a spaced clz (xu_late): its IADD3 is the reader one XU op later, the IADD3's reader one more (probe_alu3.sass
         * alu3_clz_l: FLO, the LOP3 of the IADD3 before, that IADD3, FLO) */
        if (t->p.schedule_xu_reader > 0 && spaced_clz && t->p.schedule_xu_reader + t->xu_stall < lat[pc])
            lat[pc] = t->p.schedule_xu_reader + t->xu_stall;
    }
    /* The MATCH.ANY check of a register membermask (subwarp.h) is SASS in the segment before the
     * collective, on the mask's path: ptxas issues the mask's S2R SR_LANEID first, ahead of the
     * S2Rs and the ULDC of thread_rank(), and MATCH.ANY as soon as the mask is there
     * (time_cg_escan_plus_tile16_unsigned.sass, time_cg_iscan_plus_tile8_longlong.sass:
     * CS2R, S2R SR_LANEID, ..., ULDC, ..., MATCH.ANY, REDUX.OR before the first SHFL). The mask's
     * last write before the collective counts that latency more in the schedule. */
    for (uint32_t pc = 0; t->subwarp.form && pc < n && pc < t->ninfo; pc++) {
        const ws_insn *in = &L->code[pc];
        if (t->subwarp.form[pc] != SUBWARP_MATCH || !in->nops || in->ops[in->nops - 1].kind != WS_OPND_REG)
            continue;
        uint32_t mask = in->ops[in->nops - 1].reg;
        for (uint32_t j = pc; j-- > 0;)
            if (ws_reg_use_writes(&L->uses[j], mask)) {
                lat[j] += t->p.lat[LAT_MATCH] + t->p.subwarp_check;
                break;
            }
    }
    /* rule 5's budget, with the preset's schedule.budget 1 (0 in sm_90: docs/calibration.md "ptxas's
     * register budget, modelled"): the registers --regs gives (ptxas -v's count) less those that
     * hold no value of the PTX (schedule.reserved) */
    unsigned regs = t->p.schedule_budget > 0 ? L->sim->cfg.regs_per_thread : 0,
             reserved = (unsigned)t->p.schedule_reserved;
    ws_schedule_budget budget = {.regs = regs > reserved ? regs - reserved : 0,
                                 .spare = (unsigned)t->p.schedule_spare,
                                 .predicates = (unsigned)t->p.schedule_predicates,
                                 .fused = t->p.schedule_fused > 0,
                                 .starts = t->p.schedule_drain > 0,
                                 .copies = t->p.schedule_copy > 0,
                                 .written = t->p.schedule_written > 0,
                                 .half_regs = t->p.schedule_half_regs > 0,
                                 .mio_gap = (unsigned)t->p.schedule_mio_gap,
                                 .cross = (unsigned)t->cross_feed};
    /* rule 6, with the preset's schedule.pipes 1: the pipe each instruction holds, the kind of its slots that
     * holds it longest (math_slots); with schedule.free_slot 1, WS_SCHED_FREE for what issues in no slot */
    int pipes = t->p.schedule_pipes > 0 || t->p.schedule_free_slot > 0 || t->p.fold_zext > 0 || t->p.fold_neg > 0;
    int64_t fma_gap = imad_fma_gap(t);
    uint8_t *pipe = pipes ? calloc((size_t)n + 1, 1) : NULL;
    if (pipes && !pipe) {
        free(lat);
        return -1;
    }
    for (uint32_t pc = 0; pipe && pc < n && pc < t->ninfo; pc++) {
        const uint8_t *sl = t->info[pc].slots;
        /* not SLOT_FMA: pipe.fma_half's holds are the hardware's, not ptxas's (its stall counts know of none) */
        /* nor an HFMA2.MMA's ALU cycle (pipe.mma_alu): ptxas's stall counts space no LOP3 after one; and a scalar
         * pair's PRMTs (fold.pack) pipe.alu's cycles each, a PRMT's own (probe_pack21 p: 2.06-2.15 a step), not the
         * hold pipe.prmt gives them beside the f16x2 op (docs/calibration.md "(hadd24)") */
        uint64_t prmts = pair_prmts(t, pc);
        uint64_t alu = (t->half_mma && t->half_mma[pc] ? 0 : sl[SLOT_ALU] - prmts * t->prmt_hold) + prmts * t->alu_hold;
        uint64_t c[SLOT_FMA] = {alu, sl[SLOT_IMAD], sl[SLOT_ANY] * t->imad_hold, sl[SLOT_XU]}; /* cycles */
        static const uint8_t kind[SLOT_FMA] = {WS_SCHED_ALU, WS_SCHED_IMAD, WS_SCHED_ANY, WS_SCHED_XU};
        unsigned most = SLOT_ALU;
        for (unsigned k = 1; k < SLOT_FMA; k++)
            most = c[k] > c[most] ? k : most;
        /* a MUFU form is its MUFU here, whatever its fix-ups' ALU cycles (rcp.approx.f32's four: 8, as its XU
         * slot's): ptxas spaces the MUFUs and POPCs on the XU pipe and puts the FSETPs and FSELs between other
         * chains' instructions (probe_alu3.sass alu3_rcp_x; docs/calibration.md "(rcp20)") */
        if (c[SLOT_XU] && ws_mufu_fixups(&L->code[pc]) > 0)
            most = SLOT_XU;
        if (t->p.schedule_pipes > 0 && c[most])
            pipe[pc] = WS_SCHED_PIPE(kind[most], c[most]);
        if (t->p.schedule_free_slot > 0 && t->info[pc].free_mov && is_half_move(&L->code[pc], t->p.schedule_free_slot))
            pipe[pc] = WS_SCHED_FREE; /* issue(): no slot, no cycle */
        if (t->fold.kind &&
            (t->fold.kind[pc] == WS_FOLD_ZEXT || t->fold.kind[pc] == WS_FOLD_NEG || t->fold.kind[pc] == WS_FOLD_PACK))
            pipe[pc] = WS_SCHED_FREE; /* fold.zext, fold.neg, fold.pack: no SASS (the F2F writes the 32-bit register;
                                       * -R; the pair's f16x2 op, which the second issues) */
        if (t->p.schedule_pipes > 0 && fma_gap > 1 && !t->info[pc].free_mov && fma_turn_op(t, &L->code[pc], pc))
            pipe[pc] = WS_SCHED_PIPE(WS_SCHED_FMA, fma_gap); /* after an IMAD: imad_stalls */
        if (t->p.schedule_pipes > 0 && t->p.schedule_f64 > 0 && t->f64_hold && is_f64_math(&L->code[pc]))
            pipe[pc] = WS_SCHED_PIPE(WS_SCHED_F64, t->f64_hold); /* DADD S02 before a DADD, S01 before a LOP3 */
    }
    /* cross.feed: each instruction's datapath, so that the schedule counts a reader across datapaths 5 cycles after
     * its producer, as ptxas does (probe_alu3.sass alu3_lop3_f: each FFMA five instructions after the LOP3 it reads);
     * read in info (one entry an instruction: ninfo is the kernel's ninsns) */
    if (t->cross_feed && n) {
        budget.side = &t->info[0].side;
        budget.side_step = sizeof *t->info;
    }
    int r = ws_schedule_build(L->k, L->code, L->uses, lat, t->fold.kind, &budget, pipe, (uint32_t)t->p.schedule_piece,
                              sched);
    free(pipe);
    free(lat);
    return r;
}

/* Which half pairs' ops ptxas makes HFMA2.MMA (half_mma: 1 for those): an add, sub, mul or fma of .f16x2 or .bf16x2
 * is HADD2, HMUL2 or HFMA2, or the same op on the tensor pipe, HFMA2.MMA (an add `HFMA2.MMA R, R, 1, 1, R`), which
 * holds neither the ALU nor the IMAD pipe and gives its result later (half.mma: 11 in sm_90). ptxas alternates the two forms
 * among a basic block's pair ops, so that each takes half (probe_alu3.sass alu3_hadd2, alu3_hfma2 and their _l, _m,
 * _f: 128 of each in 256 streams' steps); an add, sub or fma that reads the pair op just before it (a dependent
 * chain, where HFMA2.MMA's latency would stall it) is HADD2 or HFMA2 and the turn starts again (bench_half.sass: 64
 * dependent add.f16x2 are 64 HADD2, 64 fma.rn.f16x2 64 HFMA2), but mul.f16x2 takes its turn even there (64
 * dependent mul.f16x2: HMUL2 and HFMA2.MMA in turn). */
static int half_pairs(const ws_timing *t, const ws_launch_ctx *L, uint8_t *half_mma)
{
    uint32_t n = t->ninfo, prev = UINT32_MAX; /* the block's last pair op */
    uint8_t *leader = calloc((size_t)n + 1, 1);
    if (!leader)
        return -1;
    ws_block_starts(L->k, leader);
    for (uint32_t pc = 0; pc < n; pc++) {
        if (leader[pc])
            prev = UINT32_MAX;
        const ws_insn *in = &L->code[pc];
        const uint8_t *pack = t->fold.pack, *kind = t->fold.kind;
        if (ws_half_arith_halves(in) != 2 && !(pack && pack[pc] && kind[pc] != WS_FOLD_PACK))
            continue; /* a pair op, or the f16x2 op of a scalar pair (fold.pack) */
        int reads = prev != UINT32_MAX && ws_reg_use_reads_from(&L->uses[pc], &L->uses[prev]); /* the op before */
        half_mma[pc] = (uint8_t)(prev != UINT32_MAX && !half_mma[prev] && (in->op == WS_OP_MUL || !reads));
        prev = pc;
    }
    for (uint32_t pc = 0; t->fold.pack && pc < n; pc++) /* a scalar pair's first op: its f16x2 op's form */
        if (t->fold.kind[pc] == WS_FOLD_PACK && pc + t->fold.pack_next[pc] < n)
            half_mma[pc] = half_mma[pc + t->fold.pack_next[pc]];
    free(leader);
    return 0;
}

/* Which adds ptxas gives the IMAD pipe (IMAD.IADD) whatever the pipes' state when they issue (add_imad: 1 for
 * those). An add is either an IADD3 (the ALU pipe) or an IMAD.IADD: ptxas chooses when it compiles, balancing the
 * two pipes over the code. Where the ALU pipe bounds a basic block (its ALU cycles at least the block's issue
 * cycles, one an instruction) and its ALU work is at least its IMAD work with every add on the IMAD pipe, every
 * add is an IMAD.IADD (probe_alu mix, BlockScan's step: 256 each of IMAD.IADD, ISETP and SEL); the other blocks'
 * adds take whichever pipe is free when they issue (hold_math; probe_alu add: 132 IMAD.IADD and 126 IADD3;
 * time_cg_iscan_plus_tile8_longlong's one add, 44 ALU cycles in 59 instructions, is an LEA). With ptxas's
 * registers renamed (schedule.rename_alu) the schedule issues a block's adds together, where the free pipe at
 * issue would give the ALU pipe every other one (docs/calibration.md "(lat15)"). */
static int add_pipes(const ws_timing *t, const ws_launch_ctx *L, uint8_t *add_imad)
{
    uint32_t n = t->ninfo;
    uint8_t *leader = calloc((size_t)n + 1, 1);
    if (!leader)
        return -1;
    ws_block_starts(L->k, leader);
    for (uint32_t start = 0; start < n;) {
        uint32_t end = start + 1;
        while (end < n && !leader[end])
            end++;
        uint64_t alu = 0, imad = 0, adds = 0, issued = 0;
        for (uint32_t pc = start; pc < end; pc++) {
            timing_info f = timing_info_of(t, L->code, pc); /* add_imad all 0 here: the pipes at issue */
            alu += f.slots[SLOT_ALU];                       /* the slots' cycles */
            imad += f.slots[SLOT_IMAD];
            adds += f.slots[SLOT_ANY];
            issued += !f.free_mov;
        }
        if (adds && alu >= imad + adds * t->imad_hold && alu >= issued)
            for (uint32_t pc = start; pc < end; pc++)
                add_imad[pc] = 1; /* read by math_slots for an add alone */
        start = end;
    }
    free(leader);
    return 0;
}

/* stall.imad_fma: ptxas's stall count after an IMAD-pipe instruction (IMAD, IMAD.MOV, IMAD.IADD, VIADD, HADD2.F32)
 * is 2 where the next SASS instruction is an FFMA, FADD or FMUL (or another IMAD-pipe one, which the IMAD pipe's own
 * hold spaces already), 1 where it is an ALU-pipe one: in probe_alu3.sass, probe_alu.sass, probe_alu2.sass and
 * tests/calibration/sass, of the independent pairs, 1,743 of 1,747 IMAD-pipe ones before an FFMA/FADD/FMUL and all
 * 254 HADD2.F32 are S02, 10,518 of 10,816 before an ALU op S01. With one warp a sub-partition that stall is the step: probe_alu3 fma_m (FFMA S01, IMAD S02) takes 3.10 cycles
 * a step on the H200 where the two pipes alone give 2 (fadd_m, fmul_m, h2f_f 3.09-3.10, mad_f 3.28); with more warps
 * the others fill the cycle (fma_m at 8 warps a sub-partition 2.07). Per instruction: the cycles beyond one its warp
 * waits after it, where the next instruction the warp issues in ptxas's order (the schedule's next position that
 * takes an issue slot) is an FMA-pipe one (docs/calibration.md "(fimad17)"). */
static void imad_stalls(const ws_timing *t, const ws_launch_ctx *L, uint8_t *stall)
{
    uint32_t n = t->ninfo;
    int64_t cycles = imad_fma_gap(t);
    if (!cycles)
        return;
    for (uint32_t p = 0; p < n; p++) {
        uint32_t pc = t->sched.order ? t->sched.order[p] : p;
        if (pc >= n || t->info[pc].free_mov || !t->info[pc].slots[SLOT_IMAD])
            continue;
        uint32_t q = p + 1, next = n;
        for (; q < n; q++) {
            next = t->sched.order ? t->sched.order[q] : q;
            if (next >= n || !t->info[next].free_mov)
                break;
        }
        if (q < n && next < n && fma_turn_op(t, &L->code[next], next))
            stall[pc] = (uint8_t)(cycles - 1);
    }
}

/* The last writer of source i of instruction pc within `near` instructions before it in the code, or UINT32_MAX
 * where none writes it there. */
static uint32_t near_writer(const ws_launch_ctx *L, uint32_t pc, uint32_t i, uint32_t near)
{
    uint32_t r = L->uses[pc].src[i];
    for (uint32_t back = 1; back <= near && back <= pc; back++) {
        const ws_reg_use *w = &L->uses[pc - back];
        for (uint32_t d = 0; d < w->ndst; d++)
            if (w->dst[d] == r)
                return pc - back;
    }
    return UINT32_MAX;
}

/* stall.half_read's cycles beyond one after a half op whose value an IMAD- or FMA-pipe instruction reads (0: off). */
static uint8_t half_read_gap(const ws_timing *t)
{
    int64_t cycles = ws_llround(t->p.stall_half_read);
    return (uint8_t)(cycles <= 0 || !t->imad_near ? 0 : cycles > 15 ? 15 : cycles); /* a stall count's 4 bits */
}

/* stall.half_read: a half op (HADD2, HMUL2, HFMA2 of .f16x2 or .bf16x2; not HFMA2.MMA, half_pairs) whose value an
 * IMAD- or FMA-pipe instruction at most pipe.imad_near instructions after it in the code reads: its warp waits
 * stall.half_read cycles more than one after it. ptxas keeps probe_alu3's eight streams in ten registers, so its
 * order puts each such half op after the last read of the register it takes and its reader right after it, waiting
 * out the latency (probe_alu3.sass alu3_hadd2_m: 86 of 128 HADD2 S05 before their IMAD, 42 S06; hadd2_f's 47 at 5,
 * 80 at 7; replayed, 3.71 cycles a step at one warp a sub-partition, the H100 3.93 and 4.07: docs/calibration.md
 * "(hmid23)", "(hmid23h)"). The list schedule keeps no register budget by default and runs the half ops ahead (the
 * IMAD pipe's 3.08 a step); the stall stands for the order ptxas's registers give: 2 gives hadd2_m 3.71 and
 * hadd2_f 4.00 at one warp a sub-partition, and with more warps the others fill its cycles ("(xdp24)"). The scalar
 * half ops (.f16: hadd_m, hadd_f, read 8-10 cycles on in ptxas's order, the pipes' 4.0 a step) keep none. */
static void half_read_stalls(const ws_timing *t, const ws_launch_ctx *L, uint8_t *stall)
{
    uint8_t cycles = half_read_gap(t);
    for (uint32_t pc = 0; cycles && pc < t->ninfo; pc++) {
        const ws_insn *in = &L->code[pc];
        if (ws_half_arith_halves(in) || t->info[pc].free_mov || !(is_fma_pipe(in) || t->info[pc].slots[SLOT_IMAD]))
            continue;
        for (uint32_t i = 0; i < L->uses[pc].nsrc; i++) {
            uint32_t by = near_writer(L, pc, i, t->imad_near);
            if (by != UINT32_MAX && ws_half_arith_halves(&L->code[by]) == 2 && !(t->half_mma && t->half_mma[by]) &&
                stall[by] < cycles)
                stall[by] = cycles;
        }
    }
}

/* stall.hfma2: ptxas's stall count after a half fma (HFMA2, HFMA2.MMA: issue_cycles' pipe.hfma2 hold) is counted as if
 * it issued one a cycle, and the H200 waits it out after the hold: the next instruction of the warp issues the hold
 * less one plus the stall count after it (probe_alu3.sass alu3_hfma2, ptxas's order the PTX's: 7 S01 and an S04 a
 * round of 8, the S04 before the HFMA2 that reads the round's first HFMA2.MMA 10 cycles on; the H200 2.39 cycles a
 * step at one warp a sub-partition, sass_replay.py --hold 2 2.50, the hold alone 2.08; docs/calibration.md
 * "(half20)", "(hsched21)"). ptxas's stall count here: its timeline over the segment in the schedule's order, each
 * instruction one cycle after the one before or once the registers it reads are ready (timing_info.latency after
 * their writers), the stall count the next issuing instruction's cycle less the fma's. Per instruction into stall:
 * the cycles beyond one its warp waits, the hold's and the stall count's. */
/* hfma2_stalls' timeline: the cycles ptxas counts from instruction a to b, the next in its order: none after a free
 * mov; 2 after a half add, sub, mul or fma that is not HFMA2.MMA (HADD2, HMUL2, HFMA2) where b takes the IMAD pipe
 * (not a half op itself) or the FMA pipe (probe_alu3.sass alu3_hfma2_m, _f, alu3_hadd2_m, _f, bfma2_m: of 126 such
 * HFMA2 or HADD2 before an IMAD or FFMA each, 84-85 S02 and the others S04-S05, none S01; before a LOP3 S01); else 1
 * and the stall after a (stall.imad_fma's). */
static int64_t ptxas_step(const ws_timing *t, const ws_launch_ctx *L, uint32_t a, uint32_t b, const uint8_t *stall)
{
    if (a >= t->ninfo || b >= t->ninfo || t->info[a].free_mov)
        return 0;
    const ws_insn *ia = &L->code[a], *ib = &L->code[b];
    int half = ws_half_arith_halves(ia) == 2 && !(t->half_mma && t->half_mma[a]);
    int next = is_fma_pipe(ib) || (t->info[b].slots[SLOT_IMAD] && !ws_half_arith_halves(ib));
    int64_t step = 1 + stall[a];
    return half && next && step < 2 ? 2 : step;
}

static void hfma2_stalls(const ws_timing *t, const ws_launch_ctx *L, uint8_t *stall)
{
    uint32_t n = t->ninfo;
    if (t->p.stall_hfma2 <= 0 || t->hfma2_hold < 2 || !t->sched.order || !t->sched.first)
        return;
    int64_t *at = malloc(((size_t)n + 1) * sizeof *at); /* per position: ptxas's issue cycle in its segment */
    if (!at)
        return; /* no stall counts: the hold alone */
    for (uint32_t p = 0; p < n; p++) {
        uint32_t pc = t->sched.order[p], first = t->sched.first[p];
        int64_t c = p == first ? 0 : at[p - 1] + ptxas_step(t, L, t->sched.order[p - 1], pc, stall);
        for (uint32_t i = 0; pc < n && i < L->uses[pc].nsrc; i++)
            for (uint32_t q = p; q-- > first;) {
                uint32_t w = t->sched.order[q];
                if (w < n && ws_reg_use_writes(&L->uses[w], L->uses[pc].src[i])) {
                    int64_t lat = t->info[w].latency > 0 ? t->info[w].latency : 0;
                    c = at[q] + lat > c ? at[q] + lat : c;
                    break;
                }
            }
        at[p] = c;
    }
    for (uint32_t p = 0; p < n; p++) {
        uint32_t pc = t->sched.order[p];
        if (pc >= n || t->info[pc].issue != t->hfma2_hold || ws_half_arith_halves(&L->code[pc]) != 2)
            continue;
        uint32_t q = p + 1;
        while (q < n && t->sched.first[q] == t->sched.first[p] && t->info[t->sched.order[q]].free_mov)
            q++;
        if (q >= n || t->sched.first[q] != t->sched.first[p])
            continue; /* the segment's last: what follows waits as without a stall count */
        /* a reader of the fma's own result waits that alone, the hold within it (bench_half[5]: 64 dependent
         * fma.rn.f16x2, 64 HFMA2, 254 cycles on the H200) */
        if (ws_reg_use_reads_from(&L->uses[t->sched.order[q]], &L->uses[pc]))
            continue;
        int64_t count = at[q] - at[p], cycles = (int64_t)t->hfma2_hold - 1 + (count < 1 ? 1 : count > 15 ? 15 : count);
        if (cycles - 1 > (int64_t)stall[pc])
            stall[pc] = (uint8_t)(cycles - 1);
    }
    free(at);
}

/* Whether source i of instruction pc has an IMAD (kind IMAD_RESULT) for its last writer within pipe.imad_near
 * instructions before it in the code. */
static int near_imad(const ws_timing *t, const ws_launch_ctx *L, const uint8_t *kind, uint32_t pc, uint32_t i)
{
    uint32_t by = near_writer(L, pc, i, t->imad_near);
    return by != UINT32_MAX && (kind[by] & IMAD_RESULT) != 0;
}

/* pipe.imad_read's table (imad_read: IMAD_* for each instruction; NULL where the key is off or no instruction reads
 * an IMAD's result): a 32-bit mul.lo or mad.lo (one IMAD) is an IMAD_RESULT, and an FADD, FMUL or FFMA whose source
 * an IMAD at most pipe.imad_near instructions before it wrote last is an IMAD_READER, which looks at its sources'
 * producers when it issues (imad_read_issue). In probe_alu3's mad_f (mad.lo then fma.rn reading it) the FFMA reads
 * the IMAD before it; in fma_m (fma.rn then mad.lo) an FFMA reads the IMAD of the round before, 14-16 instructions
 * back, and costs nothing on the H100. 0, or -1 when out of memory. */
static int imad_reads(ws_timing *t, const ws_launch_ctx *L, uint8_t **out)
{
    *out = NULL;
    if (!t->imad_read_hold || !t->imad_near || !t->ninfo)
        return 0;
    uint8_t *kind = calloc(t->ninfo, 1);
    if (!kind)
        return -1;
    int readers = 0;
    for (uint32_t pc = 0; pc < t->ninfo; pc++) {
        const ws_insn *in = &L->code[pc];
        unsigned fold = t->fold.kind ? t->fold.kind[pc] : WS_FOLD_NONE;
        if (ws_optable[in->op].pipe == PIPE_IMAD && !ws_type_is_float((ws_type)in->type) && in->sub != WS_MUL_HI &&
            in->sub != WS_MUL_WIDE && ws_type_bits((ws_type)in->type) == 32 && fold == WS_FOLD_NONE)
            kind[pc] = IMAD_RESULT;
    }
    for (uint32_t pc = 0; pc < t->ninfo; pc++)
        for (uint32_t i = 0; is_fma_pipe(&L->code[pc]) && i < L->uses[pc].nsrc; i++)
            if (near_imad(t, L, kind, pc, i)) {
                kind[pc] |= IMAD_READER;
                readers = 1;
            }
    if (readers)
        *out = kind;
    else
        free(kind);
    return 0;
}

/* pick.young's ops (young: 1 for each; NULL where the key is off or there is none): an FFMA, FADD or FMUL reading a
 * uniform register, whose neighbours in ptxas's order (the schedule's; free movs passed over) both take the IMAD pipe
 * (IMAD, HADD2.F32), and that does not read an IMAD's result near before it (probe_alu3 mad_f: IMAD, then the FFMA(UR)
 * reading it, which the hardware does not starve: its 16 warps +0.6% -> +6.6% with it).
 * Uniform, as ptxas keeps it in a UR: stq_regs.h ws_uniform_values (a kernel parameter's ld.param, or a pure op of
 * uniform values). The H100s and the H200 leave the
 * last warp of a sub-partition of 4 to reach such a loop waiting until the others end (probe_alu3 fma_m: FFMA R, R,
 * UR4 between IMADs; h2f_f: between HADD2.F32s; starve24's amu: FADD R, R, UR4), and not where the op reads
 * registers alone (fadd_m, starve24's fmr, fmrr: docs/calibration.md "(starve24)"). */
/* An IMAD-pipe op that is neither an FFMA, FADD, FMUL nor a half op (HADD2, HMUL2, HFMA2: hadd2_f, badd2_f at 16 warps
 * +10.1% with them, with stall.half_read): IMAD, HADD2.F32. */
static int imad_side(const ws_timing *t, const ws_launch_ctx *L, uint32_t pc)
{
    return t->info[pc].slots[SLOT_IMAD] && !is_fma_pipe(&L->code[pc]) && !ws_half_arith_halves(&L->code[pc]);
}

static int young_ops(ws_timing *t, const ws_launch_ctx *L, uint8_t **out)
{
    *out = NULL;
    uint32_t n = t->ninfo, nregs = L->k->nregs;
    if (t->p.pick_young <= 0 || !n)
        return 0;
    uint32_t *defs = calloc(nregs ? nregs : 1, sizeof *defs);
    uint8_t *uni = calloc(nregs ? nregs : 1, 1), *op = calloc(n, 1);
    uint32_t *pos = malloc(n * sizeof *pos), *at = malloc(n * sizeof *at); /* pc -> position, position -> pc */
    if (!defs || !uni || !op || !pos || !at) {
        free(defs);
        free(uni);
        free(op);
        free(pos);
        free(at);
        return -1;
    }
    for (uint32_t p = 0; p < n; p++) {
        at[p] = t->sched.order && t->sched.order[p] < n ? t->sched.order[p] : p;
        pos[at[p]] = p;
    }
    for (uint32_t pc = 0; pc < n; pc++)
        for (uint32_t i = 0; i < L->uses[pc].ndst; i++)
            if (L->uses[pc].dst[i] < nregs && defs[L->uses[pc].dst[i]] < 2)
                defs[L->uses[pc].dst[i]]++;
    ws_uniform_values(L->k, L->code, L->uses, n, defs, uni, NULL);
    int any = 0;
    for (uint32_t pc = 0; pc < n; pc++) {
        int reads = 0;
        for (uint32_t i = 0; is_fma_pipe(&L->code[pc]) && i < L->uses[pc].nsrc; i++)
            reads |= L->uses[pc].src[i] < nregs && uni[L->uses[pc].src[i]];
        if (!reads)
            continue;
        int64_t a = (int64_t)pos[pc] - 1, b = pos[pc] + 1; /* its neighbours in ptxas's order */
        while (a >= 0 && t->info[at[a]].free_mov && !t->info[at[a]].latency)
            a--;
        while (b < n && t->info[at[b]].free_mov && !t->info[at[b]].latency)
            b++;
        /* not an IMAD's near reader (pipe.imad_read): mad_f's FFMA, which the hardware does not starve */
        op[pc] = a >= 0 && b < n && imad_side(t, L, at[a]) && imad_side(t, L, at[b]) &&
                 !(t->info[pc].fma_pipe & FMA_READS_IMAD);
        any |= op[pc];
    }
    free(defs);
    free(uni);
    free(pos);
    free(at);
    if (any)
        *out = op;
    else
        free(op);
    return 0;
}

/* pick.young: the warps of `ready` that sub-partition sp's round robin chooses among. A warp's first young op marks
 * it (young_mark); in a sub-partition of 4 the last unmarked warp, once the other three are marked, is left out while
 * another warp of the sub-partition is ready. */
static uint32_t young_ready(const ws_timing *t, uint32_t ready, unsigned sp)
{
    int y = sp < 32 ? t->young_of[sp] : -1;
    if (y < 0 || !(t->sp_warps[sp] & ready & ~(1u << y)))
        return ready;
    return ready & ~(1u << y);
}

static void young_mark(ws_timing *t, unsigned sp, uint32_t wi)
{
    uint32_t mine = t->sp_warps[sp];
    if (sp >= 32 || t->young_of[sp] >= 0 || __builtin_popcount(mine) != 4 || !t->young[t->ws[wi].pick.pc])
        return;
    t->young_seen |= 1u << wi;
    uint32_t left = mine & ~t->young_seen;
    if (__builtin_popcount(left) == 1)
        t->young_of[sp] = (int8_t)__builtin_ctz(left);
}

/* pipe.fma_half's rule for the kernel: where the preset holds an FFMA beside half work and the kernel has a half op
 * that is not HFMA2.MMA (half_pairs). In no other kernel does an FFMA, FADD or FMUL take an FMA slot: no test at its
 * issue, and the kernels without half work are timed as without the rule. */
static int fma_half_rule(const ws_timing *t, const ws_launch_ctx *L)
{
    if (!t->fma_hold || !t->half_window)
        return 0;
    for (uint32_t pc = 0; pc < t->ninfo; pc++)
        if (ws_half_arith_halves(&L->code[pc]) && !(t->half_mma && t->half_mma[pc]))
            return 1;
    return 0;
}

/* The kernel's timing tables into tk, built on t's fields (timing_info_of and build_schedule read
 * them there; t: the kernel's first timing launch's state, its preset parsed), which borrow them.
 * 0, or -1 when out of memory (what was built is tk's to free). */
static int build_tables(ws_timing *t, const ws_launch_ctx *L, ws_timing_kernel *tk)
{
    t->info = tk->info = calloc(t->ninfo ? t->ninfo : 1, sizeof *t->info);
    t->narrow = tk->narrow = calloc(t->ninfo ? t->ninfo : 1, 1);
    if (!tk->info || !tk->narrow)
        return -1;
    /* subwarp and cga before info: timing_info_of reads them */
    if (ws_subwarp_build(L->k, L->code, L->uses, &tk->subwarp) != 0)
        return -1;
    t->subwarp = tk->subwarp;
    if (ws_cga_build(L->k, L->code, L->uses, L->reconv_pc, L->m, &tk->cga) != 0)
        return -1;
    for (uint32_t pc = 0; tk->cga.needs && pc < t->ninfo; pc++)
        tk->cga_used |= tk->cga.needs[pc];
    t->cga = tk->cga;
    if (ws_narrow_build(L->k, L->code, L->uses, tk->narrow) != 0 ||
        (t->p.schedule > 0 &&
         ws_fold_build(L->k, L->code, L->uses, tk->narrow,
                       (t->p.fold_tree > 0 ? WS_FOLD_TREE : 0u) | (t->p.fold_xor > 0 ? WS_FOLD_XOR : 0u) |
                           (t->p.fold_xor > 1 ? WS_FOLD_XOR_BLOCK : 0u) | (t->p.fold_imad > 0 ? WS_FOLD_IMAD_ADD : 0u) |
                           (t->p.fold_address > 0 ? WS_FOLD_OFFSETS : 0u) | (t->p.conv_form > 0 ? WS_FOLD_F2F_FORM : 0u) |
                           (t->p.fold_zext > 0 ? WS_FOLD_ZEXT_FREE : 0u) | (t->p.fold_neg > 0 ? WS_FOLD_NEG_OPERAND : 0u) |
                           (t->p.fold_pack > 0 ? WS_FOLD_PACK_HALVES : 0u),
                       &tk->fold) != 0))
        return -1;
    t->fold = tk->fold;
    t->half_mma = tk->half_mma = calloc(t->ninfo ? t->ninfo : 1, 1);
    if (!tk->half_mma || half_pairs(t, L, tk->half_mma) != 0)
        return -1;
    t->add_imad = tk->add_imad = calloc(t->ninfo ? t->ninfo : 1, 1);
    if (!tk->add_imad || add_pipes(t, L, tk->add_imad) != 0)
        return -1;
    t->fma_rule = tk->fma_rule = fma_half_rule(t, L); /* after half_pairs, before info (math_slots) */
    if (imad_reads(t, L, &tk->imad_read) != 0)        /* after fold, before info (timing_info.fma_pipe) */
        return -1;
    t->imad_read = tk->imad_read;
    for (uint32_t pc = 0; pc < t->ninfo; pc++) {
        tk->info[pc] = timing_info_of(t, L->code, pc);
        tk->xu_used |= (tk->info[pc].checks & CHECK_XU) != 0;
    }
    if (t->p.ifetch_line > 0) { /* a folded mov or add has no SASS of its own (ifetch.h) */
        uint8_t *code = malloc(t->ninfo ? t->ninfo : 1);
        if (!code)
            return -1;
        for (uint32_t pc = 0; pc < t->ninfo; pc++)
            code[pc] = (uint8_t)((!tk->info[pc].free_mov || tk->info[pc].latency > 0) &&
                                         !(t->fold.kind && t->fold.kind[pc] == WS_FOLD_PACK) /* no SASS of its own */
                                     ? sass_count(t, L->code, pc) + pair_prmts(t, pc)
                                     : 0);
        tk->line_of = ws_ifetch_layout(t->ninfo, code);
        free(code);
        if (!tk->line_of)
            return -1;
    }
    if (t->p.schedule > 0 && build_schedule(t, L, &tk->sched) != 0)
        return -1;
    /* after the schedule (the next instruction is the next in its order), then into info */
    t->sched = tk->sched;
    if (young_ops(t, L, &tk->young) != 0) /* after info (its free movs and IMAD slots) and the schedule */
        return -1;
    if (!imad_fma_gap(t) && !(t->p.stall_hfma2 > 0 && t->hfma2_hold >= 2 && t->sched.order) && !half_read_gap(t))
        return 0; /* stall.imad_fma, .hfma2, .half_read off: every stall 0, no table (timing_info_of reads NULL as 0) */
    tk->stall = calloc(t->ninfo ? t->ninfo : 1, 1);
    if (!tk->stall)
        return -1;
    imad_stalls(t, L, tk->stall);
    hfma2_stalls(t, L, tk->stall);
    half_read_stalls(t, L, tk->stall);
    t->stall = tk->stall;
    for (uint32_t pc = 0; pc < t->ninfo; pc++)
        tk->info[pc].stall = tk->stall[pc];
    return 0;
}

static void emit_stall(ws_launch_ctx *L, ws_block *b, ws_warp *w, uint32_t pc, uint64_t cycle, ws_stall_reason why,
                       uint32_t prod)
{
    ws_event ev = ws_event_of(L, WS_EV_STALL, b->id, cycle);
    ev.warp = w->index;
    ev.pc = pc;
    ev.insn = pc < L->ptx->ninsns ? &L->ptx->insns[pc] : NULL;
    ev.stall = why;
    ev.stall_producer_pc = prod;
    ws_emit(L, &ev);
}

/* Takes warp wi out of the set file_when put it in (the sets are apart: one write). Near or in
 * none (`when` UINT64_MAX): out of the slot of its `when`, which holds it if it is near. */
static inline void unfile(ws_timing *t, uint32_t wi)
{
    uint32_t bit = 1u << wi;
    if (t->can_issue & bit) { /* first: a warp that issued is there until its next pick files it */
        t->can_issue &= ~bit;
    } else if (t->far & bit) {
        t->far &= ~bit;
    } else {
        unsigned slot = (unsigned)(t->when[wi] % WHEEL);
        t->wheel[slot] &= ~bit;
        t->wheel_used &= t->wheel[slot] ? ~0ull : ~(1ull << slot);
    }
}

/* Files the warps `bits`, out of every set, under their common `when` (computed in the pass at
 * `cycle`, after wake_near). */
static inline void file_bits(ws_timing *t, uint32_t bits, uint64_t when, uint64_t cycle)
{
    if (when <= cycle) {
        t->can_issue |= bits;
    } else if (when - cycle < WHEEL) {
        unsigned slot = (unsigned)(when % WHEEL);
        t->wheel[slot] |= bits;
        t->wheel_used |= 1ull << slot;
    } else if (when != UINT64_MAX) {
        t->far |= bits;
        t->far_from = when < t->far_from ? when : t->far_from;
    }
}

/* Files warp wi under its new `when`, computed in the pass at `cycle` (after wake_near). */
static inline void file_when(ws_timing *t, uint32_t wi, uint64_t when, uint64_t cycle)
{
    unfile(t, wi);
    t->when[wi] = when;
    file_bits(t, 1u << wi, when, cycle);
}

/* The near warps whose cycle has come, from woke + 1 to `cycle`, can issue. */
static inline void wake_near(ws_timing *t, uint64_t cycle)
{
    uint64_t n = cycle - t->woke;
    if (n == 1) { /* most passes: the cycle after the last, one slot */
        unsigned slot = (unsigned)(cycle % WHEEL);
        if ((t->wheel_used >> slot) & 1) {
            t->can_issue |= t->wheel[slot];
            t->wheel[slot] = 0;
            t->wheel_used &= ~(1ull << slot);
        }
    } else if (n && t->wheel_used) {
        unsigned from = (unsigned)((t->woke + 1) % WHEEL);
        uint64_t span = n >= WHEEL ? ~0ull : (1ull << n) - 1;
        uint64_t slots = from ? span << from | span >> (WHEEL - from) : span; /* the cycles' slots */
        for (uint64_t m = t->wheel_used & slots; m; m &= m - 1) {
            unsigned slot = (unsigned)__builtin_ctzll(m);
            t->can_issue |= t->wheel[slot];
            t->wheel[slot] = 0;
        }
        t->wheel_used &= ~slots;
    }
    t->woke = cycle;
}

/* The far warps whose cycle has come can issue; far_from becomes the earliest cycle of those
 * still far (UINT64_MAX: none). */
static void wake_far(ws_timing *t, uint64_t cycle)
{
    uint64_t from = UINT64_MAX;
    for (uint32_t m = t->far; m; m &= m - 1) {
        uint64_t when = t->when[__builtin_ctz(m)];
        if (when <= cycle) {
            t->can_issue |= m & -m;
            t->far &= ~(m & -m);
        } else
            from = when < from ? when : from;
    }
    t->far_from = from;
}

/* The first cycle after `cycle` a near or far warp can issue (UINT64_MAX: none), when none can
 * now (wake_near and wake_far ran for this cycle). */
static inline uint64_t next_filed(const ws_timing *t, uint64_t cycle)
{
    uint64_t next = t->far_from;
    if (t->wheel_used) {
        unsigned from = (unsigned)((cycle + 1) % WHEEL);
        uint64_t used = from ? t->wheel_used >> from | t->wheel_used << (WHEEL - from) : t->wheel_used;
        uint64_t near = cycle + 1 + (uint64_t)__builtin_ctzll(used);
        next = near < next ? near : next;
    }
    return next;
}

/* Warp s's ready cycle once a free mov of it issues at `cycle`: a hold's end it waits out stays (mov_now; a free mov
 * takes no cycle of its own). */
static inline uint64_t mov_ready(const warp_state *s, uint64_t cycle) { return s->ready > cycle ? s->ready : cycle; }

/* Warp wi's ready cycle moves: what it waits for is computed again. */
static void set_ready(ws_timing *t, uint32_t wi, uint64_t ready, ws_stall_reason why)
{
    t->ws[wi].ready = ready;
    t->ws[wi].ready_why = (uint8_t)why;
    t->ws[wi].sb_valid = 0;
    t->dirty |= 1u << wi;
}

static inline void settle(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint32_t wi, uint64_t to, int every,
                          const int eager);

/* The free cycle of lazy key k on pipes `at` (a sub-partition's math_at). */
static inline uint64_t pipe_free(const uint64_t *at, unsigned k)
{
    return k < LAZY_BOTH ? at[k] : at[SLOT_ALU] > at[SLOT_IMAD] ? at[SLOT_ALU] : at[SLOT_IMAD];
}

/* The lazy key of pick f (LAZY_NONE: none). */
static inline unsigned lazy_key_of(const timing_info *f)
{
    if (f->math_one < SLOT_FMA)
        return f->math_one;
    const uint8_t *sl = f->slots;
    return sl[SLOT_ALU] && sl[SLOT_IMAD] && !sl[SLOT_ANY] && !sl[SLOT_XU] && !sl[SLOT_FMA] ? LAZY_BOTH : LAZY_NONE;
}

/* Warp wi, charged to `from` and filed at its sub-partition's free cycle `free` of its pick's key k (can_issue where
 * that has come), waits lazily for that pipe from then on (ws_timing.lazy). Its charges are sums (acc_pipe, acc_n):
 * its busy cycles and its cycles, each the count at its leaving less that at its entry. */
static inline void lazy_enter(ws_timing *t, uint32_t wi, unsigned k, uint64_t from, uint64_t free)
{
    uint32_t bit = 1u << wi;
    unsigned sp = t->sp_of[wi];
    t->lazy |= bit;
    t->lazy_of[sp][k] |= bit;
    t->lazy_keys[sp] |= (uint8_t)(1u << k);
    t->lazy_key[wi] = (uint8_t)k;
    t->acc_pipe -= t->busy[sp][k] - (free > from ? free - from : 0);
    t->acc_n -= from;
}

/* Lazy warp wi leaves its wait at `to`, the pipe free by then (its issue in the pass at `to`): its cycles from
 * charged[wi] to `to` are charged, to pipe those its pipe was busy, to issue the others, as the retiming at each move
 * of the pipe and the warp's settle would have charged them. */
static inline void lazy_issue(ws_timing *t, uint32_t wi, uint64_t to)
{
    uint32_t bit = 1u << wi;
    unsigned sp = t->sp_of[wi], k = t->lazy_key[wi];
    t->acc_pipe += t->busy[sp][k];
    t->acc_n += to;
    t->charged[wi] = to;
    t->lazy &= ~bit;
    t->lazy_of[sp][k] &= ~bit; /* its key's bit in lazy_keys, where none is left, cleared by lazy_moved */
}

/* lazy_issue for a warp whose pipe may be busy at `to` (its update in the pass at `to`, the block's end, the cycle
 * after a move far ahead); its figures are those the retiming would have left: `when` the pipe's free cycle (where it
 * is filed), why pipe, no producer; it is slotted again (a warp filed far is retime_filed's, as before). Out of line:
 * seldom. */
static __attribute__((noinline)) void lazy_leave_bits(ws_timing *t, uint32_t bits, uint64_t to)
{
    for (uint32_t m = bits & t->lazy; m; m &= m - 1) {
        uint32_t wi = (uint32_t)__builtin_ctz(m);
        unsigned sp = t->sp_of[wi], k = t->lazy_key[wi];
        uint64_t free = pipe_free(t->math_at[sp], k);
        lazy_issue(t, wi, to);
        t->acc_pipe -= free > to ? free - to : 0;
        t->when[wi] = free;
        t->why[wi] = WS_STALL_PIPE;
        t->prod[wi] = UINT32_MAX;
        t->slotted |= 1u << wi; /* retime_filed's again, until its update */
    }
}

/* Sub-partition sp's pipes moved at `cycle` (hold_math, imad_read_issue), each kind k from was[k] to its math_at, with
 * its lazy warps lz: the lazy warps of each kind that moved count its new busy cycles (from the cycle after this one,
 * or from its last free cycle where later) and move as one from where they were filed (was[k]: can_issue where it
 * has come) to its new free cycle, as retime_filed retimed them (those that could issue) or the next pass's update
 * (the others). Moved WHEEL cycles or more ahead, they leave their wait and are filed far with their own `when`. */
static __attribute__((noinline)) void lazy_moved(ws_timing *t, unsigned sp, const uint64_t *was, uint64_t cycle)
{
    const uint64_t *at = t->math_at[sp];
    for (uint32_t keys = t->lazy_keys[sp]; keys; keys &= keys - 1) {
        unsigned k = (unsigned)__builtin_ctz(keys);
        uint32_t bits = t->lazy_of[sp][k];
        if (!bits) {
            t->lazy_keys[sp] &= (uint8_t) ~(1u << k);
            continue;
        }
        uint64_t old = pipe_free(was, k), now = pipe_free(at, k);
        if (now == old)
            continue;
        uint64_t from = old > cycle + 1 ? old : cycle + 1;
        t->busy[sp][k] += now > from ? now - from : 0;
        if (old <= cycle) {
            t->can_issue &= ~bits;
        } else {
            unsigned slot = (unsigned)(old % WHEEL);
            t->wheel[slot] &= ~bits;
            t->wheel_used &= t->wheel[slot] ? ~0ull : ~(1ull << slot);
        }
        if (__builtin_expect(now >= cycle + WHEEL, 0))
            lazy_leave_bits(t, bits, cycle + 1);
        file_bits(t, bits, now, cycle);
    }
}

/* The first cycle pick f's slots are free on a sub-partition's pipes `at` (math_free_at), through *slots and *free,
 * the last slots asked about and their answer (most picks of a sub-partition take the same slots; none: free at 0). */
static inline uint64_t slots_free(const uint64_t at[SLOT_KINDS], const timing_info *f, slot_word *slots, uint64_t *free)
{
    slot_word mine;
    memcpy(&mine, f->slots, sizeof mine);
    if (mine != *slots) {
        *slots = mine;
        *free = math_free_at(at, f);
    }
    return *free;
}

/* A retiming's step for warp wj, whose pick now waits for a pipe until `free` (retime_math, retime_filed,
 * retime_shuffles): nothing where it waits as long already; where it could not issue in this pass anyway (its `when`
 * after the cycle), or with stall events (eager: their order is the pass's), it computes its figures again in the
 * next pass (dirty). Else it could issue in this pass and now waits for `why`: its cycles to this one are charged
 * with its old figures, as the next pass's update would charge them, and it answers 1 (its `when`, free, is the
 * caller's to write or file). L: x->L, read once by the caller (the stores here are of bytes, which may alias x). */
static inline int retime_warp(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint32_t wj, uint64_t free, uint64_t cycle,
                              int eager, ws_stall_reason why)
{
    if (t->when[wj] >= free)
        return 0;
    if (t->when[wj] > cycle || eager) {
        t->dirty |= 1u << wj;
        return 0;
    }
    settle(t, L, b, wj, cycle + 1, 0, 0);
    t->why[wj] = (uint8_t)why;
    t->prod[wj] = UINT32_MAX;
    return 1;
}

/* Warp wi took its sub-partition's ALU or IMAD pipe (hold_math): the sub-partition's other warps whose pick waits
 * for the pipe now wait longer. One that could issue in this pass (its `when` at most the cycle) waits until the
 * pipe is free, retimed here with its cycles to this one charged with the old figures, as the next pass's update
 * would do (retime_shuffles); the others compute their figures again in the next pass (all of them with stall
 * events, whose order is the pass's). Unfiled blocks, and every block with stall events (where nothing is retimed
 * here, so that a filed block's warps are filed by update alone); filed blocks without: retime_filed. */
static __attribute__((noinline)) void retime_math(ws_timing *t, ws_exec *x, uint32_t wi, unsigned sp, uint64_t cycle)
{
    ws_launch_ctx *L = x->L; /* read once: the stores below are of bytes, which may alias x */
    ws_block *b = x->blk;
    slot_word slots = 0; /* slots_free's cache */
    uint64_t free = 0;
    for (uint32_t m = t->sp_warps[sp] & t->has_pick & ~(1u << wi) & ~t->dirty; m; m &= m - 1) {
        uint32_t wj = (uint32_t)__builtin_ctz(m);
        timing_info tmp;
        const timing_info *f = t->ws[wj].f ? t->ws[wj].f : info_of(t, L, t->ws[wj].pick.pc, &tmp);
        if (retime_warp(t, L, b, wj, slots_free(t->math_at[sp], f, &slots, &free), cycle, t->eager, WS_STALL_PIPE))
            t->when[wj] = free;
    }
}

/* retime_math in a filed block without stall events, for the warps whose pick takes a slot and that are not lazy
 * (ws_timing.slotted: several kinds of slot, an FMA slot, a wait for something else, far): one retimed here (it could
 * issue in this pass) and whose pick takes one kind of slot waits lazily from now on (lazy_enter), as update makes it. */
static __attribute__((noinline)) void retime_filed(ws_timing *t, ws_exec *x, uint32_t wi, unsigned sp, uint64_t cycle)
{
    ws_launch_ctx *L = x->L; /* read once: the stores below are of bytes, which may alias x */
    ws_block *b = x->blk;
    const uint64_t *mat = t->math_at[sp];
    slot_word slots = 0; /* slots_free's cache */
    uint64_t free = 0;
    for (uint32_t m = t->sp_warps[sp] & t->has_pick & t->slotted & ~(1u << wi) & ~t->dirty & ~t->on_pipe; m; m &= m - 1) {
        uint32_t wj = (uint32_t)__builtin_ctz(m), bit = m & -m;
        const timing_info *f = t->ws[wj].f; /* not --slow-path timing, which files no block */
        if (!retime_warp(t, L, b, wj, slots_free(mat, f, &slots, &free), cycle, 0, WS_STALL_PIPE))
            continue;
        file_when(t, wj, free, cycle);
        unsigned k = lazy_key_of(f);
        if (k != LAZY_NONE && free < cycle + WHEEL && !(f->checks & (CHECK_XU | CHECK_PIPE))) {
            t->slotted &= ~bit;
            lazy_enter(t, wj, k, cycle + 1, free);
        }
    }
}

/* pipe.fma_half: an instruction with an FMA slot (math_slots) issued at `cycle` on sub-partition sp. A half op (HADD2,
 * HMUL2, HFMA2: FMA_HALF) holds both halves of the FMA pipe its cycles, and opens the window (pipe.half_window) in
 * which the FFMAs, FADDs and FMULs after it hold the pipe whole, each its cycles (pipe.fma_half), against the next
 * FFMA or half op alike; outside it they pair as ever, one a cycle, holding nothing. The H200 issues hadd_f (HADD2 +
 * FFMA) 3.86 cycles a step with 8 warps a sub-partition and hadd2_f (a HADD2, an HFMA2.MMA and two FFMAs a two steps)
 * 2.96, where an FFMA beside an IMAD costs nothing (fma_m 2.07) and two FFMAs alone take a cycle (fma 1.08); NVIDIA
 * dual-issues FP16x2 to both halves of the FMA pipe, FMAheavy and FMAlite (docs/calibration.md "(half18)",
 * "(half19)"). */
static inline void hold_fma(ws_timing *t, unsigned sp, uint8_t slot, uint64_t cycle)
{
    uint64_t *at = t->math_at[sp];
    if (slot & FMA_HALF) {
        at[SLOT_FMA] = cycle + (slot & (FMA_HALF - 1));
        t->half_end[sp] = cycle + t->half_window;
    } else if (cycle < t->half_end[sp])
        at[SLOT_FMA] = cycle + slot;
}

/* pipe.imad_read: warp wi issues an FFMA, FADD or FMUL (timing_info.fma_pipe's FMA_READS_IMAD) at `cycle`, reading
 * the registers u names. Where one of them is a near IMAD's result (its producer an IMAD_RESULT at most pipe.imad_near
 * instructions before it), while its sub-partition's IMAD pipe is busy (another IMAD issued the cycle before), the
 * pipe stays busy until pipe.imad_read cycles after it at least: the FFMA does not wait for the pipe, but an IMAD
 * after it does. The key may hold part of a cycle (1.7: the pipe busy one cycle more after 7 of 10 such reads): each
 * read adds the key's part of a cycle to what its sub-partition has left over, and holds the pipe a cycle more when
 * that reaches a whole one (imad_read_left). The H100 (docs/calibration.md "(mad19h)", "(imadr23)", "(xdp24)"): mad19
 * mf (mad.lo then fma.rn reading it, 8 streams) 2.70-2.76 cycles a step at 2-8 warps a sub-partition where the same
 * two on independent chains (mfi) take 2.17-2.27 and an IMAD reading an FFMA (fm) 2.07-2.10; an FFMA reading a
 * HADD2.F32 of the IMAD pipe (h2f_f) 2.08: the IMAD's result, not its pipe. Whole cycles overshoot (3.0 a step). */
static inline void imad_read_issue(ws_timing *t, ws_exec *x, uint32_t wi, const ws_reg_use *u, uint64_t cycle)
{
    const warp_state *s = &t->ws[wi];
    int read = 0;
    for (uint32_t i = 0; i < u->nsrc && !read; i++) {
        uint32_t by = s->rp[u->src[i]], pc = s->pick.pc;
        uint64_t ready = s->rr[u->src[i]];
        read = ready && by < t->ninfo && (t->imad_read[by] & IMAD_RESULT) && by < pc && pc - by <= t->imad_near;
    }
    unsigned sp = t->sp_of[wi];
    uint64_t *at = t->math_at[sp];
    if (!read || at[SLOT_IMAD] <= cycle)
        return; /* a free pipe: one warp a sub-partition (ptxas's S02 after the IMAD) pays nothing (mf 3.27 a step) */
    uint32_t hold = t->imad_read_hold + t->imad_read_left[sp];
    t->imad_read_left[sp] = (uint16_t)(hold % IMAD_READ_ONE);
    if (at[SLOT_IMAD] >= cycle + hold / IMAD_READ_ONE)
        return;
    uint32_t lz = t->lazy_keys[sp]; /* 0 and slotted ~0 in other blocks than filed ones without stall events */
    uint64_t was[SLOT_FMA];
    memcpy(was, at, sizeof was);
    at[SLOT_IMAD] = cycle + hold / IMAD_READ_ONE;
    at[SLOT_ANY] = at[SLOT_ALU] < at[SLOT_IMAD] ? at[SLOT_ALU] : at[SLOT_IMAD];
    if (lz)
        lazy_moved(t, sp, was, cycle);
    if (t->sp_warps[sp] & t->has_pick & t->slotted & ~(1u << wi))
        t->retime(t, x, wi, sp, cycle);
}

/* Warp wi issues instruction f at `cycle`, when its slots are free: it holds each pipe its slots' cycles. An add
 * takes the IMAD pipe when that is free, else the ALU (the ALU pipe has more takers: ISETP, SEL, LOP3, SHF; in mix,
 * BlockScan's step of IMAD.IADD, ISETP and SEL, ptxas gives the add to the IMAD pipe). The other warps of its
 * sub-partition that wait for a pipe are retimed (none where the warp is alone there; lone: a constant 1 where the
 * block is known to be of lone warps, the lone warps' issue in run_passes). */
static inline __attribute__((always_inline)) void hold_math(ws_timing *t, ws_exec *x, uint32_t wi, const timing_info *f,
                                                            uint64_t cycle, const int lone, const int lazy)
{
    unsigned sp = t->sp_of[wi];
    uint64_t *at = t->math_at[sp];
    uint32_t lz = lazy ? t->lazy_keys[sp] : 0; /* lazy waits on this sub-partition (lazy_moved) */
    uint64_t was[SLOT_FMA];
    if (lz)
        memcpy(was, at, sizeof was);
    if (f->slots[SLOT_ANY]) {
        if (at[SLOT_IMAD] <= cycle)
            at[SLOT_IMAD] = cycle + t->imad_hold;
        else
            at[SLOT_ALU] = cycle + t->alu_hold;
    }
    if (f->math_one != SLOT_ANY) {
        if (f->slots[SLOT_ALU])
            at[SLOT_ALU] = cycle + f->slots[SLOT_ALU];
        if (f->slots[SLOT_IMAD])
            at[SLOT_IMAD] = cycle + f->slots[SLOT_IMAD];
        if (f->slots[SLOT_XU])
            at[SLOT_XU] = cycle + f->slots[SLOT_XU];
        if (__builtin_expect(f->slots[SLOT_FMA] != 0, 0))
            hold_fma(t, sp, f->slots[SLOT_FMA], cycle);
    }
    at[SLOT_ANY] = at[SLOT_ALU] < at[SLOT_IMAD] ? at[SLOT_ALU] : at[SLOT_IMAD];
    if (lz)
        lazy_moved(t, sp, was, cycle);
    if (!lone && (t->sp_warps[sp] & t->has_pick & (lazy ? t->slotted : ~0u) & ~(1u << wi)))
        t->retime(t, x, wi, sp, cycle);
}

/* schedule.xu_stall and a late reader (timing_info.late): an instruction of ptxas's that reads an XU op's result and
 * that ptxas issues one XU op later, as the reader of an XU result, where warpsim issues nothing (it is part of an
 * instruction warpsim issues elsewhere):
 * - clz (schedule.xu_clz): FLO and an IADD3 (31 - it), the IADD3 one XU op later (probe_alu3.sass alu3_clz:
 *   `FLO.U32` S01, then the IADD3 of the FLO before it S07, waiting on that FLO's scoreboard; alu3_clz_l: FLO S01,
 *   LOP3 S02, that IADD3 S05): clz at one warp 12 cycles a step on the H200 (3085 for 256), where the FLOs alone
 *   give 8 (docs/calibration.md "(lat18)");
 * - a MUFU form whose SASS reads its source before the MUFU (ws_mufu_reads_first: the FSETP of ptxas's range
 *   fix-ups, sin's and cos's FMUL.RZ) reading a POPC's, FLO's, BREV's or F2F's value (schedule.xu_fixup): that
 *   FSETP or FMUL.RZ one XU op after the op, the MUFU later (probe_alu3.sass alu3_ex2_x: `POPC` S01, an FMUL S01,
 *   then the `FSETP.GEU.AND` of the POPC before S06, waiting on its scoreboard; alu3_sin_x: `POPC` S01, the
 *   `FMUL.RZ` of the POPC before S07): ex2_x at one warp 20.25 cycles a step on the H200, sin_x 19.9, where
 *   warpsim's POPCs 8 apart gave 16.1 (docs/calibration.md "(mufu19)").
 * Warp wi's next XU op then issues no earlier than that reader, ready with the op's result (late_wait) or a cycle
 * after the warp's last instruction, plus the spacing left less one (at least 1). */
static void xu_late(ws_timing *t, uint32_t wi)
{
    uint64_t wait = t->late_wait[wi], last = t->xu_at[wi] - t->xu_left[wi];
    if (wait <= last + 1) { /* the reader waits no longer than the slot after the last instruction: it binds nothing */
        t->late_wait[wi] = 0;
        return;
    }
    uint64_t at = wait + (t->xu_left[wi] > 2 ? t->xu_left[wi] - 1u : 1u);
    if (at > t->xu_at[wi])
        t->xu_at[wi] = at;
}

/* An instruction issued at `cycle` after warp wi's last XU op (xu_spaced): one fewer cycle of the spacing left after
 * it, or none where it reads that op's result (ptxas counts it issued the op's latency in its own model after the op,
 * 9 or more: bench_bits brev + xor, 23 cycles a step on the H200 where one cycle more would follow from the count;
 * bench_conv cvt.rzi.s32.f32 + cvt.rn.f32.s32). */
static void xu_counted(ws_timing *t, uint32_t wi, const ws_reg_use *u, uint64_t cycle)
{
    const uint64_t *rr = t->ws[wi].rr;
    const uint32_t *rp = t->ws[wi].rp;
    int reader = 0;
    for (uint32_t i = 0; i < u->nsrc && !reader; i++)
        reader = rp[u->src[i]] == t->xu_pc[wi] && rr[u->src[i]] == t->xu_ready[wi];
    if (reader || t->xu_left[wi] <= 1)
        t->xu_left[wi] = 1;
    else
        t->xu_left[wi]--;
    t->xu_at[wi] = cycle + t->xu_left[wi];
    xu_late(t, wi);
}

/* schedule.xu_stall: ptxas spaces a warp's XU ops (POPC, FLO, BREV, F2F, F2I, MUFU) with stall counts, not by the
 * hardware (probe_alu3.sass: alu3_popc `POPC` S08 each; alu3_popc_l `POPC` S01, then the `LOP3.LUT` that reads the
 * POPC before it S07, waiting on that POPC's scoreboard first). A stall count is a fixed wait after its instruction,
 * whatever the instruction waited for before it, so a scoreboard wait between two XU ops adds to their 8 cycles
 * (popc_l: 12 a step on the H200), where the XU pipe's hold (pipe.xu) overlaps it. Warp wi issued f at `cycle`: its
 * next XU op issues no earlier than the last instruction issued since its last XU op plus xu_stall less the number
 * of those instructions, at least 1 (xu_at, which earliest reads; docs/calibration.md "(xust17)"). An XU op that
 * holds the issue (a MUFU with its fix-ups, issue_cycles) counts its held cycles as instructions after it. A free
 * or folded instruction is no SASS instruction: it counts for nothing. The ops spaced (math_slots' answer): POPC, FLO
 * of bfind, BREV, F2I, F2F.F64.F32, F2F.F32.F64 (its neg operand folded: fold.neg), clz with schedule.xu_clz (its
 * IADD3 after the next XU op: xu_late; with schedule.xu_fixup a MUFU form's FSETP or FMUL.RZ reading a POPC, FLO,
 * BREV or F2F the same); the others are counted as instructions between (the MUFU forms, F2F to f16 or
 * bf16: warpsim issues apart what their SASS has in one, an FMUL.RZ, a neg operand, the zero-extension unless
 * fold.zext, so ptxas's spacing would wait on it). */
static __attribute__((noinline)) void xu_step(ws_timing *t, uint32_t wi, const timing_info *f, const ws_reg_use *u,
                                              uint32_t pc, uint64_t cycle)
{
    if (f->checks & CHECK_XU) {
        unsigned held = f->issue > 1 ? f->issue - 1u : 0;
        t->xu_at[wi] = cycle + t->xu_stall;
        t->xu_left[wi] = (uint8_t)(held + 1 < t->xu_stall ? t->xu_stall - held : 1);
        t->xu_ready[wi] = cycle + (uint64_t)f->latency;
        t->xu_pc[wi] = pc;
        /* the last op's late reader goes after this op (xu_late); this op's after the next */
        t->late_wait[wi] = t->late_due[wi];
        t->late_due[wi] = f->late ? cycle + f->late : 0;
        xu_late(t, wi);
    } else if (!f->free_mov)
        xu_counted(t, wi, u, cycle);
}

/* xu_step where it has something to do: an XU op, or a warp with spacing left (out of line: most issues have
 * neither, and the common issue stays as it was). */
static inline __attribute__((always_inline)) void xu_spaced(ws_timing *t, uint32_t wi, const timing_info *f,
                                                            const ws_reg_use *u, uint32_t pc, uint64_t cycle)
{
    if (__builtin_expect((f->checks & CHECK_XU) || t->xu_left[wi] > 1 || t->late_wait[wi], 0))
        xu_step(t, wi, f, u, pc, cycle);
}

/* Warp wi's access or shuffle has moved its sub-partition's MIO pipe (hold_mio) in a filed block
 * with shuffles waiting. A shuffle waits for its sub-partition's MIO pipe alone (earliest: its
 * `when` is the later of its scoreboard's sb_when and mio_at), so only this sub-partition's
 * shuffles whose `when` is before the pipe's new free cycle change, and the other warps on a pipe
 * (shared accesses: the block's pipe, the store queues) compute their figures again. A shuffle that
 * could issue in this pass waits for the pipe until then (bank): it is retimed here, its cycles to
 * this one charged with the old figures, as the next pass's update (at cycle + 1) would do; the
 * others are updated there (and all of them with stall events, whose order is the pass's). */
static __attribute__((noinline)) void retime_shuffles(ws_timing *t, ws_exec *x, uint32_t wi, unsigned sp, uint64_t cycle)
{
    uint64_t at = t->mio_at[sp];
    t->on_shfl &= ~(1u << wi); /* it issues (a shared access has no bit there) */
    t->dirty |= t->on_pipe & ~t->on_shfl;
    uint32_t waits = 0;      /* shuffles that could issue now */
    ws_launch_ctx *L = x->L; /* read once: the stores below are of bytes, which may alias x */
    ws_block *b = x->blk;
    for (uint32_t m = t->on_shfl & t->sp_warps[sp] & ~t->dirty; m; m &= m - 1) {
        uint32_t wj = (uint32_t)__builtin_ctz(m);
        if (retime_warp(t, L, b, wj, at, cycle, t->eager, WS_STALL_BANK)) {
            t->when[wj] = at;
            waits |= m & -m;
        }
    }
    if (waits) { /* out of can_issue (their `when` was at most the cycle) */
        t->can_issue &= ~waits;
        file_bits(t, waits, at, cycle);
    }
}

/* Warp wi's shared access or shuffle holds its sub-partition's MIO pipe `hold` cycles from now (or
 * from when the pipe frees); the warps waiting for a pipe wait longer: in blocks of up to 8 warps
 * (or with no shuffle waiting) every warp on a pipe computes its figures again, else see
 * retime_shuffles. A shuffle (shfl) moves only its sub-partition's MIO pipe, which only that
 * sub-partition's warps read (earliest), so only they compute theirs again (a shared access also
 * moves the block's shared pipe, which every warp's shared access reads). */
static inline __attribute__((always_inline)) void hold_mio(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle,
                                                           double hold, const int shfl)
{
    unsigned sp = t->sp_of[wi];
    double start = t->mio_free[sp] > (double)cycle ? t->mio_free[sp] : (double)cycle;
    t->mio_free[sp] = start + hold;
    t->mio_at[sp] = whole_cycle(t->mio_free[sp]);
    t->mio_next[sp] = cycle + t->mio_issue;
    if (t->on_shfl)
        retime_shuffles(t, x, wi, sp, cycle);
    else
        t->dirty |= shfl ? t->on_pipe & t->sp_warps[sp] : t->on_pipe;
}

/* Warp wi's shared access m enters its sub-partition's queue at `cycle` (shared.queue): the cycles from then until
 * its data is read, which its result waits beyond its latency. The pipe's wavefronts are shared among the k
 * sub-partitions holding the block's warps (queue_k): each sub-partition's loads start in the order they entered,
 * one every hold x k cycles, and each takes hold x k cycles, not hold (mio22's row x: four 32-way loads of four
 * sub-partitions take 128 cycles each and end together, as the H200's four warps of bench_mio_w4 end region 2
 * within 7 cycles (8218-8225) and each sub-partition's leaders of bench_mio_w8 within 65; a pipe that served the
 * sub-partitions one load after another would end them 32 cycles apart). A warp's own loads start one per its
 * load's MIO hold (mio17: a warp alone 66 cycles a 32-way load, two warps' together 32). */
static double queue_enter(ws_timing *t, ws_exec *x, uint32_t wi, const mem_access *m, uint64_t cycle)
{
    unsigned q = t->sp_of[wi];
    double now = (double)cycle;
    double start = t->queue_free[q] > now ? t->queue_free[q] : now;
    t->queue_free[q] = start + m->c.hold * t->queue_k;
    t->queue_start[q][t->queue_n[q]++ % QUEUE_RING] = start;
    double mine = t->queue_next[wi] > start ? t->queue_next[wi] : start;
    t->queue_next[wi] = mine + m->c.mio;
    hold_mio(t, x, wi, cycle, t->p.shared_queue_issue, 0);
    return mine + m->c.hold * (t->queue_k - 1) - now;
}

/* A block's start: shared.queue's counts from the preset, its queues empty. */
static void queue_reset(ws_timing *t, unsigned nsp)
{
    t->queue_depth = (uint32_t)ws_llround(t->p.shared_queue);
    if (!t->queue_depth)
        return;
    t->queue_shared = (uint32_t)ws_llround(t->p.shared_queue_shared);
    t->queue_sps = nsp < 32 ? nsp : 32;
    t->queue_k = 0;
    for (unsigned sp = 0; sp < t->queue_sps; sp++)
        t->queue_k += t->sp_warps[sp] != 0;
    memset(t->queue_n, 0, sizeof t->queue_n);
    memset(t->queue_free, 0, sizeof t->queue_free);
    memset(t->queue_next, 0, sizeof t->queue_next);
}

/* Cycles the SASS before a collective with a register membermask takes (subwarp.h): the warp
 * issues nothing else meanwhile and the collective's results come that much later. Reads the
 * membermask before the collective executes. */
static int64_t subwarp_before(ws_timing *t, ws_exec *x, const ws_insn *in, ws_pick pk, double lat, uint32_t wi,
                              uint64_t cycle)
{
    if (!t->subwarp.form || pk.pc >= t->ninfo || t->subwarp.form[pk.pc] == SUBWARP_NONE)
        return 0;
    uint32_t exec = ws_guard_mask(x, in, pk.group);
    uint64_t tmp[32];
    const uint64_t *mask = operand_row(x, &in->ops[in->nops - 1], exec, tmp);
    int64_t before = ws_llround(ws_subwarp_cycles(&t->subwarp, &t->p, pk.pc, lat, mask, exec));
    /* The MATCH.ANY check issues as soon as the mask is there, ahead of what the warp issues
     * before the collective (time_cg_escan_plus_tile16_unsigned.sass: MATCH.ANY and REDUX.OR at
     * 0x100, then thread_rank()'s IMADs, LOP3 P0 and BRA.DIV at 0x190): the cycles since the mask
     * was ready are spent, when the mask is written in the segment before the collective (the
     * check stays after an ordering point: a clock read, a branch). A mask there when the segment
     * starts leaves ptxas nothing to put the check's VOTEU.ANY behind: it issues after MATCH.ANY
     * and REDUX.OR, subwarp.exposed more (bench_sync.sass 0x0510-0x0550; probe_sync15: 75 cycles
     * at the kernel's start where the cg and CUB regions' checks, VOTEU.ANY first, take 54). */
    const ws_operand *m = &in->ops[in->nops - 1];
    if (t->subwarp.form[pk.pc] == SUBWARP_MATCH && m->kind == WS_OPND_REG && m->reg < t->nregs && t->sched.first &&
        pk.pc > 0 && pk.pc < t->ninfo) {
        uint64_t ready = t->reg_ready[(size_t)wi * t->nregs + m->reg];
        uint32_t prod = t->reg_prod[(size_t)wi * t->nregs + m->reg];
        if (prod < t->sched.first[pk.pc - 1] || prod >= pk.pc) {
            ready = cycle;
            if (!t->subwarp.covered[pk.pc])
                before += ws_llround(t->p.subwarp_exposed);
        }
        int64_t spent = cycle > ready ? (int64_t)(cycle - ready) : 0;
        before = before > spent ? before - spent : 0;
    }
    return before;
}

/* The scoreboard after warp wi issued instruction pc (in, its facts f and registers u): its
 * destinations are ready at `done` (a shuffle's predicate f->pred later), made by pc; a free mov
 * renames, ready when its source is, as made by the source's producer; a hoisted setp (a free mov
 * with a latency) is ready its latency after its sources. Returns `done` as written. slow: t->slow, a
 * constant 0 where issue_common inlines it. */
static inline __attribute__((always_inline)) uint64_t write_results(ws_timing *t, uint32_t wi, const timing_info *f,
                                                                    const ws_reg_use *u, const ws_insn *in, uint32_t pc,
                                                                    uint64_t done, const int slow)
{
    uint32_t prod = pc;
    uint64_t *rr = t->ws[wi].rr;
    uint32_t *rp = t->ws[wi].rp;
    /* most instructions: not a free mov, no predicate later (the last loop below); --slow-path timing
     * takes the per-field tests below, the reference for writes (timing_info_of) */
    if (!slow && !f->writes) {
        for (uint32_t i = 0; i < u->ndst; i++) {
            rr[u->dst[i]] = done;
            rp[u->dst[i]] = prod;
        }
        return done;
    }
    if (f->free_mov && f->latency > 0) { /* WS_FOLD_HOIST, issued above the bar.sync: its latency after its sources */
        done = (uint64_t)f->latency;
        for (uint32_t i = 0; i < u->nsrc; i++)
            if (u->src[i] < t->nregs && rr[u->src[i]] + (uint64_t)f->latency > done)
                done = rr[u->src[i]] + (uint64_t)f->latency;
    } else if (f->free_mov)
        for (uint32_t i = 0; i <= u->nsrc; i++) {
            uint32_t r = i < u->nsrc ? u->src[i] : f->same; /* a folded load: the earlier load's value */
            if (r < t->nregs && rr[r] > done) {
                done = rr[r];
                prod = rp[r];
            }
        }
    if (!f->pred) /* all destinations at once (most instructions) */
        for (uint32_t i = 0; i < u->ndst; i++) {
            rr[u->dst[i]] = done;
            rp[u->dst[i]] = prod;
        }
    else {
        uint64_t done_pred = done + (uint64_t)f->pred;
        for (uint32_t i = 0; i < u->ndst; i++) {
            rr[u->dst[i]] = u->dst[i] == in->dpred ? done_pred : done;
            rp[u->dst[i]] = prod;
        }
    }
    return done;
}

/* Warp wi issues instruction pc at cycle: the cold code's fetch and the shared window's stretches
 * follow it (neither reads the registers the instruction writes); hooks says whether either still
 * listens. */
static inline __attribute__((always_inline)) void issue_hooks(ws_timing *t, uint32_t wi, uint32_t pc, uint64_t cycle)
{
    if (t->ifetch.live) {
        ws_ifetch_issue(&t->ifetch, wi, pc, cycle);
        if (!t->ifetch.live) /* all the code is there from now on */
            t->hooks = t->cga_used || t->xu_used;
    }
    if (t->cga_used) /* the stretches matter only to an instruction that needs the base */
        ws_cga_issue(&t->cga, wi, pc, cycle);
}

static inline int pick_early(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle, ws_warp *w, warp_state *s);

/* issue() for an instruction that is not timing_info.rare, with the caches on (not --slow-path
 * timing): most of every kernel's issues. The same steps as issue() with every rare fact false
 * (no access, the latency an integer, nothing before it, the warp's lanes all still live), inline
 * in the scheduling pass: a call and the rare facts' tests cost ~30 host instructions an issue. */
static inline __attribute__((always_inline)) int issue_common(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi,
                                                              uint64_t cycle, const int then_pick, const int lazy)
{
    ws_warp *w = &b->warps[wi];
    warp_state *s = &t->ws[wi];
    const ws_pick pk = s->pick;
    const timing_info *f = s->f;
    const ws_reg_use *u = s->u;
    x->w = w;
    x->regs = w->regs;
    if (f->shfl)
        hold_mio(t, x, wi, cycle, t->p.mio_issue, 1);
    if (f->checks & CHECK_MATH)
        hold_math(t, x, wi, f, cycle, then_pick, lazy);
    b->cycle = cycle;
    if (t->hooks) { /* a kernel without XU ops to space has no test for them here (host cost) */
        issue_hooks(t, wi, pk.pc, cycle);
        if (t->xu_used)
            xu_spaced(t, wi, f, u, pk.pc, cycle);
    }
    t->has_pick &= ~(1u << wi);
    t->on_pipe &= ~(1u << wi);
    if (!(t->step_ok && !pk.merged ? ws_warp_issue_decoded(x, w, &pk) : ws_warp_issue_step(x, w, &pk)))
        ws_warp_issue(x, w, &pk);
    write_results(t, wi, f, u, &x->L->code[pk.pc], pk.pc, cycle + (uint64_t)f->latency, 0);
    /* set_ready's other two writes are the next pick's: the warp has no pick now, so the next pass
     * picks it, which marks it changed (or computes its figures at once) with sb_valid 0 */
    s->ready = f->free_mov ? mov_ready(s, cycle) : cycle + 1 + f->stall;
    s->ready_why = WS_STALL_ISSUE;
    if (then_pick) /* the lone warps' pass (a constant where it is inlined): pick_early's answer */
        return pick_early(t, x, wi, cycle + 1, w, s);
    return 0;
}

static void issue(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi, uint64_t cycle)
{
    ws_launch_ctx *L = x->L;
    ws_warp *w = &b->warps[wi];
    warp_state *s = &t->ws[wi];
    ws_pick pk = s->pick;
    const ws_insn *in = &L->code[pk.pc];
    timing_info tmp;
    const timing_info *f = t->slow ? info_of(t, L, pk.pc, &tmp) : s->f;
    const mem_access *m = f->memory ? access_of(t, x, w, wi) : NULL;
    x->w = w;
    x->regs = w->regs;
    x->mem_wavefronts = m ? m->c.wavefronts : 0;
    int64_t lat = f->latency, before = 0, imc = 0;
    if (f->rare) {
        double cold = 0; /* a load's wait for its lines beyond an L1 hit (mem_commit) */
        if (m) {
            cold = mem_commit(t, in, m, cycle);
            if (t->stores_failed)
                ws_launch_stop(L, WS_ERR_INTERNAL, "out of memory");
            if (m->c.shared) {
                memcpy(x->mem_bank, m->bank, sizeof x->mem_bank);
                if (m->c.queued) { /* it holds the MIO pipe until it leaves the data stage; the bank
                                    * stages write the block's queued stores in turn (stq.h) */
                    unsigned sp = t->sp_of[wi];
                    double from = t->mio_free[sp] > (double)cycle ? t->mio_free[sp] : (double)cycle, moved;
                    t->stq_used |= 1ull << sp;
                    s->stq_end =
                        ws_stq_push(&t->stq[sp], (double)cycle, from, &m->c.stq, stq_bounds(t), &moved, &t->stq_pipe);
                    hold_mio(t, x, wi, cycle, moved - from, 0);
                    s->stq_moved = moved;
                    t->stq_tail[wi][t->stq_count[wi]++ % STQ_TAIL] = s->stq_end;
                } else if (t->queue_depth) {
                    cold += queue_enter(t, x, wi, m, cycle);
                } else {
                    double start = t->pipe_free > (double)cycle ? t->pipe_free : (double)cycle;
                    t->pipe_free = start + m->c.hold;
                    hold_mio(t, x, wi, cycle, m->c.mio, 0);
                    t->pipe_at = whole_cycle(t->pipe_free);
                }
                L->stats.shared_wavefronts += m->c.wavefronts;
                L->stats.bank_conflicts += m->c.wavefronts - m->c.min_wavefronts;
            }
            if (t->stq_read && t->stq_regs.slot[pk.pc]) { /* a store reads its registers after the queued ones */
                double read = m->c.queued || s->stq_moved > (double)cycle ? s->stq_moved : (double)cycle;
                t->stq_read[wi * t->stq_regs.nslots + t->stq_regs.slot[pk.pc] - 1] = read;
            }
        }
        if (lat < 0) /* from the data: read before the instruction executes */
            lat = ws_llround(ws_optable[in->op].latency == LAT_MATCH ? match_latency(&t->p, x, in, pk.group)
                                                                     : latency_of(t, in, &m->c) + cold);
        before = f->subwarp ? subwarp_before(t, x, in, pk, (double)lat, wi, cycle) : 0; /* the SASS ptxas puts before it */
        if (f->imc) { /* the immediate-constant miss of the launch's dimensions (reads_launch_dims) */
            if (!t->imc_at)
                t->imc_at = cycle + (uint64_t)ws_llround(t->p.imc_miss);
            imc = t->imc_at > cycle ? (int64_t)(t->imc_at - cycle) : 0;
        }
    }
    if (f->shfl) /* after the memory's hold: nothing between reads the MIO pipe */
        hold_mio(t, x, wi, cycle, t->p.mio_issue, 1);
    if (f->checks & CHECK_MATH)
        hold_math(t, x, wi, f, cycle, 0, 1); /* lazy_keys 0 and slotted ~0 in other blocks */
    const ws_reg_use *u = t->slow ? uses_of(t, L, pk.pc) : s->u;
    if (f->fma_pipe & FMA_READS_IMAD)
        imad_read_issue(t, x, wi, u, cycle);
    xu_spaced(t, wi, f, u, pk.pc, cycle);
    b->cycle = cycle;
    if (t->hooks)
        issue_hooks(t, wi, pk.pc, cycle);
    t->has_pick &= ~(1u << wi);
    t->on_pipe &= ~(1u << wi);
    if (f->arrival) { /* it reads the clock on the warp's arrival, not after the release (bar.clock) */
        uint64_t read = t->bar_at[wi] + (uint64_t)ws_llround(t->p.bar_clock);
        b->clock_lag = read < cycle ? cycle - read : 0;
    }
    /* the step entry takes no instruction that moves lanes, but a rare one's handler where it has one
     * (ld.param, a special register, a gate's setp: the same as ws_warp_issue's, without its chain) */
    if ((f->rare && ws_op_moves_lanes(in->op)) || !ws_warp_issue_step(x, w, &pk))
        ws_warp_issue(x, w, &pk);
    b->clock_lag = 0;
    if (f->rare && !w->live) { /* it exited: no more cycles to charge, nothing to wait for */
        t->live &= ~(1u << wi);
        unfile(t, wi);
        t->when[wi] = UINT64_MAX;
    }
    x->mem_wavefronts = 0;
    if (f->rare && f->gate) /* the guarded S2R: guard.feed after its predicate (cga.h) */
        ws_cga_read_at(&t->cga, wi, cycle + (uint64_t)(lat + t->guard_feed));
    uint64_t done = cycle + (uint64_t)(before + imc + lat);
    if (f->rare) { /* a shared variable's address */
        uint64_t base = ws_cga_ready(&t->cga, wi, pk.pc, t->p.sreg_cga, t->p.sreg_s2r, t->p.sreg_s2r_lea);
        if (!f->memory && base > done)
            done = base;
    }
    done = write_results(t, wi, f, u, in, pk.pc, done, t->slow);
    uint64_t next = cycle + 1 + f->stall + (uint64_t)(before + imc);
    if (f->rare) {
        if (f->fence >= 0) { /* a MEMBAR waits for the warp's outstanding results, then holds the warp */
            uint64_t *rr = &t->reg_ready[(size_t)wi * t->nregs];
            /* a fence is the MEMBAR: its stall count holds the warp. A release's access (st, red, atom
             * .release/.acq_rel) issues that much after its MEMBAR, which issued when the warp was
             * ready (fence_stall_wait), so its results come that much later (fence_of after the
             * warp's results is in lat already) */
            uint64_t stalled = cycle + (uint64_t)ws_llround(t->p.fence_stall);
            if (ws_op_is_memory(in->op)) {
                int64_t membar = fence_stall_wait(&t->p, s->ready, cycle, f->fence);
                for (uint32_t i = 0; i < u->ndst; i++)
                    rr[u->dst[i]] += (uint64_t)membar;
                done += (uint64_t)membar;
                stalled = cycle + 1 + (uint64_t)membar;
            }
            uint64_t drained = cycle + 1;
            for (uint32_t r = 0; r < t->nregs; r++)
                drained = rr[r] > drained ? rr[r] : drained;
            next = drained + (uint64_t)f->fence;
            next = stalled > next ? stalled : next;
        }
        if (f->branch)
            next = cycle + (uint64_t)f->branch;
        if (f->issue) { /* it holds its sub-partition's issue (issue_cycles): the warp's and the others' */
            uint64_t held = cycle + f->issue;
            next = held > next ? held : next;
            t->issue_at[t->sp_of[wi]] = held;
        }
        if (f->hold && done > next)
            next = done;
        if (ws_op_class_of(in->op) == CLS_BARRIER) {
            t->bar_wait |= 1u << wi;
            t->bar_at[wi] = cycle;
        }
        t->bar_moved = 1;
    }
    set_ready(t, wi, f->free_mov ? mov_ready(s, cycle) : next,
              before ? WS_STALL_SYNC
              : imc  ? WS_STALL_SCOREBOARD
                     : WS_STALL_ISSUE);
}

/* Whether warp wi's pick issues through issue_common (eager: as for update). */
static inline int issues_common(const ws_timing *t, uint32_t wi, const int eager)
{
    return !(eager && t->slow) && !t->ws[wi].f->rare;
}

/* Warp wi issues its pick at `cycle`: the common path where it applies (common: issues_common, which
 * the lone warps' pass reads again for pick_early). */
static inline __attribute__((always_inline)) void issue_any(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi,
                                                            uint64_t cycle, const int common, const int lazy)
{
    if (common)
        issue_common(t, x, b, wi, cycle, 0, lazy);
    else
        issue(t, x, b, wi, cycle);
}

/* bar.stagger: how many warps of the block leave the barrier before warp wi. probe_bar_release (mio15, every run):
 * the loads after it end one a cycle, with 8 warps in the order w6 w7 w4 w1 w2 w3 w0 w5 for arrivals w6 w7 w2 w3 w4
 * w1 w5 w0 (w6 w7 w0 w1 w2 w3 w4 w5 without the spin): the sub-partitions in turn from the first arrival's, each its
 * earlier arrival first; with 4 warps (one a sub-partition) w0 w1 w2 w3, though w0 arrived last. */
static uint32_t leaving_before(const ws_timing *t, uint32_t nwarps, uint32_t wi)
{
    unsigned nsp = t->p.subpartitions;
    if (!nsp || nsp > 32)
        return 0;
    uint32_t first = 0;
    for (uint32_t wj = 1; wj < nwarps && wj < 32 && nwarps > nsp; wj++)
        first = t->bar_at[wj] < t->bar_at[first] ? wj : first;
    uint32_t rank = 0; /* wi's place among its sub-partition's warps by arrival */
    for (uint32_t wj = wi % nsp; wj < nwarps && wj < 32; wj += nsp)
        rank += wj != wi && (t->bar_at[wj] < t->bar_at[wi] || (t->bar_at[wj] == t->bar_at[wi] && wj < wi));
    uint32_t turn = (wi % nsp + nsp - first % nsp) % nsp, before = 0; /* its sub-partition's turn from the first's */
    for (unsigned sp = 0; sp < nsp && sp < nwarps; sp++) {            /* the warps of each round before it */
        uint32_t n = (nwarps - sp + nsp - 1) / nsp, t_sp = (sp + nsp - first % nsp) % nsp;
        before += rank < n ? rank : n;
        before += rank < n && t_sp < turn;
    }
    return before;
}

/* release_barriers once a barrier may have completed. */
static __attribute__((noinline)) int release_complete(ws_timing *t, ws_block *b, uint64_t cycle)
{
    t->bar_moved = 0; /* every complete barrier is released below */
    if (!ws_block_release_barriers(b, 0))
        return 0;
    t->blocked = 0; /* lanes run again: every warp picks anew */
    uint64_t period = (uint64_t)ws_llround(t->p.lat[LAT_BAR] + t->p.bar_per_warp * (b->nwarps - 1));
    uint64_t at = cycle + period;
    int short_release = t->p.bar_release > 0 && (t->p.bar_release_warps <= 0 || b->nwarps <= t->p.bar_release_warps);
    if (short_release) {
        /* the first load issues 6-8 cycles after the last arrival (1-8 warps), the next bar.sync the
         * period after the release before (probe_bar_release, mio15) */
        uint64_t soon = cycle + (uint64_t)ws_llround(t->p.bar_release);
        at = t->bar_last + period > soon ? t->bar_last + period : soon;
    }
    /* not before every warp's queued shared stores are written: after 64 stores of 32 wavefronts
     * in one warp, the other warps' loads past the bar.sync wait as long as its own (probe_stq2 s2) */
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        uint64_t drained = whole_cycle(t->ws[wi].stq_end);
        at = drained > at ? drained : at;
    }
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        if (!((t->bar_wait >> wi) & 1) || waits_at(&b->warps[wi], LANE_WAIT_BAR))
            continue;
        t->bar_wait &= ~(1u << wi);
        uint64_t mine = at + (short_release && t->p.bar_stagger > 0
                                  ? (uint64_t)ws_llround(t->p.bar_stagger * leaving_before(t, b->nwarps, wi))
                                  : 0);
        if (t->ws[wi].ready < mine)
            set_ready(t, wi, mine, WS_STALL_BARRIER);
    }
    t->bar_last = at;
    return 1;
}

/* Releases every complete bar.sync; its warps issue again bar + per_warp x (warps - 1) later.
 * Inline: most passes that issue have nothing to release. */
static inline int release_barriers(ws_timing *t, ws_block *b, uint64_t cycle)
{
    if (!t->bar_wait || !(t->bar_moved || t->slow)) /* nothing arrived or ended since: none completes */
        return 0;
    return release_complete(t, b, cycle);
}

/* settle's stall events, one a cycle from `from` to `to` (excluded): why before split, issue from
 * it on (out of line: only a listener needs them). */
static __attribute__((noinline)) void emit_stalls(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint32_t wi,
                                                  uint64_t from, uint64_t split, uint64_t to, int every)
{
    for (uint64_t c = from; c < to && (every || !L->stop); c++)
        emit_stall(L, b, &b->warps[wi], (t->has_pick >> wi) & 1 ? t->ws[wi].pick.pc : 0, c,
                   c < split ? (ws_stall_reason)t->why[wi] : WS_STALL_ISSUE, t->prod[wi]);
}

/* Charges warp wi's cycles from the first uncharged one to `to` (excluded) as the scheduling pass
 * that computed its when/why saw them: a cycle before `when` to why, a cycle from `when` on (it
 * could issue, another warp did) to issue. The figures change only in a scheduling pass (update),
 * so a warp is charged lazily, when they change or it issues; with stall events (eager) every
 * cycle as it passes, in the order the events are emitted. eager: t->eager, a constant in
 * run_passes' copies (the lazy ones test no listener). */
static inline void settle(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint32_t wi, uint64_t to, int every,
                          const int eager)
{
    uint64_t from = t->charged[wi];
    if (to <= from)
        return;
    t->charged[wi] = to;
    uint64_t split = t->when[wi] < from ? from : t->when[wi] > to ? to : t->when[wi];
    L->stats.stalls[t->why[wi]] += split - from;
    L->stats.stalls[WS_STALL_ISSUE] += to - split;
    if (eager && L->sim->cfg.on_event)
        emit_stalls(t, L, b, wi, from, split, to, every);
}

/* Eager charging: every live warp up to `to`, in warp order (the order of the stall events).
 * every: a stop (the trace's output limit) does not end the events of this cycle early. */
static void settle_all(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint64_t to, int every)
{
    for (uint32_t m = t->live; m; m &= m - 1)
        settle(t, L, b, (uint32_t)__builtin_ctz(m), to, every, t->eager);
}

/* Warp wi, just updated in a filed block without stall events (its `when` filed, charged to `cycle`): where its pick
 * takes one kind of slot below FMA (math_one), is on no other pipe (no shuffle, no shared access) and from now on waits
 * for nothing but that pipe (its figures the pipe's: why pipe, or a `when` come already), not far and not held by
 * schedule.xu_stall, it waits lazily (lazy_enter); else it is slotted where its pick takes a slot (retime_filed). */
static inline __attribute__((always_inline)) void lazy_file(ws_timing *t, uint32_t wi, const timing_info *f,
                                                            uint64_t when, ws_stall_reason why, uint64_t cycle)
{
    uint32_t bit = 1u << wi;
    unsigned c = f->checks & (CHECK_MATH | CHECK_PIPE | CHECK_XU);
    if (!c) /* no slot (slotted may keep its bit from the warp's last pick: retime_filed finds such a pick free) */
        return;
    if (c == CHECK_MATH && (why == WS_STALL_PIPE || when <= cycle) && when < cycle + WHEEL) {
        unsigned k = f->math_one < SLOT_FMA ? f->math_one : lazy_key_of(f);
        if (k != LAZY_NONE) {
            t->slotted &= ~bit;
            lazy_enter(t, wi, k, cycle, when);
            return;
        }
    }
    t->slotted = (t->slotted & ~bit) | (c & CHECK_MATH ? bit : 0);
}

/* Warp wi's when/why from this cycle on (its earlier cycles are charged with the old ones).
 * filed, eager: t->filed and t->eager, constants where it is inlined (run_passes). */
static inline __attribute__((always_inline)) void update(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi,
                                                         uint64_t cycle, const int filed, const int eager)
{
    settle(t, x->L, b, wi, cycle, 0, eager);
    uint32_t bit = 1u << wi;
    ws_warp *w = &b->warps[wi];
    ws_stall_reason why;
    uint64_t when;
    t->prod[wi] = UINT32_MAX;
    t->dirty &= ~bit;
    t->timed &= ~bit;
    if (t->has_pick & bit) {
        when = earliest(t, x, w, wi, &why, &t->prod[wi], eager, 0);
        if (filed && !eager)
            lazy_file(t, wi, t->ws[wi].f, when, why, cycle);
    } else if (t->ws[wi].ready > cycle) {
        when = t->ws[wi].ready; /* released from a barrier, not issuing yet */
        why = (ws_stall_reason)t->ws[wi].ready_why;
        t->timed |= bit;
    } else {
        when = UINT64_MAX;
        why = (t->blocked & bit) && !(eager && t->slow) ? (ws_stall_reason)t->ws[wi].blocked_why : blocked_reason(w);
    }
    if (filed)
        file_when(t, wi, when, cycle);
    else
        t->when[wi] = when;
    t->why[wi] = (uint8_t)why;
}

/* Warp wi's free mov at pc, its step done at `cycle` (pick_warp, issue_movs): the rest of its issue, no pipe
 * and no pick kept. The fetch and the shared window's stretches hear of it after the step (issue_common:
 * before): neither they nor the step read what the other writes. */
static inline __attribute__((always_inline)) void mov_issued(ws_timing *t, ws_exec *x, uint32_t wi, warp_state *s,
                                                             uint32_t pc, uint64_t cycle)
{
    const timing_info *f = &t->info[pc];
    if (t->hooks)
        issue_hooks(t, wi, pc, cycle);
    write_results(t, wi, f, &t->uses[pc], &x->L->code[pc], pc, cycle + (uint64_t)f->latency, 0);
    s->ready = mov_ready(s, cycle);
    s->ready_why = WS_STALL_ISSUE;
    s->sb_valid = s->mem_valid = 0;
}

/* Whether warp wi's pick f, a free mov, issues at once at `cycle` (pick_warp): when the warp is ready, and with
 * pipe.held_mov 1 while it waits out the issue hold of the instruction before it (issue_cycles: an f64 op's
 * pipe.f64, a half fma's, a MUFU's fix-ups; its ready cycle is its sub-partition's issue_at), the wait kept
 * (mov_issued, issue_common and issue keep the later ready cycle). A free mov is no SASS instruction (the LOP3 after a
 * DADD reads its register pair: probe_alu3.sass alu3_dadd_l), so it takes no cycle of the pass; kept as a pick until
 * the hold ends it issued in the pass and took the sub-partition's cycle there, one a step of a DADD and a LOP3 on the
 * pair's low half (docs/calibration.md "(f64r18)"). Not a mov with a latency (a hoisted one, WS_FOLD_HOIST). */
static inline int mov_now(const ws_timing *t, uint32_t wi, const timing_info *f, uint64_t cycle)
{
    uint64_t ready = t->ws[wi].ready;
    return ready <= cycle ||
           (t->held_mov && f->latency <= 0 && !f->rare && !f->shfl && ready == t->issue_at[t->sp_of[wi]]);
}

/* Warp wi picks its next group unless it has one or is blocked (bookkeeping steps cost nothing;
 * a free mov issues at once when it can). Unless every cycle is charged as it passes (eager), its
 * when/why are computed here too (update), not in the pass's loop over the changed warps: a pick
 * changes nothing another warp's figures read (a free mov holds no pipe), so the figures are those
 * that loop would compute, and without stall events the order of the charges does not show.
 * filed, eager: as for update. */
static inline __attribute__((always_inline)) void pick_warp(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi,
                                                            uint64_t cycle, const int filed, const int eager)
{
    const int slow = eager && t->slow; /* a constant 0 in run_passes' copies without eager */
    ws_warp *w = &b->warps[wi];
    warp_state *s = &t->ws[wi];
    x->w = w;
    x->regs = w->regs;
    int guard = filed || eager ? 0 : t->steps[wi]; /* issue_movs' steps for this pick loop */
    if (!filed && !eager)
        t->steps[wi] = 0;
    for (; !((t->has_pick >> wi) & 1) && guard < 4096; guard++) { /* until it keeps a pick */
        int r = ws_warp_pick(x, w, &s->pick);
        if (eager) /* else update() below, which clears it */
            t->dirty |= 1u << wi;
        if (r == WS_PICK_EXEC && t->sched.order) /* ptxas's order: the instruction at the group's position */
            ws_schedule_pick(&t->sched, w, &s->pick, &s->seg);
        if (r == WS_PICK_EXEC && !slow && t->info[s->pick.pc].free_mov && !t->info[s->pick.pc].rare &&
            !t->info[s->pick.pc].shfl && mov_now(t, wi, &t->info[s->pick.pc], cycle)) {
            /* a free mov issues at once (below), through issue_common's steps for it: no pipe, no pick kept */
            const ws_pick pk = s->pick;
            b->cycle = cycle;
            if (!(t->step_ok && !pk.merged ? ws_warp_issue_decoded(x, w, &pk) : ws_warp_issue_step(x, w, &pk)))
                ws_warp_issue(x, w, &pk);
            mov_issued(t, x, wi, s, pk.pc, cycle);
            x->w = w;
            x->regs = w->regs;
            continue;
        }
        if (r == WS_PICK_EXEC) {
            t->has_pick |= 1u << wi;
            s->sb_valid = s->mem_valid = 0;
            timing_info tmp;
            const timing_info *f = slow ? info_of(t, x->L, s->pick.pc, &tmp) : &t->info[s->pick.pc];
            s->f = slow ? NULL : f; /* --slow-path timing: computed where they are used */
            s->u = slow ? NULL : &t->uses[s->pick.pc];
            if (f->shfl || (f->memory && access_of(t, x, w, wi)->c.shared))
                t->on_pipe |= 1u << wi;
            if (filed && f->shfl && !f->memory)
                t->on_shfl |= 1u << wi;
            if (f->free_mov && mov_now(t, wi, f, cycle)) {
                /* no slot, no wait for its source: pick the next one */
                issue_any(t, x, b, wi, cycle, issues_common(t, wi, eager), filed && !eager);
                x->w = w;
                x->regs = w->regs;
            }
        } else if (r == WS_PICK_BLOCKED) {
            /* nothing of it runs until a barrier releases (release_barriers, resolve_stuck) */
            t->blocked |= 1u << wi;
            s->blocked_why = (uint8_t)blocked_reason(w);
            break;
        }
    }
    if (!eager)
        update(t, x, b, wi, cycle, filed, eager);
}

/* In a block of lone warps (at most one a sub-partition), unfiled and without stall events: warp wi
 * issued a common instruction (not timing_info.rare) in the pass before `cycle`, and the pass at
 * `cycle` would pick its next group first thing. Where that pick is the converged warp's next
 * position and neither a free mov (which issues at its pick) nor rare, it is made now, with its
 * figures (update at `cycle`): what they read is the warp's own (its registers' ready cycles, its
 * ready cycle, its sub-partition's MIO pipe, which no other warp moves; a shared access, which
 * reads the block's pipe, is rare); the pass at `cycle` then has no pick to make for it. Anything
 * else is left to that pass. */
static inline __attribute__((always_inline)) int pick_made(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle,
                                                           ws_warp *w, warp_state *s)
{
    uint32_t bit = 1u << wi;
    ws_pick pk = {.pc = w->cpc, .group = w->live, .next = w->cpc + 1, .merged = 0};
    if (t->sched.order) /* the same state whether this pick is kept or made again by the pass */
        ws_schedule_pick(&t->sched, w, &pk, &s->seg);
    const timing_info *f = &t->info[pk.pc];
    if (f->rare || f->free_mov) {
        if (f->rare || f->shfl)
            return 0;
        s->pick = pk; /* a free mov, for issue_movs (not a pick: has_pick stays clear) */
        return 1;
    }
    s->pick = pk;
    t->has_pick |= bit;
    s->sb_valid = s->mem_valid = 0;
    s->f = f;
    s->u = &t->uses[pk.pc];
    if (f->shfl)
        t->on_pipe |= bit;
    /* update(), but for its settle: the warp's cycles are charged to `cycle` (issue_in_pass) */
    ws_stall_reason why;
    t->dirty &= ~bit;
    t->timed &= ~bit;
    t->when[wi] = earliest(t, x, w, wi, &why, &t->prod[wi], 0, 1);
    t->why[wi] = (uint8_t)why;
    return 0;
}

/* pick_made out of line: a plan's recording (plan_slow). */
static __attribute__((noinline)) int pick_recorded(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle, ws_warp *w,
                                                   warp_state *s)
{
    return pick_made(t, x, wi, cycle, w, s);
}

/* Warp wi's pick at plan entry e, its plan entered at c0: what pick_made would make (plan_pick). */
static inline __attribute__((always_inline)) int plan_replay(ws_timing *t, uint32_t wi, ws_warp *w, warp_state *s,
                                                             const plan_entry *e, uint32_t pos, uint64_t c0)
{
    s->pick = (ws_pick){.pc = e->pc, .group = w->live, .next = pos + 1, .merged = 0};
    if (e->ret)
        return 1;
    uint32_t bit = 1u << wi;
    t->has_pick |= bit;
    s->mem_valid = 0;
    const timing_info *f = &t->info[e->pc];
    s->f = f;
    s->u = &t->uses[e->pc];
    if (f->shfl)
        t->on_pipe |= bit;
    t->dirty &= ~bit;
    t->timed &= ~bit;
    s->sb_when = c0 + (uint64_t)e->sb_when;
    s->sb_why = e->sb_why;
    s->sb_prod = e->sb_prod;
    s->sb_valid = 1;
    t->when[wi] = c0 + (uint64_t)e->when;
    t->why[wi] = e->why;
    t->prod[wi] = e->prod;
    return 0;
}

/* Warp wi follows no plan from here: a recording it made ends (finished or not), a plan it replayed has
 * one user fewer. */
static void plan_leave(ws_timing *t, uint32_t wi)
{
    plan_seg *g = &t->plan_s[t->plan_seg_of[wi]];
    if (t->plan_rec[wi])
        g->recorder = 0;
    else
        g->users--;
    t->plan_rec[wi] = 0;
    t->plan_pos[wi] = UINT32_MAX;
}

/* Whether every line of the segment's positions from..end (ptxas's order) has arrived by `cycle` (ifetch.h):
 * then no pick of the segment at `cycle` or later waits for its fetch (earliest's test reads a line's arrival
 * without a side effect once it is requested), in the recording as in a replay, and the plan holds while the
 * fetch model is live (a process's first launch, whose later lines the streams still bring in). */
static int code_there(const ws_timing *t, plan_seg *g, uint32_t from, uint64_t cycle)
{
    if (g->code_gen == t->gen) /* a requested line's arrival does not move (ifetch.c): kept for the block */
        return g->code_at <= cycle;
    const ws_ifetch *f = &t->ifetch;
    uint64_t at = 0;
    for (uint32_t q = from; q < g->end; q++) {
        uint32_t pc = t->sched.order[q];
        uint32_t line = pc < f->ninsns ? f->line_of[pc] : f->nlines;
        if (line >= f->nlines || f->ready[line] == UINT64_MAX) /* not requested yet */
            return 0;
        at = f->ready[line] > at ? f->ready[line] : at;
    }
    g->code_gen = t->gen;
    g->code_at = at;
    return at <= cycle;
}

/* Whether warp wi, about to pick at the first position pos of a plannable segment at `cycle`, has the key
 * of the segment's plan (store: writes it as the key instead). Its cycles are relative to `cycle`; a
 * register ready PLAN_OLD or more cycles before reads as any earlier one (earliest's feeds are below
 * PLAN_OLD and every figure of the segment is at `cycle` or later); NULL-free: -1 where the warp's state is
 * not one a plan covers (the segment's code not all there, queued stores a shuffle would wait for, a ready
 * cycle before `cycle`, a MIO pipe cycle that is not exact relative to it, too early in the block). */
static int plan_key(ws_timing *t, uint32_t wi, warp_state *s, plan_seg *g, uint64_t cycle, int store)
{
    if (cycle < 2 * PLAN_OLD || s->ready < cycle || t->stq_count[wi] > t->shfl_waits_from)
        return -1;
    if (t->ifetch.live && !code_there(t, g, (uint32_t)(g - t->plan_s), cycle))
        return -1;
    unsigned sp = t->sp_of[wi];
    double mio = t->mio_free[sp], rel = mio > (double)cycle ? mio - (double)cycle : 0;
    if (rel > 0 && ((double)cycle + rel != mio || rel * 1024 >= 1e9 || (double)(int64_t)(rel * 1024) != rel * 1024))
        return -1;
    const uint64_t *at = t->math_at[sp];
    int64_t alu = at[SLOT_ALU] > cycle ? (int64_t)(at[SLOT_ALU] - cycle) : 0;
    int64_t imad = at[SLOT_IMAD] > cycle ? (int64_t)(at[SLOT_IMAD] - cycle) : 0;
    int64_t xu = at[SLOT_XU] > cycle ? (int64_t)(at[SLOT_XU] - cycle) : 0;
    int64_t xu_at = t->xu_used && t->xu_at[wi] > cycle ? (int64_t)(t->xu_at[wi] - cycle) : 0;
    uint8_t xu_left = t->xu_used && t->xu_left[wi] > 1 ? t->xu_left[wi] : 0; /* 0, 1: none left, nothing else read */
    int64_t xu_ready = xu_left ? (int64_t)(t->xu_ready[wi] - cycle) : 0;
    uint32_t xu_pc = xu_left ? t->xu_pc[wi] : 0;
    /* a late reader's cycle bounds the xu_at of a later instruction (xu_late) while it is within the spacing of now */
    int64_t late_due = t->late_due[wi] > cycle ? (int64_t)(t->late_due[wi] - cycle) : INT64_MIN;
    int64_t late_wait = t->late_wait[wi] > cycle ? (int64_t)(t->late_wait[wi] - cycle) : INT64_MIN;
    const uint64_t *rr = s->rr;
    const uint32_t *rp = s->rp;
    if (store) {
        g->ready = (int64_t)(s->ready - cycle);
        g->ready_why = s->ready_why;
        g->mio = rel;
        g->alu = alu;
        g->imad = imad;
        g->xu = xu;
        g->xu_at = xu_at;
        g->xu_left = xu_left;
        g->xu_ready = xu_ready;
        g->xu_pc = xu_pc;
        g->late_due = late_due;
        g->late_wait = late_wait;
    } else if (g->ready != (int64_t)(s->ready - cycle) || g->ready_why != s->ready_why || g->mio != rel ||
               g->alu != alu || g->imad != imad || g->xu != xu || g->xu_at != xu_at || g->xu_left != xu_left ||
               g->xu_ready != xu_ready || g->xu_pc != xu_pc || g->late_due != late_due || g->late_wait != late_wait)
        return 0;
    for (uint32_t i = 0; i < g->nin; i++) {
        uint32_t r = t->plan_in[g->in + i];
        int64_t d = rr[r] + PLAN_OLD > cycle ? (int64_t)(rr[r] - cycle) : -PLAN_OLD;
        if (store) {
            t->plan_krr[g->in + i] = d;
            t->plan_krp[g->in + i] = rp[r];
        } else if (t->plan_krr[g->in + i] != d || t->plan_krp[g->in + i] != rp[r])
            return 0;
    }
    return 1;
}

/* plan_pick's cases but the replay of a running plan: a plan that does not match (its recording stops),
 * a plan's recording, a plan's entry. -1: pick_made to make the pick. */
static __attribute__((noinline)) int plan_slow(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle, ws_warp *w,
                                               warp_state *s)
{
    uint32_t pos = w->cpc;
    if (t->plan_pos[wi] != UINT32_MAX) {
        plan_seg *g = &t->plan_s[t->plan_seg_of[wi]];
        if (t->plan_rec[wi] && pos == t->plan_pos[wi]) { /* the pick, made and written down */
            uint64_t c0 = t->plan_c0[wi];
            plan_entry *e = &t->plan_e[pos];
            e->at = (int64_t)(cycle - c0);
            e->ready = (int64_t)(s->ready - c0);
            int r = pick_recorded(t, x, wi, cycle, w, s);
            e->ret = (uint8_t)r;
            e->pc = s->pick.pc;
            e->last = pos + 1 == g->end;
            int kept = r || ((t->has_pick >> wi) & 1 && t->when[wi] != UINT64_MAX);
            if (!r && kept) {
                e->when = (int64_t)(t->when[wi] - c0);
                e->why = t->why[wi];
                e->prod = t->prod[wi];
                e->sb_when = (int64_t)(s->sb_when - c0);
                e->sb_why = s->sb_why;
                e->sb_prod = s->sb_prod;
            }
            if (!kept || pos + 1 == g->end) {
                g->complete = kept;
                plan_leave(t, wi);
            } else
                t->plan_pos[wi] = pos + 1;
            return r;
        }
        plan_leave(t, wi); /* it left the plan's course: a recording ends, unfinished */
    }
    plan_seg *g = &t->plan_s[pos];
    if (!g->ok)
        return -1;
    if (g->complete && plan_key(t, wi, s, g, cycle, 0) == 1) {
        const plan_entry *e = &t->plan_e[pos];
        if (e->at != 0 || e->ready != (int64_t)(s->ready - cycle))
            return -1;
        if (t->sched.warp_wide[pos]) /* ws_schedule_pick's entry of the segment, converged */
            s->seg = pos;
        t->plan_c0[wi] = cycle;
        t->plan_seg_of[wi] = pos;
        t->plan_pos[wi] = pos + 1 == g->end ? UINT32_MAX : pos + 1;
        g->users += !e->last;
        return plan_replay(t, wi, w, s, e, pos, cycle);
    }
    if (g->recorder || g->users || plan_key(t, wi, s, g, cycle, 1) != 1)
        return -1;
    g->complete = 0;
    g->recorder = wi + 1;
    t->plan_rec[wi] = 1;
    t->plan_c0[wi] = cycle;
    t->plan_seg_of[wi] = pos;
    t->plan_pos[wi] = pos;
    return plan_slow(t, x, wi, cycle, w, s);
}

/* In a block of lone warps without stall events (t->plans), warp wi's pick by its segment's plan where it
 * follows one: the pick at each position, and its figures, are those recorded for a warp that entered the
 * segment with the same key, as long as each pick comes at the recorded cycle with the recorded ready
 * cycle (what the figures read is then the same relative to the entry: the warp's own registers, ready
 * cycle and MIO pipe, which no other warp moves). -1: pick_made. */
static inline __attribute__((always_inline)) int plan_pick(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle,
                                                           ws_warp *w, warp_state *s)
{
    uint32_t pos = w->cpc;
    if (t->plan_pos[wi] == pos && !t->plan_rec[wi]) {
        const plan_entry *e = &t->plan_e[pos];
        uint64_t c0 = t->plan_c0[wi];
        if (cycle - c0 == (uint64_t)e->at && s->ready - c0 == (uint64_t)e->ready) {
            t->plan_pos[wi] = pos + 1;
            if (e->last) {
                t->plan_pos[wi] = UINT32_MAX;
                t->plan_s[t->plan_seg_of[wi]].users--;
            }
            return plan_replay(t, wi, w, s, e, pos, c0);
        }
    }
    if (t->plan_pos[wi] == UINT32_MAX && !t->plan_s[pos].ok)
        return -1;
    return plan_slow(t, x, wi, cycle, w, s);
}

/* pick_early: by the warp's plan where it has one (plan_pick), else made (pick_made). */
static inline __attribute__((always_inline)) int pick_early(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle,
                                                            ws_warp *w, warp_state *s)
{
    if (!w->converged || w->nreconv || w->cpc >= t->ninfo || (t->bar_wait & (1u << wi)))
        return 0; /* not ws_warp_pick's inline case */
    if (__builtin_expect(t->plans, 0)) {
        int r = plan_pick(t, x, wi, cycle, w, s);
        if (r >= 0)
            return r;
    }
    return pick_made(t, x, wi, cycle, w, s);
}

/* In a block of lone warps without stall events, after the pass at `cycle` - 1 issued and nothing
 * stopped: warp wi's next instruction is a free mov (pick_early found it, in s->pick), which the pass
 * at `cycle` would issue first thing at its pick (pick_warp: a free mov whose warp is ready issues at
 * once), then pick on. Issued here, with pick_early after each, as that pass would: what they change
 * is the warp's own (its registers and their ready cycles, its position, the counts), the warps
 * after it in this loop are taken in the same order as that pass's picks, and the fetch and the
 * shared window's stretches are told in the same order. Where that pass might not issue it, it is
 * left to the pass: the instruction limit within reach (the pass at `cycle` - 1 must not stop for a
 * mov issued here: the pass's own check comes after this), a step that does not take it (the pass
 * issues it through the executor chain), or the pick loop's 4096 steps (t->steps, which pick_warp
 * counts on from). */
static __attribute__((noinline)) void issue_movs(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi, uint64_t cycle)
{
    ws_warp *w = &b->warps[wi];
    warp_state *s = &t->ws[wi];
    x->w = w;
    x->regs = w->regs;
    uint32_t n = 0; /* t->steps[wi] is 0 here: the warp kept a pick before its issue */
    while (n < 4096 && ws_work_left(x->L) > 1) {
        const ws_pick pk = s->pick;
        b->cycle = cycle;
        if (!ws_warp_issue_decoded(x, w, &pk)) /* nothing done: the pass issues it */
            break;
        mov_issued(t, x, wi, s, pk.pc, cycle);
        n++;
        if (!pick_early(t, x, wi, cycle, w, s))
            break;
    }
    t->steps[wi] = (uint16_t)((t->has_pick >> wi) & 1 ? 0 : n); /* kept a pick: its next loop starts afresh */
}

/* Warp wi issues in the pass at `cycle`: its cycles before are charged, this one is not a stall. */
static inline __attribute__((always_inline)) void issue_in_pass(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi,
                                                                uint64_t cycle, const int eager, const int common,
                                                                const int lazy)
{
    settle(t, x->L, b, wi, cycle, 0, eager);
    t->charged[wi] = cycle + 1;
    issue_any(t, x, b, wi, cycle, common, lazy);
}

/* The warp of sub-partition sp that issues among `ready`: loose round robin, the search starts
 * after the warp that issued last there (warps sp, sp + nsp, sp + 2 nsp, ...; rr_first, from
 * rr_after of the warp that issued, computed once per block: no division per pass). With pick.pipe,
 * where that warp's pick is an FMA-pipe one (FFMA, FADD, FMUL) and another's takes the IMAD pipe, the
 * round robin's next of those goes instead: at the cycle the IMAD pipe frees the H200 issues a warp's
 * IMAD, not another's FFMA, so the pipe of 2 cycles a slot never idles (probe_alu3 fma_m, fadd_m,
 * fmul_m, h2f_f at 8 and 32 warps: 2.08 cycles a step, 2.5 with the round robin alone). Only before
 * an FMA-pipe pick: before an ALU one it took CUB's integer regions 5 points faster (docs/calibration.md
 * "(pick18)"). With pick.group, only the highest group of slots with a ready warp takes part (rr_reset: the H200 ends
 * a sub-partition's slots 4-7 first with 8 warps there, docs/calibration.md "(f32w24)"). */
static __attribute__((noinline)) int pick_imad(ws_timing *t, ws_launch_ctx *L, uint32_t mine, uint32_t after, int wi);

static inline int rr_pick(ws_timing *t, ws_launch_ctx *L, uint32_t ready, unsigned sp, uint64_t cycle)
{
    uint32_t mine = t->sp_warps[sp] & ready;
    if (!mine)
        return -1;
    if (t->ngroups > 1) /* pick.group: the highest group of slots with a ready warp */
        for (uint32_t g = 0; g < t->ngroups; g++)
            if (mine & t->group_mask[g]) {
                mine &= t->group_mask[g];
                break;
            }
    uint32_t first = t->rr_first[sp % 64];
    uint32_t after = first < 32 ? mine & (~0u << first) : 0;
    int wi = __builtin_ctz(after ? after : mine);
    /* pick.pipe: only before an FMA-pipe pick, with the IMAD pipe free (else no ready warp's pick takes it: its
     * `when` waits for the pipe, math_free) */
    if (!t->pick_pipe || !(mine & (mine - 1)) || t->math_at[sp % 64][SLOT_IMAD] > cycle ||
        !(t->ws[wi].f ? t->ws[wi].f->fma_pipe : is_fma_pipe(&L->code[t->ws[wi].pick.pc])))
        return wi;
    return pick_imad(t, L, mine, after, wi);
}

/* rr_pick's choice wi of `mine` (after: those after rr_first), an FMA-pipe pick, with pick.pipe: the round robin's
 * next IMAD-pipe warp's instead where there is one. Apart, so that the round robin stays inlined in run_passes. */
static int pick_imad(ws_timing *t, ws_launch_ctx *L, uint32_t mine, uint32_t after, int wi)
{
    uint32_t imad = 0;
    for (uint32_t m = mine; m; m &= m - 1) {
        uint32_t wj = (uint32_t)__builtin_ctz(m);
        timing_info tmp;
        const timing_info *f = t->ws[wj].f ? t->ws[wj].f : info_of(t, L, t->ws[wj].pick.pc, &tmp);
        if (f->slots[SLOT_IMAD])
            imad |= m & -m;
    }
    after &= imad;
    return imad ? __builtin_ctz(after ? after : imad) : wi;
}

/* The round robin's state at the start of a block: each sub-partition's search starts at its
 * first warp; after warp wi issues, at the next warp of its sub-partition (wrapping round). */
static void rr_reset(ws_timing *t, unsigned nsp, uint32_t nwarps)
{
    for (unsigned sp = 0; sp < 64; sp++)
        t->rr_first[sp] = sp;
    for (uint32_t wi = 0; wi < nwarps && wi < 32; wi++) {
        uint32_t sp = wi % nsp, nmine = (nwarps - sp + nsp - 1) / nsp;
        t->rr_after[wi] = sp + (wi / nsp + 1) % nmine * nsp;
    }
    /* pick.group: warp wi is slot wi / nsp of its sub-partition, in group slot / n; group_mask[0] the highest */
    uint32_t n = t->p.pick_group >= 1 ? (uint32_t)ws_llround(t->p.pick_group) : 0, nw = nwarps < 32 ? nwarps : 32;
    uint32_t slots = (nw + nsp - 1) / nsp;
    t->ngroups = n ? (slots + n - 1) / n : 0;
    memset(t->group_mask, 0, sizeof t->group_mask);
    for (uint32_t wi = 0; n && wi < nw; wi++)
        t->group_mask[t->ngroups - 1 - wi / nsp / n] |= 1u << wi;
}

/* Unfiled warps: those whose ready cycle (when) has come by `cycle`, and, when next is not NULL (a
 * constant where it is inlined), in *next the first ready cycle of any (UINT64_MAX: none; a warp
 * not live waits for UINT64_MAX). */
static inline __attribute__((always_inline)) uint32_t ready_by(const ws_timing *t, uint32_t nwarps, uint64_t cycle,
                                                               uint64_t *next)
{
    uint32_t ready = 0;
    uint64_t first = UINT64_MAX;
    if (nwarps <= 4) { /* a block of up to 4 warps (lone warps on sm_90): no loop; the rest wait for UINT64_MAX */
        const uint64_t *w = t->when;
        uint64_t a = w[0] < w[1] ? w[0] : w[1], c = w[2] < w[3] ? w[2] : w[3];
        first = a < c ? a : c;
        ready = (uint32_t)(w[0] <= cycle) | (uint32_t)(w[1] <= cycle) << 1 | (uint32_t)(w[2] <= cycle) << 2 |
                (uint32_t)(w[3] <= cycle) << 3;
    } else
        for (uint32_t wi = 0; wi < nwarps; wi++) {
            first = t->when[wi] < first ? t->when[wi] : first;
            ready |= (uint32_t)(t->when[wi] <= cycle) << wi;
        }
    if (next)
        *next = first;
    return ready;
}

/* A block of lone warps without stall events, in the pass at `cycle` after its picks: the pass
 * updates nobody (every live warp has its pick or is blocked, so none waits for its ready cycle
 * without one, and none changed) and does not stop (nothing stopped, a warp is live, the cycle
 * limit is not reached at `cycle`), so it only finds the warps whose `when` has come, or jumps to
 * the first cycle one has (lone warps that picked early at their issue, or whose pick was a free
 * mov: most passes of reduce_loop). */
static inline int quiet_pass(const ws_timing *t, const ws_launch_ctx *L, uint64_t max_cycles, uint64_t cycle)
{
    return !(t->live & ~(t->has_pick | t->blocked)) && !(t->dirty & t->live) && t->live && !L->stop &&
           !(max_cycles && cycle >= max_cycles);
}

/* The block's scheduling passes, from cycle 0 until it ends or stops; returns the last cycle,
 * *charged_to the cycles charged to every live warp. filed, eager: t->filed and t->eager, constants
 * in each of the calls, so that each copy has only its own way to find the warps that can
 * issue and to charge stalls, and the copies without eager none of --slow-path timing's tests;
 * lone_k: 1 or 0 where the block is known to be of lone warps or not (the unfiled copies without
 * eager: each has only its own issue loop), 2 where the copy finds out (the eager copies). */
static inline __attribute__((always_inline)) uint64_t run_passes(ws_launch_ctx *L, ws_block *b, ws_exec *x,
                                                                 const int filed, const int eager, const int lone_k,
                                                                 uint64_t *charged_to)
{
    ws_timing *t = L->timing;
    uint64_t max_cycles = L->sim->cfg.max_cycles;
    unsigned nsp = t->p.subpartitions;
    uint64_t cycle = 0;
    const int slow = eager && t->slow; /* --slow-path timing makes every copy eager */
    uint64_t next_event = UINT64_MAX;
    uint32_t ready = 0;
    int jumped = 0; /* the pass jumped to this cycle with nothing to pick or update: ready as computed there */
    /* each warp alone on its sub-partition (warp wi on wi) */
    const int lone = lone_k == 2 ? !filed && b->nwarps <= nsp : lone_k;
    for (;;) {
        if (!jumped) {
            /* every live warp without a group picks one (in warp order: a free mov issues at once);
             * the warps whose figures changed (a new pick, a release, the shared pipe moved, a wait
             * that ended) compute when they could issue and why not before; the others keep theirs */
            if (filed) /* before any warp is filed in this pass */
                wake_near(t, cycle);
            uint32_t todo = slow ? t->live : t->live & ~(t->has_pick | t->blocked);
            for (uint32_t m = todo; m && !L->stop; m &= m - 1)
                pick_warp(t, x, b, (uint32_t)__builtin_ctz(m), cycle, filed, eager);
            if (lone && !eager && quiet_pass(t, L, max_cycles, cycle)) {
                /* nobody to update, no stop: the warps that can issue now, else the jump to the first
                 * cycle one can and its ready warps, as the rest of the pass and its jump find them */
                ready = ready_by(t, b->nwarps, cycle, &next_event);
                if (next_event != UINT64_MAX) {
                    if (next_event > cycle) {
                        cycle = next_event;
                        ready = ready_by(t, b->nwarps, cycle, NULL);
                    }
                    jumped = 1;
                    continue;
                }
            }
            uint32_t due = 0;
            for (uint32_t m = t->timed; m; m &= m - 1)
                due |= t->when[__builtin_ctz(m)] <= cycle ? m & -m : 0;
            todo = slow ? t->live : (t->dirty | due) & t->live;
            if (filed && !eager && (todo & t->lazy)) /* lazy warps made dirty (ws_timing.lazy) */
                lazy_leave_bits(t, todo, cycle);
            for (uint32_t m = todo; m && !L->stop; m &= m - 1)
                update(t, x, b, (uint32_t)__builtin_ctz(m), cycle, filed, eager);
            /* the warps that can issue now; else the first cycle one can (warps not live wait for
             * UINT64_MAX) */
            if (filed) {
                if (t->far_from <= cycle || !t->can_issue)
                    wake_far(t, cycle); /* far_from exact when no warp can issue */
                ready = t->can_issue;
                next_event = ready ? cycle : next_filed(t, cycle);
            } else
                ready = ready_by(t, b->nwarps, cycle, &next_event);
        }
        jumped = 0;
        *charged_to = cycle;
        if (L->stop || !t->live)
            break;
        if (max_cycles && cycle >= max_cycles) {
            ws_launch_stop(L, WS_ERR_LIMIT,
                           "cycle limit reached: %" PRIu64 " cycles, in block %u; raise it with --max-cycles",
                           max_cycles, b->id);
            break;
        }
        if (next_event == UINT64_MAX) {
            /* nothing can ever issue: a complete barrier releases, else the fallbacks */
            if (!release_barriers(t, b, cycle)) {
                if (!ws_block_resolve_stuck(b, x)) {
                    ws_launch_stop(L, WS_ERR_INTERNAL, "block %u: no lane can run and nothing waits", b->id);
                    break;
                }
                t->blocked = 0;
                t->dirty = t->live;
                t->bar_moved = 1; /* a forced release leaves the barriers after the first as they were */
            }
            if (eager)
                settle_all(t, L, b, cycle + 1, 0);
            cycle++;
            continue;
        }
        if (next_event > cycle) {
            /* nobody can issue before next_event: the cycles between are charged as they are */
            if (eager)
                settle_all(t, L, b, next_event, 0);
            cycle = next_event;
            if (!filed && !eager) {
                /* the pass at next_event would pick and update nobody unless a warp lacks a pick
                 * (its pick ran out of steps), a warp waits for its ready cycle (timed) and it has
                 * come, or a warp changed (dirty: nothing but a pass's picks and updates ran since
                 * they cleared it); else its ready warps are those whose `when` has come, and
                 * next_event stays */
                ready = ready_by(t, b->nwarps, cycle, NULL);
                jumped = !(t->live & ~(t->has_pick | t->blocked)) && !(t->dirty & t->live) && !(t->timed & ready);
            }
            continue; /* else pick again: released warps may have a group now */
        }
        /* each sub-partition issues one ready warp, loose round robin (the figures are the pass's:
         * an access issued here delays the others' from the next cycle on) */
        ready &= t->has_pick;
        if (lone) {
            /* every ready warp issues, in the sub-partitions' order, and the round robin has nothing
             * to choose (rr_after[wi] is wi's own sub-partition, so rr_first does not move) */
            uint32_t movs = 0; /* warps whose next instruction is a free mov (pick_early) */
            for (uint32_t m = ready; m && !L->stop; m &= m - 1) {
                uint32_t wi = (uint32_t)__builtin_ctz(m);
                const int common = issues_common(t, wi, eager);
                if (!eager && common) { /* then its next pick (pick_early), after a stop too: the block ends
                                         * with every cycle to cycle + 1 charged */
                    settle(t, L, b, wi, cycle, 0, eager); /* issue_in_pass */
                    t->charged[wi] = cycle + 1;
                    movs |= (uint32_t)issue_common(t, x, b, wi, cycle, 1, 0) << wi;
                } else
                    issue_in_pass(t, x, b, wi, cycle, eager, common, 0);
            }
            if (!eager && t->step_ok) /* the next pass's first issues (issue_movs), in its picks' order */
                for (uint32_t m = movs; m && !L->stop; m &= m - 1)
                    issue_movs(t, x, b, (uint32_t)__builtin_ctz(m), cycle + 1);
        } else
            for (unsigned sp = 0; sp < nsp && !L->stop; sp++) {
                int wi = filed || b->nwarps > sp ? rr_pick(t, L, t->young ? young_ready(t, ready, sp) : ready, sp, cycle)
                                                 : -1; /* filed: more than 2 warps a sp */
                if (wi < 0)
                    continue;
                if (t->issue_at[sp] > cycle) /* held by an instruction before (issue_cycles) */
                    continue;
                if (t->young)
                    young_mark(t, sp, (uint32_t)wi);
                if (filed && !eager && ((t->lazy >> wi) & 1)) /* its lazy wait charged (ws_timing.lazy) */
                    lazy_issue(t, (uint32_t)wi, cycle);
                issue_in_pass(t, x, b, (uint32_t)wi, cycle, eager, issues_common(t, (uint32_t)wi, eager),
                              filed && !eager);
                t->rr_first[sp % 64] = t->rr_after[wi];
            }
        /* the live warps that did not issue this cycle */
        if (eager)
            settle_all(t, L, b, cycle + 1, 1);
        *charged_to = cycle + 1;
        if (!ws_work_left(L)) {
            ws_limit_stop(L, LIMIT_WORK, b->id);
            break;
        }
        release_barriers(t, b, cycle);
        cycle++;
    }
    return cycle;
}

/* Each copy of run_passes a function of its own (its registers allocated for it alone). */
static __attribute__((noinline)) uint64_t run_passes_filed(ws_launch_ctx *L, ws_block *b, ws_exec *x, uint64_t *to)
{
    return run_passes(L, b, x, 1, 0, 0, to);
}
static __attribute__((noinline)) uint64_t run_passes_unfiled(ws_launch_ctx *L, ws_block *b, ws_exec *x, uint64_t *to)
{
    return run_passes(L, b, x, 0, 0, 0, to);
}
static __attribute__((noinline)) uint64_t run_passes_lone(ws_launch_ctx *L, ws_block *b, ws_exec *x, uint64_t *to)
{
    return run_passes(L, b, x, 0, 0, 1, to);
}
static __attribute__((noinline)) uint64_t run_passes_filed_eager(ws_launch_ctx *L, ws_block *b, ws_exec *x, uint64_t *to)
{
    return run_passes(L, b, x, 1, 1, 0, to);
}
static __attribute__((noinline)) uint64_t run_passes_unfiled_eager(ws_launch_ctx *L, ws_block *b, ws_exec *x, uint64_t *to)
{
    return run_passes(L, b, x, 0, 1, 2, to);
}

/* A process's first launch starts a block's warps in groups of 4, start.warp cycles apart within a
 * group, the last group first and each earlier one later (mio17, probe_start launch 0: 8 warps 7 9
 * 11 13 0 2 4 6 in 102 of 132 SMs, 16 warps groups at 11 9 7 0 the commonest; 32 warps, start32: in
 * 50 of 132 one group first and the others from the highest down at 7 9 11 13 15 18 22, the kind the
 * H200's BlockReduce raking<int, 1024> and BlockScan<int, 1024> timelines show, tl26); a later
 * launch's warps start 2 cycles apart in warp order (launches 1-24), which the sub-partitions' round
 * robin gives already. Before its start a warp waits as for its fetch (issue). */
static void cold_start(ws_timing *t, uint32_t nwarps)
{
    uint32_t groups = (nwarps + 3) / 4;
    for (uint32_t wi = 0; wi < nwarps && wi < 32; wi++) {
        uint32_t later = groups - 1 - wi / 4; /* groups that start before its own */
        double at = (wi % 4) * t->p.start_warp + (later ? t->p.start_group + (later - 1) * t->p.start_group_next : 0);
        uint64_t ready = (uint64_t)ws_llround(at);
        if (ready)
            set_ready(t, wi, ready, WS_STALL_ISSUE);
    }
}

void ws_timing_run_block(ws_launch_ctx *L, ws_block *b, ws_exec *x)
{
    ws_timing *t = L->timing;
    if (t->cga_used) /* the warps' reads of the base (no instruction asks for them otherwise) */
        ws_cga_reset(&t->cga);
    t->imc_at = 0;
    memset(t->bar_at, 0, sizeof t->bar_at);
    t->bar_last = 0;
    memset(t->reg_ready, 0, (size_t)t->nwarps * t->nregs * sizeof *t->reg_ready);
    if (t->stq_read)
        memset(t->stq_read, 0, (size_t)t->nwarps * t->stq_regs.nslots * sizeof *t->stq_read);
    for (uint32_t wi = 0; wi < t->nwarps; wi++) { /* t->mem is read only while mem_valid */
        warp_state *s = &t->ws[wi];
        s->pick = (ws_pick){0};
        s->ready = s->sb_when = 0;
        s->ready_why = s->blocked_why = s->sb_valid = s->mem_valid = s->sb_why = 0;
        s->sb_prod = 0;
        s->seg = UINT32_MAX;
        s->stq_end = 0;
        s->stq_moved = 0;
        t->stq_count[wi] = 0;
    }
    t->live = t->has_pick = t->blocked = t->bar_wait = t->on_pipe = t->on_shfl = t->timed = t->lazy = 0;
    memset(t->steps, 0, sizeof t->steps);
    t->bar_moved = 1;
    t->can_issue = t->far = 0; /* lazy: none since the last block's end (lazy_leave_bits) */
    memset(t->wheel, 0, sizeof t->wheel);
    t->wheel_used = 0;
    t->far_from = UINT64_MAX;
    t->woke = 0;
    unsigned nsp = t->p.subpartitions;
    t->filed = !t->slow && b->nwarps > 2 * nsp;
    memset(t->sp_warps, 0, sizeof t->sp_warps);
    for (uint32_t wi = 0; wi < 32; wi++) {
        t->when[wi] = UINT64_MAX;
        if (wi < b->nwarps && wi % nsp < 32)
            t->sp_warps[wi % nsp] |= 1u << wi;
    }
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        t->live |= b->warps[wi].live ? 1u << wi : 0;
        t->when[wi] = UINT64_MAX;
        t->charged[wi] = 0;
        t->why[wi] = WS_STALL_ISSUE;
        t->prod[wi] = UINT32_MAX;
    }
    t->dirty = t->live;
    if (!t->code_warm && t->p.start_warps > 0 && b->nwarps <= t->p.start_warps)
        cold_start(t, b->nwarps);
    t->eager = L->sim->cfg.on_event || t->slow;
    t->retime = t->filed && !t->eager ? retime_filed : retime_math;
    t->slotted = t->filed && !t->eager ? 0 : ~0u;
    memset(t->lazy_keys, 0, sizeof t->lazy_keys);
    t->step_ok = !x->ev && L->dk_issue && !b->shadow;
    rr_reset(t, nsp, b->nwarps);
    t->young_seen = 0;
    memset(t->young_of, -1, sizeof t->young_of);
    t->pipe_free = 0;
    queue_reset(t, nsp);
    t->stq_pipe = 0;
    t->pipe_at = 0;
    memset(t->mio_free, 0, sizeof t->mio_free);
    memset(t->math_at, 0, sizeof t->math_at);
    memset(t->half_end, 0, sizeof t->half_end);
    memset(t->imad_read_left, 0, sizeof t->imad_read_left);
    memset(t->issue_at, 0, sizeof t->issue_at);
    memset(t->xu_at, 0, sizeof t->xu_at);
    memset(t->xu_left, 0, sizeof t->xu_left);
    memset(t->xu_ready, 0, sizeof t->xu_ready);
    memset(t->xu_pc, 0, sizeof t->xu_pc);
    memset(t->late_due, 0, sizeof t->late_due);
    memset(t->late_wait, 0, sizeof t->late_wait);
    memset(t->mio_at, 0, sizeof t->mio_at);
    memset(t->mio_next, 0, sizeof t->mio_next);
    /* the queues empty: only the stores in a queue are read (zeroing all 64 was 197 KB a block), and
     * only a queue a store entered has any (the others are as calloc left them, or emptied before;
     * writing each sub-partition's head touched three pages of a one-warp launch) */
    for (uint64_t used = t->stq_used; used; used &= used - 1) {
        ws_stq *q = &t->stq[__builtin_ctzll(used)];
        q->head = q->n = 0;
    }
    t->stq_used = 0;
    if (t->code_warm) /* a later launch of the kernel: its code is cached (ifetch.h), its state never read */
        t->ifetch.live = 0;
    else
        ws_ifetch_reset(&t->ifetch);
    if (++t->gen == 0) { /* a new block: no line touched (a kept state's generations wrapped: none is) */
        for (unsigned i = 0; i < LINE_SET; i++)
            t->lines[i].gen = 0;
        for (uint32_t pc = 0; t->plan_ok && pc < t->ninfo; pc++) /* the segments' code_gen too */
            t->plan_s[pc].code_gen = 0;
        t->gen = 1;
    }
    t->hooks = t->ifetch.live || t->cga_used || t->xu_used;
    /* plans for lone warps without stall events; none is running or recording at a block's start */
    t->plans = t->plan_ok && !t->eager && t->step_ok && b->nwarps <= nsp;
    for (uint32_t wi = 0; wi < 32; wi++)
        if (t->plan_rec[wi] || t->plan_pos[wi] != UINT32_MAX)
            plan_leave(t, wi);
    t->block_missed = 0;
    t->nstores = 0;
    uint64_t charged_to = 0; /* at the end: the cycles charged to every live warp */
    /* a copy for each way of finding the ready warps and each way of charging stalls, so that each
     * tests neither per warp (filed and eager are constants in it; eager covers --slow-path timing) */
    uint64_t cycle =
        t->filed   ? (t->eager ? run_passes_filed_eager(L, b, x, &charged_to) : run_passes_filed(L, b, x, &charged_to))
        : t->eager ? run_passes_unfiled_eager(L, b, x, &charged_to)
        : b->nwarps <= t->p.subpartitions ? run_passes_lone(L, b, x, &charged_to)
                                          : run_passes_unfiled(L, b, x, &charged_to);
    lazy_leave_bits(t, t->lazy, charged_to);
    L->stats.stalls[WS_STALL_PIPE] += t->acc_pipe;
    L->stats.stalls[WS_STALL_ISSUE] += t->acc_n - t->acc_pipe;
    t->acc_pipe = t->acc_n = 0;
    /* the cycles charged so far to every warp still live */
    for (uint32_t m = t->live; m; m &= m - 1)
        settle(t, L, b, (uint32_t)__builtin_ctz(m), charged_to, 0, t->eager);
    b->cycle = cycle;
}
