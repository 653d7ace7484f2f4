/* record: the event stream of one block, kept for replay by `warpsim step` (cli/cmd_step.c)
 * and `warpsim viz` (viz/), which walk it forward and back.
 *
 * A ws_event lives only during its callback, so each EXEC event of the chosen block is copied
 * into a rec_step: the lanes, the destination values, and what a viewer needs that the event
 * only points at (shuffle routes, the source operand's values before the instruction, the
 * watched registers' values after it). The recorder keeps a shadow of each warp's registers,
 * fed by the events' destination values, to know those. Diagnostics are kept whole and tied
 * to the step they were reported before (a diagnostic is reported while its instruction
 * executes, before the instruction's event). */
#ifndef WS_RECORD_H
#define WS_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#include "buffers.h"
#include "session.h"
#include "warpsim/warpsim.h"

#define REC_MAX_WATCH 4
#define REC_MAX_DST   5
#define REC_MAX_SRC   6 /* registers one instruction reads: a st.v4's four values and its address */

/* A value in the dataflow of the recording: the step that produced it and which of its
 * destinations (a store: which stored element), as step * 8 + d. The lane comes with it where
 * it is used. REC_NONE: a value produced before the recording saw it (or past --max-steps). */
typedef int32_t rec_ref;
#define REC_NONE          ((rec_ref)-1)
#define REC_REF(step, d)  ((rec_ref)((step)*8 + (d)))
#define REC_REF_STEP(ref) ((size_t)(ref) >> 3)
#define REC_REF_D(ref)    ((unsigned)(ref)&7)

/* What a source operand is to the instruction's result: data flows from it; an address says
 * where, a control operand (shuffle b and c, membermasks) how, and the guard predicate whether,
 * not what. */
enum { REC_DATA, REC_ADDRESS, REC_CONTROL, REC_GUARD };
#define REC_ROLES_DATA (1u << REC_DATA)
#define REC_ROLES_ALL  15u

typedef struct {
    uint32_t reg;
    uint8_t opnd; /* its operand index in the instruction */
    uint8_t elem; /* its element in a vector operand {...} */
    uint8_t role; /* REC_DATA, REC_ADDRESS, REC_CONTROL, REC_GUARD */
} rec_src;

/* Provenance of a value: the input lanes whose values reached it (inputs are what a lane
 * loads from memory the block did not write, and special registers such as %tid; immediates
 * are no lane's). Lanes of other warps (through shared memory) count as their warp. */
typedef struct {
    uint32_t lanes; /* lanes of the value's own warp */
    uint32_t warps; /* other warps of the block */
} rec_prov;

typedef struct {
    uint32_t warp, pc, line;
    uint64_t cycle;        /* the issue cycle of the timing model (viz records in timing mode) */
    uint32_t active, exec; /* as in ws_event */
    const ws_insn *insn;   /* lives as long as the module */
    uint32_t ndst;
    uint32_t dst_reg[REC_MAX_DST];
    uint64_t *dst_val;  /* ndst rows of 32, values after */
    rec_prov *dst_prov; /* ndst rows of 32 (NULL under skip_sources) */
    /* every register the instruction reads, with its values before it (NULL under skip_sources) */
    uint32_t nsrc;
    rec_src src[REC_MAX_SRC];
    uint64_t *src_val;             /* nsrc rows of 32 */
    uint32_t src_set[REC_MAX_SRC]; /* lanes where each had been written */
    rec_ref *src_from;             /* nsrc rows of 32: the value each lane's operand was */
    /* memory access (mem_bytes 0: none): per lane address, space-relative as in ws_event */
    uint8_t mem_space, mem_store, mem_bytes;
    uint32_t mem_wavefronts; /* timing mode, shared accesses: the model's wavefronts */
    uint64_t *mem_addr;      /* 32 */
    rec_ref *mem_from;       /* loads and atomics: ndst rows of 32, the stored element each lane read */
    uint8_t *mem_from_lane;  /* ... and the lane of its step that stored it */
    /* shuffles */
    bool is_shfl;
    uint8_t shfl_mode;                    /* ws_shfl_mode */
    uint32_t shfl_b, shfl_c, member_mask; /* operand values (of the first executing lane) */
    int8_t shfl_src[32];
    uint8_t shfl_in_range[32];
    /* votes */
    bool is_vote;
    uint32_t vote_preds;
    /* watched registers, after the instruction */
    uint64_t *watch_val;               /* nwatch rows of 32 */
    uint32_t watch_set[REC_MAX_WATCH]; /* lanes where each had been written */
    int diag;                          /* index into recording.diags of the first diagnostic reported since
                                  the warp's previous step, or -1; the others follow by .next */
    void *mem;                         /* the one allocation the pointers above live in */
} rec_step;

/* A warp that could not issue, cycles [from, to) for one reason (timing mode). */
typedef struct {
    uint32_t warp, pc;
    ws_stall_reason reason;
    uint32_t producer_pc; /* scoreboard: the instruction whose result it waits for */
    uint64_t from, to;
} rec_stall;

/* The last store the recording saw to one 4-byte word of shared, global or local memory. */
typedef struct {
    uint64_t key; /* space, address / 4 (local: and the warp and lane) */
    rec_ref ref;
    uint8_t lane, used;
    rec_prov prov;
    uint32_t warp;
} rec_word;

typedef struct {
    uint32_t warp, pc, lanes;
    ws_diag_kind kind;
    ws_severity severity;
    char message[320];
    int next; /* the next diagnostic of the same step, or -1 */
} rec_diag;

typedef struct recording {
    const ws_module *m;
    const ws_kernel *k;
    uint32_t block;
    uint32_t watch[REC_MAX_WATCH];
    unsigned nwatch;
    rec_step *steps;
    size_t nsteps, cap;
    size_t max_steps; /* 0: no limit */
    size_t max_bytes; /* what the recording may take (0: no limit; warpsim step and viz: half the run's memory limit) */
    size_t bytes;     /* what it takes: shadows, steps with their rows, stalls, stored words */
    bool skip_sources; /* keep no sources, memory or provenance (warpsim step needs none) */
    bool truncated;    /* steps were dropped past max_steps or max_bytes */
    rec_diag *diags;
    size_t ndiags, diags_cap;
    uint8_t *is_float; /* per register: shown as a float */
    uint32_t nwarps;   /* highest warp seen + 1 */
    /* shadow register files, per warp: nregs rows of 32 */
    uint64_t *shadow[32];
    int pending_diag[32]; /* per warp: the diagnostics that came before its next step, or -1 */
    int pending_last[32];
    uint32_t *shadow_set[32];
    rec_ref *writer[32]; /* per warp, per register and lane: the value it holds */
    rec_prov *prov[32];
    rec_word *words; /* open addressing, words_cap a power of two */
    size_t nwords, words_cap;
    rec_stall *stalls; /* in event order; a warp's stalls by cycle */
    size_t nstalls, stalls_cap;
    int last_stall[32];    /* per warp: its latest entry, or -1 */
    uint64_t end_cycle;    /* the block's last cycle (timing mode) */
    ws_buffer_map buffers; /* the launch's buffers, to name pointers (ws_buffer_map_add) */
    bool oom;
} recording;

/* Records block `block` of kernel k; watch holds register indices (may be NULL). */
recording *rec_create(const ws_module *m, const ws_kernel *k, uint32_t block, const uint32_t *watch, unsigned nwatch);
void rec_event(void *user, const ws_event *ev); /* a ws_event_fn */

/* Runs a loaded session's launch in timing mode (the cycles `run --mode timing` reports),
 * recording block `block` into *out (NULL when out of memory) with the launch's buffers named.
 * Returns WS_OK (res says how the run ended: a run stopped early is replayed as far as it
 * went), the status of a launch that could not start, or WS_ERR_INTERNAL when out of memory. */
int rec_launch(ws_session *S, ws_launch *L, uint32_t block, const uint32_t *watch, unsigned nwatch, size_t max_steps,
               recording **out, ws_result *res);
void rec_destroy(recording *r);

/* The value lane `lane` of step s wrote as destination d, as a node of the dataflow: rec_inputs
 * calls fn once per (value, lane) it was computed from, through shuffles, collectives and memory
 * as well as its own registers, following the operands whose role is in roles (a mask of
 * 1 << REC_*: REC_ROLES_DATA for where a value came from, REC_ROLES_ALL for what decided it). */
void rec_inputs(const recording *r, rec_ref node, unsigned lane, unsigned roles,
                void (*fn)(void *user, rec_ref from, unsigned lane), void *user);

/* The first diagnostic of step s reported at s's own instruction, or -1 (viz shows that one). */
int rec_step_diag(const recording *r, const rec_step *s);

/* A register index by name ("%r7", or "r7"), or WS_NO_REG. */
uint32_t rec_find_reg(const ws_kernel *k, const char *name);
/* Formats a register value as the trace does: floats as floats, signed as signed, a pointer
 * into one of r->buffers as in+4. */
void rec_format_value(const recording *r, uint32_t reg, uint64_t v, char *buf, size_t cap);

#endif
