/* warpsim: a cycle-level SIMT warp simulator that runs real PTX.
 *
 * The library never prints and never exits: every call returns a status, and what went wrong
 * is in a structured record (diagnostics, parse errors) for the front end to show.
 *
 *   ws_module *m = ws_module_load("k.ptx", &perr);          // isa/: parse and resolve
 *   ws_sim *sim = ws_sim_create(&cfg);                       // sim/: a machine
 *   uint64_t in = ws_sim_alloc(sim, 128, host_in);           // global buffers
 *   ws_sim_launch(sim, m, ws_module_kernel(m, NULL), grid, block, params, nbytes, &result);
 *   ws_sim_read(sim, in, host_out, 128);
 */
#ifndef WARPSIM_H
#define WARPSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa.h" /* beside this file: the decoded program (modules, kernels, instructions) */

#ifdef __cplusplus
extern "C" {
#endif

#define WS_WARP_SIZE 32
#define WS_MAX_BLOCK_THREADS 1024
/* Shared memory of a block, static and dynamic together: the H200's 227 KiB (with the opt-in
 * attribute cudaFuncAttributeMaxDynamicSharedMemorySize, which the runner sets) */
#define WS_MAX_SHARED_BYTES 232448u

/* Exit statuses of the library and of the warpsim command. */
typedef enum {
    WS_OK = 0,
    WS_ERR_DIAG = 1,     /* the kernel did something undefined and diagnostics are errors */
    WS_ERR_INPUT = 2,    /* bad input: PTX, arguments, files */
    WS_ERR_LIMIT = 3,    /* an instruction, cycle or memory limit stopped the run */
    WS_ERR_INTERNAL = 4, /* a bug in warpsim, or out of memory */
} ws_status;

typedef enum { WS_MODE_FUNCTIONAL, WS_MODE_TIMING } ws_mode;
/* "functional" or "timing", as the command line and the JSON outputs spell them */
const char *ws_mode_name(ws_mode m);

/* ---- diagnostics ------------------------------------------------------------------------------ */
/* A note says what warpsim computes within a stated bound rather than bit for bit; --werror leaves
 * notes alone (they are no undefined behaviour). */
typedef enum { WS_SEV_WARNING, WS_SEV_ERROR, WS_SEV_NOTE } ws_severity;

/* Every diagnostic kind, once: X(ID, name, severity, what happened, what the H200 does where it is
 * deterministic ("" where it is not), which warpsim does too). The enum, ws_diag_kind_name, the
 * severity a run gives it without --werror, and the table of docs/diagnostics.md (tools/names_doc.c,
 * ctest names_doc_current) come from it. A new kind is a row here and a row in that table. */
#define WS_DIAG_KINDS(X)                                                                            \
    X(NOT_IN_MEMBERMASK, "not-in-membermask", WS_SEV_WARNING,                                        \
      "a lane executes a `.sync` collective whose membermask leaves it out",                         \
      "the lane takes part as if it were a member")                                                  \
    X(MASK_NEVER_ARRIVED, "membermask-never-arrived", WS_SEV_WARNING,                                \
      "lanes of a membermask never reach the collective (the program would deadlock)",               \
      "the collective runs with the lanes that came")                                                \
    X(MASK_MISMATCH, "membermask-mismatch", WS_SEV_WARNING,                                          \
      "lanes of one collective give different membermasks", "")                                      \
    X(SRC_NOT_EXECUTING, "shfl-source-not-executing", WS_SEV_WARNING,                                \
      "a shuffle reads a lane that did not execute it", "the reader gets 0")                         \
    X(SRC_OUTSIDE_MASK, "shfl-source-outside-membermask", WS_SEV_WARNING,                            \
      "a shuffle reads a lane outside its membermask", "the value of that lane")                     \
    X(BARRIER_PARTIAL, "barrier-partial", WS_SEV_WARNING,                                            \
      "a block barrier that some threads can never reach", "released to go on")                      \
    X(BARRIER_DIVERGENT, "barrier-divergent", WS_SEV_WARNING,                                        \
      "`bar.sync` reached by part of a warp (it is `.aligned`)", "")                                 \
    X(OUT_OF_BOUNDS, "out-of-bounds", WS_SEV_WARNING,                                                \
      "a load/store/atomic outside every allocation of its space, or a store to param/const",        \
      "loads give 0, stores are dropped")                                                            \
    X(MISALIGNED, "misaligned", WS_SEV_WARNING, "an access not aligned to its size", "as out-of-bounds") \
    X(UNINIT_REG, "uninitialized-register", WS_SEV_WARNING,                                          \
      "a register read in lanes that no instruction wrote it for (the guard predicate too), or a "    \
      "byte a move carried in undefined, used other than by moving it",                             \
      "it reads 0")                                                                                  \
    X(UNINIT_SHARED, "uninitialized-shared", WS_SEV_WARNING,                                         \
      "a shared-memory load of bytes no thread of the block wrote", "it reads 0")                    \
    X(RACE, "shared-race", WS_SEV_WARNING,                                                           \
      "two different warps touch the same shared bytes, at least one writing, with no `bar.sync` "   \
      "released between them; the message names both PTX lines", "")                                \
    X(DIV_BY_ZERO, "division-by-zero", WS_SEV_WARNING, "integer division or remainder by 0", "")     \
    X(TRAP, "trap", WS_SEV_WARNING, "the kernel executed `trap`", "")                                \
    X(PRINTF, "printf", WS_SEV_WARNING, "a printf format warpsim cannot follow", "")                 \
    X(UNSUPPORTED, "unsupported", WS_SEV_WARNING, "an instruction form warpsim does not execute", "") \
    X(MERGED_COLLECTIVE, "merged-collective", WS_SEV_WARNING,                                        \
      "lanes waiting at two different `.sync` instructions on divergent paths (e.g. a shuffle on "   \
      "each side of an if/else) run them as one collective, each lane with its own operands",        \
      "not deterministic: the H200 merged such a pair in one kernel (HARDWARE-NOTES.md) and hung "   \
      "on `programs/div_merge`; warpsim merges and warns")                                          \
    X(SPLIT_WARP, "split-warp", WS_SEV_NOTE,                                                         \
      "a warp-wide `activemask`, collective or `bar.sync` after a collective whose lanes named "      \
      "different membermasks: ptxas compiles that one with `WARPSYNC.EXCLUSIVE`, which can leave "   \
      "the warp split by mask, and the H200 then ran later instructions group by group (before and " \
      "after `bar.warp.sync`, depending on ptxas's schedule)",                                       \
      "not predictable from the PTX: warpsim runs the warp whole (the PTX's answer, which correct "   \
      "cooperative_groups code mostly got); `--poison-undefined` poisons such results")             \
    X(SPLIT_CALL, "split-after-call", WS_SEV_WARNING,                                                \
      "a warp-wide `activemask`, collective or `bar.sync` after a call made by part of the warp of a " \
      "function that recurses: ptxas clears the convergence barrier at such a function's entry, "     \
      "which released the lanes waiting for the callers, and the H200 ran later instructions per "    \
      "group (docs/hardware.md point 17)",                                                           \
      "not predictable from the PTX (which side ran first): warpsim runs the warp whole; "           \
      "`--poison-undefined` poisons such results and later shared-memory loads")                    \
    X(NAN_FOLD, "nan-fold", WS_SEV_WARNING,                                                          \
      "a NaN meets an instruction ptxas may fold away: `min`/`max` (.f16, .f32, .f64) of a NaN with "  \
      "the same NaN, or `neg` of a half-precision NaN (two negations cancel)",                       \
      "the instruction gives the canonical NaN, as warpsim does; where ptxas folds it (min(x, x) to "  \
      "x, neg(neg(x)) to x) the NaN's bits stay (docs/hardware.md point 17); `--poison-undefined` "    \
      "poisons the result")                                                                         \
    X(DEVICE_LAUNCH, "device-launch", WS_SEV_WARNING,                                                \
      "a device-side launch (kernel<<<...>>> in a kernel) that the device runtime refuses: a "        \
      "configuration no launch can have, a stream it does not know, a launch past 2048 pending "     \
      "(which bounds nesting too: the launch from depth 2048 is refused), a parameter buffer of no "  \
      "kernel or none within --max-memory",                                                          \
      "the launch does not happen; the call returns the CUDA error code (cudaErrorInvalidConfiguration, " \
      "cudaErrorLaunchPendingCountExceeded, ...) and cudaGetLastError gives it, as warpsim does, "   \
      "nesting 2048 deep as an H100 did")

typedef enum {
#define WS_DIAG_ENUM_(id, name, sev, what, h200) WS_DIAG_##id,
    WS_DIAG_KINDS(WS_DIAG_ENUM_)
#undef WS_DIAG_ENUM_
    WS_DIAG_KIND_COUNT
} ws_diag_kind;

typedef struct {
    ws_diag_kind kind;
    ws_severity severity;
    uint32_t block;   /* linear block index */
    uint32_t warp;    /* warp in the block */
    uint32_t pc;      /* instruction index */
    uint32_t line;    /* PTX line */
    uint32_t lanes;   /* the lanes concerned */
    uint64_t count;   /* how many times it happened (reported once per kind and pc) */
    char message[320];
} ws_diag;

const char *ws_diag_kind_name(ws_diag_kind k);
/* "warning" or "error", as the text report, the traces and --json spell it */
const char *ws_severity_name(ws_severity s);

/* ---- events: what every step did -------------------------------------------------------------- */
typedef enum {
    WS_EV_EXEC,       /* an instruction executed for a group of lanes */
    WS_EV_PRINTF,     /* text a kernel printed */
    WS_EV_DIAG,       /* a diagnostic */
    WS_EV_BARRIER,    /* a block barrier released */
    WS_EV_STALL,      /* timing mode: a warp could not issue */
    WS_EV_BLOCK_BEGIN,
    WS_EV_BLOCK_END,
} ws_event_kind;

/* Why a warp could not issue (timing mode), once: X(ID, name, what). The enum (after
 * WS_STALL_NONE), ws_stall_reason_name (the traces' "reason"), the stall_NAME counters of
 * warpsim run's summary and the table of docs/cli.md (tools/names_doc.c) come from it. */
#define WS_STALL_REASONS(X)                                                                         \
    X(SCOREBOARD, "scoreboard", "a source register awaits the result of an instruction in flight (`producer_pc`)") \
    X(BARRIER, "barrier", "lanes wait at `bar.sync` for the block, or for its release latency")   \
    X(SYNC, "sync", "lanes wait at a `.sync` collective for the rest of its membermask")          \
    X(BANK, "bank", "a shared-memory access waits for the pipe, busy with earlier wavefronts")   \
    X(ISSUE, "issue", "ready, but another warp took the issue slot, or the last issue's latency") \
    X(DIVERGENCE, "divergence", "lanes wait at a reconvergence point for the warp's other groups, or meet them there (preset `branch.rejoin`)") \
    X(PIPE, "pipe", "an integer instruction waits for its sub-partition's ALU or IMAD pipe, busy with the last one")

typedef enum {
    WS_STALL_NONE,
#define WS_STALL_ENUM_(id, name, what) WS_STALL_##id,
    WS_STALL_REASONS(WS_STALL_ENUM_)
#undef WS_STALL_ENUM_
    WS_STALL_REASON_COUNT
} ws_stall_reason;
/* "none", "scoreboard", ... */
const char *ws_stall_reason_name(ws_stall_reason r);

typedef struct {
    ws_event_kind kind;
    uint64_t cycle;
    uint32_t block, warp, pc;
    const ws_kernel *kernel;
    const ws_insn *insn;
    const uint64_t *regfile; /* the warp's registers after the instruction: reg r, lane l at [r * 32 + l] */
    uint32_t active;       /* lanes that issued the instruction */
    uint32_t exec;         /* of those, lanes whose guard was true */
    /* destinations, values after the instruction: rows of 32 */
    uint32_t ndst;
    uint32_t dst_reg[5];
    const uint64_t *dst_val[5];
    /* shuffles: per lane the source lane, whether it was in range, and the value received */
    const int8_t *shfl_src;
    const uint8_t *shfl_in_range;
    const uint32_t *shfl_val;
    /* vote/match/redux inputs: predicates (bit per lane) or values */
    uint32_t vote_preds;
    const uint64_t *coll_in;
    /* memory */
    uint8_t mem_space, mem_store, mem_bytes;
    uint32_t mem_wavefronts;    /* timing mode: wavefronts of a shared access (0: not one) */
    const uint8_t *mem_bank;    /* timing mode, shared accesses: 32 banks, one per lane */
    const uint64_t *mem_addr;   /* 32 addresses (space-relative) */
    /* printf and diagnostics */
    const char *text;
    size_t text_len;
    const ws_diag *diag;
    ws_stall_reason stall;
    uint32_t stall_producer_pc; /* WS_STALL_SCOREBOARD: pc of the instruction whose result is awaited */
} ws_event;

typedef void (*ws_event_fn)(void *user, const ws_event *ev);

/* the value of an undefined read under ws_config.poison_undefined */
#define WS_POISON 0xdeadbeefu

/* ---- the machine ------------------------------------------------------------------------------ */
/* Fast paths, each of which replaces general code and must give the same bytes (a ctest per
 * golden program checks it, tests/check_slow_path.sh); ws_config.slow_paths turns them off, to
 * measure them (docs/performance.md) or to check them. */
typedef enum {
    WS_SLOW_CONVERGED = 1, /* a converged warp runs without the per-group scheduling */
    WS_SLOW_EXEC = 2,      /* the general executors, not the specialised ones (sim/exec_fast.c), and
                              every lane's own address lookup, not one for the warp's (exec_mem.c) */
    WS_SLOW_SHFL = 4,      /* a full-warp shuffle without the general routing */
    WS_SLOW_TIMING = 8,    /* register uses recomputed per issue, not once per launch */
    WS_SLOW_INTERP = 16,   /* a converged warp's stretch runs instruction by instruction through the
                              executors, not decoded once (sim/interp.c); the timing mode's issued
                              instructions run through their executors, not the decoded handlers */
    WS_SLOW_UNINIT = 32,   /* check_uninitialized checks every instruction's registers, not only
                              those the read-before-write analysis cannot prove (sim/cfg.h), and
                              converged warps run instruction by instruction while it checks */
    WS_SLOW_ALL = 63
} ws_slow_path;

/* The limits of a run (docs/cli.md, "Limits"): reaching one stops the launch with WS_ERR_LIMIT
 * and a message that names it and the option that raises it, the same with any ws_config.jobs. */
#define WS_DEFAULT_MAX_INSTRUCTIONS 5000000ull
#define WS_DEFAULT_MAX_OUTPUT ((uint64_t)16 << 20)
#define WS_MAX_OUTPUT_LIMIT ((uint64_t)1 << 30) /* the most max_output may be */
#define WS_MAX_DIAGS 10000                      /* diagnostics a launch lists (ws_result.ndiags_not_listed) */

typedef struct {
    ws_mode mode;
    /* Work per launch: warp instructions, plus one for every 64 bytes a lane's printf reads and
     * writes; 0 = WS_DEFAULT_MAX_INSTRUCTIONS. */
    uint64_t max_warp_instructions;
    uint64_t max_cycles;            /* cycles of a block (functional mode: its warp instructions); 0 = none */
    /* Bytes of host memory the machine may take for what its input can make grow: global
     * buffers and module variables, the kernel's prepared code and analyses, per host thread a
     * block's registers, shared and local memory, call stacks, checks and timing state, the
     * diagnostics and the printf text. 0 = WS_DEFAULT_MAX_MEMORY. */
    uint64_t max_memory;
    uint64_t memory_held;           /* of max_memory, bytes the caller holds already (the module, its
                                       own copies of the buffers): counted from ws_sim_create on */
    uint64_t max_output;            /* bytes of printf text per launch; 0 = WS_DEFAULT_MAX_OUTPUT, at most WS_MAX_OUTPUT_LIMIT */
    bool diagnostics_are_errors;
    bool check_uninitialized;       /* track never-written registers and shared words */
    bool poison_undefined;          /* a shuffle reading a lane that did not execute it gets
                                       WS_POISON instead of the H200's 0, so that results which
                                       depend on undefined reads show */
    uint32_t poison_value;          /* the poison under poison_undefined; 0 = WS_POISON (a second
                                       run with the complement shows what a coincidence hid) */
    unsigned jobs;                  /* host threads for independent blocks; 0 or 1 = one (kept, parked
                                       between launches, until ws_sim_destroy) */
    ws_event_fn on_event;           /* NULL: no events, no cost */
    void *event_user;
    void (*on_output)(void *user, const char *text, size_t len); /* printf output */
    void *output_user;
    uint64_t dynamic_shared_bytes;  /* dynamic shared memory (the .extern .shared arrays) per block */
    const char *timing_preset;      /* timing mode: preset text over the built-in sm_90 (presets/sm_90.preset); NULL: built-in */
    unsigned slow_paths;            /* WS_SLOW_* bits: fast paths to turn off; 0 = all on */
    unsigned regs_per_thread;       /* timing mode: registers a thread takes, for the blocks an SM
                                       holds (sim/grid.c); 0 = the preset's estimate */
    bool no_contract;               /* run each mul and add/sub as written, rounding twice, where
                                       ptxas fuses them into one fma (the H200's answer) */
    /* The decoded interpreter's SIMD variant: "sse2" (on other machines "base"), "avx2",
     * "avx512", or NULL for the environment's WARPSIM_SIMD, else the best the CPU has. Every
     * variant gives the same bytes. A variant the CPU lacks fails the launch (WS_ERR_INPUT). */
    const char *simd;
} ws_config;

/* The SIMD variants of the functional interpreter (ws_config.simd): the name of the i-th (NULL
 * past the last; the first is the baseline build's), and whether this build and CPU run the one
 * named. */
const char *ws_simd_variant(unsigned i);
bool ws_simd_supported(const char *name);

/* Whether text is a preset ws_config.timing_preset takes: 0, or -1 with "LINE:COLUMN: what was
 * expected, what was found" in err (a launch would refuse it with the same words). */
int ws_preset_check(const char *text, char *err, size_t errlen);

typedef struct {
    /* timing mode: the launch's makespan, its blocks placed on the SMs (sim/grid.c); functional
     * mode: the sum over the blocks of their warp instructions */
    uint64_t cycles;
    /* timing mode: cycles plus the launch overhead; blocks one SM holds at once; SMs that ran a
     * block; the least and the most cycles an SM ran blocks; the registers a thread was taken to
     * use for blocks_per_sm (ws_config.regs_per_thread, or the preset's regs.default) */
    uint64_t launch_cycles, blocks_per_sm, sms_used, sm_busy_min, sm_busy_max, regs_per_thread;
    uint64_t warp_instructions;
    uint64_t lane_instructions;
    uint64_t blocks;
    uint64_t warps;
    uint64_t shfl, vote, bar_syncs;
    uint64_t shared_accesses, bank_conflicts, shared_wavefronts;
    uint64_t stalls[WS_STALL_REASON_COUNT];
    /* timing mode: the blocks that ran far code, a kernel past the preset's ifetch.far KiB whose warps fetched
     * past that bound. Such a launch's cycles are a figure the card does not pin down: its time varies by card
     * and between launches of one kernel (ws_far_note; docs/diagnostics.md "Far code"). */
    uint64_t far_blocks;
    /* ... of those, the blocks whose warps fetched past the preset's ifetch.window KiB of the kernel's entry: lines
     * the launch does not bring, measured on one card only (ws_far_note) */
    uint64_t window_blocks;
} ws_stats;

typedef struct {
    ws_status status;
    ws_stats stats;
    ws_diag *diags;        /* owned by the result: ws_result_free */
    size_t ndiags;
    uint64_t ndiags_not_listed; /* distinct diagnostics (kind, pc) beyond the WS_MAX_DIAGS listed */
    /* the host threads the blocks ran on (ws_config.jobs, or fewer; 0: none ran). Where more than
     * one ran and the instruction or cycle limit stopped the launch, blocks after the stopping one,
     * and the stopping one past the limit's point, may have run on the other threads (their work is
     * in stats, their stores in memory): the status and message are one thread's, the rest is not.
     * A caller that needs one thread's stop launches again with jobs 1 on the memory as it was
     * (warpsim run does: docs/diagnostics.md, "Limits"). */
    unsigned jobs;
    /* Where the instruction or cycle limit stopped the launch: the block, the warp that ran the
     * instruction that reached the limit, and the pc (an index into the kernel's insns, whose line
     * is the PTX line) of the instruction that warp would have run next, the one that would have
     * gone over. WS_NOWHERE where not known: no such stop, a warp whose lanes had all exited (pc), or
     * a launch on several host threads whose stopping block ran past the limit's point. */
    uint32_t stop_block, stop_warp, stop_pc;
    char message[512];     /* why the run stopped, when status != WS_OK */
    /* The grids the launch's kernels launched from the device (CUDA dynamic parallelism), in the
     * order they ran, each after its parent (owned by the result: ws_result_free). stats is the
     * host-launched grid's alone; each child's numbers are its own. */
    struct ws_device_launch *launches;
    size_t nlaunches;
} ws_result;

/* A grid launched from the device (kernel<<<...>>> in a kernel): warpsim runs it after its parent
 * grid ends, as CUDA allows (nothing in a CDP2 parent waits for a child). */
typedef struct ws_device_launch {
    char kernel[256];      /* its name (the result may outlive the module) */
    unsigned grid[3], block[3];
    uint64_t dynamic_shared;
    unsigned depth;        /* 1: launched by the host's grid */
    long parent;           /* index of the launching grid in launches, -1: the host's grid */
    uint32_t line;         /* the PTX line of the launching call */
    uint32_t block_id;     /* the launching block */
    int tail;              /* into cudaStreamTailLaunch */
    ws_status status;      /* its own: a grid whose child failed is WS_OK here (the launch's status is not) */
    ws_stats stats;        /* its own; cycles in the timing mode are its makespan alone */
} ws_device_launch;
#define WS_NOWHERE UINT32_MAX

typedef struct ws_sim ws_sim;

ws_sim *ws_sim_create(const ws_config *cfg);
void ws_sim_destroy(ws_sim *sim);
/* Allocate a global buffer (256-byte aligned); init may be NULL for zeros. Returns its device
 * address, or 0 when the memory limit is reached. */
uint64_t ws_sim_alloc(ws_sim *sim, size_t bytes, const void *init);
int ws_sim_read(const ws_sim *sim, uint64_t addr, void *dst, size_t n);
int ws_sim_write(ws_sim *sim, uint64_t addr, const void *src, size_t n);
/* Frees a buffer of ws_sim_alloc or a mapping of ws_sim_map, given its base address. Returns 0,
 * or -1 when addr is the base of none (or holds a module's variables). */
int ws_sim_free(ws_sim *sim, uint64_t addr);
/* Makes the caller's memory global memory at its own address, as a GPU sees managed and mapped
 * host memory: kernels read and write the bytes in place. The range must not overlap another
 * allocation or the generic windows (0x7c0000000000 to 0x7f0000000000 and the buffers above).
 * The caller keeps the memory alive until ws_sim_free. Returns 0 or -1. */
int ws_sim_map(ws_sim *sim, void *host, size_t bytes);
/* The bytes of `extern .shared` memory the next launches get (ws_config.dynamic_shared_bytes),
 * for a caller whose launches differ in it, as CUDA's <<<grid, block, bytes>>> do. */
void ws_sim_set_dynamic_shared(ws_sim *sim, uint64_t bytes);
/* A module's .global or .const variable `name`: where its bytes are (the machine's copy, written
 * through by the next launch; NULL when there is no such variable), its size, and its address
 * as a kernel sees it. The module's variables are allocated and initialised on first use, once
 * per machine and module, as a launch does. */
void *ws_sim_symbol(ws_sim *sim, const ws_module *m, const char *name, uint64_t *addr, size_t *size);
ws_status ws_sim_launch(ws_sim *sim, const ws_module *m, const ws_kernel *k, const unsigned grid[3],
                        const unsigned block[3], const void *params, size_t param_bytes, ws_result *res);
/* From an event or output callback: the launch in progress stops as soon as it can, with this
 * status and message (a trace writer that reached its size limit calls it). */
void ws_sim_request_stop(ws_sim *sim, ws_status status, const char *message);
void ws_result_free(ws_result *res);
/* Where the instruction or cycle limit stopped the launch (res->stop_*), for a note located as a
 * diagnostic is: writes "the limit stopped block B, warp W here, before INSN" to text, the CUDA line
 * of INSN as " (FILE:LINE)" to src ("" without -lineinfo), and returns INSN's PTX line; or writes
 * "the limit stopped block B, warp W, after its last lane exited" and returns 0. Returns -1, writing
 * nothing, where the stop is not known (WS_NOWHERE). */
long ws_limit_where(const ws_module *m, const ws_kernel *k, const ws_result *res, char *src, size_t src_cap,
                    char *text, size_t text_cap);
/* Where the launch ran far code (res->stats.far_blocks), a note that its cycle figure is one the card does not
 * pin down, with the spread measured on the cards (ws_far_band): writes it to text and returns the kernel entry's
 * PTX line (0 where not known). Returns -1, writing nothing, where no far code ran. */
long ws_far_note(const ws_kernel *k, const ws_result *res, char *text, size_t text_cap);
/* The measured spread ws_far_note quotes (docs/calibration.md "(farnote50)"; tests/calibration/far_spread.py
 * derives each figure from the committed device runs and fails where they differ): one warp a sub-partition's
 * far-fetch pace, cycles a 128-byte line, on the fastest and the slowest card, the cards measured, and at 4 warps a
 * sub-partition how far apart (percent of the shortest) the warm launches of one kernel on one card ran, and how much
 * longer (percent) the longest of blocks on every SM at once ran than one block alone; and for the lines past the
 * first window_kib KiB of a kernel's entry (ws_stats.window_blocks; docs/calibration.md "(win53)") one warp's pace in a
 * first launch (the fastest and slowest kernel) and where a later launch fetches them again, on past_cards cards. */
typedef struct {
    double pace_min, pace_max;
    unsigned cards;
    unsigned launch_spread_pct;
    unsigned grid_pct;
    unsigned window_kib;
    double past_first_min, past_first_max, past_later;
    unsigned past_cards;
} ws_far_band;
ws_far_band ws_far_measured(void);

/* ---- one shuffle, without a kernel: the rule of DESIGN.md "Semantics" --------------------------- */
typedef struct {
    int src;        /* the source lane the formula names */
    bool in_range;  /* the predicate output */
} ws_shfl_route;
ws_shfl_route ws_shfl_rule(ws_shfl_mode mode, unsigned lane, uint32_t b, uint32_t c);
/* vote.sync: what every executing lane receives, from the predicates of the lanes that execute
 * (exec); the membermask does not enter (measured on the H200). all/any/uni give 0 or 1. */
uint32_t ws_vote_rule(ws_vote_mode mode, uint32_t preds, uint32_t exec);
/* match.sync over the executing lanes' values: any gives lane's mask of equal values; all gives
 * exec when every value is equal, else 0. *all_equal (may be NULL) is the predicate output. */
uint32_t ws_match_rule(ws_vote_mode mode, unsigned lane, const uint64_t values[32], uint32_t exec, bool *all_equal);

/* One warp's shared-memory access of `bytes` per lane (1 to 16) by the lanes of mask, bank by
 * bank: the rule of DESIGN.md "Timing" that the timing model charges (sim/banks.c). Lanes are
 * served in phases (32 lanes at once up to 4 bytes, 16 for 8 bytes, 8 for 16 bytes); in a phase
 * each bank serves one distinct 4-byte word per wavefront, and lanes on one word share it (a
 * broadcast). Which wavefront serves which word is drawn in lane order (the H200's order is not
 * measured, only the count). Returns out->wavefronts. */
typedef struct {
    unsigned words;           /* 4-byte words a lane touches: 1, 2 or 4 */
    unsigned lanes_per_phase; /* 32, 16 or 8 */
    unsigned wavefronts;      /* the sum over phases of each phase's degree */
    unsigned min_wavefronts;  /* one per phase with a lane in mask: a conflict-free access */
    uint8_t degree[4];        /* per phase: the most distinct words one bank holds (1: no conflict) */
    uint8_t bank[32][4];      /* lane l's word w (address / 4 + w): its bank, that word % 32 */
    uint8_t wave[32][4];      /* ... the wavefront that serves it, counted over the whole access */
    int8_t first[32][4];      /* ... the first lane of its phase on that word (l itself unless it
                                 shares a word another lane brought: a broadcast); -1 outside mask */
} ws_bank_access;
unsigned ws_bank_rule(const uint64_t addr[32], uint32_t mask, unsigned bytes, ws_bank_access *out);

/* CUDA's width argument as the c operand nvcc emits for it. */
uint32_t ws_shfl_c_for_width(ws_shfl_mode mode, unsigned width);

#ifdef __cplusplus
}
#endif
#endif
