/* Instruction fetch of cold code (timing mode; docs/calibration.md "Cold code, cold lines and the
 * op after a bar.warp.sync").
 *
 * The first launch of a kernel in a process finds none of its code in the SM's instruction caches:
 * each warp's stream brings it in 128-byte lines (8 SASS instructions), one request every
 * ifetch.line cycles, each line ifetch.latency cycles after its request, at most ifetch.ahead lines
 * ahead of the line the warp issues from; a line the warp had to wait for puts its stream's next
 * request ifetch.restart cycles later. Code that issues a line in ifetch.line cycles or slower never
 * waits (probe_cold17: LOP3s, IMADs and FFMA pairs at 2 cycles each, 16 a line, take the same cycles
 * in the first launch as after); faster code waits for every line, ifetch.line + ifetch.restart cycles
 * a line (probe_cold17: 17.6 a line for NOPs, FFMA, FADD, FMUL, predicated pairs, docs/calibration.md
 * "(cold18)"); a run of one-cycle instructions: on the H200, 16 and 32 NOPs (bar.warp.sync -1)
 * take 17 and 33 cycles, 64 take 91-92, 128 take 242-243 and 256 take 507-516 in a process's first
 * launch, and N + 1 in every later launch and in a loop's second iteration
 * (.devjobs/sync10/probe_sync10.txt). warpsim places one SASS instruction (16 bytes) for each PTX
 * instruction that issues (a folded mov or add has none), with ifetch.sass its SASS count (ws_mufu_sass: a MUFU form
 * with fix-ups 5, 4 without the FSEL, rcp 7, sin and cos 2; an ex2 reading an ex2 1, fold.h mufu_less:
 * docs/calibration.md "(fetch21)"). With ifetch.caught (docs/calibration.md "(fetch32)") the stream is faster (ifetch.line
 * 14) and a warp that waited for a line has caught it: from then on its lines come ifetch.caught (18) cycles apart, those
 * in flight at the catch ifetch.caught_flight (17), until it enters a line it did not wait for; ifetch.restart then
 * applies only where the rule is off (fetch31 on the H100: code issuing a line in 14.1 cycles or slower loses nothing,
 * 12.1-13.1 takes 17.5 a line). With ifetch.order a first launch's lines hold the SASS in the schedule's order (the list
 * schedule's positions: ptxas's), not the PTX's; a later launch's refetch keeps the PTX's. With ifetch.held a warp
 * has also caught its stream where a line came later than the warp would have entered it without the cycles its half
 * fmas held the issue past ptxas's stall counts (summed from the block's start: docs/calibration.md "(fetch33)").
 * The lines are the block's (each block of a whole launch starts cold, as the first block on its SM does): a line
 * one warp's stream brought is there for the others. A branch to a line outside the warp's stream
 * starts the stream over at the target, whose line comes with the branch.
 * A later launch finds the code cached, but for a kernel past ifetch.hold KiB (the layout's lines): the caches keep
 * 32 KiB between launches, and a larger kernel's lines are fetched again in every launch, as above with
 * ifetch.warm_line, .warm_latency and .warm_restart (probe_alu3's rcp_m, rcp_f, rcp_l, 33 KiB, at one warp a
 * sub-partition: 10.07-11.45 cycles a line by card and launch where every kernel of 29 KiB or less takes the same on
 * every card; docs/calibration.md "(rcp27)"). */
#ifndef WS_IFETCH_H
#define WS_IFETCH_H

#include <stdint.h>

#include "far_cache.h"

typedef struct {
    uint64_t *ready;         /* per line: the cycle it has arrived (UINT64_MAX: not requested) */
    uint8_t *owner;          /* per line: the warp whose stream requested it last (ifetch.rerequest) */
    uint8_t *covered;        /* per line: the ahead lines after it are requested (entering it requests nothing) */
    const uint32_t *line_of; /* per instruction: its line (ws_ifetch_layout; the caller's, kept with the
                              * prepared kernel's timing tables) */
    uint32_t ninsns;
    uint32_t nlines;
    uint64_t settle;      /* the latest a requested line arrives: from then on no issue waits */
    uint32_t unrequested; /* lines no stream has requested yet */
    int live;             /* 0 once every line is requested and has arrived: no issue can wait again */
    uint32_t line[32];    /* per warp: the line it issued from last */
    uint32_t next[32];    /* per warp: the next line its stream requests */
    uint64_t last[32];    /* per warp: the cycle of its stream's latest request */
    uint64_t prev[32];    /* per warp: the cycle of its last issue (for late) */
    uint32_t caught;      /* per warp (bit wi): it waited for its line; its stream requests caught_period apart */
    uint32_t ahead;       /* ifetch.ahead: lines a stream requests ahead of its warp's line; lines 0 to ahead are there
                           * when a block starts (the launch fetched them), so a line past them is one a stream requested */
    uint32_t early_ahead; /* this block's lines ahead for a stream whose warp's line came a request period or more
                           * before the warp issued from it (the warp slower than the fetch): ifetch.deep in a cold
                           * block where set, else ahead */
    uint32_t deep;        /* ifetch.deep: a cold block's early_ahead (0: ifetch.ahead) */
    uint64_t period;      /* ifetch.line: cycles between two requests */
    uint64_t latency;
    uint64_t restart; /* ifetch.restart: a line a warp waited for puts its stream's next request this much later */
    /* ifetch.rerequest (docs/calibration.md "(far50)"): warps a launch or a barrier released together fetch with one
     * stream until a branch they take; a warp out of its group that enters a line another warp of its sub-partition
     * requested asks again for the lines ahead its own stream would bring sooner, and one that refetches lines gone
     * again (far_keep) takes no restart after a wait */
    int rerequest;
    uint32_t together;   /* per warp (bit wi): in its release's group (set at the block's start and a barrier's release,
                          * cleared at a branch it takes) */
    uint32_t refetching; /* per warp (bit wi): its stream started over at a line gone again (ifetch.far_keep) */
    /* lines in flight whose cycle moved, counted: later at a catch (ifetch.caught), sooner asked for again
     * (ifetch.rerequest). A warp's pick that read one's cycle reads it again, as one whose line is gone again
     * (far_keep: nreq moved): the caller's (timing.c fetch_moved), as --slow-path timing reads them at every pass */
    uint32_t moved;
    /* pick.far_loop (docs/calibration.md "(k123)"): a warp that took a branch back (timing.c) issues a loop's lines,
     * there in its caches, until it passes the furthest line it issued */
    uint32_t looping;      /* per warp (bit wi): in a loop */
    uint32_t beyond;       /* per warp (bit wi): issuing from a line past the window (pick.far_past) */
    uint32_t furthest[32]; /* per warp: the furthest line it issued from */
    int late; /* ifetch.late: a line that came after the cycle following the warp's last issue is one it waited
                       * for, though a pipe or a source held it past the line's arrival */
    uint64_t cold_period, cold_latency, cold_restart; /* ifetch.line, .latency, .restart: a block of a first launch */
    uint64_t catch_period;  /* ifetch.caught: a first launch's stream whose warp waited for a line requests this many
                            * cycles apart until the warp enters a line it did not wait for (0: ifetch.line always) */
    uint64_t caught_period; /* this launch's: catch_period in a first launch, 0 in a later one */
    uint64_t flight_period; /* ifetch.caught_flight: at the catch, the lines the stream had requested that are not there
                             * come this many cycles apart (0: caught_period) */
    uint64_t warm_period, warm_latency, warm_restart; /* ifetch.warm_line, .warm_latency, .warm_restart: a block of a
                                                       * later launch of a kernel larger than ifetch.hold (period 0:
                                                       * its code is cached) */
    /* ifetch.far_keep (docs/calibration.md "(fwin45)"): in a later launch of far code the caches keep a line only
     * while at most `keep` later lines have been requested; past that it is gone, and a warp reaching it has its own
     * stream request it again (the H100's lagging warps refetch at 16 cycles a line 120 and 240 lines behind) */
    uint32_t keep;     /* the block's: far_keep in a later launch, else 0 (every line kept) */
    uint32_t far_keep; /* ifetch.far_keep, set by the caller for far code (0: off) */
    uint32_t nreq;     /* the block's line requests so far */
    uint32_t *seq;     /* per line: nreq at its latest request (allocated where far_keep is set) */
    /* ifetch.window (docs/calibration.md "(win53)"): a launch brings the first window KiB of a kernel from its entry at
     * the pace above; a line past them comes from L2: in a first launch past_period apart (ifetch.window_line), in a
     * later launch window_warm apart (ifetch.window_refetch) where the cache kept between launches lost it
     * (ws_ifetch_keep: ifetch.keep_sets, .keep_ways, .keep_past_end), else as the lines before it */
    uint32_t window;      /* the first line past the window (0: off), set by the caller */
    uint64_t window_cold; /* ifetch.window_line: a first launch's requests of lines past the window this many apart */
    uint64_t window_warm; /* ifetch.window_refetch: a later launch's for a line not kept (0: every line kept) */
    uint64_t past_period; /* the block's: window_cold in a first launch, window_warm in a later one */
    /* ifetch.near_sets (docs/calibration.md "(near55)", "(near56)", "(near58)", "(fsize60)"): per line, a later launch
     * finds it in the near caches (made by the caller with ws_ifetch_near_kept for a kernel past ifetch.hold; NULL:
     * every line fetched again); those are there at the block's start, the others are fetched */
    uint8_t *near_kept;
    const uint8_t *kept;      /* per line: a later launch finds it kept (ws_ifetch_keep, the caller's; NULL: none is) */
    const uint8_t *past_kept; /* the block's: kept in a later launch, NULL in a first */
    /* ifetch.held (docs/calibration.md "(fetch33)") */
    uint32_t held[32]; /* per warp: the cycles its half fmas held the issue past ptxas's counts since the block's start */
    const uint8_t *held_of; /* per instruction: the cycles a half fma holds the issue past ptxas's count (the caller's,
                             * kept with the prepared kernel's tables; NULL: none) */
} ws_ifetch;

/* The code's layout, per instruction of ninsns its line (code[pc]: the SASS instructions it takes, 0 for one with
 * none of its own), and at [ninsns] the line the code ends in; NULL when out of memory. */
uint32_t *ws_ifetch_layout(uint32_t ninsns, const uint8_t *code);
/* Whether code laid out as line_of says (ninsns instructions, 128-byte lines) is larger than `kib` KiB, what the
 * caches keep between launches (ifetch.hold; 0 or less: no bound): its lines are fetched again in each launch. */
static inline int ws_ifetch_past(const uint32_t *line_of, uint32_t ninsns, double kib)
{
    return line_of && kib > 0 && ((double)line_of[ninsns] + 1) * 128 > kib * 1024;
}
/* The near caches (ifetch.near_*, docs/calibration.md "(near58)"): sets x ways 128-byte lines by address, tree
 * pseudo-LRU; the kernel's entry in set entry_set (where its load address puts it); each launch reads its lines in
 * order but keeps none of the first `skip`, then other code of the process reads other_lines lines from set
 * other_set on. */
typedef struct {
    uint32_t sets, ways;
    uint32_t entry_set;
    uint32_t skip;
    uint32_t other_set, other_lines;
    uint32_t after; /* a kept line at most this many lines past one not kept is fetched with the missed ones */
} ws_near_cache;
/* Per line of a kernel of nlines, whether a later launch finds it in the near caches c describes (sim/ifetch_keep.c):
 * launch 1 (the process's second launch of it) that launch's hits, 2 or more the third's, the pattern that repeats;
 * less the first `after` past each line missed. NULL when out of memory or with no sets or ways. */
uint8_t *ws_ifetch_near_kept(uint32_t nlines, const ws_near_cache *c, int launch);
/* Fills map (f->nlines) for a kernel past its window: per line, 1 where a later launch finds it in c, the cache kept
 * between launches (far_cache.h), feeding c this launch's stream: the window, the lines in `order` (n of them: the
 * previous launch's, ws_ifetch_order; NULL: the layout's), past_end lines past the end; `lead` launches in layout
 * order before it (a later launch of a kernel the process did not run before). sim/far_keep.c */
void ws_ifetch_keep(const ws_ifetch *f, uint8_t *map, ws_far_cache *c, const void *kernel, const uint32_t *order,
                    uint32_t n, uint32_t past_end, unsigned lead);
/* The block's lines in the order they came (by arrival, then line; n of them): what ws_ifetch_keep feeds a later
 * launch. NULL (n 0) where the block fetched nothing, or out of memory. */
uint32_t *ws_ifetch_order(const ws_ifetch *f, uint32_t *n);
/* The first line of code laid out in 128-byte lines that starts `kib` KiB or more past the kernel's entry
 * (ifetch.window; 0 where kib is 0 or less: no window). */
static inline uint32_t ws_ifetch_window_line(double kib)
{
    return kib > 0 ? (uint32_t)(kib * 1024 / 128 + 0.999999) : 0;
}
/* Whether the block's streams requested a line past `kib` KiB of the code (a line some bytes of which lie past it):
 * far code the block ran, not only far code it holds (ifetch.far; docs/diagnostics.md "Far code"). A stream requests
 * the lines ifetch.ahead past its warp's, so a warp that came that near the bound counts. 0 when the fetch was off. */
int ws_ifetch_reached(const ws_ifetch *f, double kib);
/* For a kernel of ninsns instructions laid out as line_of says (ws_ifetch_layout; it must outlive f);
 * 0, or -1 when out of memory. period: a first launch's (cold code), warm_period a later launch's (a kernel
 * larger than the caches keep, ifetch.hold: docs/calibration.md "(rcp27)"); both 0: off (no state). An f that
 * holds the state of an earlier kernel of as many lines keeps its buffers. */
int ws_ifetch_init(ws_ifetch *f, uint32_t ninsns, const uint32_t *line_of, double period, double ahead, double latency,
                   double restart, double warm_period, double warm_latency, double warm_restart);
void ws_ifetch_free(ws_ifetch *f);
/* A block starts: the kernel's first ahead + 1 lines are there (fetched as it launched). warm: a later launch of
 * the kernel (its code cached): the lines come at ifetch.warm_line, or (warm_period 0) all are there (f->live 0);
 * else at ifetch.line (cold code; period 0: all there). */
void ws_ifetch_reset(ws_ifetch *f, int warm);
/* The cycle instruction pc's line is there (now: the cycle asked; a branch's target not requested
 * by any stream: now; a line gone again, ifetch.far_keep: wi's stream requests it now or later). */
uint64_t ws_ifetch_slow(ws_ifetch *f, uint32_t wi, uint32_t line, uint64_t now);
/* Whether a requested line past those there at the block's start is gone again (ifetch.far_keep). */
static inline int ws_ifetch_gone(const ws_ifetch *f, uint32_t line)
{
    return f->keep && line > f->ahead && f->ready[line] != UINT64_MAX && f->nreq - f->seq[line] > f->keep;
}
/* The line of instruction pc (nlines for a pc past the kernel's instructions). */
static inline uint32_t ws_ifetch_line(const ws_ifetch *f, uint32_t pc)
{
    return pc < f->ninsns ? f->line_of[pc] : f->nlines;
}
/* Whether a line of the kernel (below nlines) is to be asked for: not requested yet, or gone again. */
static inline int ws_ifetch_to_ask(const ws_ifetch *f, uint32_t line)
{
    return f->ready[line] == UINT64_MAX || ws_ifetch_gone(f, line);
}
static inline uint64_t ws_ifetch_ready(ws_ifetch *f, uint32_t wi, uint32_t pc, uint64_t now)
{
    uint32_t line = ws_ifetch_line(f, pc);
    if (line < f->nlines && !ws_ifetch_to_ask(f, line))
        return f->ready[line];
    return ws_ifetch_slow(f, wi, line, now);
}
/* Warp wi issues from a new line at cycle: its stream requests the lines up to ifetch.ahead beyond. */
void ws_ifetch_enter(ws_ifetch *f, uint32_t wi, uint32_t line, uint64_t cycle);
/* Warp wi issues from a line another warp entered first, while a line ahead is in flight (ifetch.rerequest): its stream
 * asks again for those of its sub-partition's lines ahead that it would bring sooner. */
void ws_ifetch_rerequest(ws_ifetch *f, uint32_t wi, uint32_t line, uint64_t cycle);
/* Warp wi issued instruction pc at cycle (only while live): prev, for ws_ifetch_enter's late lines. pc is an
 * instruction of the kernel (below ninsns: the caller issued it), so no test of it here (one an issue). */
static inline void ws_ifetch_issue(ws_ifetch *f, uint32_t wi, uint32_t pc, uint64_t cycle)
{
    uint32_t line = f->line_of[pc];
    if (line != f->line[wi & 31]) {
        if (!f->keep && !f->unrequested && cycle >= f->settle) { /* all the code is there: the caller stops asking */
            f->live = 0;
            return;
        }
        if (line > f->furthest[wi & 31]) { /* pick.far_loop: new code, out of any loop */
            f->furthest[wi & 31] = line;
            f->looping &= ~(1u << (wi & 31));
        }
        f->line[wi & 31] = line;
        if (f->window && line >= f->window)
            f->beyond |= 1u << (wi & 31);
        else
            f->beyond &= ~(1u << (wi & 31));
        if (!f->covered[line]) /* a loop's lines, once requested, cost one test an issue */
            ws_ifetch_enter(f, wi, line, cycle);
        else if (f->rerequest && !(f->together >> (wi & 31) & 1) && line + f->ahead < f->nlines &&
                 f->ready[line + f->ahead] > cycle)
            ws_ifetch_rerequest(f, wi, line, cycle);
    }
    if (f->held_of)
        f->held[wi & 31] += f->held_of[pc];
    f->prev[wi & 31] = cycle;
}

#endif
