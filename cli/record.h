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

#include "warpsim/warpsim.h"

#define REC_MAX_WATCH 4
#define REC_MAX_DST 5

typedef struct {
    uint32_t warp, pc, line;
    uint64_t cycle;
    uint32_t active, exec;     /* as in ws_event */
    const ws_insn *insn;       /* lives as long as the module */
    uint32_t ndst;
    uint32_t dst_reg[REC_MAX_DST];
    uint64_t *dst_val;         /* ndst rows of 32, values after */
    uint32_t src_reg;          /* the first register source operand, or WS_NO_REG */
    uint64_t *src_val;         /* its 32 values before the instruction (NULL without one) */
    uint32_t src_set;          /* lanes where it had been written */
    /* shuffles */
    bool is_shfl;
    uint8_t shfl_mode;         /* ws_shfl_mode */
    uint32_t shfl_b, shfl_c, member_mask; /* operand values (of the first executing lane) */
    int8_t shfl_src[32];
    uint8_t shfl_in_range[32];
    /* votes */
    bool is_vote;
    uint32_t vote_preds;
    /* watched registers, after the instruction */
    uint64_t *watch_val;       /* nwatch rows of 32 */
    uint32_t watch_set[REC_MAX_WATCH]; /* lanes where each had been written */
    int diag;                  /* index into recording.diags of the first diagnostic reported since
                                  the warp's previous step, or -1; the others follow by .next */
} rec_step;

typedef struct {
    uint32_t warp, pc, lanes;
    ws_diag_kind kind;
    ws_severity severity;
    char message[320];
    int next;                  /* the next diagnostic of the same step, or -1 */
} rec_diag;

typedef struct recording {
    const ws_module *m;
    const ws_kernel *k;
    uint32_t block;
    uint32_t watch[REC_MAX_WATCH];
    unsigned nwatch;
    rec_step *steps;
    size_t nsteps, cap;
    size_t max_steps;          /* 0: no limit */
    size_t max_bytes, bytes;   /* what the steps and shadows may take (0: no limit), and take */
    bool skip_sources;         /* keep no source operand values (src_val stays NULL) */
    bool truncated;            /* steps were dropped past max_steps */
    rec_diag *diags;
    size_t ndiags, diags_cap;
    uint8_t *is_float;         /* per register: shown as a float */
    uint32_t nwarps;           /* highest warp seen + 1 */
    /* shadow register files, per warp: nregs rows of 32 */
    uint64_t *shadow[32];
    int pending_diag[32];      /* per warp: the diagnostics that came before its next step, or -1 */
    int pending_last[32];
    uint32_t *shadow_set[32];
    bool oom;
} recording;

/* Records block `block` of kernel k; watch holds register indices (may be NULL). */
recording *rec_create(const ws_module *m, const ws_kernel *k, uint32_t block, const uint32_t *watch,
                        unsigned nwatch);
void rec_event(void *user, const ws_event *ev); /* a ws_event_fn */
void rec_destroy(recording *r);

/* The first diagnostic of step s reported at s's own instruction, or -1 (viz shows that one). */
int rec_step_diag(const recording *r, const rec_step *s);

/* A register index by name ("%r7", or "r7"), or WS_NO_REG. */
uint32_t rec_find_reg(const ws_kernel *k, const char *name);
/* Formats a register value as the trace does: floats as floats, signed as signed. */
void rec_format_value(const recording *r, uint32_t reg, uint64_t v, char *buf, size_t cap);

#endif
