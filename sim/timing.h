/* The timing layer: issue model, scoreboard, shared-memory banks and the architecture preset.
 *
 * The executors (sim/exec_*.c) say what each lane computes; this layer only decides when an
 * instruction issues (STYLE.md item 2). machine.c's scheduler is split in two for it:
 * ws_warp_pick chooses the next group of lanes of a warp, ws_warp_issue executes it; the
 * functional mode calls both back to back, the timing mode (timing.c) calls pick, waits until
 * the sub-partition, the scoreboard and the shared-memory pipe allow it, then issues.
 */
#ifndef WS_TIMING_H
#define WS_TIMING_H

#include "sim.h"

/* ---- the architecture preset (presets/sm_90.preset) ------------------------------------------ */
typedef struct {
    double lat[LAT_CLASS_COUNT];   /* cycles from issue until a result can be read, per class */
    double shfl_mode[4];           /* per ws_shfl_mode; 0 = the class latency */
    double ld_shared, ld_global, ld_local, ld_param, ld_const;
    double shared_wavefront;       /* extra load latency per extra wavefront */
    double shared_128;             /* extra load latency of a 16-byte shared access */
    double store_issue;            /* cycles a shared store holds the pipe at least */
    double store_wavefront;        /* cycles per wavefront of a shared store */
    double store_overlap;          /* subtracted from wavefronts x store_wavefront */
    double store_same_word;        /* cycles per extra lane storing one word */
    double bar_base, bar_per_warp; /* bar.sync: cycles from the last arrival to the release */
    /* forms lowered to longer sequences (timing.c lowered_latency); 0: their class's latency */
    double sfu_fixup, sfu_sincos, rcp_rn, sqrt_rn, div_f64, div_64, conv_f16;
    double atom_shared;            /* an atomic on shared memory (atom: global) */
    double atom_same_word;         /* extra latency per extra lane on one word */
    /* memory orders (timing.c fence_of, acquire_of): a strong global load beyond .cta scope, the
     * acquire's extra latency, the fence's stall at .cta scope and beyond */
    double ld_strong, acquire_cta, acquire_gpu, acquire_gpu_shared, fence_cta, fence_gpu;
    unsigned subpartitions;        /* 4 on sm_90 */
    char name[64];
} ws_preset;

extern const char ws_preset_sm90_text[];
/* Parse a preset over the built-in defaults. Returns 0, or -1 with a located message. */
int ws_preset_parse(const char *text, ws_preset *p, char *err, size_t errlen);

/* ---- banks (sim/banks.c) -------------------------------------------------------------------- */
/* Wavefronts of one warp access of `bytes` per lane (1..16) by the lanes of mask; each lane's
 * bank into bank[] when not NULL. */
unsigned ws_bank_wavefronts(const uint64_t addr[32], uint32_t mask, unsigned bytes, uint8_t bank[32]);
unsigned ws_bank_min_wavefronts(uint32_t mask, unsigned bytes);
/* The largest number of lanes addressing one 4-byte word. */
unsigned ws_bank_same_word_lanes(const uint64_t addr[32], uint32_t mask);

/* ---- the scheduler's two halves (sim/machine.c) ---------------------------------------------- */
typedef struct {
    uint32_t pc, group;
    int merged;                    /* a collective joined by lanes waiting at other pcs */
} ws_pick;
enum { WS_PICK_BLOCKED = 0, WS_PICK_CHANGED = 1, WS_PICK_EXEC = 2 };
int ws_warp_pick(ws_exec *x, ws_warp *w, ws_pick *p);
void ws_warp_issue(ws_exec *x, ws_warp *w, const ws_pick *p);
int ws_block_release_barriers(ws_block *b, int force);
/* Nothing can run: the deadlock fallbacks of the functional scheduler. 0 if none applied. */
int ws_block_resolve_stuck(ws_launch_ctx *L, ws_block *b, ws_exec *x);

/* ---- the timing mode (sim/timing.c) ---------------------------------------------------------- */
typedef struct ws_timing ws_timing;
ws_timing *ws_timing_create(ws_launch_ctx *L, const char *preset_text, char *err, size_t errlen);
void ws_timing_destroy(ws_timing *t);
void ws_timing_run_block(ws_launch_ctx *L, ws_block *b, ws_exec *x);

#endif
