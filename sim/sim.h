/* sim: the machine's internals, shared by the scheduler, the executors and memory. */
#ifndef WS_SIM_H
#define WS_SIM_H

#include "far_cache.h"
#include "opcodes.h"
#include "rename.h"
#include "stq_regs.h"
#include "warpsim/warpsim.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FULL_MASK 0xffffffffu

/* A block's shared memory starts with the region the H200 reserves for the system (1 KiB,
 * %reserved_smem_offset_cap); the kernel's variables follow it, the first at shared address
 * 1024. cooperative_groups keeps the barriers and exchange slots of tiles wider than a warp in
 * its first RESERVED_SMEM_END bytes, at %reserved_smem_offset_1 (programs/probe_reserved_smem,
 * docs/hardware.md). */
#define RESERVED_SMEM_BYTES 1024u
#define RESERVED_SMEM_END   288u

/* What a --jobs host thread writes as it runs blocks (its worker, registers, a block's shared
 * memory and warps, the timing state) lies on 4 KiB pages of its own, not on lines of its own
 * only: a core's prefetchers fetch lines beyond those a thread streams through, up to the end of
 * their page, and a line of the other thread's fetched so must be taken back from this core before
 * that thread writes it again. With buffers of the two threads on one page, the thread whose
 * buffers lay above the other's took up to 80% more CPU time a block of block_reduce than the other
 * (docs/performance.md, "(jobs19)"). */
#define WS_THREAD_PAGE 4096u
/* The words from one --jobs host thread's register files to the next one's in the machine's register
 * pool (block_words: a block's files): whole pages, and with more than one thread WS_POOL_GAP_PAGES
 * pages more, which no thread touches. The pool is one allocation for every thread, and the files are
 * what a thread writes most (every instruction): with one thread's files right after the other's,
 * --jobs 2 took 5-7% more CPU time than two one-thread machines (medians; bench --speedup, block_reduce, the
 * host's Intel family 6 model 207, SCHED_FIFO); with 16 pages between them, 1-4% (2 to 32 pages
 * alike; one page helped in one build and not in another). Why (a prefetcher's reach, sets of a shared
 * cache) was not found without hardware counters: docs/performance.md, "(jobs29)". Memory: 64 KiB a
 * thread more. */
#define WS_POOL_GAP_PAGES 16u
static inline size_t ws_reg_pool_stride(size_t block_words, unsigned jobs)
{
    const size_t page = WS_THREAD_PAGE / sizeof(uint64_t);
    return (block_words + page - 1) / page * page + (jobs > 1 ? WS_POOL_GAP_PAGES * page : 0);
}
/* `bytes` on pages of their own (WS_THREAD_PAGE), not zeroed; NULL: out of memory */
static inline void *ws_thread_alloc(size_t bytes)
{
    return aligned_alloc(WS_THREAD_PAGE, (bytes + WS_THREAD_PAGE - 1) / WS_THREAD_PAGE * WS_THREAD_PAGE);
}
/* `bytes` zeroed on pages of their own, from calloc aligned by hand: a large allocation's fresh pages are zero
 * already, where ws_thread_alloc and a memset write them twice. *mem: the allocation, for free. NULL: out of memory. */
static inline void *ws_thread_calloc(size_t bytes, void **mem)
{
    *mem = NULL;
    if (bytes > SIZE_MAX - 2 * WS_THREAD_PAGE)
        return NULL;
    size_t n = (bytes + WS_THREAD_PAGE - 1) / WS_THREAD_PAGE * WS_THREAD_PAGE;
    if (!(*mem = calloc(1, n + WS_THREAD_PAGE)))
        return NULL;
    return (void *)(((uintptr_t)*mem + WS_THREAD_PAGE - 1) & ~(uintptr_t)(WS_THREAD_PAGE - 1));
}

/* What a lane is doing between instructions. */
enum { LANE_RUN, LANE_WAIT_SYNC, LANE_WAIT_RECONV, LANE_WAIT_BAR };

/* A convergence barrier: lanes that diverged at a branch meet again at its immediate
 * post-dominator, as the BSSY/BSYNC pairs ptxas places around divergent code do. */
typedef struct {
    uint32_t pc;
    uint32_t lanes;
} reconv_barrier;

#define MAX_RECONV 64

typedef struct ws_block ws_block;

/* A lane's .func calls (sim/calls.c): per frame, the callee's saved registers, then the return
 * record {return pc | call site << 32, the caller's frame base}. */
typedef struct {
    uint64_t *words;
    uint32_t nwords, cap, depth;
} ws_lane_stack;

/* A partition of a warp's lanes that the H200 may run apart (sim/ptxas.c): n groups (0: none
 * yet), the last split by the instruction at pc (PTX line `line`). */
typedef struct {
    uint32_t group[32];
    uint32_t n, pc, line;
} ws_split_part;

enum { WS_SPLIT_MASKS, WS_SPLIT_CALLS, WS_SPLIT_KINDS };

typedef struct {
    ws_block *blk;
    uint32_t index;            /* warp in the block */
    uint32_t live;             /* lanes that exist and have not exited */
    uint32_t converged;        /* all live lanes share cpc and none waits */
    uint32_t cpc;              /* the common pc while converged */
    uint32_t ngroups;          /* gpc, glanes, gstate below: the groups while diverged */
    unsigned nreconv;          /* reconv below */
    uint32_t met;              /* 1 + the pc where lanes of two groups last became one runnable group (warp.c; the
                                  timing mode's branch.rejoin), 0: none */
    uint32_t bar_lanes[16];    /* per block barrier, the lanes that last arrived at it (ex_bar) */
    uint64_t *regs;            /* the warp's register file: rows of 32 lanes (ws_reg_layout) */
    uint32_t *reg_written;     /* check_uninitialized: per register, lanes that wrote it */
    uint64_t ready_cycle;      /* timing: next cycle this warp may issue */
    uint64_t *reg_ready;       /* timing: per register, the cycle its value is ready */
    uint64_t instructions;
    ws_lane_stack *stack;      /* 32 lanes' call stacks, from the warp's first .func call (else NULL) */
    /* From here on, arrays read only up to their counts (ngroups, nreconv, split[k].n): a block's
     * start (ws_block_init) resets the counts and leaves the rest, a kilobyte a warp that a block of
     * 32 warps would otherwise write again at every block. */
    /* A diverged warp's live lanes as groups, each the lanes at one pc in one state (LANE_*):
     * disjoint, covering the live lanes, no two with the same pc and state (so the lanes a
     * state has at a pc are one group, and the scheduler's choice is a scan of a few groups,
     * not of 32 lanes). Not kept up to date while converged: leave_converged rebuilds them. */
    uint32_t gpc[32], glanes[32];
    uint8_t gstate[32];
    reconv_barrier reconv[MAX_RECONV];
    /* How the H200 may have split the warp: by the membermask groups of collectives whose lanes
     * named different masks, and by calls of recursive functions from divergent code (ptxas.c) */
    ws_split_part split[WS_SPLIT_KINDS];
} ws_warp;

typedef struct ws_launch_ctx ws_launch_ctx;
typedef struct ws_exec ws_exec;
typedef void (*ws_executor)(ws_exec *x, const ws_insn *in, uint32_t mask);
/* The decoded interpreter (interp.h): a kernel decoded once, and the run loop of the SIMD
 * variant chosen (ws_config.simd) */
struct ws_dkernel;
typedef uint64_t (*ws_interp_run_fn)(ws_exec *x, const struct ws_dkernel *dk, uint32_t *pc, uint64_t budget,
                                     uint64_t *lanes, int *yield, int *ended);
/* The timing mode's issue of one instruction through its decoded handler (interp_issue.h) */
typedef int (*ws_interp_issue_fn)(ws_exec *x, const struct ws_dkernel *dk, uint32_t pc);
/* The same for the forms the run loop's handlers run without the loop (interp_run.h, WS_INTERP_STEP):
 * the lanes it ran when it ran it (never 0), 0 having done nothing */
typedef uint32_t (*ws_interp_step_fn)(ws_exec *x, const struct ws_dkernel *dk, uint32_t pc);
/* A merged shuffle of constant shuffles by their decoded routing (interp_issue.h) */
typedef int (*ws_merged_shfl_fn)(ws_exec *x, const struct ws_dkernel *dk, const uint32_t *gpc, const uint32_t *glanes,
                                 unsigned ng, uint32_t exec);

struct ws_block {
    ws_launch_ctx *L;
    uint32_t id;               /* linear block index */
    uint32_t ctaid[3];
    uint32_t nthreads, nwarps;
    ws_warp *warps;
    int regs_pooled;           /* the warps' register files are the machine's (ws_block_alloc) */
    uint8_t *shared;
    uint64_t shared_size;
    uint8_t *shared_written;   /* check_uninitialized: one byte per shared byte */
    struct ws_shadow *shadow;  /* check_uninitialized: shadow.c's state; NULL when off */
    uint8_t *local;            /* nthreads x local_bytes */
    uint64_t saved_words;      /* words the lanes' call stacks hold (calls.c) */
    int poison_shared;         /* --poison-undefined: a split warp passed a bar.sync (ptxas.c) */
    uint64_t cycle;
    uint64_t clock_lag; /* the timing mode: a %clock read reads this long before `cycle` (timing.c, bar.clock) */
    /* block barrier state (bar.sync id): threads arrived per id */
    uint32_t bar_arrived[16];
    uint32_t bar_expected[16];
    uint32_t lanes_exited; /* threads that ended (exit, the kernel's ret): a barrier no longer waits for them */
};

/* A block's storage kept by the machine between launches (ws_block_keep): buffers and their sizes */
typedef struct {
    uint8_t *shared, *local;
    uint64_t shared_bytes, local_bytes;
    ws_warp *warps;
    uint32_t nwarps;
} ws_block_spare;

/* A global allocation. */
typedef struct {
    uint64_t base, size;
    uint8_t *data;
    bool host;                 /* ws_sim_map: the caller's memory at its own address, not ours to free */
} ws_alloc;

/* A module's variables (prepare_module_memory): its .global image, allocated in global memory,
 * and its .const image, kept per module so that a program whose kernels come from several
 * modules (the CUDA runtime's one per translation unit) keeps each one's variables. */
typedef struct {
    const ws_module *m;
    uint64_t global_base;
    uint8_t *const_image;
    uint64_t const_size;
} ws_module_memory;

/* A kernel made ready to launch, kept for the next launch of it (prepare_kernel in machine.c). */
typedef struct {
    ws_insn *insns;            /* the kernel's instructions as they were: recognises the kernel */
    const ws_kernel *kernel;   /* and, when its module has a serial (ws_module.serial), that and */
    uint64_t serial;           /*   the kernel's address recognise it without the comparison */
    uint32_t ninsns, nregs;
    unsigned slow;
    ws_insn *code;             /* the instructions with symbol addresses folded in */
    uint32_t *sym_at;          /* where code has them: instruction * WS_MAX_OPERANDS + operand */
    uint32_t nsym_at;
    uint32_t *reconv_pc;
    uint32_t *zero_regs;
    uint32_t nzero_regs;
    uint8_t *uninit_plan;      /* WS_UNINIT_* per instruction (cfg.h); NULL: check every one */
    ws_executor *xfn;
    ws_reg_use *uses;
    uint32_t *roff;            /* the register file's layout (ws_reg_layout) */
    uint8_t *rkind;
    uint32_t reg_words;
    struct ws_dkernel *dec;    /* the decoded interpreter's form (interp.c); NULL: out of memory */
    int timing;                /* prepared for the timing mode: with stq_regs */
    ws_stq_regs stq_regs;      /* the timing mode's writes that wait for a queued store (stq_regs.h) */
    int code_warm;             /* the timing launches of it so far, counted to 2: its code is in the SMs'
                                * instruction caches, so the next launch fetches none (ifetch.h: on the H200 only a
                                * process's first launch of a kernel waits for its code); 1, the next is the second,
                                * whose near caches keep other lines than later launches' (ifetch.near_sets) */
    uint32_t *far_order;       /* the lines its last timing launch's first block asked for, in the order they came
                                * (ws_ifetch_order): what its next launch feeds the far cache; NULL: none yet */
    uint32_t nfar_order;
    uint8_t *far_kept;         /* per line: the far cache kept it for launch far_kept_launch (ws_ifetch_keep: made by
                                * the launch's first timing state, read by its --jobs helpers) */
    uint64_t far_kept_launch;
    struct ws_timing_kernel *timing_tables; /* the timing mode's tables of it (timing.h), from its first
                                               timing launch; NULL: not built yet */
    /* the timing mode with the preset's schedule.rename or .rename_alu 1: the kernel with its reused registers
     * renamed (rename.h), which code, uses, the layout and every table above are of; renamed.ptx_reg
     * NULL: the PTX's kernel as it is (no renaming asked for, or none to do) */
    int rename;                /* prepared with schedule.rename(_alu) 1 (timing only) */
    ws_renamed renamed;
} ws_prepared;

struct ws_sim {
    ws_config cfg;
    ws_alloc *allocs;
    size_t nallocs, cap_allocs;
    uint64_t next_addr;
    /* Bytes charged against cfg.max_memory while they are held: global allocations, the
     * modules' constant images, the prepared kernel; a launch charges its own for its duration. */
    uint64_t mem_used;
    uint64_t prepared_bytes;         /* of mem_used: the prepared kernel's */
    /* ws_sim_request_stop, from a callback of the launch in progress */
    int stop_requested;
    ws_status stop_request_status;
    char stop_request_msg[256];
    ws_module_memory *modmem;       /* every module launched, with its variables */
    size_t nmodmem;
    const ws_module *globals_for;   /* the module of the last launch: its variables below */
    uint64_t module_global_base;
    uint8_t *const_image;
    uint64_t const_size;
    uint64_t *reg_pool;              /* register files, reused by every launch (see ws_sim_launch) */
    void *reg_pool_mem;              /* the allocation reg_pool lies in (reg_pool: its first page, WS_THREAD_PAGE) */
    size_t reg_pool_words;
    ws_prepared prepared;            /* the last kernel launched, ready for its next launch */
    uint64_t launches;               /* grids launched so far (ws_prepared.far_kept_launch) */
    ws_far_cache far_cache;          /* far code kept between the process's launches (ifetch.keep_*, far_cache.h) */
    /* kept from launch to launch, so that a short launch does not allocate them again: the launch
     * context (33 KiB with its parameter space), a block's storage (ws_block_keep) and the timing
     * state */
    struct ws_launch_ctx *spare_launch;
    ws_block_spare spare_block;
    struct ws_timing *spare_timing; /* the timing mode's state (ws_timing_keep) */
    struct ws_grid *spare_grid;     /* and its whole-launch model (ws_grid_end) */
    /* device-side launches (cdp.c): the queue of the grids running launches have asked for, the
     * nesting depth of the grid running, the launches pending, and the threads' last errors */
    struct ws_cdp_entry *cdp;
    size_t ncdp, cap_cdp;
    unsigned cdp_depth;
    uint64_t cdp_pending;
    struct ws_cdp_errors *cdp_errors;
    struct ws_par_pool *par; /* --jobs: the host threads, parked between launches (parallel.c) */
};

/* One launch: the decoded kernel and what every block shares. */
struct ws_launch_ctx {
    ws_sim *sim;
    const ws_module *m;
    const ws_kernel *k;        /* the kernel as it runs: the PTX's, or its loads renamed (schedule.rename) */
    const ws_kernel *ptx;      /* the PTX's, as the events show it (ws_event.kernel, insn, regfile) */
    const uint32_t *ptx_reg;   /* k renamed: per register of k, the PTX's register it stands for; NULL: the same */
    ws_insn *code;             /* the kernel's instructions with symbol addresses folded in */
    uint32_t *reconv_pc;       /* per instruction: where a divergent branch reconverges */
    uint32_t *zero_regs;       /* the registers a block must start zeroed (NULL: all of them) */
    uint32_t nzero_regs;
    const uint8_t *uninit_plan; /* check_uninitialized: what each instruction's check needs (cfg.h
                                   WS_UNINIT_*, ws_shadow_need); NULL: everything */
    ws_executor *xfn;          /* per instruction: its executor (ws_fast_executor) */
    const ws_reg_use *uses;    /* per instruction: the registers it reads and writes (ws_insn_reg_use) */
    const uint32_t *roff;      /* per register: its row's offset in a warp's file, in words (ws_reg_layout) */
    const uint8_t *rkind;      /* per register: WS_ROW_* */
    uint32_t reg_words;        /* words of a warp's register file */
    uint64_t *ev_regs;         /* events: the file widened to 64-bit rows (reg * 32 + lane), as ws_event shows it */
    const struct ws_dkernel *dk; /* the decoded kernel the converged run loop runs; NULL: not used */
    ws_interp_run_fn interp_run; /* its run loop, of the SIMD variant chosen */
    ws_interp_step_fn interp_step; /* one instruction without the loop, the same variant's */
    const struct ws_dkernel *dk_issue; /* the timing mode: the decoded kernel whose handlers execute
                                          each issued instruction (interp_issue.c); NULL: executors */
    ws_interp_issue_fn interp_issue; /* ws_interp_issue (a pointer: warp.c is below the decoder) */
    ws_merged_shfl_fn merged_shfl;   /* the SIMD variant's merged constant shuffle (interp.h) */
    unsigned slow;             /* ws_config.slow_paths: fast paths turned off (WS_SLOW_*) */
    pthread_mutex_t *atom_lock; /* --jobs: serialises atomics across host threads; NULL with one */
    unsigned grid[3], block[3];
    uint64_t shared_bytes, local_bytes; /* shared: the reserved region and the kernel's (static and dynamic) */
    ws_result *res;
    ws_stats stats;
    struct ws_timing *timing;  /* timing mode (sim/timing.c); NULL: functional */
    const ws_stq_regs *stq_regs; /* timing mode: the prepared kernel's store waits; NULL: functional */
    struct ws_grid *sms;       /* timing mode: the blocks on the SMs (sim/grid.c) */
    /* The work limit: warp instructions plus extra_work reach insn_limit (--jobs: the block's
     * share of it, see parallel.c) and the launch stops. */
    uint64_t insn_limit;
    uint64_t extra_work;       /* work besides the instructions: printf formatting (printf.c) */
    int stop;                  /* a limit or an error: stop every block */
    ws_status stop_status;
    int stop_limit;            /* LIMIT_*: the stop was a limit (see ws_limit_stop; res->stop_* say where) */
    /* diagnostics, reported once per (kind, pc), at most WS_MAX_DIAGS of them (diag_index finds
     * them; diag_seen marks every (kind, pc) reported, kept or not) */
    ws_diag *diags;
    size_t ndiags, cap_diags;
    uint32_t *diag_index;      /* open addressing: diags index + 1, 0 empty; diag_nslots slots, at
                                  most half full (grown as diagnostics come, diag.c) */
    size_t diag_nslots;
    uint64_t *diag_seen;       /* a bit per (kind, pc) */
    /* printf output is gathered per block and flushed in order; out_before is what the blocks
     * before this one wrote (--jobs: what is known of it), out_limit what the launch may write */
    char *out;
    size_t out_len, out_cap;
    uint64_t out_before, out_limit;
    uint64_t out_charged;      /* out's bytes, charged against the memory limit (ws_output) */
    /* last, so that a launch zeroes what comes before and copies the kernel's parameter bytes:
     * ld.param reads only those (ws_mem_translate) */
    uint8_t params[32768];
};

/* Everything an executor needs. */
struct ws_exec {
    ws_launch_ctx *L;
    ws_block *blk;
    ws_warp *w;
    uint64_t *regs;
    const ws_insn *in;
    uint32_t pc;
    uint32_t active;           /* the group that issued */
    /* event details filled by executors when someone listens */
    ws_event *ev;
    int8_t shfl_src[32];
    uint8_t shfl_in_range[32];
    uint32_t shfl_val[32];
    uint64_t coll_in[32];
    uint32_t coll_exec; /* every lane executing the collective, of all membermask groups */
    uint64_t mem_addr[32];
    const ws_insn *lane_insn[32]; /* merged collectives: each lane's own instruction */
    int merged;                /* lane_insn may differ between lanes (exec_merged) */
    uint32_t next_pc_taken;    /* bra: lanes that jump */
    uint8_t mem_bank[32];      /* timing: each lane's shared-memory bank */
    uint32_t mem_wavefronts;   /* timing: wavefronts of this shared access, 0 if none */
    /* the decoded run loop on a diverged warp's group (ws_warp_step_stretch): it stops before
     * a pc at or above this one (another group's); 0 when the warp is converged */
    uint32_t stretch_end;
    /* the runnable groups of a diverged warp's region loop (warp.c, ws_warp_run_diverged), where
     * the run loop's divergent branches put their lanes; NULL otherwise */
    struct ws_region *region;
};

/* ---- operand access (special registers: sreg.c) ----------------------------------------------------------------------------- */
uint64_t ws_sreg_value(const ws_exec *x, unsigned sreg, unsigned lane);
/* A special register in every lane of mask: one switch for the row, not one per lane. */
void ws_sreg_row(const ws_exec *x, unsigned sreg, uint32_t mask, uint64_t *row);
/* The same row as base + step * lane, when it is one (%tid.x of a block a multiple of 32 wide,
 * %laneid, %ntid, %ctaid, %nctaid): 1, else 0. */
int ws_sreg_affine(const ws_exec *x, unsigned sreg, uint64_t *base, uint64_t *step);

/* The body once per lane of mask; a full warp runs a plain loop the compiler can vectorise. */
#define PER_LANE(mask, lane, ...)                                                                   \
    do {                                                                                            \
        if ((mask) == FULL_MASK) {                                                                  \
            for (uint32_t lane = 0; lane < 32; lane++) {                                            \
                __VA_ARGS__                                                                         \
            }                                                                                       \
        } else {                                                                                    \
            FOR_EACH_LANE(mask, lane) {                                                             \
                __VA_ARGS__                                                                         \
            }                                                                                       \
        }                                                                                           \
    } while (0)

#define FOR_EACH_LANE(mask, lane)                                                                   \
    for (uint32_t lane##_m = (mask), lane = 0; lane##_m && ((lane = (uint32_t)__builtin_ctz(lane##_m)), 1); \
         lane##_m &= lane##_m - 1)

/* ---- the register file ----------------------------------------------------------------------------------------------
 * A warp's registers are rows of its 32 lanes, at x->regs + L->roff[reg] (ws_reg_layout, regfile.c): a register of 32
 * bits or fewer a row of 32 uint32_t (16 words), a predicate one word whose bit l is lane l's value (0 or 1), any
 * other a row of 32 uint64_t. The executors read and write them through the accessors below, which give every value as
 * a uint64_t (zero-extended; a predicate 0 or 1); the decoded run loop (interp_run.h) reads the rows as they are. */
enum { WS_ROW_64, WS_ROW_32, WS_ROW_PRED };

/* Lays the registers of k out (roff, rkind: nregs each) and returns the words of a warp's file (at least 1). */
uint32_t ws_reg_layout(const ws_kernel *k, uint32_t *roff, uint8_t *rkind);

static inline uint64_t ws_reg_get(const ws_exec *x, uint32_t reg, unsigned lane)
{
    const uint64_t *r = x->regs + x->L->roff[reg];
    switch (x->L->rkind[reg]) {
    case WS_ROW_32: return ((const uint32_t *)r)[lane];
    case WS_ROW_PRED: return *r >> lane & 1;
    default: return r[lane];
    }
}

static inline void set_reg(ws_exec *x, uint32_t reg, unsigned lane, uint64_t v)
{
    if (reg == WS_NO_REG)
        return;
    uint64_t *r = x->regs + x->L->roff[reg];
    switch (x->L->rkind[reg]) {
    case WS_ROW_32: ((uint32_t *)r)[lane] = (uint32_t)v; break;
    case WS_ROW_PRED: *r = (*r & ~(1ull << lane)) | (uint64_t)(v != 0) << lane; break;
    default: r[lane] = v;
    }
}

/* Register reg's 32 lanes as uint64_t, into row (a 64-bit register: its row, no copy) */
static inline const uint64_t *ws_reg_row(const ws_exec *x, uint32_t reg, uint64_t *row)
{
    const uint64_t *r = x->regs + x->L->roff[reg];
    switch (x->L->rkind[reg]) {
    case WS_ROW_32:
        for (unsigned l = 0; l < 32; l++)
            row[l] = ((const uint32_t *)r)[l];
        return row;
    case WS_ROW_PRED:
        for (unsigned l = 0; l < 32; l++)
            row[l] = *r >> l & 1;
        return row;
    default: return r;
    }
}

/* Writes lanes of mask of register reg from row (a lane's value as set_reg stores it) */
static inline void ws_reg_put_row(ws_exec *x, uint32_t reg, uint32_t mask, const uint64_t *row)
{
    if (reg == WS_NO_REG)
        return;
    uint64_t *r = x->regs + x->L->roff[reg];
    switch (x->L->rkind[reg]) {
    case WS_ROW_32:
        if (mask == FULL_MASK)
            for (unsigned l = 0; l < 32; l++)
                ((uint32_t *)r)[l] = (uint32_t)row[l];
        else
            FOR_EACH_LANE(mask, l)
                ((uint32_t *)r)[l] = (uint32_t)row[l];
        break;
    case WS_ROW_PRED: {
        uint64_t bits = 0;
        for (unsigned l = 0; l < 32; l++)
            bits |= (uint64_t)(row[l] != 0) << l;
        *r = (*r & ~(uint64_t)mask) | (bits & mask);
        break;
    }
    default:
        if (mask == FULL_MASK)
            for (unsigned l = 0; l < 32; l++)
                r[l] = row[l];
        else
            FOR_EACH_LANE(mask, l)
                r[l] = row[l];
    }
}

/* The lanes in which register reg is not zero (a guard's, a predicate's lanes) */
static inline uint32_t ws_reg_bits(const ws_exec *x, uint32_t reg)
{
    const uint64_t *r = x->regs + x->L->roff[reg];
    uint32_t m = 0;
    switch (x->L->rkind[reg]) {
    case WS_ROW_PRED: return (uint32_t)*r;
    case WS_ROW_32:
        for (unsigned l = 0; l < 32; l++)
            m |= (uint32_t)(((const uint32_t *)r)[l] != 0) << l;
        return m;
    default:
        for (unsigned l = 0; l < 32; l++)
            m |= (uint32_t)(r[l] != 0) << l;
        return m;
    }
}

static inline uint64_t opnd(const ws_exec *x, const ws_operand *o, unsigned lane)
{
    switch (o->kind) {
    case WS_OPND_REG: {
        uint64_t v = ws_reg_get(x, o->reg, lane);
        return o->neg ? !v : v;
    }
    case WS_OPND_IMM: return o->imm;
    case WS_OPND_SYM: /* in a linked .func, a frame variable's address adds the lane's frame base */
        return o->imm + (o->reg != WS_NO_REG ? ws_reg_get(x, o->reg, lane) : 0);
    case WS_OPND_SREG: return ws_sreg_value(x, o->reg, lane);
    default: return 0;
    }
}

/* A source operand's value in every lane of mask, as a row of 32: a 64-bit register is its row
 * in the register file (no copy); anything else is written into tmp. Executors read rows, so the
 * per-lane loops carry no switch on the operand kind. */
static inline const uint64_t *operand_row(const ws_exec *x, const ws_operand *o, uint32_t mask, uint64_t *tmp)
{
    if (o->kind == WS_OPND_REG && !o->neg)
        return ws_reg_row(x, o->reg, tmp);
    if (o->kind == WS_OPND_IMM || (o->kind == WS_OPND_SYM && o->reg == WS_NO_REG) || o->kind == WS_OPND_NONE) {
        uint64_t v = o->kind == WS_OPND_NONE ? 0 : o->imm;
        for (unsigned l = 0; l < 32; l++)
            tmp[l] = v;
        return tmp;
    }
    if (o->kind == WS_OPND_SREG) {
        ws_sreg_row(x, o->reg, mask, tmp);
        return tmp;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        tmp[l] = opnd(x, o, l);
    }
    return tmp;
}

/* A float source read negated (WS_FNEG: the fma a contracted mul + add/sub becomes,
 * isa/contract.h): row with the sign bits flipped, in tmp; any other source: row itself. */
static inline const uint64_t *fneg_row(const ws_operand *o, const uint64_t *row, uint64_t sign, uint32_t mask,
                                       uint64_t *tmp)
{
    if (!(o->flags & WS_FNEG))
        return row;
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        tmp[l] = row[l] ^ sign;
    }
    return tmp;
}

/* Of the lanes of group, those whose guard (@p, @!p) lets them execute the instruction: the one
 * place a guard is read (the scheduler, its fast path, merged collectives, timing). */
static inline uint32_t ws_guard_mask(const ws_exec *x, const ws_insn *in, uint32_t group)
{
    if (in->guard == WS_NO_REG)
        return group;
    uint32_t m = ws_reg_bits(x, in->guard); /* then the group's lanes */
    return (in->guard_neg ? ~m : m) & group;
}

static inline uint64_t sext(uint64_t v, unsigned bits)
{
    if (bits >= 64)
        return v;
    uint64_t m = 1ull << (bits - 1);
    v &= (1ull << bits) - 1;
    return (v ^ m) - m;
}

static inline uint64_t trunc_bits(uint64_t v, unsigned bits)
{
    return bits >= 64 ? v : v & ((1ull << bits) - 1);
}


/* The memory limit: charge bytes against cfg.max_memory (0 when they fit, -1 when not: nothing
 * charged), or give them back. Here, below every file that charges (memory, diag, printf,
 * machine), so that none has to call up. */
static inline int ws_mem_charge(ws_sim *s, uint64_t bytes)
{
    if (bytes > s->cfg.max_memory - s->mem_used)
        return -1;
    s->mem_used += bytes;
    return 0;
}
static inline void ws_mem_release(ws_sim *s, uint64_t bytes) { s->mem_used -= bytes < s->mem_used ? bytes : s->mem_used; }

/* An event of a kind, for a block at a cycle, everything else zero; ws_emit (diag.h) sends it
 * to the consumer (call both only when cfg.on_event is set). */
static inline ws_event ws_event_of(const ws_launch_ctx *L, ws_event_kind kind, uint32_t block, uint64_t cycle)
{
    ws_event ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = kind;
    ev.block = block;
    ev.cycle = cycle;
    ev.kernel = L->ptx;
    return ev;
}

#endif
