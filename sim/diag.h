/* diag: what a launch reports. Diagnostics (once per kind and pc, with a count and the lanes),
 * the stop of a launch with its status and message, and the kernel's printf text. Every other
 * file of sim/ reports through these; none prints. */
#ifndef WS_DIAG_H
#define WS_DIAG_H

#include "sim.h"

/* A diagnostic of kind at the executing instruction (x->pc) for lanes, with a message. */
void ws_diag_report(ws_exec *x, ws_diag_kind kind, uint32_t lanes, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The diagnostic of kind at x->pc again, when its record exists: counted, and the lanes joined
 * (those of the same warp and block): 1; 0 when there is none yet (ws_diag_report makes it, with
 * its message). What ws_diag_report does first, for a caller whose message costs arguments. */
int ws_diag_again(ws_exec *x, ws_diag_kind kind, uint32_t lanes);
/* Stops every block of the launch with st; the first stop's message is kept. */
void ws_launch_stop(ws_launch_ctx *L, ws_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* printf text of the running block, written out in block order; at most what the output
 * limit leaves (printf.c checks it first). */
void ws_output(ws_launch_ctx *L, const char *text, size_t len);

/* Sends an event to the consumer (call only when cfg.on_event is set). A stop the consumer asked
 * for (ws_sim_request_stop: a trace writer at its size limit) stops the launch. */
static inline void ws_emit(ws_launch_ctx *L, const ws_event *ev)
{
    L->sim->cfg.on_event(L->sim->cfg.event_user, ev);
    if (L->sim->stop_requested)
        ws_launch_stop(L, L->sim->stop_request_status, "%s", L->sim->stop_request_msg);
}

/* Limits counted over the blocks in order: the first block that reaches one stops the launch,
 * with a message that names the limit, the block and the option that raises it (the same
 * whatever --jobs: parallel.c writes it for the block it finds taking the blocks in order). */
enum { LIMIT_NONE, LIMIT_WORK, LIMIT_OUTPUT, LIMIT_CYCLES };
/* warp: the one that ran the instruction that reached the limit, pc: the instruction it would run
 * next (WS_NOWHERE: none, printf's text; ws_warp_limit_stop finds them); the result's stop_block,
 * stop_warp and stop_pc keep them. LIMIT_CYCLES is a block's own (its cycles), the others count
 * over the blocks in order. */
void ws_limit_stop(ws_launch_ctx *L, int limit, uint32_t block, uint32_t warp, uint32_t pc);
void ws_limit_message(const ws_launch_ctx *L, int limit, uint32_t block, char *buf, size_t cap);
/* The work left before the instruction limit (0 when it is reached). */
static inline uint64_t ws_work_left(const ws_launch_ctx *L)
{
    uint64_t used = L->stats.warp_instructions + L->extra_work;
    return used < L->insn_limit ? L->insn_limit - used : 0;
}

/* The diagnostics' storage of a launch context: the bytes it may take (the memory limit charges
 * them once per host thread), freeing the index, and the distinct (kind, pc) a launch saw (seen:
 * its diag_seen bits) but does not list in d. */
uint64_t ws_diags_bytes(const ws_kernel *k);
void ws_diags_free(ws_launch_ctx *L);
uint64_t ws_diags_not_listed(const ws_launch_ctx *L, const uint64_t *seen, const ws_diag *d, size_t nd);

#endif
