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
      "a register read in lanes that no instruction wrote it for (the guard predicate too)",         \
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
    X(APPROXIMATION, "approximation", WS_SEV_NOTE,                                                  \
      "an `.approx` special function (rcp, sqrt, rsqrt, ex2, lg2, sin, cos `.f32`; div.approx) or "    \
      "`div.full.f32`: warpsim computes the H200's special-function unit as measured (sim/mufu.c), "   \
      "not yet compared over all 2^32 operands (docs/hardware.md point 14)",                           \
      "equal bit for bit on all 157 million operands measured (tools/mufu)")                           \
    X(SPLIT_WARP, "split-warp", WS_SEV_WARNING,                                                      \
      "a warp-wide `activemask` or collective after a collective whose lanes named different "       \
      "membermasks: ptxas compiles that one with `WARPSYNC.EXCLUSIVE`, which can leave the warp "    \
      "split by mask, and the H200 then ran later instructions group by group (before and after "   \
      "`bar.warp.sync`, depending on ptxas's schedule)",                                             \
      "not predictable from the PTX: warpsim runs the warp whole and reports this only under "       \
      "`--poison-undefined`, which also poisons such results")

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
    X(DIVERGENCE, "divergence", "lanes wait at a reconvergence point for the warp's other groups")

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
    WS_SLOW_EXEC = 2,      /* the general executors, not the specialised ones (sim/exec_fast.c) */
    WS_SLOW_SHFL = 4,      /* a full-warp shuffle without the general routing */
    WS_SLOW_TIMING = 8,    /* register uses recomputed per issue, not once per launch */
    WS_SLOW_ALL = 15
} ws_slow_path;

typedef struct {
    ws_mode mode;
    uint64_t max_warp_instructions; /* per launch; 0 = default (20 million, about a second) */
    uint64_t max_cycles;            /* timing mode; 0 = default */
    uint64_t max_memory;            /* bytes of simulated global memory; 0 = default (4 GiB) */
    bool diagnostics_are_errors;
    bool check_uninitialized;       /* track never-written registers and shared words */
    bool poison_undefined;          /* a shuffle reading a lane that did not execute it gets
                                       WS_POISON instead of the H200's 0, so that results which
                                       depend on undefined reads show */
    unsigned jobs;                  /* host threads for independent blocks; 0 or 1 = one */
    ws_event_fn on_event;           /* NULL: no events, no cost */
    void *event_user;
    void (*on_output)(void *user, const char *text, size_t len); /* printf output */
    void *output_user;
    uint64_t dynamic_shared_bytes;  /* extern .shared size at launch */
    const char *timing_preset;      /* timing mode: preset text over the built-in sm_90 (presets/sm_90.preset); NULL: built-in */
    unsigned slow_paths;            /* WS_SLOW_* bits: fast paths to turn off; 0 = all on */
} ws_config;

typedef struct {
    uint64_t cycles;
    uint64_t warp_instructions;
    uint64_t lane_instructions;
    uint64_t blocks;
    uint64_t warps;
    uint64_t shfl, vote, bar_syncs;
    uint64_t shared_accesses, bank_conflicts, shared_wavefronts;
    uint64_t stalls[WS_STALL_REASON_COUNT];
} ws_stats;

typedef struct {
    ws_status status;
    ws_stats stats;
    ws_diag *diags;        /* owned by the result: ws_result_free */
    size_t ndiags;
    char message[512];     /* why the run stopped, when status != WS_OK */
} ws_result;

typedef struct ws_sim ws_sim;

ws_sim *ws_sim_create(const ws_config *cfg);
void ws_sim_destroy(ws_sim *sim);
/* Allocate a global buffer (256-byte aligned); init may be NULL for zeros. Returns its device
 * address, or 0 when the memory limit is reached. */
uint64_t ws_sim_alloc(ws_sim *sim, size_t bytes, const void *init);
int ws_sim_read(const ws_sim *sim, uint64_t addr, void *dst, size_t n);
int ws_sim_write(ws_sim *sim, uint64_t addr, const void *src, size_t n);
ws_status ws_sim_launch(ws_sim *sim, const ws_module *m, const ws_kernel *k, const unsigned grid[3],
                        const unsigned block[3], const void *params, size_t param_bytes, ws_result *res);
void ws_result_free(ws_result *res);

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

/* CUDA's width argument as the c operand nvcc emits for it. */
uint32_t ws_shfl_c_for_width(ws_shfl_mode mode, unsigned width);

#ifdef __cplusplus
}
#endif
#endif
